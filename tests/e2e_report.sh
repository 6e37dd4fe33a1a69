#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh: long=30
#
# Description: the HTML report (issue 16): a simple run, a small max
# matrix with a latency bound (heat maps, knee marks), ORION's normal run
# (its detailed matrix as heat maps), the intervals (issue 23: a bar for
# 1 s points, of 4 samples since issue 42, none for points of 2 samples,
# a bar per marker with -repeat 3) and fio2orion -compare of
# two and three runs (marks: a run against itself all unchanged). Those
# runs are the report's plumbing, not I/O: they run on the engine's
# model device in virtual time (docs/virtual-time.md; 1 s points, the
# max matrix on one server so that every ladder has a knee), a few
# seconds for all. One real run (a mixed point of 1 s on a 64 MiB
# scratch file) gives what only a real run's report shows: its run table
# (the command line, fio version, runner, engine, backend (a fallback
# said), kernel, a CPU row
# with the CPU it took). Each file has no external reference (http,
# src=, @import, url( to anything but #), is well-formed XML (xmllint),
# and holds the charts, markers and axis labels its points call for;
# fio2orion -html on the kept JSON writes the driver's report again,
# byte for byte. When chromium runs, each page is rendered headless: the
# DOM it builds (--dump-dom) has the same charts, markers and labels,
# and the screenshot is a real image. Chromium checks are skipped, with
# the reason, only where it cannot start.
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
F2O=$TOP/build/fio2orion
cd "$T" || exit 1
mkfile lun 64
for n in s m n r x; do echo "$T/lun" >$n.lun; done
# the model device in virtual time: 4 servers of 100 us (the max matrix: 1)
VT="-backend null -fio_opt service_us=100 -fio_opt servers=4 -fio_opt virtual_time=1"
VT1="-backend null -fio_opt service_us=100 -fio_opt servers=1 -fio_opt virtual_time=1"

# The real run (0) beside the others (no check here judges time); the
# normal run (2b) and the -repeat 3 run (3b) waited for at their checks.
"$FR" -run advanced -matrix point -num_small 1 -num_large 1 -duration 1 -testname x >x.out 2>x.err &
x_pid=$!
# shellcheck disable=SC2086
"$FR" -run normal -num_disks 1 -duration 1 -testname n $VT >n.out 2>n.err &
n_pid=$!
# shellcheck disable=SC2086
"$FR" -run simple -duration 1 -repeat 3 -testname r $VT >r.out 2>r.err &
r_pid=$!

count() { grep -o "$1" "$2" | wc -l | tr -d ' '; }

# self_contained FILE: no reference to anything outside the file
self_contained() {
	! grep -qi 'http' "$1" && ! grep -qi 'src=' "$1" && ! grep -qi '@import' "$1" \
		&& ! grep -o 'url([^)]*)' "$1" | grep -qv '^url(#' && ! grep -qi '<script' "$1" \
		&& ! grep -qi '<link' "$1"
}

# 0. the real run's report: its run table says what ran it and what it cost
wait $x_pid
rc=$?
r=x.report.html
cpu=$(grep -o '<tr><th>CPU</th><td>usr [0-9.]* µs + sys [0-9.]* µs per I/O over 1 point ([0-9.e+-]* s of CPU for [0-9]* I/Os)' $r \
	| sed 's/.*(\([0-9.e+-]*\) s of CPU for \([0-9]*\) I\/Os)$/\1 \2/')
if [ $rc -eq 0 ] && self_contained $r && xmllint --noout $r 2>/dev/null \
	&& grep -q '<code class="cmd"><span>-run</span> <span>advanced</span> <span>-matrix</span> <span>point</span> <span>-num_small</span> <span>1</span> <span>-num_large</span> <span>1</span> <span>-duration</span> <span>1</span> <span>-testname</span> <span>x</span></code>' $r \
	&& grep -q 'code.cmd span{white-space:nowrap}' $r; then
	ok "a real run writes $r: self-contained, well-formed; the command line, each argument unbroken, wrapped at spaces only"
else
	not_ok "real run: rc $rc, $(cat x.err); command line: $(grep -o '<code class="cmd">.*</code>' $r)"
fi
grep -q '<pre class="summary">ORION VERSION' $r && grep -q '<tr><th>fio version</th><td>[^<]' $r \
	&& grep -q "<tr><th>Runner</th><td>fiorion&apos;s built-in runner" $r \
	&& grep -Eq "<tr><th>Backend</th><td>(io_uring|(libaio|psync) \(asked io_uring: the kernel refused io_uring [^<]*\))</td>" $r \
	&& grep -q "<tr><th>Engine</th><td>fiorion engine [^<]" $r \
	&& grep -q "Kernel</th><td>$(uname -s) $(uname -r) $(uname -m)</td>" $r \
	&& grep -q '<tr><th>Duration</th><td>1 s a point; 1 s measured over 1 point' $r \
	&& ok "real run's table and ORION's summary: fio version, runner, backend, kernel, duration" \
	|| not_ok "real run's table: $(grep -o '<tr><th>[^<]*</th><td>[^<]*' $r | tr '\n' ' ')"
# the CPU the real point took: more than nothing, for some I/Os
if [ -n "$cpu" ] && awk -v c="$cpu" 'BEGIN { split(c, a, " "); exit !(a[1] > 0 && a[2] > 0) }'; then
	ok "real run's CPU row: $(echo "$cpu" | awk '{ print $1 " s of CPU for " $2 " I/Os" }')"
else
	not_ok "real run's CPU row: $(grep -o '<th>CPU</th><td>[^<]*' $r)"
fi

# 1. a simple run: 5 small points, 2 large
# shellcheck disable=SC2086
"$FR" -run simple -duration 1 -testname s $VT >s.out 2>s.err
rc=$?
r=s.report.html
if [ $rc -eq 0 ] && [ -s $r ]; then ok "simple run writes $r ($(wc -c <$r) bytes)"; else not_ok "simple run: rc $rc, $(cat s.err)"; fi
self_contained $r && ok "$r: no http, src=, @import, external url(, script or link" || not_ok "$r refers outside itself"
xmllint --noout $r 2>xml.err && ok "$r is well-formed (xmllint)" || { not_ok "$r: xmllint"; head -5 xml.err; }
# each <svg> alone too
python3 - "$r" >svgs.txt <<'PY'
import re, sys, subprocess
t = open(sys.argv[1]).read()
svgs = re.findall(r"<svg .*?</svg>", t, re.S)
bad = 0
for s in svgs:
    p = subprocess.run(["xmllint", "--noout", "-"], input=s.encode(), capture_output=True)
    bad += p.returncode != 0
print(len(svgs), bad)
PY
[ "$(cat svgs.txt)" = "21 0" ] && ok "7 charts (the drift chart of the reference's rounds among them), 7 histograms and 7 time series, each <svg> well-formed alone" || not_ok "svg elements: $(cat svgs.txt)"
# issue 29: a latency histogram per point (the runner's JSON has json+ bins), lat or clat said, mean and p50/p99/p99.9 lines
[ "$(count '<details class="hist"><summary>p00[1-7] Small=[0-9]* Large=[0-9]*, [a-z]* I/O: c*lat (ms) mean [0-9.]*, p50 [0-9.]*, p99 [0-9.]*, p99.9 [0-9.]*; [0-9]* I/Os</summary>' $r)" = 7 ] \
	&& [ "$(count '<line class="mean"' $r)" = 7 ] && [ "$(count '<line class="pct"' $r)" = 21 ] \
	&& ok "7 latency histograms (5 small points, 2 large), each with its mean and p50/p99/p99.9 lines" \
	|| not_ok "histograms: $(grep -o '<summary>p[^<]*' $r | head -3)"
np=$(count 'class="pt"' $r)
# small points on IOPS, latency and latency-vs-IOPS; large on MBPS and latency-vs-MBPS;
# the tail chart (issue 29): each small point's mean, p50, p99 and p99.9
[ "$np" = $((5 * 3 + 2 * 2 + 5 * 4 + 4)) ] && ok "43 markers (5 small points on 3 charts and 4 lines of the tail chart, 2 large on 2, the drift chart's 4 rounds)" || not_ok "markers: $np"
nt=$(grep -o '<circle class="pt"[^>]*><title>[^<]*</title>' $r | wc -l)
[ "$nt" = "$np" ] && ok "every marker has a <title>" || not_ok "titles: $nt of $np"
for l in 'Small load (outstanding I/Os)' 'Small IOPS (I/Os per second)' 'Small latency (ms)' \
	'Large load (outstanding I/Os)' 'Large MBPS (MiB per second)'; do
	grep -q ">$l</text>" $r || miss="$miss [$l]"
done
[ -z "$miss" ] && ok "axis labels with units" || not_ok "missing axis labels:$miss"
grep -q '<pre class="summary">ORION VERSION' $r && grep -q '>Command line</th>' $r && grep -q '>fio version</th>' $r \
	&& grep -q "Kernel</th><td>$(uname -s) $(uname -r) $(uname -m)</td>" $r && grep -q '<tr><th>Backend</th><td>null</td>' $r \
	&& grep -q '<code class="cmd"><span>-run</span> <span>simple</span> <span>-duration</span> <span>1</span> <span>-testname</span> <span>s</span> <span>-backend</span> <span>null</span> <span>-fio_opt</span> <span>service_us=100</span> ' $r \
	&& ok "run table and ORION's summary (the model device's backend and options)" || not_ok "run table/summary"
grep -q "<tr><th>Steady state</th><td>not checked (no job set fio&apos;s steadystate)</td></tr>" $r \
	&& ok "run table: a steady-state row (the simple run sets none)" || not_ok "steady-state row: $(grep -o '<th>Steady state</th><td>[^<]*' $r)"
grep -q 'p50..p99' $r && ok "p50..p99 band (the runner's JSON has percentiles)" || not_ok "no percentile band"
# issue 29: the tail chart (p50/p99/p99.9 beside the mean, log latency axis) and the CPU row
tail_pts=$(sed -n '/<svg class="chart" id="lat-tail"/,/<\/svg>/p' $r | grep -c '<circle class="pt"')
[ "$tail_pts" = 20 ] && grep -q '>Small latency (ms, log scale)</text>' $r \
	&& grep -q '<text class="legend-label"[^>]*>mean</text>' $r && grep -q '<text class="legend-label"[^>]*>p50</text>' $r \
	&& grep -q '<text class="legend-label"[^>]*>p99</text>' $r && grep -q '<text class="legend-label"[^>]*>p99.9</text>' $r \
	&& ok "tail chart: mean, p50, p99, p99.9 of the 5 small points (20 markers) on a log latency axis" \
	|| not_ok "tail chart: $tail_pts markers"
# (virtual time takes no CPU: the real run's row is checked above)
grep -q '<tr><th>CPU</th><td>usr 0.00 µs + sys 0.00 µs per I/O over 7 points (0 s of CPU for [0-9]* I/Os); per point 0.00-0.00 µs\.' $r \
	&& ok "run table: CPU per I/O (usr, sys) over the 7 points, none on the simulated clock" || not_ok "CPU row: $(grep -o '<th>CPU</th><td>[^<]*' $r)"
grep -q '@media print{@page{size:A4' $r && ok "print CSS for A4" || not_ok "no print CSS"

# fio2orion -html on the kept JSON: the same report; without -html none
mkdir again
"$F2O" -html -outdir again s_jobs/run.json s_jobs/p*.json 2>again.err
cmp -s again/$r $r && ok "fio2orion -html rebuilds the driver's report byte for byte" || not_ok "fio2orion -html differs: $(cat again.err)"
"$F2O" -outdir again s_jobs/run.json s_jobs/p*.json 2>again2.err
[ ! -e again/$r ] && grep -q "removed again/$r.*add -html" again2.err \
	&& ok "fio2orion without -html removes an earlier report under the names, saying so" || not_ok "stale report: $(cat again2.err)"
# issue 29: under a layout in us (19c) the report's latency is in us too: axes, histograms, the same numbers x 1000
mkdir us
"$F2O" -html -compat 19c -testname u -outdir us s_jobs/run.json s_jobs/p*.json 2>us.err
u=$(ls us/u.*.report.html 2>/dev/null | head -1)
ms1=$(grep -o '<summary>p001 [^<]*I/O: [^<]*' $r | sed 's/.*mean \([0-9.]*\),.*/\1/')
us1=$(grep -o '<summary>p001 [^<]*I/O: [^<]*' "$u" | sed 's/.*mean \([0-9.]*\),.*/\1/')
[ -n "$u" ] && grep -q '>Small latency (µs)</text>' "$u" && ! grep -q '>Small latency (ms)</text>' "$u" \
	&& [ "$(count 'lat (µs) mean' "$u")" = 7 ] && awk -v a="$ms1" -v b="$us1" 'BEGIN { d = a * 1000 - b; exit !(b > 0 && d < 0.0015 * b + 1 && d > -0.0015 * b - 1) }' \
	&& ok "-compat 19c: latency axes and histograms in µs (p001's mean $ms1 ms = $us1 µs)" \
	|| not_ok "19c units: $u $(cat us.err) ms $ms1 us $us1"
"$F2O" -help | grep -q -- '-compare A B' && "$F2O" -help | grep -q -- '-html ' \
	&& ok "-help lists -html and -compare" || not_ok "-help"

# 2. a max matrix with a latency bound: heat maps and knee marks (one
# server: a second I/O adds nothing, a knee in every ladder)
# shellcheck disable=SC2086
"$FR" -run advanced -matrix max -num_small 2 -num_large 2 -duration 1 -max_latency 50 -testname m $VT1 >m.out 2>m.err
rc=$?
r=m.report.html
if [ $rc -eq 0 ] && [ -s $r ]; then ok "max matrix run writes $r"; else not_ok "max run: rc $rc, $(cat m.err)"; fi
self_contained $r && xmllint --noout $r && ok "$r: self-contained and well-formed" || not_ok "$r: references or xml"
[ "$(count '<svg class="heatmap"' $r)" = 2 ] && [ "$(count '<rect class="cell"' $r)" = $((2 * 3 + 3 * 2)) ] \
	&& ok "two heat maps, 12 cells (6 small, 6 large)" || not_ok "heat maps: $(count '<svg class="heatmap"' $r), cells $(count '<rect class="cell"' $r)"
nk=$(count '<path class="knee"' $r)
# a knee mark for each ladder whose next load crossed the bound or flattened;
# a ladder that ended first ("its last load") or started over it has none
nknees=$(grep -c '^Knee of .*(.*=[0-9]* \(took the\|raised\|lowered\) ' m_trace.txt)
if [ "$nk" = "$nknees" ] && [ "$nknees" -ge 1 ]; then ok "knee marks: $nk, one per knee the trace gives ($(grep -c '^Knee' m_trace.txt) ladders)"; else not_ok "knee marks: $nk for $nknees knees in the trace"; grep '^Knee\|^No knee' m_trace.txt; fi
grep -q 'class="bound"' $r && ok "the bound's line (50 ms, mean)" || not_ok "no bound line"

# 2b. ORION's normal run (-num_disks 1: the detailed matrix, small 0..5 x large 0..2)
wait $n_pid
rc=$?
r=n.report.html
nsm=$(grep -c '^Point [0-9]* (small=[1-9][0-9]*, ' n_trace.txt 2>/dev/null)
nlg=$(grep -c '^Point [0-9]* (small=[0-9]*, large=[1-9][0-9]*)' n_trace.txt 2>/dev/null)
if [ $rc -eq 0 ] && [ -s $r ] && self_contained $r && xmllint --noout $r; then
	ok "normal run writes $r: self-contained and well-formed"
else
	not_ok "normal run: rc $rc, $(tail -n 3 n.err)"
fi
[ "$(count '<svg class="chart"' $r)" = 7 ] && [ "$(count '<svg class="heatmap"' $r)" = 2 ] \
	&& [ "$nsm" -gt 0 ] && [ "$(count '<rect class="cell"' $r)" = $((nsm + nlg)) ] \
	&& ok "normal: 7 charts (the drift's among them), 2 heat maps with a cell for each of its $nsm small and $nlg large points" \
	|| not_ok "normal: $(count '<svg class="chart"' $r) charts, $(count '<svg class="heatmap"' $r) heat maps, $(count '<rect class="cell"' $r) cells for $nsm + $nlg points"

# 3. a comparison of the two runs
mkdir cmp
"$F2O" -compare s_jobs . -html -outdir cmp 2>cmp.err
rc=$?
# "." holds two runs: refused, naming them
[ $rc = 2 ] && grep -q 'holds several runs' cmp.err && ok "-compare on a folder with two runs: refused" || not_ok "-compare ambiguity: rc $rc $(cat cmp.err)"
mkdir only && mv m_jobs only/
"$F2O" -compare s_jobs only -html -outdir cmp 2>cmp.err
rc=$?
c=cmp/s.compare.html
if [ $rc -eq 0 ] && [ -s $c ]; then ok "fio2orion -compare A B -html writes $c"; else not_ok "compare: rc $rc, $(cat cmp.err)"; fi
self_contained $c && xmllint --noout $c && ok "$c: self-contained and well-formed" || not_ok "$c: references or xml"
[ "$(count '<svg class="chart"' $c)" = 5 ] && grep -q '>A: s</text>' $c && grep -q '>B: m Large=0</text>' $c \
	&& ok "5 charts, legends A: s and B: m" || not_ok "compare charts/legend"
# ratio table: every cell of either run: A 7, B 8, 4 of them only in B: 11
nr=$(grep -c '^<tr><td class="num">' $c)
[ "$nr" = 11 ] && ok "ratio table: 11 cells (the union of both runs')" || not_ok "ratio rows: $nr"
"$F2O" -compare s_jobs only -outdir cmp 2>/dev/null; [ $? = 2 ] && ok "-compare without -html: exit 2" || not_ok "-compare without -html"

# 3b. intervals (issue 23): the 1 s points above have 4 of fio's 250 ms
# samples (issue 42, item 5.2), all equal on the model, so a "within"
# interval of no width: a bar on each of the 19 markers, "within" in its
# title. The same JSON with 2 samples a job (fio's at 500 ms, as 1 s
# points had before): no interval and no error bar (each title says "no
# interval"); -repeat 3 gives every cell one across the passes.
[ "$(count '<path class="err"' s.report.html)" = 19 ] && [ "$(count ', within)' s.report.html)" = 19 ] \
	&& grep -q '<th>Intervals</th><td>95 %: 7 cells within the point.*s.points.csv</td>' s.report.html \
	&& ok "1 s points: 4 samples of 250 ms, a 'within' interval, a bar on each of the 19 markers" \
	|| not_ok "1 s points: $(count '<path class="err"' s.report.html) bars, $(count ', within)' s.report.html) 'within'"
mkdir two two/s_jobs && cp s_jobs/run.json two/s_jobs/
python3 - s_jobs/p*.json <<'PY'
import json, os, sys
for f in sys.argv[1:]:
    d = json.load(open(f))
    for j in d["jobs"]:
        for dd in ("read", "write", "trim"):
            if dd in j:
                j[dd]["iops_samples"] = min(j[dd]["iops_samples"], 2)
                j[dd]["bw_samples"] = min(j[dd]["bw_samples"], 2)
    json.dump(d, open("two/s_jobs/" + os.path.basename(f), "w"))
PY
"$F2O" -html -outdir two two/s_jobs/run.json two/s_jobs/p*.json 2>two.err
[ "$(count '<path class="err"' two/s.report.html)" = 0 ] && [ "$(count '(no interval)' two/s.report.html)" = 19 ] \
	&& grep -q '<th>Intervals</th><td>95 %: 7 cells without an interval.*s.points.csv</td>' two/s.report.html \
	&& ok "1 s points of 2 samples: no interval, no bar, every title and the run table say so" \
	|| not_ok "2 samples: $(count '<path class="err"' two/s.report.html) bars, $(count '(no interval)' two/s.report.html) 'no interval'; $(cat two.err)"
wait $r_pid
rc=$?
r=r.report.html
# bars where .points.csv gives an interval: a small cell on 3 charts, a large on 2
ns=$(awk -F, 'NR > 1 && $3 != "" && $NF != "none"' r.points.csv | wc -l)
nl=$(awk -F, 'NR > 1 && $6 != "" && $NF != "none"' r.points.csv | wc -l)
if [ $rc = 0 ] && [ "$ns" = 5 ] && [ "$nl" = 2 ] && [ "$(count '<path class="err"' $r)" = $((3 * ns + 2 * nl)) ] \
	&& [ "$(count ', passes)' $r)" = $((3 * ns + 2 * nl)) ] && xmllint --noout $r; then
	ok "-repeat 3: an error bar on each of the $((3 * ns + 2 * nl)) markers whose cell has an interval, 'passes' in its title"
else
	not_ok "-repeat 3: rc $rc, $ns + $nl cells with an interval, $(count '<path class="err"' $r) bars; $(tail -n 2 r.err)"
fi
# a run against itself: every ratio exactly 1, inside any interval: all unchanged
mkdir self self/x self/y && cp -r r_jobs self/x/ && cp -r r_jobs self/y/
"$F2O" -compare self/x self/y -html -outdir cmp -testname self 2>self.err
c2=cmp/self.compare.html
grep -q '<li class="count">B / A, small IOPS: 5 cells, 0 changed (0 better, 0 worse), 5 unchanged, 0 without an interval; geometric mean 1.000 (95 % interval [0-9.]*-[0-9.]*): unchanged</li>' $c2 \
	&& grep -q '<li class="count">B / A, large MBPS: 2 cells, 0 changed (0 better, 0 worse), 2 unchanged, 0 without an interval' $c2 \
	&& [ "$(count 'class="num unchanged">1.000 (' $c2)" = $((2 * 5 + 2 + 3)) ] && [ "$(count 'changed better\|changed worse\|nointerval">' $c2)" = 0 ] \
	&& ok "a run against itself: every cell and geometric mean unchanged (5 small IOPS, 2 large MBPS, 5 latency)" \
	|| not_ok "self-compare: $(cat self.err) $(grep -o '<li class="count">[^<]*' $c2)"
# three runs: A solid, B and C their own dashes; A's 1 s cells of 2
# samples have no interval, so not marked
"$F2O" -compare two/s_jobs only self/x -html -outdir cmp -testname three 2>three.err
rc=$?
c3=cmp/three.compare.html
[ $rc = 0 ] && grep -q '>C: r</text>' $c3 && grep -q 'stroke-dasharray="2 3"' $c3 && [ "$(count '<h2>Each cell, [BC] / A</h2>' $c3)" = 2 ] \
	&& grep -q '<li class="count">C / A, small IOPS: 5 cells, 0 changed (0 better, 0 worse), 0 unchanged, 5 without an interval' $c3 \
	&& xmllint --noout $c3 && ok "-compare with three runs: each on the charts (C dotted), a table for B/A and C/A, cells without an interval unmarked" \
	|| not_ok "three runs: rc $rc $(cat three.err)"
"$F2O" -compare s_jobs -html -outdir cmp 2>one.err; rc1=$?
"$F2O" -compare s_jobs s_jobs s_jobs s_jobs s_jobs s_jobs s_jobs s_jobs s_jobs -html -outdir cmp 2>nine.err; rc9=$?
[ $rc1 = 2 ] && [ "$(wc -l <one.err)" = 1 ] && [ $rc9 = 2 ] && [ "$(wc -l <nine.err)" = 1 ] && grep -q 'at most 8 runs' nine.err \
	&& ok "-compare with 1 run or 9: exit 2, one line" || not_ok "-compare 1/9 runs: $rc1 $(cat one.err) / $rc9 $(cat nine.err)"

# 3c. the run's drift (issue 43) as a chart: the simple run's reference
# (Small=1 re-measured 3 times over its 1 s points: 4 rounds) and -repeat
# 3's passes (3 rounds), each the change in its title (none on the model
# device: +0.0 %), a marker per round, the red line at 1.0; the simple
# run's first measurements alone (no pNNN.rK.json: no point measured
# twice) have no drift, and no chart
# drift_svg FILE: the drift chart's <svg> of FILE
drift_svg() { sed -n '/<svg class="chart" id="drift"/,/<\/svg>/p' "$1"; }
mkdir nodrift
"$F2O" -html -outdir nodrift s_jobs/run.json $(ls s_jobs/p*.json | grep -v '\.r[0-9]*\.json$') 2>nodrift.err
if grep -q '<title>Drift over the run: +0.0 %, from the reference point (Small=1, Large=0) measured 4 times</title>' s.report.html \
	&& [ "$(drift_svg s.report.html | grep -c '<circle class="pt"')" = 4 ] && drift_svg s.report.html | grep -q '<line class="bound"' \
	&& grep -q '<title>Drift over the run: +0.0 %, from passes 1..3 of 7 points</title>' r.report.html \
	&& [ "$(drift_svg r.report.html | grep -c '<circle class="pt"')" = 3 ] \
	&& [ -s nodrift/s.report.html ] && ! grep -q 'id="drift"\|Drift over the run' nodrift/s.report.html; then
	ok "drift chart: the reference's 4 rounds (simple run) and -repeat 3's 3 passes, the change in each title, a line at 1.0; none without a point measured twice"
else
	not_ok "drift chart: s: $(grep -o '<title>Drift[^<]*' s.report.html), $(drift_svg s.report.html | grep -c '<circle class="pt"') markers; r: $(grep -o '<title>Drift[^<]*' r.report.html); without: $(grep -c 'id="drift"' nodrift/s.report.html) $(cat nodrift.err)"
fi

# 4. headless chromium: the DOM and a screenshot
chrome_dom_or_skip "chromium renders the reports" "s.report.html" s.dom
dom_check() {	# DOM FILE CHARTS MARKERS
	[ "$(count '<svg class="chart"' "$1")" = "$2" ] && [ "$(count 'class="pt"' "$1")" = "$3" ] \
		&& grep -q '>Small IOPS (I/Os per second)</text>' "$1" && grep -q '>Small load (outstanding I/Os)</text>' "$1"
}
[ "$(count '<svg class="hist"' s.dom)" = 7 ] && [ "$(count '<details class="hist"' s.dom)" = 7 ] \
	&& ok "chromium's DOM of s.report.html: 7 histograms in their <details>" || not_ok "s DOM histograms: $(count '<svg class="hist"' s.dom)"
python3 - s.dom <<'PY' && ok "chromium's DOM of s.report.html: the tail chart's 20 markers and its 4 legend lines" || not_ok "s DOM: tail chart"
import re, sys
d = open(sys.argv[1], encoding="utf-8").read()
m = re.search(r'<svg class="chart" id="lat-tail".*?</svg>', d, re.S)
assert m and m.group(0).count('<circle class="pt"') == 20
assert all(re.search(r'class="legend-label"[^>]*>%s</text>' % re.escape(l), m.group(0)) for l in ("mean", "p50", "p99", "p99.9"))
PY
dom_check s.dom 7 43 && ok "chromium's DOM of s.report.html: 7 charts, 43 markers, axis labels" \
	|| not_ok "s DOM: $(count '<svg class="chart"' s.dom) charts, $(count 'class="pt"' s.dom) markers"
chrome --dump-dom "file://$T/m.report.html" >m.dom
dom_check m.dom 7 "$(count 'class="pt"' m.report.html)" && [ "$(count '<svg class="heatmap"' m.dom)" = 2 ] \
	&& ok "chromium's DOM of m.report.html: 7 charts, 2 heat maps, every marker" || not_ok "m DOM"
chrome --dump-dom "file://$T/n.report.html" >n.dom
dom_check n.dom 7 "$(count 'class="pt"' n.report.html)" && [ "$(count '<svg class="heatmap"' n.dom)" = 2 ] \
	&& [ "$(count '<rect class="cell"' n.dom)" = $((nsm + nlg)) ] \
	&& ok "chromium's DOM of n.report.html (normal): 7 charts, 2 heat maps, every marker and cell" || not_ok "n DOM"
chrome --dump-dom "file://$T/$c" >c.dom
dom_check c.dom 5 "$(count 'class="pt"' $c)" && ok "chromium's DOM of the comparison" || not_ok "compare DOM"
for p in s.report m.report n.report; do
	chrome --screenshot="$T/$p.png" --window-size=1200,2400 "file://$T/$p.html" >/dev/null
done
chrome --screenshot="$T/compare.png" --window-size=1200,2400 "file://$T/$c" >/dev/null
for p in s.report m.report n.report compare; do
	sz=$(wc -c <"$p.png" 2>/dev/null || echo 0)
	# a blank 1200x2400 page compresses to a few kB; charts take far more
	if [ "$sz" -gt 40000 ] && head -c 8 "$p.png" | od -An -c | grep -q 'P   N   G'; then
		ok "screenshot $p.png: $sz bytes"
	else
		not_ok "screenshot $p.png: $sz bytes"
	fi
done
[ -n "$KEEP_SHOTS" ] && cp s_report.png "$KEEP_SHOTS/report-simple.png" && cp compare.png "$KEEP_SHOTS/report-compare.png"
finish
