#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Description: charts that stay readable (issue 42, item 5). Every run
# but 2's real ones is on backend=null's model device in virtual time (4
# servers of 100 us, 1 s points: a few seconds for all), and each case is
# made exact by editing the kept JSON or logs, then rebuilding the report
# with fio2orion -html:
# 1. -repeat 3 where one pass of one point took 200 times as long (its
#    latency mean x 200): that cell's interval across the passes reaches
#    28.64 ms while every mean is 0.1-0.125 ms. The error bars may widen a
#    value axis by at most twice the values' range (SVG_ERR_REACH): the
#    latency axes end at most a tick above 3 x the largest mean, so the
#    largest mean stands at least a quarter of the plot high; the long bar
#    is cut at the plot's top edge with an arrow (data-cut="hi"), its
#    title keeping the interval's true end (recomputed here from the three
#    passes' JSON: median +- t(0.975, 2) s / sqrt(3)) and saying it is cut.
# 2. Time series of 1 s points (issue 42, item 5.2): their job files ask
#    for 250 ms windows, not 500 ms (at 500 ms a real 1 s point's logs
#    mostly had 1 window: fio writes the window ending at 1000 ms only if
#    the job still runs then), so their logs have 4 windows (the model's
#    clock is exact) and each is drawn, a line of 4 vertices a panel. A
#    real run (-run simple -duration 1 on a 64 MiB scratch file, with the
#    built-in runner and, when installed, stock fio) draws every point,
#    from 2 windows or more. A point whose logs have 1 window gets one
#    line saying so, not an empty plot.
# 3. A latency bound on a percentile (-max_latency p99:0.11) has its line
#    on the percentile's chart (lat-tail) and on both latency-vs-throughput
#    charts, which then draw that percentile's lines too; a two-part bound
#    in either order (p100:0.2,0.11) draws both lines, and the tail chart
#    a p100 line.
# 4. Chromium (when it starts here) lays the page out: the cut bar's box
#    inside the plot, every drawn time-series path with a width.
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
F2O=$TOP/build/fio2orion
cd "$T" || exit 1
truncate -s 1G lun
echo "$T/lun" >t.lun
VT="-backend null -fio_opt service_us=100 -fio_opt servers=4 -fio_opt virtual_time=1"

# shellcheck disable=SC2086
"$FR" -run simple -testname t -num_disks 1 -duration 1 -repeat 3 $VT >t.out 2>t.err
rc=$?
if [ $rc = 0 ] && [ -s t.report.html ]; then ok "-run simple -repeat 3 on the model: a report"; else not_ok "run: rc $rc, $(tail -n 2 t.err)"; fi

# 1. one pass of p003 (Small=3) 200 times slower
python3 - t_jobs/p003.r3.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["jobs"][0]["read"]["lat_ns"]["mean"] *= 200
json.dump(d, open(sys.argv[1], "w"))
PY
want=$(python3 - <<'PY'
import json, math, statistics
v = [json.load(open(f))["jobs"][0]["read"]["lat_ns"]["mean"] / 1e6
     for f in ("t_jobs/p003.json", "t_jobs/p003.r2.json", "t_jobs/p003.r3.json")]
print("%.2f" % (statistics.median(v) + 4.303 * statistics.stdev(v) / math.sqrt(3)))
PY
)
"$F2O" -html -testname t -outdir one t_jobs/run.json t_jobs/p*.json >one.out 2>&1
# chart_check FILE ID: the markers' height over the plot and the bars
chart_check() {
	python3 - "$1" "$2" "$want" <<'PY'
import re, sys
page, cid, want = sys.argv[1:]
svg = re.search(r'<svg class="chart" id="%s".*?</svg>' % cid, open(page, encoding="utf-8").read(), re.S).group(0)
top, h = 34, 300                     # svg.c's CH_TOP, CH_PLOT_H
ys = [float(y) for y in re.findall(r'<circle class="pt" cx="[^"]*" cy="([^"]*)"', svg)]
high = (top + h - min(ys)) / h       # the largest mean's height, of the plot's
bars = re.findall(r'<path class="err"[^>]*d="M[0-9.]+ ([0-9.]+)V([0-9.]+)', svg)
inside = all(top - 0.1 <= float(a) <= top + h + 0.1 and top - 0.1 <= float(b) <= top + h + 0.1 for a, b in bars)
cut = re.findall(r'<path class="err" data-cut="hi"', svg)
title = re.findall(r"<title>[^<]*\(95 % interval 0-" + re.escape(want) + r", passes\) \(the bar cut at the axis' end: an arrow\)", svg)
print("%s: largest mean %.2f of the plot high, %d bars inside: %s, %d cut, %d title(s) with %s" % (cid, high, len(bars), inside, len(cut), len(title), want))
sys.exit(0 if high >= 0.25 and inside and len(bars) == 5 and len(cut) == 1 and len(title) == 1 else 1)
PY
}
for id in lat-iops lat-load; do
	if msg=$(chart_check one/t.report.html $id); then
		ok "an interval of ${want} ms on means of 0.1-0.125 ms: $msg"
	else
		not_ok "error bars rescale the axis: $msg"
	fi
done

# 2. time series: every 1 s point drawn from its 4 windows of 250 ms
python3 - t.report.html t_jobs/p*.fio <<'PY' && ok "1 s points: log_avg_msec=250 in each job file, each of 7 drawn over its 4 windows of 250 ms, every line 4 vertices" || not_ok "1 s points' time series"
import re, sys
h = open(sys.argv[1], encoding="utf-8").read()
for f in sys.argv[2:]:
    assert re.findall(r"^log_avg_msec=(\d+)$", open(f).read(), re.M) in (["250"], ["250"] * 2), f
det = re.findall(r'<details class="ts">.*?</details>', h, re.S)
assert len(det) == 7, len(det)
for d in det:
    assert "over 4 windows of 250 ms" in d, d[:200]
    for p in re.findall(r'<path class="ts"[^>]* d="([^"]*)"', d):
        assert re.fullmatch(r"M\d+,\d+l0,0( -?\d+,-?\d+){3}", p) and " 0,0" not in p[8:], p
PY
# a point whose logs have one window (the row at 250 ms alone)
mkdir few && cp -r t_jobs few/ && sed -i '2,$d' few/t_jobs/p001-s1-l0-small_iops.1.log few/t_jobs/p001-s1-l0-small_bw.1.log
"$F2O" -html -testname t -outdir few few/t_jobs/run.json few/t_jobs/p*.json >few.out 2>&1
if grep -q '^<p class="ts-few">p001 Small=1 Large=0: IOPS [0-9]*, MiB/s [0-9.]* in the one window of 250 ms its logs have: no time series drawn, it needs 2 windows or more (points of 1 s or longer have them).</p>$' few/t.report.html \
	&& ! grep -q '<summary>p001 Small=1 Large=0: IOPS' few/t.report.html \
	&& [ "$(grep -c '<details class="ts">' few/t.report.html)" = 6 ]; then
	ok "a point with 1 window: a line says so, no empty plot; the 6 others drawn"
else
	not_ok "1 window: $(grep -o '<summary>p001 Small=1 Large=0: IOPS[^<]*' few/t.report.html)"
fi
# a real run's 1 s points, each runner's: every one drawn (a count of windows, not a rate;
# a path of 2 windows or more: any coordinates, whatever their values)
dd if=/dev/urandom of=real bs=1M count=64 2>/dev/null
echo "$T/real" >real.lun
for rn in builtin fio; do
	if [ $rn = fio ] && ! command -v fio >/dev/null 2>&1; then
		skip_test "a real 1 s run under stock fio: every point drawn" "fio is not installed"
		continue
	fi
	mkdir "r$rn" && cp real.lun "r$rn/real.lun"
	(cd "r$rn" && "$FR" -run simple -testname real -num_disks 1 -duration 1 -runner $rn >out 2>err)
	rc=$?
	if msg=$(python3 - "r$rn/real.report.html" <<'PY'
import re, sys
h = open(sys.argv[1], encoding="utf-8").read()
det = re.findall(r'<details class="ts"><summary>(p\d+) .*? over (\d+) windows of 250 ms.*?</details>', h, re.S)
paths = [p for d in re.findall(r'<details class="ts">.*?</details>', h, re.S)
         for p in re.findall(r'<path class="ts"[^>]* d="([^"]*)"', d) if len(re.findall(r"-?\d+(?:\.\d+)?,-?\d+(?:\.\d+)?", p)) >= 3]
print("%d points drawn (windows %s), %d paths, %d said undrawn" % (len(det), ",".join(n for _, n in det), len(paths), h.count('class="ts-few"')))
sys.exit(0 if len(det) == 7 and len(paths) == 14 and all(int(n) >= 2 for _, n in det) else 1)
PY
	) && [ $rc = 0 ]; then
		ok "a real 1 s run (-runner $rn): $msg"
	else
		not_ok "a real 1 s run (-runner $rn): rc $rc, $msg"
	fi
done

# 3. percentile bounds
bound_check() {	# PAGE ID LABEL...: each LABEL a bound line's label on chart ID
	python3 - "$@" <<'PY'
import re, sys
page, cid, labels = sys.argv[1], sys.argv[2], sys.argv[3:]
svg = re.search(r'<svg class="chart" id="%s".*?</svg>' % cid, open(page, encoding="utf-8").read(), re.S).group(0)
got = re.findall(r'<text class="bound-label"[^>]*>([^<]*)</text>', svg)
lines = svg.count('<line class="bound"')
print("%s: %s" % (cid, got))
sys.exit(0 if sorted(got) == sorted(labels) and lines == len(labels) else 1)
PY
}
"$F2O" -html -testname t -outdir p99 -max_latency p99:0.11 t_jobs/run.json t_jobs/p*.json >p99.out 2>&1
p=p99/t.report.html
if m1=$(bound_check $p lat-tail "bound 0.11 ms (p99)") && m2=$(bound_check $p lat-iops "bound 0.11 ms (p99)") \
	&& m3=$(bound_check $p lat-mbps "bound 0.11 ms (p99)") \
	&& grep -q 'class="legend-label"[^>]*>p99</text>' $p && grep -q '<title>p99: Small IOPS' $p; then
	ok "-max_latency p99:0.11: its line on the tail chart and both tradeoff charts, which draw p99 too ($m1; $m2; $m3)"
else
	not_ok "p99 bound: $m1; $m2; $m3"
fi
"$F2O" -html -testname t -outdir two -max_latency p100:0.2,0.11 t_jobs/run.json t_jobs/p*.json >two.out 2>&1
p=two/t.report.html
if m1=$(bound_check $p lat-tail "bound 0.11 ms (mean)" "bound 0.2 ms (p100)") \
	&& m2=$(bound_check $p lat-iops "bound 0.11 ms (mean)" "bound 0.2 ms (p100)") \
	&& python3 -c "
import re, sys
s = re.search(r'<svg class=\"chart\" id=\"lat-tail\".*?</svg>', open('$p').read(), re.S).group(0)
sys.exit(0 if re.search(r'class=\"legend-label\"[^>]*>p100</text>', s) else 1)"; then
	ok "-max_latency p100:0.2,0.11: the mean's and p100's lines, the tail chart a p100 line ($m1; $m2)"
else
	not_ok "two bounds: $m1; $m2"
fi

# 4. chromium's layout: getBBox of the cut bar and of the drawn series
if ! command -v chromium >/dev/null 2>&1; then
	skip_test "chromium lays out the charts" "chromium is not installed (scripts/setup.sh installs it)"
	finish
	exit 0
fi
sed 's|</body>|<script>var o=[],p=document.querySelector("svg#lat-iops path.err[data-cut]"),r=document.querySelector("svg#lat-iops rect");var b=p.getBBox(),f=r.getBBox();o.push("cut "+(b.y>=f.y-0.5\&\&b.y+b.height<=f.y+f.height+0.5?"inside":"outside")+" "+Math.round(b.height));document.querySelectorAll("details.ts").forEach(function(d){d.open=true});document.querySelectorAll("path.ts").forEach(function(q){if(q.getAttribute("d"))o.push("ts "+Math.round(q.getBBox().width))});document.body.insertAdjacentHTML("beforeend","<pre id=\\"probe\\">"+o.join("\\n")+"</pre>")</script></body>|' one/t.report.html >probe.html
if chrome --dump-dom "file://$T/probe.html" >probe.dom && [ -s probe.dom ]; then
	res=$(python3 -c "import re, sys; print(''.join(re.findall(r'<pre id=\"probe\">(cut [^<]*)</pre>', open('probe.dom').read())))")
	nts=$(echo "$res" | grep -c '^ts [1-9]')
	if echo "$res" | grep -q '^cut inside [1-9]' && [ "$nts" = 14 ] && ! echo "$res" | grep -q '^ts 0'; then
		ok "chromium: the cut bar inside the plot ($(echo "$res" | grep '^cut')), 14 series paths each with a width"
	else
		not_ok "chromium layout: $res"
	fi
else
	skip_test "chromium lays out the charts" "chromium cannot start here: $(tail -n 2 "$T/chrome.err" | tr '\n' ' ')"
fi
finish
