#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh: paced long=40
# (the rates are the points' own time, kept by fio's and the runner's
# rate limiters: 2 clones of 2000 IOPS on a scratch file in the page
# cache, a few % of a core (4 clones, about 15 %, ran beside e2e_knee in
# the one CI where its ladder missed the throttled device's answer); the
# model device is paced by its clock)
#
# Description: the built-in runner's open loop against stock fio with
# the engine on the same job files (the theory, exactly, in virtual
# time: tests/e2e_vtime.sh). Rates and identities only, no latency, so it
# runs beside the other suites:
#
# 1. The achieved rate on the model device (D = 1 ms, C = 1; 2 clones,
#    each its own device, 2 s): within 2 % of the target at 50, 80 and
#    90 % (linear: the count of arrivals is exact); over 100 % (120 %) the
#    device cannot hold it: achieved below 97 % of the target.
# 2. fio with the engine on the same job files, on a scratch file: the
#    same rates (medians of three interleaved pairs; linear within 2 %,
#    poisson within its sampling noise);
# 3. the model device (backend=null, service_us=D, servers=C) works under
#    fio: a closed loop at depth 64 on C = 2 keeps both servers busy
#    (IOPS = C / D, never more, at least 95 % of it: 31 I/Os of slack ride
#    out a stall of the machine up to 15 ms) and Little's law holds
#    within 2 %.
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
J="python3 $TOP/tests/openloop_judge.py"
cd "$T" || exit 1
truncate -s 64M lun

# 1. Rates: achieved within 2 % up to 90 %; over 100 % not held. A run
# the machine made late (scheduling error p99 over 0.5 ms: the backlog of
# a stall is not cleared by the end; 777 of 800 at 19.5 ms in a loaded
# CI) says nothing of the runner's rate: run again, up to 3 runs; a run
# on time and off fails
for pct in 50 80 90 120; do
	rate=$((pct * 10))
	ol_model_job "rate$pct" 2 64 "$rate" linear
	if [ $pct -gt 100 ]; then
		"$FR" -jobfile "rate$pct.fio" -output "rate$pct.json" 2>/dev/null
		set -- $($J summary "rate$pct.json")
		awk -v a="$6" -v t="$rate" 'BEGIN { exit !(a < t * 0.97) }' \
			&& ok "rate $pct %: not held, achieved $6 IOPS of $rate (the device's 1000)" \
			|| not_ok "rate $pct %: achieved $6 IOPS of $rate, more than the device can"
		continue
	fi
	runs=
	for try in 1 2 3; do
		"$FR" -jobfile "rate$pct.fio" -output "rate$pct.json" 2>/dev/null
		set -- $($J summary "rate$pct.json")
		runs="$runs $6 (p99 ${2}us)"
		inband=$(awk -v a="$6" -v t="$rate" 'BEGIN { print (a > t * 0.98 && a < t * 1.02) }')
		[ "$inband" = 1 ] || [ "$1" = 1 ] && break
	done
	if [ "$inband" = 1 ]; then
		ok "rate $pct %: achieved $6 IOPS per clone of $rate"
	elif [ "$1" = 1 ]; then
		not_ok "rate $pct %: achieved $6 IOPS per clone of $rate on time (scheduling error p99 ${2}us); runs:$runs"
	else
		skip_test "rate $pct %" "the runner was late in every run (IOPS per clone of $rate:$runs): the machine did not run it on time"
	fi
done

# 2. and 3. Stock fio on the same job files.
if command -v fio >/dev/null 2>&1; then
	# A scratch file through the engine (io_uring), 2 clones of 2 s, three
	# interleaved pairs: the medians of the rate per clone. Linear within
	# 2 %; poisson within 3 standard deviations of the difference of two
	# counts of 2 x 2 s x 2000 arrivals (3 x sqrt(2 / 8000) = 4.7 %).
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
numjobs=2
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
		[ $proc = poisson ] && tol=1.047
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
