#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh: long=15
# (beside the other suites: the runner's logs are judged exactly in
# virtual time; stock fio's runs of the same jobs, on the model device
# and the wall clock, are judged with margins above their spread on a
# busy machine, and a comparison off is run again, longer, twice at most.
# Measured beside two spinning shells and other helpers' builds: fio's
# means on the model device within 3 % of the model's in most runs, 17 %
# at worst (1 run in 8); the psync job's pooled means fio vs runner within
# 1.8 % (2 at once beside two shells), 4.8 % at worst)
#
# Description: the built-in runner writes fio's logs (write_bw_log,
# write_iops_log, write_lat_log, write_hist_log, log_avg_msec,
# log_max_value, log_offset, log_hist_msec, per_job_logs) as stock fio
# 3.33 does for the same job file. Jobs: the fiorion engine on
# backend=null's model device (5 ms a request, 1 server, 4 in flight: 200
# IOPS, 20 ms) reading for 2 s, every log averaged over 200 ms, the
# histogram every 500 ms; the engine, 2 clones of one request at a time
# (10 ms) appending to one file each (per_job_logs=0), the window's
# maximum (log_max_value); the engine writing, 4 in flight (5 ms), a log
# entry per I/O with its offset (log_offset); a psync job, 2 clones on a
# FUSE file whose reads take 2 ms, 2 at a time (tests/slowfs.py; skipped
# where FUSE is not to be had), averaged over 250 ms.
#
# 1. Virtual time, exactly (tests/rnlogs_cmp.py vt): the three engine jobs
#    with virtual_time=1 run by the built-in runner; every row of every
#    log as the model's schedule and fio's logging rules say (its time,
#    value, direction, block size and offset), each clone's I/Os as the
#    JSON counts them, no row after its clone's end. A device 10 % slower
#    than the job file says fails every row of every log.
# 2. Stock fio on the same three jobs (the wall clock), against the
#    runner's logs of step 1 (tests/rnlogs_cmp.py cmp): the same file
#    names and columns, a row per I/O where there is no window (as each
#    run's JSON counts them), the windows' row counts within 50 % (fio's
#    helper thread ticks at 250 ms for this file's 200 ms windows: 7 rows
#    in 2 s, 9 with another group after) and the values' means within
#    25 %: what a log means, the same for both (a unit, a window or a
#    direction wrong is a factor off; a 10 % error is step 1's).
# 3. The psync job on the FUSE file, both runners on the wall clock,
#    fio and the runner alternately (2 rounds of 1 s), each run in a
#    directory of its own: names, columns, rows within 1, the per-I/O and
#    windowed values pooled over the 2 clones (the sum of their rates,
#    the mean of their latencies: the device's pace, not how the clones
#    shared it), the medians within 5 %.
# A comparison off (2, 3) is run again with the jobs twice as long, then
# four times; it fails when every attempt is off, each shown.
# fio2gnuplot reads the runner's bw and iops logs as it reads fio's. A
# log in a directory that cannot be written is refused before any I/O
# (exit 2).
. "$(dirname "$0")/lib.sh"
. "$TOP/tests/devices.sh"

FR=$TOP/build/fiorion
CMP="python3 $TOP/tests/rnlogs_cmp.py"
ROWS_TOL=0.5
MEANS_TOL=0.25
cd "$T" || exit 1
mkfile data 32
echo "$T/data" >one.lun

# model_jobs K [VT]: the three engine jobs, runtimes K x 2, 1, 1 s; VT:
# in virtual time
model_jobs() {
	vt=${2:+virtual_time=1}
	cat <<EOF
[global]
bs=4k
time_based
runtime=$((2 * $1))

[eng]
ioengine=external:$ENGINE
lunfile=$T/one.lun
backend=null
service_us=5000
servers=1
$vt
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
runtime=$1
ioengine=external:$ENGINE
lunfile=$T/one.lun
backend=null
service_us=10000
servers=1
$vt
rw=randread
numjobs=2
write_iops_log=q
write_bw_log=q
log_avg_msec=250
log_max_value=1
per_job_logs=0

[pu]
stonewall
runtime=$1
ioengine=external:$ENGINE
lunfile=$T/one.lun
backend=null
service_us=5000
servers=1
$vt
iodepth=4
rw=randwrite
write_lat_log=u
write_bw_log=u
write_iops_log=u
log_offset=1
EOF
}

# psync_job K: the psync job on the slow FUSE file, K s
psync_job() {
	cat <<EOF
[ps]
ioengine=psync
filename=$T/slow/lun
bs=4k
time_based
runtime=$1
rw=randread
numjobs=2
write_bw_log=p
write_iops_log=p
write_lat_log=p
log_avg_msec=250
EOF
}

# in_dir DIR CMD...: CMD in a new directory DIR (its JSON in out.json,
# its errors in err); false when it fails
in_dir() {
	_d=$1
	shift
	rm -rf "$_d" && mkdir "$_d" && (cd "$_d" && "$@" >out.json 2>err) && return 0
	echo "# $_d: $* failed: $(cat "$_d/err")"
	return 1
}

# tap FILE: rnlogs_cmp.py's lines as TAP
tap() {
	while IFS= read -r line; do
		case $line in
		"ok "*) ok "${line#ok }" ;;
		*) not_ok "${line#FAIL }" ;;
		esac
	done <"$1"
}

# 1. Virtual time: the runner's logs exactly.
model_jobs 1 vt >vt.fio
if in_dir v "$FR" -jobfile "$T/vt.fio"; then
	$CMP vt vt.fio v >vt.out
	tap vt.out
else
	not_ok "the built-in runner runs the logged jobs in virtual time"
fi

# attempts NAME CMD...: CMD K (a function running both sides with jobs K
# times as long and comparing them into NAME.out) for K = 1, 2, 4 until
# one has no FAIL line; its lines as TAP, the earlier attempts' failures
# named in a line each
attempts() {
	_name=$1
	shift
	_seen=
	for _k in 1 2 4; do
		"$@" $_k >"$_name.$_k" 2>&1
		if [ -s "$_name.$_k" ] && ! grep -qv '^ok ' "$_name.$_k"; then
			break
		fi
		_seen="$_seen $_k"
	done
	for _e in $_seen; do
		[ "$_e" = "$_k" ] || echo "# $_name: off with jobs x $_e: $(grep -v '^ok ' "$_name.$_e" | tr '\n' ' ')"
	done
	if [ -s "$_name.$_k" ]; then
		tap "$_name.$_k"
	else
		not_ok "$_name: nothing compared (jobs x $_k)"
	fi
}

# 2. Stock fio on the engine jobs against the runner's virtual-time logs.
fio_vs_vt() {
	model_jobs "$1" >m.fio
	model_jobs "$1" vt >mv.fio
	in_dir "f$1" fio --output-format=json "$T/m.fio" || return
	if [ "$1" = 1 ]; then
		cp -r v v1
	else
		in_dir "v$1" "$FR" -jobfile "$T/mv.fio" || return
	fi
	$CMP cmp --rows $ROWS_TOL --means $MEANS_TOL "f$1" -- "v$1"
}
attempts model fio_vs_vt

# 3. The psync job on a device with a known answer: slowfs, 2 ms a read,
# 2 at a time: each of 2 clones 500 IOPS at 2 ms; fio and the runner
# alternately.
psync_pair() {
	psync_job "$1" >p.fio
	for r in 1 2; do
		in_dir "pf$1.$r" fio --output-format=json "$T/p.fio" || return
		in_dir "pr$1.$r" "$FR" -jobfile "$T/p.fio" || return
	done
	$CMP cmp --means 0.05 --pool "pf$1.1" "pf$1.2" -- "pr$1.1" "pr$1.2"
}
if slow_mount "$T/slow" 2 2; then
	attempts psync psync_pair
else
	skip_test "the psync job's logs" "$(dev_why)"
fi

# fio2gnuplot reads the runner's logs as fio's: the same files from both.
if command -v fio2gnuplot >/dev/null 2>&1; then
	for d in f1 v; do
		mkdir "$d/g"
		(cd "$d" && fio2gnuplot -p '*_bw*.log' -d g >g.out 2>&1 \
			&& fio2gnuplot -p '*_iops*.log' -d g >>g.out 2>&1)
		ls "$d/g" >"$d.g"
	done
	if [ -s f1.g ] && cmp -s f1.g v.g && grep -q "e_bw.1.log" v/g.out && grep -q "u_iops.4.log" v/g.out; then
		ok "fio2gnuplot reads the runner's bw and iops logs as fio's ($(wc -l <v.g) files)"
	else
		not_ok "fio2gnuplot on the runner's logs: $(tr '\n' ' ' <v.g) vs fio's: $(tr '\n' ' ' <f1.g)"
		cat v/g.out
	fi
else
	skip_test "fio2gnuplot reads the runner's logs" "no fio2gnuplot"
fi

# A log where it cannot be written: refused before any I/O, exit 2.
mkdir bad
sed -e "s#write_bw_log=e#write_bw_log=$T/none/x#" vt.fio >bad/bad.fio
(cd bad && "$FR" -jobfile bad.fio >bad.json 2>bad.err)
rc=$?
if [ $rc = 2 ] && grep -q "job 'eng': cannot write its bw log '$T/none/x_bw.1.log' in '$T/none'" bad/bad.err \
	&& ! ls bad/*.log >/dev/null 2>&1; then
	ok "a log in a missing directory: exit 2, $(cat bad/bad.err)"
else
	not_ok "a log in a missing directory: exit $rc, $(cat bad/bad.err)"
fi
finish
