#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Description: answers under a latency bound (issue 15), real I/O on a
# scratch file. The knee of each ladder and the "Best Small IOPS with
# latency <= X ms" line are checked against an independent reading of
# ORION's own CSV files (seed 004's rule, written again here in python:
# the last load before the next one's latency crosses the bound or its
# IOPS rise by less than 5 %), from the driver and from fio2orion on the
# kept JSON. -stop_at_knee stops a ladder one load past its knee with
# both runners: the points after it are not run (pNNN.skip, empty cells),
# Total Data Points counts what ran, the summary says why, and the knee
# holds on the run's own numbers. -duration auto:MAX with both runners:
# each point's JSON carries fio's steadystate block, a point that reached
# it ran less than MAX, the trace and the summary say so. Bad -max_latency
# and -duration values: exit 2.
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
F2O=$TOP/build/fio2orion
cd "$T" || exit 1
dd if=/dev/urandom of=lun bs=1M count=256 status=none
echo "$T/lun" >t.lun
echo "$T/lun" >s.lun
echo "$T/lun" >f.lun
echo "$T/lun" >a.lun

# knee.py DIR NAME BOUND: the knees and the answer line from the points'
# JSON (IOPS as ORION's CSV gives them; mean latency unrounded, as the CSV
# cannot give it: 0.07 there may be over a bound of 0.07)
cat >knee.py <<'EOF'
import csv, glob, json, math, re, sys
d, name, bound = sys.argv[1], sys.argv[2], float(sys.argv[3])
iops, lat = {}, {}
for p in glob.glob(f"{d}/{name}_jobs/p[0-9][0-9][0-9].json"):
    t = open(p).read()
    for j in json.loads(t[t.index("{"):])["jobs"]:
        m = re.match(r"p\d+-s(\d+)-l(\d+)-small$", j["jobname"])
        if not m:
            continue
        key = (int(m.group(1)), int(m.group(2)))
        ios = sum(j[k]["total_ios"] for k in ("read", "write"))
        rt = max(j[k]["runtime"] for k in ("read", "write")) / 1000
        ns = sum(j[k]["lat_ns"]["mean"] * j[k]["total_ios"] for k in ("read", "write"))
        a = iops.setdefault(key, [0, 0, 0])
        a[0] += ios / rt; a[1] += ns; a[2] += ios
for key, a in iops.items():
    lat[key] = a[1] / a[2] / 1e6
    iops[key] = a[0]
row = sorted((s, iops[(s, l)], lat[(s, l)]) for (s, l) in iops if l == 0)
def rule(row):
    if row and row[0][2] > bound:
        return -1, "over"
    for k in range(len(row) - 1):
        if row[k + 1][2] > bound:
            return k, "latency"
        # 5 % a doubling of the load: the step asks (L1/L0)^log2(1.05)
        if row[k + 1][1] < row[k][1] * (row[k + 1][0] / row[k][0]) ** math.log2(1.05):
            return k, "flat"
    return len(row) - 1, "open"
knee, why = rule(row)
best = max((r for r in row if r[2] <= bound), key=lambda r: r[1], default=None)
print(json.dumps({"load": row[knee][0] if knee >= 0 else 0, "why": why, "index": knee,
                  "steps": len(row), "prefix_why": rule(row[:-1])[1],
                  "best": [int(best[1]), best[0]] if best else None,
                  "lats": [r[2] for r in row]}))
EOF

# 1. a small-I/O ladder (-matrix row, Large=0) with a bound nothing crosses
"$FR" -run advanced -matrix row -num_large 0 -num_disks 2 -testname t -duration 1 \
	-max_latency 1000 -outdir r1 >r1.out 2>r1.err
rc=$?
ref=$(python3 knee.py r1 t 1000)
kload=$(echo "$ref" | python3 -c 'import json,sys; print(json.load(sys.stdin)["load"])')
kwhy=$(echo "$ref" | python3 -c 'import json,sys; print(json.load(sys.stdin)["why"])')
rj=$(python3 -c '
import json
for x in json.load(open("r1/t_jobs/run.json"))["fiorion"]["knees"]:
    print("%s:%s:%s:%s" % (x["ladder"], x["fixed"], x["load"], x["why"]))')
if [ $rc = 0 ] && [ "$rj" = "small:0:$kload:$kwhy" ] \
	&& grep -q "^Knee of the small-I/O ladder at Large=0: Small=$kload[ ,]" r1/t_trace.txt; then
	ok "the knee in run.json and the trace is the rule's on the points' own numbers (Small=$kload, $kwhy)"
else
	not_ok "knee: rc=$rc run.json '$rj' reference $ref; $(grep Knee r1/t_trace.txt)"
fi

# 2. fio2orion -max_latency at a bound inside the ladder's latencies
bound=$(echo "$ref" | python3 -c 'import json,sys; l=sorted(json.load(sys.stdin)["lats"]); print(round((l[len(l)//2] + l[len(l)//2 - 1]) / 2, 3))')
"$F2O" -max_latency "$bound" -outdir c2 r1/t_jobs/run.json r1/t_jobs/p[0-9]*.json >c2.out 2>c2.err
ref2=$(python3 knee.py r1 t "$bound")
best=$(echo "$ref2" | python3 -c 'import json,sys; b=json.load(sys.stdin)["best"]; print(f"{b[0]} @ Small={b[1]}" if b else "none")')
kload2=$(echo "$ref2" | python3 -c 'import json,sys; print(json.load(sys.stdin)["load"])')
if grep -q "^Best Small IOPS with latency <= $bound ms = $best and Large=0$" c2/t_summary.txt \
	&& grep -q "^Knee of the small-I/O ladder at Large=0: Small=$kload2[ ,]" c2/t_trace.txt; then
	ok "fio2orion -max_latency $bound: the answer line ($best) and the knee (Small=$kload2) are the rule's"
else
	not_ok "fio2orion -max_latency $bound: expected '$best', knee $kload2: $(grep 'with latency' c2/t_summary.txt) $(grep Knee c2/t_trace.txt) $(cat c2.err)"
fi
# the same lines when the bound is the run's own
"$FR" -run advanced -matrix row -num_large 0 -num_disks 2 -testname t -duration 1 \
	-max_latency p99:1000 -outdir r1p >/dev/null 2>r1p.err
if grep -q "^Best Small IOPS with p99 latency <= 1000 ms = [0-9]* @ Small=[0-9]* and Large=0$" r1p/t_summary.txt; then
	ok "-max_latency p99:1000: the answer line from the runner's histograms"
else
	not_ok "p99 bound: $(grep 'latency <=' r1p/t_summary.txt) $(tail -2 r1p.err)"
fi

# 3. -stop_at_knee, both runners: a bound the ladder crosses early
# check_stop DIR NAME BOUND RUNNER: the run stopped one load past its own knee
check_stop() {
	python3 - "$@" <<'EOF'
import glob, json, re, subprocess, sys
d, name, bound, runner = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
ref = json.loads(subprocess.check_output(["python3", "knee.py", d, name, bound]))
run = json.load(open(f"{d}/{name}_jobs/run.json"))["fiorion"]
skips = glob.glob(f"{d}/{name}_jobs/p[0-9][0-9][0-9].skip")
jsons = glob.glob(f"{d}/{name}_jobs/p[0-9][0-9][0-9].json")
planned = glob.glob(f"{d}/{name}_jobs/p[0-9][0-9][0-9].fio")
summ = open(f"{d}/{name}_summary.txt").read()
bad = []
if not skips:
    bad.append("no point skipped")
# one load past its knee: the rule on the measured loads finds the knee at
# the next-to-last one (or the first load is over), and without the last
# load it finds none
if not ((ref["why"] in ("latency", "flat") and ref["index"] == ref["steps"] - 2
         and ref["prefix_why"] == "open") or (ref["why"] == "over" and ref["steps"] == 1)):
    bad.append(f"not stopped one load past the knee: {ref}")
m = re.search(r"Total Data Points: (\d+)", summ)
if not m or int(m.group(1)) != len(jsons) + 1 or run["total_points"] != len(jsons) + 1:
    bad.append(f"Total Data Points {m and m.group(1)} / run.json {run['total_points']}, {len(jsons)} measured")
if "Ladder stopped one load past its knee: knee of the small-I/O ladder at Large=0" not in summ:
    bad.append("no stopped line in the summary")
if len(jsons) + len(skips) != len(planned):
    bad.append(f"{len(jsons)} measured + {len(skips)} skipped != {len(planned)} planned")
print("; ".join(bad) if bad else f"{len(jsons)} of {len(planned)} points run, {len(skips)} skipped, knee Small={ref['load']} ({ref['why']})")
sys.exit(1 if bad else 0)
EOF
}
# the bound: halfway between the 2nd and 3rd loads' latency of run 1
b3=$(echo "$ref" | python3 -c 'import json,sys; l=json.load(sys.stdin)["lats"]; print(round((l[1] + l[2]) / 2, 3))')
for runner in builtin fio; do
	"$FR" -run oltp -num_disks 2 -testname s -duration 1 -max_latency "$b3" -stop_at_knee \
		-runner $runner -engine "$TOP/build/fiorion-engine.so" -outdir "s_$runner" >"s_$runner.out" 2>"s_$runner.err"
	rc=$?
	why=$(check_stop "s_$runner" s "$b3" $runner 2>&1)
	if [ $rc = 0 ] && echo "$why" | grep -q "skipped"; then
		ok "-stop_at_knee -max_latency $b3 -runner $runner: $why"
	else
		not_ok "-stop_at_knee -runner $runner: rc=$rc $why $(tail -3 "s_$runner.err")"
	fi
done
# 4. -duration auto:MAX with both runners, a mixed point
for runner in builtin fio; do
	"$FR" -run advanced -matrix point -num_small 2 -num_large 1 -testname a -duration auto:15 \
		-runner $runner -engine "$TOP/build/fiorion-engine.so" -outdir "a_$runner" -cache_size 0 \
		>"a_$runner.out" 2>"a_$runner.err"
	rc=$?
	why=$(python3 - "a_$runner" <<'EOF'
import json, re, sys
d = sys.argv[1]
t = open(f"{d}/a_jobs/p001.json").read()
j = json.loads(t[t.index("{"):])
jobs = [x for x in j["jobs"] if not x["jobname"].endswith("warm")]
ss = [x.get("steadystate") for x in jobs]
if not all(ss):
    print("a job without the steadystate block"); sys.exit(1)
rt = max(max(x["read"]["runtime"], x["write"]["runtime"]) for x in jobs) / 1000
att = any(s["attained"] for s in ss)
trace = open(f"{d}/a_trace.txt").read()
summ = open(f"{d}/a_summary.txt").read()
if att:
    m = re.search(r"Steady state \(iops_slope:2%, 5 s window\): reached after ([0-9.]+) s", trace)
    good = m and rt < 15 and abs(float(m.group(1)) - rt) < 0.05 and "Steady state reached at all 1 points" in summ
else:
    good = rt > 14.5 and "not reached" in trace and "Steady state not reached at 1 of 1 points" in summ
print(f"{'reached' if att else 'not reached'} after {rt:.1f} s of 15" if good else f"inconsistent: attained={att} runtime={rt}")
sys.exit(0 if good else 1)
EOF
)
	if [ $rc = 0 ] && [ $? = 0 ] && echo "$why" | grep -q "reached after"; then
		ok "-duration auto:15 -runner $runner: $why; the trace and summary say so"
	else
		not_ok "-duration auto:15 -runner $runner: rc=$rc $why $(tail -3 "a_$runner.err")"
	fi
done
if grep -q "^steadystate=iops_slope:2%$" a_builtin/a_jobs/p001.fio && grep -q "^runtime=15$" a_builtin/a_jobs/p001.fio \
	&& grep -q "^exitall=1$" a_builtin/a_jobs/p001.fio; then
	ok "-duration auto:15 job files carry fio's steady-state options, exitall=1 and runtime=15"
else
	not_ok "auto job file: $(grep -E 'steady|runtime|exitall' a_builtin/a_jobs/p001.fio)"
fi

# 5. bad values
n=0
for v in "-max_latency 5ms" "-max_latency p100:5" "-max_latency 0" "-duration auto:5" "-duration autox" "-duration auto:"; do
	"$FR" -run simple -testname t $v -outdir bad >/dev/null 2>bad.err
	rc=$?
	[ $rc = 2 ] && [ "$(wc -l <bad.err)" = 1 ] && n=$((n + 1))
done
if [ $n = 6 ] && [ ! -e bad ]; then
	ok "bad -max_latency and -duration auto values: exit 2, one line, nothing written"
else
	not_ok "bad values: $n of 6; $(cat bad.err)"
fi
finish
