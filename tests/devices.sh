# SPDX-License-Identifier: GPL-2.0-only
#
# devices.sh -- devices whose numbers are known before the run, for the
# tests that judge a number (sourced by lib.sh; uses its $T, at_exit and
# mkfile). tests/e2e_devices.sh checks the answers.
#
# - A loop device over a scratch file under the kernel's block throttle
#   (cgroup v1 blkio.throttle.*_device, or v2 io.max where only v2 has
#   the io controller). A closed loop of L reads outstanding, run inside
#   the throttle's cgroup (in_thr), against a read limit of R IOPS:
#       IOPS = R        mean latency = L / R (Little's law)
#   as long as the loop device alone is much faster than R (it is: it
#   reads the scratch file through the page cache, ~20 us a read). At
#   R = 2000 and 8 KiB random reads at depth 8: 2000 IOPS, 4.000 ms.
#   Only IOPS and the mean are known: the throttle releases reads in
#   bursts (at depth 8, clat p50 ~0.05 ms, p99 ~100 ms). Runs must start
#   a slice apart (thr_rest). A read's round trip passes two kernel
#   workers at nice 0 (the throttle's dispatch, the loop device's), which
#   a busy CPU holds back: a round trip longer than L / R loses the
#   throttle's budget, so a deeper loop keeps the answer on a busy
#   machine (depth 32: 16 ms of slack at 2000 IOPS, against 4 ms at depth
#   8; tests/e2e_devices.sh has the figures). A run of t s reads R t + L
#   reads, up to (R t + L) / t IOPS.
# - A FUSE file (tests/slowfs.py) whose reads take D ms with at most C in
#   service: IOPS = min(L, C) / D, mean latency L / IOPS (D up to load C,
#   L / C x D above). Its servers keep their pace through a client's
#   delays of up to 0.1 s (as the throttle does), so the rate holds on a
#   busy machine; each new run (first open of the file) starts afresh.
#   Reads are direct_io, but the kernel passes them to the daemon
#   concurrently only from separate threads or processes: psync clones
#   (numjobs=L) or io_uring with IOSQE_ASYNC (fio's force_async=1).
#   libaio, and io_uring without force_async, serve one read at a time
#   (libfuse 2 does not ask the kernel for asynchronous direct I/O): so
#   `fiorion -run` on it needs -backend psync (Small=N as clones: 199,
#   399, 399, 400 IOPS at Small=1..4 for D=5, C=2); with io_uring or
#   libaio it reads 199 IOPS at every load.
#
# Contract of every helper: on success it returns 0; when the facility is
# missing (not root, no losetup or free loop device, no blkio/io cgroup,
# no /dev/fuse or python3-fusepy) it returns 1 and leaves the reason for
# dev_why, so a test says
#     lun=$(thr_lun_file a 2000) || skip_test "knee on a throttled device" "$(dev_why)"
# Everything a helper makes (loop device, cgroup, FUSE mount and daemon)
# is removed when the script exits -- at the end, on error or on an
# interrupt -- through lib.sh's at_exit. State lives in files under $T,
# so the helpers work from a subshell ($(...)) as well.

# dev_why: why the last helper could not make its device.
dev_why() { cat "$T/.dev_why" 2>/dev/null || echo "unknown reason"; }
dev_fail() { echo "$*" >"$T/.dev_why"; return 1; }

# thr_cg: print "v1 DIR" or "v2 DIR", the test's throttle cgroup (made on
# the first call, one per script, named after the script's pid and $T, so
# that two make checks side by side never share one; removed at exit).
thr_cg() {
	if [ -s "$T/.thr_cg" ]; then cat "$T/.thr_cg"; return 0; fi
	[ "$(id -u)" = 0 ] || { dev_fail "a throttled device needs root"; return 1; }
	_v=v1
	_r=$(awk '$3 == "cgroup" && $4 ~ /(^|,)blkio(,|$)/ {print $2; exit}' /proc/mounts)
	if [ -z "$_r" ] || [ ! -f "$_r/blkio.throttle.read_iops_device" ]; then
		_v=v2
		_r=$(awk '$3 == "cgroup2" {print $2; exit}' /proc/mounts)
		if [ -z "$_r" ] || ! grep -qw io "$_r/cgroup.controllers" 2>/dev/null; then
			dev_fail "no cgroup block throttle: neither cgroup v1 blkio.throttle nor cgroup v2 io"
			return 1
		fi
		# v2: a child has io.max only when its parent delegates io
		if ! grep -qw io "$_r/cgroup.subtree_control" &&
		   ! echo +io >"$_r/cgroup.subtree_control" 2>/dev/null; then
			dev_fail "cgroup v2: cannot enable the io controller in $_r"
			return 1
		fi
	fi
	_d=$_r/fiorion-$$-${T##*/}
	mkdir "$_d" 2>"$T/.cg.err" || { dev_fail "cannot make cgroup $_d: $(cat "$T/.cg.err")"; return 1; }
	at_exit "thr_rmcg '$_d'"
	echo "$_v $_d" >"$T/.thr_cg"
	cat "$T/.thr_cg"
}

# thr_rmcg DIR: remove a throttle cgroup; processes still in it (an
# interrupted test's) move to its parent first.
thr_rmcg() {
	for _p in $(cat "$1/cgroup.procs" 2>/dev/null); do
		echo "$_p" >"${1%/*}/cgroup.procs" 2>/dev/null
	done
	for _i in 1 2 3 4 5 6 7 8 9 10; do
		rmdir "$1" 2>/dev/null && return 0
		[ -d "$1" ] || return 0
		sleep 0.2
	done
	echo "# could not remove cgroup $1" >&2
}

# thr_detach DEV: detach a loop device this script attached (udev may
# still hold it for a moment: retried).
thr_detach() {
	for _i in 1 2 3 4 5 6 7 8 9 10; do
		losetup -d "$1" 2>/dev/null && return 0
		sleep 0.3
	done
	echo "# could not detach $1" >&2
}

# thr_dev NAME MIB RIOPS [RBPS [WIOPS [WBPS]]]: a loop device over a new
# MIB MiB scratch file $T/NAME, throttled for processes run by in_thr to
# RIOPS read I/Os a second (RBPS read bytes a second, WIOPS and WBPS for
# writes; 0 or absent: no limit). Its path: thr_path NAME. Several
# devices share the script's one throttle cgroup, each with its limits.
thr_dev() {
	[ $# -ge 3 ] || { echo "usage: thr_dev NAME MIB RIOPS [RBPS [WIOPS [WBPS]]]" >&2; return 2; }
	command -v losetup >/dev/null 2>&1 || { dev_fail "a throttled device needs losetup (util-linux)"; return 1; }
	thr_cg >/dev/null || return 1
	mkfile "$1" "$2"
	# no --direct-io: the loop device reads the file through the page
	# cache, so the disk under $T (and what else uses it) is not in the
	# answer; the test's own reads of /dev/loopN are O_DIRECT as usual
	# losetup -f: the first free device, whichever it is (never a fixed
	# number: another suite, or another make check, may hold any); taken
	# by another between its look and its attach, it is tried again
	_n=0
	until _dev=$(losetup -f --show "$T/$1" 2>"$T/.losetup.err"); do
		_n=$((_n + 1))
		[ $_n -lt 3 ] || { dev_fail "losetup could not attach a loop device: $(cat "$T/.losetup.err")"; return 1; }
		sleep 0.2
	done
	at_exit "thr_detach '$_dev'"
	echo "$_dev" >"$T/.thr.$1"
	cat "$T/$1" >/dev/null    # the file in the page cache before the first read
	thr_set "$1" "$3" "${4:-0}" "${5:-0}" "${6:-0}"
}

# thr_path NAME: the loop device's path (/dev/loopN).
thr_path() { cat "$T/.thr.$1"; }

# thr_set NAME RIOPS [RBPS [WIOPS [WBPS]]]: change the device's limits
# (0 or absent: no limit), e.g. 2000 then 1600 read IOPS for a compare.
thr_set() {
	_dev=$(thr_path "$1") || return 1
	_mm=$(cat "/sys/block/${_dev#/dev/}/dev") || return 1
	read -r _v _d <"$T/.thr_cg" || return 1
	if [ "$_v" = v1 ]; then
		echo "$_mm ${2:-0}" >"$_d/blkio.throttle.read_iops_device" &&
		echo "$_mm ${3:-0}" >"$_d/blkio.throttle.read_bps_device" &&
		echo "$_mm ${4:-0}" >"$_d/blkio.throttle.write_iops_device" &&
		echo "$_mm ${5:-0}" >"$_d/blkio.throttle.write_bps_device"
	else
		_max() { if [ "${1:-0}" = 0 ]; then echo max; else echo "$1"; fi; }
		echo "$_mm riops=$(_max "$2") rbps=$(_max "$3") wiops=$(_max "$4") wbps=$(_max "$5")" >"$_d/io.max"
	fi || return 1
	thr_rest
}

# thr_rest: wait until the throttle has forgotten the past (0.3 s). It
# keeps its budget in slices of ~0.1 s: reads that come within a slice
# of the limit's change or of the cgroup's last read find the unused
# budget of the time between, and go through at once. Measured at 2000
# IOPS, 1 s runs: a built-in runner started at once after stock fio gave
# 2245 IOPS (fio itself takes longer than a slice to start: 2002); after
# a change to 1600, a 2 s run gave 1654; `fiorion -run oltp` with the
# built-in runner, whose points follow each other within a slice, gave
# 1985-2273 IOPS a point, with -runner fio 1972-2017. So: thr_rest
# before every run whose number is judged, and a point's answer is only
# the limit when the point before it ended a slice earlier.
thr_rest() { sleep 0.3; }

# in_thr CMD [ARG...]: run the program CMD inside the throttle cgroup (a
# shell writes its own pid to cgroup.procs, then execs CMD; what CMD
# starts -- fio under -runner fio, fio's threads, io_uring's workers --
# is in it too). Its exit status is CMD's. E.g.
#     in_thr "$TOP/build/fiorion" -run oltp -testname a -duration 2
in_thr() {
	[ -s "$T/.thr_cg" ] || { echo "in_thr: no throttled device here (thr_dev first)" >&2; return 2; }
	read -r _v _d <"$T/.thr_cg"
	sh -c 'echo $$ >"$0/cgroup.procs" && exec "$@"' "$_d" "$@"
}

# thr_lun_file NAME RIOPS [MIB]: make a throttled loop device (MIB MiB,
# default 64) and print the path of a .lun file, $T/NAME.lun, naming it;
# run the tool with in_thr so that its reads are throttled.
thr_lun_file() {
	thr_dev "$1" "${3:-64}" "$2" || return 1
	thr_path "$1" >"$T/$1.lun"
	echo "$T/$1.lun"
}

# slow_mount DIR D_MS C: mount tests/slowfs.py on DIR (made here): one
# 64 MiB file DIR/lun whose reads take D_MS ms, at most C at a time. The
# daemon (SCHED_FIFO priority 10 where chrt may set it) has its pid in
# DIR.pid, its output in DIR.log; unmounted and ended at exit.
slow_mount() {
	[ "$(id -u)" = 0 ] || { dev_fail "a FUSE device needs root"; return 1; }
	[ -c /dev/fuse ] || { dev_fail "a FUSE device needs /dev/fuse"; return 1; }
	/usr/bin/python3 -c 'import fusepy' 2>/dev/null ||
		{ dev_fail "a FUSE device needs /usr/bin/python3 with python3-fusepy"; return 1; }
	mkdir -p "$1"
	# at real-time priority where allowed (it sleeps nearly all the time):
	# a starved daemon would answer late whatever its pacing
	_rt=
	chrt -f 10 true 2>/dev/null && _rt="chrt -f 10"
	$_rt /usr/bin/python3 "$TOP/tests/slowfs.py" "$1" "$2" "$3" </dev/null >"$1.log" 2>&1 &
	echo $! >"$1.pid"
	at_exit "slow_umount '$1'"
	_n=0
	while ! mountpoint -q "$1"; do
		_n=$((_n + 1))
		if [ $_n -ge 100 ] || ! kill -0 "$(cat "$1.pid")" 2>/dev/null; then
			dev_fail "slowfs did not mount on $1: $(cat "$1.log")"
			return 1
		fi
		sleep 0.1
	done
}

# slow_umount DIR: unmount a slowfs, end its daemon (by its pid), remove DIR.
# Unmounted, a daemon that served reads takes 1.5-2 s to leave by itself
# (SIGTERM does not hasten it) and has nothing left to do: after 0.5 s it
# is killed, so that a suite with four mounts does not spend 8 s leaving.
slow_umount() {
	umount "$1" 2>/dev/null || umount -l "$1" 2>/dev/null
	if [ -f "$1.pid" ]; then
		_p=$(cat "$1.pid")
		kill "$_p" 2>/dev/null
		_n=0
		while kill -0 "$_p" 2>/dev/null; do
			[ $_n -lt 5 ] || { kill -9 "$_p" 2>/dev/null; break; }
			sleep 0.1
			_n=$((_n + 1))
		done
		rm -f "$1.pid"
	fi
	rmdir "$1" 2>/dev/null
	return 0
}

# slow_lun_file NAME D_MS C: mount a slowfs on $T/NAME.mnt and print the
# path of a .lun file, $T/NAME.lun, naming its file. Reads through the
# engine run concurrently only from clones (numjobs) or separate jobs.
slow_lun_file() {
	slow_mount "$T/$1.mnt" "$2" "$3" || return 1
	echo "$T/$1.mnt/lun" >"$T/$1.lun"
	echo "$T/$1.lun"
}
