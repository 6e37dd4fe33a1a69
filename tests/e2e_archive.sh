#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Description: fio2orion on a team's archive of stock fio results (issue
# 27), inputs made here by stock fio: what does not fit one matrix is
# named (a bssplit=4k/50:1m/50 job and a bsrange=4k-1m job refused naming
# the job; a 4 KiB file beside an 8 KiB one refused naming both sizes and
# files, -size_small picking one); a --status-interval file converts its
# final report and says how many interim ones it skipped; a file cut
# inside its final report is refused, and -partial converts its last
# whole report with a warning; fio's client/server JSON without run.json
# says the LUNs are unknown; '-', pipes, gzip/xz/zstd by content, folders,
# -o, -q and -h; each point names its jobs (points.csv, trace, JSON).
. "$(dirname "$0")/lib.sh"

F2O=$TOP/build/fio2orion
D=$TOP/tests/data/fio-json

if ! command -v fio >/dev/null 2>&1; then
	skip_test "fio2orion on stock fio results" "no fio on PATH"
	finish
	exit 0
fi
cd "$T" || exit 1
truncate -s 4M data.bin

# runfio OUT ARGS...: a short psync run on data.bin, its JSON in OUT.
runfio() {
	out=$1
	shift
	fio --output-format=json --filename=data.bin --size=4M --io_size=1M --ioengine=psync "$@" >"$out" 2>"$out.err" \
		|| { echo "# fio failed: $(cat "$out.err")"; return 1; }
}

# 1. A job whose sizes span both classes is refused, naming it and its option.
for spec in "bssplit=4k/50:1m/50" "bsrange=4k-1m"; do
	runfio span.json --name=mixed --rw=randread "--$spec" || continue
	if "$F2O" -outdir o1 span.json >out 2>err; then
		not_ok "$spec: converted"
	elif [ $? = 2 ] && grep -q "job 'mixed' (group 0, span.json): its block sizes span small and large ($spec: 4 KiB to 1 MiB" err \
		&& [ ! -e o1 ]; then
		ok "$spec: refused naming the job, its option and sizes, nothing written"
	else
		not_ok "$spec: $(cat err)"
	fi
done

# 2. Small jobs of 4 KiB and 8 KiB in two files: refused, or one kept with -size_small.
runfio s4.json --name=four --rw=randread --bs=4k
runfio s8.json --name=eight --rw=randread --bs=8k
"$F2O" -outdir o2 s4.json s8.json >out 2>err
rc=$?
if [ $rc = 2 ] && grep -q "small jobs have different block sizes: 4 KiB (job 'four', group 0, s4.json) and 8 KiB (job 'eight', group 0, s8.json)" err; then
	ok "4 KiB and 8 KiB inputs refused naming both sizes and files"
else
	not_ok "sizes differ: rc $rc: $(cat err)"
fi
if "$F2O" -outdir o2 -size_small 8k s4.json s8.json >out 2>err && grep -q '^Small IO size: 8 KB$' o2/orion_summary.txt \
	&& grep -q "note: left out 1 job(s) of another block size" err; then
	ok "-size_small 8k keeps the 8 KiB job (summary: 8 KB) and says one was left out"
else
	not_ok "-size_small 8k: $(cat err)"
fi

# 2b. Every cell traceable: points.csv, the trace and -format json name the jobs.
if "$F2O" -outdir o2b s4.json 2>err && tail -n 1 o2b/orion.points.csv | grep -q ',"s4.json","","0","four","randread","4k","1","1","psync"$' \
	&& grep -qx 'Jobs: four (s4.json, group 0)' o2b/orion_trace.txt \
	&& "$F2O" -format json s4.json >s4.out && [ "$(jget s4.out points/0/sources/0/job)" = four ] \
	&& [ "$(jget s4.out points/0/sources/0/ioengine)" = psync ] && [ "$(jget s4.out schema_version)" = 2 ]; then
	ok "points.csv, the trace and -format json name the point's file, group, job, rw, bs, iodepth, numjobs, ioengine"
else
	not_ok "traceability: $(tail -n 1 o2b/orion.points.csv) $(cat err)"
fi

# 3. --status-interval: the final report, the interim ones counted.
SI=$D/11-status-interval-multi-doc.json
if "$F2O" -outdir o3 "$SI" >out 2>err && grep -q "note: $SI: converted its final report; skipped 3 interim --status-interval report(s) before it" err; then
	ok "status-interval file: final report converted, 3 interim reports named"
else
	not_ok "status-interval: $(cat err)"
fi
# Cut inside the fourth report (it starts at byte 19619 of 26160).
head -c 22000 "$SI" >cut.json
"$F2O" -outdir o4 cut.json >out 2>err
rc=$?
if [ $rc = 2 ] && grep -q "cut.json:907:13: truncated JSON.*after 3 whole --status-interval report(s): fio did not finish it; give -partial" err \
	&& [ ! -e o4 ]; then
	ok "a file cut inside its final report is refused, nothing written"
else
	not_ok "cut file: rc $rc: $(cat err)"
fi
head -c 19619 "$SI" >three.json
if "$F2O" -outdir o4 -partial cut.json >out 2>err && grep -q "warning: cut.json ends inside its final report: converted its last whole --status-interval report (-partial), 2 interim one(s) before it skipped" err \
	&& "$F2O" -outdir o5 three.json 2>/dev/null && cmp -s o4/orion_iops.csv o5/orion_iops.csv \
	&& cmp -s o4/orion_lat.csv o5/orion_lat.csv \
	&& [ "$(grep -v '^Jobs: ' o4/orion_trace.txt)" = "$(grep -v '^Jobs: ' o5/orion_trace.txt)" ] \
	&& [ "$(sed 4d o4/orion_summary.txt)" = "$(sed 4d o5/orion_summary.txt)" ]; then
	ok "-partial converts the last whole report (the same files as the first three reports alone, but for the command line and the file named)"
else
	not_ok "-partial: $(cat err)"
fi

# 4. Client/server JSON without run.json: the LUNs are unknown, not "0 FILEs found".
"$F2O" -outdir o6 "$D/07-client-server-two-clients.json" >out 2>err
if grep -qx "FILEs unknown: fio's client/server JSON does not name the hosts' LUNs (give the run's run.json)." o6/orion_summary.txt \
	&& ! grep -q 'FILEs found' o6/orion_summary.txt; then
	ok "client/server JSON without run.json: the summary says the LUNs are unknown"
else
	not_ok "client/server LUNs: $(grep FILEs o6/orion_summary.txt)"
fi

# 5. Script habits: -, a pipe, compressed files by content, a folder, -o, -q, -h.
B=$D/01-single-job.json
"$F2O" -format json "$B" >ref.json 2>/dev/null
# The points of a -format json document without the inputs' names (sources).
points_of() {
	python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
for p in d["points"]:
    p.pop("sources")
print(json.dumps(d["points"], sort_keys=True))' "$1" 2>/dev/null
}
ok_same() { # WHAT FILE: FILE's points are ref.json's
	if [ -s "$2" ] && [ "$(points_of "$2")" = "$(points_of ref.json)" ] && [ -n "$(points_of ref.json)" ]; then
		ok "$1"
	else
		not_ok "$1: $(head -c 300 "$2") $(cat err 2>/dev/null)"
	fi
}
"$F2O" -format json - <"$B" >stdin.json 2>err
ok_same "'-' reads standard input" stdin.json
cat "$B" | "$F2O" -format json /dev/stdin >pipe.json 2>err
ok_same "/dev/stdin as a pipe" pipe.json
for z in gzip xz zstd; do
	if command -v $z >/dev/null 2>&1; then
		$z -c <"$B" >"plain-$z.json"
		"$F2O" -format json "plain-$z.json" >"$z.out" 2>err
		ok_same "$z data read by content (named .json)" "$z.out"
	else
		skip_test "$z input" "no $z program"
	fi
done
if command -v gzip >/dev/null 2>&1; then
	gzip -c <"$B" | head -c 300 >cut.gz
	"$F2O" -format json cut.gz >out 2>err
	rc=$?
	[ $rc = 2 ] && grep -q "'cut.gz': the gzip data is cut short" err && [ ! -s out ] \
		&& ok "a cut .gz is refused naming it, nothing written" || not_ok "cut .gz: rc $rc $(cat err)"
fi
mkdir arch arch/sub
cp "$B" arch/b.json
gzip -c <"$B" >arch/a.json.gz 2>/dev/null || cp "$B" arch/a.json.gz
echo '[job]' >arch/c.fio
"$F2O" -outdir o7 -merge last arch >out 2>err
if grep -q "note: skipped arch/c.fio: not fio JSON" err && grep -q "note: skipped arch/sub: a folder" err \
	&& [ -s o7/orion_summary.txt ] && "$F2O" -q -outdir o8 -merge last arch >out 2>err && [ ! -s err ] \
	&& cmp -s o7/orion_iops.csv o8/orion_iops.csv; then
	ok "a folder: its fio JSON read, a job file and a sub-folder named and skipped; -q silences the notes"
else
	not_ok "folder: $(cat err)"
fi
"$F2O" -format json -o doc.json "$B" >out 2>err
if [ ! -s out ] && [ "$(jget doc.json points)" = "$(jget ref.json points)" ] \
	&& [ "$(jget doc.json run/command_line)" = "['-format', 'json', '-o', 'doc.json', '$B']" ]; then
	ok "-o FILE holds what standard output would"
else
	not_ok "-o: $(cat err)"
fi
"$F2O" -o doc2.json "$B" >out 2>err
rc=$?
[ $rc = 2 ] && grep -q "writes -format json's document" err && [ ! -e doc2.json ] \
	&& ok "-o without -format json refused" || not_ok "-o without json: rc $rc"
if "$F2O" -h >h.out && "$F2O" -help >help.out && cmp -s h.out help.out; then
	ok "-h is -help"
else
	not_ok "-h"
fi

finish
