#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Description: fio2orion on large json+ results (issue 27, item 6): its
# memory follows the points, not the bytes of JSON -- the same 300 points
# with 40 KiB more JSON each (a member fio2orion does not read) convert to
# byte-identical files, and the peak RSS (a count of pages, which a busy
# machine does not change) grows by less than a quarter of the 12 MB added
# (reading the file whole, as before the stream reader, grows it by all
# of them); and it reads a 16 MiB file (scripts/make-big-json.sh) in less
# CPU time than python3's json.load of the same file, measured interleaved
# (median of 3, user + system time; the whole-buffer reader took three
# times python's).
. "$(dirname "$0")/lib.sh"

F2O=${F2O:-$TOP/build/fio2orion}
cd "$T" || exit 1
mkdir base pad
sh "$TOP/scripts/make-big-json.sh" 4 base/in.json
pad=$(awk 'BEGIN { for (i = 0; i < 20480; i++) printf "%s0", (i ? "," : ""); }')
awk -v pad="$pad" '{ print } /"jobname" : / { print "      \"x_unread\" : [" pad "]," }' base/in.json >pad/in.json
sb=$(stat -c %s base/in.json) sp=$(stat -c %s pad/in.json)
np=$(grep -c '"jobname"' base/in.json)

# rss DIR: fio2orion's peak RSS (KiB) converting DIR/in.json into DIR/out.
rss() {
	(cd "$1" && /usr/bin/time -f %M -o rss "$F2O" -q -testname t -outdir out in.json) || echo "fio2orion failed on $1"
	cat "$1/rss"
}
rb=$(rss base) rp=$(rss pad)
if diff -r base/out pad/out >diff.txt; then
	ok "$np points, $sb and $sp bytes of JSON: byte-identical ORION files"
else
	not_ok "the unread member changed the output"
	head -20 diff.txt
fi
grow=$(((rp - rb) * 1024)) added=$((sp - sb))
if [ "$grow" -lt $((added / 4)) ]; then
	ok "peak RSS $rb KiB, then $rp KiB with $added bytes more JSON: grows by $grow bytes, under a quarter of them"
else
	not_ok "peak RSS $rb KiB, then $rp KiB with $added bytes more JSON: grows by $grow bytes, not under a quarter of them (the file is held whole?)"
fi

# cpu CMD...: user + system seconds of CMD.
cpu() {
	/usr/bin/time -f '%U %S' -o cpu.t "$@" >/dev/null || echo "failed: $*" >&2
	awk '{ print $1 + $2 }' cpu.t
}
med3() { sort -n | sed -n 2p; }
sh "$TOP/scripts/make-big-json.sh" 16 big.json
: >f.t
: >p.t
for i in 1 2 3; do
	rm -rf out
	cpu "$F2O" -q -outdir out big.json >>f.t
	cpu python3 -c 'import json,sys; json.load(open(sys.argv[1]))' big.json >>p.t
done
f=$(med3 <f.t) p=$(med3 <p.t)
load=$(cut -d' ' -f1 /proc/loadavg)
if awk -v f="$f" -v p="$p" 'BEGIN { exit !(f < p) }'; then
	ok "16 MiB json+: fio2orion $f s of CPU, python's json.load $p s (medians of 3, interleaved; load $load)"
else
	not_ok "16 MiB json+: fio2orion $f s of CPU, not under python's json.load $p s (medians of 3, interleaved; load $load)"
fi
finish
