# SPDX-License-Identifier: GPL-2.0-only
#
# bench-lib.sh -- what the engine benchmarks share (sourced by
# bench-engine.sh, bench-iopspair.sh and bench-regcpu.sh after they set
# NAME, their name in messages, and MIB, the scratch file's size).
#
# Sets TOP, ENGINE, FIO, DEPTHS and T (a temporary folder, removed on
# exit) and writes T/scratch, MIB of random data, written back.

TOP=$(cd "$(dirname "$0")/.." && pwd)
ENGINE=$TOP/build/fiorion-engine.so
FIO=${FIO:-fio}
DEPTHS=${DEPTHS:-1 8 32}
T=$(mktemp -d "${TMPDIR:-/tmp}/fiorion-bench.XXXXXX")
trap 'rm -rf "$T"' EXIT

[ -f "$ENGINE" ] || { echo "$NAME: build the engine first (make)" >&2; exit 1; }
dd if=/dev/urandom of="$T/scratch" bs=1M count="$MIB" status=none
sync

# bench_opts: OPTS, fio's io_uring option sets to compare, ',' between
# sets, ' ' inside one, "-" for none; unless given: none, fixedbufs,
# registerfiles, both, sqthread_poll, sqthread_poll on the last CPU,
# nonvectored=0, and hipri when the scratch file's device has poll queues.
bench_opts() {
	[ -z "${OPTS:-}" ] || return 0
	last=$(($(nproc) - 1))
	OPTS="-,fixedbufs,registerfiles,fixedbufs registerfiles,sqthread_poll"
	OPTS="$OPTS,sqthread_poll sqthread_poll_cpu=$last,nonvectored=0"
	dev=$(stat -c '%d' "$T/scratch")
	poll=/sys/dev/block/$((dev >> 8)):$((dev & 255))/queue/io_poll
	if [ "$(cat "$poll" 2>/dev/null)" = 1 ]; then
		OPTS="$OPTS,hipri"
	else
		echo "$NAME: hipri left out: the scratch file's device has no poll queues ($poll)"
	fi
}
