#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh: long=40
#
# Description: fio 3.33's steady state in the built-in runner, against
# stock fio on the same job files (real I/O on a scratch file), where no
# rate is judged (so beside the other suites; the job that settles is
# tests/e2e_steady.sh's, alone): one that cannot settle
# (iops_slope:0.0001%) is attained by neither and runs its whole runtime
# (7 s, within 6.9-7.6 s); exitall ends a group with its first job at 3 s
# (the driver's -duration auto files carry it); both write the
# "steadystate" block with the same keys and types, and its criterion,
# deviation, slope and means are fio's formulas over the window it holds
# (tests/steady_check.py); a group whose jobs differ in steady state is
# refused by both. The driver's -duration auto:MAX with both runners (at
# once, on a mixed point): each point's JSON carries fio's steadystate
# block, a point that reached it ran less than MAX, the trace and the
# summary say so, and the job files carry fio's options.
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
printf '[never]\n%s\nruntime=7\nss=iops_slope:0.0001%%\nss_dur=3s\nss_ramp=1s\n' "$common" >never.fio
# exitall: [short] ends at 3 s and takes [long] (20 s) with it.
printf '[global]\n%s\nexitall=1\nss=iops_slope:0.0001%%\nss_dur=3\n\n[long]\nruntime=20\n\n[short]\nruntime=3\n' "$common" >exitall.fio

steady_pair never "attained by neither, both ran runtime=7"
steady_pair exitall "both jobs of the group ended with the 3 s one"

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
# -duration auto:MAX from the driver, both runners at once, a mixed point
# (the rule is fio's; what is checked is that the files say what the
# JSON holds, so it runs beside the other suites)
echo "$T/f" >a.lun
for runner in builtin fio; do
	("$FR" -run advanced -matrix point -num_small 2 -num_large 1 -testname a -duration auto:15 \
		-runner $runner -engine "$TOP/build/fiorion-engine.so" -outdir "a_$runner" -cache_size 0 \
		>"a_$runner.out" 2>"a_$runner.err"
	echo $? >"a_$runner.rc") &
done
wait
for runner in builtin fio; do
	rc=$(cat "a_$runner.rc")
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
    # attained at the window that ends with the runtime is attained too
    # (a CI once saw it at 15.004 s): the trace must say it, at that time
    # to a tenth (8.85 s is "8.8" or "8.9")
    good = m and rt < 15.1 and abs(float(m.group(1)) - rt) < 0.0501 and "Steady state reached at all 1 points" in summ
else:
    good = rt > 14.5 and "not reached" in trace and "Steady state not reached at 1 of 1 points" in summ
print(f"{'reached' if att else 'not reached'} after {rt:.1f} s of 15" if good else f"inconsistent: attained={att} runtime={rt}")
sys.exit(0 if good else 1)
EOF
)
	prc=$?
	if [ "$rc" = 0 ] && [ $prc = 0 ]; then
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

finish
