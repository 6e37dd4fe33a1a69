#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh: alone
# (a scratch file's rate settling within 20 % is the CPU's to say; the
# checks that judge no rate are tests/e2e_steadyends.sh, beside others)
#
# Description: fio 3.33's steady state in the built-in runner, against
# stock fio on the same job file (real I/O on a scratch file): a job
# that settles (iops:20%, ramp 1 s, window 3 s, runtime 20 s) is attained
# by both and ends well before its runtime; both write the "steadystate"
# block with the same keys and types, and its criterion, deviation, slope
# and means are fio's formulas over the window it holds
# (tests/steady_check.py).
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
cd "$T" || exit 1
mkfile f 64

common="ioengine=libaio
filename=$T/f
direct=1
time_based=1
rw=randread
bs=8k
iodepth=4"
printf '[settle]\n%s\nruntime=20\nsteadystate=iops:20%%\nsteadystate_duration=3\nsteadystate_ramp_time=1\n' "$common" >settle.fio

for w in settle; do
	if ! fio --output-format=json+ --output=$w-fio.json $w.fio >$w-fio.err 2>&1; then
		not_ok "$w: stock fio runs the job file"
		cat $w-fio.err
		continue
	fi
	if ! "$FR" -jobfile $w.fio -output $w-rn.json 2>$w-rn.err; then
		not_ok "$w: the built-in runner runs the job file"
		cat $w-rn.err
		continue
	fi
	case $w in
	settle) what="attained by both, well before runtime=20" ;;
	esac
	if python3 "$TOP/tests/steady_check.py" $w $w-fio.json $w-rn.json >$w.out \
		&& python3 "$TOP/tests/jsonconsumers.py" keys $w-fio.json $w-rn.json >>$w.out; then
		ok "$w: $what; same steadystate keys and types, every key path of fio's, fio's formulas hold ($(grep '^fio \|^runner ' $w.out | sed 's/ window=.*//' | tr '\n' ';'))"
	else
		not_ok "$w: $what"
		cat $w.out
	fi
done
finish
