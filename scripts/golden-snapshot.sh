#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# golden-snapshot.sh -- everything the programs write from fixed inputs,
# into one folder, so that a restructuring step can be shown to change no
# byte: run it before and after, then `diff -r BEFORE AFTER`.
#
#   fio2orion: every JSON in tests/data/fio-json and tests/data/golden,
#     each ORION layout, -html, -format json, -export benchfio; -sum and
#     -compare on the fixed runs below;
#   fiorion: -jobs_only -placeholders for each run level and layout (the
#     job files and the matrix file); and RUN (a fiorion run's <T>_jobs
#     folder, made once with `scripts/golden-snapshot.sh -run RUN`: the
#     model device in virtual time) converted as the driver would.
#
# Usage: scripts/golden-snapshot.sh [-run RUN] OUT [RUN...]
#        BUILD=DIR for another build folder (default build).
set -u
B=${BUILD:-build}
export TZ=UTC
unset FIORION_COMPAT FIORION_DURATION
if [ "${1:-}" = -run ]; then
	# A fiorion run to convert later: simple and a mixed point, the model device.
	run=$2
	mkdir -p "$run" && cd "$run" || exit 1
	truncate -s 256M vlun && echo "$PWD/vlun" >t.lun && echo "$PWD/vlun" >m.lun
	model="-backend null -fio_opt service_us=100 -fio_opt servers=4 -fio_opt virtual_time=1"
	# shellcheck disable=SC2086
	"$OLDPWD/$B/fiorion" -run simple -testname t -num_disks 1 -duration 5 $model >/dev/null 2>&1 &&
		"$OLDPWD/$B/fiorion" -run advanced -matrix max -num_small 3 -num_large 2 -testname m \
			-num_disks 1 -duration 5 -max_latency 0.3 $model >/dev/null 2>&1
	exit $?
fi
out=$1
shift
top=$(pwd)
F2O=$top/$B/fio2orion FR=$top/$B/fiorion
mkdir -p "$out" && cd "$out" && mkdir -p f2o run jobs || exit 1
n=0
for j in "$top"/tests/data/fio-json/*.json "$top"/tests/data/golden/*.json; do
	b=$(basename "$j" .json)
	for c in 10.2 11.2 12.1 19c; do
		"$F2O" -q -compat $c -html -outdir "f2o/$b.$c" -testname x "$j" >"f2o/$b.$c.out" 2>&1 ||
			echo "exit $?" >>"f2o/$b.$c.out"
	done
	"$F2O" -q -format json -o "f2o/$b.json" "$j" >/dev/null 2>&1
	"$F2O" -q -export benchfio "f2o/$b.bench" "$j" >/dev/null 2>&1
	n=$((n + 1))
done
for run in "$@"; do
	r=$(basename "$run")
	for t in t m; do
		for c in 10.2 19c; do
			"$F2O" -q -compat $c -html -outdir "run/$r.$t.$c" "$run/${t}_jobs/run.json" "$run/${t}_jobs"/p*.json \
				>"run/$r.$t.$c.out" 2>&1 || echo "exit $?" >>"run/$r.$t.$c.out"
		done
		"$F2O" -q -format json -o "run/$r.$t.json" "$run/${t}_jobs/run.json" "$run/${t}_jobs"/p*.json >/dev/null 2>&1
	done
	"$F2O" -q -compare "$run/t_jobs" "$run/m_jobs" -html -outdir "run/$r.cmp" >/dev/null 2>&1
done
# One LUN path for every snapshot: run.json names it.
lun=${TMPDIR:-/tmp}/fiorion-golden.lun
truncate -s 64M "$lun" && echo "$lun" >t.lun
for lvl in simple normal oltp dss advanced; do
	for c in 10.2 19c; do
		"$FR" -run $lvl -testname t -num_disks 2 -compat $c -jobs_only -placeholders -outdir "jobs/$lvl.$c" \
			>/dev/null 2>&1
	done
done
rm -f "$lun" t.lun
find jobs -name luns.id -exec rm {} + # the LUN's inode and time
# The run's id and its start (a new one each call) are not the code's output.
find jobs -type f -exec sed -i 's/fiorion run [0-9a-f]\{16\}/fiorion run ID/; s/"run_id": "[0-9a-f]*"/"run_id": "ID"/; s/"start": [0-9]*/"start": 0/' {} +
echo "golden-snapshot: $n JSON inputs, $# runs, into $out"
