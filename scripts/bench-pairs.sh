#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# bench-pairs.sh [RUNS] [DURATION] [MIB] -- where does -stop_at_knee stop
# on this machine's disk, and what do its pairs cost? Runs `fiorion -run
# oltp -num_disks 1 -duration DURATION -stop_at_knee` RUNS times (5, 2 s)
# on one scratch file of MIB MiB (1024) in a temporary folder, and prints
# for each run the load its small ladder stopped past (the first load not
# run), the pairs it re-measured (pairs.log), the seconds measured in
# pairs against the whole run's, and the wall time. FIORION_BENCH_OTHER=
# PATH: another build's fiorion, its runs alternating with this build's
# (A B A B ...), printed after them. Then two reruns of `-run oltp
# -num_disks 1 -duration DURATION` (no -stop_at_knee) compared with
# fio2orion -compare: how many of their cells are marked changed.
set -eu
RUNS=${1:-5}
DUR=${2:-2}
MIB=${3:-1024}
TOP=$(cd "$(dirname "$0")/.." && pwd)
FR=$TOP/build/fiorion
F2O=$TOP/build/fio2orion
OTHER=${FIORION_BENCH_OTHER:-}
W=$(mktemp -d "${TMPDIR:-/tmp}/fiorion-bench-knee.XXXXXX")
trap 'rm -rf "$W"' EXIT
cd "$W"
dd if=/dev/urandom of=lun bs=1M count="$MIB" status=none
sync
for n in k a b; do echo "$W/lun" >$n.lun; done
# one PROG DIR: a -stop_at_knee ladder into DIR, its line
one() {
	t0=$(date +%s.%N)
	"$1" -run oltp -num_disks 1 -testname k -duration "$DUR" -stop_at_knee -outdir "$2" >"$2.out" 2>"$2.err" ||
		{ cat "$2.err" >&2; exit 1; }
	t1=$(date +%s.%N)
	from=$(sed -n 's/^Ladder stopped past its knee: .*(from Small=\([0-9]*\))\.$/\1/p' "$2/k_summary.txt")
	pairs=$(($(cat "$2/k_jobs/pairs.log" 2>/dev/null | wc -l) / 2))
	undecided=$(grep -c 'undecided at the limit' "$2/k_summary.txt" || true)
	echo "$2 ${from:-none} $pairs $undecided $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }')"
}
[ "$RUNS" -gt 0 ] && echo "# $RUNS runs of fiorion -run oltp -num_disks 1 -duration $DUR -stop_at_knee on a $MIB MiB scratch file; $(uptime | sed 's/.*load/load/')"
i=1
: >runs.txt
while [ "$i" -le "$RUNS" ]; do
	one "$FR" "n$i" >>runs.txt
	[ -n "$OTHER" ] && one "$OTHER" "o$i" >>runs.txt
	i=$((i + 1))
done
[ "$RUNS" -gt 0 ] && echo "| build | run | stopped before | pairs | undecided steps | pairs' seconds / run's measured seconds | wall s |"
[ "$RUNS" -gt 0 ] && echo "|---|---|---|---|---|---|---|"
while read -r d from pairs und wall; do
	case $d in n*) who="this" ;; *) who="other" ;; esac
	# a measurement lasts a part: -duration / the run's parts (run.json)
	parts=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["fiorion"].get("parts", 1))' "$d/k_jobs/run.json")
	echo "| $who | ${d#?} | Small=$from | $pairs | $und | $(awk -v p="$pairs" -v d="$DUR" -v n="$parts" -v m="$(ls "$d"/k_jobs/p*.json | wc -l)" 'BEGIN { printf "%g / %g s", 2 * p * d / n, m * d / n }') | $wall |"
done <runs.txt
# two reruns, compared
for r in a b; do
	"$FR" -run oltp -num_disks 1 -testname "$r" -duration "$DUR" -outdir "c$r" >"c$r.out" 2>"c$r.err" ||
		{ cat "c$r.err" >&2; exit 1; }
done
"$F2O" -compare ca/a_jobs cb/b_jobs >cmp.txt
echo
echo "Two reruns of -run oltp -num_disks 1 -duration $DUR compared:"
grep '^B / A' cmp.txt
echo "changed cells: $(grep -c 'changed \(better\|worse\)$' cmp.txt) of $(grep -c '^Small=' cmp.txt)"
