#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Description: fio 3.33's steady state where only stock fio and real I/O
# can show it (the rule itself, exactly, is tests/e2e_vrules.sh's, in
# virtual time: when a window attains, the criterion, slope, deviation
# and window, exitall, -duration auto's trace). Here, on a scratch file:
# stock fio and the built-in runner on one job file that cannot settle
# (iops_slope:0.0001%, 1 s ramp, 3 s window, runtime 5 s): neither
# attains it, both run the whole runtime (4.9-5.6 s), both write the
# "steadystate" block with the same keys and types and every key path of
# fio's, its criterion, deviation, slope and means fio's formulas over
# the window it holds (tests/steady_check.py); a group whose jobs differ
# in steady state is refused by both; fiorion -duration auto:10 -runner
# fio (stock fio with the driver's job files, at the same time as the
# pair): each job's JSON carries fio's block, a point that reached it
# ran less than 10 s, the trace and the summary say so. No rate is
# judged: it runs beside the other suites.
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
cd "$T" || exit 1
mkfile f 64

# -duration auto:10 with stock fio, a mixed point, beside the pair below
echo "$T/f" >a.lun
("$FR" -run advanced -matrix point -num_small 2 -num_large 1 -testname a -duration auto:10 \
	-runner fio -engine "$TOP/build/fiorion-engine.so" -outdir a_fio -cache_size 0 >a_fio.out 2>a_fio.err
echo $? >a_fio.rc) &
auto=$!

common="ioengine=libaio
filename=$T/f
direct=1
time_based=1
rw=randread
bs=8k
iodepth=4"
printf '[never]\n%s\nruntime=5\nss=iops_slope:0.0001%%\nss_dur=3s\nss_ramp=1s\n' "$common" >never.fio
steady_pair never "attained by neither, both ran runtime=5"

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

wait $auto
rc=$(cat a_fio.rc)
why=$(python3 - a_fio <<'EOF'
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
    # attained at the window that ends with the runtime is attained too
    # (a CI once saw it at 15.004 s of 15): the trace must say it, at that
    # time to a tenth (8.85 s is "8.8" or "8.9")
    good = m and rt < 10.1 and abs(float(m.group(1)) - rt) < 0.0501 and "Steady state reached at all 1 points" in summ
else:
    good = rt > 9.5 and "not reached" in trace and "Steady state not reached at 1 of 1 points" in summ
print(f"{'reached' if att else 'not reached'} after {rt:.1f} s of 10" if good else f"inconsistent: attained={att} runtime={rt}")
sys.exit(0 if good else 1)
EOF
)
prc=$?
if [ "$rc" = 0 ] && [ $prc = 0 ]; then
	ok "-duration auto:10 -runner fio: each job's JSON has fio's steadystate block; $why; the trace and summary say so"
else
	not_ok "-duration auto:10 -runner fio: rc=$rc $why $(tail -3 a_fio.err)"
fi

finish
