#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""openloop_judge.py -- pool rated runs of the built-in runner and judge them
against queueing theory (tests/e2e_openloop.sh).

  openloop_judge.py summary RUN.json...   one line: clean late_us N resp_ms service_ms iops_per_clone
  openloop_judge.py mdl LAMBDA D_MS      M/D/1's mean response D + lam D^2 / (2 (1 - lam D)) in ms

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
    elif sys.argv[1] == "mdl":
        # mdl LAMBDA D_MS [SEEN_MS]: M/D/1's mean response, ms (plus SEEN_MS)
        lam, d = float(sys.argv[2]), float(sys.argv[3]) / 1000
        seen = float(sys.argv[4]) if len(sys.argv) > 4 else 0.0
        print("%.4f" % ((d + lam * d * d / (2 * (1 - lam * d))) * 1000 + seen))


if __name__ == "__main__":
    main()
