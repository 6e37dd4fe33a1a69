#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
#
# fidelity.py -- what a fio JSON result says, recomputed from its raw
# fields, independently of fiorion's converter. Used by e2e_fidelity.sh.
#
#   fidelity.py job FILE       one line: iops lat_ns L p50_ns p99_ns bytes
#                              runtime_min_ms runtime_max_ms sum_bw jobs
#                              cpu_us_per_io
#       over every job in FILE (the clones of one job file): IOPS summed,
#       mean lat weighted by I/O count, L = IOPS x mean lat (the I/Os
#       outstanding by Little's law), clat p50/p99 from the merged clat
#       bins (fio's json+ "bins", the runner's always), bytes and runtimes.
#   fidelity.py cells FILE     one line per small-only point of
#       `fio2orion -format json` output: load iops lat_ns L

import json
import sys


def pct(bins, n, p):
    """fio's rule: the first bucket at which the running count reaches p% of n."""
    want = p / 100.0 * n
    run = 0
    for v, c in bins:
        run += c
        if run >= want:
            return v
    return bins[-1][0] if bins else 0


def job(path):
    with open(path) as f:
        doc = json.load(f)
    iops = lat_sum = n = nbytes = bw = 0.0
    bins = {}
    runtimes = []
    cpu_s = 0.0
    for j in doc["jobs"]:
        cpu_s += (j["usr_cpu"] + j["sys_cpu"]) / 100.0 * j["job_runtime"] / 1000.0
        for d in ("read", "write"):
            r = j[d]
            if not r["total_ios"]:
                continue
            iops += r["iops"]
            lat_sum += r["lat_ns"]["mean"] * r["total_ios"]
            n += r["total_ios"]
            nbytes += r["io_bytes"]
            bw += r["bw_bytes"]
            runtimes.append(r["runtime"])
            for k, c in r["clat_ns"].get("bins", {}).items():
                bins[int(k)] = bins.get(int(k), 0) + c
    if not n:
        sys.exit("%s: no I/O" % path)
    lat = lat_sum / n
    b = sorted(bins.items())
    nb = sum(c for _, c in b)
    print("%.1f %.1f %.4f %d %d %d %d %d %.1f %d %.2f" % (
        iops, lat, iops * lat / 1e9, pct(b, nb, 50), pct(b, nb, 99), nbytes,
        min(runtimes), max(runtimes), bw, len(doc["jobs"]), cpu_s * 1e6 / n))


def cells(path):
    with open(path) as f:
        doc = json.load(f)
    for p in doc["points"]:
        if p["large_load"] or not p["small_load"] or "small" not in p:
            continue
        s = p["small"]
        lat = s["lat"]["mean_ns"]
        print("%d %.1f %.1f %.4f" % (p["small_load"], s["iops"], lat,
                                     s["iops"] * lat / 1e9))


if __name__ == "__main__":
    {"job": job, "cells": cells}[sys.argv[1]](sys.argv[2])
