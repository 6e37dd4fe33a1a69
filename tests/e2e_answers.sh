#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh: timeout=120
# (no class: CPU only, every figure exact on the model device in virtual
# time, so it decides the same beside anything; 2 s of CPU, 4 s of wall
# time)
#
# Description: the answers a run gives, where a person reads them (issue
# 40, items 3 and 7). Every run is the engine's model device in virtual
# time (docs/virtual-time.md), so each figure is known before the run.
#
# 1. A curve-only run (-run curve -max_iops: no ladder, no matrix) writes
#    none of ORION's files: ORION's set holds closed-loop matrix points,
#    and a summary with empty "Small Columns:" and an _iops.csv of a bare
#    "Large/Small" would read as a calibration that measured nothing. The
#    screen says so and names the curve's file (it exists and is the
#    curve's: its header), in the 10.2 and the dated 19c layouts;
#    fio2orion over the run's JSON the same, on stderr. With the oltp
#    ladder (no -max_iops) ORION's files are the ladder's, as before.
# 2. The latency-bound answer on the screen: -run oltp on 4 servers of
#    1 ms with -max_latency 1.6 prints "Best Small IOPS with latency <=
#    1.6 ms = 4000 @ Small=4 and Large=0" after ORION's result lines, the
#    same line as the summary's, in 10.2 and 19c; without -max_latency no
#    such line; ORION's grep targets once each on the screen.
# 3. Knee and answer: ten points, each a model device of its own (C
#    servers of D us: C / D IOPS, latency max(D, S D / C)), make the
#    ladder the issue saw: Small=7 crosses 0.3 ms (a hiccup), Small=8 is
#    back under, 9 and 10 cross. The knee is Small=8 (confirmed at 10),
#    the answer Small=6 (27024 IOPS, more than Small=8's 26753). The
#    knee's line names its loads in the order they ran (7, then 9, then
#    10), and the trace says why the answer is another load. A second
#    ladder flattens at Small=4 (confirmed at 6) and then rises again
#    within the bound: the answer is Small=7, and the trace says why. A
#    ladder where they agree (4 x 1 ms, 1.2 ms) has no such line.
# 4. The 5 %-per-doubling rule is fiorion's, not seed 004's: no
#    "seed 004's rule" in the README, docs, man pages, -help or sources.
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
F2O=$TOP/build/fio2orion
cd "$T" || exit 1
truncate -s 1G lun # the model device only sizes it
VT="-backend null -fio_opt virtual_time=1"

# said_file OUT: the file the screen's "ORION's files not written" line
# names as the curve's results, or nothing
said_file() { sed -n "s/^.*ORION's files not written: .* the curve's results: \([^ ,;]*\).*$/\1/p" "$1" | head -n 1; }
# no_orion DIR: ORION's files (t_*, whatever the layout) in DIR, but t_jobs and t_history
no_orion() { (cd "$1" && ls -d t_* 2>/dev/null | grep -v '^t_jobs$\|^t_history$'); }

# ------------------------------------------------------ 1. curve only
for lay in 10.2 19c; do
	d=c$lay
	mkdir $d && echo "$T/lun" >$d/t.lun
	# shellcheck disable=SC2086
	(cd $d && "$FR" -run curve -testname t -compat $lay -max_iops 4000 -curve 25,50 $VT \
		-fio_opt service_us=100 -fio_opt servers=4 -duration 10 >o.out 2>o.err)
	rc=$?
	f=$(said_file $d/o.out)
	left=$(no_orion $d)
	if [ $rc = 0 ] && [ -z "$left" ] && [ -n "$f" ] && head -n 1 "$d/$f" | grep -q '^target_pct,target_iops,' \
		&& [ "$(grep -c '^Latency at ' $d/o.out)" = 2 ]; then
		ok "-compat $lay, -run curve -max_iops 4000: no ORION file; the screen: $(grep "ORION's files not written" $d/o.out)"
	else
		not_ok "-compat $lay curve-only: exit $rc, ORION's files left: '$left', curve file said: '$f'"
		cat $d/o.out $d/o.err
		ls $d
	fi
done
# fio2orion over the same run's JSON: the same, on stderr.
if "$F2O" -outdir f2o c10.2/t_jobs/run.json c10.2/t_jobs/curve/p*.json >f.out 2>f.err; then
	f=$(said_file f.err)
	left=$(no_orion f2o)
	if [ -z "$left" ] && [ -n "$f" ] && head -n 1 "$f" | grep -q '^target_pct,target_iops,' \
		&& grep -q "^fio2orion: note: ORION's files not written" f.err; then
		ok "fio2orion over a curve-only run: no ORION file; $(cat f.err)"
	else
		not_ok "fio2orion curve-only: ORION's files left: '$left', curve file said: '$f'"
		cat f.err
		ls f2o
	fi
else
	not_ok "fio2orion over the curve's JSON: exit $?"
	cat f.err
fi
# With the oltp ladder the matrix ran: ORION's files are the ladder's.
mkdir cl && echo "$T/lun" >cl/t.lun
# shellcheck disable=SC2086
(cd cl && "$FR" -run curve -testname t -num_disks 1 -curve 50 $VT -fio_opt service_us=100 \
	-fio_opt servers=4 -duration 5 >o.out 2>o.err)
rc=$?
if [ $rc = 0 ] && grep -qx 'Maximum Small IOPS=40000 @ Small=4 and Large=0' cl/t_summary.txt \
	&& [ "$(tail -n +2 cl/t_iops.csv | wc -l)" = 1 ] && ! grep -q "ORION's files not written" cl/o.out; then
	ok "-run curve with the oltp ladder: ORION's files are the ladder's ($(grep '^Maximum Small' cl/t_summary.txt))"
else
	not_ok "-run curve with the ladder: exit $rc"
	cat cl/o.out cl/o.err
fi

# ------------------------------------------- 2. the answer on the screen
# 4 servers of 1 ms: 1000 S IOPS up to 4000 at Small=4, latency max(1, S / 4) ms.
for lay in 10.2 19c; do
	d=s$lay
	mkdir $d && echo "$T/lun" >$d/t.lun
	# shellcheck disable=SC2086
	(cd $d && "$FR" -run oltp -testname t -compat $lay -num_disks 1 -duration 5 -max_latency 1.6 $VT \
		-fio_opt service_us=1000 -fio_opt servers=4 >o.out 2>o.err)
	rc=$?
	want='Best Small IOPS with latency <= 1.6 ms = 4000 @ Small=4 and Large=0'
	sum=$(ls $d/t_*summary.txt 2>/dev/null)
	# After ORION's result lines: the Best line comes after Minimum Small Latency's.
	order=$(grep -n '^Minimum Small Latency\|^Best Small IOPS' $d/o.out | cut -d: -f2 | tr '\n' ' ')
	if [ $rc = 0 ] && grep -qx "$want" $d/o.out && [ -n "$sum" ] && grep -qx "$want" "$sum" \
		&& [ "${order%% *}" = Minimum ] \
		&& [ "$(grep -c '^Maximum Small IOPS' $d/o.out)" = 1 ] && [ "$(grep -c '^Minimum Small Latency' $d/o.out)" = 1 ]; then
		ok "-compat $lay -max_latency 1.6: the screen has '$want' after ORION's result lines, as the summary"
	else
		not_ok "-compat $lay: the answer on the screen (exit $rc)"
		cat $d/o.out
		grep -h '^Best' "$sum"
	fi
done
mkdir s0 && echo "$T/lun" >s0/t.lun
# shellcheck disable=SC2086
(cd s0 && "$FR" -run oltp -testname t -num_disks 1 -duration 5 $VT -fio_opt service_us=1000 \
	-fio_opt servers=4 >o.out 2>o.err)
if [ $? = 0 ] && grep -qx 'Maximum Small IOPS=4000 @ Small=4 and Large=0' s0/o.out && ! grep -q '^Best' s0/o.out; then
	ok "without -max_latency: ORION's result lines, no Best line"
else
	not_ok "without -max_latency: the screen"
	cat s0/o.out
fi

# ------------------------------------------------ 3. knee and answer
# point DIR NUM S C D: DIR/pNUM.json, small load S on C servers of D us, 10 s
point() {
	cat >"$1/p$2.fio" <<EOT
[global]
ioengine=external:$ENGINE
luns=$T/lun
backend=null
service_us=$5
servers=$4
virtual_time=1
rw=randread
bs=8k
time_based=1
runtime=10
[p$(printf %03d "$2")-s$3-l0-small]
iodepth=$3
EOT
	"$FR" -jobfile "$1/p$2.fio" -output "$1/p$2.json" 2>>"$1/err"
}
# ordered LINE: the loads LINE names after its knee's own ("...: Small=8 ("), rising
ordered() {
	echo "$1" | sed 's/^[^:]*: Small=[0-9]* //' | grep -o 'Small=[0-9]*' | cut -d= -f2 |
		awk 'NR > 1 && $1 <= last { bad = 1 } { last = $1 } END { exit bad || NR < 2 }'
}
mkdir k1
# 5000 S IOPS at 0.2 ms up to Small=4; 24036 and 27024 at 5 and 6; a hiccup
# at 7 (20000 IOPS, 0.35 ms); 26753 at 8 (0.299 ms); 25000 at 9 and 10
# (0.36 and 0.4 ms).
while read -r n s c d; do point k1 "$n" "$s" "$c" "$d"; done <<'EOF'
1 1 1 200
2 2 2 200
3 3 3 200
4 4 4 200
5 5 5 208
6 6 6 222
7 7 4 200
8 8 8 299
9 9 9 360
10 10 10 400
EOF
if "$F2O" -max_latency 0.3 -testname k -outdir k1/out k1/p*.json >k1/f.out 2>k1/f.err; then
	knee=$(grep '^Knee of the small-I/O ladder at Large=0' k1/out/k_trace.txt)
	why=$(grep '^Best Small IOPS with latency <= 0.3 ms is at Small=6' k1/out/k_trace.txt)
	if grep -qx 'Best Small IOPS with latency <= 0.3 ms = 27024 @ Small=6 and Large=0' k1/out/k_summary.txt \
		&& [ "$knee" = 'Knee of the small-I/O ladder at Large=0: Small=8 (not confirmed by the next load at Small=7, continued; Small=9 took the latency to 0.36 ms, over 0.3 ms); crossed, confirmed at Small=10' ] \
		&& ordered "$knee"; then
		ok "the hiccup at Small=7: the knee's line in the order the loads ran: $knee"
	else
		not_ok "the knee's line, in reading order: '$knee'"
		grep -h 'nee \|Best' k1/out/k_trace.txt k1/out/k_summary.txt
	fi
	if echo "$why" | grep -q 'not at the knee, Small=8 (26753 IOPS): Small=6 gave the most IOPS of the loads within the bound, more than the knee'; then
		ok "the trace says why the answer is Small=6, not the knee's Small=8: $why"
	else
		not_ok "the trace does not say why the answer (Small=6) is not the knee (Small=8): '$why'"
		grep -v '^ran\|^Point\|^Valid\|^$' k1/out/k_trace.txt | head -20
	fi
else
	not_ok "fio2orion over the hiccup ladder: exit $?"
	cat k1/f.err k1/err
fi
mkdir k2
# Flat from Small=4 (20000, 20080, 20134 IOPS: under the 5 % a doubling
# asks), then 20588 at Small=7 (0.34 ms) and 20000 at 8 (0.4 ms, over 0.35).
while read -r n s c d; do point k2 "$n" "$s" "$c" "$d"; done <<'EOF'
1 1 1 200
2 2 2 200
3 3 3 200
4 4 4 200
5 5 5 249
6 6 6 298
7 7 7 340
8 8 2 100
EOF
if "$F2O" -max_latency 0.35 -testname k -outdir k2/out k2/p*.json >k2/f.out 2>k2/f.err; then
	knee=$(grep '^Knee of the small-I/O ladder at Large=0' k2/out/k_trace.txt)
	why=$(grep '^Best Small IOPS with latency <= 0.35 ms is at Small=7' k2/out/k_trace.txt)
	if grep -q '^Best Small IOPS with latency <= 0.35 ms = 2058[0-9] @ Small=7 and Large=0$' k2/out/k_summary.txt \
		&& echo "$knee" | grep -q '^Knee of the small-I/O ladder at Large=0: Small=4 (.*); flat, confirmed at Small=6$' \
		&& echo "$why" | grep -q 'not at the knee, Small=4 (20000 IOPS): past the knee'; then
		ok "a flat knee at Small=4, IOPS rising again within the bound: the answer Small=7, and why: $why"
	else
		not_ok "flat knee, later answer: '$knee' / '$why'"
		grep -h 'nee \|Best' k2/out/k_trace.txt k2/out/k_summary.txt
	fi
else
	not_ok "fio2orion over the flat ladder: exit $?"
	cat k2/f.err k2/err
fi
# They agree (4 x 1 ms under 1.2 ms: knee Small=4, Small=5 crosses): no such line.
if "$F2O" -max_latency 1.2 -testname k -outdir k3 s10.2/t_jobs/run.json s10.2/t_jobs/p[0-9]*.json >k3.out 2>&1 \
	&& grep -q '^Knee of the small-I/O ladder at Large=0: Small=4 (Small=5 took' k3/k_trace.txt \
	&& grep -qx 'Best Small IOPS with latency <= 1.2 ms = 4000 @ Small=4 and Large=0' k3/k_summary.txt \
	&& ! grep -q '^Best' k3/k_trace.txt; then
	ok "knee and answer agree (Small=4): the trace has no line on their difference"
else
	not_ok "agreeing knee and answer"
	grep -h 'nee \|Best' k3/k_trace.txt k3/k_summary.txt k3.out
fi

# --------------------------------------------------- 4. the citation
cited=$(cd "$TOP" && grep -rn "seed 004's rule\|seed 004 rule" README.md docs man converter driver 2>/dev/null)
if [ -z "$cited" ] && ! "$FR" -help 2>&1 | grep -qi 'seed 004' \
	&& grep -q "fiorion's own" "$TOP/docs/answers.md"; then
	ok "the 5 %-per-doubling rule is not called seed 004's anywhere; docs/answers.md calls it fiorion's own"
else
	not_ok "the rule's citation: $cited"
fi
finish
