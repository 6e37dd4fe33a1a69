#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# same-errors.sh -- prove a change to the command lines kept behaviour:
# run two builds of fiorion and fio2orion on ~140 bad or odd command
# lines (a bad value of every option kind, prefixes, a missing value,
# stray words, checks across options, -help, -version) and compare
# stderr, stdout and exit status byte for byte.
#
# Usage: scripts/same-errors.sh OLD_BUILD NEW_BUILD
#   (folders holding fiorion and fio2orion). Prints each difference and
#   exits 1 when there is one, 0 when all are identical.
set -u
[ $# -eq 2 ] || { echo "usage: $0 OLD_BUILD NEW_BUILD" >&2; exit 2; }
old=$(cd "$1" && pwd) || exit 2
new=$(cd "$2" && pwd) || exit 2
w=$(mktemp -d "${TMPDIR:-/tmp}/same-errors.XXXXXX")
trap 'rm -rf "$w"' EXIT
ndiff=0
cd "$w" || exit 2
truncate -s 16M a b; printf '%s\n%s\n' "$w/a" "$w/b" > t.lun
: > empty.ini; printf 'bs=4k\n' > bad.ini
i=0
run() { # PROG ARGS...
	i=$((i+1)); p=$1; shift
	for side in old new; do
		b=$old; [ $side = new ] && b=$new
		mkdir "$side.$i.d"; cp t.lun empty.ini bad.ini "$side.$i.d/"
		(cd "$side.$i.d" && env -u FIORION_COMPAT -u FIORION_DURATION FIORION_ENGINE=/nonexistent "$b/$p" "$@" >"../$side.$i.out" 2>"../$side.$i.err"; echo $? >"../$side.$i.rc")
		sed -i "s|$b|BIN|g" "$side.$i.out" "$side.$i.err"
	done
	if ! cmp -s old.$i.err new.$i.err || ! cmp -s old.$i.rc new.$i.rc || ! cmp -s old.$i.out new.$i.out; then
		ndiff=$((ndiff + 1))
		echo "DIFF $i: $p $*"; diff old.$i.err new.$i.err; diff old.$i.rc new.$i.rc; diff old.$i.out new.$i.out | head -5
	fi
}
F="-testname t -jobs_only -placeholders"
while read -r line; do
	[ -z "$line" ] && continue
	eval "run fiorion $line"
done <<'L'
-run
-run bogus
-run SIMPLE $F
-run Simple -type SEQ $F
-testname ''
-testname "$(printf 'a\tb')" -run simple
-num_disks x -run simple
-num_disks 0 -run simple
-num_disks 5000 -run simple
-num_disks 99999999999999999999 -run simple
-num_disks 3x -run simple
-num_disks -run simple
-size_small 0 -run simple
-size_small 8k -run simple $F
-size_small 2m -run simple
-size_large x -run simple
-size_large 2000000 -run simple
-type xx -run simple
-num_streamIO 0 -run simple
-simulate x -run simple
-simulate RAID0 -run simple $F
-stripe 0 -run simple
-write 101 -run simple
-write -1 -run simple
-cache_size -5 -run simple
-duration 0 -run simple
-duration auto:5 -run simple
-duration auto:99999 -run simple
-duration auto:x -run simple
-duration autox -run simple
-duration auto -run simple $F
-matrix foo -run advanced
-matrix point -run simple
-num_small x -run advanced -matrix point
-num_large 5000 -run advanced
-verbose x
-storax foo -run simple
-storax -jobs_only -run simple
-storax SKGFR -run simple $F
-hugenotneeded -run simple $F
-help extra
-runner foo -run simple
-runner FIO -run simple
-fio /nonexistent -runner fio -run simple -testname t
-engine /nonexistent -run simple -testname t
-engine /etc/passwd -run simple -testname t
-backend foo -run simple
-compat 9 -run simple
-compat 19C -run simple $F
-outdir
-jobs_only extra
-orion_version abc -run simple
-orion_version '' -run simple
-orion_version 123456789012345678901234567890123 -run simple
-clients '' -run simple
-clients h1 -jobfile x
-clients h1 -prefill -run simple
-host_timeout 10 -run simple
-host_timeout 1 -run simple -clients h1
-max_latency x -run simple
-max_latency 2 -max_latency 3 -run simple
-stop_at_knee -run simple $F
-repeat 0 -run simple
-repeat 21 -run simple
-repeat 2 -jobfile x
-fio_opt bs=4k -run simple
-fio_opt '' -run simple
-include /nonexistent -run simple
-include bad.ini -run simple
-include empty.ini -run simple $F
-jobfile x -run simple
-output x -run simple
-jobfile /nonexistent -output /nonexistent/dir/x
-placeholders -run simple -testname t
-resume -jobs_only -run simple
-nosuch
-ru simple $F
-s 8 -run simple
-num 3 -run simple
--run simple $F
-run simple stray
-version extra
-run simple -matrix basic
-run advanced
-run advanced -matrix point -num_small 0 -num_large 0
-run advanced -matrix row -num_small 1
-run advanced -matrix col
-run advanced -num_large 1
--help
-h
-he
-v
-ver
-version
-version -fio /nonexistent
-version -fio /bin/true
-version -engine /etc/passwd
-version -runner bogus
L
while read -r line; do
	[ -z "$line" ] && continue
	eval "run fio2orion $line"
done <<'L'
-testname ''
-compat 9 x.json
-compat 19C x.json
-small_max x x.json
-small_max 0 x.json
-small_max 2T x.json
-large_min 1 -small_max 2 x.json
-merge LAST x.json
-merge x x.json
-format x x.json
-format JSON x.json
-max_latency x x.json
-max_latency
-nosuch
-outdir
-compare a
-compare a b c d e f g h i -html
-compare a b
-compare a b -format json -html
-export x d x.json
-export benchfio
-export benchfio -html
-export benchfio d -html x.json
-html -format json x.json
-sum
-skip_failed -help
-help -nosuch
-ht x.json
-s x.json
-he
--help
/nonexistent.json
-compare a b c -html
-compare a b -html -testname x
-compare a -testname x b
-export benchfio d x.json
-outdir /etc/passwd x.json
-html -compare a b x
-testname x -outdir o -merge mean -sum -skip_failed -small_max 32k -large_min 256k -format orion -max_latency 2 nofile.json
-version
-version -nosuch
-testname x -version
-compat $(printf 'a\001b') x.json
L
if [ "$ndiff" -eq 0 ]; then
	echo "same-errors: $i command lines: stderr, stdout and status identical ($old vs $new)"
	exit 0
fi
echo "same-errors: $ndiff of $i command lines differ ($old vs $new)" >&2
exit 1
