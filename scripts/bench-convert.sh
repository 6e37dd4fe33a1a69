#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# bench-convert.sh -- fio2orion against python's json.load on the same
# fio JSON, measured side by side (docs/benchmarks.md).
#
# Usage: scripts/bench-convert.sh FIO2ORION FILE [RUNS]
#
# RUNS (default 5) rounds, each running fio2orion (into a temporary
# folder) and then python3 -c 'json.load(...)' on FILE, so that both see
# the same machine load. Prints each run's wall time (s) and peak RSS
# (KiB, /usr/bin/time's %M) with the load average, then the medians, the
# ratio of the median wall times and the ratio of fio2orion's median
# peak RSS to the file's size. Exit status 0 (it judges nothing).
set -eu
[ $# -ge 2 ] || { echo "usage: $0 FIO2ORION FILE [RUNS]" >&2; exit 2; }
f2o=$1 file=$2 runs=${3:-5}
work=$(mktemp -d "${TMPDIR:-/tmp}/bench-convert.XXXXXX")
trap 'rm -rf "$work"' EXIT
size=$(stat -c %s "$file")
i=0
while [ $i -lt "$runs" ]; do
	i=$((i + 1))
	rm -rf "$work/out"
	/usr/bin/time -f "%e %M" -o "$work/t" "$f2o" -q -outdir "$work/out" "$file" >/dev/null
	read -r fw fm <"$work/t"
	/usr/bin/time -f "%e %M" -o "$work/t" python3 -c 'import json,sys; json.load(open(sys.argv[1]))' "$file"
	read -r pw pm <"$work/t"
	echo "$fw $fm $pw $pm" >>"$work/all"
	printf 'run %d: fio2orion %5.2f s %7d KiB   python %5.2f s %7d KiB   load %s\n' \
		"$i" "$fw" "$fm" "$pw" "$pm" "$(cut -d' ' -f1-3 /proc/loadavg)"
done
med() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
fw=$(cut -d' ' -f1 "$work/all" | med)
fm=$(cut -d' ' -f2 "$work/all" | med)
pw=$(cut -d' ' -f3 "$work/all" | med)
pm=$(cut -d' ' -f4 "$work/all" | med)
awk -v fw="$fw" -v fm="$fm" -v pw="$pw" -v pm="$pm" -v size="$size" 'BEGIN {
	printf "median of %s: fio2orion %.2f s %d KiB, python json.load %.2f s %d KiB\n", "'"$runs"'", fw, fm, pw, pm
	printf "wall ratio fio2orion/python %.3f; fio2orion peak RSS / file size %.3f (file %d bytes)\n",
		fw / pw, fm * 1024 / size, size
}'
