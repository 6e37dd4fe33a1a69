#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh: timeout=180
# (no class: CPU only, every figure exact on the simulated clock, so it
# runs beside the other suites: 8-10 s of CPU, 20 s of wall time beside
# other builds and suites on 2 cores)
#
# Description: the measurement rules judged in virtual time (issue 39,
# item 2): the built-in runner on backend=null's model device with
# virtual_time=1 (a simulated clock: CPU takes no time, the run is the
# same every time), each figure checked against the exact answer that
# tests/vmodel.py computes from the device's own schedule (service_us,
# servers, service_steps) and fio 3.33's rules, independently of the
# runner and the converter. Nothing here waits on the clock or judges a
# rate the machine could move: it decides the same beside anything.
#
# 1. Steady state (fio 3.33's steadystate.c, every whole second): a
#    device that slows for 8 s and then holds attains iops_slope:0.5 %
#    only once its 3 s window is past the drift (at 11 s), one that
#    alternates 100/150 us for 7 s attains iops:5 % at 11 s, one whose
#    3333/3334 I/Os a second settle to 4000 at a step attains an absolute
#    bw:1000 (bytes/s) at 7 s; a device that keeps slowing (iops_slope:2 %)
#    and a tiny limit (iops:0.01 % under the 3333/3334 jitter) never
#    settle and run their whole runtime. Each: the runner's "steadystate"
#    block (attained, criterion, slope, max_deviation, the window's
#    samples and means) and its runtime and I/Os, as the model and
#    fio's formulas over the window say. exitall: a group ends when its
#    first job ends, at the parent's look at or after that end (10 ms
#    grid). fiorion -duration auto:MAX on a drifting device: every
#    point's block, and the trace's "Steady state ...: reached after"
#    or "not reached; ran its full" line and the summary's, as the model
#    says; the job files carry fio's options.
# 2. Time series and windows: fio's iops, bw and lat logs of a device
#    whose service time steps mid-run (log_avg_msec 500 and 250): every
#    row exactly (the window that straddles the step too, and the lat
#    log's fio rule of a window closed by the first I/O at its end), the
#    number of windows runtime / window; the JSON's interval samples.
#    fiorion's own 500 ms logs of each point of a ladder on a device that
#    doubles its service time mid-point, and the report's time series
#    (lo-hi and mean of each point's windows) as the model's windows say.
#    The logs change no number: the same point with and without them,
#    every number of its JSON and its .points.csv row the same.
# 3. Knees: -run oltp on devices of C servers and service D (4 x 1 ms,
#    3 x 0.7 ms): each cell's IOPS and latency the schedule's exactly and
#    queueing theory's (min(S, C) / D, max(D, S D / C)) within 0.1 % (the
#    I/Os queued at the deadline complete after it); the knee the trace
#    marks, -max_latency's answer, -stop_at_knee's last load and skipped
#    points, and fio2orion -max_latency over the kept JSON, as knee.h's
#    rule (5 % a doubling, one confirming load) says over the model's
#    cells; a large-I/O column (2 x 8 ms: latency 8 ms, then 4 L ms)
#    crossing a 10 ms bound at Large=3.
# 4. Intervals: each point's "within" interval (.points.csv iops_lo,
#    iops_hi) is the rule of converter/points/interval.h over the model's
#    samples: on a steady device zero wide, on the schedule's exact IOPS;
#    on a device that doubles its service time mid-point, wide (t s /
#    sqrt(n) of its two rates' samples) around the point's mean, and
#    holding neither rate: the time series shows the step. -repeat 3:
#    three passes the same, their "passes" interval zero wide on the
#    model's figure.
#
# The wall-clock suites keep what only real time shows: stock fio's
# steadystate block beside the runner's (e2e_steadyends.sh), one knee on
# a kernel-throttled loop device (e2e_knee.sh).
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
F2O=$TOP/build/fio2orion
VM=$TOP/tests/vmodel.py
cd "$T" || exit 1
truncate -s 1G lun
echo "$T/lun" >v.lun

# vjob NAME: NAME.fio, a [global] on the model device in virtual time
# (4 KiB random reads, time based) and the job sections from stdin
vjob() {
	{
		printf '[global]\nioengine=external:%s\nluns=%s/lun\nbackend=null\nvirtual_time=1\n' "$ENGINE" "$T"
		printf 'rw=randread\nbs=4k\ntime_based=1\n'
		cat
	} >"$1.fio"
}
# vrun NAME: the runner on NAME.fio into NAME.json; 0 when it ran
vrun() { "$FR" -jobfile "$1.fio" -output "$1.json" 2>"$1.err"; }
# model CMD ARG...: tests/vmodel.py's verdict, its lines in $T/model.out
model() { python3 "$VM" "$@" >model.out 2>&1; }
# say OK_TEXT: ok, or not ok with the model's lines, by model()'s status
say() {
	if [ "$1" = 0 ]; then
		ok "$2"
	else
		not_ok "$2"
		{ grep '^BAD' model.out; grep -v '^BAD' model.out | head -30; } | sed 's/^/# /'
	fi
}
# fr DIR ARG...: fiorion (-testname v) on v.lun's model device in virtual time, into DIR;
# whole points (-parts 1: the rules here are each point's own, against its
# own schedule; the parts are judged by tests/e2e_drift.sh and the model's
# part checks below)
fr() {
	_d=$1
	shift
	rm -rf "$_d"
	"$FR" -testname v -outdir "$_d" -backend null -fio_opt virtual_time=1 -parts 1 "$@" >"$_d.out" 2>"$_d.err"
}
# first LINE_PREFIX: the model's first line starting with it, for the ok text
first() { grep -m1 "^$1" model.out | cut -c1-260; }

# ------------------------------------------------------------ 1. steady state
vjob slope <<'EOF'
[slope]
iodepth=2
servers=2
service_us=100
service_steps=1:110,2:120,3:130,4:140,5:150,6:160,7:170,8:180
runtime=30
steadystate=iops_slope:0.5%
steadystate_duration=3
steadystate_ramp_time=1
EOF
vjob alt <<'EOF'
[alt]
service_us=100
service_steps=1:150,2:100,3:150,4:100,5:150,6:100,7:150
runtime=30
steadystate=iops:5%
steadystate_duration=4
EOF
vjob bw <<'EOF'
[bw]
service_us=300
service_steps=4:250
runtime=30
steadystate=bw:1000
steadystate_duration=3
EOF
vjob drift <<'EOF'
[drift]
service_us=100
service_steps=1:110,2:120,3:130,4:140,5:150,6:160,7:170,8:180,9:190,10:200,11:210,12:220,13:230,14:240,15:250
runtime=16
steadystate=iops_slope:2%
steadystate_duration=3
EOF
vjob tiny <<'EOF'
[tiny]
service_us=300
runtime=10
steadystate=iops:0.01%
steadystate_duration=3
EOF
for w in slope alt bw drift tiny; do
	vrun $w || { not_ok "$w: the runner did not run the job: $(cat $w.err)"; continue; }
	model steady $w.fio $w.json
	rc=$?
	case $w in
	slope) what="a device slowing 100 -> 180 us over 8 s, then holding: iops_slope:0.5 % (3 s window, 1 s ramp) attained only past the drift" ;;
	alt) what="a device alternating 100/150 us each second until 7 s: iops:5 % (4 s window) attained only once the window holds 150 us alone" ;;
	bw) what="3333/3334 I/Os a second (300 us), 4000 from a step at 4 s: bw:1000 bytes/s (3 s window) attained only after the step" ;;
	drift) what="a device slowing 10 us every second for its whole 16 s: iops_slope:2 % never attained, its whole runtime run" ;;
	tiny) what="a tiny limit, iops:0.01 %, under the 3333/3334 jitter (0.02 %): never attained, its whole 10 s run" ;;
	esac
	say $rc "$what: $(first "$w: model" | sed 's/ | runner.*//; s/^[a-z]*: model: //')"
done

# exitall: [short] ends at 3 s and the parent stops [long] at its next look
# (on the 10 ms grid): with 200 us reads [short] ends at 3 s exactly; with
# 700 us its last read is seen at 3.0002 s, and [long], listed first, is
# stopped at 3.01 s
vjob exit1 <<'EOF'
[global]
service_us=200
exitall=1
[short]
runtime=3
[long]
runtime=20
EOF
vjob exit2 <<'EOF'
[global]
service_us=700
exitall=1
[long]
runtime=20
[short]
runtime=3
EOF
for w in exit1 exit2; do
	if vrun $w; then
		model exitall $w.fio $w.json
		say $? "exitall, $(sed -n 's/^service_us=//p' $w.fio) us a read, [$(grep -m1 -o 'long\|short' $w.fio)] listed first: the group ends with [short] ($(first 'long' | sed 's/; model.*//; s/^long: //')); long: $(first 'long' | sed 's/.*model: //; s/ | .*//')"
	else
		not_ok "exitall $w: the runner did not run the job: $(cat $w.err)"
	fi
done

# fiorion -duration auto:MAX, a device slowing 5 % a second for 9 s
steps=1:1050,2:1100,3:1150,4:1200,5:1250,6:1300,7:1350,8:1400,9:1450
for max in 15 11; do
	if fr "au$max" -run advanced -matrix row -num_large 0 -num_disks 1 -duration "auto:$max" \
		-fio_opt service_us=1000 -fio_opt servers=4 -fio_opt service_steps=$steps; then
		model auto "au$max" v
		say $? "-duration auto:$max on a device slowing 1 -> 1.45 ms over 9 s: each point's steadystate block and runtime as fio's rule says, the trace's line for it and the summary's ($(grep -m1 '^Steady state' "au$max/v_summary.txt"); $(grep -m1 'trace:' model.out | sed 's/.*trace: //'))"
	else
		not_ok "-duration auto:$max did not run: $(tail -2 "au$max.err")"
	fi
done
if grep -qx 'steadystate=iops_slope:2%' au15/v_jobs/p001.fio && grep -qx 'steadystate_duration=5s' au15/v_jobs/p001.fio \
	&& grep -qx 'steadystate_ramp_time=2s' au15/v_jobs/p001.fio && grep -qx 'exitall=1' au15/v_jobs/p001.fio \
	&& grep -qx 'runtime=15' au15/v_jobs/p001.fio; then
	ok "-duration auto:15 job files carry fio's options: steadystate=iops_slope:2%, steadystate_duration=5s, steadystate_ramp_time=2s, exitall=1, runtime=15"
else
	not_ok "auto job file: $(grep -E 'steady|runtime|exitall' au15/v_jobs/p001.fio | tr '\n' ' ')"
fi

# -------------------------------------------------------- 2. time series
vjob ts1 <<'EOF'
[ts1]
iodepth=2
servers=2
service_us=200
service_steps=2.3:400
runtime=10
write_iops_log=ts1
write_bw_log=ts1
write_lat_log=ts1
log_avg_msec=500
EOF
vjob ts2 <<'EOF'
[ts2]
iodepth=3
servers=2
service_us=300
service_steps=1.1:700,3.05:150
runtime=6
write_iops_log=ts2
write_bw_log=ts2
log_avg_msec=250
EOF
if vrun ts1; then
	model logs ts1.fio ts1.json .
	rc=$?
	n=$(wc -l <ts1_iops.1.log)
	r=$(grep '^2500,' ts1_iops.1.log | cut -d, -f2)
	l=$(grep '^2500,' ts1_lat.1.log | cut -d, -f2)
	say $rc "logs of 2 servers of 200 us, 400 us from 2.3 s, 10 s: $n iops and bw rows (10 s / 500 ms), 10000 IOPS up to 2000 ms, the window (2000, 2500] straddling the step$r IOPS (3000 I/Os of 200 us, 1000 of 400), then $(tail -1 ts1_iops.1.log | cut -d, -f2 | tr -d ' '); lat log's 2500 ms row$l ns (3001 I/Os at 200 us, 999 at 400: fio closes a window with the first I/O at its end), $(wc -l <ts1_lat.1.log) rows (the second read seen at 10 s opens a window the job's end closes)"
	model point ts1.fio ts1.json
	say $? "the same job's JSON: $(first 'ts1: model' | sed 's/ | .*//; s/^ts1: model //')"
else
	not_ok "ts1: the runner did not run the job: $(cat ts1.err)"
fi
if vrun ts2; then
	model logs ts2.fio ts2.json .
	say $? "logs in 250 ms windows of 3 I/Os on 2 servers, 300 -> 700 us at 1.1 s -> 150 us at 3.05 s (steps off the windows' grid), 6 s: $(wc -l <ts2_iops.1.log) iops and bw rows (6 s / 250 ms), each as the schedule says: IOPS $(awk -F, '{ printf "%s%d", (NR > 1 ? " " : ""), $2 }' ts2_iops.1.log | cut -d' ' -f1-5,12-15) ..."
else
	not_ok "ts2: the runner did not run the job: $(cat ts2.err)"
fi

# fiorion's own logs and the report: a ladder on 2 servers of 1 ms, 2 ms from 5 s
step="-fio_opt service_us=1000 -fio_opt servers=2 -fio_opt service_steps=5:2000"
# shellcheck disable=SC2086
if fr st -run advanced -matrix row -num_large 0 -num_disks 1 -duration 10 $step; then
	model run st v
	say $? "-matrix row 1..5 on 2 servers of 1 ms, 2 ms from 5 s (10 s points): each point's JSON, its 20 500 ms iops and bw log rows, its .points.csv row and the report's time series (IOPS lo-hi, mean) as the model's windows ($(grep -m1 'p002 Small=2' model.out | sed 's/ | .*//'))"
else
	not_ok "the stepping ladder did not run: $(tail -2 st.err)"
fi

# The logs change no number: the same point with its logs and without
# (-fio_opt log_avg_msec=500: a log option of the user's, so fiorion
# writes none), every number of its JSON and its .points.csv row.
# shellcheck disable=SC2086
if fr lon -run advanced -matrix point -num_small 2 -num_large 0 -duration 10 $step \
	&& fr loff -run advanced -matrix point -num_small 2 -num_large 0 -duration 10 $step -fio_opt log_avg_msec=500; then
	diff=$(python3 - lon/v_jobs/p001.json loff/v_jobs/p001.json lon/v.points.csv loff/v.points.csv <<'EOF'
import json, sys
def load(p):
    t = open(p).read()
    return json.loads(t[t.index("{"):])
def leaves(o, p=""):
    if isinstance(o, dict):
        for k, v in o.items():
            if k not in ("job options", "global options", "desc", "time", "timestamp", "timestamp_ms"):
                yield from leaves(v, p + "/" + k)
    elif isinstance(o, list):
        for i, v in enumerate(o):
            yield from leaves(v, "%s/%d" % (p, i))
    else:
        yield p, o
a, b = dict(leaves(load(sys.argv[1]))), dict(leaves(load(sys.argv[2])))
d = ["%s %s/%s" % (k, a.get(k), b.get(k)) for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)]
ra = open(sys.argv[3]).read().splitlines()[1].split(",")[:18]
rb = open(sys.argv[4]).read().splitlines()[1].split(",")[:18]
d += [".points.csv %s/%s" % (",".join(ra), ",".join(rb))] if ra != rb else []
print("; ".join(d))
print(len(a))
EOF
)
	nkeys=$(echo "$diff" | tail -1)
	diff=$(echo "$diff" | head -1)
	if [ -z "$diff" ] && [ -s lon/v_jobs/p001-s2-l0-small_iops.1.log ] && [ -z "$(ls loff/v_jobs/*.log 2>/dev/null)" ]; then
		ok "the logs change no number: Small=2 on the stepping device with and without its logs, all $nkeys numbers of the JSON and the .points.csv row the same"
	else
		not_ok "the logs change the numbers (with/without): $diff"
	fi
else
	not_ok "the point with and without logs did not run: $(tail -1 lon.err loff.err)"
fi

# ------------------------------------------------------------- 3. knees
# (C, D) = (4, 1 ms): IOPS 1000 S up to 4000 at Small=4, flat after;
# latency 1 ms, then S / 4 ms. Knee Small=4 (flat), confirmed at 6.
if fr ka -run oltp -num_disks 1 -duration 5 -max_latency 1.6 -fio_opt service_us=1000 -fio_opt servers=4; then
	model run ka v 1.6
	rc=$?
	th=$(awk -F, 'NR > 1 { s = $1; i = (s < 4 ? s : 4) * 1000; l = (s < 4 ? 1 : s / 4);
		di = ($3 - i) / i; dl = ($9 - l) / l; if (di < 0) di = -di; if (dl < 0) dl = -dl;
		if (di > m) m = di; if (dl > m) m = dl } END { printf "%.4f", m * 100 }' ka/v.points.csv)
	if [ $rc = 0 ] && awk "BEGIN { exit !($th <= 0.1) }"; then
		ok "-run oltp on 4 servers of 1 ms, 20 loads: every cell the schedule's IOPS and latency, queueing theory's min(S, 4) / 1 ms and max(1, S / 4) ms within $th % (<= 0.1 %); $(sed -n 's/^knee (the rule over the model.s cells): //p' model.out); $(sed -n 's/^answer: //p' model.out)"
	else
		not_ok "-run oltp, C=4 D=1 ms: the model's $rc, queueing theory's within $th %"
		sed 's/^/# /' model.out | grep -v ' log: ' | head -40
	fi
else
	not_ok "-run oltp C=4 D=1 ms did not run: $(tail -2 ka.err)"
fi
if fr kas -run oltp -num_disks 1 -duration 5 -max_latency 1.6 -stop_at_knee -fio_opt service_us=1000 -fio_opt servers=4; then
	model run kas v 1.6
	say $? "-stop_at_knee -max_latency 1.6, 4 x 1 ms: $(sed -n 's/^stopped: //p' model.out), the confirming load; $(ls kas/v_jobs/*.skip 2>/dev/null | wc -l) .skip files; $(grep '^Total Data Points' kas/v_summary.txt)"
else
	not_ok "-stop_at_knee C=4 D=1 ms did not run: $(tail -2 kas.err)"
fi
# fio2orion over the same JSON under 1.2 ms: Small=5 (1.25 ms) crosses first
rm -rf kf
if "$F2O" -max_latency 1.2 -outdir kf ka/v_jobs/run.json ka/v_jobs/p[0-9]*.json >kf.out 2>kf.err; then
	model run kf v 1.2 ka/v_jobs
	say $? "fio2orion -max_latency 1.2 over the kept JSON: $(sed -n 's/^knee (the rule over the model.s cells): //p' model.out); $(sed -n 's/^answer: //p' model.out)"
else
	not_ok "fio2orion -max_latency 1.2: $(cat kf.err)"
fi
# (C, D) = (3, 0.7 ms): 4285.7 IOPS from Small=3; latency 0.7 ms, then 0.7 S / 3 ms
if fr kb -run oltp -num_disks 1 -duration 5 -max_latency 1.0 -stop_at_knee -fio_opt service_us=700 -fio_opt servers=3; then
	model run kb v 1.0
	rc=$?
	th=$(awk -F, 'NR > 1 { s = $1; i = (s < 3 ? s : 3) / 0.7 * 1000; l = (s < 3 ? 0.7 : 0.7 * s / 3);
		di = ($3 - i) / i; dl = ($9 - l) / l; if (di < 0) di = -di; if (dl < 0) dl = -dl;
		if (di > m) m = di; if (dl > m) m = dl } END { printf "%.4f", m * 100 }' kb/v.points.csv)
	if [ $rc = 0 ] && awk "BEGIN { exit !($th <= 0.1) }"; then
		ok "-run oltp -stop_at_knee on 3 servers of 0.7 ms: cells the schedule's, queueing theory's within $th %; $(sed -n 's/^knee (the rule over the model.s cells): //p' model.out); $(sed -n 's/^answer: //p' model.out); $(sed -n 's/^stopped: //p' model.out)"
	else
		not_ok "-run oltp, C=3 D=0.7 ms: the model's $rc, queueing theory's within $th %"
		sed 's/^/# /' model.out | grep -v ' log: ' | head -40
	fi
else
	not_ok "-run oltp C=3 D=0.7 ms did not run: $(tail -2 kb.err)"
fi
# A large-I/O column, 2 servers of 8 ms: 125 MBPS a stream up to 2, latency 8 ms then 4 L ms
if fr kc -run advanced -matrix col -num_small 0 -num_disks 3 -duration 10 -max_latency 10 -stop_at_knee \
	-fio_opt service_us=8000 -fio_opt servers=2; then
	model run kc v 10
	say $? "large column on 2 servers of 8 ms (1 MiB reads), -max_latency 10 -stop_at_knee: $(sed -n 's/^knee (the rule over the model.s cells): //p' model.out); $(sed -n 's/^answer: //p' model.out); $(sed -n 's/^stopped: //p' model.out)"
else
	not_ok "the large column did not run: $(tail -2 kc.err)"
fi

# ---------------------------------------------------------- 4. intervals
# Each point of the steady ladder (ka): zero wide, on the schedule's IOPS.
if [ "$(awk -F, 'NR > 1 && $18 == "within" && $4 == $3 && $3 == $5' ka/v.points.csv | wc -l)" = 20 ]; then
	ok "a steady device's points (4 x 1 ms, 20 loads): each 'within' interval zero wide, on the schedule's IOPS (checked above); queueing theory's 4000 outside it at $(awk -F, 'NR > 1 && $1 > 4 && $3 != "4000.0"' ka/v.points.csv | wc -l) of the 16 loads past 4, where I/Os queued at the deadline complete after it ($(awk -F, 'NR == 6 { print "Small=5: " $3 " [" $4 ", " $5 "]" }' ka/v.points.csv))"
else
	not_ok "steady device's intervals: $(awk -F, 'NR > 1 { print $1 ":" $3 "[" $4 "," $5 "]" $18 }' ka/v.points.csv | tr '\n' ' ')"
fi
# A device that doubles its service time mid-point (st, Small=2): the
# interval is t(19) s / sqrt(20) of 10 samples at 2000 and 10 at 1000.
row=$(awk -F, 'NR > 1 && $1 == 2 { print $3, $4, $5, $18, $15 }' st/v.points.csv)
# shellcheck disable=SC2086
set -- $row
if [ "$4" = within ] && [ "$5" = 20 ] && awk -v v="$1" -v lo="$2" -v hi="$3" 'BEGIN { exit !(lo < v && v < hi && hi - lo > 0.2 * v && lo > 1000 && hi < 2000) }'; then
	ok "a step mid-point (2 x 1 ms, 2 ms from 5 s), Small=2: 'within' [$2, $3] around $1 from 20 samples (+-$(awk -v v="$1" -v hi="$3" 'BEGIN { printf "%.1f", (hi - v) / v * 100 }') %: the rule over the model's samples, checked above), holding neither of the device's rates (2000, then 1000 IOPS); the report's time series shows the step ($(grep -o '<summary>p002 [^:]*: IOPS [0-9.]*-[0-9.]*' st/v.report.html | sed 's/<summary>//'))"
else
	not_ok "the stepping point's interval: '$row'"
fi
# -repeat 3: the passes the same, the interval "passes", zero wide
if fr rp -run advanced -matrix row -num_large 0 -num_disks 1 -duration 5 -repeat 3 \
	-fio_opt service_us=1000 -fio_opt servers=2 -fio_opt service_steps=2.5:2000; then
	model run rp v
	rc=$?
	if [ $rc = 0 ] && awk -F, 'NR > 1 && !($18 == "passes" && $17 == 3 && $4 == $3 && $3 == $5) { bad = 1 } END { exit bad }' rp/v.points.csv; then
		ok "-repeat 3 on 2 servers of 1 ms, 2 ms from 2.5 s (5 s points): each pass's JSON the model's, every cell's 'passes' interval zero wide on the model's figure ($(awk -F, 'NR == 3 { print "Small=2: " $3 " [" $4 ", " $5 "]" }' rp/v.points.csv)), though each pass holds the step (the 'within' interval of its samples would be +-$(grep -m1 '^p002 Small=2' model.out | sed 's/.*samples: +-//'))"
	else
		not_ok "-repeat 3: model $rc; $(awk -F, 'NR > 1 { print $1 ":" $3 "[" $4 "," $5 "]" $17 $18 }' rp/v.points.csv | tr '\n' ' ')"
		sed 's/^/# /' model.out | grep BAD | head
	fi
else
	not_ok "-repeat 3 did not run: $(tail -2 rp.err)"
fi
finish
