#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-only
#
# vmodel.py -- the exact answers of jobs on backend=null's model device in
# virtual time (virtual_time=1), computed here from the device's schedule
# and fio 3.33's rules, independently of the runner's and the converter's
# code, for tests/e2e_vrules.sh. Each command reads the job files (fio's
# syntax: [global] and one section a job), computes, compares with what
# the runner and fiorion wrote, prints what it computed and one "BAD ..."
# line a difference (exit 1).
#
# The device (plugin/backend_model.c): one per clone; each I/O, in the
# order they arrive, starts its service at the later of its arrival and
# the earliest time one of the C servers is free (a FIFO line), is served
# for the D of the moment its service starts (service_us, then each
# service_steps S:US from S s after the first arrival), and is seen by
# the runner at its due time (completions in due order: with steps a
# later, shorter service may end first).
# The runner (a closed loop, fio's defaults): iodepth Q I/Os arrive at the
# start (t = 0); a completion seen at t is replaced at once by an arrival
# at t while t < runtime, and, once the clone was stopped at T (steady
# state, exitall), while t <= T (the events of the instant the parent
# looks at are done before it looks); the clone ends when its last I/O is
# seen (t_end). On the simulated clock CPU takes no time: these are the
# times, exactly.
#
# What the runner makes of them (fio 3.33's rules):
#  - runtime: t_end in whole microseconds, rounded up to ms; iops =
#    total_ios x 1000 / runtime; lat = seen - arrival, its mean over all.
#  - Samples: the parent looks every 10 ms from the start (the steady-
#    state timer, each whole second, is on that grid); at a look at L,
#    a clone still running (t_end > L) whose interval of W ms (500:
#    iopsavgtime, bwavgtime, log_avg_msec) is over gets a sample of
#    ios x 1000 / W (IOPS) and bytes x 1000 / W / 1024 (KiB/s), and a log
#    row at L ms, of the I/Os seen in (L - W, L]; the clone's last interval
#    is taken at t_end, when it is W - 1 ms or longer (a clone ending on a
#    window's end): a log row, and a sample whether the clone logs or not
#    (LAST_IS_SAMPLE: the logs must not change the numbers; fio's helper
#    thread samples every job alike, stat.c calc_log_samples()).
#  - A latency log averaged over W (fio's add_log_sample() for a log of
#    one entry an I/O): each I/O joins the open window; the first I/O
#    seen at a whole ms t with t - (the last close) >= W closes it, itself
#    included, as a row at t of the window's mean rounded, and the window
#    closed is t - t % W; the I/Os seen after it, even at the same
#    instant, open the next; the job's end writes the open one.
#  - Steady state (steadystate.c): at each whole second k from the start
#    while the clone runs, the I/Os and bytes seen in (k - 1, k] s are one
#    sample once k s >= ramp + 1 s; a window of `dur` samples; the
#    criterion (least-squares slope, or largest deviation from the mean;
#    as % of the mean or absolute) under the limit attains it, and the
#    parent stops the clone then.
#  - exitall on the simulated clock: the parent stops the group when it
#    next looks (10 ms grid) at or after the first clone's end
#    (driver/runner/rngroup.c).
#  - The converter: a cell's IOPS is fio's iops, its latency the mean;
#    within a point, the 95 % interval is the cell's figure times
#    1 +- t(n-1) s / sqrt(n) / mean over its n interval samples
#    (converter/points/interval.h); the knee and the answer under a bound are
#    knee.h's rules, restated in ladder() below.
#
# Usage:
#   vmodel.py steady JOBFILE JSON       the steadystate block and runtime
#   vmodel.py logs JOBFILE JSON DIR     the iops, bw and lat logs' rows
#   vmodel.py point JOBFILE JSON        I/Os, runtime, IOPS, mean latency,
#                                       the interval samples
#   vmodel.py exitall JOBFILE JSON      each job's end under exitall
#   vmodel.py run DIR NAME [BOUND [JOBS]]
#                                       a fiorion run in DIR (its points in
#                                       JOBS, else DIR/NAME_jobs): each
#                                       point's JSON, logs, .points.csv row
#                                       and interval, the report's time
#                                       series; with BOUND (- for none), the
#                                       knees in the trace, the answer and
#                                       a stopped ladder in the summary
#   vmodel.py auto DIR NAME             -duration auto: each point's steady
#                                       state and the trace's line for it
import bisect
import heapq
import glob
import json
import math
import os
import re
import struct
import sys
from fractions import Fraction

LOOK_NS = 10 * 1000 * 1000  # the parent's nap
SEC = 1000 * 1000 * 1000
# converter/points/interval.c's table (Student's t, 97.5 %, df 1..30)
T975 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
        2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
        2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042]


def f32(x):
    return struct.unpack("f", struct.pack("f", x))[0]


def parse_time(v):
    """fio's time option, seconds by default, in ns."""
    v = v.strip()
    m = re.fullmatch(r"([0-9.]+)(ms|us|s|m|h)?", v)
    mul = {"ms": 10**6, "us": 10**3, "s": SEC, "m": 60 * SEC, "h": 3600 * SEC, None: SEC}[m.group(2)]
    return int(float(m.group(1)) * mul + 0.5)


def parse_jobfile(path):
    """The jobs of a job file, each a dict of [global]'s options and its own, in order."""
    glob_o, jobs, cur = {}, [], None
    for line in open(path):
        line = line.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("["):
            name = line[1:line.index("]")]
            cur = glob_o if name == "global" else dict(glob_o, name=name)
            if cur is not glob_o:
                jobs.append(cur)
            continue
        k, _, v = line.partition("=")
        cur[k.strip()] = v.strip()
    return jobs


class Job:
    def __init__(self, o):
        self.o = o
        self.name = o["name"]
        self.q = int(o.get("iodepth", 1))
        self.c = int(o.get("servers", 1)) or 1
        self.d0 = int(o["service_us"]) * 1000
        self.steps = []
        for s in filter(None, o.get("service_steps", "").split(",")):
            at, us = s.split(":")
            self.steps.append((int(float(at) * 1e9 + 0.5), int(us) * 1000))
        bs = o.get("bs", "4k").lower()
        self.bs = int(bs[:-1]) * 1024 if bs.endswith("k") else int(bs)
        self.runtime = parse_time(o["runtime"])
        self.numjobs = int(o.get("numjobs", 1))
        self.log_ms = int(o.get("log_avg_msec", 0))
        self.avg_ms = min(x for x in (int(o.get("iopsavgtime", 500)), self.log_ms or 500))
        ss = o.get("steadystate") or o.get("ss")
        self.ss = None
        if ss:
            kind, lim = ss.split(":")
            self.ss = {
                "kind": kind, "pct": lim.endswith("%"), "limit": float(lim.rstrip("%")),
                "dur": parse_time(o.get("steadystate_duration", o.get("ss_dur", "0"))) // SEC,
                "ramp_us": parse_time(o.get("steadystate_ramp_time", o.get("ss_ramp", "0"))) // 1000,
            }

    def service(self, start):
        d = self.d0
        for at, dn in self.steps:
            if start < at:
                break
            d = dn
        return d

    def run(self, stop=None):
        """One clone: each I/O's arrival and seen time (ns from the start), in the order seen."""
        dl, svc, seq = self.runtime, self.service, 0
        free = [0] * self.c  # when each server is next free (a heap)
        busy = []  # (due, seq, arrival)

        def arrive(a):
            nonlocal seq
            start = max(a, free[0])
            due = start + svc(start)
            heapq.heapreplace(free, due)
            heapq.heappush(busy, (due, seq, a))
            seq += 1

        for _ in range(self.q):
            arrive(0)
        arr, seen = [], []
        while busy:
            t, _, a = heapq.heappop(busy)
            arr.append(a)
            seen.append(t)
            if t < dl and (stop is None or t <= stop):
                arrive(t)
        return arr, seen


def count(seen, lo, hi):
    """I/Os seen in (lo, hi]."""
    return bisect.bisect_right(seen, hi) - bisect.bisect_right(seen, lo)


def runtime_ms(t_end):
    return (t_end // 1000 + 999) // 1000


# Whether the clone's last interval, taken at its end, is an interval sample
# of its JSON too (iops_samples ...), for a clone with logs or without: the
# logs must not change the numbers. Its log row is written either way.
LAST_IS_SAMPLE = True


def samples(seen, w_ms, last_one=True):
    """The parent's samples of one clone: [(row time ms, I/Os in the interval, its ms)]."""
    out, last, t_end = [], 0, seen[-1]
    look = LOOK_NS
    while look < t_end:
        spent = (look - last) // 10**6
        if not (spent < w_ms and w_ms - spent > 1):
            out.append((look // 10**6, count(seen, last, look), spent))
            last = look
        look += LOOK_NS
    spent = (t_end - last) // 10**6
    if last_one and not (spent < w_ms and w_ms - spent > 1):
        out.append((t_end // 10**6, count(seen, last, t_end), spent))
    return out


def lat_rows(arr, seen, w_ms):
    """A latency log averaged over w_ms: fio's add_log_sample() for a log of one entry an I/O."""
    rows, win, last = [], [], 0
    for a, s in zip(arr, seen):
        win.append(s - a)
        el = s // 10**6
        if el - last >= w_ms:
            rows.append((el, int(Fraction(sum(win), len(win)) + Fraction(1, 2))))
            win, last = [], el - el % w_ms
    if win:
        rows.append((seen[-1] // 10**6, int(Fraction(sum(win), len(win)) + Fraction(1, 2))))
    return rows


def t975(df):
    if df >= 30:
        return 1.95996 + 2.37227 / df + 2.82250 / (df * df)
    lo = int(df)
    return T975[lo - 1] + (df - lo) * (T975[lo] - T975[lo - 1]) if lo < 30 else T975[29]


def within_rel(vals):
    """The relative half-width of a point's within interval over its samples (one clone)."""
    n = len(vals)
    if n < 3:
        return None
    mean = sum(vals) / n
    var = sum((v - mean) ** 2 for v in vals) / (n - 1) / n
    return t975(n - 1) * math.sqrt(var) / mean


def ss_eval(ss, win):
    """fio's criterion over a full window (oldest first): (criterion, slope, deviation)."""
    n, sum_y = len(win), sum(win)
    if ss["kind"].endswith("_slope"):
        sum_x = n * (n - 1) // 2
        sum_x_sq = (n - 1) * n * (2 * n - 1) // 6
        sum_xy = sum(i * y for i, y in enumerate(win))
        slope = (float(sum_xy) - float(sum_x) * float(sum_y) / n) / (float(sum_x_sq) - float(sum_x) * float(sum_x) / n)
        return (100.0 * slope / float(sum_y // n) if ss["pct"] else slope), slope, 0.0
    mean = float(sum_y) / n
    dev = max(abs(y - mean) for y in win)
    return (100.0 * dev / mean if ss["pct"] else dev), 0.0, dev


def ss_predict(j):
    """fio's steady state of one clone: attained, stop (ns), window iops, bw, (crit, slope, dev), checks."""
    ss = j.ss
    arr, seen = j.run()
    t_end = seen[-1]
    over = ss["ramp_us"] == 0
    wi, wb, last, k = [], [], (0.0, 0.0, 0.0), 1
    while k * SEC < t_end:
        over = over or k * 10**6 >= ss["ramp_us"] + 10**6
        if over:
            ios = count(seen, (k - 1) * SEC, k * SEC)
            wi, wb = (wi + [ios])[-ss["dur"]:], (wb + [ios * j.bs])[-ss["dur"]:]
            if len(wi) == ss["dur"]:
                last = ss_eval(ss, wi if ss["kind"].startswith("iops") else wb)
                if (abs(last[0]) if ss["kind"].endswith("_slope") else last[0]) < ss["limit"]:
                    return True, k * SEC, wi, wb, last, k
        k += 1
    return False, None, wi, wb, last, k - 1


def close(a, b, rel=1e-9):
    return abs(a - b) <= rel * max(1.0, abs(a), abs(b))


def load(p):
    t = open(p).read()
    return json.loads(t[t.index("{"):])


def jobs_of(jobfile, jsonfile):
    js = {x["jobname"]: x for x in load(jsonfile)["jobs"]}
    return [(Job(o), js.get(o["name"])) for o in parse_jobfile(jobfile)]


def check_steady(j, x, tag=""):
    """One job's steadystate block and runtime against the model; (bad, attained, runtime ms)."""
    bad = []
    att, stop, wi, wb, (crit, slope, dev), k = ss_predict(j)
    arr, seen = j.run(stop)
    rt = runtime_ms(seen[-1])
    ss = x["steadystate"]
    name = "%s%s:%f%s" % ("iops" if j.ss["kind"].startswith("iops") else "bw",
                          "_slope" if j.ss["kind"].endswith("_slope") else "",
                          f32(j.ss["limit"]), "%" if j.ss["pct"] else "")
    cname = "%f%s" % (f32(crit), "%" if j.ss["pct"] else "")
    print("%s%s: model: %s %d s, window %s, criterion %s; runtime %d ms, %d I/Os | runner: attained=%d criterion=%s window=%s runtime=%d ms, %d I/Os" % (
        tag, j.name, "attained at the check of" if att else "not attained by the last check, at", k, wi, cname,
        rt, len(seen) * j.numjobs,
        ss["attained"], ss["criterion"], ss["data"]["iops"], x["read"]["runtime"], x["read"]["total_ios"]))
    want = {"ss": name, "duration": j.ss["dur"], "attained": int(att), "criterion": cname}
    for key, v in want.items():
        if ss[key] != v:
            bad.append("%s: %s %r, the model says %r" % (j.name, key, ss[key], v))
    if ss["data"]["iops"] != wi or ss["data"]["bw"] != wb:
        bad.append("%s: window iops %s bw %s, the model's %s %s" % (j.name, ss["data"]["iops"], ss["data"]["bw"], wi, wb))
    elif ss["data"]["iops_mean"] != sum(wi) // len(wi) or ss["data"]["bw_mean"] != sum(wb) // len(wb):
        bad.append("%s: means %s %s, the window's sum // duration %d %d" % (
            j.name, ss["data"]["iops_mean"], ss["data"]["bw_mean"], sum(wi) // len(wi), sum(wb) // len(wb)))
    if not close(ss["slope"], slope) or not close(ss["max_deviation"], dev):
        bad.append("%s: slope %r max_deviation %r, fio's formulas over the window %r %r" % (
            j.name, ss["slope"], ss["max_deviation"], slope, dev))
    if x["read"]["runtime"] != rt or x["read"]["total_ios"] != len(seen) * j.numjobs:
        bad.append("%s: runtime %d ms and %d I/Os, the model %d ms and %d" % (
            j.name, x["read"]["runtime"], x["read"]["total_ios"], rt, len(seen) * j.numjobs))
    return bad, att, rt


def cmd_steady(jobfile, jsonfile):
    bad = []
    for j, x in jobs_of(jobfile, jsonfile):
        if j.ss:
            bad += check_steady(j, x)[0]
    return bad


def figures(j, stop=None):
    """A job (all its clones): I/Os, runtime ms, IOPS (exact), mean lat ns (exact), sample values."""
    arr, seen = j.run(stop)
    n = j.numjobs
    rt = runtime_ms(seen[-1])
    lat = Fraction(sum(s - a for a, s in zip(arr, seen)), len(seen))
    vals = [c * 1000 // sp for _, c, sp in samples(seen, j.avg_ms, LAST_IS_SAMPLE)]
    return len(seen) * n, rt, Fraction(len(seen) * n * 1000, rt), lat, vals


def check_point(j, x, tag=""):
    bad = []
    ios, rt, iops, lat, vals = figures(j)
    r = x["read"]
    print("%s%s: model %d I/Os, %d ms, %.4f IOPS, lat %.1f ns, %d samples (%s..%s) | runner %d, %d ms, %.4f, %.1f ns, %d samples (%s..%s)" % (
        tag, j.name, ios, rt, iops, lat, len(vals), min(vals, default="-"), max(vals, default="-"),
        r["total_ios"], r["runtime"], r["iops"], r["lat_ns"]["mean"], r["iops_samples"],
        r["iops_min"], r["iops_max"]))
    if (r["total_ios"], r["runtime"]) != (ios, rt) or not close(r["iops"], float(iops)) \
            or not close(r["lat_ns"]["mean"], float(lat), 1e-8):
        bad.append("%s%s: I/Os, runtime, IOPS or mean latency off the model" % (tag, j.name))
    if j.numjobs == 1 and (r["iops_samples"] != len(vals) or (vals and (
            (r["iops_min"], r["iops_max"]) != (min(vals), max(vals)) or not close(r["iops_mean"], sum(vals) / len(vals))))):
        bad.append("%s%s: %d interval samples (mean %s, %s..%s), the model %d (mean %s)" % (
            tag, j.name, r["iops_samples"], r["iops_mean"], r["iops_min"], r["iops_max"],
            len(vals), sum(vals) / max(1, len(vals))))
    return bad


def cmd_point(jobfile, jsonfile):
    bad = []
    for j, x in jobs_of(jobfile, jsonfile):
        bad += check_point(j, x)
    return bad


def read_log(path):
    rows = []
    for line in open(path):
        f = [x.strip() for x in line.split(",")]
        rows.append((int(f[0]), int(f[1])))
    return rows


def model_logs(j):
    """Each log the job writes: (kind, file name, rows) for clone 1."""
    arr, seen = j.run()
    w = j.log_ms
    smp = samples(seen, w)
    out = []
    for kind, opt in (("iops", "write_iops_log"), ("bw", "write_bw_log"), ("lat", "write_lat_log")):
        if opt not in j.o:
            continue
        if kind == "iops":
            rows = [(t, c * 1000 // sp) for t, c, sp in smp]
        elif kind == "bw":
            rows = [(t, c * j.bs * 1000 // sp // 1024) for t, c, sp in smp]
        else:
            rows = lat_rows(arr, seen, w)
        out.append((kind, "%s_%s.1.log" % (os.path.basename(j.o[opt]), kind), rows))
    return out


def check_logs(j, d, tag=""):
    bad = []
    for kind, fname, want in model_logs(j):
        got = read_log(os.path.join(d, fname))
        first = got[0][1] if got else None
        print("%s%s %s log: %d rows over %d ms in %d ms windows; rows other than the first's %s: %s" % (
            tag, j.name, kind, len(got), j.runtime // 10**6, j.log_ms, first,
            " ".join("%d:%d" % r for r in got if r[1] != first)[:400] or "none"))
        if got != want:
            diff = [(g, w) for g, w in zip(got, want) if g != w][:4]
            bad.append("%s%s %s log: %d rows, the model %d; first differences (log, model): %s" % (
                tag, j.name, kind, len(got), len(want), diff))
    return bad


def cmd_logs(jobfile, jsonfile, d):
    bad = []
    for j, x in jobs_of(jobfile, jsonfile):
        if j.log_ms:
            bad += check_logs(j, d)
    return bad


def cmd_exitall(jobfile, jsonfile):
    bad = []
    jobs = jobs_of(jobfile, jsonfile)
    ends = [j.run()[1][-1] for j, _ in jobs]
    first = min(ends)
    look = -(-first // LOOK_NS) * LOOK_NS
    for (j, x), e in zip(jobs, ends):
        arr, seen = j.run(look if e > look else None)
        rt = runtime_ms(seen[-1])
        print("%s: the first job ends at %.7f s, the parent looks at %.2f s; model: runtime %d ms, %d I/Os | runner %d ms, %d I/Os" % (
            j.name, first / 1e9, look / 1e9, rt, len(seen), x["read"]["runtime"], x["read"]["total_ios"]))
        if (x["read"]["runtime"], x["read"]["total_ios"]) != (rt, len(seen)):
            bad.append("%s: runtime %d ms, %d I/Os; the model %d ms, %d" % (
                j.name, x["read"]["runtime"], x["read"]["total_ios"], rt, len(seen)))
    return bad


# ---------------------------------------------------------------- runs

def csv_rows(path):
    import csv
    with open(path) as f:
        return list(csv.DictReader(f))


def point_files(jd):
    """{(small, large): (jobfile, [json, json.r2, ...])} of a fiorion run's jobs folder: the
    cell's measurements (-repeat's passes, or a point's parts: -parts, -stop_at_knee's pairs),
    not the reference's re-measures (-refK), which are the drift's only."""
    out = {}
    for fio in sorted(glob.glob(os.path.join(jd, "p[0-9][0-9][0-9].fio"))):
        m = None
        for o in parse_jobfile(fio):
            m = re.match(r"p\d+-s(\d+)-l(\d+)-", o["name"]) or m
        base = fio[:-4]
        js = [base + ".json"] + sorted(glob.glob(base + ".r[0-9]*.json"))
        js = [p for p in js if os.path.exists(p) and not re.search(r"-ref\d+$", load(p)["jobs"][0]["jobname"])]
        out[(int(m.group(1)), int(m.group(2)))] = (fio, js)
    return out


def is_parts(jsons):
    """Whether a cell's measurements are parts (pooled), not -repeat's passes (medians)."""
    return any(re.search(r"-part\d+$", load(p)["jobs"][0]["jobname"]) for p in jsons)


def cell_model(fio):
    """A point's cell from the model: kind, load, value (IOPS or MBPS, exact), lat ms (exact), rel, samples, runtime."""
    jobs = [Job(o) for o in parse_jobfile(fio)]
    assert len(jobs) == 1, "one job a point"
    j = jobs[0]
    ios, rt, iops, lat, vals = figures(j)
    large = j.o["name"].endswith("-large")
    value = Fraction(ios * j.bs * 1000, rt * 1048576) if large else iops
    return {"job": j, "large": large, "load": j.q, "value": value, "lat_ms": lat / 10**6, "ios": ios,
            "rt": rt, "vals": vals, "rel": within_rel(vals), "iops": iops}


def flat_pct(a, c):
    return round((pow(c / a, math.log2(1.05)) - 1) * 1e11) / 1e9


def ladder(steps, bound):
    """knee.h's rule over [(load, value, lat_ms)] ascending: (knee index, why, confirm index or None)."""
    def over(s):
        return bound is not None and s[2] > bound

    def judge(a, c):
        if over(c):
            return "crossed"
        if (c[1] - a[1]) * 100 / a[1] < flat_pct(a[0], c[0]):
            return "flat"
        return None
    n = len(steps)
    if n and over(steps[0]):
        return -1, "over", 1 if n > 1 else None
    for i in range(n - 1):
        v = judge(steps[i], steps[i + 1])
        if not v:
            continue
        if i + 2 >= n:
            return i, v, None
        if (over(steps[i + 2]) if v == "crossed" else judge(steps[i + 1], steps[i + 2]) in ("crossed", "flat")):
            return i, v, i + 2
    return n - 1, "open", None


def report_series(html):
    """The report's time series summaries: {point number: (lo, hi, mean)}."""
    t = open(html, encoding="utf-8").read()
    return {int(n): (float(lo), float(hi), float(m)) for n, lo, hi, m in re.findall(
        r'<details class="ts"><summary>p(\d{3}) [^:]*: IOPS ([0-9.]+)-([0-9.]+) \(mean ([0-9.]+)\)', t)}


def cmd_run(d, name, bound=None, jd=None):
    btxt = bound
    bound = float(bound) if bound and bound != "-" else None
    jd = jd or os.path.join(d, name + "_jobs")
    bad = []
    pts = point_files(jd)
    rows = {(int(r["small"]), int(r["large"])): r for r in csv_rows(os.path.join(d, name + ".points.csv"))}
    series = report_series(os.path.join(d, name + ".report.html")) if os.path.exists(os.path.join(d, name + ".report.html")) else {}
    cells = {}
    for (s, l), (fio, jsons) in sorted(pts.items()):
        tag = "p%s " % os.path.basename(fio)[1:4]
        if not jsons:
            continue  # not run (-stop_at_knee)
        c = cells[(s, l)] = cell_model(fio)
        j = c["job"]
        for js in jsons:
            x = load(js)["jobs"][0]
            bad += check_point(j, x, tag + (os.path.basename(js)[5:-5] + " " if js.count(".") > 1 else ""))
        if j.log_ms:
            bad += check_logs(j, jd, tag)
        r = rows.get((s, l))
        if r is None:
            bad.append("%sno .points.csv row for Small=%d Large=%d" % (tag, s, l))
            continue
        key = "mbps" if c["large"] else "iops"
        v = float(c["value"])
        rt = c["rt"]
        if len(jsons) > 1 and is_parts(jsons):
            # the same job again: the parts pooled read the same figure; within, the parts'
            # samples together (n alike: the standard error over sqrt(n), n times the degrees
            # of freedom: parts.c pool_add()), wider than their spread (nil)
            rt = c["rt"] * len(jsons)
            n, df = len(jsons), len(c["vals"]) - 1
            want_kind, rel = (("within", c["rel"] * t975(n * df) / t975(df) / math.sqrt(n))
                              if c["rel"] is not None else ("none", None))
        elif len(jsons) > 1:
            want_kind, rel = "passes", 0.0  # the passes are the same run: their spread is nil
        else:
            want_kind, rel = ("within", c["rel"]) if c["rel"] is not None else ("none", None)
        lo = v * (1 - rel) if rel is not None else None
        hi = v * (1 + rel) if rel is not None else None
        print("%s%s=%d: %s %s [%s, %s] %s, lat %s ms | model %.4f [%s, %s] %s, lat %.6f ms; one pass's samples: +-%s %%" % (
            tag, "Large" if c["large"] else "Small", c["load"], key, r[key], r[key + "_lo"], r[key + "_hi"],
            r["interval"], r["lat_ms"], v, "%.4f" % lo if lo is not None else "", "%.4f" % hi if hi is not None else "",
            want_kind, float(c["lat_ms"]), "%.1f" % (c["rel"] * 100) if c["rel"] is not None else "-"))
        if abs(float(r[key]) - v) > 0.0051 * (1 if c["large"] else 10) or abs(float(r["lat_ms"]) - float(c["lat_ms"])) > 0.000051 \
                or r["interval"] != want_kind or int(r["runtime_s"].replace(".", "")) != rt:
            bad.append("%s.points.csv %s %s lat %s interval %s runtime %s; the model %.4f lat %.6f %s %d ms" % (
                tag, key, r[key], r["lat_ms"], r["interval"], r["runtime_s"], v, float(c["lat_ms"]), want_kind, rt))
        elif lo is not None and not (abs(float(r[key + "_lo"]) - lo) <= 0.051 and abs(float(r[key + "_hi"]) - hi) <= 0.051
                                     and float(r[key + "_lo"]) <= v + 0.05 <= float(r[key + "_hi"]) + 0.1):
            bad.append("%s.points.csv interval [%s, %s], the rule over the model's samples [%.2f, %.2f]" % (
                tag, r[key + "_lo"], r[key + "_hi"], lo, hi))
        p = int(os.path.basename(fio)[1:4])
        if p in series and c["vals"] and not c["large"]:
            lo_s, hi_s, m_s = series[p]
            # one clone: the series' windows are the clone's samples (the logs' rows)
            want = (min(c["vals"]), max(c["vals"]), sum(c["vals"]) / len(c["vals"]))
            if (lo_s, hi_s) != want[:2] or abs(m_s - want[2]) > 0.051:
                bad.append("%sreport's time series IOPS %s-%s (mean %s), the model's windows %s-%s (mean %.1f)" % (
                    tag, lo_s, hi_s, m_s, want[0], want[1], want[2]))
    if series:
        print("report: %d time series, each the model's windows" % len(series))
    if bound is not None:
        bad += check_knees(d, name, cells, bound, btxt, pts)
    return bad


def check_knees(d, name, cells, bound, btxt, pts):
    """The knees, the answer (its bound as the user wrote it) and a stopped ladder."""
    bad = []
    trace = open(os.path.join(d, name + "_trace.txt")).read()
    summ = open(os.path.join(d, name + "_summary.txt")).read()
    for large in (False, True):
        steps = sorted((c["load"], c["value"], c["lat_ms"]) for c in cells.values() if c["large"] == large)
        if not steps:
            continue
        axis, kind, metric = ("Large", "large-I/O", "MBPS") if large else ("Small", "small-I/O", "IOPS")
        planned = sorted(l if large else s for (s, l) in pts if (l if large else s))
        i, why, conf = ladder(steps, bound)
        k, nx = steps[i], steps[i + 1]
        if why == "crossed":
            mid = "%s=%d took the latency to %.2f ms, over %g ms" % (axis, nx[0], float(nx[2]), bound)
        else:
            r = float((nx[1] - k[1]) * 100 / k[1])
            mid = ("%s=%d raised %s by %.1f %%, under the %.1f %% asked of it: 5 %% a doubling of the load" % (
                axis, nx[0], metric, r, flat_pct(k[0], nx[0])) if r >= 0 else
                "%s=%d lowered %s by %.1f %%" % (axis, nx[0], metric, -r))
        line = "Knee of the %s ladder at %s=0: %s=%d (%s); %s, confirmed at %s=%d" % (
            kind, "Small" if large else "Large", axis, k[0], mid, why, axis, steps[conf][0])
        within = [(c["load"], c["value"]) for c in sorted(cells.values(), key=lambda c: c["load"])
                  if c["large"] == large and c["lat_ms"] <= Fraction(bound).limit_denominator(10**6)]
        best = None
        for ld, v in within:
            if best is None or v > best[1]:
                best = (ld, v)
        ans = ("Best Small IOPS with latency <= %s ms = %d @ Small=%d and Large=0" % (btxt, int(best[1]), best[0]) if not large
               else "Best Large MBPS with latency <= %s ms = %.2f @ Small=0 and Large=%d" % (btxt, float(best[1]), best[0]))
        print("knee (the rule over the model's cells): %s" % line)
        print("answer: %s" % ans)
        if line not in trace.splitlines():
            bad.append("the trace has no line '%s': %s" % (line, [x for x in trace.splitlines() if x.startswith("Knee")]))
        if ans not in summ.splitlines():
            bad.append("the summary has no line '%s': %s" % (ans, [x for x in summ.splitlines() if x.startswith("Best")]))
        ran = sorted(c["load"] for c in cells.values() if c["large"] == large)
        skipped = [x for x in planned if x not in ran]
        if skipped:
            stop = "Ladder stopped past its knee: %s; %d of its points not run (from %s=%d)." % (
                line[0].lower() + line[1:], len(skipped), axis, skipped[0])
            print("stopped: ran %s=%d..%d, skipped %d..%d" % (axis, ran[0], ran[-1], skipped[0], skipped[-1]))
            if ran[-1] != steps[conf][0] or stop not in summ.splitlines():
                bad.append("stopped after %s=%d (the confirming load is %d); summary: %s" % (
                    axis, ran[-1], steps[conf][0], [x for x in summ.splitlines() if x.startswith("Ladder")]))
            if "Total Data Points: %d" % (len(ran) + 1) not in summ.splitlines():
                bad.append("Total Data Points is not %d" % (len(ran) + 1))
    return bad


def secs_text(s):
    r = round(s * 10) / 10
    return "%.0f" % r if r == math.floor(r) else "%.1f" % r


def cmd_auto(d, name):
    bad = []
    trace = open(os.path.join(d, name + "_trace.txt")).read()
    lines = [x for x in trace.splitlines() if x.startswith("Steady state (")]
    pts = point_files(os.path.join(d, name + "_jobs"))
    n_att = 0
    if len(lines) != len(pts):
        bad.append("%d steady-state lines in the trace for %d points" % (len(lines), len(pts)))
    for ((s, l), (fio, jsons)), line in zip(sorted(pts.items(), key=lambda kv: kv[1][0]), lines):
        tag = "p%s " % os.path.basename(fio)[1:4]
        j = Job(parse_jobfile(fio)[0])
        x = load(jsons[0])["jobs"][0]
        b, att, rt = check_steady(j, x, tag)
        bad += b
        n_att += att
        want = "Steady state (%s:%s, %d s window): %s" % (
            j.ss["kind"], ("%g" % j.ss["limit"]) + ("%" if j.ss["pct"] else ""), j.ss["dur"],
            ("reached after %s s" if att else "not reached; ran its full %s s") % secs_text(rt / 1000))
        print("%strace: %s" % (tag, line))
        if line != want:
            bad.append("%strace '%s', the model '%s'" % (tag, line, want))
    summ = open(os.path.join(d, name + "_summary.txt")).read()
    want = ("Steady state reached at all %d points" % len(pts) if n_att == len(pts)
            else "Steady state not reached at %d of %d points (ran to the limit): " % (len(pts) - n_att, len(pts)))
    if want not in summ:
        bad.append("the summary has no '%s'" % want)
    return bad


def main():
    cmd, args = sys.argv[1], sys.argv[2:]
    bad = {"steady": cmd_steady, "point": cmd_point, "logs": cmd_logs, "exitall": cmd_exitall,
           "run": cmd_run, "auto": cmd_auto}[cmd](*args)
    for b in bad:
        print("BAD " + b)
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
