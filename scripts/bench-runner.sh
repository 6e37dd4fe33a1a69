#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# bench-runner.sh -- fiorion's built-in runner against stock fio on the
# same job file, side by side.
#
# Usage: [PIN_CPU=N] scripts/bench-runner.sh [ROUNDS [SECONDS [FILE_MIB]]]
#
# 8 KiB random reads, direct=1, one scratch file:
#   io_uring  iodepth 1, 8, 32: the same job file (ioengine=io_uring,
#             filename=scratch) run by stock fio (its io_uring engine) and
#             by 'fiorion -jobfile' (the engine core's io_uring backend);
#   psync     iodepth 1: both with ioengine=psync -- one pread() per I/O,
#             the least a program can ask of the kernel for one read;
#   null      iodepth 1, 8, 32: fio's null engine against the runner with
#             the fiorion engine's backend=null.
# Each pair runs ROUNDS times (default 7) for SECONDS each (default 5),
# in ABBA order (fio first in odd rounds, the runner first in even ones:
# on this VM whichever runs second after a pause is measurably slower).
# The table gives medians: IOPS, and CPU microseconds per I/O of the whole
# process (getrusage of the child via /usr/bin/time, user + system, which
# on Linux is the scheduler's run time of all its threads), split into
# user and system, and the ratios runner / fio.
#
# "steady" is the CPU ratio without each program's fixed cost (starting,
# parsing, setting up, reporting), measured by a run of the same job that
# does one I/O. "floor" is fio's system time over its steady total: a
# program that asks the kernel for exactly what fio asks and spends no time
# of its own would score that ratio; lower needs less kernel work per I/O.
# With perf
# available, one more run of each program per io_uring depth counts the
# kernel's work per I/O (io_uring_enter calls, requests issued, context
# switches, waits) to show whether the two ask the same of it.
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
ROUNDS=${1:-7}
SECS=${2:-5}
MIB=${3:-1024}
FIO=${FIO:-fio}
# PIN_CPU=N runs both programs (all their threads) on CPU N only: the same
# placement for both, so the scheduler's choice stops adding noise.
PIN=${PIN_CPU:+taskset -c $PIN_CPU}
T=$(mktemp -d "${TMPDIR:-/tmp}/fiorion-bench.XXXXXX")
trap 'rm -rf "$T"' EXIT
dd if=/dev/urandom of="$T/scratch" bs=1M count="$MIB" status=none
sync
echo "$T/scratch" >"$T/s.lun"

job() { # NAME ENGINE-LINES QD
	printf '[global]\n%s\nrw=randread\nbs=8k\ndirect=1\niodepth=%s\nruntime=%s\ntime_based=1\nnorandommap=1\nrandrepeat=0\n[b]\n' \
		"$2" "$3" "$SECS" >"$T/$1.fio"
}

# cpu WHO JOBFILE: runs it, leaves "user system" seconds in $T/cpu, JSON in $T/out.json
cpu() {
	case $1 in
	f) $PIN /usr/bin/time -f '%U %S' -o "$T/cpu" "$FIO" --output-format=json "$2" >"$T/out.json" 2>"$T/err" ;;
	r) $PIN /usr/bin/time -f '%U %S' -o "$T/cpu" "$TOP/build/fiorion" -jobfile "$2" >"$T/out.json" 2>"$T/err" ;;
	esac || { cat "$T/err" >&2; exit 1; }
}

# startup WHO: CPU seconds of a run doing one I/O (median of 3), the fixed
# cost of starting, parsing, setting up and reporting
startup() {
	sed 's/^\[b\]$/[b]\ntime_based=0\nio_size=8k/' "$T/$1.fio" >"$T/$1s.fio"
	: >"$T/z"
	for n in 1 2 3; do
		cpu "$1" "$T/$1s.fio"
		awk '{print $1 + $2}' "$T/cpu" >>"$T/z"
	done
	sort -n "$T/z" | sed -n 2p
}

# measure WHO STARTUP: appends "IOPS USR SYS TOTAL STEADY" to $T/WHO, the
# last four in microseconds per I/O; STEADY leaves out the startup cost
measure() {
	cpu "$1" "$T/$1.fio"
	ios=$(sed -n 's/^ *"total_ios" *: *\([0-9]*\),$/\1/p' "$T/out.json" | awk '{s += $1} END {print s}')
	awk -v i="$ios" -v s="$SECS" -v z="$2" \
		'{printf "%d %.4f %.4f %.4f %.4f\n", i / s, $1 / i * 1e6, $2 / i * 1e6,
		  ($1 + $2) / i * 1e6, ($1 + $2 - z) / i * 1e6}' "$T/cpu" >>"$T/$1"
}

median() { # COLUMN FILE
	awk -v c="$1" '{print $c}' "$2" | sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'
}

PERF=
perf stat -x, -e 'syscalls:sys_enter_io_uring_enter' -o "$T/ps" true 2>/dev/null && PERF=1
EVENTS='syscalls:sys_enter_io_uring_enter,block:block_rq_issue,context-switches,io_uring:io_uring_cqring_wait'

# kernel work per I/O of one run of WHO, as "enter rq cs wait"
events() {
	$PIN perf stat -x, -e "$EVENTS" -o "$T/ps" sh -c '
		if [ "$1" = f ]; then exec "$2" --output-format=json "$3/f.fio"
		else exec "$4/build/fiorion" -jobfile "$3/r.fio"; fi' sh "$1" "$FIO" "$T" "$TOP" \
		>"$T/out.json" 2>"$T/err" || { cat "$T/err" >&2; exit 1; }
	ios=$(sed -n 's/^ *"total_ios" *: *\([0-9]*\),$/\1/p' "$T/out.json" | awk '{s += $1} END {print s}')
	awk -F, -v n="$ios" 'NF > 2 && $1 ~ /^[0-9]/ {printf "%.3f ", $1 / n} END {print ""}' "$T/ps"
}

printf '%-8s %-3s %8s %8s %6s | %-22s | %-22s | %5s %6s %5s\n' pair qd "fio IOPS" "run IOPS" ratio \
	"fio us/IO: all usr sys" "run us/IO: all usr sys" ratio steady floor
: >"$T/kernel"
for pair in io_uring psync null; do
	for qd in 1 8 32; do
		case $pair in
		null)
			job f "ioengine=null
size=${MIB}m" $qd
			job r "ioengine=external:$TOP/build/fiorion-engine.so
lunfile=$T/s.lun
backend=null" $qd ;;
		psync)
			[ $qd = 1 ] || continue
			job f "ioengine=psync
filename=$T/scratch" $qd
			cp "$T/f.fio" "$T/r.fio" ;;
		*)
			job f "ioengine=$pair
filename=$T/scratch" $qd
			cp "$T/f.fio" "$T/r.fio" ;;
		esac
		fz=$(startup f)
		rz=$(startup r)
		: >"$T/f" && : >"$T/r"
		r=1
		while [ $r -le "$ROUNDS" ]; do
			if [ $((r % 2)) = 1 ]; then
				measure f "$fz"; measure r "$rz"
			else
				measure r "$rz"; measure f "$fz"
			fi
			r=$((r + 1))
		done
		awk '{print $3 / $5}' "$T/f" >"$T/ff"	# fio's system share, steady
		printf '%-8s %-3s %8s %8s %5.1f%% | %8.2f %6.2f %6.2f | %8.2f %6.2f %6.2f | %4.2fx %5.2fx %5s\n' \
			$pair $qd "$(median 1 "$T/f")" "$(median 1 "$T/r")" \
			"$(awk -v a="$(median 1 "$T/r")" -v b="$(median 1 "$T/f")" 'BEGIN {print 100 * a / b}')" \
			"$(median 4 "$T/f")" "$(median 2 "$T/f")" "$(median 3 "$T/f")" \
			"$(median 4 "$T/r")" "$(median 2 "$T/r")" "$(median 3 "$T/r")" \
			"$(awk -v a="$(median 4 "$T/r")" -v b="$(median 4 "$T/f")" 'BEGIN {print a / b}')" \
			"$(awk -v a="$(median 5 "$T/r")" -v b="$(median 5 "$T/f")" 'BEGIN {print a / b}')" \
			"$(if [ $pair = null ]; then echo -; else printf '%.2fx' "$(median 1 "$T/ff")"; fi)"
		if [ -n "$PERF" ] && [ $pair = io_uring ]; then
			echo "$qd fio $(events f)" >>"$T/kernel"
			echo "$qd run $(events r)" >>"$T/kernel"
		fi
	done
done
if [ -s "$T/kernel" ]; then
	echo
	echo "kernel work per I/O (perf stat, one run each):"
	printf '%-3s %-4s %13s %9s %9s %9s\n' qd who io_uring_enter requests switches waits
	while read -r qd who a b c d; do
		printf '%-3s %-4s %13s %9s %9s %9s\n' "$qd" "$who" "$a" "$b" "$c" "$d"
	done <"$T/kernel"
fi
