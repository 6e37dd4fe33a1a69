#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh: long=30 timeout=300
#
# Description: fio2orion's inputs are bounded (issue G4): it holds at
# most 1 GiB of one input in memory (standard input, a pipe, compressed
# data once decompressed, a file read whole) and takes no JSON string or
# number of more than 16 MiB as written. Past either limit the input is
# refused with one line naming it and the limit, exit 2, having read no
# more than it takes to know: a 0.1 MB zstd bomb (20 frames of 64 MiB of
# blanks), a gzip bomb, and an endless pipe on '-' (`yes ' '`) each stop
# at the 1 GiB limit under `ulimit -v` of 1.5 GiB, as does a sparse
# plain file of 1.2 GB read whole (before: grown until memory ran out: "out
# of memory", or 4 GiB of RSS without the ulimit); a 16 MiB + 1 string
# or number is refused wherever it is read (a job's member or a top-level
# one, a plain file read as a stream, '-', gzip), with its byte offset,
# without holding it twice, while a 16 MiB one converts.
. "$(dirname "$0")/lib.sh"

F2O=${F2O:-$TOP/build/fio2orion}
D=$TOP/tests/data/fio-json
cd "$T" || exit 1

# The most fio2orion's address space may take while refusing a 1 GiB bomb:
# the 1 GiB itself, and 512 MiB for its libraries and to spare.
VMAX=$(((1024 + 512) * 1024))

# bomb PROG OUT: 20 copies of 64 MiB of blanks compressed by PROG (1.25 GiB).
bomb() {
	yes ' ' | head -c 64M | "$1" -c >one
	for _i in $(seq 20); do cat one; done >"$2"
	rm -f one
}

# refused NAME WHAT OUT: fio2orion's exit ($rc) is 2 and its stderr (OUT)
# one line naming the input NAME and saying WHAT; ok/not_ok for it.
refused() {
	if [ "$rc" = 2 ] && [ "$(wc -l <"$3")" = 1 ] && grep -qF "'$1'" "$3" && grep -qF "$2" "$3"; then
		ok "$1: refused in $(tail -n 1 time.t): $(cat "$3")"
	else
		not_ok "$1: exit $rc, not 2 with one line saying '$2' ($(tail -n 1 time.t))"
		head -5 "$3"
	fi
}

# run ARGS...: fio2orion ARGS under ulimit -v VMAX, stdin kept; returns
# its exit status (also in $rc), its time and RSS in time.t.
run() {
	rc=0
	(ulimit -v $VMAX && exec /usr/bin/time -f '%e s, max RSS %M KB' -o time.t timeout 120 "$F2O" -q -outdir o "$@") || rc=$?
	return $rc
}

# 1. the reproducer's two bombs: a compressed one and an endless pipe.
for prog in zstd gzip; do
	if ! command -v $prog >/dev/null 2>&1; then
		skip_test "a $prog bomb" "no $prog"
		continue
	fi
	bomb $prog ws.$prog
	run ws.$prog 2>bomb.err
	refused ws.$prog "more than 1 GiB (1073741824 bytes) once decompressed ($prog): the limit of one input held in memory" bomb.err
	rm -f ws.$prog
done
yes ' ' | run - 2>pipe.err
rc=$?
refused - "more than 1 GiB (1073741824 bytes) of input: the limit of one input held in memory" pipe.err
# A plain file the stream reader gives back (no document in 1.2 GB of
# NULs, sparse): read whole, it is held no further than the limit.
truncate -s 1200M sparse.json
run sparse.json 2>sparse.err
refused sparse.json "more than 1 GiB (1073741824 bytes) to read whole: the limit of one input held in memory" sparse.err
rm -f sparse.json

# 2. one JSON value: 16 MiB as written is taken, 16 MiB + 1 is not.
# pad N KIND: 01-single-job.json with a job member "x_pad" N bytes long
# (KIND s: a string of N letters between its quotes; n: a number of N
# digits); the byte (from 1) where the value starts (its quote, its
# first digit) in at.t.
pad() {
	awk -v n="$1" -v kind="$2" '
		BEGIN { if (kind == "s") { q = "\""; c = "a" } else { q = ""; c = "1" } }
		{ print }
		/"jobname" : / && !done {
			lead = "      \"x_pad\" : "
			printf "%d\n", off + length($0) + 1 + length(lead) + 1 >"at.t"
			printf "%s%s", lead, q
			s = c; while (length(s) * 2 <= n) s = s s
			for (r = n; r > 0; r -= k) { k = r < length(s) ? r : length(s); printf "%s", substr(s, 1, k) }
			print q ","
			done = 1
		}
		{ off += length($0) + 1 }' "$D/01-single-job.json"
}
M=$((16 << 20))
pad $M s >s16.json
rc=0
"$F2O" -q -outdir o16 s16.json 2>s16.err || rc=$?
if [ $rc = 0 ] && [ -s o16/orion_summary.txt ]; then
	ok "a string of 16 MiB in a job converts"
else
	not_ok "a string of 16 MiB in a job: exit $rc"
	head -3 s16.err
fi
pad $((M + 1)) n >n17.json
atn=$(cat at.t)
pad $((M + 1)) s >s17.json
ats=$(cat at.t)
for how in plain stdin gz; do
	for f in s17 n17; do
		kind=string at=$ats
		[ $f = n17 ] && kind=number at=$atn
		name=$f.json
		case $how in
		plain) run $f.json 2>v.err ;;
		stdin) name=- && run - <$f.json 2>v.err ;;
		gz) gzip -c $f.json >$f.json.gz && name=$f.json.gz && run $f.json.gz 2>v.err ;;
		esac
		refused $name "a JSON $kind of more than 16 MiB (16777216 bytes) at byte $at" v.err
	done
done

# A top-level member (the stream reader keeps its text whole), and a key.
{ printf '{\n  "fio version" : "'; head -c $((M + 1)) /dev/zero | tr '\0' v; printf '",\n'; tail -n +3 "$D/01-single-job.json"; } >top.json
run top.json 2>top.err
refused top.json "a JSON string of more than 16 MiB (16777216 bytes) at byte 21" top.err
{ printf '{\n  "'; head -c $((M + 1)) /dev/zero | tr '\0' k; printf '" : 1,\n'; tail -n +2 "$D/01-single-job.json"; } >key.json
run key.json 2>key.err
refused key.json "a JSON string of more than 16 MiB (16777216 bytes) at byte 5" key.err
# A mixed point whose small latency no bound reaches (a NaN in fio 2.x's
# usec "lat", or 1e17 us): the 10.2 _tradeoff.csv leaves it out and the
# conversion ends (its bound loop once ran past uint64_t, for ever).
for v in '"nan"' 1e17 1e300; do
	python3 - "$D/02-two-jobs-one-group.json" "$v" >huge.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for j in d["jobs"]:
    if j["jobname"].startswith("small"):
        r = j["read"]
        r.pop("lat_ns", None), r.pop("clat_ns", None)
        r["lat"] = {"min": 1, "max": 2, "mean": "__V__", "stddev": 0}
print(json.dumps(d).replace('"__V__"', sys.argv[2]))
PY
	rm -rf hg
	timeout 20 "$F2O" -q -compat 10.2 -outdir hg huge.json >hg.out 2>&1
	rc=$?
	if [ $rc -ne 124 ] && [ $rc -le 2 ]; then
		ok "a mixed point with small latency $v: fio2orion ends (exit $rc)"
	else
		not_ok "a mixed point with small latency $v: exit $rc $(head -c 300 hg.out)"
	fi
done
finish
