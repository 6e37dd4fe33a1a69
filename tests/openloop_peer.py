#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
"""openloop_peer.py -- judge the built-in runner's service time against
stock fio's mean latency on the same job file (tests/e2e_openloop_dev.sh).

  openloop_peer.py LABEL ROUND...   ROUND = RUNNER.json:FIO.json
  openloop_peer.py --held RUNNER.json RATE [FIO.json]

--held prints "ok" when the runner's run held its rate (98 % of its
arrivals done; with FIO.json, a linear run: its IOPS and fio's within 2 %
of RATE), "late" when it did not and the machine held the runner up (its
own scheduling error p99 at least LATE_NS, default 1 ms: rerun it), else
"fail".

Each round is the runner and stock fio run at the same moment on twin
throttled loop devices (each its own device and limit), so that both meet
the same machine. Prints one line:

  continue            not decided yet: run another round
  ok - ...            the means agree within TOL
  not ok - ...        they differ by more than TOL, beyond the noise
  skip - ... # WHY    the rounds could not decide

The compared figures are lat_ns's means (submission to completion).
Below its limit the throttled loop device answers a read from the page
cache in 20-60 us; a run's mean is set by its few I/Os that last
milliseconds (the machine stopping a thread, the throttle holding an I/O
to the end of its slice after a burst), so one run's mean is 0.5-2x the
other tool's at the same moment, and only rounds compare.

A round is judged when fio, the peer, saw at most GATE (default 5 %) of
its I/Os take over CUT_NS (default 1 ms), from its json+ bins: the
machine let the device answer. The runner's own figures are not part of
the gate, so a runner that stamps early or reaps late still fails.

The verdict is a sequential test on the judged rounds' log ratios
x = ln(runner mean / fio mean), paired by the moment: their mean m, its
standard error se. From MIN_LOOK (4) judged rounds on: ok when exp(m)
(the geometric mean of runner / fio) is within TOL (15 %), or within
ABS_US (25 us) of fio's mean where that is wider: each tool's own code
between its two stamps (fio's queue and completion paths around the
engine, the runner's) costs differently, ~20 us, which at a quiet moment
is 20 % of this device's 50-140 us means (measured at 90 %: runner
40-102 us, fio 70-141 us, 9 rounds); not ok when the difference is
beyond that by more than Z (3) standard errors (a bias the noise cannot
explain); else another round, up to MAX_ROUNDS (9);
then skipped, naming the figures: the machine was too noisy to decide.
"""
import json
import math
import os
import statistics
import sys

CUT_NS = int(os.environ.get("CUT_NS", "1000000"))
GATE = float(os.environ.get("GATE", "0.05"))
TOL = float(os.environ.get("TOL", "0.15"))
ABS_US = float(os.environ.get("ABS_US", "25"))
MIN_LOOK = int(os.environ.get("MIN_LOOK", "4"))
MAX_ROUNDS = int(os.environ.get("MAX_ROUNDS", "9"))
Z = float(os.environ.get("Z", "3"))


def figures(path):
    """(IOPS, mean us, I/Os, share of the I/Os over CUT_NS) of lat_ns."""
    with open(path) as f:
        rd = json.load(f)["jobs"][0]["read"]
    lat = rd["lat_ns"]
    bins = {int(k): v for k, v in lat.get("bins", {}).items()}
    n = sum(bins.values())
    over = sum(v for k, v in bins.items() if k > CUT_NS) / n if n else 1.0
    return rd["iops"], lat["mean"] / 1e3, rd["total_ios"], over


def held(args):
    with open(args[0]) as f:
        j = json.load(f)["jobs"][0]
    rate, rd, ol = float(args[1]), j["read"], j["fiorion_openloop"]
    good = rd["total_ios"] >= 0.98 * ol["arrivals"]
    if len(args) > 2:
        with open(args[2]) as f:
            fi = json.load(f)["jobs"][0]["read"]
        good = good and abs(rd["iops"] - rate) <= 0.02 * rate and abs(fi["iops"] - rd["iops"]) <= 0.02 * rd["iops"]
    late = ol["sched_err_p99_ns"] >= int(os.environ.get("LATE_NS", "1000000"))
    print("ok" if good else "late" if late else "fail")


def band(tol):
    """ "15 %", or "25 us (27 %)" where the absolute band is the wider."""
    return "%d %%" % round(TOL * 100) if tol <= TOL else "%g us (%d %%)" % (ABS_US, round(tol * 100))


def main():
    if sys.argv[1] == "--held":
        held(sys.argv[2:])
        return
    label, rounds = sys.argv[1], sys.argv[2:]
    rows = []
    for r in rounds:
        rp, fp = r.split(":")
        try:
            rows.append((figures(rp), figures(fp)))
        except (OSError, ValueError, KeyError, IndexError, ZeroDivisionError) as e:
            print("not ok - %s: a round's JSON could not be read (%s)" % (label, e))
            return
    judged = [r for r in rows if r[1][3] <= GATE and r[0][1] > 0 and r[1][1] > 0]
    x = [math.log(r[0][1] / r[1][1]) for r in judged]
    m = statistics.mean(x) if x else float("nan")
    se = statistics.stdev(x) / math.sqrt(len(x)) if len(x) > 1 else float("inf")
    # 15 %, or ABS_US of fio's mean where that is wider (a device of tens of us).
    level = math.exp(statistics.mean(math.log(r[1][1]) for r in judged)) if judged else 0
    tol = min(0.9, max(TOL, ABS_US / level if level else TOL))
    lo, hi = math.log(1 - tol), math.log(1 + tol)
    detail = "%d rounds, %d judged; means: runner %s us, fio %s us; I/Os over %g ms: runner %s, fio %s" % (
        len(rows), len(judged),
        "/".join("%.0f" % r[0][1] for r in rows), "/".join("%.0f" % r[1][1] for r in rows), CUT_NS / 1e6,
        "/".join("%.1f%%" % (100 * r[0][3]) for r in rows), "/".join("%.1f%%" % (100 * r[1][3]) for r in rows))
    what = "runner / fio %.2f over the judged rounds (geometric mean; %.2f-%.2f at %g standard errors)" % (
        math.exp(m), math.exp(m - Z * se), math.exp(m + Z * se), Z) if len(x) > 1 else "too few judged rounds"
    if len(judged) >= MIN_LOOK and lo <= m <= hi:
        print("ok - %s: stock fio's mean latency within %s of the runner's service time: %s; %s"
              % (label, band(tol), what, detail))
    elif len(judged) >= MIN_LOOK and (m - Z * se > hi or m + Z * se < lo):
        print("not ok - %s: stock fio's mean latency is not within %s of the runner's service time: %s; %s"
              % (label, band(tol), what, detail))
    elif len(rows) < MAX_ROUNDS:
        print("continue")
    else:
        print("skip - %s: stock fio's mean latency against the runner's service time # the machine was too noisy to decide within %d rounds: %s; %s"
              % (label, MAX_ROUNDS, what, detail))

if __name__ == "__main__":
    main()
