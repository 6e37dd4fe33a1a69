#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# bench-rnlog.sh [ROUNDS [SECONDS [DEPTH]]] -- the built-in runner's cost of
# fio's logs (driver/runner/rnlog.c) on the engine's null backend (no
# kernel I/O: the runner's own cost per I/O), side by side in one run:
# the same 4 KiB random-read job without logs, with every log averaged
# (write_bw_log, write_iops_log, write_lat_log, write_hist_log,
# log_avg_msec=500, log_hist_msec=500: the I/O path adds a window sample
# per log), and with an IOPS log of one line per I/O (log_avg_msec=0: a
# record per I/O kept in memory). The three interleaved, ROUNDS rounds
# (default 5) of SECONDS (default 1) each at iodepth DEPTH (default 8);
# prints each round's IOPS and the medians. Run from the top of the
# repository after `make`.
set -e
R=${1:-5}
S=${2:-1}
D=${3:-8}
TOP=$(pwd)
W=$(mktemp -d "${TMPDIR:-/tmp}/bench-rnlog.XXXXXX")
trap 'rm -rf "$W"' EXIT
dd if=/dev/zero of="$W/lun" bs=1M count=64 status=none
echo "$W/lun" >"$W/one.lun"
job() {
	cat <<EOF
[null]
ioengine=external:$TOP/build/fiorion-engine.so
lunfile=$W/one.lun
backend=null
rw=randread
bs=4k
iodepth=$D
time_based
runtime=$S
EOF
	case $1 in
	avg) printf '%s\n' write_bw_log=l write_iops_log=l write_lat_log=l write_hist_log=l \
		log_avg_msec=500 log_hist_msec=500 ;;
	unit) printf '%s\n' write_iops_log=l ;;
	esac
}
for v in off avg unit; do job $v >"$W/$v.fio"; done
printf '%-6s %12s %12s %12s\n' round off avg unit
r=1
while [ $r -le "$R" ]; do
	line=$(printf '%-6s' "$r")
	for v in off avg unit; do
		mkdir -p "$W/$v"
		iops=$(cd "$W/$v" && "$TOP/build/fiorion" -jobfile "$W/$v.fio" |
			python3 -c 'import json, sys; print(round(json.load(sys.stdin)["jobs"][0]["read"]["iops"]))')
		rm -f "$W/$v"/*.log
		echo "$iops" >>"$W/$v.all"
		line="$line $(printf '%12s' "$iops")"
	done
	echo "$line"
	r=$((r + 1))
done
med() { sort -n "$1" | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
mo=$(med "$W/off.all") ma=$(med "$W/avg.all") mu=$(med "$W/unit.all")
printf '%-6s %12s %12s %12s\n' median "$mo" "$ma" "$mu"
awk -v o="$mo" -v a="$ma" -v u="$mu" 'BEGIN {printf "%-6s %12s %11.1f%% %11.1f%%\n", "vs off", "", 100 * a / o, 100 * u / o}'
