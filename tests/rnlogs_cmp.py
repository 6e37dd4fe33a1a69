#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""rnlogs_cmp.py -- fio's logs (*.log) written by the built-in runner, for
tests/e2e_rnlogs.sh. Prints one line per check, "ok ..." or "FAIL ...";
exits 1 on a FAIL.

  rnlogs_cmp.py vt JOBFILE DIR
      The runner's logs in DIR from JOBFILE run on backend=null's model
      device in virtual time (every job: service_us, servers, iodepth,
      numjobs, a time_based runtime in seconds, 4 KiB-multiple bs, rw
      read or write), against what the model's schedule and fio 3.33's
      logging rules say, row by row and exactly. The schedule of each
      clone (its own device, FIFO over `servers`, a closed loop of
      `iodepth` refilled at each completion while before the runtime,
      those in flight then drained) is computed here, not read from the
      runner. The rules (stat.c, iolog.c):
      - a log without log_avg_msec: a row per I/O at its completion's
        whole ms (slat: at its submission's), value its lat / clat /
        slat in ns, 1 (iops), bs * 1e6 // clat_ns (bw); with log_offset
        the I/O's offset (a multiple of bs inside the LUN) as 5th field;
      - lat, clat, slat logs with log_avg_msec A: the window's mean
        (log_max_value: its maximum) written when an I/O comes A ms or
        more after the window's start, at that I/O's ms, the window then
        starting at that ms rounded down to A; the pending window at the
        clone's end;
      - bw and iops logs with log_avg_msec A: the rate over each A ms
        (I/Os or KiB done in the interval, per second), at A, 2A, ...
        while the clone runs;
      - clat_hist every log_hist_msec H: a row when an I/O comes H ms or
        more after the last row (the first I/O after 0 ms starting the
        first), holding the I/Os since the last row, each in the bin of
        its latency: the row's count and its number of distinct bins;
      - per_job_logs=0: one file per kind, the clones' rows one after the
        other; else NAME_KIND.N.log, N the clone's fio thread number;
      - every row's time within its clone's run; every clone's I/O count
        the JSON's (DIR/out.json).

  rnlogs_cmp.py cmp [--rows R] [--means M] [--pool] FIO_DIR... -- RN_DIR...
      Stock fio's logs (its runs of a job file, one directory each)
      against the built-in runner's (the same job file, or its virtual
      time twin):
      - names: every run of either runner wrote the same set of files;
      - columns: each file's lines have the same number of fields in both;
      - rows: a log with an entry per I/O (more than 100 rows): a row for
        each I/O, every run, as its own JSON counts them (total_ios of the
        clone the log's number names); else per file and direction the
        medians of the row counts within R (relative, default 0: within
        1 row);
      - means: per file and direction, the medians over runs of the value
        column's mean within M (relative, default 0.10); a histogram log:
        its rows' sample counts. A slat log's rows are checked, not its
        mean: slat is the submitting program's own time. With --pool, the
        logs of one kind that several clones wrote (NAME_KIND.N.log) are
        compared as one instead: the sum of the clones' means (bw, iops)
        or the mean of all their rows (lat, clat), whose spread is the
        device's, not how the clones shared it.
"""
import glob
import heapq
import json
import os
import statistics
import sys

bad = 0


def report(good, msg):
    global bad
    print(("ok " if good else "FAIL ") + msg)
    bad += not good


def read_rows(path):
    """The file's rows, each a list of ints."""
    with open(path) as f:
        return [[int(x) for x in line.split(",")] for line in f if line.strip()]


def read_log(path):
    """{ddir: [values]}, the set of field counts."""
    by_dir, ncols = {}, set()
    hist = "_clat_hist." in os.path.basename(path)
    with open(path) as f:
        for line in f:
            fields = [x.strip() for x in line.split(",")]
            ncols.add(len(fields))
            if hist:
                ddir, val = int(fields[1]), sum(int(x) for x in fields[3:])
            else:
                ddir, val = int(fields[2]), int(fields[1])
            by_dir.setdefault(ddir, []).append(val)
    return by_dir, ncols


def total_ios(d, name, ddir):
    """The I/Os of direction @ddir of the clone whose log @name is (NAME_KIND.N.log: the
    N-th job of @d/out.json, its thread number), as fio's JSON counts them."""
    n = int(name.split(".")[-2])
    with open(os.path.join(d, "out.json")) as f:
        job = json.load(f)["jobs"][n - 1]
    return job[("read", "write", "trim")[ddir]]["total_ios"]


def pooled(sides, names, means_tol):
    """--pool: per log kind written by several clones (NAME_KIND.N.log), the
    clones' logs as one: the sum of the clones' means (a rate), or the mean
    of all their rows (a latency), per run; the medians over runs compared."""
    kinds = {}
    for name in names:
        parts = name.split(".")
        if len(parts) == 3 and parts[1].isdigit() and "_slat." not in name:
            kinds.setdefault(parts[0], []).append(name)
    for kind, files in sorted(kinds.items()):
        if len(files) < 2:
            continue
        rate = kind.endswith("_bw") or kind.endswith("_iops")
        med = {}
        for side, dirs in sides.items():
            per_run = []
            for d in dirs:
                logs = [read_log(os.path.join(d, f))[0] for f in files]
                vals = [v for b in logs for vs in b.values() for v in vs]
                per_run.append(sum(statistics.mean(vs) for b in logs for vs in b.values() if vs) if rate
                               else statistics.mean(vals) if vals else 0)
            med[side] = statistics.median(per_run)
        good = med["fio"] > 0 and abs(med["runner"] / med["fio"] - 1) <= means_tol
        report(good, "%s (%s): %s fio %.6g, runner %.6g (%+.1f %%, within %g %%)" % (
            kind, " ".join(files), "the clones' rates summed" if rate else "the clones' rows' mean",
            med["fio"], med["runner"], 100 * (med["runner"] / med["fio"] - 1) if med["fio"] else 0,
            100 * means_tol))
    return {f for fs in kinds.values() if len(fs) > 1 for f in fs}


def cmd_cmp(args):
    rows_tol, means_tol, pool = 0.0, 0.10, False
    while args and args[0].startswith("--"):
        if args[0] == "--rows":
            rows_tol = float(args[1])
        elif args[0] == "--means":
            means_tol = float(args[1])
        elif args[0] == "--pool":
            pool = True
            args = args[1:]
            continue
        else:
            sys.exit("rnlogs_cmp.py cmp: unknown option " + args[0])
        args = args[2:]
    sep = args.index("--")
    sides = {"fio": args[:sep], "runner": args[sep + 1:]}
    names = {}
    for side, dirs in sides.items():
        for d in dirs:
            names.setdefault(side, []).append(
                sorted(os.path.basename(p) for p in glob.glob(os.path.join(d, "*.log"))))
    all_names = names["fio"] + names["runner"]
    same = all(n == all_names[0] for n in all_names)
    report(same and all_names[0],
           "names: %s" % " ".join(all_names[0]) if same
           else "names differ: " + " | ".join(" ".join(n) for n in all_names))
    in_pool = pooled(sides, all_names[0], means_tol) if same and pool else set()
    for name in all_names[0] if same else []:
        stats = {side: [read_log(os.path.join(d, name)) for d in dirs] for side, dirs in sides.items()}
        cols = {side: set().union(*(c for _, c in logs)) for side, logs in stats.items()}
        report(cols["fio"] == cols["runner"] and len(cols["fio"]) <= 1,
               "%s: columns fio %s, runner %s" % (name, sorted(cols["fio"]), sorted(cols["runner"])))
        ddirs = set()
        for logs in stats.values():
            for by_dir, _ in logs:
                ddirs |= set(by_dir)
        for ddir in sorted(ddirs):
            rows = {s: statistics.median(len(b.get(ddir, [])) for b, _ in logs)
                    for s, logs in stats.items()}
            if rows["fio"] > 100:
                # A log per I/O: a row for each I/O of the run, as its JSON counts them.
                got = {s: [(len(b.get(ddir, [])), total_ios(d, name, ddir))
                           for (b, _), d in zip(logs, sides[s])] for s, logs in stats.items()}
                report(all(r == t for g in got.values() for r, t in g),
                       "%s ddir %d: a row per I/O, every run (rows, JSON total_ios): fio %s, runner %s"
                       % (name, ddir, got["fio"], got["runner"]))
            else:
                tol = max(1, rows_tol * rows["runner"])
                report(abs(rows["fio"] - rows["runner"]) <= tol,
                       "%s ddir %d: rows fio %g, runner %g (within %g)" % (name, ddir, rows["fio"],
                                                                           rows["runner"], tol))
            if "_slat." in name or name in in_pool:
                continue
            means = {s: statistics.median(statistics.mean(b[ddir]) if b.get(ddir) else 0
                                          for b, _ in logs)
                     for s, logs in stats.items()}
            good = means["fio"] > 0 and abs(means["runner"] / means["fio"] - 1) <= means_tol
            report(good, "%s ddir %d: mean fio %.6g, runner %.6g (%+.1f %%, within %g %%)" % (
                name, ddir, means["fio"], means["runner"],
                100 * (means["runner"] / means["fio"] - 1) if means["fio"] else 0, 100 * means_tol))


# --- vt: the model's schedule and fio's rules ---

def parse_jobfile(path):
    """[(name, {key: value})] in the file's order, [global] merged in."""
    glob_opts, jobs, cur = {}, [], None
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line[0] in "#;":
                continue
            if line.startswith("["):
                name = line[1:line.index("]")]
                cur = glob_opts if name == "global" else {}
                if name != "global":
                    jobs.append((name, cur))
                continue
            k, _, v = line.partition("=")
            cur[k.strip()] = v.strip() if _ else "1"
    return [(n, {**glob_opts, **o}) for n, o in jobs]


def size(v):
    mult = {"k": 1024, "m": 1 << 20}
    v = v.lower()
    return int(v[:-1]) * mult[v[-1]] if v[-1] in mult else int(v)


def schedule(svc_ns, servers, depth, runtime_ns):
    """Each I/O's (submitted, completed) ns from the clone's start, in completion order."""
    free = [0] * servers
    heapq.heapify(free)
    done, inflight, seq = [], [], 0

    def submit(t):
        nonlocal seq
        start = max(t, heapq.heappop(free))
        heapq.heappush(free, start + svc_ns)
        heapq.heappush(inflight, (start + svc_ns, seq, t))
        seq += 1

    for _ in range(depth):
        submit(0)
    while inflight:
        t, _, sub = heapq.heappop(inflight)
        done.append((sub, t))
        if t < runtime_ns:
            submit(t)
    return done


def windows_inline(samples, avg, log_max, inline, t_end_ms):
    """fio's __add_stat_to_log() windows over @samples [(t_ms, value)]:
    [(t_ms, value)] rows, the pending window closed at @t_end_ms."""
    rows, last, acc = [], 0, []
    for t, v in samples:
        acc.append(v)
        if t < last:
            continue
        if t - last < avg and (inline or avg - (t - last) > 1):
            continue
        rows.append((t, max(acc) if log_max else int(sum(acc) / len(acc) + 0.5)))
        acc = []
        last = t - t % avg
    if acc:
        rows.append((t_end_ms, max(acc) if log_max else int(sum(acc) / len(acc) + 0.5)))
    return rows


def expect_clone(o, ios, lun_size):
    """{kind: expected} for one clone's logs: a list of rows (each a tuple
    of the fields checked) or, for clat_hist, [(t, count, distinct lats)]."""
    bs = size(o.get("bs", "4k"))
    ddir = 1 if "write" in o.get("rw", "read") else 0
    avg = int(o.get("log_avg_msec", "0"))
    log_max = o.get("log_max_value", "0") == "1"
    t_end = ios[-1][1] // 1000000
    out = {}
    lat = [(c // 1000000, c - s) for s, c in ios]
    if "write_lat_log" in o:
        slat = [(s // 1000000, 0) for s, c in ios]
        for kind, smp in (("lat", lat), ("clat", lat), ("slat", slat)):
            out[kind] = ([(t, v, ddir) for t, v in windows_inline(smp, avg, log_max, True, t_end)]
                         if avg else [(t, v, ddir) for t, v in smp])
    for kind in ("bw", "iops"):
        if "write_%s_log" % kind not in o:
            continue
        if not avg:
            out[kind] = [(t, bs * 1000000 // v if kind == "bw" else 1, ddir) for t, v in lat]
            continue
        rows, k, prev = [], 1, 0
        while k * avg * 1000000 <= ios[-1][1]:
            t = k * avg * 1000000
            n = sum(1 for _, c in ios if prev < c <= t)
            rows.append((k * avg, n * bs * 1000 // avg // 1024 if kind == "bw" else n * 1000 // avg))
            prev, k = t, k + 1
        # rngroup.c: rn_sample_last(), the clone's last interval to its end
        spent = (ios[-1][1] - prev) // 1000000
        if spent and (spent >= avg or avg - spent <= 1):
            n = sum(1 for _, c in ios if prev < c)
            rows.append((t_end, n * bs * 1000 // spent // 1024 if kind == "bw" else n * 1000 // spent))
        smp = windows_inline(rows, avg, log_max, False, t_end)
        out[kind] = [(t, v, ddir) for t, v in smp]
    if "write_hist_log" in o:
        hist_ms = int(o.get("log_hist_msec", "0"))
        rows, last, since_row = [], 0, []
        for t, v in lat:
            since_row.append(v)
            if not last:
                last = t
            if t - last >= hist_ms:
                rows.append((t, len(since_row), len(set(since_row))))
                since_row = []
                last = t - (t - last - hist_ms)
        out["clat_hist"] = rows
    return out


def got_clone(kind, rows, bs, lun_size, offsets):
    """The rows of one clone's log as expect_clone() gives them; checks the
    fields it does not give (bs, offset, priority) into @offsets."""
    if kind == "clat_hist":
        return [(r[0], sum(r[3:]), sum(1 for x in r[3:] if x)) for r in rows]
    out = []
    for r in rows:
        if len(r) == 6:
            offsets.append(r[4] % bs == 0 and 0 <= r[4] <= lun_size - bs and r[3] == bs and r[5] == 0)
        out.append((r[0], r[1], r[2]))
    return out


def cmd_vt(jobfile, d):
    jobs = parse_jobfile(jobfile)
    with open(os.path.join(d, "out.json")) as f:
        doc = json.load(f)
    num = 0
    for name, o in jobs:
        svc = int(o["service_us"]) * 1000
        servers, depth = int(o.get("servers", "1")), int(o.get("iodepth", "1"))
        clones, runtime = int(o.get("numjobs", "1")), int(o["runtime"]) * 1000
        bs = size(o.get("bs", "4k"))
        with open(o["lunfile"]) as f:
            lun_size = os.path.getsize(f.readline().strip())
        ios = schedule(svc, servers, depth, runtime * 1000000)
        want = expect_clone(o, ios, lun_size)
        ddir = "write" if "write" in o.get("rw", "read") else "read"
        counts = [j[ddir]["total_ios"] for j in doc["jobs"][num:num + clones]]
        report(counts == [len(ios)] * clones,
               "%s: %d clone(s) of %d I/Os each, as the model's schedule (%d us, %d server(s), depth %d, %d ms): JSON %s"
               % (name, clones, len(ios), svc // 1000, servers, depth, runtime, counts))
        per_job = o.get("per_job_logs", "1") != "0"
        for kind in sorted(want):
            base = o["write_%s_log" % ("hist" if kind == "clat_hist" else "lat" if kind in ("lat", "clat", "slat") else kind)]
            if per_job:
                paths = [os.path.join(d, "%s_%s.%d.log" % (base, kind, num + k + 1)) for k in range(clones)]
                parts = [read_rows(p) if os.path.exists(p) else None for p in paths]
            else:
                p = os.path.join(d, "%s_%s.log" % (base, kind))
                paths = [p]
                rows = read_rows(p) if os.path.exists(p) else None
                n = len(rows) // clones if rows else 0
                parts = [rows[k * n:(k + 1) * n] for k in range(clones)] if rows and n * clones == len(rows) else [rows]
            label = os.path.basename(paths[0]) + (" (%d clones' rows)" % clones if len(paths) < clones else
                                                  " .. " + os.path.basename(paths[-1]) if clones > 1 else "")
            if any(p is None for p in parts) or len(parts) != clones:
                report(False, "%s: missing, or not %d clones' rows: %s" % (
                    label, clones, [os.path.basename(p) for p in paths]))
                continue
            offsets = []
            got = [got_clone(kind, p, bs, lun_size, offsets) for p in parts]
            late = [r[0] for g in got for r in g if r[0] > ios[-1][1] // 1000000]
            exact = all(g == want[kind] for g in got)
            first_bad = ""
            if not exact:
                g = next(g for g in got if g != want[kind])
                i = next((i for i, (a, b) in enumerate(zip(g, want[kind])) if a != b), min(len(g), len(want[kind])))
                first_bad = "; first difference at row %d: runner %s, model %s (rows: runner %d, model %d)" % (
                    i + 1, g[i] if i < len(g) else None, want[kind][i] if i < len(want[kind]) else None,
                    len(g), len(want[kind]))
            if kind == "clat_hist":
                what = "%d rows every %s ms, the I/Os since the last row in each (%s), each in its latency's bin" % (
                    len(want[kind]), o.get("log_hist_msec"), ", ".join(str(r[1]) for r in want[kind]))
            elif o.get("log_avg_msec", "0") == "0":
                what = "a row per I/O (%d), at its %s ms, value %s%s" % (
                    len(want[kind]), "submission's" if kind == "slat" else "completion's",
                    {"bw": "bs * 1e6 // clat_ns", "iops": "1"}.get(kind, kind + " ns"),
                    ", its offset" if offsets else "")
            else:
                what = "%d rows, every %s ms%s, values %s" % (
                    len(want[kind]), o["log_avg_msec"], " (the window's maximum)" if o.get("log_max_value") == "1" else "",
                    "..".join(str(v) for v in sorted({r[1] for r in want[kind]})[::max(1, len({r[1] for r in want[kind]}) - 1)]))
            report(exact and not late and all(offsets),
                   "%s: %s, every row as the model%s%s%s" % (
                       label, what, first_bad,
                       "; rows after the clone's end at %d ms: %s" % (ios[-1][1] // 1000000, late[:4]) if late else "",
                       "; offsets not whole blocks inside the LUN" if not all(offsets) else ""))
        num += clones


def main():
    args = sys.argv[1:]
    if args and args[0] == "vt" and len(args) == 3:
        cmd_vt(args[1], args[2])
    elif args and args[0] == "cmp" and "--" in args:
        cmd_cmp(args[1:])
    else:
        sys.exit("usage: rnlogs_cmp.py vt JOBFILE DIR | cmp [--rows R] [--means M] [--pool] FIO_DIR... -- RN_DIR...")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
