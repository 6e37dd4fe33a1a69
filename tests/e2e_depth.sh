#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Description: the report's depth (issue 29 item 2): each point's job
# file asks fio for its IOPS and bandwidth logs (500 ms windows, 250 ms
# for 1 s points: the JSON's interval samples' own) beside its JSON,
# by the built-in runner and by stock fio; the report draws each point's
# IOPS and MiB/s over its time from them, its summary's range equal to
# the logs' own windows summed here (python, independently of tslog.c);
# fio2orion over the JSON alone says there is no time series; a user's
# own log option (-fio_opt) leaves the logs to them. The same report has
# the tail chart and the CPU row. The built-in runner's runs are on the
# engine's model device in virtual time (docs/virtual-time.md: 3 s
# points whose service time doubles after 1 s, so that the windows
# differ); stock fio's is a real mixed point of 1 s on a 64 MiB scratch
# file (its logs are what it shows). Headless Chromium's DOM has every
# time series panel, the tail chart's markers and the CPU row (skipped,
# with the reason, only where Chromium cannot start).
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
F2O=$TOP/build/fio2orion
cd "$T" || exit 1
mkfile lun 64
echo "$T/lun" >s.lun
echo "$T/lun" >f.lun
echo "$T/lun" >u.lun
# the model device in virtual time: 4 servers of 100 us, 200 us after 1 s
VT="-backend null -fio_opt service_us=100 -fio_opt servers=4 -fio_opt service_steps=1:200 -fio_opt virtual_time=1"

count() { grep -o "$1" "$2" | wc -l | tr -d ' '; }

# windows_ok DIR REPORT: each point's summary "IOPS a-b" is the min and
# max over the windows of its logs (every clone and direction summed per
# window of the point's log_avg_msec W, by the rule of docs/architecture.md,
# "Which window a log entry is in"), as read here from the files
windows_ok() {
	python3 - "$1" "$2" <<'PY'
import glob, math, os, re, sys
d, rep = sys.argv[1], sys.argv[2]
html = open(rep, encoding="utf-8").read()
sums = re.findall(r'<details class="ts"><summary>p(\d{3}) [^:]*: IOPS ([0-9.]+)-([0-9.]+) \(mean ([0-9.]+)\)', html)
assert sums, "no time series in the report"
for num, lo, hi, mean in sums:
    w = {}
    W = int(re.search(r"^log_avg_msec=(\d+)$", open(os.path.join(d, "p%s.fio" % num)).read(), re.M).group(1))
    for f in glob.glob(os.path.join(d, "p%s-*_iops.*.log*" % num)):
        # the point's own measurement: not -repeat's passes, later parts or the reference's re-measures
        if re.search(r"-(r|part|ref)\d+_iops", f):
            continue
        prev = {}
        for line in open(f):
            t, v, dd = [x.strip() for x in line.split(",")[:3]]
            k = max(math.floor((float(t) + 2) / W), prev.get(dd, 0) + 1)
            prev[dd] = k
            w[k] = w.get(k, 0) + float(v)
    assert w, "p%s: no log" % num
    assert (min(w.values()), max(w.values())) == (float(lo), float(hi)), (num, lo, hi, w)
    m = sum(w.values()) / len(w)
    assert abs(m - float(mean)) <= 0.06, (num, mean, m)
print(len(sums))
PY
}

# 1. the built-in runner: logs beside each point's JSON, drawn
# shellcheck disable=SC2086
# (whole points, -parts 1: each point one job, one log of each kind)
"$FR" -run simple -duration 3 -parts 1 -testname s $VT >s.out 2>s.err
rc=$?
r=s.report.html
nl=$(ls s_jobs/p00[1-7]-s*-l*-*_iops.1.log s_jobs/p00[1-7]-s*-l*-*_bw.1.log 2>/dev/null | grep -Ev -- '-(ref|part)[0-9]' | wc -l)
if [ $rc = 0 ] && [ "$nl" = 14 ] && grep -qx 'write_iops_log=./s_jobs/p001-s1-l0-small' s_jobs/p001.fio \
	&& grep -qx 'write_bw_log=./s_jobs/p001-s1-l0-small' s_jobs/p001.fio && grep -qx 'log_avg_msec=500' s_jobs/p001.fio; then
	ok "built-in runner: each point's job asks for its iops and bw logs (500 ms windows), 14 logs beside the JSON"
else
	not_ok "built-in runner's logs: rc $rc, $nl logs; $(grep log s_jobs/p001.fio)"
fi
n=$(windows_ok s_jobs $r 2>w.err)
[ "$n" = 7 ] && [ "$(count '<details class="ts">' $r)" = 7 ] && [ "$(count '<path class="ts"' $r)" = 14 ] \
	&& ok "report: 7 points' IOPS and MiB/s over time, each summary's range the logs' own windows" \
	|| not_ok "time series: $n; $(cat w.err)"
grep -q '<h2>IOPS and bandwidth over time</h2>' $r && ! grep -q 'No time series' $r \
	&& ok "the section's note names the logs it drew from" || not_ok "time series section"
grep -q 'id="lat-tail"' $r && grep -q '<th>CPU</th><td>usr [0-9.]* µs + sys' $r \
	&& ok "the tail chart and the CPU row beside them" || not_ok "tail chart / CPU row"

# 2. fio2orion: from the JSON and its logs the same report; from the JSON alone, no time series
mkdir again json
"$F2O" -html -outdir again s_jobs/run.json s_jobs/p*.json 2>again.err
cmp -s again/$r $r && ok "fio2orion -html beside the logs: the driver's report byte for byte" || not_ok "fio2orion differs: $(cat again.err)"
cp s_jobs/run.json s_jobs/p*.json json/
"$F2O" -html -outdir json json/run.json json/p*.json 2>json.err
if [ "$(count '<details class="ts">' json/$r)" = 0 ] && grep -q '<p class="note">No time series: fio.s JSON has none' json/$r \
	&& [ "$(count '<details class="hist">' json/$r)" = 7 ]; then
	ok "fio2orion over the JSON alone: the report says there is no time series, the rest is there"
else
	not_ok "JSON alone: $(grep -o '<h2>IOPS and bandwidth over time</h2>.\{0,120\}' json/$r)"
fi

# 3. stock fio writes the same logs under the same names; the report reads them
"$FR" -run advanced -matrix point -num_small 2 -num_large 1 -duration 1 -runner fio -engine "$ENGINE" -testname f >f.out 2>f.err
rc=$?
n=$(windows_ok f_jobs f.report.html 2>fw.err)
if [ $rc = 0 ] && [ -s f_jobs/p001-s2-l1-small_iops.1.log ] && [ -s f_jobs/p001-s2-l1-large_bw.2.log ] && [ "$n" = 1 ]; then
	ok "-runner fio: stock fio's logs (small job 1, large job 2) drawn, the range the logs' own"
else
	not_ok "-runner fio: rc $rc, $(ls f_jobs); $(cat fw.err f.err | tail -3)"
fi

# 4. the user's own log option: fiorion leaves the logs to them
# shellcheck disable=SC2086
"$FR" -run advanced -matrix point -num_small 1 -num_large 0 -duration 1 -testname u $VT -fio_opt log_avg_msec=500 >u.out 2>u.err
if [ $? = 0 ] && ! grep -q '^write_iops_log=' u_jobs/p001.fio && grep -qx 'log_avg_msec=500' u_jobs/p001.fio \
	&& [ -z "$(ls u_jobs/*.log 2>/dev/null)" ] && grep -q 'No time series' u.report.html; then
	ok "-fio_opt log_avg_msec=500: no log of fiorion's, the report says there is no time series"
else
	not_ok "user's log option: $(grep log u_jobs/p001.fio)"
fi

# 5. headless chromium: the DOM has them
chrome_dom_or_skip "chromium renders the time series" "$r" s.dom
if python3 - s.dom <<'PY'; then
import re, sys
d = open(sys.argv[1], encoding="utf-8").read()
ts = re.findall(r'<svg class="ts".*?</svg>', d, re.S)
assert len(ts) == 7, len(ts)
assert all(s.count('<path class="ts"') == 2 and '>IOPS</text>' in s and '>MiB/s</text>' in s for s in ts)
tail = re.search(r'<svg class="chart" id="lat-tail".*?</svg>', d, re.S).group(0)
assert tail.count('<circle class="pt"') == 20
assert re.search(r'<th>CPU</th><td>usr [0-9.]+ µs \+ sys', d)
PY
	ok "chromium's DOM: 7 time series (IOPS and MiB/s panels), the tail chart's 20 markers, the CPU row"
else
	not_ok "chromium's DOM of $r"
fi
finish
