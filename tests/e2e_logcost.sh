#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh: alone
# (a scratch file's rate: the CPU's; the logs' cost is CPU on the I/O path)
#
# Description: the IOPS and bandwidth logs each point now writes (issue
# 29, 500 ms windows) do not change the measured numbers: the same point
# (Small=4 on a 64 MiB scratch file, the built-in runner, 2 s) run with
# its logs and without them (-fio_opt log_avg_msec=500: a log option of
# the user's, so fiorion writes none), interleaved 7 times, the order
# swapped every round. Decided on the CPU the point's I/Os cost (the
# report's CPU row: the jobs' own usr + sys per I/O, which other
# processes on the machine move far less than the rate): the median of
# the rounds' ratios (with / without) at most 1.3. The IOPS ratios are
# printed beside it, not judged: on the shared 2-core machine single
# rounds ranged 0.04-4.46 and the medians of 7 rounds 0.71-1.20 in 9
# runs, both ways; the CPU ratios' medians 0.887, 0.891, 0.933 in 3 runs
# (single rounds 0.57-1.41).
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
cd "$T" || exit 1
mkfile lun 64
echo "$T/lun" >c.lun

one() {	# on|off: the point's IOPS, its CPU per I/O
	rm -rf c_jobs c_*.csv c_*.txt c_*.html
	if [ "$1" = on ]; then
		"$FR" -run advanced -matrix point -num_small 4 -num_large 0 -duration 2 -testname c >c.out 2>c.err
	else
		"$FR" -run advanced -matrix point -num_small 4 -num_large 0 -duration 2 -testname c -fio_opt log_avg_msec=500 >c.out 2>c.err
	fi || { echo "fail $(tail -1 c.err)"; return; }
	logs=$(ls c_jobs/*.log 2>/dev/null | wc -l)
	iops=$(sed -n 's/^Maximum Small IOPS=\([0-9]*\).*/\1/p' c_summary.txt)
	cpu=$(grep -o '<th>CPU</th><td>usr [0-9.]* µs + sys [0-9.]* µs' c_report.html | sed 's/.*usr \([0-9.]*\) µs + sys \([0-9.]*\) µs/\1 \2/')
	echo "$1 $iops $logs $cpu"
}
: >runs.txt
for i in 1 2 3 4 5 6 7; do
	if [ $((i % 2)) = 1 ]; then one on; one off; else one off; one on; fi >>runs.txt
done
if python3 - runs.txt <<'PY' >verdict.txt; then
import statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
assert all(r[0] in ("on", "off") and len(r) == 5 for r in rows), rows
on = [r for r in rows if r[0] == "on"]
off = [r for r in rows if r[0] == "off"]
assert all(r[2] == "2" for r in on) and all(r[2] == "0" for r in off), "logs written: %s" % rows
ratios = [int(a[1]) / int(b[1]) for a, b in zip(on, off)]
cpu = [(float(a[3]) + float(a[4])) / (float(b[3]) + float(b[4])) for a, b in zip(on, off)]
m, c = statistics.median(ratios), statistics.median(cpu)
print("CPU per I/O with/without logs, median of 7 rounds' ratios %.3f (%s); IOPS ratios' median %.3f (%s), not judged"
      % (c, " ".join("%.2f" % r for r in cpu), m, " ".join("%.2f" % r for r in ratios)))
sys.exit(0 if c <= 1.3 else 1)
PY
	ok "$(cat verdict.txt)"
else
	not_ok "the logs' cost: $(cat verdict.txt) $(tr '\n' ';' <runs.txt)"
fi
finish
