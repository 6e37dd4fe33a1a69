#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# bench-engine.sh -- fio with fiorion-engine.so against fio's own engines,
# side by side on the same scratch file and job.
#
# Usage: scripts/bench-engine.sh [ROUNDS [SECONDS [FILE_MIB]]]
#
# 8 KiB random reads, direct=1, iodepth 1, 8 and 32, on one scratch file:
# fio's io_uring engine vs the engine with backend=io_uring, once with
# each set of fio's io_uring options in OPTS (default: none; fixedbufs;
# registerfiles; fixedbufs+registerfiles; sqthread_poll; nonvectored=0;
# and hipri when the scratch file's device has poll queues), the same
# options given to both; and fio's null engine vs backend=null. Every
# pair runs interleaved with all the others in each round, ROUNDS times
# (default 5) for SECONDS each (default 3). The table gives the median
# IOPS of each, the ratio engine / fio, and CPU per I/O (fio's usr_cpu +
# sys_cpu over the run's I/Os, median, microseconds); the last lines
# compare the engine's CPU per I/O with fixedbufs+registerfiles against
# without. This machine is shared and noisy, so only the ratios mean
# anything: take final figures on a quiet machine.
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
ENGINE=$TOP/build/fiorion-engine.so
ROUNDS=${1:-5}
SECS=${2:-3}
MIB=${3:-1024}
FIO=${FIO:-fio}
DEPTHS=${DEPTHS:-1 8 32}
T=$(mktemp -d "${TMPDIR:-/tmp}/fiorion-bench.XXXXXX")
trap 'rm -rf "$T"' EXIT

[ -f "$ENGINE" ] || { echo "bench-engine: build the engine first (make)" >&2; exit 1; }
dd if=/dev/urandom of="$T/scratch" bs=1M count="$MIB" status=none
sync

# The option sets, ',' between sets, ' ' inside one; "-" is none.
if [ -z "${OPTS:-}" ]; then
	OPTS="-,fixedbufs,registerfiles,fixedbufs registerfiles,sqthread_poll,nonvectored=0"
	dev=$(stat -c '%d' "$T/scratch")
	poll=/sys/dev/block/$((dev >> 8)):$((dev & 255))/queue/io_poll
	if [ "$(cat "$poll" 2>/dev/null)" = 1 ]; then
		OPTS="$OPTS,hipri"
	else
		echo "bench-engine: hipri left out: the scratch file's device has no poll queues ($poll)"
	fi
fi

# run OUT ARGS...: one fio run; appends "IOPS CPU-us-per-IO" to OUT.
run() {
	out=$1
	shift
	"$FIO" --output-format=json --name=b --rw=randread --bs=8k --direct=1 \
		--runtime="$SECS" --time_based --norandommap --randrepeat=0 "$@" >"$T/j" 2>"$T/err" \
		|| { echo "bench-engine: fio $*: $(cat "$T/err")" >&2; exit 1; }
	python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
j = d["jobs"][0]
ios = j["read"]["total_ios"]
cpu_s = (j["usr_cpu"] + j["sys_cpu"]) / 100 * j["job_runtime"] / 1000
print("%d %.3f" % (j["read"]["iops"], 1e6 * cpu_s / ios if ios else 0))' "$T/j" >>"$out"
}

# Engine options for fio's command line: "fixedbufs registerfiles" -> --fixedbufs ...
flags() { [ "$1" = - ] || for o in $1; do printf ' --%s' "$o"; done; }

key() { echo "$1" | tr ' =' '+:'; }

IFS_SAVE=$IFS
r=0
while [ $r -lt "$ROUNDS" ]; do
	for qd in $DEPTHS; do
		IFS=,
		for o in $OPTS; do
			IFS=$IFS_SAVE
			k=$(key "$o")
			# shellcheck disable=SC2046
			run "$T/f.$k.$qd" --ioengine=io_uring --filename="$T/scratch" --iodepth=$qd $(flags "$o")
			# shellcheck disable=SC2046
			run "$T/e.$k.$qd" --ioengine=external:"$ENGINE" --luns="$T/scratch" --backend=io_uring \
				--iodepth=$qd $(flags "$o")
			IFS=,
		done
		IFS=$IFS_SAVE
		run "$T/f.null.$qd" --ioengine=null --size="${MIB}m" --iodepth=$qd
		run "$T/e.null.$qd" --ioengine=external:"$ENGINE" --luns="$T/scratch" --backend=null --iodepth=$qd
	done
	r=$((r + 1))
done

median() { sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
col() { awk -v c="$2" '{print $c}' "$1" | median; }

printf '%-36s %-4s %10s %10s %7s %9s %9s\n' "pair (options)" qd "fio IOPS" "eng IOPS" ratio \
	"fio us/IO" "eng us/IO"
IFS=,
for o in $OPTS null; do
	IFS=$IFS_SAVE
	k=$(key "$o")
	name="io_uring ($o)"
	[ "$o" = null ] && name="null"
	for qd in $DEPTHS; do
		f=$(col "$T/f.$k.$qd" 1)
		e=$(col "$T/e.$k.$qd" 1)
		printf '%-36s %-4s %10s %10s %6.1f%% %9s %9s\n' "$name" "$qd" "$f" "$e" \
			"$(awk -v e="$e" -v f="$f" 'BEGIN {print f ? 100 * e / f : 0}')" \
			"$(col "$T/f.$k.$qd" 2)" "$(col "$T/e.$k.$qd" 2)"
	done
	IFS=,
done
IFS=$IFS_SAVE
fr=$(key "fixedbufs registerfiles")
case ",$OPTS," in
*",-,"*",fixedbufs registerfiles,"*)
	for qd in $DEPTHS; do
		a=$(col "$T/e.-.$qd" 2)
		b=$(col "$T/e.$fr.$qd" 2)
		printf 'engine CPU per I/O, qd %s: fixedbufs+registerfiles %s us, without %s us (%s)\n' \
			"$qd" "$b" "$a" "$(awk -v a="$a" -v b="$b" 'BEGIN {printf "%+.1f%%", a ? 100 * (b - a) / a : 0}')"
	done
	;;
esac
