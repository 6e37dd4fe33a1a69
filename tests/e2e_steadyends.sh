#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Description: fio 3.33's steady state in the built-in runner, against
# stock fio on the same job files (real I/O on a scratch file), where no
# rate is judged (so beside the other suites; the job that settles is
# tests/e2e_steady.sh's, alone): one that cannot settle
# (iops_slope:0.0001%) is attained by neither and runs its whole runtime
# (7 s, within 6.9-7.6 s); exitall ends a group with its first job at 3 s
# (the driver's -duration auto files carry it); both write the
# "steadystate" block with the same keys and types, and its criterion,
# deviation, slope and means are fio's formulas over the window it holds
# (tests/steady_check.py); a group whose jobs differ in steady state is
# refused by both.
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
printf '[never]\n%s\nruntime=7\nss=iops_slope:0.0001%%\nss_dur=3s\nss_ramp=1s\n' "$common" >never.fio
# exitall: [short] ends at 3 s and takes [long] (20 s) with it.
printf '[global]\n%s\nexitall=1\nss=iops_slope:0.0001%%\nss_dur=3\n\n[long]\nruntime=20\n\n[short]\nruntime=3\n' "$common" >exitall.fio

steady_pair never "attained by neither, both ran runtime=7"
steady_pair exitall "both jobs of the group ended with the 3 s one"

# The window's options must agree within a group: both refuse.
printf '[global]\n%s\nruntime=2\n\n[a]\nss=iops:20%%\nss_dur=3\n\n[b]\nss=iops:10%%\nss_dur=3\n' "$common" >mixed.fio
fio --output-format=json mixed.fio >mixed-fio.out 2>&1
frc=$?
"$FR" -jobfile mixed.fio -output mixed.json 2>mixed.err
rrc=$?
if [ $frc -ne 0 ] && grep -q "consistent within reporting groups" mixed-fio.out \
	&& [ $rrc -eq 2 ] && grep -q "mixed.fio:[0-9]*: job 'b'.*same group" mixed.err; then
	ok "a group whose jobs differ in steady state: refused by fio (exit $frc) and the runner (exit $rrc, $(cut -c1-60 mixed.err)...)"
else
	not_ok "a group whose jobs differ in steady state: fio exit $frc, runner exit $rrc"
	cat mixed-fio.out mixed.err
fi
finish
