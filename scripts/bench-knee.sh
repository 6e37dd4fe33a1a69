#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# bench-knee.sh -- what -stop_at_knee saves: `-run oltp -num_disks 8`
# (27 small loads, 1 to 160 outstanding I/Os) on one scratch file, the
# whole ladder with -max_latency BOUND (its knee reported), then the same
# with -stop_at_knee, side by side: wall times, points run, the knee each
# found, the answer line of each.
#
# Usage: scripts/bench-knee.sh [BOUND_MS [DURATION_S]]   (1, 5)
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
BOUND=${1:-1}
DUR=${2:-5}
FR=$TOP/build/fiorion
T=$(mktemp -d "${TMPDIR:-/tmp}/fiorion-knee.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T"
dd if=/dev/urandom of=lun bs=1M count=1024 status=none
echo "$T/lun" >t.lun

run() {
	out=$1
	shift
	s=$(date +%s.%N)
	"$FR" -run oltp -num_disks 8 -testname t -duration "$DUR" -max_latency "$BOUND" \
		-outdir "$out" "$@" >/dev/null 2>"$out.err"
	e=$(date +%s.%N)
	echo "$e - $s" | bc
}
tw=$(run whole)
ts=$(run stop -stop_at_knee)
for d in whole stop; do
	n=$(ls $d/t_jobs/p[0-9][0-9][0-9].json | wc -l)
	printf '%-6s %3d points run  %s\n' "$d" "$n" "$(grep -h '^Knee\|^No knee' $d/t_trace.txt | head -1)"
	printf '       %s\n' "$(grep -h 'with latency <=' $d/t_summary.txt)"
	printf '       small latency (ms) by load: %s\n' "$(tail -1 $d/t_lat.csv | cut -d, -f2- | tr -s ' ')"
done
grep -h "^Ladder stopped" stop/t_summary.txt || true
printf 'wall: whole ladder %.0f s, -stop_at_knee %.0f s (%.0f %% of the time saved)\n' "$tw" "$ts" \
	"$(echo "(1 - $ts / $tw) * 100" | bc -l)"
