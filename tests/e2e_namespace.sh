#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# e2e_namespace.sh -- ORION owns <T>_*: in every mode, the files a run
# names <T>_* (dated or not) are exactly that release's ORION set, and
# fiorion's own files (report, points, status, hosts, curve) take names no
# ORION glob matches (<T>.report.html, <T>.<stamp>.points.csv). A script's
# `mv orion_*.txt orion_*.csv RESULTS/` moves ORION's files and no other;
# a collector keyed on line 1 of <T>_*.csv reads ORION's CSVs only.
#
# Modes: fiorion's default layout and each -compat, the drop-in `orion`
# (19c by default), a mixed point (10.2's _tradeoff.csv), -run curve,
# -runner fio, -resume, an interrupted run, -jobs_only, fio2orion -html
# and -compare, and a second run of the same testname (history).
# Most runs are on the model device in virtual time (exact and quick);
# -runner fio and the interrupted run do real I/O on a scratch file.

. "$(dirname "$0")/lib.sh"
FR=$TOP/build/fiorion
F2O=$TOP/build/fio2orion
MODEL="-backend null -fio_opt service_us=100 -fio_opt servers=4 -fio_opt virtual_time=1"
cd "$T" || exit 1
truncate -s 256M "$T/vlun"

# orion_set LAYOUT MIXED: ORION's members for that release, sorted.
orion_set() {
	_s="iops.csv lat.csv mbps.csv summary.txt trace.txt"
	[ "$1" = 10.2 ] && [ "$2" = mixed ] && _s="$_s tradeoff.csv"
	case $1 in 12.1 | 12.2 | 19c) _s="$_s hist.txt" ;; esac
	printf '%s\n' $_s | sort | tr '\n' ' '
}

# members DIR NAME: the members of <NAME>_* files in DIR (a stamp taken
# off), sorted; the folders (<NAME>_jobs, <NAME>_history) are not files.
members() {
	(cd "$1" && for f in "$2"_*; do
		[ -f "$f" ] || continue
		m=${f#"$2"_}
		case $m in [0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]_[0-9][0-9][0-9][0-9]_*) m=${m#*_*_} ;; esac
		echo "$m"
	done) | sort | tr '\n' ' '
}

# own DIR NAME: fiorion's own files (<NAME>.*), sorted, a stamp taken off.
own() {
	(cd "$1" && for f in "$2".*; do
		[ -f "$f" ] && [ "$f" != "$2.lun" ] || continue
		m=${f#"$2".}
		case $m in [0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]_[0-9][0-9][0-9][0-9].*) m=${m#*.} ;; esac
		echo "$m"
	done) | sort | tr '\n' ' '
}

# check WHAT DIR NAME LAYOUT MIXED OWN: DIR's <NAME>_* files are ORION's
# set, and fiorion's own files are OWN (space-separated, sorted).
check() {
	want=$(orion_set "$4" "$5") got=$(members "$2" "$3") gown=$(own "$2" "$3")
	if [ "$got" = "$want" ] && [ "$gown" = "$6" ]; then
		ok "$1: ${3}_* is ORION's $4 set ($got), fiorion's own are ${3}.* ($gown)"
	else
		not_ok "$1: ${3}_* = '$got' (want '$want'); ${3}.* = '$gown' (want '$6'); $(ls "$2" | tr '\n' ' ')"
	fi
}

OWN="fio points.csv report.html status.json "

# 1. Every layout, fiorion's default and each -compat, on the model device.
for c in default 10.2 11.1 11.2 12.1 12.2 19c; do
	mkdir "c$c" && echo "$T/vlun" >"c$c/t.lun"
	arg="-compat $c"
	[ $c = default ] && arg=
	# shellcheck disable=SC2086
	(cd "c$c" && "$FR" -run simple -testname t -num_disks 1 -duration 5 $arg $MODEL >out 2>err) \
		|| not_ok "-compat $c: $(cat "c$c/err")"
	lay=$c
	[ $c = default ] && lay=10.2
	check "fiorion -compat $c" "c$c" t $lay plain "$OWN"
done

# 2. The drop-in, run as orion without FIORION_COMPAT: 19c's set, dated.
mkdir -p bin dropin && ln -s "$FR" bin/orion && echo "$T/vlun" >dropin/orion.lun
(cd dropin && env -u FIORION_COMPAT "$T/bin/orion" -run simple -num_disks 1 -duration 5 $MODEL >out 2>err) \
	|| not_ok "drop-in: $(cat dropin/err)"
check "orion (the drop-in)" dropin orion 19c plain "$OWN"
# ... and the script's move takes ORION's files, and no other.
mkdir dropin/RESULTS && (cd dropin && mv orion_*.txt orion_*.csv RESULTS/)
n=$(ls dropin/RESULTS | wc -l)
left=$(cd dropin && ls -p | grep -v / | grep -v '^orion\.lun$' | sort | tr '\n' ' ')
case $left in
*.points.csv*) [ "$n" = 6 ] && ok "mv orion_*.txt orion_*.csv moved ORION's 6 files, left fiorion's: $left" \
	|| not_ok "mv moved $n files: $(ls dropin/RESULTS | tr '\n' ' ')" ;;
*) not_ok "after mv: $left" ;;
esac
# A collector keyed on line 1 of every <T>_*.csv reads ORION's headers only.
bad=
for f in dropin/RESULTS/*.csv; do
	head -n 1 "$f" | grep -q '^Large/Small\|^Contains the\|^This file' || bad="$bad $f"
done
[ -z "$bad" ] && ok "line 1 of every orion_*.csv is ORION's" || not_ok "foreign CSVs:$bad"

# 3. A mixed point in 10.2: _tradeoff.csv is ORION's; 19c: none.
for c in 10.2 19c; do
	mkdir "m$c" && echo "$T/vlun" >"m$c/t.lun"
	(cd "m$c" && "$FR" -run advanced -matrix point -num_small 2 -num_large 1 -testname t -num_disks 1 \
		-duration 5 -compat $c $MODEL >out 2>err) || not_ok "mixed $c: $(cat "m$c/err")"
	check "a mixed point, -compat $c" "m$c" t $c mixed "$OWN"
done

# 4. -run curve: the curve's file is fiorion's own.
mkdir cv && echo "$T/vlun" >cv/t.lun
(cd cv && "$FR" -run curve -testname t -num_disks 1 -duration 5 -curve 50 -compat 19c $MODEL >out 2>err) \
	|| not_ok "curve: $(cat cv/err)"
# A curve after the ladder: ORION's set from the ladder, the curve in t.<stamp>.curve.csv.
check "-run curve" cv t 19c plain "curve.csv $OWN"

# 5. -jobs_only: the job files and no result file at all.
mkdir jo && echo "$T/vlun" >jo/t.lun
(cd jo && "$FR" -run simple -testname t -num_disks 1 -compat 19c -jobs_only >out 2>err)
[ -z "$(members jo t)" ] && [ "$(own jo t)" = "fio " ] && ok "-jobs_only: t.fio and t_jobs/, no t_* file" \
	|| not_ok "-jobs_only: $(ls jo | tr '\n' ' ')"

# 6. A second run of the same testname: the first's files in t_history/, ours as they should be.
(cd c10.2 && "$FR" -run simple -testname t -num_disks 1 -duration 5 -compat 10.2 $MODEL >out2 2>err2)
h=$(ls -d c10.2/t_history/* 2>/dev/null | head -1)
if [ -n "$h" ] && [ "$(members "$h" t)" = "$(orion_set 10.2 plain)" ] && [ "$(own "$h" t)" = "$OWN" ]; then
	check "a second run (the first in t_history/)" c10.2 t 10.2 plain "$OWN"
else
	not_ok "history: $h: $(ls "$h" | tr '\n' ' '); $(cat c10.2/err2)"
fi

# 6b. An earlier fiorion named its own files t_points.csv ...: a new run
# moves them aside with the set, so no script's t_*.csv meets them.
mkdir lg && echo "$T/vlun" >lg/t.lun
for m in points.csv report.html status.json; do echo old >"lg/t_$m"; done
(cd lg && "$FR" -run simple -testname t -num_disks 1 -duration 5 -compat 10.2 $MODEL >out 2>err)
h=$(ls -d lg/t_history/* 2>/dev/null | head -1)
if [ -n "$h" ] && [ -f "$h/t_points.csv" ] && [ -f "$h/t_report.html" ] && [ -f "$h/t_status.json" ]; then
	check "an earlier fiorion's t_points.csv, t_report.html, t_status.json: moved to t_history/" lg t 10.2 plain "$OWN"
else
	not_ok "legacy names: $(ls lg | tr '\n' ' ') $(cat lg/err)"
fi

# 7. -resume of a run cut after some points: the same names (real I/O for the stop).
mkfile rlun 64
mkdir rs && echo "$T/rlun" >rs/t.lun
(cd rs && exec "$FR" -run simple -testname t -num_disks 1 -duration 1 -cache_size 0 -compat 11.2 >out 2>err) &
pid=$!
i=0
while [ $i -lt 300 ] && ! [ -e rs/t_jobs/p002.json ]; do sleep 0.1 && i=$((i + 1)); done
kill -INT $pid 2>/dev/null
wait $pid
check "an interrupted run, 11.2" rs t 11.2 plain "$OWN"
(cd rs && "$FR" -run simple -testname t -num_disks 1 -duration 1 -cache_size 0 -compat 11.2 -resume >out3 2>err3) \
	|| not_ok "-resume: $(cat rs/err3)"
# -resume keeps the run's start, so its dated names are the first run's.
check "-resume, 11.2" rs t 11.2 plain "$OWN"

# 8. -runner fio (stock fio and the engine), 12.1.
if command -v fio >/dev/null 2>&1; then
	mkdir rf && echo "$T/rlun" >rf/t.lun
	(cd rf && "$FR" -run advanced -matrix point -num_small 1 -num_large 0 -testname t -duration 1 -cache_size 0 \
		-compat 12.1 -runner fio >out 2>err) || not_ok "-runner fio: $(cat rf/err)"
	check "-runner fio, 12.1" rf t 12.1 plain "$OWN"
else
	skip_test "-runner fio" "no fio"
fi

# 9. fio2orion: -html and -compare write fiorion's own names, never <T>_*.
mkdir f2o
"$F2O" -html -compat 19c -testname x -outdir f2o c19c/t_jobs/run.json c19c/t_jobs/p*.json >f2o/out 2>f2o/err \
	|| not_ok "fio2orion -html: $(cat f2o/err)"
check "fio2orion -html" f2o x 19c plain "points.csv report.html "
mkdir cmp
"$F2O" -compare c19c/t_jobs c12.2/t_jobs -html -outdir cmp >cmp.out 2>cmp.err
if [ "$(ls cmp)" = t.compare.html ]; then
	ok "fio2orion -compare: t.compare.html, no t_* file"
else
	not_ok "-compare: $(ls cmp | tr '\n' ' ') $(cat cmp.err)"
fi

finish
