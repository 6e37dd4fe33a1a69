#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# bench-steady.sh -- what -duration auto saves and what it costs in the
# numbers: the same ORION run with -duration auto (fio's steady state,
# at most 60 s a point) and with a fixed -duration, side by side, on one
# scratch file.
#
# Usage: scripts/bench-steady.sh [FIXED_S [RUNS...]]
#   FIXED_S  the fixed duration (30)
#   RUNS     "simple" (-run simple -num_disks 1) and/or "normal"
#            (-run normal -num_disks 2); default both
#
# simple runs in ABBA order: auto, fixed, fixed, auto (this VM's speed
# drifts over minutes; each auto run is compared with the fixed run next
# to it, and the two fixed runs with each other: the run-to-run spread of
# the fixed duration, the yardstick of what this machine allows; the two
# auto runs likewise). normal runs fixed, then auto. For every cell of
# ORION's _iops.csv, _mbps.csv and _lat.csv: the median and largest
# |difference| and how many cells are within 5 %.
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
FIXED=${1:-30}
shift 2>/dev/null || true
RUNS=${*:-simple normal}
FR=$TOP/build/fiorion
T=$(mktemp -d "${TMPDIR:-/tmp}/fiorion-steady.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T"
dd if=/dev/urandom of=lun bs=1M count=1024 status=none
echo "$T/lun" >t.lun

# one NAME OUTDIR ARGS: a run, its wall time in times
one() {
	name=$1 out=$2
	shift 2
	s=$(date +%s.%N)
	"$FR" -testname t -outdir "$out" -cache_size 0 "$@" >/dev/null 2>"$out.err" || {
		echo "$name failed: $(tail -3 "$out.err")" >&2
		exit 1
	}
	e=$(date +%s.%N)
	echo "$name $(echo "$e - $s" | bc)" >>times
}

# cmp A B LABEL: cell differences between two runs' CSV files
cmp_runs() {
	python3 - "$1" "$2" "$3" <<'EOF'
import csv, statistics, sys
a, b, label = sys.argv[1:]
def table(d, k):
    rows = [r for r in csv.reader(open(f"{d}/t_{k}.csv")) if r]
    cols = [c.strip() for c in rows[0][1:]]
    return {(r[0].strip(), cols[i]): float(r[i + 1]) for r in rows[1:] for i in range(len(cols))
            if i + 1 < len(r) and r[i + 1].strip()}
out = []
for k, what in (("iops", "IOPS"), ("mbps", "MBPS"), ("lat", "latency")):
    x, y = table(a, k), table(b, k)
    d = [abs(y[c] - x[c]) / x[c] * 100 for c in x if c in y and x[c] > 0]
    if d:
        out.append(f"{what}: {len(d)} cells, median {statistics.median(d):.1f} %, max {max(d):.1f} %, "
                   f"{sum(1 for v in d if v <= 5)} within 5 %")
print(f"{label}: " + "; ".join(out))
EOF
}

: >times
for run in $RUNS; do
	case $run in
	simple) args="-run simple -num_disks 1" ;;
	normal) args="-run normal -num_disks 2" ;;
	*) echo "unknown run $run" >&2; exit 2 ;;
	esac
	if [ "$run" = simple ]; then
		# shellcheck disable=SC2086
		one "$run-auto" "$run-a" $args -duration auto
		# shellcheck disable=SC2086
		one "$run-fixed" "$run-f1" $args -duration "$FIXED"
		# shellcheck disable=SC2086
		one "$run-fixed2" "$run-f2" $args -duration "$FIXED"
		# shellcheck disable=SC2086
		one "$run-auto2" "$run-a2" $args -duration auto
	else
		# shellcheck disable=SC2086
		one "$run-fixed" "$run-f1" $args -duration "$FIXED"
		# shellcheck disable=SC2086
		one "$run-auto" "$run-a" $args -duration auto
	fi
	tf=$(awk -v n="$run-fixed" '$1 == n { print $2 }' times)
	ta=$(awk -v n="$run-auto" '$1 == n { print $2 }' times)
	reached=$(grep -c "reached after" "$run-a/t_trace.txt" || true)
	total=$(grep -c "^Steady state (" "$run-a/t_trace.txt" || true)
	printf '%s: -duration %s %.0f s, -duration auto %.0f s (ratio %.2f); steady state reached at %s of %s points\n' \
		"$run" "$FIXED" "$tf" "$ta" "$(echo "$ta / $tf" | bc -l)" "$reached" "$total"
	cmp_runs "$run-f1" "$run-a" "  auto vs fixed"
	if [ "$run" = simple ]; then
		cmp_runs "$run-f2" "$run-a2" "  second auto vs second fixed"
		cmp_runs "$run-f1" "$run-f2" "  fixed vs fixed (spread)"
		cmp_runs "$run-a" "$run-a2" "  auto vs auto (spread)"
	fi
done
