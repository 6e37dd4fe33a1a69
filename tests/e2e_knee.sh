#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh: paced
#
# Description: one knee on a real device whose answer is known before the
# run (issues 15 and 23), a smoke test of the whole path on real I/O: the
# rules themselves (each ladder's knee, 5 % a doubling and one confirming
# load, -max_latency's answer, -stop_at_knee's stop, fio2orion
# -max_latency, a large-I/O column) are judged exactly on the model
# device in virtual time by tests/e2e_vrules.sh.
#
# 1. A loop device under the kernel's block throttle at R = 2000 read
#    IOPS: a closed loop of L holds 2000 IOPS at every load and its mean
#    latency is L / R (Little's law). -max_latency 0.75 -stop_at_knee on
#    the small ladder 1..5 (-num_disks 1): loads 1..3 run, at 2000 IOPS
#    (within 5 %) and 0.5, 1, 1.5 ms (within 10 %); load 2 (1 ms) crosses
#    and load 3 confirms, so the knee is Small=1, the answer within
#    0.75 ms is Small=1's IOPS, and loads 4 and 5 are not run (pNNN.skip,
#    Total Data Points 4, the summary says why). Points of 3 s: the
#    throttle's token bucket lets a burst through in a point's first half
#    second, and in 4 samples (2 s) that one widens the interval to
#    +-15-35 %; in 6 it does not reach the 33 % at which load 2's 1 ms
#    could no longer be told from the 0.75 ms bound.
# 2. Bad -max_latency and -duration values: exit 2.
#
# One run at a time: the ladder's low loads are the runner's turnaround
# (at load 1, 2000 IOPS within 5 % leaves it 25 us an I/O), and two CIs
# read 1659 IOPS at load 2 and 1739 at load 1 with other ladders beside
# it. Without root or a cgroup block throttle, the device's check is
# skipped, naming why.
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
cd "$T" || exit 1
# row DIR NAME: the small ladder at Large=0 of .points.csv, "load iops lat_ms" a line
row() { awk -F, 'NR > 1 && $2 == 0 && $1 > 0 { print $1, $3, $9 }' "$1/$2.points.csv" | sort -n; }

# 1. The throttled device.
if thr_lun_file thr 2000 >/dev/null; then
	# thr_ladder: the ladder into t1; rc, and dev = the cells off the known answer
	thr_ladder() {
		rm -rf t1
		in_thr "$FR" -run advanced -matrix row -num_large 0 -num_disks 1 -testname thr -duration 3 \
			-max_latency 0.75 -stop_at_knee -outdir t1 >t1.out 2>t1.err
		rc=$?
		dev=$(row t1 thr | awk '{ want = $1 / 2; if ($2 < 1900 || $2 > 2100 || $3 < want * 0.9 || $3 > want * 1.1) bad = bad " " $0 } END { print bad }')
		[ $rc = 0 ] && [ -z "$dev" ] && [ "$(row t1 thr | wc -l)" = 3 ]
	}
	# One 3 s point is one sample of a shared machine (a clean-clone CI
	# read 1752 IOPS at load 5 once, the loads below it in band; at load
	# 1 the 5 % leaves the runner 25 us of turnaround an I/O, and 3 of 7
	# CIs in one session had one ladder off at load 1 or 5): a ladder off
	# the known answer is run again, up to 3 times in all, and every one
	# must be off to fail; a runner that misses the throttle misses it
	# every time.
	again=
	tries=1
	while ! thr_ladder && [ $tries -lt 3 ]; do
		again="$again (run again: ladder $tries was off at$dev)"
		tries=$((tries + 1))
		sleep 2
	done
	j=t1/thr_jobs
	if [ $rc = 0 ] && [ -z "$dev" ] && [ "$(row t1 thr | wc -l)" = 3 ]; then
		ok "throttled device at 2000 IOPS: small cells 1..3 at 2000 IOPS (5 %) and L / 2000 s latency (10 %)$again"
	else
		not_ok "throttled device: rc=$rc off the known answer:$dev$again"
		row t1 thr
		tail -3 t1.err
	fi
	if grep -qx 'Knee of the small-I/O ladder at Large=0: Small=1 (Small=2 took the latency to [0-9.]* ms, over 0.75 ms); crossed, confirmed at Small=3' t1/thr_trace.txt \
		&& grep -q '^Best Small IOPS with latency <= 0.75 ms = [0-9]* @ Small=1 and Large=0$' t1/thr_summary.txt \
		&& [ -s $j/p003.json ] && [ -s $j/p004.skip ] && [ -s $j/p005.skip ] && [ ! -e $j/p004.json ] \
		&& grep -qx 'Total Data Points: 4' t1/thr_summary.txt \
		&& grep -q '^Ladder stopped past its knee: knee of the small-I/O ladder at Large=0: Small=1 (Small=2 took the latency to [0-9.]* ms, over 0.75 ms); crossed, confirmed at Small=3; 2 of its points not run (from Small=4)\.$' t1/thr_summary.txt; then
		ok "-max_latency 0.75 -stop_at_knee: knee Small=1 (Small=2 is at 1 ms), confirmed at Small=3; the answer is Small=1; 4 and 5 not run, Total Data Points 4, the summary says why"
	else
		not_ok "-max_latency 0.75 -stop_at_knee on the throttled device: $(grep -h 'nee \|with latency\|Total' t1/thr_trace.txt t1/thr_summary.txt)"
		ls $j
	fi
else
	why=$(dev_why)
	skip_test "the throttled device's cells" "$why"
	skip_test "-max_latency 0.75 -stop_at_knee on it" "$why"
fi

# 2. bad values
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
