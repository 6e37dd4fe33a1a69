#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Description: the devices with known answers (tests/devices.sh) give
# their answers, with stock fio and with fiorion's built-in runner, on a
# busy machine too; the other tests judge numbers on them.
#
# 1. A loop device throttled to 2000 read IOPS (cgroup blkio throttle or
#    io.max), 8 KiB random reads at depth 8: 2000 IOPS within 2 % and a
#    mean latency of 8 / 2000 s = 4 ms within 3 % (Little's law), with
#    stock fio (libaio on the device), stock fio with the engine and the
#    built-in runner; throttled again to 1600: 1600 IOPS, 5 ms.
# 2. A FUSE file (tests/slowfs.py) with D = 5 ms and C = 2: at a load of
#    4 (psync clones), 2 / 5 ms = 400 IOPS within 5 % and 10 ms; at a load
#    of 1, 200 IOPS within 15 % (the client's own delays count there) --
#    each the median of 3 runs, loads interleaved, with stock fio and
#    with the built-in runner (engine backend=psync).
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
runtime=2
norandommap=1
EOF
	sed "s|^ioengine=.*|ioengine=external:$ENGINE|; s|^filename=.*|lunfile=$lun\\nbackend=io_uring|" raw.fio >eng.fio
	thr_check() { # WHO IOPS WANT_IOPS
		# shellcheck disable=SC2086
		set -- "$1" $2 "$3"
		lw=$(awk -v r="$4" 'BEGIN {printf "%.3f", 8000 / r}')
		if within "$2" "$4" 0.02 && within "$3" "$lw" 0.03; then
			ok "throttled loop at $4 IOPS, depth 8, $1: $2 IOPS, mean lat $3 ms (want $4 within 2 %, $lw ms within 3 %)"
		else
			not_ok "throttled loop at $4 IOPS, depth 8, $1: $2 IOPS, mean lat $3 ms (want $4 within 2 %, $lw ms within 3 %)"
		fi
	}
	if in_thr fio --output-format=json --output=t1.json raw.fio >/dev/null 2>t1.err; then
		thr_check "stock fio (libaio)" "$(fig t1.json)" 2000
	else
		not_ok "stock fio on the throttled loop device"; cat t1.err
	fi
	if in_thr fio --output-format=json --output=t2.json eng.fio >/dev/null 2>t2.err; then
		thr_check "stock fio with the engine" "$(fig t2.json)" 2000
	else
		not_ok "stock fio with the engine on the throttled loop device"; cat t2.err
	fi
	if in_thr "$FR" -jobfile eng.fio -output t3.json 2>t3.err; then
		thr_check "built-in runner" "$(fig t3.json)" 2000
	else
		not_ok "built-in runner on the throttled loop device"; cat t3.err
	fi
	thr_set thr "$R2"
	if in_thr "$FR" -jobfile eng.fio -output t4.json 2>t4.err; then
		thr_check "built-in runner, limit changed" "$(fig t4.json)" 1600
	else
		not_ok "built-in runner on the throttled loop device at 1600"; cat t4.err
	fi
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
runtime=2
norandommap=1

[slow]
numjobs=$2
EOF
	}
	for who in fio builtin; do
		sjob "$who" 1
		sjob "$who" 4
		i1='' i4='' l4=''
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
				if [ "$L" = 1 ]; then i1="$i1 $1"; else i4="$i4 $1" l4="$l4 $2"; fi
			done
		done
		# shellcheck disable=SC2086
		m1=$(median3 $i1) m4=$(median3 $i4) ml=$(median3 $l4)
		name=$who
		[ "$who" = fio ] && name="stock fio (psync)"
		[ "$who" = builtin ] && name="built-in runner (backend=psync)"
		if [ -n "$m4" ] && within "$m4" 400 0.05 && within "$ml" 10 0.05; then
			ok "FUSE D=5 ms C=2, load 4, $name: median $m4 IOPS, $ml ms (want 400 within 5 %, 10 ms); runs:$i4"
		else
			not_ok "FUSE D=5 ms C=2, load 4, $name: median $m4 IOPS, $ml ms (want 400 within 5 %, 10 ms); runs:$i4"
		fi
		if [ -n "$m1" ] && within "$m1" 200 0.15; then
			ok "FUSE D=5 ms C=2, load 1, $name: median $m1 IOPS (want 200 within 15 %); runs:$i1"
		else
			not_ok "FUSE D=5 ms C=2, load 1, $name: median $m1 IOPS (want 200 within 15 %); runs:$i1"
		fi
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
