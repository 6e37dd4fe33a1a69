#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh: timeout=120
#
# Description: each run's drift on a known answer in virtual time (issue
# 43, item 2): the model device (one server, 500 us: 2000 IOPS at every
# load) whose service time steps once in the middle of the whole run
# (service_steps_from=run: the steps count from the run's start on the
# simulated clock, each point's clock starting where the last ended) to
# 625 us (1600 IOPS, -20 %). Decided the same on any machine.
# a. Whole points (-duration 1) and the reference re-measured: the step
#    at 7 s of measuring; the drift -20 % (within 0.5 %), from the
#    reference; every cell measured before it reads 2000 and after it
#    1600 (0.5 %).
# b. Parts (-duration 4: 4 parts of 1 s, 5 points), the step at 10 s,
#    after round 2: the drift -20 %, from parts; every part of rounds 1-2
#    reads 2000, of rounds 3-4 1600; each cell 1800, its parts pooled.
# c. service_steps_from=run without virtual_time=1, and a bad value: exit
#    2, one line naming the option.
. "$(dirname "$0")/lib.sh"
FR=$TOP/build/fiorion
cd "$T" || exit 1
truncate -s 1G lun
echo "$T/lun" >v.lun
MODEL="-backend null -fio_opt service_us=500 -fio_opt servers=1 -fio_opt service_steps_from=run -fio_opt virtual_time=1"
# drift DIR FIELD: run.json's drift.FIELD
drift() { python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["fiorion"]["drift"][sys.argv[2]])' "$1/v_jobs/run.json" "$2"; }
# iops FILE: the first job's read IOPS
iops() { python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["jobs"][0]["read"]["iops"])' "$1"; }

# a. whole points and the reference
# shellcheck disable=SC2086
"$FR" -run advanced -matrix row -num_large 0 -num_disks 2 -testname v -outdir a -duration 1 $MODEL \
	-fio_opt service_steps=7:625 >a.out 2>a.err
rc=$?
cells=$(awk -F, 'NR > 1 { want = $1 <= 6 ? 2000 : 1600; d = $3 / want - 1; if (d < 0) d = -d
	printf " %s:%s", $1, $3; if (d > 0.005) bad = 1 } END { if (bad) print " BAD" }' a/v.points.csv)
if [ $rc = 0 ] && [ "$(drift a from)" = reference ] \
	&& awk -v c="$(drift a change)" 'BEGIN { exit !(c > -0.205 && c < -0.195) }' \
	&& grep -q '^Drift over the run: -20.0 % ' a/v_summary.txt && [ "$(echo "$cells" | grep -c BAD)" = 0 ]; then
	ok "a. whole points + reference, 2000 -> 1600 IOPS at 7 s: drift $(drift a change) from the reference; cells 1-6 read 2000, 7-10 1600 (0.5 %):$cells"
else
	not_ok "a. rc $rc, from $(drift a from 2>&1), change $(drift a change 2>&1); cells:$cells"
	tail -3 a.err
fi

# b. parts
# shellcheck disable=SC2086
"$FR" -run advanced -matrix row -num_large 0 -num_disks 1 -testname v -outdir b -duration 4 $MODEL \
	-fio_opt service_steps=10:625 >b.out 2>b.err
rc=$?
bad=""
for f in b/v_jobs/p00[1-5].json b/v_jobs/p00[1-5].r[2-4].json; do
	case $f in *.r3.json | *.r4.json) want=1600 ;; *) want=2000 ;; esac
	awk -v x="$(iops "$f")" -v w=$want 'BEGIN { d = x / w - 1; exit !(d < -0.005 || d > 0.005) }' && bad="$bad ${f##*/}=$(iops "$f")/$want"
done
pooled=$(awk -F, 'NR > 1 { printf " %s:%s", $1, $3; if ($3 < 1790 || $3 > 1810 || $17 != 4) bad = 1 } END { if (bad) print " BAD" }' b/v.points.csv)
if [ $rc = 0 ] && [ "$(drift b from)" = parts ] \
	&& awk -v c="$(drift b change)" 'BEGIN { exit !(c > -0.205 && c < -0.195) }' \
	&& [ -z "$bad" ] && [ "$(echo "$pooled" | grep -c BAD)" = 0 ]; then
	ok "b. 5 points x 4 parts, 2000 -> 1600 IOPS at 10 s: drift $(drift b change) from parts; rounds 1-2 read 2000, 3-4 1600 (0.5 %); cells their parts pooled:$pooled"
else
	not_ok "b. rc $rc, from $(drift b from 2>&1), change $(drift b change 2>&1); parts off:$bad; cells:$pooled"
	tail -3 b.err
fi

# c. refused
"$FR" -run advanced -matrix point -num_small 1 -num_large 0 -testname v -outdir c -duration 1 -backend null \
	-fio_opt service_us=500 -fio_opt service_steps=1:600 -fio_opt service_steps_from=run >c1.out 2>c1.err
rc1=$?
"$FR" -run advanced -matrix point -num_small 1 -num_large 0 -testname v -outdir c -duration 1 -backend null \
	-fio_opt service_us=500 -fio_opt service_steps=1:600 -fio_opt service_steps_from=later -fio_opt virtual_time=1 >c2.out 2>c2.err
rc2=$?
if [ $rc1 = 2 ] && grep -q 'service_steps_from' c1.err && [ $rc2 = 2 ] && grep -q 'service_steps_from' c2.err \
	&& [ ! -e c/v_summary.txt ]; then
	ok "c. service_steps_from=run without virtual_time=1, and =later: exit 2, named: $(head -c 160 c1.err | tr '\n' ' ')"
else
	not_ok "c. refusals: rc $rc1 ($(cat c1.err)), rc $rc2 ($(cat c2.err))"
fi
finish
