#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh: long=25
# (virtual time for the exact checks; a few runs of 1-2 s on a scratch
# file in the page cache, judged by counts and bounds of 250 ms or more)
#
# Description: how a point's job ends and what it writes beside it, under
# the built-in runner and stock fio.
#
# 1. A rate-limited (open-loop) time_based job lasts its runtime, as fio's
#    does (io_u.c: rate_ddir() sleeps up to the runtime when the next
#    arrival is beyond it), not only to its last arrival: in virtual time
#    job_runtime and each direction's runtime equal runtime= exactly
#    (uniform 1 IOPS for 2 s and 10 s, poisson at 1 and 1.5 IOPS for 60 s
#    with six seeds each), with the arrivals fio's schedule gives; on a
#    scratch file the runner's job_runtime and I/O count agree with stock
#    fio's on the same job file (1 IOPS uniform, 2 s); and fiorion -run
#    curve at 1 IOPS uniform for 2 s (a point whose last gap is 1 s) is
#    measured, exit 0, under -runner builtin.
# 2. A point's fio-style logs (<T>_jobs/pNNN-...-small_iops.1.log,
#    _bw.1.log) are created new under both runners: with -resume, a
#    symbolic link planted under a log's name is refused before any I/O
#    (exit 3, one line naming it) and its target is untouched; a hard link
#    to another file under a log's name is replaced by a new file, the
#    other file untouched. fiorion -jobfile (the built-in runner alone)
#    refuses a link under a log's name (exit 3) and replaces an earlier
#    hard-linked log by a new file.
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
cd "$T" || exit 1
truncate -s 64M vlun

# --- 1. the open loop's end -------------------------------------------

# vjob NAME RUNTIME RATE-OPTION PROCESS SEED: an open loop of one clone on
# the model device (1 ms, one server) in virtual time.
vjob() {
	cat >"$1.fio" <<EOT
[global]
ioengine=external:$ENGINE
luns=$T/vlun
backend=null
service_us=1000
servers=1
virtual_time=1
rw=randread
bs=4k
time_based
runtime=$2
randseed=$5
[$1]
iodepth=4
$3
rate_process=$4
EOT
}

# runtimes JSON: "job_runtime read.runtime total_ios arrivals"
runtimes() {
	echo "$(jget "$1" jobs/0/job_runtime) $(jget "$1" jobs/0/read/runtime)" \
		"$(jget "$1" jobs/0/read/total_ios) $(jget "$1" jobs/0/fiorion_openloop/arrivals)"
}

bad=
for c in "u2 2 rate_iops=1 linear 1 2" "u10 10 rate_iops=1 linear 1 10"; do
	set -- $c
	vjob "$1" "$2" "$3" "$4" "$5"
	if ! "$FR" -jobfile "$1.fio" -output "$1.json" 2>"$1.err"; then
		bad="$bad $1: exit $? ($(head -n1 "$1.err"))"
		continue
	fi
	got=$(runtimes "$1.json")
	want="$(($2 * 1000)) $(($2 * 1000)) $6 $6"
	[ "$got" = "$want" ] || bad="$bad $1: job_runtime, runtime, ios, arrivals $got, not $want;"
done
if [ -z "$bad" ]; then
	ok "virtual time, uniform 1 IOPS for 2 s and 10 s: job_runtime = runtime = 2000, 10000 ms; 2 and 10 I/Os"
else
	not_ok "virtual time, uniform 1 IOPS:$bad"
fi

bad= n=0
for rate in rate_iops=1 rate=6k; do
	for seed in 1 2 3 4 5 6; do
		vjob "p$seed" 60 "$rate" poisson "$seed"
		n=$((n + 1))
		if ! "$FR" -jobfile "p$seed.fio" -output "p$seed.json" 2>"p$seed.err"; then
			bad="$bad $rate seed $seed: exit $? ($(head -n1 "p$seed.err"));"
			continue
		fi
		set -- $(runtimes "p$seed.json")
		[ "$1 $2" = "60000 60000" ] && [ "$3" = "$4" ] ||
			bad="$bad $rate seed $seed: job_runtime $1, runtime $2, $3 I/Os of $4 arrivals;"
	done
done
if [ -z "$bad" ]; then
	ok "virtual time, poisson at 1 and 1.5 IOPS for 60 s, $n seeds: job_runtime = runtime = 60000 ms, every arrival done"
else
	not_ok "virtual time, poisson low rates:$bad"
fi

# The same job on a scratch file (the engine's default backend), the
# built-in runner and stock fio: fio sleeps to its runtime, so both last
# 2 s (a late wake-up adds a few ms; 250 ms is the converter's slack).
# Arrivals are due at 0, 1 and 2 s: the last is a tie with the end, so
# either runner does 2 or 3 I/Os, as its wake-up falls (fio did both here).
dd if=/dev/urandom of=scratch bs=1M count=16 status=none
cat >real.fio <<EOT
[real]
ioengine=external:$ENGINE
luns=$T/scratch
rw=randread
bs=4k
time_based
runtime=2
iodepth=1
rate_iops=1
rate_process=linear
EOT
if ! "$FR" -jobfile real.fio -output real-rn.json 2>real.err; then
	not_ok "scratch file, 1 IOPS for 2 s: the built-in runner runs it ($(head -n1 real.err))"
elif ! command -v fio >/dev/null 2>&1; then
	skip_test "scratch file, 1 IOPS for 2 s: the built-in runner against stock fio" "no fio"
elif ! fio --output-format=json real.fio >real-fio.json 2>real.err; then
	not_ok "scratch file, 1 IOPS for 2 s: stock fio runs it ($(head -n1 real.err))"
else
	set -- $(runtimes real-rn.json) $(jget real-fio.json jobs/0/job_runtime) \
		$(jget real-fio.json jobs/0/read/total_ios)
	if [ "$1" -ge 2000 ] && [ "$1" -lt 2250 ] && [ "$5" -ge 2000 ] && [ "$5" -lt 2250 ] &&
		[ "$1" = "$2" ] && [ "$3" -ge 2 ] && [ "$3" -le 3 ] && [ "$6" -ge 2 ] && [ "$6" -le 3 ]; then
		ok "scratch file, 1 IOPS for 2 s: runner job_runtime $1 ms, $3 I/Os; fio $5 ms, $6 I/Os"
	else
		not_ok "scratch file, 1 IOPS for 2 s: runner job_runtime $1 ms (read $2), $3 I/Os; fio $5 ms, $6 I/Os (both 2000-2249 ms and 2 or 3 I/Os wanted)"
	fi
fi

# fiorion -run curve at 1 IOPS, uniform arrivals, 2 s (the repro of the
# point refused as cut short): measured, exit 0.
head -c 32M /dev/urandom >clun
echo "$T/clun" >c.lun
"$FR" -run curve -testname c -duration 2 -cache_size 0 -max_iops 100 -curve 1 -arrival uniform \
	-runner builtin >c.out 2>c.err
rc=$?
# A curve alone writes no ORION file (tests/e2e_answers.sh): its lines are on the screen.
if [ $rc = 0 ] && grep -q '^Open-loop curve (-run curve): uniform arrivals, 1 point measured' c.out; then
	ok "-run curve, 1 IOPS uniform for 2 s, -runner builtin: exit 0, its point measured"
else
	not_ok "-run curve, 1 IOPS uniform for 2 s, -runner builtin: exit $rc: $(grep -v '^$' c.err | tail -n 3 | tr '\n' ' ')"
fi

# --- 2. the point's logs are created new --------------------------------

head -c 32M /dev/urandom >llun
echo "$T/llun" >l.lun
# point R [-resume]: one point (small=1) of 1 s by runner R, testname l.
point() {
	"$FR" -run advanced -matrix point -num_small 1 -num_large 0 -duration 1 -cache_size 0 \
		-testname l -runner "$@" >l.out 2>l.err
}
for r in builtin fio; do
	if [ $r = fio ] && ! command -v fio >/dev/null 2>&1; then
		skip_test "-runner fio: logs created new" "no fio"
		continue
	fi
	rm -rf l_* l.fio l_history
	if ! point $r; then
		not_ok "-runner $r: a one-point run ($(head -n1 l.err))"
		continue
	fi
	iops=$(ls l_jobs/*_iops.1.log 2>/dev/null | head -n1)
	bw=$(ls l_jobs/*_bw.1.log 2>/dev/null | head -n1)
	if [ -z "$iops" ] || [ -z "$bw" ]; then
		not_ok "-runner $r: the point's IOPS and bandwidth logs are there ($(ls l_jobs | tr '\n' ' '))"
		continue
	fi
	# A symbolic link to a file of the user's under the IOPS log's name.
	echo "precious data" >victim
	rm -f l_jobs/p001.json "$iops"
	ln -s "$T/victim" "$iops"
	point $r -resume
	rc=$?
	if [ $rc = 3 ] && [ "$(cat victim)" = "precious data" ] && [ -L "$iops" ] &&
		[ "$(grep -c "${iops#l_jobs/}" l.err)" = 1 ] && [ ! -e l_jobs/p001.json ]; then
		ok "-runner $r -resume, a link under the IOPS log's name: exit 3, target untouched: $(grep "${iops#l_jobs/}" l.err)"
	else
		not_ok "-runner $r -resume, a link under the IOPS log's name: exit $rc (3 wanted), victim holds '$(head -c 40 victim | tr '\n' ' ')': $(tr '\n' ' ' <l.err)"
	fi
	# A hard link to the user's file under the bandwidth log's name: a
	# new log, the user's file as it was.
	echo "precious data" >victim
	rm -f "$iops" l_jobs/p001.json
	ln -f victim "$bw"
	point $r -resume
	rc=$?
	if [ $rc = 0 ] && [ "$(cat victim)" = "precious data" ] && [ -s "$bw" ] &&
		[ "$(stat -c %h "$bw")" = 1 ] && [ -s "$iops" ] && [ ! -L "$iops" ]; then
		ok "-runner $r -resume, a hard link under the bandwidth log's name: exit 0, a new log, the other file untouched"
	else
		not_ok "-runner $r -resume, a hard link under the bandwidth log's name: exit $rc, victim holds '$(head -c 40 victim | tr '\n' ' ')', log links $(stat -c %h "$bw" 2>/dev/null): $(tr '\n' ' ' <l.err)"
	fi
done

# A log of the user's own (-fio_opt write_iops_log=mine: <T>_jobs/mine_iops.N.log,
# which stock fio opens with fopen() as the point ends): a link planted
# under its name is refused before any I/O too, under both runners.
for r in builtin fio; do
	if [ $r = fio ] && ! command -v fio >/dev/null 2>&1; then
		skip_test "-runner fio: the user's own log created new" "no fio"
		continue
	fi
	rm -rf l_* l.fio l_history
	if ! point $r -fio_opt write_iops_log=mine; then
		not_ok "-runner $r -fio_opt write_iops_log=mine: a one-point run ($(head -n1 l.err))"
		continue
	fi
	mine=$(ls l_jobs/mine_iops*.log 2>/dev/null | head -n1)
	[ -n "$mine" ] || { not_ok "-runner $r: no l_jobs/mine_iops*.log ($(ls l_jobs | tr '\n' ' '))"; continue; }
	echo "precious data" >victim
	rm -f l_jobs/p001.json "$mine"
	ln -s "$T/victim" "$mine"
	point $r -fio_opt write_iops_log=mine -resume
	rc=$?
	if [ $rc = 3 ] && [ "$(cat victim)" = "precious data" ] && [ -L "$mine" ] &&
		grep -q "${mine#l_jobs/}' is a symbolic link" l.err; then
		ok "-runner $r -resume, a link under the user's own log name ($mine): exit 3, target untouched"
	else
		not_ok "-runner $r -resume, a link under the user's own log: exit $rc (3 wanted), victim holds '$(head -c 40 victim | tr '\n' ' ')': $(tr '\n' ' ' <l.err)"
	fi
done

# The built-in runner alone (fiorion -jobfile), its own logs.
cat >lg.fio <<EOT
[lg]
ioengine=external:$ENGINE
luns=$T/scratch
rw=randread
bs=4k
time_based
runtime=1
rate_iops=200
write_bw_log=$T/lg
log_avg_msec=100
EOT
echo "precious data" >victim
ln -sf "$T/victim" lg_bw.1.log
"$FR" -jobfile lg.fio -output lg.json 2>lg.err
rc=$?
if [ $rc = 3 ] && [ "$(cat victim)" = "precious data" ] && [ "$(wc -l <lg.err)" = 1 ] &&
	grep -q "lg_bw.1.log" lg.err; then
	ok "fiorion -jobfile, a link under its log's name: exit 3 before any I/O, target untouched: $(cat lg.err)"
else
	not_ok "fiorion -jobfile, a link under its log's name: exit $rc (3 wanted), victim holds '$(head -c 40 victim | tr '\n' ' ')': $(tr '\n' ' ' <lg.err)"
fi
echo "precious data" >victim
rm -f lg_bw.1.log
ln victim lg_bw.1.log
"$FR" -jobfile lg.fio -output lg.json 2>lg.err
rc=$?
if [ $rc = 0 ] && [ "$(cat victim)" = "precious data" ] && [ "$(stat -c %h lg_bw.1.log)" = 1 ] &&
	[ -s lg_bw.1.log ]; then
	ok "fiorion -jobfile, an earlier log hard-linked to another file: a new log, the other file untouched"
else
	not_ok "fiorion -jobfile, an earlier log hard-linked to another file: exit $rc, victim holds '$(head -c 40 victim | tr '\n' ' ')': $(tr '\n' ' ' <lg.err)"
fi

finish
