#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh: paced
# (a few % of a core: its numbers are the kernel's throttle and a FUSE
# daemon's pacing; about 11 s of wall, 3 s of CPU)
#
# Description: the devices with known answers (tests/devices.sh) give
# their answers, with stock fio and with fiorion's built-in runner, on a
# busy machine too; the other tests judge numbers on them. Only real
# devices in real time show this (the kernel's block throttle honoured
# through libaio, a FUSE daemon's fixed service): it stays wall-clock.
#
# 1. Loop devices throttled to 2000 read IOPS (cgroup blkio throttle or
#    io.max), 8 KiB random reads at depth 32: 2000 IOPS within 2 % and a
#    mean latency of 32 / 2000 s = 16 ms within 3 % (Little's law), with
#    stock fio (libaio on the device), stock fio with the engine and the
#    built-in runner, each on a device of its own, the three at once;
#    and a fourth device throttled to 2000 and then to 1600 (the limit
#    changed): 1600 IOPS, 20 ms with the built-in runner, beside them.
#    Each the median of 3 runs of 1 s.
# 2. FUSE files (tests/slowfs.py) with D = 5 ms and C = 2: at a load of 4
#    (psync clones), 2 / 5 ms = 400 IOPS and 4 / 400 s = 10 ms; at a load
#    of 1, 200 IOPS and 5 ms; each within 3 %, the median of 3 runs of
#    1 s, with stock fio and with the built-in runner (engine
#    backend=psync): the four each on a file of its own, at once, beside
#    item 1.
# 3. What the helpers make is gone when a script using them is
#    interrupted: its loop device, cgroup, FUSE mount and daemon.
# A facility that is missing (root, losetup, a block-throttle cgroup,
# /dev/fuse, python3-fusepy) skips its checks with the reason.
#
# On a busy machine (issue 39). Depth 32, not 8: a read's round trip
# through the throttle passes two kernel workers at nice 0 (the
# throttle's dispatch, the loop device's), which a CPU taken by others
# holds back; at depth 8 a round trip of more than 4 ms loses the
# throttle's budget. Measured with both cores spinning at nice 0 (and
# other sessions' suites beside), 30 runs of 1 s each, interleaved (IOPS:
# median; the others' range; the runs below 1960): depth 8, built-in
# runner 1990, 1976..2004, 8 below (599, 954, 1512, 1809, 1837, 1890,
# 1900, 1952); fio with the engine 2000, 1978..2004, 1 below (1673);
# depth 32, built-in 2012, 1971..2030, 2 below (1460, 1750); fio with the
# engine 2022, 2012..2030, 3 below (1527, 1532, 1709). At depth 32 a run
# reads 2000 x 1 s + 32 reads in a little over 1 s, so up to 2032 IOPS
# (+1.6 %, inside the 2 %); its mean latency 15.8 ms. The runs below are
# the kernel's workers held back for a slice (0.1 s: 200 reads fewer) or
# the run's end a slice late, and come in bursts (a suite starting beside
# this one: all the devices are made, and the daemons started, before any
# run is timed): so a check whose median misses is run again a second
# later with longer runs (2 s, then 3 s), at most twice, and fails only
# when every attempt missed; each line says the attempts. In 12 runs of
# the suite (3 alone, 3 beside two spinning cores, 6 as two clones side by
# side) every check passed at its first attempt.
# A device 10 % slower misses in every attempt: FIORION_TEST_INJECT=1 (a
# demonstration, never set in `make check`) makes them so -- throttled to
# 1800 (then 1440) instead of 2000 (1600) IOPS, D = 5.5 instead of 5 ms
# -- and every judged check then fails, after its three attempts (1807,
# 1809, 1809 and 1448 IOPS; 364 and 182 IOPS on the FUSE files).
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
FID=$TOP/tests/fidelity.py
cd "$T" || exit 1
inj=${FIORION_TEST_INJECT:-0}

# figs FILE...: "IOPS lat_ms" of each fio JSON result (all its jobs; one
# python for all: its start-up is 0.2-0.4 s on a busy machine), a file
# without a result left out
figs() {
	/usr/bin/python3 -c 'import sys
sys.path.insert(0, sys.argv[1])
import fidelity
for f in sys.argv[2:]:
    try:
        fidelity.job(f)
    except (SystemExit, Exception):
        pass' "${FID%/*}" "$@" | awk '{printf "%.1f %.3f\n", $1, $2 / 1e6}'
}
# med FILE COLUMN: the median of a column of FILE's lines (3 of them)
med() { cut -d' ' -f"$2" "$1" 2>/dev/null | sort -g | sed -n 2p; }
# waitpids PID...: wait for these (not for the FUSE daemons, children too)
waitpids() { for _w in "$@"; do wait "$_w"; done; }

# Every judged check KEY has attempts 1..3 (runs of 1, 2, 3 s): its runs'
# "IOPS lat_ms" in KEY.K, one line a run; judge KEY K WANT_IOPS WANT_MS TOL
# NAME: whether attempt K's medians are the answer (IOPS within TOL, the
# latency within 3 %); KEY.ok once one is; KEY.msg the check's line.
judge() {
	_m=$(med "$1.$2" 1) _l=$(med "$1.$2" 2)
	_runs=$(cut -d' ' -f1 "$1.$2" 2>/dev/null | tr '\n' ' ')
	_pct=$(awk -v t="$5" 'BEGIN {print t * 100}')
	_att="attempt $2 of 3 ($2 s runs)"
	[ -f "$1.att" ] && _att="$_att; before: $(cat "$1.att")"
	echo "$6: median ${_m:-none} IOPS, mean lat ${_l:-none} ms (want $3 within $_pct %, $4 ms within 3 %); runs: $_runs; $_att" >"$1.msg"
	if [ -n "$_m" ] && [ "$(wc -l <"$1.$2")" = 3 ] && within "$_m" "$3" "$5" && within "$_l" "$4" 0.03; then
		: >"$1.ok"
	else
		printf '%s' "attempt $2: $_m IOPS $_l ms (runs $_runs) " >>"$1.att"
	fi
}
# report KEY: the check's TAP line
report() {
	if [ -f "$1.ok" ]; then ok "$(cat "$1.msg")"; else not_ok "$(cat "$1.msg" 2>/dev/null || echo "$1: no result")"; fi
}

# 3. An interrupted script leaves nothing behind: a child script (its $0
# this script, so that lib.sh finds the tree) makes a device of each kind
# and a process in the cgroup, and gets SIGTERM.
# Run while the devices of items 1 and 2 are made (its TAP line in
# child.tap).
child_part() {
	ntest=0
	cat >child.sh <<'EOF'
. "$(dirname "$0")/lib.sh"
thr_dev a 8 100 || echo "thr $(dev_why)" >>"$OUT"
slow_mount "$T/m" 5 2 || echo "slow $(dev_why)" >>"$OUT"
[ -s "$T/.thr_cg" ] && in_thr sh -c 'echo $$ >"$1"; exec sleep 60' sh "$OUT.sleep" 2>/dev/null &
sleep 0.5
echo "up $T $(thr_path a 2>/dev/null) $(cut -d' ' -f2 "$T/.thr_cg" 2>/dev/null) $(cat "$T/m.pid" 2>/dev/null)" >>"$OUT"
wait
EOF
	OUT=$T/child.out sh -c "$(cat child.sh)" "$TOP/tests/e2e_devices.sh" &
	cpid=$!
	n=0
	while ! grep -q '^up' child.out 2>/dev/null && [ $n -lt 100 ]; do sleep 0.1; n=$((n + 1)); done
	# shellcheck disable=SC2046
	set -- $(grep '^up' child.out 2>/dev/null)
	ct=$2 cdev=$3 ccg=$4 cfuse=$5
	kill -TERM "$cpid" 2>/dev/null
	wait "$cpid"
	spid=$(cat child.out.sleep 2>/dev/null)
	[ -n "$spid" ] && kill "$spid" 2>/dev/null
	left=
	[ -n "$ct" ] && [ -e "$ct" ] && left="$left $ct"
	# the device still over the child's file (its number, once free, is
	# soon another's: this script's own, another suite's)
	[ -n "$cdev" ] && losetup "$cdev" 2>/dev/null | grep -q "$ct/" && left="$left $cdev"
	[ -n "$ccg" ] && [ -d "$ccg" ] && left="$left $ccg"
	[ -n "$cfuse" ] && kill -0 "$cfuse" 2>/dev/null && left="$left daemon $cfuse"
	[ -n "$ct" ] && grep -q " $ct/m " /proc/mounts && left="$left mount $ct/m"
	if [ -z "$ct" ]; then
		not_ok "the interrupted script did not start: $(cat child.out 2>/dev/null)"
	elif [ -z "$cdev$ccg$cfuse" ]; then
		skip_test "an interrupted script leaves nothing behind" "$(grep -v '^up' child.out | tr '\n' ' ')"
	elif [ -z "$left" ]; then
		ok "a script interrupted (SIGTERM) with a throttled loop device ($cdev), its cgroup and a FUSE mount leaves none of them, nor its directory"
	else
		not_ok "an interrupted script left:$left"
	fi
}

# 2. The FUSE files: mounted before any run, checked beside item 1 (their
# TAP lines in fuse.tap)
D=5 C=2
[ "$inj" = 1 ] && D=5.5
# fuse_mounts: the four files, mounted at once (KEY.why: why one was not)
fuse_mounts() {
	_pids=
	for _k in sfio4 sfio1 sbuiltin4 sbuiltin1; do
		(slow_mount "$T/m${_k#s}" "$D" "$C" || dev_why >"$_k.why") &
		_pids="$_pids $!"
	done
	# shellcheck disable=SC2086
	waitpids $_pids
}
# fuse_part: their checks
fuse_part() {
	ntest=0
	keys=
	for key in sfio4 sfio1 sbuiltin4 sbuiltin1; do
		if [ -f "$key.why" ]; then
			skip_test "FUSE device, ${key#s}" "$(cat "$key.why")"
			continue
		fi
		keys="$keys $key"
		echo "$T/m${key#s}/lun" >"$key.lun"
	done
	# sjob KEY K: KEY.K.fio, L psync clones of 8 KiB random reads, K s
	sjob() {
		_L=${1#"${1%?}"}
		if [ "${1#sfio}" != "$1" ]; then
			io="ioengine=psync
filename=$T/m${1#s}/lun"
		else
			io="ioengine=external:$ENGINE
lunfile=$T/$1.lun
backend=psync"
		fi
		cat >"$1.$2.fio" <<EOF
[global]
$io
rw=randread
bs=8k
direct=1
time_based=1
runtime=$2
norandommap=1

[slow]
numjobs=$_L
EOF
	}
	for k in 1 2 3; do
		todo=
		for key in $keys; do [ -f "$key.ok" ] || todo="$todo $key"; done
		[ -n "$todo" ] || break
		# a retry a second later: a burst of the machine's has passed
		[ $k = 1 ] || sleep 1
		for key in $todo; do sjob "$key" $k; done
		for rep in 1 2 3; do
			pids=
			for key in $todo; do
				(
					o=$key.$k.$rep.json
					case $key in
					sfio*) fio --output-format=json --output="$o" "$key.$k.fio" >/dev/null 2>"$key.err" ;;
					*) "$FR" -jobfile "$key.$k.fio" -output "$o" 2>"$key.err" ;;
					esac || sed 's/^/# /' "$key.err"
				) &
				pids="$pids $!"
			done
			# shellcheck disable=SC2086
			waitpids $pids
		done
		for key in $todo; do
			figs "$key.$k.1.json" "$key.$k.2.json" "$key.$k.3.json" >>"$key.$k"
			case $key in
			sfio*) name="stock fio (psync)" ;;
			*) name="built-in runner (backend=psync)" ;;
			esac
			L=${key#"${key%?}"}
			if [ "$L" = 4 ]; then wi=400 wl=10; else wi=200 wl=5; fi
			judge "$key" $k $wi $wl 0.03 "FUSE D=5 ms C=2, load $L, $name"
		done
	done
	for key in $keys; do report "$key"; done
}

child_part >child.tap 2>&1 &
childpid=$!
fuse_mounts

# 1. The throttled loop devices: fio, eng (fio with the engine) and
# builtin at R, chg at R then R2, each its own device in the one cgroup.
R=2000 R2=1600
[ "$inj" = 1 ] && R=1800 R2=1440
made=
for key in fio eng builtin chg; do
	if thr_lun_file "t$key" "$R" 16 >/dev/null; then
		made="$made $key"
	else
		why=$(dev_why)
		break
	fi
done
[ "$made" = " fio eng builtin chg" ] && thr_set tchg "$R2"
# the devices are made (the child's beside them) before any run is timed:
# a python, a daemon starting is CPU taken from the kernel's workers
waitpids $childpid
fuse_part >fuse.tap 2>&1 &
fusepid=$!
if [ "$made" = " fio eng builtin chg" ]; then
	# tjob KEY K: KEY.K.fio, 8 KiB random reads at depth 32 for K s
	tjob() {
		if [ "$1" = fio ]; then
			io="ioengine=libaio
filename=$(thr_path tfio)"
		else
			# libaio: make check-system (system_uringoff) turns io_uring
			# off machine-wide for a moment, and this is a check of the
			# device, not of a backend
			io="ioengine=external:$ENGINE
lunfile=$T/t$1.lun
backend=libaio"
		fi
		cat >"$1.$2.fio" <<EOF
[t$1]
$io
rw=randread
bs=8k
direct=1
iodepth=32
time_based=1
runtime=$2
norandommap=1
EOF
	}
	for k in 1 2 3; do
		todo=
		for key in fio eng builtin chg; do [ -f "$key.ok" ] || todo="$todo $key"; done
		[ -n "$todo" ] || break
		[ $k = 1 ] || sleep 1
		for key in $todo; do tjob "$key" $k; done
		for rep in 1 2 3; do
			# each run a throttle slice after the last on its device: its
			# budget for the gap would let its first reads through at once
			thr_rest
			pids=
			for key in $todo; do
				(
					o=$key.$k.$rep.json
					case $key in
					fio | eng) in_thr fio --output-format=json --output="$o" "$key.$k.fio" >/dev/null 2>"$key.err" ;;
					*) in_thr "$FR" -jobfile "$key.$k.fio" -output "$o" 2>"$key.err" ;;
					esac || sed 's/^/# /' "$key.err"
				) &
				pids="$pids $!"
			done
			# shellcheck disable=SC2086
			waitpids $pids
		done
		for key in $todo; do
			figs "$key.$k.1.json" "$key.$k.2.json" "$key.$k.3.json" >>"$key.$k"
		done
		lw=$(awk -v r=2000 'BEGIN {printf "%.3f", 32000 / r}')
		lw2=$(awk -v r=1600 'BEGIN {printf "%.3f", 32000 / r}')
		for key in $todo; do
			case $key in
			fio) judge fio $k 2000 "$lw" 0.02 "throttled loop at 2000 IOPS, depth 32, stock fio (libaio)" ;;
			eng) judge eng $k 2000 "$lw" 0.02 "throttled loop at 2000 IOPS, depth 32, stock fio with the engine" ;;
			builtin) judge builtin $k 2000 "$lw" 0.02 "throttled loop at 2000 IOPS, depth 32, built-in runner" ;;
			chg) judge chg $k 1600 "$lw2" 0.02 "throttled loop at 2000 then 1600 IOPS (the limit changed), depth 32, built-in runner" ;;
			esac
		done
	done
	for key in fio eng builtin chg; do report "$key"; done
else
	for w in "stock fio (libaio)" "stock fio with the engine" "built-in runner" "built-in runner at 1600"; do
		skip_test "throttled loop device, $w" "$why"
	done
fi
waitpids $fusepid
tap_replay fuse.tap
tap_replay child.tap
finish
