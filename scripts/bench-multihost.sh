#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# bench-multihost.sh -- what running the points through fio's client/server
# costs: fiorion's time per point beyond -duration with 1, 2 and 4 fio
# servers on the loopback (127.0.0.11..14), beside the same run on this
# host with -runner fio and with the built-in runner, in one run.
#
# Usage: scripts/bench-multihost.sh [ROUNDS [SECONDS]]
#
# Each configuration runs `-run simple` (7 points) with -duration SECONDS
# (default 2), ROUNDS times (default 3), in rotating order; the table gives
# the median wall time and the overhead per point, (wall - 7 x SECONDS) / 7,
# which for -clients includes the probe of the hosts before the first
# point. Every host has its own 256 MiB scratch LUN under a temporary
# folder. All servers are stopped at the end.
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
ROUNDS=${1:-3}
SECS=${2:-2}
FR=$TOP/build/fiorion
ENGINE=$TOP/build/fiorion-engine.so
T=$(mktemp -d "${TMPDIR:-/tmp}/fiorion-mh.XXXXXX")
PORT=$((30000 + $$ % 20000))
PIDS=""
cleanup() {
	for p in $PIDS; do
		pkill -KILL -P "$p" 2>/dev/null || true
		kill -KILL "$p" 2>/dev/null || true
	done
	rm -rf "$T"
}
trap cleanup EXIT
cd "$T"
for i in 11 12 13 14; do
	dd if=/dev/urandom of="lun$i" bs=1M count=256 status=none
	echo "$T/lun$i" >"t.lun.127.0.0.$i"
	fio --server=ip:127.0.0.$i,$PORT >/dev/null 2>&1 &
	PIDS="$PIDS $!"
done
echo "$T/lun11" >t.lun
sleep 1

hosts() {
	h="" i=11
	while [ $i -lt $((11 + $1)) ]; do
		h="$h${h:+,}127.0.0.$i:$PORT"
		i=$((i + 1))
	done
	echo "$h"
}

run() {
	name=$1
	shift
	rm -rf out
	s=$(date +%s.%N)
	"$FR" -run simple -testname t -duration "$SECS" -outdir out "$@" >/dev/null 2>run.err || {
		echo "$name failed: $(tail -3 run.err)" >&2
		exit 1
	}
	e=$(date +%s.%N)
	echo "$name $(echo "$e - $s" | bc)" >>times
}

: >times
r=0
while [ $r -lt "$ROUNDS" ]; do
	set -- builtin fio c1 c2 c4
	k=0
	while [ $k -lt $r ]; do # rotate the order each round
		first=$1
		shift
		set -- "$@" "$first"
		k=$((k + 1))
	done
	for c in "$@"; do
		case $c in
		builtin) run builtin ;;
		fio) run fio -runner fio -engine "$ENGINE" ;;
		c1) run c1 -clients "$(hosts 1)" -engine "$ENGINE" ;;
		c2) run c2 -clients "$(hosts 2)" -engine "$ENGINE" ;;
		c4) run c4 -clients "$(hosts 4)" -engine "$ENGINE" ;;
		esac
	done
	r=$((r + 1))
done

printf '%-34s %10s %18s\n' "configuration (-run simple, 7 points)" "wall (s)" "overhead/point (s)"
for c in builtin fio c1 c2 c4; do
	med=$(awk -v c=$c '$1 == c { print $2 }' times | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
	case $c in
	builtin) label="this host, built-in runner" ;;
	fio) label="this host, -runner fio" ;;
	c1) label="-clients, 1 server" ;;
	c2) label="-clients, 2 servers" ;;
	c4) label="-clients, 4 servers" ;;
	esac
	printf '%-34s %10.2f %18.2f\n' "$label" "$med" "$(echo "($med - 7 * $SECS) / 7" | bc -l)"
done
