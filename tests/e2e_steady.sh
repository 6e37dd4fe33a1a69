#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh: alone
#
# Description: fio 3.33's steady state in the built-in runner, against
# stock fio on the same job files (real I/O on a scratch file): a job
# that settles (iops:20%, ramp 1 s, window 3 s, runtime 20 s) is attained
# by both and ends well before its runtime; one that cannot settle
# (iops_slope:0.0001%) is attained by neither and runs its whole runtime;
# both write the "steadystate" block with the same keys and types, and
# its criterion, deviation, slope and means are fio's formulas over the
# window it holds; exitall ends a group with its first job (the driver's
# -duration auto files carry it); a group whose jobs differ in steady
# state is refused by both.
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
printf '[never]\n%s\nruntime=7\nss=iops_slope:0.0001%%\nss_dur=3s\nss_ramp=1s\n' "$common" >never.fio
# exitall: [short] ends at 3 s and takes [long] (20 s) with it.
printf '[global]\n%s\nexitall=1\nss=iops_slope:0.0001%%\nss_dur=3\n\n[long]\nruntime=20\n\n[short]\nruntime=3\n' "$common" >exitall.fio

# check.py WHAT FIO_JSON RUNNER_JSON: one line per runner, then the verdict.
cat >check.py <<'PY'
import json, sys

what, files = sys.argv[1], sys.argv[2:]


def load(p):
    t = open(p).read()
    return json.loads(t[t.index("{"):])


def shape(o):
    if isinstance(o, dict):
        return {k: shape(v) for k, v in o.items()}
    if isinstance(o, list):
        return ["list"] + sorted({json.dumps(shape(x)) for x in o})
    return type(o).__name__


def formulas(ss):
    """fio's criterion recomputed from the window the block holds."""
    d = ss["data"]
    n = ss["duration"]
    kind = ss["ss"].split(":")[0]
    y = d["iops"] if kind.startswith("iops") else d["bw"]
    bad = []
    if len(d["iops"]) != n or len(d["bw"]) != n:
        bad.append("window of %d/%d samples, duration %d" % (len(d["iops"]), len(d["bw"]), n))
        return bad
    if d["iops_mean"] != sum(d["iops"]) // n or d["bw_mean"] != sum(d["bw"]) // n:
        bad.append("means are not sum // duration")
    if 0 in y:
        return bad  # not full: no criterion was computed over it
    crit = float(ss["criterion"].rstrip("%"))
    pct = ss["criterion"].endswith("%")
    if kind.endswith("_slope"):
        xm = (n - 1) / 2
        ym = sum(y) / n
        slope = sum((i - xm) * (v - ym) for i, v in enumerate(y)) / sum((i - xm) ** 2 for i in range(n))
        want = 100 * slope / (sum(y) // n) if pct else slope
        if abs(ss["slope"] - slope) > 1e-4 * max(1, abs(slope)):
            bad.append("slope %s, least squares %s" % (ss["slope"], slope))
    else:
        mean = sum(y) / n
        dev = max(abs(v - mean) for v in y)
        want = 100 * dev / mean if pct else dev
        if abs(ss["max_deviation"] - dev) > 1e-4 * max(1, dev):
            bad.append("max_deviation %s, computed %s" % (ss["max_deviation"], dev))
    if abs(crit - want) > 1e-4 * max(1, abs(want)):
        bad.append("criterion %s, computed %s" % (ss["criterion"], want))
    return bad


docs = [load(p) for p in files]
bad = []
for name, doc in zip(("fio", "runner"), docs):
    for j in doc["jobs"]:
        ss = j.get("steadystate")
        rt = j["read"]["runtime"]
        if ss is None:
            bad.append("%s: job %s has no steadystate block" % (name, j["jobname"]))
            continue
        print("%s %s runtime=%d attained=%d criterion=%s window=%s" % (
            name, j["jobname"], rt, ss["attained"], ss["criterion"], ss["data"]["iops"]))
        bad += ["%s %s: %s" % (name, j["jobname"], b) for b in formulas(ss)]
        if what == "settle" and not (ss["attained"] == 1 and 3900 <= rt <= 15000):
            bad.append("%s: not attained well before 20 s (attained %d, runtime %d ms)" % (name, ss["attained"], rt))
        if what == "never" and not (ss["attained"] == 0 and 6900 <= rt <= 7600):
            bad.append("%s: attained %d or not its whole 7 s (runtime %d ms)" % (name, ss["attained"], rt))
        if what == "exitall" and not (ss["attained"] == 0 and 2900 <= rt <= 3600):
            bad.append("%s %s: did not end with the group's first job at 3 s (runtime %d ms)" % (name, j["jobname"], rt))
a = [shape(j.get("steadystate")) for j in docs[0]["jobs"]]
b = [shape(j.get("steadystate")) for j in docs[1]["jobs"]]
if a != b:
    bad.append("keys or types differ: fio %s, runner %s" % (a, b))
for x in bad:
    print("BAD " + x)
sys.exit(1 if bad else 0)
PY

for w in settle never exitall; do
	if ! fio --output-format=json+ --output=$w-fio.json $w.fio >$w-fio.err 2>&1; then
		not_ok "$w: stock fio runs the job file"
		cat $w-fio.err
		continue
	fi
	if ! "$FR" -jobfile $w.fio -output $w-rn.json 2>$w-rn.err; then
		not_ok "$w: the built-in runner runs the job file"
		cat $w-rn.err
		continue
	fi
	case $w in
	settle) what="attained by both, well before runtime=20" ;;
	never) what="attained by neither, both ran runtime=7" ;;
	exitall) what="both jobs of the group ended with the 3 s one" ;;
	esac
	if python3 check.py $w $w-fio.json $w-rn.json >$w.out \
		&& python3 "$TOP/tests/jsonconsumers.py" keys $w-fio.json $w-rn.json >>$w.out; then
		ok "$w: $what; same steadystate keys and types, every key path of fio's, fio's formulas hold ($(grep '^fio \|^runner ' $w.out | sed 's/ window=.*//' | tr '\n' ';'))"
	else
		not_ok "$w: $what"
		cat $w.out
	fi
done

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
