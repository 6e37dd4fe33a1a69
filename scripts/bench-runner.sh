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
# IOPS and median CPU seconds (user + system of the whole process, from
# /usr/bin/time) per million I/Os, and the ratios runner / fio.
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

# measure CMD...: prints "IOPS CPU_SECONDS"
measure() {
	/usr/bin/time -f '%U %S' -o "$T/cpu" "$@" >"$T/out.json" 2>"$T/err" || { cat "$T/err" >&2; exit 1; }
	iops=$(sed -n 's/^ *"iops" *: *\([0-9.]*\),$/\1/p' "$T/out.json" | awk '{s += $1} END {printf "%d", s}')
	cpu=$(awk '{print $1 + $2}' "$T/cpu")
	echo "$iops $cpu"
}

median() { sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }

printf '%-9s %-3s %10s %10s %7s %12s %12s %7s\n' pair qd "fio IOPS" "run IOPS" ratio "fio cpu/1M" "run cpu/1M" ratio
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
		: >"$T/fi" && : >"$T/ri" && : >"$T/fc" && : >"$T/rc"
		r=0
		while [ $r -lt "$ROUNDS" ]; do
			set -- $(measure "$FIO" --output-format=json "$T/f.fio")
			echo "$1" >>"$T/fi"
			awk -v c="$2" -v i="$1" -v s="$SECS" 'BEGIN {printf "%.4f\n", c / (i * s) * 1e6}' >>"$T/fc"
			set -- $(measure "$TOP/build/fiorion" -jobfile "$T/r.fio")
			echo "$1" >>"$T/ri"
			awk -v c="$2" -v i="$1" -v s="$SECS" 'BEGIN {printf "%.4f\n", c / (i * s) * 1e6}' >>"$T/rc"
			r=$((r + 1))
		done
		fi_=$(median <"$T/fi") ri=$(median <"$T/ri") fc=$(median <"$T/fc") rc=$(median <"$T/rc")
		printf '%-9s %-3s %10s %10s %6.1f%% %12s %12s %6.2fx\n' $pair $qd "$fi_" "$ri" \
			"$(awk -v a="$ri" -v b="$fi_" 'BEGIN {print 100 * a / b}')" "$fc" "$rc" \
			"$(awk -v a="$rc" -v b="$fc" 'BEGIN {print a / b}')"
	done
done
