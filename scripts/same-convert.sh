#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# same-convert.sh -- prove that a change to how fio2orion reads JSON kept
# every output: run two builds' fio2orion over every JSON under tests/data
# and the fuzz corpus (tests/fuzz/corpus/fiojson), read every way an input
# comes (a file, standard input, gzip/xz/zstd data, a folder), and compare
# what each wrote byte for byte.
#
# Usage: scripts/same-convert.sh OLD_FIO2ORION NEW_FIO2ORION
#
# For each input: the 10.2 files with -html, the 19c files, -format json,
# -partial, the same input on standard input, gzip'd, xz'd and zstd'd
# (when the tools are there), and in a folder beside a non-JSON file;
# stdout, stderr (paths made relative) and exit status of each. Prints each
# difference and exits 1 when there is one, 0 when all are byte-identical.
set -u
[ $# -eq 2 ] || { echo "usage: $0 OLD_FIO2ORION NEW_FIO2ORION" >&2; exit 2; }
old=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
new=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/same-convert.XXXXXX")
trap 'rm -rf "$work"' EXIT

run() { # SIDE NAME STDIN ARGS... : fio2orion into $work/SIDE/NAME
	side=$1 name=$2 in=$3; shift 3
	d=$work/$side/$name
	mkdir -p "$d/out"
	bin=$old; [ "$side" = new ] && bin=$new
	(cd "$work/in" && "$bin" -outdir "$d/out" "$@" <"$in" >"$d/stdout" 2>"$d/stderr"; echo $? >"$d/rc")
	sed -i "s|$bin|BIN|g; s|$work/$side|W|g; s|$work|W|g" "$d/stdout" "$d/stderr"
	find "$d/out" -type f -exec sed -i "s|$work/$side|W|g; s|$work|W|g" {} +
}

mkdir -p "$work/in"
n=0
find "$here/tests/data" "$here/tests/fuzz/corpus/fiojson" -type f -name '*.json' | sort >"$work/list"
while read -r f; do
	n=$((n + 1))
	cp "$f" "$work/in/$n.json"
	command -v gzip >/dev/null && gzip -c "$f" >"$work/in/$n.json.gz"
	command -v xz >/dev/null && xz -c "$f" >"$work/in/$n.json.xz"
	command -v zstd >/dev/null && zstd -q -c "$f" >"$work/in/$n.zst"
	mkdir -p "$work/in/dir$n" && cp "$f" "$work/in/dir$n/a.json" && echo "bs=4k" >"$work/in/dir$n/b.fio"
done <"$work/list"
for side in old new; do
	i=0
	while [ $i -lt $n ]; do
		i=$((i + 1))
		run $side "$i-10.2" /dev/null -testname t -html "$i.json"
		run $side "$i-19c" /dev/null -testname t -compat 19c "$i.json"
		run $side "$i-json" /dev/null -format json "$i.json"
		run $side "$i-partial" /dev/null -testname t -partial -skip_failed -merge last "$i.json"
		run $side "$i-stdin" "$work/in/$i.json" -testname t -
		[ -f "$work/in/$i.json.gz" ] && run $side "$i-gz" /dev/null -testname t "$i.json.gz"
		[ -f "$work/in/$i.json.xz" ] && run $side "$i-xz" /dev/null -testname t "$i.json.xz"
		[ -f "$work/in/$i.zst" ] && run $side "$i-zst" /dev/null -testname t "$i.zst"
		run $side "$i-dir" /dev/null -testname t "dir$i"
	done
	run $side all-sum /dev/null -testname t -sum -skip_failed -merge last 1.json 2.json 3.json
done
# An input without a timestamp is stamped with the time of the run (19c's
# NAME_YYYYMMDD_HHMM_): the stamps become STAMP, so runs a minute apart compare equal.
find "$work/old" "$work/new" -depth -name "*_20[0-9][0-9][01][0-9][0-3][0-9]_[0-9][0-9][0-9][0-9]*" | while read -r f; do
	mv "$f" "$(dirname "$f")/$(basename "$f" | sed "s/20[0-9][0-9][01][0-9][0-3][0-9]_[0-9][0-9][0-9][0-9]/STAMP/g")"
done
grep -rlE "$(date +%Y%m%d)_[0-9]{4}" "$work/old" "$work/new" | while read -r f; do
	sed -i -E "s/$(date +%Y%m%d)_[0-9]{4}/STAMP/g" "$f"
done
if diff -r "$work/old" "$work/new"; then
	echo "same-convert: $n inputs, $(find "$work/new" -type f | wc -l) files byte-identical ($old vs $new)"
	exit 0
fi
echo "same-convert: outputs differ ($old vs $new)" >&2
exit 1
