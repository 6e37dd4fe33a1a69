#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Description: the two programs' habits alike (issue 42, item 3), judged
# on runs of the model device in virtual time (exact, a second in all):
# 1. fiorion -h is -help (exit 0, the same text), as fio2orion's is.
# 2. fiorion -q: no progress lines and no notes on stderr (a note said
#    while the command line is read, before the -q, included), warnings
#    still said; stdout (ORION's screen lines, as ORION prints them)
#    and the files the same as without it; the lines of a second run (an
#    earlier set moved aside) and of -resume silenced too. fio2orion -q:
#    no notes and no "wrote" line, warnings still said.
# 3. A run's <T>_jobs/ folder given to fio2orion: run.json and its points
#    (a -repeat pass's pNNN.rK.json, a curve's curve/pNNN.json) read
#    without a word on fiorion's own files (job files, fio logs,
#    luns.id, markers), the same ORION files as fiorion wrote; a file that
#    should be a result and is not (a pNNN.json that is no fio JSON, a
#    stray .json) still named in a note.
# 4. One resolver for every option that takes results: a file, a run's
#    <T>_jobs/ folder or an output folder holding one, alike for plain
#    conversion, -export benchfio (also '-' and gzip data) and -compare
#    (also a fio JSON file); an input that is not results is exit 2
#    naming it (a folder of no fio JSON, a missing path, an output folder
#    of two runs naming both), for each of them.
# run.sh: timeout=120
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
F2O=$TOP/build/fio2orion
cd "$T" || exit 1
truncate -s 64M lun
echo "$T/lun" >t.lun
VT="-testname t -num_disks 1 -backend null -fio_opt service_us=100 -fio_opt servers=4 -fio_opt virtual_time=1 -duration 1"
# A plain run, for the inputs of fio2orion.
# shellcheck disable=SC2086
"$FR" -run simple $VT -outdir out >run.out 2>run.err || not_ok "the run: $(cat run.err)"

# 1. -h
if "$FR" -h >h.out 2>h.err && "$FR" -help >help.out && cmp -s h.out help.out && [ ! -s h.err ]; then
	ok "fiorion -h is -help, exit 0"
else
	not_ok "fiorion -h: $(cat h.err)"
fi

# 2. fiorion -q. The notes (-size_small 8k, -storax, -hugenotneeded) come
# before -q on the command line; -type seq -write 50 gives a warning.
# shellcheck disable=SC2086
"$FR" -run simple $VT -outdir loud -type seq -write 50 -size_small 8k -storax oss -hugenotneeded >loud.out 2>loud.err
rc1=$?
# shellcheck disable=SC2086
"$FR" -run simple $VT -outdir quiet -type seq -write 50 -size_small 8k -storax oss -hugenotneeded -q >quiet.out 2>quiet.err
rc2=$?
warn=$(grep -c '^fiorion: warning: -write 50 with -type seq' quiet.err)
other=$(grep -vc '^fiorion: warning: ' quiet.err)
if [ $rc1 = 0 ] && [ $rc2 = 0 ] && grep -q '^fiorion: note: -storax oss ignored' loud.err \
	&& grep -q '^fiorion: point 7 of 7' loud.err && [ "$warn" -ge 1 ] && [ "$other" = 0 ] \
	&& cmp -s loud.out quiet.out && grep -q '^Maximum Small IOPS=' quiet.out \
	&& cmp -s loud/t_iops.csv quiet/t_iops.csv && cmp -s loud/t_mbps.csv quiet/t_mbps.csv; then
	ok "fiorion -q: stderr only its $warn warning line(s), no notes nor progress; stdout (ORION's screen) and the files as without it"
else
	not_ok "fiorion -q: exit $rc1/$rc2, $warn warnings, $other other lines: $(tr '\r' '\n' <quiet.err | head -5)"
fi
# shellcheck disable=SC2086
"$FR" -run simple $VT -outdir quiet -q >again.out 2>again.err
rc1=$?
rm quiet/t_jobs/p007.json
# shellcheck disable=SC2086
"$FR" -run simple $VT -outdir quiet -q -resume >resume.out 2>resume.err
rc2=$?
if [ $rc1 = 0 ] && [ $rc2 = 0 ] && [ ! -s again.err ] && [ ! -s resume.err ] && ls -d quiet/t_history/* >/dev/null 2>&1 \
	&& grep -q '^Maximum Small IOPS=' resume.out; then
	ok "fiorion -q: an earlier set moved aside and -resume said nothing on stderr"
else
	not_ok "fiorion -q, again and -resume: exit $rc1/$rc2: $(cat again.err resume.err | head -4)"
fi
"$F2O" -q -outdir f2q loud/t_jobs >f2q.out 2>f2q.err
rc=$?
if [ $rc = 0 ] && grep -q '^fio2orion: warning: -write 50 with -type seq' f2q.err && [ "$(grep -vc '^fio2orion: warning: ' f2q.err)" = 0 ] \
	&& "$F2O" -q -export benchfio xq out/t_jobs >xq.out 2>xq.err && [ ! -s xq.err ] && [ -d xq/t-small ]; then
	ok "fio2orion -q: the run's warning said, no note nor 'wrote' line"
else
	not_ok "fio2orion -q: exit $rc: $(cat f2q.err xq.err | head -4)"
fi

# 3. A run's _jobs folder: one of -repeat 2, its points pNNN.json and pNNN.rK.json.
# shellcheck disable=SC2086
"$FR" -run simple $VT -repeat 2 -outdir rep >rep.out 2>rep.err || not_ok "the -repeat run: $(cat rep.err)"
n_own=$(find rep/t_jobs -type f ! -name run.json ! -name 'p[0-9]*.json' | wc -l)
"$F2O" -outdir j rep/t_jobs >j.out 2>j.err
rc=$?
if [ $rc = 0 ] && [ ! -s j.err ] && [ "$n_own" -gt 20 ] && cmp -s rep/t_iops.csv j/t_iops.csv \
	&& cmp -s rep/t_mbps.csv j/t_mbps.csv && cmp -s rep/t_lat.csv j/t_lat.csv && cmp -s rep/t.points.csv j/t.points.csv; then
	ok "fio2orion T_jobs/: run.json and its $(find rep/t_jobs -name 'p[0-9]*.json' | wc -l) points, not a word on its $n_own own files; fiorion's matrices and points.csv"
else
	not_ok "fio2orion T_jobs/: exit $rc, $(wc -l <j.err) lines: $(head -3 j.err)"
fi
cp -r out/t_jobs stray
echo 'not json' >stray/p099.json
echo '{"a": 1}' >stray/mine.json
# fiorion's own files of other runs: -clients (a host's job file, fio's
# output, its client's log names), -stop_at_knee, a point cut short.
: >stray/p001.h1_8765.fio
: >stray/p001.out
: >stray/p001-s1-l0-small.h1_8765_iops.1.log.127.0.0.1
: >stray/p003.skip
: >stray/p004.json.part
"$F2O" -outdir s stray >s.out 2>s.err
rc=$?
if [ $rc = 0 ] && [ "$(wc -l <s.err)" = 2 ] && grep -q '^fio2orion: note: skipped stray/p099.json: not fio JSON' s.err \
	&& grep -q '^fio2orion: note: skipped stray/mine.json: ' s.err && cmp -s out/t_iops.csv s/t_iops.csv; then
	ok "T_jobs/ with a pNNN.json that is not fio JSON and a stray .json: both named in a note, nothing else (nor -clients', -stop_at_knee's or a cut point's own files)"
else
	not_ok "stray files: exit $rc: $(head -4 s.err)"
fi
mkdir cv && cp t.lun cv/
# shellcheck disable=SC2086
(cd cv && "$FR" -run curve $VT -curve 50,90 >o.out 2>o.err) || not_ok "the curve run: $(cat cv/o.err)"
"$F2O" -outdir cj cv/t_jobs >cj.out 2>cj.err
rc=$?
if [ $rc = 0 ] && [ ! -s cj.err ] && [ -s cv/t.curve.csv ] && cmp -s cv/t.curve.csv cj/t.curve.csv \
	&& cmp -s cv/t_iops.csv cj/t_iops.csv; then
	ok "a curve run's T_jobs/: its ladder's points and its curve/ points read, the same _iops.csv and .curve.csv"
else
	not_ok "curve T_jobs/: exit $rc: $(head -3 cj.err)"
fi

# 4. One resolver: the output folder, and -export and -compare alike.
"$F2O" -outdir o rep >o.out 2>o.err
rc=$?
if [ $rc = 0 ] && [ ! -s o.err ] && cmp -s rep/t_iops.csv o/t_iops.csv && cmp -s j/t_summary.txt o/t_summary.txt; then
	ok "fio2orion OUTDIR (ORION's files and T_jobs/): its run read, the same files"
else
	not_ok "fio2orion OUTDIR: exit $rc: $(head -3 o.err)"
fi
# -export: a run without -repeat (bench-fio's layout has no passes).
"$F2O" -export benchfio xf out/t_jobs/run.json out/t_jobs/p*.json >xf.out 2>xf.err || not_ok "-export of the files: $(cat xf.err)"
for a in out/t_jobs out; do
	x=x$(echo "$a" | tr -c 'a-z\n' _)
	"$F2O" -export benchfio "$x" "$a" >"$x.out" 2>"$x.err"
	rc=$?
	if [ $rc = 0 ] && [ -d "$x/t-small" ] && diff -r xf "$x" >/dev/null && ! grep -q note "$x.err"; then
		ok "-export benchfio $a: exit 0, the export of its files"
	else
		not_ok "-export benchfio $a: exit $rc: $(head -3 "$x.err")"
	fi
done
gzip -c out/t_jobs/p001.json >p1.gz
"$F2O" -export benchfio xg out/t_jobs/run.json p1.gz >xg.out 2>xg.err
rc1=$?
"$F2O" -export benchfio xs out/t_jobs/run.json - <out/t_jobs/p001.json >xs.out 2>xs.err
rc2=$?
"$F2O" -export benchfio xp out/t_jobs/run.json out/t_jobs/p001.json >xp.out 2>xp.err
if [ $rc1 = 0 ] && [ $rc2 = 0 ] && [ -d xp/t-small ] && diff -r xp xg >/dev/null && diff -r xp xs >/dev/null; then
	ok "-export benchfio reads gzip data and '-' as plain conversion does"
else
	not_ok "-export of gzip / stdin: exit $rc1/$rc2: $(cat xg.err xs.err | head -3)"
fi
"$F2O" -compare out/t_jobs out j/../out/t_jobs/p001.json -html -outdir cmp >cmp.out 2>cmp.err
rc=$?
if [ $rc = 0 ] && [ -s cmp/t.compare.html ] && [ ! -s cmp.err ]; then
	ok "-compare takes a T_jobs/ folder, an output folder and a fio JSON file"
else
	not_ok "-compare: exit $rc: $(head -3 cmp.err)"
fi

# Not results: exit 2 naming the input, whichever option took it.
mkdir empty two
echo '[job]' >empty/a.fio
cp -r out/t_jobs two/a_jobs
cp -r out/t_jobs two/b_jobs
refused() { # WHAT PATTERN ARGS...: exit 2, the message matching PATTERN
	what=$1 pat=$2
	shift 2
	"$F2O" "$@" >r.out 2>r.err
	rc=$?
	if [ $rc = 2 ] && grep -q "$pat" r.err; then
		ok "$what: exit 2, $(grep "$pat" r.err)"
	else
		not_ok "$what: exit $rc: $(cat r.err)"
	fi
}
refused "a folder of no fio JSON" "the folder 'empty' holds no fio JSON" -outdir r1 empty
refused "-export of a folder of no fio JSON" "the folder 'empty' holds no fio JSON" -export benchfio r2 empty
refused "-compare with a folder of no fio JSON" "the folder 'empty' holds no fio JSON" -compare out empty -html -outdir r3
refused "a missing input" "'nosuch'" -outdir r4 nosuch
refused "-export of a missing input" "'nosuch'" -export benchfio r5 nosuch
refused "-compare with a missing input" "'nosuch'" -compare nosuch out -html -outdir r6
refused "an output folder of two runs" "'two' holds several runs (a_jobs/ and b_jobs/)" -outdir r7 two
refused "-export of an output folder of two runs" "'two' holds several runs" -export benchfio r8 two
refused "-compare with an output folder of two runs" "'two' holds several runs" -compare out two -html -outdir r9
finish
