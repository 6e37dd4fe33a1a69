#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh: paced long=30
# (the rates are the points' own time, kept by fio's and the runner's
# rate limiters: 2 clones of 2000 IOPS on a scratch file in the page
# cache, a few % of a core; the model device is paced by its clock)
#
# Description: the built-in runner's open loop against stock fio with
# the engine on the same job files, and the model device under stock fio
# (the theory, and the runner's own rates, exactly, in virtual time:
# tests/e2e_vtime.sh). Rates and identities only, no latency:
#
# 1. fio with the engine and the built-in runner on the same job files,
#    on a scratch file: the same rates (medians of three interleaved
#    pairs; linear within 2 %, poisson within its sampling noise).
# 2. the model device (backend=null, service_us=D, servers=C) works under
#    fio: a closed loop at depth 64 on C = 2 keeps both servers busy
#    (IOPS = C / D, never more, at least 95 % of it: 31 I/Os of slack ride
#    out a stall of the machine up to 15 ms) and Little's law holds
#    within 2 %.
# A machine that stalls either program past its slack makes the rate
# miss: a comparison off its band is made again with runs twice and four
# times as long, and fails only when every attempt is off (a runner 10 %
# slow is off every time).
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
J="python3 $TOP/tests/openloop_judge.py"
cd "$T" || exit 1
truncate -s 64M lun

# 1. and 2. Stock fio on the same job files.
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
		tol=1.02
		[ $proc = poisson ] && tol=1.047
		tries=
		for secs in 2 4 8; do
			sed -i "s/^runtime=.*/runtime=$secs/" "fio_$proc.fio"
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
			tries="$tries ${secs}s: fio $1, runner $2;"
			awk -v a="$1" -v b="$2" -v t=$tol 'BEGIN { exit !(a < b * t && b < a * t) }' && break
		done
		awk -v a="$1" -v b="$2" -v t=$tol 'BEGIN { exit !(a < b * t && b < a * t) }' \
			&& ok "fio and the runner on the same job ($proc, 2000 IOPS a clone, scratch file): $1 and $2 IOPS per clone (${tries% })" \
			|| not_ok "$proc: fio and the runner apart in every attempt (IOPS per clone):$tries $(cat fio.err)"
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
	for secs in 2 4 8; do
		sed -i "s/^runtime=.*/runtime=$secs/" closed.fio
		fio --output-format=json closed.fio >closed.json 2>fio.err
		python3 -c "
import json, sys
r = json.load(open('closed.json'))['jobs'][0]['read']
x, w = r['iops'], r['lat_ns']['mean'] / 1e9
sys.exit(not (1900 < x < 2010 and 0.98 < x * w / 64 < 1.02))" && break
	done
	fig=$(python3 -c "import json; r = json.load(open('closed.json'))['jobs'][0]['read']; print('%.1f IOPS, %.4f ms, X W = %.2f' % (r['iops'], r['lat_ns']['mean'] / 1e6, r['iops'] * r['lat_ns']['mean'] / 1e9))")
	python3 -c "
import json, sys
r = json.load(open('closed.json'))['jobs'][0]['read']
x, w = r['iops'], r['lat_ns']['mean'] / 1e9
sys.exit(not (1900 < x < 2010 and 0.98 < x * w / 64 < 1.02))" \
		&& ok "the model device under fio: depth 64 on 2 servers of 1 ms holds 2000 IOPS, Little's law ($fig, ${secs} s run)" \
		|| not_ok "the model device under fio, every run of 2, 4, 8 s off 1900-2010 IOPS or X W off 64 +- 2 %: last $fig $(cat fio.err)"
else
	skip_test "stock fio" "no fio on PATH"
fi
finish
