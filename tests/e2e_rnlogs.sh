#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh: alone
# (not paced: the model device's completions are seen when the reaping
# thread runs, so its means follow the CPU; beside two other suites fio's
# side once read 2.53 ms against the runner's 2.11 ms, -16.8 %)
#
# Description: the built-in runner writes fio's logs (write_bw_log,
# write_iops_log, write_lat_log, write_hist_log, log_avg_msec,
# log_max_value, log_offset, log_hist_msec, per_job_logs) as stock fio
# 3.33 does for the same job file: one job file, run by fio and by
# `fiorion -jobfile` alternately (3 rounds, 2 s jobs), each run in a
# directory of its own; tests/rnlogs_cmp.py compares the files' names,
# columns, row counts (within 1, the rows of an interval and direction;
# a log per I/O: a row for each I/O of the run's JSON) and the medians
# of their means (within 10 %). Jobs: the fiorion engine on
# backend=null's model device (500 us a request, 1 server, 4 in flight:
# 2000 IOPS, 2 ms) reading, every log averaged over 200 ms, the
# histogram every 500 ms; the engine, 2 clones appending to one file each
# (per_job_logs=0), the window's maximum (log_max_value); the engine writing, 4 in flight (2000 IOPS, 2 ms), a
# log entry per I/O with its offset (log_offset); a psync job, 2 clones
# on a FUSE file whose reads take 2 ms, 2 at a time (tests/slowfs.py;
# skipped where FUSE is not to be had), averaged over 250 ms.
# fio2gnuplot reads the runner's bw and iops logs as it reads fio's. A
# log in a directory that cannot be written is refused before any I/O
# (exit 2).
. "$(dirname "$0")/lib.sh"
. "$TOP/tests/devices.sh"

FR=$TOP/build/fiorion
cd "$T" || exit 1
mkfile data 32
echo "$T/data" >one.lun

cat >logs.fio <<EOF
[global]
bs=4k
time_based
runtime=2

[eng]
ioengine=external:$ENGINE
lunfile=$T/one.lun
backend=null
service_us=500
servers=1
iodepth=4
rw=randread
write_bw_log=e
write_iops_log=e
write_lat_log=e
write_hist_log=e
log_avg_msec=200
log_hist_msec=500

[pj]
stonewall
runtime=1
ioengine=external:$ENGINE
lunfile=$T/one.lun
backend=null
service_us=1000
servers=1
rw=randread
numjobs=2
write_iops_log=q
write_bw_log=q
log_avg_msec=250
log_max_value=1
per_job_logs=0

[pu]
stonewall
runtime=1
ioengine=external:$ENGINE
lunfile=$T/one.lun
backend=null
service_us=500
servers=1
iodepth=4
rw=randwrite
write_lat_log=u
write_bw_log=u
write_iops_log=u
log_offset=1
EOF

# The psync job reads a device with a known answer: slowfs, 2 ms a read,
# 2 at a time: each of 2 clones 500 IOPS at 2 ms.
if slow_mount "$T/slow" 2 2; then
	cat >>logs.fio <<EOF

[ps]
stonewall
ioengine=psync
filename=$T/slow/lun
rw=randread
numjobs=2
write_bw_log=p
write_iops_log=p
write_lat_log=p
log_avg_msec=250
EOF
else
	skip_test "the psync job's logs" "$(dev_why)"
fi

fails=0
fdirs="" rdirs=""
for r in 1 2 3; do
	mkdir "f$r" "r$r"
	(cd "f$r" && fio --output-format=json "$T/logs.fio" >out.json 2>err) || fails=$((fails + 1))
	(cd "r$r" && "$FR" -jobfile "$T/logs.fio" >out.json 2>err) || fails=$((fails + 1))
	fdirs="$fdirs f$r" rdirs="$rdirs r$r"
done
if [ $fails = 0 ]; then
	ok "3 rounds of fio and the built-in runner on one logged job file"
else
	not_ok "$fails of 6 runs failed"
	cat f*/err r*/err
fi

# shellcheck disable=SC2086
python3 "$TOP/tests/rnlogs_cmp.py" $fdirs -- $rdirs >cmp.out
while IFS= read -r line; do
	case $line in
	"ok "*) ok "${line#ok }" ;;
	*) not_ok "${line#FAIL }" ;;
	esac
done <cmp.out

# fio2gnuplot reads the runner's logs as fio's: the same files from both.
if command -v fio2gnuplot >/dev/null 2>&1; then
	for d in f1 r1; do
		mkdir "$d/g"
		(cd "$d" && fio2gnuplot -p '*_bw*.log' -d g >g.out 2>&1 \
			&& fio2gnuplot -p '*_iops*.log' -d g >>g.out 2>&1)
		ls "$d/g" >"$d.g"
	done
	if [ -s f1.g ] && cmp -s f1.g r1.g && grep -q "e_bw.1.log" r1/g.out && grep -q "u_iops.4.log" r1/g.out; then
		ok "fio2gnuplot reads the runner's bw and iops logs as fio's ($(wc -l <r1.g) files)"
	else
		not_ok "fio2gnuplot on the runner's logs: $(tr '\n' ' ' <r1.g) vs fio's: $(tr '\n' ' ' <f1.g)"
		cat r1/g.out
	fi
else
	skip_test "fio2gnuplot reads the runner's logs" "no fio2gnuplot"
fi

# A log where it cannot be written: refused before any I/O, exit 2.
mkdir bad
sed -e "s#write_bw_log=e#write_bw_log=$T/none/x#" logs.fio >bad/bad.fio
(cd bad && "$FR" -jobfile bad.fio >bad.json 2>bad.err)
rc=$?
if [ $rc = 2 ] && grep -q "job 'eng': cannot write its bw log '$T/none/x_bw.1.log' in '$T/none'" bad/bad.err \
	&& ! ls bad/*.log >/dev/null 2>&1; then
	ok "a log in a missing directory: exit 2, $(cat bad/bad.err)"
else
	not_ok "a log in a missing directory: exit $rc, $(cat bad/bad.err)"
fi
finish
