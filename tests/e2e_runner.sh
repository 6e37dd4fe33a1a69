#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh: alone
# (a 1 s job's runtime within 990-1100 ms is the CPU's to say: beside
# other suites on a loaded machine the runner's read 1138 ms)
#
# Description: the built-in runner (fiorion -jobfile): the same point
# run by it and by stock fio, each holding its load (Little's law within
# 10%); data written
# through it (verify_pattern) reads back through it and directly, for
# every backend and the fiorion engine; numjobs streams start at their
# own offsets; rwmixwrite holds per I/O; outstanding I/Os stay at
# iodepth (Little's law); stonewall groups run in order; its JSON has
# fio 3.33's keys and units and fio2orion reads it; bad job files give
# one error naming option, file and line.
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
cd "$T" || exit 1
mkfile a 64
mkfile b 48
mkfile c 80
printf '%s\n%s\n%s\n' "$T/a" "$T/b" "$T/c" >v.lun
echo "$T/a" >one.lun

# 1. both runners on the same point job file: the same point, each
# holding its load (Little's law within 10%). Their speeds are compared
# in scripts/bench-runner.sh, not here.
"$FR" -run advanced -matrix point -num_small 8 -num_large 0 -testname one -duration 2 -jobs_only >/dev/null 2>&1
if "$FR" -jobfile one_jobs/p001.fio -output rb.json 2>rb.err \
	&& fio --output-format=json one_jobs/p001.fio >rf.json 2>rf.err \
	&& "$TOP/build/fio2orion" -format json rb.json >rbp.json 2>/dev/null \
	&& "$TOP/build/fio2orion" -format json rf.json >rfp.json 2>/dev/null; then
	for w in rb rf; do
		set -- $(python3 -c '
import json, sys
p = json.load(open(sys.argv[1]))["points"][0]
c = p["small"]
print(p["small_load"], p["large_load"], c["iops"] * c["lat"]["mean_ns"] / 1e9)' $w"p.json")
		eval "${w}_pt=\"\$1,\$2\" ${w}_q=\$3"
	done
	if [ "$rb_pt" = "8,0" ] && [ "$rf_pt" = "8,0" ] \
		&& awk -v a="$rb_q" -v b="$rf_q" 'BEGIN {exit !(a > 7.2 && a < 8.8 && b > 7.2 && b < 8.8)}'; then
		ok "same point (8,0) from both runners, each holding its 8 I/Os (IOPS x lat: built-in $rb_q, fio $rf_q)"
	else
		not_ok "the runners' points differ: built-in ($rb_pt) $rb_q, fio ($rf_pt) $rf_q"
	fi
else
	not_ok "both runners run and convert the same point job file"
	cat rb.err rf.err
fi

# words FILE [BYTES]: the distinct 4-byte words of FILE (of its first
# BYTES), as hex in file order: one word when the pattern fills it all.
words() {
	python3 -c '
import sys
b = open(sys.argv[1], "rb").read(int(sys.argv[2]) if len(sys.argv) > 2 else -1)
if len(b) % 4 == 0 and b == b[:4] * (len(b) // 4):
    print(b[:4].hex())
else:
    print(" ".join(sorted({b[i:i + 4].hex() for i in range(0, len(b), 4)})))' "$@"
}

# 2. write a pattern through the runner, read it back through it and directly
for eng in io_uring libaio psync fiorion; do
	if [ $eng = fiorion ]; then
		tgt="ioengine=external:$ENGINE
lunfile=$T/v.lun
simulate=raid0
stripe=64k"
		files=	# members are checked below: raid0 leaves their tails unused
	else
		tgt="ioengine=$eng
filename=$T/d-$eng"
		files=d-$eng
		mkfile d-$eng 16
	fi
	printf '[global]\n%s\ndirect=1\nbs=16k\niodepth=8\n\n[w]\nrw=randwrite\nverify=pattern\nverify_pattern=0x5eed1e55\n' "$tgt" >w-$eng.fio
	printf '[global]\n%s\ndirect=1\nbs=16k\niodepth=4\n\n[r]\nrw=read\nverify=pattern\nverify_pattern=0x5eed1e55\n' "$tgt" >r-$eng.fio
	if "$FR" -jobfile w-$eng.fio -output w.json 2>w.err && "$FR" -jobfile r-$eng.fio -output r.json 2>r.err; then
		direct=ok
		for f in $files; do
			# every 4-byte word of the written area must be the pattern
			n=$(words "$f")
			[ "$n" = 5eed1e55 ] || direct="bad: $f holds $n"
		done
		if [ "$direct" = ok ]; then
			ok "$eng: pattern written, verified through the runner${files:+ and read directly}"
		else
			not_ok "$eng: direct read $direct"
		fi
	else
		not_ok "$eng: write/verify through the runner"
		cat w.err r.err
	fi
done
# raid0 uses the smallest LUN's whole stripes: a, c have a tail beyond it
for f in a b c; do
	u=$(words "$f" 50331648)
	[ "$u" = 5eed1e55 ] && ok "raid0 member $f: its striped 48 MiB hold the pattern" || { not_ok "member $f"; echo "$u" | cut -c1-200; }
done
# a corrupted block is found, with its volume offset
printf 'XXXX' | dd of=d-psync bs=1 seek=123456 conv=notrunc status=none
if "$FR" -jobfile r-psync.fio -output r.json 2>r.err; then
	not_ok "corrupted data passed verification"
else
	grep -q 'verify: volume offset 12345[6-9] does not hold verify_pattern 0x5eed1e55' r.err \
		&& ok "corruption found: $(cat r.err)" || { not_ok "corruption message"; cat r.err; }
fi

# 3. numjobs streams: each clone writes its own quarter (size=25%, offset_increment=25%)
mkfile s 16
printf '[global]\nioengine=psync\nfilename=%s/s\nbs=64k\n\n[st]\nrw=write\nnumjobs=4\nsize=25%%\noffset_increment=25%%\nverify=pattern\nverify_pattern=0xabcd0123\n' "$T" >st.fio
if "$FR" -jobfile st.fio -output st.json 2>st.err \
	&& [ "$(words s)" = abcd0123 ] \
	&& [ "$(grep -c '"jobname": "st"' st.json)" = 4 ] \
	&& [ "$(python3 -c 'import json, sys; d = json.load(open(sys.argv[1])); print(" ".join(sorted({str(j["write"]["io_bytes"]) for j in d["jobs"]})))' st.json)" = "4194304" ]; then
	ok "4 sequential streams, each its own 4 MiB quarter, whole file written"
else
	not_ok "sequential streams"
	cat st.err
fi

# 4. rwmixwrite per I/O; closed loop (Little's law); JSON keys and units
printf '[global]\nioengine=io_uring\nfilename=%s/a\ndirect=1\nbs=8k\ntime_based=1\nruntime=1\n\n[mix]\nrw=randrw\nrwmixwrite=25\niodepth=8\n' "$T" >mix.fio
"$FR" -jobfile mix.fio -output mix.json 2>mix.err
rd=$(jget mix.json jobs/0/read/total_ios)
wr=$(jget mix.json jobs/0/write/total_ios)
awk -v r="$rd" -v w="$wr" 'BEGIN {f = w / (r + w); exit !(f > 0.22 && f < 0.28)}' \
	&& ok "rwmixwrite=25: $wr of $((rd + wr)) I/Os were writes" || not_ok "rwmixwrite: $wr writes, $rd reads"
# Little's law over both directions: depth 8 = IOPS x mean latency
if "$TOP/build/fio2orion" -format json mix.json >mixp.json 2>/dev/null; then
	iops=$(jget mixp.json points/0/small/iops)
	lat=$(jget mixp.json points/0/small/lat/mean_ns)
	awk -v i="$iops" -v l="$lat" 'BEGIN {q = i * l / 1e9; exit !(q > 7.2 && q < 8.8)}' \
		&& ok "iodepth 8 held: IOPS x latency = $(awk -v i="$iops" -v l="$lat" 'BEGIN {printf "%.2f", i * l / 1e9}')" \
		|| not_ok "outstanding I/Os: IOPS $iops, latency $lat ns"
else
	not_ok "fio2orion reads the runner's JSON"
fi
missing=
for k in '"jobname"' '"groupid"' '"job options"' '"io_bytes"' '"io_kbytes"' '"bw_bytes"' '"bw"' \
	'"iops"' '"runtime"' '"total_ios"' '"slat_ns"' '"clat_ns"' '"lat_ns"' '"percentile"' '"bins"' \
	'"99.000000"' '"N"' '"usr_cpu"' '"sys_cpu"' '"job_runtime"' '"global options"'; do
	grep -q "$k" mix.json || missing="$missing $k"
done
[ -z "$missing" ] && ok "JSON has fio 3.33's keys" || not_ok "JSON lacks:$missing"
bw=$(jget mix.json jobs/0/read/bw) bwb=$(jget mix.json jobs/0/read/bw_bytes) ios=$(jget mix.json jobs/0/read/total_ios) \
	rt=$(jget mix.json jobs/0/read/runtime) io=$(jget mix.json jobs/0/read/iops)
awk -v bw="$bw" -v bwb="$bwb" -v n="$ios" -v rt="$rt" -v io="$io" \
	'BEGIN {exit !(bw == int(bwb / 1024) && (io - n * 1000 / rt) ^ 2 < 1 && rt >= 990 && rt <= 1100)}' \
	&& ok "units: bw = bw_bytes / 1024, iops = total_ios / runtime(ms), runtime $rt ms" \
	|| not_ok "units: bw $bw bw_bytes $bwb ios $ios runtime $rt iops $io"

# 5. stonewall groups run one after the other
printf '[global]\nioengine=psync\nfilename=%s/a\nbs=4k\ntime_based=1\nruntime=700ms\n\n[g0]\nrw=randread\n\n[g1]\nstonewall\nrw=randread\n' "$T" >g.fio
s=$(date +%s%N)
"$FR" -jobfile g.fio -output g.json 2>g.err
e=$(date +%s%N)
if [ "$(grep -c '"groupid": 1' g.json)" = 1 ] && [ $(((e - s) / 1000000)) -ge 1350 ]; then
	ok "two stonewalled groups of 0.7 s ran in order ($(((e - s) / 1000000)) ms)"
else
	not_ok "groups: $(((e - s) / 1000000)) ms"
fi

# 6. bad job files: exit 2, one line naming option, file and line
printf '[global]\nioengine=psync\nfilename=%s/a\n\n[x]\nrw=read\nzonemode=zbd\n' "$T" >bad.fio
"$FR" -jobfile bad.fio >bad.out 2>bad.err
rc=$?
[ $rc = 2 ] && grep -qx "fiorion: bad.fio:7: option 'zonemode' is not supported by fiorion's built-in runner (use -runner fio for it)" bad.err \
	&& ok "unsupported option: $(cat bad.err)" || { not_ok "unsupported option (exit $rc)"; cat bad.err; }
"$FR" -jobfile nonexist.fio >/dev/null 2>bad.err
[ $? = 2 ] && grep -q "cannot open job file 'nonexist.fio'" bad.err && ok "missing job file" || not_ok "missing job file"
"$FR" -jobfile bad.fio -run simple >/dev/null 2>bad.err
[ $? = 2 ] && ok "-jobfile with -run refused" || not_ok "-jobfile with -run"
finish
