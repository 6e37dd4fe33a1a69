#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh: long=40
# (CPU only: every run is on the model device in virtual time, whose
# answers do not depend on the machine's load; it runs beside anything)
#
# Description: the measurement rules judged in virtual time. Every run is
# the built-in runner on backend=null's model device (service_us=D,
# servers=C, one device per clone) with virtual_time=1: the runner's
# clock, its sleeps and the device's completions advance one simulated
# clock, so a run is the model's schedule itself, the same every time and
# on any machine. Every check is an exact answer (the FIFO schedule of a
# closed loop or of uniform arrivals, to the I/O and the nanosecond) or a
# sampling bound computed in advance (poisson arrivals, fixed seeds);
# none depends on the wall clock (item 1's runs are bound by 60 s of
# CPU, which a busy machine does not inflate). The figures and the theory: tests/vtime_check.py.
#
# 1. Issue 39's jobs, 600 s of virtual time each (their wall time printed,
#    under 20 s wanted, a failure only over 60 s of CPU): a closed loop at
#    iodepth 8 on C = 4, D = 100 us: 40,000 IOPS and 200 us within
#    0.5 %, and its schedule exactly; poisson at 50 and 80 % of one
#    server of 1 ms: mean response within 2 % of M/D/1 (1.5, 3.0 ms) and
#    within 4 of its sampling standard deviations; a mixed point (jobs
#    p001-s4-l2-small and -large in one group, each its own device, the
#    service stepping from 100 to 200 us at 300 s): each job's schedule
#    exactly, and fio2orion's files with its figures; fiorion -run simple
#    on the model device (-backend null -fio_opt service_us=100 -fio_opt
#    servers=2 -fio_opt virtual_time=1): ORION's files against small IOPS
#    = min(S, C) / D, latency = max(D, S D / C), large MBPS = min(L, C) /
#    D x 1 MiB, each within its printed unit.
# 2. Determinism: a job file of two groups (a closed loop with a service
#    step and logs; a poisson open loop; 4 clones each) run twice, the
#    second on one CPU so that its threads interleave otherwise: its JSON byte-identical but for timestamp, timestamp_ms and time, its
#    logs byte-identical; randseed=1 and 2: other offsets (a per-I/O lat
#    log with log_offset=1), the same times, latencies and JSON.
# 3. The rules, exactly: Little's law (IOPS x mean lat = iodepth x clones
#    within 0.1 %) and the closed loop's count, runtime, mean latency and
#    IOPS (min(depth, C) / D over the window, then the N - min(N, C) in
#    flight drained) exactly, for depths 1, 4, 16, 64, C = 1 and 4, 1 and
#    3 clones; the open loop's schedule: uniform arrivals at 80 % (D/D/1:
#    response = service = D exactly, the achieved IOPS the rate), over the
#    depth's capacity (iodepth 2 on C = 4: iodepth / D, service D, every
#    later arrival waits for a slot), over the device's (140 % of C / D:
#    C / D), each its whole schedule exactly (arrivals, I/Os, runtime,
#    slot waits, service and response min/max/mean); poisson: the depth
#    cap at iodepth 1 gives the same responses as iodepth 64 (the same
#    seed), service D exactly, the share of arrivals that waited for the
#    slot rho within 4 sd; M/D/1 at 30, 60 and 90 % with randseed 1 and
#    2, within 4 sampling sd (sqrt(rho (2 + rho) / 6) / (1 - rho)^2 D /
#    sqrt(n), n the count of arrivals); M/D/2 at 80 % (its mean from the
#    chain L(t + D) = max(L(t) - 2, 0) + A), within 4 standard errors of
#    8 clones' means. And the closed forms against a direct simulation.
# 4. Refusals, exit 2 before any I/O with one line naming virtual_time:
#    backend=io_uring, no service_us, ioengine=psync, one job with and
#    one without, fiorion -runner fio and -clients with -fio_opt
#    virtual_time=1; under stock fio the engine's init refuses it (fio
#    exits 1, our line on stderr).
#
# The open loop in real time (a throttled loop device, a stalling FUSE
# file): tests/e2e_openloop_dev.sh; its rates against stock fio:
# tests/e2e_openloop_fio.sh.
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
F2O=$TOP/build/fio2orion
V="python3 $TOP/tests/vtime_check.py"
cd "$T" || exit 1
truncate -s 1G lun

# tap_lines FILE: vtime_check.py's "ok - " and "not ok - " lines as TAP;
# any other line is a failure (it prints nothing else)
tap_lines() {
	while IFS= read -r line; do
		case $line in
		"ok - "*) ok "${line#ok - }" ;;
		*) not_ok "${line#not ok - }" ;;
		esac
	done <"$1"
}
# judge CMD...: vtime_check.py CMD..., its lines as TAP
judge() {
	$V "$@" >judge.out 2>&1
	tap_lines judge.out
}
# vjob NAME: NAME.fio, 4 KiB random reads on the model device in virtual
# time, the rest of the file (the device, the load) from stdin
vjob() {
	{
		printf '[global]\nioengine=external:%s\nluns=%s/lun\nbackend=null\nvirtual_time=1\n' "$ENGINE" "$T"
		printf 'rw=randread\nbs=4k\ntime_based\n'
		cat
	} >"$1.fio"
}
# vrun [DIR/]NAME: fiorion -jobfile NAME.fio -output NAME.json in DIR (its
# logs there; under $VPRE, a command, when set), its wall and CPU (user +
# system) seconds in $wall and $cpu; a failure is a "not ok" line and
# status 1
vrun() {
	# shellcheck disable=SC2086 # $VPRE: a command and its words
	if ! (cd "$(dirname "$1")" && /usr/bin/time -f '%e %U %S' -o "${1##*/}.time" \
		${VPRE-} "$FR" -jobfile "${1##*/}.fio" -output "${1##*/}.json" 2>"${1##*/}.err"); then
		not_ok "$1: fiorion failed: $(tail -n 3 "$1.err" | tr '\n' ' ')"
		return 1
	fi
	times_of "$1.time"
}
# times_of FILE: /usr/bin/time's "%e %U %S" line into $wall and $cpu
times_of() {
	wall=$(awk '{ printf "%.1f", $1 }' "$1")
	cpu=$(awk '{ printf "%.1f", $2 + $3 }' "$1")
}
# wall_ok WHAT: WHAT took $wall s of wall time (under 20 s wanted, on the
# idle machine) and $cpu s of CPU: a failure only over 60 s of CPU, which
# a busy machine, unlike the wall time, does not inflate (two CPU hogs
# and three suites beside it once took a 3 s run to 77 s of wall)
wall_ok() {
	if awk -v c="$cpu" 'BEGIN { exit !(c <= 60) }'; then
		ok "$1 in $wall s of wall time ($(awk -v w="$wall" 'BEGIN { print (w < 20 ? "under" : "NOT under") }') 20 s), $cpu s of CPU (a failure only over 60 s)"
	else
		not_ok "$1 in $wall s of wall time: $cpu s of CPU, over 60 s"
	fi
}

# 0. The closed forms the checks use, against a direct simulation.
judge selftest

# 1. Issue 39's jobs.
vjob closed600 <<EOT
runtime=600
[closed600]
service_us=100
servers=4
iodepth=8
EOT
if vrun closed600; then
	wall_ok "closed loop iodepth 8, C 4, D 100 us: 600 s of virtual time"
	judge near closed600.json 40000 200 0.5
	judge closed closed600.json
fi
for pct in 50 80; do
	vjob "mdl$pct" <<EOT
runtime=600
[mdl$pct]
service_us=1000
iodepth=64
rate_iops=$((pct * 10))
rate_process=poisson
randseed=1
EOT
	if vrun "mdl$pct"; then
		wall_ok "poisson at $pct % of one 1 ms server: 600 s of virtual time"
		judge mdl "mdl$pct.json" 2
	fi
done
vjob mixed <<EOT
runtime=600
service_us=100
servers=2
service_steps=300:200
[p001-s4-l2-small]
bs=8k
iodepth=4
[p001-s4-l2-large]
bs=1m
iodepth=2
EOT
if vrun mixed; then
	wall_ok "mixed point small=4 large=2 (C 2, D 100 us, 200 us from 300 s): 600 s of virtual time"
	if "$F2O" -testname m -outdir mo mixed.json >f2o.out 2>&1; then
		judge mixed mixed.json mo m
	else
		not_ok "fio2orion on the mixed point: $(tail -n 3 f2o.out | tr '\n' ' ')"
	fi
fi
mkdir simple && echo "$T/lun" >simple/t.lun
if (cd simple && /usr/bin/time -f '%e %U %S' -o run.time "$FR" -run simple -testname t -num_disks 1 \
	-duration 60 -backend null -fio_opt service_us=100 -fio_opt servers=2 -fio_opt virtual_time=1 \
	>run.out 2>run.err); then
	times_of simple/run.time
	wall_ok "fiorion -run simple -num_disks 1 -duration 60 on the model device (7 points of 60 s of virtual time)"
	judge simple simple t 60
else
	not_ok "fiorion -run simple on the model device: $(tail -n 3 simple/run.err | tr '\n' ' ')"
fi

# 2. Determinism.
vjob det <<EOT
runtime=5
[closed]
service_us=100
servers=2
service_steps=2:300
iodepth=4
numjobs=4
write_iops_log=det
write_lat_log=det
log_avg_msec=100
[open]
stonewall
service_us=1000
iodepth=16
numjobs=4
rate_iops=700
rate_process=poisson
lat_percentiles=1
write_bw_log=det
EOT
mkdir d1 d2
cp det.fio d1/ && cp det.fio d2/
# The second run on one CPU (taskset): its threads interleave otherwise.
command -v taskset >/dev/null 2>&1 && one="taskset -c $(taskset -pc $$ | sed 's/.*: *//; s/[-,].*//')"
if vrun d1/det && VPRE=${one-} && vrun d2/det; then
	set --
	for f in d1/*.log; do set -- "$@" "$f" "d2/${f#d1/}"; done
	$V same d1/det.json d2/det.json "$@" >judge.out 2>&1
	sed -i "s|^ok - the same job file twice|ok - the same job file twice (the second on one CPU: ${one:-no taskset})|" judge.out
	tap_lines judge.out
fi
VPRE=
for s in 1 2; do
	mkdir "s$s"
	vjob "s$s/rs" <<EOT
runtime=1
[rs]
service_us=100
servers=4
iodepth=8
randseed=$s
write_lat_log=rs
log_offset=1
EOT
	vrun "s$s/rs"
done
[ -s s1/rs.json ] && [ -s s2/rs.json ] && judge seeds s1/rs.json s2/rs.json s1/rs_lat.1.log s2/rs_lat.1.log $((1 << 30))

# 3. The rules. The closed loop: a job (a group) per depth, C and clones.
{
	printf 'runtime=10\nservice_us=100\n'
	for c in 1 4; do
		for nj in 1 3; do
			for n in 1 4 16 64; do
				printf '[d%s-c%s-x%s]\nstonewall\nservers=%s\niodepth=%s\nnumjobs=%s\n' $n $c $nj $c $n $nj
			done
		done
	done
} | vjob little
if vrun little; then
	judge closed little.json
	judge little little.json
fi
# The open loop, uniform arrivals: below capacity (D/D/1), over the
# depth's capacity, over the device's (1400/s: no arrival comes as a
# slot frees, where the order of two events at one instant would decide).
vjob ddl <<EOT
runtime=10
[ddl80]
service_us=1000
iodepth=64
numjobs=4
rate_iops=800
rate_process=linear
EOT
vjob depthcap <<EOT
runtime=10
[depthcap]
service_us=1000
servers=4
iodepth=2
rate_iops=3000
rate_process=linear
EOT
vjob over <<EOT
runtime=10
[over140]
service_us=1000
iodepth=64
rate_iops=1400
rate_process=linear
EOT
for w in ddl depthcap over; do
	vrun $w && judge linear $w.json
done
# Poisson: the depth cap (the same seed at iodepth 1 and 64), M/D/1 at
# three loads and two seeds, M/D/2.
for d in 1 64; do
	vjob "cap$d" <<EOT
runtime=600
[cap50]
service_us=1000
iodepth=$d
rate_iops=500
rate_process=poisson
randseed=7
lat_percentiles=1
EOT
done
vrun cap1 && vrun cap64 && judge cap cap1.json cap64.json
for pct in 30 60 90; do
	for seed in 1 2; do
		vjob "mdl$pct.$seed" <<EOT
runtime=600
[mdl$pct]
service_us=1000
iodepth=1024
rate_iops=$((pct * 10))
rate_process=poisson
randseed=$seed
EOT
		vrun "mdl$pct.$seed" && judge mdl "mdl$pct.$seed.json"
	done
done
vjob mdc <<EOT
runtime=150
[mdc80]
service_us=1000
servers=2
iodepth=64
numjobs=8
rate_iops=1600
rate_process=poisson
randseed=3
EOT
vrun mdc && judge mdc mdc.json

# 4. Refusals: exit 2, one line naming virtual_time, no output.
# refused WHAT FILE: fiorion -jobfile FILE
refused() {
	"$FR" -jobfile "$2" -output "$2.json" >"$2.out" 2>"$2.err"
	rc=$?
	if [ $rc = 2 ] && [ "$(wc -l <"$2.err")" = 1 ] && grep -q virtual_time "$2.err" && ! [ -e "$2.json" ]; then
		ok "refused, $1: exit 2, no output: $(cat "$2.err")"
	else
		not_ok "$1: exit $rc (want 2), output $([ -e "$2.json" ] && echo written || echo none), stderr: $(head -n 3 "$2.err" | tr '\n' ' ')"
	fi
}
vt() { printf 'rw=randread\nbs=4k\ntime_based\nruntime=1\n'; }
{ printf '[a]\nioengine=external:%s\nluns=%s/lun\nbackend=io_uring\nservice_us=100\nvirtual_time=1\n' "$ENGINE" "$T"; vt; } >r_uring.fio
refused "virtual_time=1 with backend=io_uring" r_uring.fio
{ printf '[a]\nioengine=external:%s\nluns=%s/lun\nbackend=null\nvirtual_time=1\n' "$ENGINE" "$T"; vt; } >r_nosvc.fio
refused "virtual_time=1 without service_us" r_nosvc.fio
{ printf '[a]\nioengine=psync\nfilename=%s/lun\nvirtual_time=1\n' "$T"; vt; } >r_psync.fio
refused "virtual_time=1 with ioengine=psync" r_psync.fio
{ printf '[global]\nioengine=external:%s\nluns=%s/lun\nbackend=null\nservice_us=100\n' "$ENGINE" "$T"; vt; printf '[a]\nvirtual_time=1\n[b]\n'; } >r_mixed.fio
refused "one job with virtual_time=1, one without" r_mixed.fio
if command -v fio >/dev/null 2>&1; then
	{ printf '[a]\nioengine=external:%s\nluns=%s/lun\nbackend=null\nservice_us=100\nvirtual_time=1\n' "$ENGINE" "$T"; vt; } >r_fio.fio
	fio --output-format=json r_fio.fio >r_fio.out 2>r_fio.err
	rc=$?
	if [ $rc = 1 ] && grep -q "virtual_time=1: " r_fio.err && ! grep -q '"total_ios" : [1-9]' r_fio.out; then
		ok "refused under stock fio: fio exits 1, no I/O, the engine's line: $(grep 'virtual_time=1: ' r_fio.err)"
	else
		not_ok "stock fio with virtual_time=1: exit $rc (want 1), stderr: $(head -n 3 r_fio.err | tr '\n' ' ')"
	fi
else
	skip_test "virtual_time=1 under stock fio" "fio is not installed (make deps installs it)"
fi
for how in "-runner fio" "-clients 127.0.0.2"; do
	rm -rf rf && mkdir rf && echo "$T/lun" >rf/t.lun
	# shellcheck disable=SC2086 # $how is two words
	(cd rf && "$FR" -run simple -testname t -num_disks 1 -duration 1 $how -backend null \
		-fio_opt service_us=100 -fio_opt virtual_time=1 >out 2>err)
	rc=$?
	left=
	for f in rf/*; do
		case ${f#rf/} in t.lun | out | err) ;; *) left="$left ${f#rf/}" ;; esac
	done
	if [ $rc = 2 ] && [ "$(wc -l <rf/err)" = 1 ] && grep -q virtual_time rf/err && [ -z "$left" ]; then
		ok "refused, fiorion $how -fio_opt virtual_time=1: exit 2, nothing written: $(cat rf/err)"
	else
		not_ok "fiorion $how -fio_opt virtual_time=1: exit $rc (want 2), left: ${left:-nothing}, stderr: $(head -n 3 rf/err | tr '\n' ' ')"
	fi
done
finish
