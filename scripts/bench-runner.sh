#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# bench-runner.sh -- fiorion's built-in runner against stock fio on the
# same job file, side by side.
#
# Usage: scripts/bench-runner.sh [ROUNDS [SECONDS [FILE_MIB]]]
#
# 8 KiB random reads, direct=1, iodepth 1, 8 and 32 on one scratch file:
# the same job file (ioengine=io_uring, filename=scratch) run by stock fio
# (its io_uring engine) and by 'fiorion -jobfile' (the engine core's
# io_uring backend); then fio's null engine against the built-in runner
# with the fiorion engine's backend=null. Pairs run interleaved, ROUNDS
# times (default 5) for SECONDS each (default 3); the table gives median
# IOPS and median CPU seconds per million I/Os of the whole process, two
# ways: user + system from getrusage (/usr/bin/time) and perf's
# task-clock (when perf works here), and the ratios runner / fio.
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
ROUNDS=${1:-5}
SECS=${2:-3}
MIB=${3:-1024}
FIO=${FIO:-fio}
T=$(mktemp -d "${TMPDIR:-/tmp}/fiorion-bench.XXXXXX")
trap 'rm -rf "$T"' EXIT
dd if=/dev/urandom of="$T/scratch" bs=1M count="$MIB" status=none
sync
echo "$T/scratch" >"$T/s.lun"

job() { # NAME ENGINE-LINES QD
	printf '[global]\n%s\nrw=randread\nbs=8k\ndirect=1\niodepth=%s\nruntime=%s\ntime_based=1\nnorandommap=1\nrandrepeat=0\n[b]\n' \
		"$2" "$3" "$SECS" >"$T/$1.fio"
}

PERF=
perf stat -x, -e task-clock -o "$T/ps" true 2>/dev/null && PERF=1

# measure CMD...: prints "IOPS RUSAGE_CPU_SECONDS TASK_CLOCK_SECONDS"
measure() {
	if [ -n "$PERF" ]; then
		perf stat -x, -e task-clock -o "$T/ps" /usr/bin/time -f '%U %S' -o "$T/cpu" "$@" \
			>"$T/out.json" 2>"$T/err" || { cat "$T/err" >&2; exit 1; }
		tc=$(awk -F, '/task-clock/ {printf "%.4f", $1 / 1000}' "$T/ps")
	else
		/usr/bin/time -f '%U %S' -o "$T/cpu" "$@" >"$T/out.json" 2>"$T/err" || { cat "$T/err" >&2; exit 1; }
		tc=0
	fi
	iops=$(sed -n 's/^ *"iops" *: *\([0-9.]*\),$/\1/p' "$T/out.json" | awk '{s += $1} END {printf "%d", s}')
	cpu=$(awk '{print $1 + $2}' "$T/cpu")
	echo "$iops $cpu $tc"
}

median() { sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }

printf '%-9s %-3s %9s %9s %6s | %-22s %6s | %-22s %6s\n' pair qd "fio IOPS" "run IOPS" ratio \
	"rusage s/1M fio   run" ratio "task-clock s/1M fio run" ratio
for pair in io_uring null; do
	for qd in 1 8 32; do
		if [ $pair = null ]; then
			job f "ioengine=null
size=${MIB}m" $qd
			job r "ioengine=external:$TOP/build/fiorion-engine.so
lunfile=$T/s.lun
backend=null" $qd
		else
			job f "ioengine=io_uring
filename=$T/scratch" $qd
			cp "$T/f.fio" "$T/r.fio"
		fi
		: >"$T/fi" && : >"$T/ri" && : >"$T/fc" && : >"$T/rc" && : >"$T/ft" && : >"$T/rt"
		r=0
		while [ $r -lt "$ROUNDS" ]; do
			for who in f r; do
				if [ $who = f ]; then
					set -- $(measure "$FIO" --output-format=json "$T/f.fio")
				else
					set -- $(measure "$TOP/build/fiorion" -jobfile "$T/r.fio")
				fi
				echo "$1" >>"$T/${who}i"
				awk -v c="$2" -v i="$1" -v s="$SECS" 'BEGIN {printf "%.4f\n", c / (i * s) * 1e6}' >>"$T/${who}c"
				awk -v c="$3" -v i="$1" -v s="$SECS" 'BEGIN {printf "%.4f\n", c / (i * s) * 1e6}' >>"$T/${who}t"
			done
			r=$((r + 1))
		done
		fi_=$(median <"$T/fi") ri=$(median <"$T/ri") fc=$(median <"$T/fc") rc=$(median <"$T/rc")
		ft=$(median <"$T/ft") rt=$(median <"$T/rt")
		printf '%-9s %-3s %9s %9s %5.1f%% | %10s %10s %5.2fx | %10s %10s %5.2fx\n' $pair $qd "$fi_" "$ri" \
			"$(awk -v a="$ri" -v b="$fi_" 'BEGIN {print 100 * a / b}')" "$fc" "$rc" \
			"$(awk -v a="$rc" -v b="$fc" 'BEGIN {print a / b}')" "$ft" "$rt" \
			"$(awk -v a="$rt" -v b="$ft" 'BEGIN {print b ? a / b : 0}')"
	done
done
