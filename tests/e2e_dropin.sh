#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# e2e_dropin.sh -- fiorion put where a script expects its orion binary,
# read the way scripts read ORION's files. For each layout, chosen as a
# script cannot choose it (FIORION_COMPAT in the environment, points
# shortened by FIORION_DURATION): the five files found by the globs
# scripts use (<t>_*summary.txt, *_iops.csv, <t>_<date>_iops.csv with the
# date taken before the run), a CSV reader keyed on line 1, tail -1 | awk,
# grep 'Maximum Small IOPS' | awk -F=; two runs of one testname in one
# folder in different minutes (dated layouts: both sets in place; 10.2:
# the first in <t>_history/); no lock file left. Then the interrupted
# runs' planned headers, the 19c histogram from lat_ns bins, the
# proof-of-concept kit's col-then-row-then-mv, the environment's rules,
# fio2orion on a stock fio sequential job, -storax and -size_small 8k.
#
# A drop-in orion is given ORION's options only (no -backend, no
# -fio_opt), so the layouts' runs, the interrupted runs and the kit's are
# real 1 s points on a 64 MiB scratch file; nothing here judges time, so
# they all run at once, each in its own folder, their outputs printed in
# order (about the time of the longest, a simple run and a point). The
# 19c histogram is the built-in runner's on the engine's model device in
# virtual time (docs/virtual-time.md; a service time that steps, so that
# two buckets fill) and stock fio's on real I/O.
#
# "Different minutes": the second run is made with TZ one hour on, which
# names its files as a run an hour later would be named, without waiting.
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
F2O=$TOP/build/fio2orion
cd "$T" || exit 1
mkfile lun 64
export FIORION_DURATION=1

# A minute that will not roll over during the next few seconds.
steady_minute() {
	while [ "$(date +%S)" -ge 54 ]; do sleep 1; done
}

# layout_checks V: one layout's runs and checks, in its own folder L<V>.
layout_checks() {
	v=$1
	d=L$(echo $v | tr -d .)
	mkdir "$d" && printf '%s/lun\n' "$T" >"$d/db.lun"
	steady_minute
	DATE=$(TZ=UTC date +%Y%m%d_%H%M)
	(cd "$d" && TZ=UTC FIORION_COMPAT=$v "$FR" -run simple -testname db -cache_size 0 >one.out 2>one.err)
	rc=$?
	case $v in 10.2) pre=db ;; *) pre=db_$DATE ;; esac
	# The five files, each found by the glob a script would use.
	n=0 miss=
	for g in 'db_*summary.txt' '*_iops.csv' '*_mbps.csv' '*_lat.csv' '*_trace.txt'; do
		c=$(cd "$d" && ls $g 2>/dev/null | wc -l)
		[ "$c" = 1 ] && n=$((n + 1)) || miss="$miss $g:$c"
	done
	if [ $rc = 0 ] && [ $n = 5 ] && [ -s "$d/${pre}_iops.csv" ] && [ -s "$d/${pre}_summary.txt" ]; then
		ok "FIORION_COMPAT=$v: the five files, one per glob; ${pre}_iops.csv named as the date before the run says"
	else
		not_ok "FIORION_COMPAT=$v: rc=$rc, globs:$miss; $(ls "$d" | tr '\n' ' ')"
		cat "$d/one.err"
	fi
	# The banner says the layout's prefix (11.1+), as ORION does.
	case $v in
	10.2) ! grep -q '^db_2' "$d/one.out" && ok "10.2: no prefix line" || not_ok "10.2 prefix line" ;;
	*) grep -qx "db_$DATE" "$d/one.out" && ok "$v: the prefix line db_$DATE on stdout" \
		|| { not_ok "$v: prefix line"; head -3 "$d/one.out"; } ;;
	esac
	# A CSV reader keyed on line 1, and tail -1 | awk as scripts do.
	if python3 - "$d/${pre}_iops.csv" "$d/${pre}_mbps.csv" "$d/${pre}_summary.txt" <<'EOF'
import csv, re, sys
iops, mbps, summ = sys.argv[1:4]
rows = list(csv.DictReader(open(iops), skipinitialspace=True))
hdr = [h.strip() for h in rows[0].keys()]
assert hdr == ["Large/Small", "1", "2", "3", "4", "5"], hdr
row0 = [r for r in rows if r["Large/Small"].strip() == "0"][0]
vals = {k.strip(): int(v) for k, v in row0.items() if k.strip() != "Large/Small"}
best = max(vals.values())
m = re.search(r"^Maximum Small IOPS=(\d+) @ Small=(\d+) and Large=0$", open(summ).read(), re.M)
assert m and int(m.group(1)) == best and vals[m.group(2)] == best, (m and m.group(0), vals)
mrows = list(csv.DictReader(open(mbps), skipinitialspace=True))
assert [h.strip() for h in mrows[0].keys()] == ["Large/Small", "0", "1", "2", "3", "4", "5"]
assert [r["Large/Small"].strip() for r in mrows] == ["1", "2"]
EOF
	then
		ok "$v: csv.DictReader keyed on line 1 reads the matrix; its best cell is the summary's Maximum Small IOPS"
	else
		not_ok "$v: CSV reader"
		cat "$d/${pre}_iops.csv" "$d/${pre}_mbps.csv"
	fi
	last=$(tail -1 "$d/${pre}_mbps.csv" | awk -F'[, ]' '{print $NF}')
	maxl=$(grep 'Maximum Large MBPS' "$d/${pre}_summary.txt" | awk -F= '{print $2}' | awk '{print $1}')
	if echo "$last" | grep -qx '[0-9]*\.[0-9][0-9]' && grep -q "^          2, *$last\$" "$d/${pre}_mbps.csv" \
		&& echo "$maxl" | grep -qx '[0-9]*\.[0-9][0-9]'; then
		ok "$v: tail -1 _mbps.csv | awk -F'[, ]' gives Large=2's MBPS ($last); grep 'Maximum Large MBPS' | awk -F= one value ($maxl)"
	else
		not_ok "$v: tail -1 | awk: '$last', grep | awk: '$maxl'"
	fi
	# The shortened run says so: stderr, summary, run.json.
	if grep -q '^fiorion: note: FIORION_DURATION=1 overrode -duration 60' "$d/one.err" \
		&& grep -q '^Warning: FIORION_DURATION=1 overrode -duration 60: every point ran 1 s, a shortened (smoke) run' "$d/${pre}_summary.txt" \
		&& grep -q '^Duration for each Data Point: 1 seconds$' "$d/${pre}_summary.txt" \
		&& [ "$(jget "$d/db_jobs/run.json" fiorion/duration_env)" = 1 ]; then
		ok "$v: FIORION_DURATION=1 on stderr, in the summary and in run.json"
	else
		not_ok "$v: FIORION_DURATION not said"
		grep -h 'FIORION\|Duration' "$d/one.err" "$d/${pre}_summary.txt"
	fi
	[ ! -e "$d/.db.lock" ] && ok "$v: no lock file left after the run" || not_ok "$v: .db.lock left"
	# A second run in another minute (TZ one hour on), one point.
	(cd "$d" && TZ=UTC-1 FIORION_COMPAT=$v "$FR" -run advanced -matrix point -num_small 1 -num_large 0 \
		-testname db >two.out 2>two.err)
	nsum=$(cd "$d" && ls db_*summary.txt 2>/dev/null | wc -l)
	case $v in
	10.2)
		if [ "$nsum" = 1 ] && [ -s "$d/db_summary.txt" ] && grep -q '^Total Data Points: 2$' "$d/db_summary.txt" \
			&& [ "$(ls -d "$d"/db_history/* | wc -l)" = 1 ] && [ -s "$d"/db_history/*/db_summary.txt ] \
			&& [ -s "$d"/db_history/*/db_jobs/p007.json ] && ! ls -d "$d"/db_run_* >/dev/null 2>&1; then
			ok "10.2, a rerun: the first set (summary, job files, JSON) in db_history/<stamp>/, the new one in place"
		else
			not_ok "10.2 rerun: $nsum summaries; $(ls "$d" | tr '\n' ' ')"
		fi
		;;
	*)
		if [ "$nsum" = 2 ] && [ -s "$d/${pre}_summary.txt" ] && grep -q '^Total Data Points: 8$' "$d/${pre}_summary.txt" \
			&& [ -s "$d"/db_history/*/db_jobs/p007.json ] && ! ls "$d"/db_history/*/*summary.txt >/dev/null 2>&1; then
			ok "$v, a run in another minute: both sets in place; only the first's job files moved to db_history/"
		else
			not_ok "$v second run: $nsum summaries; $(ls "$d" | tr '\n' ' ')"
			cat "$d/two.err"
		fi
		;;
	esac
}

# interrupted_checks V: headers as ORION writes them: an interrupted run
# (layout V, in its own folder I<V>) keeps the planned ladder.
interrupted_checks() {
	v=$1
	d=I$(echo $v | tr -d .)
	mkdir "$d" && printf '%s/lun\n' "$T" >"$d/db.lun"
	(cd "$d" && exec env FIORION_COMPAT=$v "$FR" -run simple -testname db -cache_size 0 >o 2>e) &
	pid=$!
	k=0
	# until the live summary counts two points measured: p002.json alone
	# is there a moment before the driver has counted its point, and a
	# SIGINT in that moment leaves one of 7
	while ! grep -qs '^Run in progress: [2-6] of its 7 points' "$d"/db_*summary.txt && [ $k -lt 300 ]; do
		sleep 0.1
		k=$((k + 1))
	done
	kill -INT $pid
	wait $pid
	rc=$?
	iops=$(ls "$d"/db_*iops.csv) mbps=$(ls "$d"/db_*mbps.csv) summ=$(ls "$d"/db_*summary.txt) tr=$(ls "$d"/db_*trace.txt)
	if [ $rc = 130 ] && [ "$(head -1 "$iops")" = "Large/Small,      1,      2,      3,      4,      5" ] \
		&& [ "$(sed -n '3p;4p' "$iops" | tr -d ' \n')" = "12" ] \
		&& [ "$(head -1 "$mbps")" = "Large/Small,      0,      1,      2,      3,      4,      5" ] \
		&& [ "$(sed 1d "$mbps" | tr -d ' ' | tr '\n' ' ')" = "1 2 " ] \
		&& grep -q '^Total Data Points: 8$' "$summ" && grep -q '^Run interrupted (SIGINT): [2-6] of its 7 points were measured\.$' "$summ" \
		&& [ "$(grep -c '^Point [0-9]* (small=[0-9]*, large=[0-9]*) of 8$' "$tr")" -ge 3 ] \
		&& ! grep -q '^Point .* of [0-79]$' "$tr" && grep -q "^# fiorion .* point 1 of 7: small=1 large=0$" "$d/db_jobs/p001.fio"; then
		ok "$v, interrupted after $(grep -o '[0-9] of its 7' "$summ"): the planned headers and rows, Total Data Points 8, the trace's N 8, job files' 'point 1 of 7'"
	else
		not_ok "$v interrupted run: rc=$rc"
		cat "$iops" "$mbps"
		grep '^Point\|Total\|Run' "$tr" "$summ"
	fi
}

# One latency per 12.x/19c block: the job files set lat_percentiles=1, the
# latency lines are lat_ns's, and every histogram bucket re-derives from
# the point's lat_ns bins (not clat_ns's, completion only).
# The built-in runner's on the model device in virtual time (100 us, 3 ms
# after 0.5 s: two buckets), stock fio's on real I/O.
hist_checks() {
runner=$1
H=H_$runner
mkdir "$H" && printf '%s/lun\n' "$T" >"$H/h.lun"
if [ $runner = builtin ]; then
	set -- -backend null -fio_opt service_us=100 -fio_opt service_steps=0.5:3000 -fio_opt virtual_time=1
else
	set -- -engine "$TOP/build/fiorion-engine.so"
fi
(cd "$H" && "$FR" -run advanced -matrix point -num_small 2 -num_large 1 -testname h -compat 19c -cache_size 0 \
	-runner $runner "$@" >h.out 2>h.err)
if grep -q '^lat_percentiles=1$' "$H/h_jobs/p001.fio" && python3 - "$H/h_jobs/p001.json" "$H"/h_*_hist.txt "$H"/h_*_summary.txt <<'EOF'
import json, re, sys
jt, hist, summ = sys.argv[1:4]
t = open(jt).read()
jobs = [j for j in json.loads(t[t.index("{"):])["jobs"] if not j["jobname"].endswith("warm")]
def bucket(ns):
    us, b = ns / 1000.0, 0
    if us < 32:
        return 0
    while b < 23 and us >= 32 << (b + 1):
        b += 1
    return b + 1
def derive(kind, key):
    cnt = [[0] * 26, [0] * 26]
    for j in jobs:
        if not j["jobname"].endswith(kind):
            continue
        for d, dn in enumerate(("read", "write")):
            for ns, c in j[dn].get(key, {}).get("bins", {}).items():
                cnt[d][bucket(int(ns))] += c
    return cnt
blocks = re.split(r"\n(?=(?:Small|Large) Read / Write Latency Histogram)", open(hist).read())
seen = 0
for b in blocks:
    m = re.match(r"(Small|Large) Read / Write Latency Histogram @ Small=2 and Large=1\n", b)
    if not m:
        continue
    assert "clat" not in b.splitlines()[0], b.splitlines()[0]
    kind = "-small" if m.group(1) == "Small" else "-large"
    want = derive(kind, "lat_ns")
    rows = re.findall(r"^ *(\d+) - (\d+) *us: *(\d+) \( *[\d.]+%\) *(\d+) \(", b, re.M)
    for i, (lo, hi, r, w) in enumerate(rows):
        assert (int(r), int(w)) == (want[0][i], want[1][i]), (m.group(1), i, r, w, want[0][:12])
    assert sum(int(r) for _, _, r, _ in rows) == sum(want[0]) > 0
    seen += 1
assert seen == 2, seen
small = [j for j in jobs if j["jobname"].endswith("-small")][0]["read"]["lat_ns"]
m = re.search(r"^Small Read Latency: avg=([\d.]+) us, min=([\d.]+) us", open(summ).read(), re.M)
assert m and abs(float(m.group(1)) - small["mean"] / 1000) < 0.0015 \
    and abs(float(m.group(2)) - small["min"] / 1000) < 0.0015, (m and m.group(0), small["mean"])
EOF
then
	ok "19c, -runner $runner: lat_percentiles=1 in the job files; both histograms of a mixed point re-derive bucket by bucket from lat_ns bins; the latency line is lat_ns's"
else
	not_ok "19c histogram from lat_ns bins, -runner $runner"
	cat "$H/h.err"
fi
}

# poc_checks: the proof-of-concept kit: col, then row (another minute), then mv.
poc_checks() {
mkdir poc && printf '%s/lun\n' "$T" >poc/orion.lun
(cd poc && FIORION_COMPAT=11.2 TZ=UTC "$FR" -run advanced -matrix col -num_small 0 -hugenotneeded -num_disks 1 \
	-cache_size 0 >col.out 2>col.err && FIORION_COMPAT=11.2 TZ=UTC-1 "$FR" -run advanced -matrix row -num_large 0 \
	-hugenotneeded -num_disks 1 >row.out 2>row.err && mkdir RESULTS && mv orion_*.txt orion_*.csv RESULTS/)
if [ "$(grep -l '^Maximum Large MBPS=' poc/RESULTS/*summary.txt 2>/dev/null | wc -l)" = 1 ] \
	&& [ "$(grep -l '^Maximum Small IOPS=' poc/RESULTS/*summary.txt 2>/dev/null | wc -l)" = 1 ] \
	&& [ "$(ls poc/RESULTS/*_summary.txt | wc -l)" = 2 ]; then
	ok "col, row, mv orion_*.txt orion_*.csv RESULTS/: both runs' files reach RESULTS (the col run's Maximum Large MBPS too)"
else
	not_ok "proof-of-concept kit: $(ls poc/RESULTS 2>/dev/null | tr '\n' ' ')"
	cat poc/col.err poc/row.err
fi
grep -q "^Small Columns:,      1,      2,      3,      4,      5$" poc/RESULTS/*summary.txt \
	&& ok "-matrix row -num_large 0: Small Columns from 1, as oltp's" || not_ok "Small Columns of row -num_large 0"
}

# All at once: each its own folder and points, judged on their files,
# never on time; their outputs in order.
pids=
for c in "layout 10.2" "layout 11.1" "layout 11.2" "layout 12.1" "layout 12.2" "layout 19c" \
	"interrupted 10.2" "interrupted 19c" "hist builtin" "hist fio" "poc"; do
	# shellcheck disable=SC2034,SC2086 # ntest: the checks' own count (poc_checks ignores its word)
	(ntest=0 && ${c% *}_checks ${c#* }) >"$T/tap.$(echo $c | tr ' ' _)" 2>&1 &
	pids="$pids $!"
done
wait $pids
for c in layout_10.2 layout_11.1 layout_11.2 layout_12.1 layout_12.2 layout_19c \
	interrupted_10.2 interrupted_19c hist_builtin hist_fio poc; do
	tap_replay "$T/tap.$c"
done

# The environment's rules: -compat wins; -help and -version say which is in force; a bad value is one line.
mkdir env && printf '%s/lun\n' "$T" >env/e.lun
(cd env && FIORION_COMPAT=19c "$FR" -run advanced -matrix point -num_small 1 -num_large 0 -testname e \
	-compat 10.2 >e.out 2>e.err)
[ -s env/e_summary.txt ] && ! ls env/e_2* >/dev/null 2>&1 && ok "-compat 10.2 wins over FIORION_COMPAT=19c" \
	|| { not_ok "-compat vs FIORION_COMPAT"; ls env; }
h=$(FIORION_COMPAT=12.2 "$FR" -help | tail -1) h2=$("$FR" -compat 11.1 -help | tail -1) h3=$(env -u FIORION_COMPAT "$FR" -help | tail -1)
vv=$(FIORION_COMPAT=19c "$FR" -version 2>/dev/null | sed -n 2p)
if [ "$h" = "layout in force: 12.2 (from FIORION_COMPAT)" ] && [ "$h2" = "layout in force: 11.1 (from -compat)" ] \
	&& [ "$h3" = "layout in force: 10.2 (default)" ] && [ "$vv" = "layout: 19c (from FIORION_COMPAT)" ]; then
	ok "-help and -version say the layout in force and whence: '$h', '$h2', '$h3', '$vv'"
else
	not_ok "layout in force: '$h' '$h2' '$h3' '$vv'"
fi
(cd env && FIORION_COMPAT=12 "$FR" -run simple -testname e -jobs_only >b.out 2>b.err)
rc=$?
[ $rc = 2 ] && [ "$(wc -l <env/b.err)" = 1 ] && grep -q "^fiorion: FIORION_COMPAT='12': 12 is 12.1 or 12.2, whose files differ (.*): give one" env/b.err \
	&& ok "FIORION_COMPAT=12: exit 2, one line naming the choices: $(cat env/b.err)" || { not_ok "bad FIORION_COMPAT: rc=$rc"; cat env/b.err; }
# Release names as DBAs and banners write them; a name of two releases is one line naming both.
n=0 bad=
for rv in 10.2.0.1.0:10.2 10g:10.2 11.1.0.7:11.1 11.2.0.4:11.2 12.1.0.2:12.1 12.2.0.1:12.2 18c:12.2 19:19c 19.3:19c \
	19.3.0.0.0:19c 19c:19c; do
	got=$(FIORION_COMPAT=${rv%%:*} "$FR" -version 2>&1 | sed -n 's/^layout: \([^ ]*\) (from FIORION_COMPAT)$/\1/p')
	got2=$("$FR" -compat "${rv%%:*}" -version 2>&1 | sed -n 's/^layout: \([^ ]*\) (from -compat)$/\1/p')
	[ "$got" = "${rv#*:}" ] && [ "$got2" = "${rv#*:}" ] && n=$((n + 1)) || bad="$bad ${rv%%:*}->'$got'/'$got2'"
done
for a in 11g:11.1 12c:12.1 11:11.1; do
	"$FR" -compat "${a%%:*}" -version >/dev/null 2>b.err
	rc=$?
	[ $rc = 2 ] && [ "$(wc -l <b.err)" = 1 ] && grep -q "^fiorion: -compat '${a%%:*}': ${a%%:*} is ${a#*:} or .*: give one$" b.err \
		&& n=$((n + 1)) || bad="$bad ${a%%:*}:rc=$rc:$(cat b.err)"
done
for x in 21c 10.1 19. 1e3 "19c "; do
	"$FR" -compat "$x" -version >/dev/null 2>b.err && bad="$bad '$x' taken"
	[ "$(wc -l <b.err)" = 1 ] && n=$((n + 1)) || bad="$bad '$x':$(cat b.err)"
done
[ $n = 19 ] && ok "-compat and FIORION_COMPAT take 11.2.0.4, 12.1.0.2, 19, 19.3, 10.2.0.1.0, 18c; 11g/12c/11 name both choices; 21c, 10.1 refused" \
	|| not_ok "release names: $n of 19;$bad"
# Run as orion (a name of ORION's) without FIORION_COMPAT: today's ORION, 19c; fiorion keeps 10.2.
mkdir -p bin asorion && ln -s "$FR" bin/orion && ln -s "$FR" bin/orion_linux_x86-64 && printf '%s/lun\n' "$T" >asorion/o.lun
(cd asorion && env -u FIORION_COMPAT "$T/bin/orion" -run advanced -matrix point -num_small 1 -num_large 0 -testname o \
	-duration 1 >o.out 2>o.err)
rc=$?
h=$(env -u FIORION_COMPAT "$T/bin/orion_linux_x86-64" -help | tail -1)
h2=$(FIORION_COMPAT=10.2 "$T/bin/orion" -help | tail -1)
if [ $rc = 0 ] && ls asorion/o_2*_hist.txt >/dev/null 2>&1 && ! ls asorion/o_summary.txt >/dev/null 2>&1 \
	&& [ "$h" = "layout in force: 19c (default as orion)" ] && [ "$h2" = "layout in force: 10.2 (from FIORION_COMPAT)" ]; then
	ok "run as orion: 19c's files by default ('$h'); FIORION_COMPAT still chooses ('$h2')"
else
	not_ok "run as orion: rc=$rc '$h' '$h2' $(ls asorion) $(cat asorion/o.err)"
fi
(cd env && FIORION_DURATION=0 "$FR" -run simple -testname e -jobs_only >b.out 2>b.err)
rc=$?
[ $rc = 2 ] && grep -q "^fiorion: FIORION_DURATION='0': give whole seconds per data point, 1 to 86400" env/b.err \
	&& ok "FIORION_DURATION=0: exit 2, naming the variable" || { not_ok "bad FIORION_DURATION: rc=$rc"; cat env/b.err; }

# -storax takes ORION's values only, never the next option.
(cd env && "$FR" -run simple -testname e -storax -jobs_only >s.out 2>s.err)
rc=$?
[ $rc = 2 ] && grep -q "^fiorion: -storax '-jobs_only': must be skgfr, oss, asmlib or odmlib" env/s.err \
	&& ok "-storax -jobs_only: exit 2, nothing run" || { not_ok "-storax -jobs_only: rc=$rc"; cat env/s.err; }
(cd env && "$FR" -run simple -testname e -storax asmlib -jobs_only >s.out 2>s.err) \
	&& grep -q 'note: -storax asmlib ignored' env/s.err && ok "-storax asmlib: accepted, ignored with a note" \
	|| { not_ok "-storax asmlib"; cat env/s.err; }
# -size_small 8k: KB with a note; 2m: refused, saying to drop the suffix.
(cd env && "$FR" -run simple -testname e -size_small 8k -size_large 2048k -jobs_only >z.out 2>z.err)
if grep -q '^fiorion: note: -size_small 8k read as 8 KB' env/z.err && grep -q '^bs=8k$' env/e_jobs/p001.fio \
	&& grep -q '^bs=2048k$' env/e_jobs/p007.fio; then
	ok "-size_small 8k -size_large 2048k: read as KB, with a note"
else
	not_ok "-size_small 8k"
	cat env/z.err
fi
(cd env && "$FR" -run simple -testname e -size_large 2m -jobs_only >z.out 2>z.err)
[ $? = 2 ] && grep -q "^fiorion: -size_large '2m': give the size in KB as a plain number (ORION reads KB; drop the 'm')" env/z.err \
	&& ok "-size_large 2m: exit 2, saying to drop the suffix" || { not_ok "-size_large 2m"; cat env/z.err; }

# fio2orion on stock fio's sequential job: its clones are the streams, its depth per stream.
if command -v fio >/dev/null 2>&1; then
	# seqjob NAME NUMJOBS: stock fio's json of rw=read bs=1m iodepth=2 (each
	# clone reads the 64 MiB file once), converted into o_NAME/
	seqjob() {
		printf '[%s]\nfilename=%s/lun\nrw=read\nbs=1m\niodepth=2\nnumjobs=%s\nioengine=libaio\ndirect=1\nsize=64m\ngroup_reporting\n' \
			"$1" "$T" "$2" >"$1.fio"
		fio --output-format=json "$1.fio" >"$1.json" 2>"$1.ferr" && "$F2O" -outdir "o_$1" "$1.json" >/dev/null 2>"$1.cerr"
	}
	seqjob big 1
	seqjob p001-streams 3
	s1=$(ls o_big/*summary.txt 2>/dev/null) s3=$(ls o_p001-streams/*summary.txt 2>/dev/null)
	if [ -n "$s1" ] && [ -n "$s3" ] && grep -q '^Maximum Large MBPS=[0-9.]* @ Small=0 and Large=1$' "$s1" \
		&& grep -q '^Number of Concurrent IOs Per Stream: 2$' "$s1" \
		&& grep -q '^Maximum Large MBPS=[0-9.]* @ Small=0 and Large=3$' "$s3" \
		&& grep -q '^Number of Concurrent IOs Per Stream: 2$' "$s3"; then
		ok "stock fio [big] rw=read bs=1m iodepth=2: Large=1, 2 I/Os per stream; numjobs=3 under another name: Large=3"
	else
		not_ok "sequential job mapping: $(cat big.ferr big.cerr; grep -h 'Maximum Large\|Per Stream' $s1 $s3)"
	fi
else
	skip_test "fio2orion on a stock fio sequential job" "no fio"
fi
# The same rule per host in client/server results: tests/data's two-client
# run (8k randread, numjobs=2, iodepth=4 on each host) made a sequential
# 1 MiB read (rw=read, bs=1m, bytes x 128): each host holds 2 streams of 4.
python3 - "$TOP/tests/data/fio-json/07-client-server-two-clients.json" seq2.json <<'EOF'
import json, sys
t = open(sys.argv[1]).read()
d = json.loads(t[t.index("{"):])
for x in d["client_stats"]:
    x.get("job options", {}).update(rw="read", bs="1m")
    for dn in ("read", "write"):
        x[dn]["io_bytes"] *= 128
        x[dn]["io_kbytes"] = x[dn]["io_bytes"] // 1024
json.dump(d, open(sys.argv[2], "w"))
EOF
"$F2O" -outdir o_seq2 seq2.json >/dev/null 2>seq2.err
s2=$(ls o_seq2/*summary.txt 2>/dev/null)
if [ -n "$s2" ] && grep -q '^Maximum Large MBPS=[0-9.]* @ Small=0 and Large=2$' "$s2" \
	&& grep -q '^Number of Concurrent IOs Per Stream: 4$' "$s2" && grep -q '^Hosts: 2 ' "$s2"; then
	ok "two hosts' sequential jobs (numjobs=2, iodepth=4 each): Large=2 per host, 4 I/Os per stream"
else
	not_ok "client/server sequential mapping: $(cat seq2.err; grep -h 'Maximum Large\|Per Stream\|Hosts' $s2)"
fi

finish
