#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# bench-engine.sh -- fio with fiorion-engine.so against fio's own engines,
# side by side on the same scratch file and job.
#
# Usage: scripts/bench-engine.sh [ROUNDS [SECONDS [FILE_MIB]]]
#
# 8 KiB random reads, direct=1, iodepth 1, 8 and 32, on one scratch file:
# fio's io_uring engine vs the engine with backend=io_uring, and fio's
# null engine vs backend=null. The pairs run interleaved, ROUNDS times
# (default 5) for SECONDS each (default 3); the table gives the median
# IOPS of each and the ratio engine / fio. This machine is shared and
# noisy, so only the ratios mean anything.
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
ENGINE=$TOP/build/fiorion-engine.so
ROUNDS=${1:-5}
SECS=${2:-3}
MIB=${3:-1024}
FIO=${FIO:-fio}
T=$(mktemp -d "${TMPDIR:-/tmp}/fiorion-bench.XXXXXX")
trap 'rm -rf "$T"' EXIT

[ -f "$ENGINE" ] || { echo "bench-engine: build the engine first (make)" >&2; exit 1; }
dd if=/dev/urandom of="$T/scratch" bs=1M count="$MIB" status=none
sync

iops() {
	"$FIO" --output-format=json --name=b --rw=randread --bs=8k --direct=1 \
		--runtime="$SECS" --time_based --norandommap --randrepeat=0 "$@" |
		sed -n 's/^ *"iops" : \([0-9.]*\),$/\1/p' | awk '{s += $1} END {printf "%d\n", s}'
}

median() { sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }

printf '%-8s %-4s %12s %12s %7s\n' pair qd "fio IOPS" "engine IOPS" ratio
for pair in io_uring null; do
	for qd in 1 8 32; do
		: >"$T/f" && : >"$T/e"
		r=0
		while [ $r -lt "$ROUNDS" ]; do
			if [ $pair = null ]; then
				iops --ioengine=null --size="${MIB}m" --iodepth=$qd >>"$T/f"
				iops --ioengine=external:"$ENGINE" --luns="$T/scratch" --backend=null --iodepth=$qd >>"$T/e"
			else
				iops --ioengine=io_uring --filename="$T/scratch" --iodepth=$qd >>"$T/f"
				iops --ioengine=external:"$ENGINE" --luns="$T/scratch" --backend=io_uring --iodepth=$qd >>"$T/e"
			fi
			r=$((r + 1))
		done
		f=$(median <"$T/f")
		e=$(median <"$T/e")
		printf '%-8s %-4s %12s %12s %6.1f%%\n' $pair $qd "$f" "$e" \
			"$(awk -v e="$e" -v f="$f" 'BEGIN {print f ? 100 * e / f : 0}')"
	done
done
