#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh: paced
# (a FUSE device that never answers: its checks are bounds of seconds;
# 1.7 s of CPU in 15 s of wall)
#
# Description: a LUN that stops completing I/O (a FUSE file whose reads
# never return, tests/hangfs.py) does not hang fiorion: the built-in
# runner gives up when no I/O has completed for FIORION_STUCK_TIMEOUT
# seconds, naming the job and the LUN, and exits 1 once the kernel gives
# the I/O back -- under -jobfile and under -run, where no ORION files are
# written for a run with no point done; under -runner fio, fio is given
# the point's time plus FIORION_STUCK_TIMEOUT and then stopped, with the
# LUN named. A bad FIORION_STUCK_TIMEOUT is one
# error naming it.
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
cd "$T" || exit 1

# 3. a bad FIORION_STUCK_TIMEOUT (no FUSE needed)
mkfile a 8
printf '[j]\nioengine=psync\nfilename=%s\nrw=randread\nbs=4k\nruntime=1\ntime_based=1\n' "$T/a" >ok.fio
if FIORION_STUCK_TIMEOUT=soon "$FR" -jobfile ok.fio >/dev/null 2>bad.err; then
	not_ok "FIORION_STUCK_TIMEOUT=soon accepted"
elif grep -q "FIORION_STUCK_TIMEOUT=soon: give whole seconds" bad.err && [ "$(wc -l <bad.err)" = 1 ]; then
	ok "FIORION_STUCK_TIMEOUT=soon: one error naming it"
else
	not_ok "FIORION_STUCK_TIMEOUT=soon: unexpected message"; cat bad.err
fi

# 4. a job completing millions of I/Os a second is not taken for stuck
echo "$T/a" >a.lun
printf '[fast]\nioengine=external:%s\nlunfile=%s\nbackend=null\nrw=randread\nbs=8k\ndirect=1\nnorandommap=1\niodepth=8\nruntime=2\ntime_based=1\n' \
	"$ENGINE" "$T/a.lun" >fast.fio
if FIORION_STUCK_TIMEOUT=1 "$FR" -jobfile fast.fio >fast.json 2>fast.err; then
	ok "a fast job (backend=null, $(json_iops fast.json) IOPS) with FIORION_STUCK_TIMEOUT=1 is not taken for stuck"
else
	not_ok "a fast job was taken for stuck"; cat fast.err
fi

if [ "$(id -u)" != 0 ] || [ ! -c /dev/fuse ] || ! /usr/bin/python3 -c 'import fusepy' 2>/dev/null; then
	skip_test "stuck LUN under -jobfile" "needs root, /dev/fuse and python3-fusepy"
	skip_test "stuck LUN under -run" "needs root, /dev/fuse and python3-fusepy"
	skip_test "stuck LUN under -runner fio" "needs root, /dev/fuse and python3-fusepy"
	finish
	exit 0
fi

# hang_mount DIR: mount a fresh hangfs on DIR (its daemon's pid in DIR.pid)
hang_mount() {
	mkdir -p "$1"
	/usr/bin/python3 "$TOP/tests/hangfs.py" "$1" >"$1.log" 2>&1 &
	echo $! >"$1.pid"
	n=0
	while ! mountpoint -q "$1"; do
		n=$((n + 1))
		[ $n -lt 100 ] || { cat "$1.log"; return 1; }
		sleep 0.1
	done
}

# hang_umount DIR: kill the daemon (the kernel then fails the held I/O) and
# unmount; its pid file goes with it (a pid is reused once its process is
# reaped: a later kill through a stale file could hit anything)
hang_umount() {
	kill -9 "$(cat "$1.pid")" 2>/dev/null
	rm -f "$1.pid"
	umount -l "$1" 2>/dev/null
	rmdir "$1" 2>/dev/null
}

# bounded CMD...: run CMD (stdout in out, stderr in err) until it exits or
# reports the stuck I/O, at most 60 s; secs = seconds to that. A thread
# waiting for a device in the kernel cannot be killed, so the process may
# only end once the I/O is given back: then kill the FUSE daemons, which
# makes the kernel fail the held I/O, and collect rc.
bounded() {
	start=$(date +%s)
	# emptied here, not by the child's redirection: a child that starts
	# late would leave the last test's "no I/O has completed" in err for
	# the first look below, and the daemons would be killed at once
	: >out
	: >err
	"$@" >out 2>err &
	pid=$!
	n=0
	while kill -0 $pid 2>/dev/null && [ $n -lt 600 ] && ! grep -q "no I/O has completed\|fio gave no result" err; do
		sleep 0.1
		n=$((n + 1))
	done
	secs=$(($(date +%s) - start))
	sleep 0.5
	if kill -0 $pid 2>/dev/null; then
		for p in "$T"/m*.pid; do kill -9 "$(cat "$p")" 2>/dev/null; done
	fi
	wait $pid
	rc=$?
}

trap 'for p in "$T"/m*.pid; do [ -f "$p" ] && hang_umount "${p%.pid}"; done; rm -rf "$T"' EXIT

# 1. -jobfile: buffered psync read from a LUN that never answers
if hang_mount "$T/m1"; then
	printf '[stuck]\nioengine=psync\nfilename=%s\nrw=randread\nbs=4k\ndirect=0\nruntime=1\ntime_based=1\n' \
		"$T/m1/lun" >stuck.fio
	FIORION_STUCK_TIMEOUT=2 bounded "$FR" -jobfile stuck.fio
	if [ $rc = 1 ] && [ $secs -le 20 ] &&
	   grep -q "job 'stuck': no I/O has completed for 2 s; LUN '$T/m1/lun' is not completing it" err; then
		ok "stuck LUN under -jobfile: exit 1 after ${secs} s, naming the job and the LUN"
	else
		not_ok "stuck LUN under -jobfile: rc=$rc after ${secs} s"; cat err
	fi
	hang_umount "$T/m1"
else
	not_ok "hangfs did not mount"
fi

# 2. -run: the ORION driver's first point on that LUN (io_uring, direct=1)
if hang_mount "$T/m2"; then
	echo "$T/m2/lun" >h.lun
	FIORION_STUCK_TIMEOUT=2 bounded "$FR" -run simple -testname h -duration 1 -cache_size 0
	if [ $rc = 1 ] && [ $secs -le 20 ] &&
	   grep -q "point 1 of .* failed" err &&
	   grep -q "no I/O has completed for 2 s; LUN '$T/m2/lun' is not completing it" err &&
	   ! ls h_summary.txt >/dev/null 2>&1; then
		ok "stuck LUN under -run: point 1 fails after ${secs} s naming the LUN, exit 1 once the I/O is given back, no ORION files"
	else
		not_ok "stuck LUN under -run: rc=$rc after ${secs} s"; cat err
	fi
	hang_umount "$T/m2"
else
	not_ok "hangfs did not mount"
fi

# 2b. -runner fio: the same limit (the point's time + FIORION_STUCK_TIMEOUT)
if hang_mount "$T/m3"; then
	echo "$T/m3/lun" >hf.lun
	FIORION_STUCK_TIMEOUT=2 bounded "$FR" -run simple -testname hf -duration 1 -cache_size 0 -runner fio
	if [ $rc = 1 ] && [ $secs -le 20 ] &&
	   grep -q "point 1 of .* failed" err &&
	   grep -q "fio gave no result within 3 s (the point's 1 s and FIORION_STUCK_TIMEOUT=2 s): LUN '$T/m3/lun' is not completing its I/O" err &&
	   ! ls hf_summary.txt hf_jobs/p001.json >/dev/null 2>&1; then
		ok "stuck LUN under -runner fio: point 1 fails after ${secs} s naming the LUN, exit 1, no ORION files"
	else
		not_ok "stuck LUN under -runner fio: rc=$rc after ${secs} s"; cat err
	fi
	hang_umount "$T/m3"
else
	not_ok "hangfs did not mount"
fi

finish
