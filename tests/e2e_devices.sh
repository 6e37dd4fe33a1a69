#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh: paced long=40
#
# Description: the devices with known answers (tests/devices.sh) give
# their answers, with stock fio and with fiorion's built-in runner, on a
# busy machine too; the other tests judge numbers on them.
#
# 1. A loop device throttled to 2000 read IOPS (cgroup blkio throttle or
#    io.max), 8 KiB random reads at depth 8: 2000 IOPS within 2 % and a
#    mean latency of 8 / 2000 s = 4 ms within 3 % (Little's law), with
#    stock fio (libaio on the device), stock fio with the engine and the
#    built-in runner; throttled again to 1600: 1600 IOPS, 5 ms. Each the
#    median of 3 runs of 1 s, the three interleaved.
# 2. A FUSE file (tests/slowfs.py) with D = 5 ms and C = 2: at a load of
#    4 (psync clones), 2 / 5 ms = 400 IOPS and 4 / 400 s = 10 ms; at a
#    load of 1, 200 IOPS and 5 ms; each within 3 %, the median of 3 runs
#    of 1 s, loads interleaved, with stock fio and with the built-in
#    runner (engine backend=psync).
# 3. What the helpers make is gone when a script using them is
#    interrupted: its loop device, cgroup, FUSE mount and daemon.
# A facility that is missing (root, losetup, a block-throttle cgroup,
# /dev/fuse, python3-fusepy) skips its checks with the reason.
#
# FIORION_TEST_INJECT=1 (a demonstration that the checks can fail, never
# set in `make check`): the devices are made 10 % slower than the checks
# expect -- throttled to 1800 (then 1440) instead of 2000 (1600) IOPS, D
# = 5.5 instead of 5 ms -- and every judged check must then fail.
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
FID=$TOP/tests/fidelity.py
cd "$T" || exit 1
inj=${FIORION_TEST_INJECT:-0}

# within X WANT TOL: X is WANT within a fraction TOL
within() { awk -v x="$1" -v w="$2" -v t="$3" 'BEGIN {exit !(x >= w * (1 - t) && x <= w * (1 + t))}'; }
# fig FILE: "IOPS lat_ms" of a fio JSON result (all jobs)
fig() { /usr/bin/python3 "$FID" job "$1" | awk '{printf "%.1f %.3f\n", $1, $2 / 1e6}'; }
# median3 A B C
median3() { printf '%s\n' "$@" | sort -g | sed -n 2p; }

# 1. The throttled loop device
R=2000 R2=1600
[ "$inj" = 1 ] && R=1800 R2=1440
if lun=$(thr_lun_file thr "$R"); then
	dev=$(thr_path thr)
	cat >raw.fio <<EOF
[raw]
ioengine=libaio
filename=$dev
rw=randread
bs=8k
direct=1
iodepth=8
time_based=1
runtime=1
norandommap=1
EOF
	# libaio: make check-system (system_uringoff) turns io_uring off
	# machine-wide for a moment, and this is a check of the device, not of
	# a backend
	sed "s|^ioengine=.*|ioengine=external:$ENGINE|; s|^filename=.*|lunfile=$lun\\nbackend=libaio|" raw.fio >eng.fio
	# trun WHO N: run WHO (fio, eng: fio with the engine, builtin) on the
	# device, inside its cgroup, to tN.WHO.json; append "IOPS lat_ms" to
	# tN.WHO. Each after thr_rest: the throttle's budget of the gap between
	# runs would let the next run's first reads through at once.
	trun() {
		thr_rest
		case $1 in
		fio) in_thr fio --output-format=json --output="t$2.$1.json" raw.fio >/dev/null 2>t.err ;;
		eng) in_thr fio --output-format=json --output="t$2.$1.json" eng.fio >/dev/null 2>t.err ;;
		builtin) in_thr "$FR" -jobfile eng.fio -output "t$2.$1.json" 2>t.err ;;
		esac || { sed 's/^/# /' t.err; return 0; }
		fig "t$2.$1.json" >>"t$2.$1"
	}
	# tcheck WHO N WANT NAME: the medians of tN.WHO against WANT IOPS
	tcheck() {
		# shellcheck disable=SC2046
		set -- "$1" "$2" "$3" "$4" $(sort -g "t$2.$1" 2>/dev/null | sed -n 2p) "$(cut -d' ' -f1 "t$2.$1" 2>/dev/null | tr '\n' ' ')"
		lw=$(awk -v r="$3" 'BEGIN {printf "%.3f", 8000 / r}')
		ml=$(cut -d' ' -f2 "t$2.$1" 2>/dev/null | sort -g | sed -n 2p)
		msg="throttled loop at $3 IOPS, depth 8, $4: median $5 IOPS, mean lat $ml ms (want $3 within 2 %, $lw ms within 3 %); runs: $7"
		if [ -n "$5" ] && within "$5" "$3" 0.02 && within "$ml" "$lw" 0.03; then ok "$msg"; else not_ok "$msg"; fi
	}
	for rep in 1 2 3; do
		for who in fio eng builtin; do trun $who 1; done
	done
	thr_set thr "$R2"
	for rep in 1 2 3; do trun builtin 2; done
	tcheck fio 1 2000 "stock fio (libaio)"
	tcheck eng 1 2000 "stock fio with the engine"
	tcheck builtin 1 2000 "built-in runner"
	tcheck builtin 2 1600 "built-in runner, limit changed"
else
	why=$(dev_why)
	for w in "stock fio (libaio)" "stock fio with the engine" "built-in runner" "built-in runner at 1600"; do
		skip_test "throttled loop device, $w" "$why"
	done
fi

# 2. The FUSE file
D=5 C=2
[ "$inj" = 1 ] && D=5.5
if slow_mount "$T/m" "$D" "$C"; then
	echo "$T/m/lun" >s.lun
	# sjob WHO LOAD: a job file, LOAD psync clones of 8 KiB random reads
	sjob() {
		if [ "$1" = fio ]; then
			io="ioengine=psync
filename=$T/m/lun"
		else
			io="ioengine=external:$ENGINE
lunfile=$T/s.lun
backend=psync"
		fi
		cat >"s$1$2.fio" <<EOF
[global]
$io
rw=randread
bs=8k
direct=1
time_based=1
runtime=1
norandommap=1

[slow]
numjobs=$2
EOF
	}
	for who in fio builtin; do
		sjob "$who" 1
		sjob "$who" 4
		i1='' j1='' i4='' j4=''
		for rep in 1 2 3; do
			for L in 1 4; do
				o=s$who$L.$rep.json
				if [ "$who" = fio ]; then
					fio --output-format=json --output="$o" "s$who$L.fio" >/dev/null 2>s.err
				else
					"$FR" -jobfile "s$who$L.fio" -output "$o" 2>s.err
				fi || { cat s.err; continue; }
				# shellcheck disable=SC2046
				set -- $(fig "$o")
				if [ "$L" = 1 ]; then i1="$i1 $1" j1="$j1 $2"; else i4="$i4 $1" j4="$j4 $2"; fi
			done
		done
		# shellcheck disable=SC2086
		m1=$(median3 $i1) l1=$(median3 $j1) m4=$(median3 $i4) l4=$(median3 $j4)
		name=$who
		[ "$who" = fio ] && name="stock fio (psync)"
		[ "$who" = builtin ] && name="built-in runner (backend=psync)"
		for L in 4 1; do
			if [ $L = 4 ]; then m=$m4 l=$l4 runs=$i4 wi=400 wl=10; else m=$m1 l=$l1 runs=$i1 wi=200 wl=5; fi
			msg="FUSE D=5 ms C=2, load $L, $name: median $m IOPS, $l ms (want $wi, $wl ms, within 3 %); runs:$runs"
			if [ -n "$m" ] && within "$m" $wi 0.03 && within "$l" $wl 0.03; then
				ok "$msg"
			else
				not_ok "$msg"
			fi
		done
	done
else
	why=$(dev_why)
	for w in "stock fio, load 4" "stock fio, load 1" "built-in runner, load 4" "built-in runner, load 1"; do
		skip_test "FUSE device, $w" "$why"
	done
fi

# 3. An interrupted script leaves nothing behind: a child script (its $0
# this script, so that lib.sh finds the tree) makes a device of each kind
# and a process in the cgroup, and gets SIGTERM.
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
[ -n "$cdev" ] && losetup "$cdev" >/dev/null 2>&1 && left="$left $cdev"
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
finish
