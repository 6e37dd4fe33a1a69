#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Description: fiorion -run curve end to end, the parts that judge no
# rate (the rates of -run curve, with stock fio: tests/e2e_curve.sh).
# The runs are plumbing, not I/O: they run on the engine's model device
# (4 servers of 100 us) in virtual time (docs/virtual-time.md), the 20
# points of the ladder in about a second.
#
# 1. Bad options are exit status 2 with one message naming the option,
#    before anything is written (no <testname>_jobs/): an empty, zero,
#    negative, falling, non-numeric or 101-value -curve, -curve/-arrival/
#    -max_iops/-depth_cap without -run curve, a bad -arrival, -max_iops 0,
#    -depth_cap 0, and what -run curve does not take (-matrix, -duration
#    auto, -repeat, -jobs_only, -resume).
# 2. Without -max_iops the oltp ladder runs first (ORION's files as
#    -run oltp writes them, its one Maximum Small IOPS line): the curve's
#    rate is its share of that maximum, its cap 4 x the load that gave it.
# 3. The built-in runner: refused before any I/O naming rate_iops while it
#    has no rate support; with it, response time in every row, its mean
#    never under the service time's.
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
cd "$T" || exit 1
truncate -s 64M lun0 # the model device only sizes it
echo "$T/lun0" >t.lun
# -runner builtin: -jobs_only alone would write job files for either runner,
# and virtual_time=1 is for the built-in runner only
RUN="-testname t -runner builtin -backend null -fio_opt service_us=100 -fio_opt servers=4 -fio_opt virtual_time=1"

# 1. Bad options: exit 2, one message, nothing written.
i=0
while IFS='|' read -r args want; do
	i=$((i + 1))
	# shellcheck disable=SC2086
	"$FR" $RUN $args >b.out 2>b.err
	rc=$?
	if [ $rc = 2 ] && [ "$(wc -l <b.err)" = 1 ] && grep -q -- "$want" b.err && [ ! -e t_jobs ]; then
		ok "bad options '$args': exit 2, $(cat b.err)"
	else
		not_ok "bad options '$args': exit $rc, want 2 and '$want'; said: $(cat b.err)"
	fi
	rm -rf t_jobs
done <<'EOF'
-run curve -curve ,|-curve
-run curve -curve 0|-curve '0': 0 % is out of range
-run curve -curve -5|-curve '-5': -5 % is out of range
-run curve -curve 50,10|must rise
-run curve -curve 10,,20|'' is not a number
-run curve -curve 10,abc|'abc' is not a number
-run curve -curve 1001|out of range
-run curve -curve 1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72,73,74,75,76,77,78,79,80,81,82,83,84,85,86,87,88,89,90,91,92,93,94,95,96,97,98,99,100,101|more than 100 points
-run oltp -curve 10,50|-curve: only with -run curve
-run oltp -arrival uniform|-arrival: only with -run curve
-run oltp -max_iops 1000|-max_iops: only with -run curve
-run simple -depth_cap 8|-depth_cap: only with -run curve
-run curve -arrival bursty|-arrival
-run curve -max_iops 0|-max_iops
-run curve -depth_cap 0|-depth_cap
-run curve -matrix basic|-matrix
-run curve -duration auto|-duration auto
-run curve -repeat 3|-repeat
-run curve -jobs_only|-jobs_only
-run curve -resume|-resume
EOF

# 2. The maximum from the oltp ladder (-num_disks 1: loads 1..20, 1 s each).
# shellcheck disable=SC2086
if "$FR" -run curve $RUN -num_disks 1 -curve 10 -duration 1 >o.out 2>o.err; then
	ok "-run curve with the oltp ladder: exit 0"
else
	not_ok "-run curve with the ladder: exit $?"
	cat o.out o.err
fi
max=$(sed -n 's/^Maximum Small IOPS=\([0-9]*\) @ Small=\([0-9]*\) and Large=0$/\1/p' t_summary.txt)
at=$(sed -n 's/^Maximum Small IOPS=\([0-9]*\) @ Small=\([0-9]*\) and Large=0$/\2/p' t_summary.txt)
j=t_jobs/curve/p001.fio
want=$(awk -v m="$max" 'BEGIN { printf "%d", m * 0.1 + 0.5 }')
if [ -n "$max" ] && grep -qx "rate_iops=$want" $j && grep -qx "iodepth=$((4 * at))" $j &&
	grep -q "^Open-loop curve (-run curve): poisson arrivals, 1 point measured, [01] held its rate; max $max IOPS$" t_summary.txt &&
	[ "$(grep -c '^Maximum Small IOPS' t_summary.txt)" = 1 ] && [ -s t_iops.csv ]; then
	ok "the curve's 10 % is of the ladder's Maximum Small IOPS=$max (rate_iops=$want), its cap 4 x Small=$at; ORION's files beside it"
else
	not_ok "the curve from the ladder: max '$max' at '$at'"
	cat $j t_summary.txt
fi

# 3. The built-in runner: until it honours rate_iops (issue 26's runner
#    part) a curve is refused before any I/O, naming the option; once it
#    does, its response time is in every row and never under the service
#    time in mean (an I/O's scheduled arrival is never after its
#    submission).
rm -rf t_jobs
# shellcheck disable=SC2086
"$FR" -run curve $RUN -max_iops 20000 -curve 10,20 -duration 1 >i.out 2>i.err
rc=$?
if [ $rc = 2 ]; then
	if grep -q "rate_iops" i.err && [ ! -e t_jobs ]; then
		ok "built-in runner without rate support: exit 2 before any I/O, naming rate_iops"
	else
		not_ok "built-in runner refusal: $(cat i.err)"
	fi
elif [ $rc = 0 ] && awk -F, 'NR > 1 { n++; if ($5 == "" || $9 == "" || $5 + 0 < $9 + 0) bad = 1 } END { exit bad || n < 1 }' t.curve.csv &&
	grep -q '^Latency at 10 % of max' i.out && ! grep -q '^Response time not measured' i.out; then
	ok "built-in runner: response time in every row, its mean >= the service mean"
else
	not_ok "built-in runner's curve (exit $rc)"
	cat i.err t.curve.csv
fi
finish
