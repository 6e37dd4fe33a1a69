#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# bench-intervals.sh [RUNS] [DURATION] [MIB] -- how honest are the
# intervals? Runs `fiorion -run simple -num_disks 1 -duration DURATION`
# RUNS times (5, 5 s) on one scratch file of MIB MiB (1024) in a temporary
# folder, one after the other, and prints a Markdown table: for each cell
# (small IOPS or large MBPS), the mean over the runs, their spread (the
# sample standard deviation, relative, and min..max), the half-width the
# tool gave each run's within-point 95 % interval (median over the runs,
# relative) and how many of the runs' intervals hold the mean of all the
# runs. An interval as wide as the spread between runs holds it about 95
# times in 100; one far narrower says the point's own samples miss what
# moves between runs (drift, cache state, other work on the machine).
#
# FIORION_BENCH_OTHER=PATH (another build's fiorion, e.g. a worktree of an
# earlier commit: git worktree add /tmp/old HEAD~1 && make -C /tmp/old):
# its runs alternate with this build's (A B A B ..., the same scratch
# file, so the machine's drift falls on both alike), and a table is
# printed for each, A (this build) first. FIORION_BENCH_OPTS: more options
# for this build's runs (e.g. -parts 1).
set -eu
RUNS=${1:-5}
DUR=${2:-5}
MIB=${3:-1024}
TOP=$(cd "$(dirname "$0")/.." && pwd)
FR=$TOP/build/fiorion
OTHER=${FIORION_BENCH_OTHER:-}
OPTS=${FIORION_BENCH_OPTS:-}
W=$(mktemp -d "${TMPDIR:-/tmp}/fiorion-bench-iv.XXXXXX")
trap 'rm -rf "$W"' EXIT
cd "$W"
dd if=/dev/urandom of=lun bs=1M count="$MIB" status=none
sync
echo "$W/lun" >b.lun
i=1
while [ "$i" -le "$RUNS" ]; do
	# shellcheck disable=SC2086
	"$FR" -run simple -num_disks 1 -testname b -duration "$DUR" $OPTS -outdir "r$i" >/dev/null 2>"r$i.err" ||
		{ cat "r$i.err" >&2; exit 1; }
	if [ -n "$OTHER" ]; then
		"$OTHER" -run simple -num_disks 1 -testname b -duration "$DUR" -outdir "o$i" >/dev/null 2>"o$i.err" ||
			{ cat "o$i.err" >&2; exit 1; }
	fi
	i=$((i + 1))
done
for who in r ${OTHER:+o}; do
[ "$who" = r ] && what="this build${OPTS:+ ($OPTS)}" || what="$OTHER"
echo "# $RUNS runs of fiorion -run simple -num_disks 1 -duration $DUR on a $MIB MiB scratch file, $what${OTHER:+, alternating with the other build's}; $(uptime | sed 's/.*load/load/')"
python3 - "$RUNS" "$who" <<'EOF'
import csv, statistics, sys
runs = int(sys.argv[1])
who = sys.argv[2]
cells = {}
for r in range(1, runs + 1):
    for row in csv.DictReader(open(f"{who}{r}/b.points.csv")):
        key = (int(row["small"]), int(row["large"]))
        col = "iops" if key[0] else "mbps"
        v, lo, hi = row[col], row[col + "_lo"], row[col + "_hi"]
        cells.setdefault(key, []).append((float(v), float(lo) if lo else None, float(hi) if hi else None, row["interval"]))
print("| cell | figure | mean of runs | run-to-run sd | min .. max | interval half-width (median) | half-width / sd | intervals holding the mean | what they cover |")
print("|---|---|---|---|---|---|---|---|---|")
held = total = 0
ratios = []
for key in sorted(cells, key=lambda k: (k[1], k[0])):
    v = cells[key]
    xs = [x[0] for x in v]
    m = statistics.mean(xs)
    sd = statistics.stdev(xs) if len(xs) > 1 else 0.0
    halves = [(x[2] - x[1]) / 2 / x[0] for x in v if x[1] is not None and x[0] > 0]
    hold = sum(1 for x in v if x[1] is not None and x[1] <= m <= x[2])
    known = sum(1 for x in v if x[1] is not None)
    held += hold
    total += len(v)
    name = "Small=%d" % key[0] if key[0] else "Large=%d" % key[1]
    fig = "IOPS" if key[0] else "MBPS"
    mh = statistics.median(halves) if halves else None
    rsd = sd / m if m else 0
    if mh is not None and rsd > 0:
        ratios.append(mh / rsd)
    kinds = ", ".join(sorted(set(x[3] for x in v)))
    print("| %s | %s | %.1f | %.1f %% | %.1f .. %.1f | %s | %s | %d of %d | %s |" % (
        name, fig, m, 100 * rsd, min(xs), max(xs), "%.1f %%" % (100 * mh) if mh is not None else "none",
        "%.1f" % (mh / rsd) if mh is not None and rsd > 0 else "-", hold, known, kinds))
print()
print("Intervals holding the mean of the runs: %d of %d; median half-width / run-to-run sd: %s" % (
    held, total, "%.1f" % statistics.median(ratios) if ratios else "-"))
EOF
done

