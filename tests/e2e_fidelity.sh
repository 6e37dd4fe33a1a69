#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh: alone timeout=900
#
# e2e_fidelity.sh -- the numbers mean what fio's mean (design.md,
# "Measurement fidelity"), checked against independent peers.
#
# 1. Little's law, IOPS x mean lat = I/Os outstanding, within 3% of
#    iodepth x clones for both runners (the built-in runner and stock fio
#    with the engine) on one job file: io_uring and libaio at depths 1, 2,
#    8, 32, 64 and 4 clones x depth 4; psync at depth 1 with 1 and 4
#    clones. Figures are recomputed from the raw JSON (tests/fidelity.py),
#    not through fiorion's converter.
# 2. The two runners agree, judged on devices whose answers are known
#    (tests/devices.sh), the runners interleaved (built-in, fio, three
#    times each, 1 s runs) and each judged on its medians: a loop device
#    throttled to 2000 read IOPS, libaio at depth 8: 2000 IOPS within 2 %
#    and mean latency 8 / 2000 s = 4 ms within 3 % for each, and the two
#    within 2 % / 3 % of each other; a FUSE file with D = 5 ms and C = 2,
#    2 psync clones: 400 IOPS and mean latency 5 ms within 3 % and clat
#    p50 at most 5 ms + 5 % for each (no read takes more than D there),
#    the two within 3 % of each other. Skipped, with the reason,
#    where the device cannot be made. The 14 jobs of check 1 are printed
#    side by side (latencies and CPU per I/O of both runners) but not
#    judged: run once each on a scratch file, they are one sample each.
#    FIORION_TEST_INJECT=builtin (or 1) or =fio (a demonstration, never
#    in `make check`): that runner's side runs on a device 10 % slower
#    (throttled to 1800 IOPS; D = 5.5 ms), so that its checks and the
#    runners-agree checks of item 2 must fail.
# 3. The same law on every small cell of `-run oltp -num_disks 2` with
#    each runner, from what fio2orion makes of the kept per-point JSON.
# 4. A group's clones start together and run in one window: at 1, 16,
#    200 and 1000 sequential streams the sum of the clones' rates equals
#    bytes / the group's window within 3%, every clone's runtime is that
#    window (within 5%), and the whole run takes about the runtime, not
#    clones x it.
#    Clone counts the runner cannot hold are refused, naming the limit.
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
F2O=$TOP/build/fio2orion
PY=/usr/bin/python3
FID="$TOP/tests/fidelity.py"
cd "$T" || exit 1
if [ ! -x "$PY" ]; then
	skip_test "fidelity" "needs /usr/bin/python3"
	finish
	exit 0
fi
mkfile lun 512
sync  # the scratch file's writeback must not land in the first job
printf '%s/lun\n' "$T" >v.lun

# job BACKEND DEPTH CLONES: the job file j.fio
job() {
	cat >j.fio <<EOF
[global]
ioengine=external:$ENGINE
lunfile=$T/v.lun
backend=$1
rw=randread
bs=8k
direct=1
time_based=1
runtime=1
norandommap=1
randrepeat=0

[fid]
iodepth=$2
numjobs=$3
EOF
}

# little WHO L WANT: L / WANT within 0.97 .. 1.03
little() {
	awk -v l="$2" -v w="$3" 'BEGIN {r = l / w; exit !(r >= 0.97 && r <= 1.03)}'
}

table=
for c in "io_uring 1 1" "io_uring 2 1" "io_uring 8 1" "io_uring 32 1" "io_uring 64 1" "io_uring 4 4" \
	"libaio 1 1" "libaio 2 1" "libaio 8 1" "libaio 32 1" "libaio 64 1" "libaio 4 4" \
	"psync 1 1" "psync 1 4"; do
	# shellcheck disable=SC2086
	set -- $c
	be=$1 qd=$2 nj=$3 want=$(($2 * $3))
	job "$be" "$qd" "$nj"
	b= f=
	if "$FR" -jobfile j.fio -output b.json 2>b.err; then
		b=$("$PY" "$FID" job b.json)
	else
		cat b.err
	fi
	if fio --output-format=json+ --output=f.json j.fio >/dev/null 2>f.err; then
		f=$("$PY" "$FID" job f.json)
	else
		cat f.err
	fi
	for who in builtin fio; do
		if [ "$who" = builtin ]; then r=$b; else r=$f; fi
		# shellcheck disable=SC2086
		set -- $r
		if [ -n "$r" ] && little "$who" "$3" "$want"; then
			ok "$who $be depth $qd x $nj: IOPS $1 x lat $(awk -v l="$2" 'BEGIN {printf "%.1f", l / 1000}') us = $3 outstanding (of $want)"
		else
			not_ok "$who $be depth $qd x $nj: Little's law: $r (want $want)"
		fi
	done
	table="$table$be $qd $nj $b $f
"
done

# 2. Side by side (printed, not judged): the latencies of one job in
# both runners, one sample each on a scratch file.
echo "# backend qd clones | builtin: IOPS lat_us p50_us p99_us L cpu_us/io | fio+engine: IOPS lat_us p50_us p99_us L cpu_us/io"
printf '%s' "$table" | awk '
	NF == 25 {
		printf "# %-8s %2d %d | %7.0f %7.1f %6.1f %6.1f %6.2f %5.2f | %7.0f %7.1f %6.1f %6.1f %6.2f %5.2f\n",
			$1, $2, $3, $4, $5 / 1e3, $7 / 1e3, $8 / 1e3, $6, $14,
			$15, $16 / 1e3, $18 / 1e3, $19 / 1e3, $17, $25
	}'

# The runners agree where the answer is known. ajob LUNFILE BACKEND DEPTH
# CLONES FILE: a 1 s job file.
ajob() {
	cat >"$5" <<EOF
[global]
ioengine=external:$ENGINE
lunfile=$1
backend=$2
rw=randread
bs=8k
direct=1
time_based=1
runtime=1
norandommap=1
randrepeat=0

[agree]
iodepth=$3
numjobs=$4
EOF
}
# agree NAME PFX BJOB FJOB IOPS LAT_MS P50_MS TOL: the built-in runner on
# BJOB and stock fio on FJOB, alternately, 3 runs each (each command
# prefixed by PFX: in_thr, after thr_rest, or nothing); each runner's
# medians against the answer: IOPS within TOL (a fraction), LAT_MS within
# 3 %, and clat p50 at most P50_MS + 5 % ("-": not judged); and the two
# runners' medians against each other: IOPS within TOL, mean latency
# within 3 %. (The p50 bound is one-sided: no read of the FUSE file below
# its saturation takes more than D, but on a starved machine the file
# catches up on a late client with shorter reads, and p50 falls.)
agree() {
	a_name=$1 a_pfx=$2 a_bj=$3 a_fj=$4 a_i=$5 a_l=$6 a_p=$7 a_t=$8
	a_b='' a_f=''
	for _r in 1 2 3; do
		[ "$a_pfx" = in_thr ] && thr_rest
		# shellcheck disable=SC2086
		if $a_pfx "$FR" -jobfile "$a_bj" -output ab.json 2>ab.err; then
			a_b="$a_b$("$PY" "$FID" job ab.json)
"
		else
			sed 's/^/# built-in: /' ab.err
		fi
		[ "$a_pfx" = in_thr ] && thr_rest
		# shellcheck disable=SC2086
		if $a_pfx fio --output-format=json+ --output=af.json "$a_fj" >/dev/null 2>af.err; then
			a_f="$a_f$("$PY" "$FID" job af.json)
"
		else
			sed 's/^/# fio: /' af.err
		fi
	done
	a_mb=$(amed "$a_b") a_mf=$(amed "$a_f")
	a_pct=$(awk -v t="$a_t" 'BEGIN {print t * 100}')
	for a_who in built-in fio; do
		if [ "$a_who" = built-in ]; then a_m=$a_mb; else a_m=$a_mf; fi
		# shellcheck disable=SC2086
		set -- $a_m
		a_want="p50 at most $a_p ms + 5 %"
		[ "$a_p" = - ] && a_want="p50 not judged"
		a_msg="$a_name, $a_who: median $1 IOPS, mean lat $2 ms, p50 $3 ms (want $a_i IOPS within $a_pct %, $a_l ms within 3 %, $a_want); runs: $4 $5 $6"
		if [ -n "$a_m" ] && awk -v i="$1" -v l="$2" -v p="$3" -v wi="$a_i" -v wl="$a_l" -v wp="$a_p" -v t="$a_t" 'BEGIN {
			ok = i >= wi * (1 - t) && i <= wi * (1 + t) && l >= wl * 0.97 && l <= wl * 1.03
			if (wp != "-") ok = ok && p <= wp * 1.05
			exit !ok}'; then
			ok "$a_msg"
		else
			not_ok "$a_msg"
		fi
	done
	# shellcheck disable=SC2086
	a_r=$(echo $a_mb $a_mf | awk 'NF == 12 {printf "%.3f %.3f %.3f", $1 / $7, $2 / $8, $3 / $9}')
	# shellcheck disable=SC2086
	set -- $a_r
	a_msg="$a_name: the runners agree, built-in / fio medians: IOPS $1, mean lat $2 (want 1 within $a_pct %, 3 %); p50 $3 (not judged)"
	if [ -n "$a_r" ] && awk -v i="$1" -v l="$2" -v t="$a_t" 'BEGIN {
		exit !(i >= 1 - t && i <= 1 + t && l >= 0.97 && l <= 1.03)}'; then
		ok "$a_msg"
	else
		not_ok "$a_msg"
	fi
}
# amed RESULTS: "IOPS lat_ms p50_ms IOPS1 IOPS2 IOPS3" -- the medians of
# three lines of fidelity.py job, and each run's IOPS
amed() {
	printf '%s' "$1" | awk 'BEGIN {n = 0} NF {i[n] = $1; l[n] = $2 / 1e6; p[n] = $4 / 1e6; r = r " " $1; n++}
		function m(a,   j, k, t) {
			for (j = 0; j < n; j++) for (k = j + 1; k < n; k++) if (a[k] < a[j]) {t = a[j]; a[j] = a[k]; a[k] = t}
			return a[1]
		}
		END {if (n == 3) printf "%.1f %.3f %.3f%s\n", m(i), m(l), m(p), r}'
}
# FIORION_TEST_INJECT: which side runs on the slower device (a demonstration)
bslow='' fslow=''
case ${FIORION_TEST_INJECT:-0} in 1 | builtin) bslow=1 ;; fio) fslow=1 ;; esac
# On the throttled loop device: libaio at depth 8, 2000 IOPS, 4 ms (its
# p50 is not known: the throttle releases reads in bursts, most wait far
# less than the mean and a few a whole 0.1 s slice).
if alun=$(thr_lun_file agree 2000); then
	blun=$alun flun=$alun
	if [ -n "$bslow$fslow" ]; then
		ilun=$(thr_lun_file inject 1800) || ilun=$alun
		[ -n "$bslow" ] && blun=$ilun
		[ -n "$fslow" ] && flun=$ilun
	fi
	ajob "$flun" libaio 8 1 af.fio
	ajob "$blun" libaio 8 1 ab.fio
	agree "throttled loop at 2000 IOPS, libaio depth 8" in_thr ab.fio af.fio 2000 4 - 0.02
else
	why=$(dev_why)
	for w in built-in fio "both runners"; do skip_test "runners on a throttled loop device, $w" "$why"; done
fi
# On the FUSE file: 2 psync clones (its C), 400 IOPS, 5 ms, no read over 5 ms.
if slow_mount "$T/slow" 5 2; then
	echo "$T/slow/lun" >slow.lun
	cp slow.lun slowb.lun
	cp slow.lun slowf.lun
	if [ -n "$bslow$fslow" ] && slow_mount "$T/slowi" 5.5 2; then
		[ -n "$bslow" ] && echo "$T/slowi/lun" >slowb.lun
		[ -n "$fslow" ] && echo "$T/slowi/lun" >slowf.lun
	fi
	ajob "$T/slowf.lun" psync 1 2 sf.fio
	ajob "$T/slowb.lun" psync 1 2 sb.fio
	agree "FUSE file D=5 ms C=2, 2 psync clones" "" sb.fio sf.fio 400 5 5 0.03
else
	why=$(dev_why)
	for w in built-in fio "both runners"; do skip_test "runners on a FUSE file, $w" "$why"; done
fi

# 3. Every small cell of an ORION oltp run, each runner.
for runner in builtin fio; do
	rm -rf o && mkdir o && cp v.lun o/t.lun
	if (cd o && "$FR" -run oltp -num_disks 2 -testname t -duration 1 -cache_size 0 -runner "$runner" \
		>run.out 2>run.err) && "$F2O" -format json o/t_jobs/run.json o/t_jobs/p*.json >cells.json 2>cells.err \
		&& "$PY" "$FID" cells cells.json >cells.txt && [ "$(wc -l <cells.txt)" -ge 20 ]; then
		if awk '{r = $4 / $1; if (r < 0.97 || r > 1.03) bad = 1} END {exit bad}' cells.txt; then
			ok "-run oltp -runner $runner: IOPS x lat = load within 3% in all $(wc -l <cells.txt) small cells ($(awk '{r = $4 / $1; if (!n++ || r < lo) lo = r; if (r > hi) hi = r} END {printf "%.3f..%.3f", lo, hi}' cells.txt))"
		else
			not_ok "-run oltp -runner $runner: Little's law"
		fi
		sed 's/^/# load IOPS lat_ns L: /' cells.txt
	else
		not_ok "-run oltp -runner $runner did not run"
		cat o/run.err cells.err 2>/dev/null
	fi
done

# 4. Clones start together; a group's rate is what the group did.
streams() {
	n=$1
	sz=$(((512 * 1048576 / n) / 65536 * 65536))
	cat >s.fio <<EOF
[global]
ioengine=external:$ENGINE
lunfile=$T/v.lun
direct=1
time_based=1
runtime=3

[streams]
rw=read
bs=64k
iodepth=1
numjobs=$n
size=$sz
offset_increment=$sz
EOF
}
for n in 1 16 200 1000; do
	streams "$n"
	t0=$(date +%s%N)
	if "$FR" -jobfile s.fio -output s.json 2>s.err; then
		wall=$((($(date +%s%N) - t0) / 1000000))
		# iops lat L p50 p99 bytes rt_min rt_max sum_bw jobs cpu
		# shellcheck disable=SC2046
		set -- $("$PY" "$FID" job s.json)
		if [ "${10}" = "$n" ] && awk -v by="$6" -v lo="$7" -v hi="$8" -v bw="$9" -v wall="$wall" 'BEGIN {
			r = bw / (by / hi * 1000)
			exit !(r >= 0.97 && r <= 1.03 && lo >= 3000 && hi <= lo * 1.05 && hi <= wall && wall < 2 * 3000)
		}'; then
			ok "$n streams: sum of clone rates $(awk -v b="$9" 'BEGIN {printf "%.1f", b / 1048576}') MiB/s = bytes / $8 ms window within 3%; clone runtimes $7..$8 ms; run took $wall ms"
		else
			not_ok "$n streams: bytes $6, clone runtimes $7..$8 ms, sum of rates $9 B/s, jobs ${10}, wall $wall ms"
		fi
	else
		not_ok "$n streams did not run"
		cat s.err
	fi
done
streams 1
sed -i 's/^numjobs=.*/numjobs=5000/' s.fio
"$FR" -jobfile s.fio -output s.json 2>s.err
rc=$?
[ $rc = 2 ] && grep -q 'numjobs=5000: give 1 to 4096' s.err && ok "5000 clones refused before any I/O: $(cat s.err)" \
	|| { not_ok "5000 clones (exit $rc)"; cat s.err; }
streams 200
(ulimit -n 200 && "$FR" -jobfile s.fio -output s.json 2>s.err)
rc=$?
[ $rc = 2 ] && grep -q 'ulimit -n' s.err && ok "200 clones under ulimit -n 200 refused, naming the limit" \
	|| { not_ok "open-file limit (exit $rc)"; cat s.err; }
finish
