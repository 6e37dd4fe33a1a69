#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""rnlogs_cmp.py FIO_DIR... -- RN_DIR...: fio's logs (*.log) of stock fio's
runs and of the built-in runner's (the same job file, interleaved rounds,
one directory per run), compared as tests/e2e_rnlogs.sh asks:

- names: every run of either runner wrote the same set of files;
- columns: each file's lines have the same number of fields in both;
- rows: per file and direction, the runners' median row counts within 1
  (one row per direction an interval); a log with an entry per I/O (more
  than 100 rows): a row for each I/O, every run, as its own JSON counts
  them (total_ios of the clone the log's number names);
- means: per file and direction, the median over runs of the value
  column's mean within 10 % (a histogram log: its rows' sample counts).
  A slat log's rows are checked, not its mean: slat is the submitting
  program's own time (fio's or the runner's), not the device's.

Prints one line per check, "ok ..." or "FAIL ..."; exits 1 on a FAIL.
"""
import glob
import json
import os
import statistics
import sys


def read_log(path):
    """{ddir: [values]}, the set of field counts."""
    by_dir, ncols = {}, set()
    hist = path.endswith("_clat_hist.1.log") or "_clat_hist." in os.path.basename(path)
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


def main():
    args = sys.argv[1:]
    sep = args.index("--")
    sides = {"fio": args[:sep], "runner": args[sep + 1:]}
    bad = 0

    def report(good, msg):
        nonlocal bad
        print(("ok " if good else "FAIL ") + msg)
        bad += not good

    names = {}
    for side, dirs in sides.items():
        for d in dirs:
            names.setdefault(side, []).append(
                sorted(os.path.basename(p) for p in glob.glob(os.path.join(d, "*.log"))))
    all_names = names["fio"] + names["runner"]
    report(all(n == all_names[0] for n in all_names) and all_names[0],
           "names: %s" % " ".join(all_names[0]) if all(n == all_names[0] for n in all_names)
           else "names differ: " + " | ".join(" ".join(n) for n in all_names))
    for name in all_names[0]:
        stats = {}
        for side, dirs in sides.items():
            logs = [read_log(os.path.join(d, name)) for d in dirs]
            stats[side] = logs
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
                report(abs(rows["fio"] - rows["runner"]) <= 1,
                       "%s ddir %d: rows fio %g, runner %g (within 1)" % (name, ddir, rows["fio"],
                                                                          rows["runner"]))
            if "_slat." in name:
                continue
            means = {s: statistics.median(statistics.mean(b[ddir]) if b.get(ddir) else 0
                                          for b, _ in logs)
                     for s, logs in stats.items()}
            good = means["fio"] > 0 and abs(means["runner"] / means["fio"] - 1) <= 0.10
            report(good, "%s ddir %d: mean fio %.6g, runner %.6g (%+.1f %%, within 10 %%)" % (
                name, ddir, means["fio"], means["runner"],
                100 * (means["runner"] / means["fio"] - 1) if means["fio"] else 0))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
