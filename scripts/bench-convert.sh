#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# bench-convert.sh -- how long fio2orion takes for a large json+ result.
#
# Usage: scripts/bench-convert.sh [MIB [RUNS]]   (default 50 MiB, 5 runs)
# Prints each run's wall time, peak memory, and the median.
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
MIB=${1:-50}
RUNS=${2:-5}
T=$(mktemp -d "${TMPDIR:-/tmp}/fiorion-bench.XXXXXX")
trap 'rm -rf "$T"' EXIT
sh "$TOP/scripts/make-big-json.sh" "$MIB" "$T/big.json"
echo "input: $(wc -c <"$T/big.json") bytes, $(grep -c '"jobname"' "$T/big.json") jobs with clat_ns bins"
i=0
while [ $i -lt "$RUNS" ]; do
	/usr/bin/time -f '%e %M' -o "$T/t" "$TOP/build/fio2orion" -outdir "$T" "$T/big.json"
	read -r s kb <"$T/t"
	echo "run $((i + 1)): $s s, peak $((kb / 1024)) MiB"
	echo "$s" >>"$T/all"
	i=$((i + 1))
done
echo "median: $(sort -n "$T/all" | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}') s"
