#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh: long=15
# (beside the other suites: the runtime honoured and Little's law of the
# built-in runner's own accounting are judged exactly in virtual time;
# on the wall clock only bounds a busy machine cannot cross (a runtime
# not under the one asked, two groups not under their sum) and the two
# runners' point against a 5 % margin, run again, longer, when off)
#
# Description: the built-in runner (fiorion -jobfile): the same point
# run by it and by stock fio, each holding its load (Little's law within
# 5 %; 7.97-7.99 of 8 beside two spinning shells); data written
# through it (verify_pattern) reads back through it and directly, for
# every backend and the fiorion engine; numjobs streams start at their
# own offsets; rwmixwrite holds per I/O; its JSON has fio 3.33's keys and
# units and fio2orion reads it; in virtual time on the model device the
# mixed job's I/O count, runtime (1001 ms for 1 s: the drain, rounded up
# to whole ms), mean latency and Little's law are the model's exactly;
# stonewall groups run in order; bad job files give one error naming
# option, file and line.
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
cd "$T" || exit 1
mkfile a 64
mkfile b 48
mkfile c 80
printf '%s\n%s\n%s\n' "$T/a" "$T/b" "$T/c" >v.lun
echo "$T/a" >one.lun

# 1. both runners on the same point job file: the same point, each
# holding its load (Little's law within 5%; 1 s points, a runner off
# runs both again for 2 s, then 4 s). Their speeds are compared in
# scripts/bench-runner.sh, not here.
# point_pair D: sets rb_pt, rf_pt (the point's loads) and rb_q, rf_q
# (IOPS x lat) from both runners' runs of the point at -duration D
point_pair() {
	rm -rf one_jobs rb.json rf.json
	rb_pt='' rf_pt='' rb_q='' rf_q=''
	"$FR" -run advanced -matrix point -num_small 8 -num_large 0 -testname one -duration "$1" -jobs_only >/dev/null 2>&1
	if "$FR" -jobfile one_jobs/p001.fio -output rb.json 2>rb.err \
		&& fio --output-format=json one_jobs/p001.fio >rf.json 2>rf.err \
		&& "$TOP/build/fio2orion" -format json rb.json >rbp.json 2>/dev/null \
		&& "$TOP/build/fio2orion" -format json rf.json >rfp.json 2>/dev/null; then
		for w in rb rf; do
			# shellcheck disable=SC2046
			set -- $(python3 -c '
import json, sys
p = json.load(open(sys.argv[1]))["points"][0]
c = p["small"]
print(p["small_load"], p["large_load"], "%.3f" % (c["iops"] * c["lat"]["mean_ns"] / 1e9))' $w"p.json")
			eval "${w}_pt=\"\$1,\$2\" ${w}_q=\$3"
		done
		return 0
	fi
	cat rb.err rf.err
	return 1
}
seen=
for d in 1 2 4; do
	point_pair $d || { not_ok "both runners run and convert the same point job file"; break; }
	if [ "$rb_pt" = "8,0" ] && [ "$rf_pt" = "8,0" ] \
		&& awk -v a="$rb_q" -v b="$rf_q" 'BEGIN {exit !(a > 7.6 && a < 8.4 && b > 7.6 && b < 8.4)}'; then
		ok "same point (8,0) from both runners, each holding its 8 I/Os (IOPS x lat, $d s: built-in $rb_q, fio $rf_q)${seen:+ (off before:$seen)}"
		break
	fi
	seen="$seen $d s: built-in ($rb_pt) $rb_q, fio ($rf_pt) $rf_q;"
	[ $d = 4 ] && not_ok "the runners' points differ or do not hold their load:$seen"
done

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

# 4. rwmixwrite per I/O; closed loop (Little's law); JSON keys and units;
# the runtime honoured (real I/O on the file, then the same job on the
# model device in virtual time, where the figures are exact)
printf '[global]\nioengine=io_uring\nfilename=%s/a\ndirect=1\nbs=8k\ntime_based=1\nruntime=1\n\n[mix]\nrw=randrw\nrwmixwrite=25\niodepth=8\n' "$T" >mix.fio
"$FR" -jobfile mix.fio -output mix.json 2>mix.err
rd=$(jget mix.json jobs/0/read/total_ios)
wr=$(jget mix.json jobs/0/write/total_ios)
awk -v r="$rd" -v w="$wr" 'BEGIN {f = w / (r + w); exit !(f > 0.22 && f < 0.28)}' \
	&& ok "rwmixwrite=25: $wr of $((rd + wr)) I/Os were writes" || not_ok "rwmixwrite: $wr writes, $rd reads"
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
	'BEGIN {exit !(bw == int(bwb / 1024) && (io - n * 1000 / rt) ^ 2 < 1 && rt >= 1000)}' \
	&& ok "units: bw = bw_bytes / 1024, iops = total_ios / runtime(ms), runtime $rt ms (not under the 1000 asked)" \
	|| not_ok "units: bw $bw bw_bytes $bwb ios $ios runtime $rt iops $io"
# The same job on the model device (100 us a request, 4 servers) in
# virtual time: 4 servers busy from the start, the 8 I/Os a server's 2
# requests each (200 us; the first 4 100 us), 40000 I/Os done by the 1000
# ms deadline and the 4 in flight drained 0.1 ms after: runtime 1001 ms
# (whole ms, rounded up), Little's law over both directions 8 x 1000.1 /
# 1001 = 7.9924 (fio2orion's point), the writes a quarter.
sed "s#^ioengine=.*#ioengine=external:$ENGINE\nlunfile=$T/one.lun\nbackend=null\nservice_us=100\nservers=4\nvirtual_time=1#; /^filename=/d" \
	mix.fio >mixv.fio
if "$FR" -jobfile mixv.fio -output mixv.json 2>mixv.err && "$TOP/build/fio2orion" -format json mixv.json >mixvp.json 2>/dev/null; then
	# shellcheck disable=SC2046
	set -- $(python3 -c '
import json, sys
j = json.load(open(sys.argv[1]))["jobs"][0]
p = json.load(open(sys.argv[2]))["points"][0]["small"]
r, w = j["read"], j["write"]
n = r["total_ios"] + w["total_ios"]
print(n, w["total_ios"], r["runtime"], w["runtime"], "%.3f" % ((r["lat_ns"]["mean"] * r["total_ios"] + w["lat_ns"]["mean"] * w["total_ios"]) / n),
      "%.4f" % (p["iops"] * p["lat"]["mean_ns"] / 1e9), r["bw"] == r["bw_bytes"] // 1024 and w["bw"] == w["bw_bytes"] // 1024)' mixv.json mixvp.json)
	if [ "$1" = 40004 ] && [ "$3" = 1001 ] && [ "$4" = 1001 ] && [ "$6" = 7.9924 ] && [ "$7" = True ] \
		&& awk -v l="$5" -v w="$2" -v n="$1" 'BEGIN {exit !((l - (4 * 100000 + 40000 * 200000) / 40004) ^ 2 < 1e-6 && w / n > 0.24 && w / n < 0.26)}'; then
		ok "virtual time: $1 I/Os ($2 writes), runtime $3 ms, mean lat $5 ns, IOPS x lat = $6 as the model says; bw = bw_bytes / 1024"
	else
		not_ok "virtual time: I/Os $1 (want 40004), writes $2, runtime $3/$4 ms (want 1001), mean lat $5 ns, IOPS x lat $6 (want 7.9924), KiB $7"
	fi
else
	not_ok "the mixed job in virtual time"
	cat mixv.err
fi

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
