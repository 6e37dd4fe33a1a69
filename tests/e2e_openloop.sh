#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh: alone timeout=900
#
# Description: the built-in runner's open loop (fio's rate_iops and
# rate_process; driver/runner/openloop.c) checked against queueing theory
# on backend=null's model device (service_us=D, servers=C), not against
# itself. D = 1 ms, C = 1; each point runs 8 clones (each its own device,
# so 8 independent queues) for 2 s:
#
# 1. Poisson arrivals into one server of fixed service: the M/D/1 queue,
#    mean response D + lam D^2 / (2 (1 - lam D)): 1.5 ms at 50 % load,
#    3.0 ms at 80 %, each within 10 %. The sample mean of 2 s of M/D/1 at
#    80 % has a 12 % standard deviation (simulated); over 8 queues 4 %,
#    so 10 % is 2.4 of them. A point whose pooled mean is outside is run
#    again (at most 3 runs, pooled): a sequential test, not a retry until
#    it passes by luck.
# 2. Uniform (linear) arrivals at 80 %: D/D/1 has no queue, response 1.0 ms
#    within 10 %.
# 3. iodepth=1 and C = 1 at 50 %: the runner can hold one I/O, the device
#    serves one: service (lat_ns) stays D (within 10 %) while the response
#    follows M/D/1 of the measured service time (within 10 %; the
#    measured one is D plus the moment the runner takes to see the
#    completion and start the next, which the next I/O waits for) --
#    what fio's own numbers (stamped at issue) would hide.
# 4. Achieved rate within 2 % of the target at 50, 80 and 90 % (linear:
#    the count of arrivals is exact); over 100 % (120 %) the device cannot
#    hold it: achieved below 97 % of the target.
# 5. fio with the engine on the same job files, on a scratch file: the
#    same rates (medians of three interleaved pairs; linear within 2 %,
#    poisson within its sampling noise), and the model device works
#    under fio: a closed
#    loop at depth 64 on C = 2 keeps both servers busy (IOPS = C / D,
#    never more, at least 95 % of it: 31 I/Os of slack ride out a stall
#    of the machine up to 15 ms) and Little's law holds within 2 %.
#
# The theory holds only while the runner keeps its schedule: a run in
# which any clone's sched_err_p99_ns (its start - the moment it could
# have started: arrival, or the completion that freed its slot) is over
# D / 2 -- the
# machine did not run it on time: other work, a hypervisor's steal -- is
# not judged; a point with no such run in 3 is skipped naming the
# lateness (the runner reported it). Rates and the fio checks are judged
# whatever the lateness.
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
J="python3 $TOP/tests/openloop_judge.py"
cd "$T" || exit 1
truncate -s 64M lun

# job NAME CLONES DEPTH RATE PROCESS [RUNTIME]
job() {
	cat >"$1.fio" <<EOT
[global]
ioengine=external:$ENGINE
luns=$T/lun
backend=null
service_us=1000
servers=1
rw=randread
bs=4k
time_based
runtime=${6:-2}
randrepeat=0
[$1]
numjobs=$2
iodepth=$3
rate_iops=$4
rate_process=$5
EOT
}

# judge NAME WANT_MS [cap]: up to 3 clean runs pooled; the response (or,
# with cap, the response against M/D/1 of the measured service) within 10 %.
judge() {
	name=$1 want=$2 cap=$3 runs= tries=0 late=
	while [ $tries -lt 3 ]; do
		tries=$((tries + 1))
		"$FR" -jobfile "$name.fio" -output "$name.$tries.json" 2>"$name.err" || { not_ok "$name: fiorion failed: $(cat "$name.err")"; return; }
		set -- $($J summary "$name.$tries.json")
		late="$late ${2}us"
		[ "$1" = 1 ] || continue
		runs="$runs $name.$tries.json"
		set -- $($J summary $runs)
		resp=$4 serv=$5
		if [ -n "$cap" ]; then
			want=$($J mdl 500 "$serv")
			good=$(awk -v s="$serv" 'BEGIN { print (s > 0.9 && s < 1.1) }')
		else
			good=1
		fi
		if [ "$good" = 1 ] && awk -v r="$resp" -v w="$want" 'BEGIN { exit !(r > w * 0.9 && r < w * 1.1) }'; then
			ok "$name: mean response $resp ms, want $want ms (+-10 %), service $serv ms, $3 I/Os in $(echo $runs | wc -w) clean run(s)"
			return
		fi
	done
	if [ -z "$runs" ]; then
		skip_test "$name" "the runner was late in every run (scheduling error p99:$late): the machine did not run it on time"
	else
		not_ok "$name: mean response $resp ms, want $want ms (+-10 %), service $serv ms, scheduling error p99:$late"
	fi
}

# 1.-3. Queueing theory.
job mdl50 8 64 500 poisson
judge mdl50 "$($J mdl 500 1)"
job mdl80 8 64 800 poisson
judge mdl80 "$($J mdl 800 1)"
job ddl80 8 64 800 linear
judge ddl80 1.0
job cap50 8 1 500 poisson
judge cap50 - cap

# 4. Rates: achieved within 2 % up to 90 %; over 100 % not held.
for pct in 50 80 90 120; do
	rate=$((pct * 10))
	job "rate$pct" 2 64 "$rate" linear
	"$FR" -jobfile "rate$pct.fio" -output "rate$pct.json" 2>/dev/null
	set -- $($J summary "rate$pct.json")
	if [ $pct -le 100 ]; then
		awk -v a="$6" -v t="$rate" 'BEGIN { exit !(a > t * 0.98 && a < t * 1.02) }' \
			&& ok "rate $pct %: achieved $6 IOPS per clone of $rate" \
			|| not_ok "rate $pct %: achieved $6 IOPS per clone of $rate (scheduling error p99 ${2}us)"
	else
		awk -v a="$6" -v t="$rate" 'BEGIN { exit !(a < t * 0.97) }' \
			&& ok "rate $pct %: not held, achieved $6 IOPS of $rate (the device's 1000)" \
			|| not_ok "rate $pct %: achieved $6 IOPS of $rate, more than the device can"
	fi
done

# 5. Stock fio on the same job files.
if command -v fio >/dev/null 2>&1; then
	# A scratch file through the engine (io_uring), 4 clones of 2 s, three
	# interleaved pairs: the medians of the rate per clone. Linear within
	# 2 %; poisson within 3 standard deviations of the difference of two
	# counts of 4 x 2 s x 2000 arrivals (3 x sqrt(2 / 16000) = 3.4 %).
	dd if=/dev/urandom of=scratch bs=1M count=64 status=none
	for proc in linear poisson; do
		cat >"fio_$proc.fio" <<EOT
[fio_$proc]
ioengine=external:$ENGINE
luns=$T/scratch
rw=randread
bs=4k
time_based
runtime=2
numjobs=4
iodepth=16
rate_iops=2000
rate_process=$proc
EOT
		for i in 1 2 3; do
			fio --output-format=json "fio_$proc.fio" >"fio_$proc.f$i.json" 2>fio.err
			"$FR" -jobfile "fio_$proc.fio" -output "fio_$proc.r$i.json" 2>>fio.err
		done
		set -- $(python3 -c "
import json, statistics as st
def rate(p):
    d = json.load(open(p))
    return sum(j['read']['iops'] for j in d['jobs']) / len(d['jobs'])
f = st.median(rate('fio_$proc.f%d.json' % i) for i in (1, 2, 3))
r = st.median(rate('fio_$proc.r%d.json' % i) for i in (1, 2, 3))
print('%.1f %.1f' % (f, r))")
		tol=1.02
		[ $proc = poisson ] && tol=1.034
		awk -v a="$1" -v b="$2" -v t=$tol 'BEGIN { exit !(a < b * t && b < a * t) }' \
			&& ok "fio and the runner on the same job ($proc, 2000 IOPS a clone, scratch file): $1 and $2 IOPS per clone" \
			|| not_ok "$proc: fio $1 IOPS per clone, the runner $2 $(cat fio.err)"
	done
	cat >closed.fio <<EOT
[closed]
ioengine=external:$ENGINE
luns=$T/lun
backend=null
service_us=1000
servers=2
rw=randread
bs=4k
time_based
runtime=2
iodepth=64
EOT
	fio --output-format=json closed.fio >closed.json 2>fio.err
	python3 -c "
import json, sys
r = json.load(open('closed.json'))['jobs'][0]['read']
x, w = r['iops'], r['lat_ns']['mean'] / 1e9
sys.exit(not (1900 < x < 2010 and 0.98 < x * w / 64 < 1.02))" \
		&& ok "the model device under fio: depth 64 on 2 servers of 1 ms holds 2000 IOPS, Little's law" \
		|| not_ok "the model device under fio: $(python3 -c "import json; r = json.load(open('closed.json'))['jobs'][0]['read']; print(r['iops'], r['lat_ns']['mean'])") $(cat fio.err)"
else
	skip_test "stock fio" "no fio on PATH"
fi
finish
