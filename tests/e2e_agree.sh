#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh: paced
#
# e2e_agree.sh -- the built-in runner and stock fio with the engine give
# the same numbers (design.md, "Measurement fidelity"), on devices whose
# answers are known (tests/devices.sh); item 2 of tests/e2e_fidelity.sh.
#
# The two runners agree, judged on devices whose answers are known
# (tests/devices.sh), the runners interleaved (built-in, fio, three
# times each, 1 s runs) and each judged on its medians: a loop device
# throttled to 2000 read IOPS, libaio at depth 8: 2000 IOPS within 2 %
# and mean latency 8 / 2000 s = 4 ms within 3 % for each, and the two
# within 2 % / 3 % of each other; a FUSE file with D = 5 ms and C = 2,
# 2 psync clones: 400 IOPS and mean latency 5 ms within 3 % and clat
# p50 at most 5 ms + 5 % for each (no read takes more than D there),
# the two within 3 % of each other. Skipped, with the reason,
# where the device cannot be made.
# FIORION_TEST_INJECT=builtin (or 1) or =fio (a demonstration, never
# in `make check`): that runner's side runs on a device 10 % slower
# (throttled to 1800 IOPS; D = 5.5 ms), so that its checks and the
# runners-agree checks must fail.
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
PY=/usr/bin/python3
FID="$TOP/tests/fidelity.py"
cd "$T" || exit 1
if [ ! -x "$PY" ]; then
	skip_test "runners agree" "needs /usr/bin/python3"
	finish
	exit 0
fi

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

finish
