#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
#
# steady_check.py WHAT FIO_JSON RUNNER_JSON: the steadystate blocks of stock
# fio's and the built-in runner's JSON for one job file on real I/O
# (tests/e2e_steadyends.sh; the rule itself, exactly, in virtual time:
# tests/vmodel.py): one line per runner and job, then the verdict (exit 1
# with BAD lines): fio's formulas over the window each block holds, the
# same keys and types, and what WHAT (never: a job of runtime=5 that
# cannot settle) wants of attained and the runtime.
import json, sys

what, files = sys.argv[1], sys.argv[2:]


def load(p):
    t = open(p).read()
    return json.loads(t[t.index("{"):])


def shape(o):
    if isinstance(o, dict):
        return {k: shape(v) for k, v in o.items()}
    if isinstance(o, list):
        return ["list"] + sorted({json.dumps(shape(x)) for x in o})
    return type(o).__name__


def formulas(ss):
    """fio's criterion recomputed from the window the block holds."""
    d = ss["data"]
    n = ss["duration"]
    kind = ss["ss"].split(":")[0]
    y = d["iops"] if kind.startswith("iops") else d["bw"]
    bad = []
    if len(d["iops"]) != n or len(d["bw"]) != n:
        bad.append("window of %d/%d samples, duration %d" % (len(d["iops"]), len(d["bw"]), n))
        return bad
    if d["iops_mean"] != sum(d["iops"]) // n or d["bw_mean"] != sum(d["bw"]) // n:
        bad.append("means are not sum // duration")
    if 0 in y:
        return bad  # not full: no criterion was computed over it
    crit = float(ss["criterion"].rstrip("%"))
    pct = ss["criterion"].endswith("%")
    if kind.endswith("_slope"):
        xm = (n - 1) / 2
        ym = sum(y) / n
        slope = sum((i - xm) * (v - ym) for i, v in enumerate(y)) / sum((i - xm) ** 2 for i in range(n))
        want = 100 * slope / (sum(y) // n) if pct else slope
        if abs(ss["slope"] - slope) > 1e-4 * max(1, abs(slope)):
            bad.append("slope %s, least squares %s" % (ss["slope"], slope))
    else:
        mean = sum(y) / n
        dev = max(abs(v - mean) for v in y)
        want = 100 * dev / mean if pct else dev
        if abs(ss["max_deviation"] - dev) > 1e-4 * max(1, dev):
            bad.append("max_deviation %s, computed %s" % (ss["max_deviation"], dev))
    if abs(crit - want) > 1e-4 * max(1, abs(want)):
        bad.append("criterion %s, computed %s" % (ss["criterion"], want))
    return bad


docs = [load(p) for p in files]
bad = []
for name, doc in zip(("fio", "runner"), docs):
    for j in doc["jobs"]:
        ss = j.get("steadystate")
        rt = j["read"]["runtime"]
        if ss is None:
            bad.append("%s: job %s has no steadystate block" % (name, j["jobname"]))
            continue
        print("%s %s runtime=%d attained=%d criterion=%s window=%s" % (
            name, j["jobname"], rt, ss["attained"], ss["criterion"], ss["data"]["iops"]))
        bad += ["%s %s: %s" % (name, j["jobname"], b) for b in formulas(ss)]
        if what == "never" and not (ss["attained"] == 0 and 4900 <= rt <= 5600):
            bad.append("%s: attained %d or not its whole 5 s (runtime %d ms)" % (name, ss["attained"], rt))
a = [shape(j.get("steadystate")) for j in docs[0]["jobs"]]
b = [shape(j.get("steadystate")) for j in docs[1]["jobs"]]
if a != b:
    bad.append("keys or types differ: fio %s, runner %s" % (a, b))
for x in bad:
    print("BAD " + x)
sys.exit(1 if bad else 0)
