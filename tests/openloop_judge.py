#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""openloop_judge.py -- pool rated runs of the built-in runner on the model
device in real time (tests/e2e_openloop_fio.sh; the theory, in virtual time:
tests/vtime_check.py).

  openloop_judge.py summary RUN.json...   one line: clean late_us N resp_ms service_ms iops_per_clone

A run is clean when every clone kept its schedule: its sched_err_p99_ns
(the runner's own error, waits for a slot left out) under CLEAN_NS in the
environment (default 500 us, half the model's service time).
"""
import json
import os
import sys


def summary(paths):
    clean_ns = int(os.environ.get("CLEAN_NS", "500000"))
    n = resp = serv = iops = 0.0
    clones = 0
    late = 0
    for p in paths:
        with open(p) as f:
            d = json.load(f)
        for j in d["jobs"]:
            ol = j["fiorion_openloop"]
            late = max(late, ol["sched_err_p99_ns"])
            for dd in ("read", "write"):
                r = j[dd]
                if not r["total_ios"]:
                    continue
                rs = r["fiorion_response_ns"]
                n += rs["N"]
                resp += rs["mean"] * rs["N"]
                serv += r["lat_ns"]["mean"] * r["lat_ns"]["N"]
                iops += r["iops"]
            clones += 1
    print("%d %d %d %.4f %.4f %.2f" % (late < clean_ns, late // 1000, n,
                                       resp / n / 1e6, serv / n / 1e6, iops / clones))


def main():
    if sys.argv[1] == "summary":
        summary(sys.argv[2:])


if __name__ == "__main__":
    main()
