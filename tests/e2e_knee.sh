#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh: paced long=60 timeout=600
#
# Description: answers under a latency bound (issues 15 and 23), judged on
# devices whose answers are known before the run (tests/devices.sh), not
# on a first run of a noisy disk:
#
# 1. A loop device under the kernel's block throttle at R = 2000 read
#    IOPS: a closed loop of L holds 2000 IOPS at every load and its mean
#    latency is L / R (Little's law): 0.5, 1, 1.5, 2, 2.5 ms for the small
#    ladder 1..5 (-num_disks 1). The cells are checked against that (IOPS
#    within 5 %, latency within 10 %). Under -max_latency 0.75 load 2 (1 ms)
#    crosses and load 3 confirms: the knee is Small=1 (latency), confirmed
#    at Small=3, and the answer is Small=1's IOPS. Under -max_latency 1.2
#    the knee is Small=1 again, flat (IOPS do not rise from 1 to 2),
#    unless the points' intervals are wider than the 5 % asked (then the
#    flat step is noise and the knee is Small=2, the last load under
#    1.2 ms, confirmed at Small=4: both are the rule's answers on this
#    device, and nothing else is); the answer within 1.2 ms is Small=1 or 2.
#    -stop_at_knee -max_latency 0.75, both runners: loads 1..3 run, 4 and
#    5 are skipped (pNNN.skip), Total Data Points 4, the summary says why.
#    Points of 3 s: the throttle's token bucket lets a burst through in a
#    point's first half second, and in 4 samples (2 s) that one widens the
#    interval to +-15-35 %; in 6 it does not reach the 33 % at which load
#    2's 1 ms could no longer be told from the 0.75 ms bound.
# 2. A FUSE file (tests/slowfs.py) with D = 8 ms service and C = 2 servers,
#    read by a large sequential ladder of L streams of one 128 KiB read each
#    (-type seq -num_streamIO 1 -size_large 128, backend psync: each stream
#    its own clone, so L reads are in service at once): MBPS rise as
#    L x 128 KiB / 8 ms up to L = 2 and stay, latency is 8 ms up to L = 2
#    (plus the client's own round trip, about 1 ms on a busy machine) and
#    4 L ms above. Under -max_latency 10 (-num_disks 3: large loads 1..6)
#    the knee is Large=2 (Large=3 takes 12 ms), confirmed at Large=4, and
#    -stop_at_knee runs 1..4 and skips 5 and 6, with both runners.
# 3. (-duration auto:MAX with both runners: tests/e2e_steadyends.sh,
#    beside the other suites.)
# 4. Bad -max_latency and -duration values: exit 2.
#
# One run at a time: the ladder's low loads are the runner's turnaround
# (at load 1, 2000 IOPS within 5 % leaves it 25 us an I/O), and with the
# -stop_at_knee runs and the FUSE ladders beside it on devices of their
# own, two CIs read 1659 IOPS at load 2 and 1739 at load 1, twice in a row
# each.
#
# Without root, a cgroup block throttle or FUSE, the device's checks are
# skipped, naming why.
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
F2O=$TOP/build/fio2orion
ENG=$TOP/build/fiorion-engine.so
cd "$T" || exit 1
# row DIR NAME: the small ladder at Large=0 of _points.csv, "load iops lat_ms" a line
row() { awk -F, 'NR > 1 && $2 == 0 && $1 > 0 { print $1, $3, $9 }' "$1/$2_points.csv" | sort -n; }

# 1. The throttled device.
if thr_lun_file thr 2000 >/dev/null; then
	# thr_ladder: the ladder into t1; rc, and dev = the cells off the known answer
	thr_ladder() {
		rm -rf t1
		in_thr "$FR" -run advanced -matrix row -num_large 0 -num_disks 1 -testname thr -duration 3 \
			-max_latency 0.75 -outdir t1 >t1.out 2>t1.err
		rc=$?
		dev=$(row t1 thr | awk '{ want = $1 / 2; if ($2 < 1900 || $2 > 2100 || $3 < want * 0.9 || $3 > want * 1.1) bad = bad " " $0 } END { print bad }')
		[ $rc = 0 ] && [ -z "$dev" ] && [ "$(row t1 thr | wc -l)" = 5 ]
	}
	# One 3 s point is one sample of a shared machine (a clean-clone CI
	# read 1752 IOPS at load 5 once, the four loads below it in band; at
	# load 1 the 5 % leaves the runner 25 us of turnaround an I/O, and 3
	# of 7 CIs in one session had one ladder off at load 1 or 5): a
	# ladder off the known answer is run again, up to 3 times in all, and
	# every one must be off to fail; a runner that misses the throttle
	# misses it every time.
	again=
	tries=1
	while ! thr_ladder && [ $tries -lt 3 ]; do
		again="$again (run again: ladder $tries was off at$dev)"
		tries=$((tries + 1))
		sleep 2
	done
	if [ $rc = 0 ] && [ -z "$dev" ] && [ "$(row t1 thr | wc -l)" = 5 ]; then
		ok "throttled device at 2000 IOPS: every small cell 2000 IOPS (5 %) at L / 2000 s latency (10 %), loads 1..5$again"
	else
		not_ok "throttled device: rc=$rc off the known answer:$dev$again"
		row t1 thr
		tail -3 t1.err
	fi
	if grep -qx 'Knee of the small-I/O ladder at Large=0: Small=1 (Small=2 took the latency to [0-9.]* ms, over 0.75 ms); crossed, confirmed at Small=3' t1/thr_trace.txt \
		&& grep -q '^Best Small IOPS with latency <= 0.75 ms = [0-9]* @ Small=1 and Large=0$' t1/thr_summary.txt; then
		ok "-max_latency 0.75: knee Small=1 (Small=2 is at 1 ms), confirmed at Small=3; the answer is Small=1"
	else
		not_ok "-max_latency 0.75 on the throttled device: $(grep -h 'nee \|with latency' t1/thr_trace.txt t1/thr_summary.txt)"
	fi
	"$F2O" -max_latency 1.2 -outdir t2 t1/thr_jobs/run.json t1/thr_jobs/p[0-9]*.json >t2.out 2>t2.err
	k=$(grep '^Knee of the small-I/O ladder at Large=0' t2/thr_trace.txt)
	case $k in
	"Knee of the small-I/O ladder at Large=0: Small=1 (Small=2 raised IOPS by "*" %, under the 5.0 % asked of it: 5 % a doubling of the load); flat, confirmed at Small=3" | \
	"Knee of the small-I/O ladder at Large=0: Small=1 (Small=2 lowered IOPS by "*" %); flat, confirmed at Small=3")
		kn="Small=1, flat, confirmed at Small=3" ;;
	"Knee of the small-I/O ladder at Large=0: Small=2 (Small=3 took the latency to "*" ms, over 1.2 ms); crossed, confirmed at Small=4; within noise at Small=2, continued")
		kn="Small=2 (the flat step from 1 was within its intervals), crossed, confirmed at Small=4" ;;
	*) kn= ;;
	esac
	if [ -n "$kn" ]; then
		if grep -q '^Best Small IOPS with latency <= 1.2 ms = [0-9]* @ Small=[12] and Large=0$' t2/thr_summary.txt; then
			ok "fio2orion -max_latency 1.2: knee $kn; the answer within 1.2 ms at Small=1 or 2"
		else
			not_ok "fio2orion -max_latency 1.2 answer: $(grep 'with latency' t2/thr_summary.txt)"
		fi
	else
		not_ok "fio2orion -max_latency 1.2 knee: $(grep 'nee ' t2/thr_trace.txt) $(cat t2.err)"
	fi
	for runner in builtin fio; do
		in_thr "$FR" -run advanced -matrix row -num_large 0 -num_disks 1 -testname thr -duration 3 \
			-max_latency 0.75 -stop_at_knee -runner $runner -engine "$ENG" -outdir "s_$runner" \
			>"s_$runner.out" 2>"s_$runner.err"
		rc=$?
		j=s_$runner/thr_jobs
		if [ $rc = 0 ] && [ -s $j/p003.json ] && [ -s $j/p004.skip ] && [ -s $j/p005.skip ] && [ ! -e $j/p004.json ] \
			&& grep -qx 'Total Data Points: 4' "s_$runner/thr_summary.txt" \
			&& grep -q '^Ladder stopped past its knee: knee of the small-I/O ladder at Large=0: Small=1 (Small=2 took the latency to [0-9.]* ms, over 0.75 ms); crossed, confirmed at Small=3; 2 of its points not run (from Small=4)\.$' "s_$runner/thr_summary.txt"; then
			ok "-stop_at_knee -max_latency 0.75 -runner $runner: loads 1..3 run, 4 and 5 skipped, Total Data Points 4, the summary says why"
		else
			not_ok "-stop_at_knee -runner $runner: rc=$rc"
			ls $j
			grep -h 'Total\|Ladder' "s_$runner/thr_summary.txt"
			tail -3 "s_$runner.err"
		fi
	done
else
	why=$(dev_why)
	for c in "the throttled device's cells" "-max_latency 0.75 on it" "fio2orion -max_latency 1.2 on it" \
		"-stop_at_knee -runner builtin on it" "-stop_at_knee -runner fio on it"; do
		skip_test "$c" "$why"
	done
fi

# 2. The FUSE device: the large ladder rises to C = 4 and stays.
# col DIR NAME: the large ladder at Small=0, "load mbps lat_ms" a line
col() { awk -F, 'NR > 1 && $1 == 0 && $2 > 0 { print $2, $6, $9 }' "$1/$2_points.csv" | sort -n; }
if slow_lun_file fz 8 2 >/dev/null; then
	for runner in builtin fio; do
		"$FR" -run advanced -matrix col -num_small 0 -num_disks 3 -type seq -num_streamIO 1 \
			-size_large 128 -cache_size 0 -backend psync -testname fz -duration 2 -max_latency 10 \
			-stop_at_knee -runner $runner -engine "$ENG" -outdir "f_$runner" >"f_$runner.out" 2>"f_$runner.err"
		rc=$?
		j=f_$runner/fz_jobs
		# MBPS = min(L, 2) x 0.125 MiB / 8 ms = 15.625 min(L, 2); latency max(8, 4 L) ms,
		# below saturation plus the client's round trip (up to 2 ms allowed)
		dev=$(col "f_$runner" fz | awk '{ c = $1 < 2 ? $1 : 2; m = 15.625 * c; l = $1 < 2 ? 8 : 4 * $1;
			if ($2 < m * 0.8 || $2 > m * 1.1 || $3 < l * 0.95 || $3 > (l == 8 ? 10 : l * 1.15)) bad = bad " " $0 } END { print bad }')
		if [ $rc = 0 ] && [ -z "$dev" ] && [ -s $j/p004.json ] && [ -s $j/p005.skip ] && [ -s $j/p006.skip ] \
			&& grep -q '^Knee of the large-I/O ladder at Small=0: Large=2 (Large=3 took the latency to [0-9.]* ms, over 10 ms); crossed, confirmed at Large=4' "f_$runner/fz_trace.txt"; then
			ok "FUSE D=8 ms C=2, -runner $runner: MBPS rise to Large=2 and stay, latency 8 ms then 4 L ms; knee Large=2 (10 ms), confirmed at 4; 5 and 6 not run"
		else
			not_ok "FUSE ladder -runner $runner: rc=$rc off the known answer:$dev"
			col "f_$runner" fz
			grep -h 'nee ' "f_$runner/fz_trace.txt"
			ls $j
			tail -3 "f_$runner.err"
		fi
	done
else
	why=$(dev_why)
	skip_test "FUSE ladder -runner builtin" "$why"
	skip_test "FUSE ladder -runner fio" "$why"
fi

# 4. bad values
n=0
for v in "-max_latency 5ms" "-max_latency p100.5:5" "-max_latency 0" "-duration auto:5" "-duration autox" "-duration auto:"; do
	"$FR" -run simple -testname t $v -outdir bad >/dev/null 2>bad.err
	rc=$?
	[ $rc = 2 ] && [ "$(wc -l <bad.err)" = 1 ] && n=$((n + 1))
done
if [ $n = 6 ] && [ ! -e bad ]; then
	ok "bad -max_latency and -duration auto values: exit 2, one line, nothing written"
else
	not_ok "bad values: $n of 6; $(cat bad.err)"
fi
finish
