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

steady_pair settle "attained by both, well before runtime=20"
finish
