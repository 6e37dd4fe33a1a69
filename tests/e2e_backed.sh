#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Description: numbers come from the device, not from nowhere. A sparse
# LUN file (truncate) and a preallocated one (fallocate) are refused
# before the first point (exit 2, naming the LUN, the first hole or
# unwritten extent and the cure); -prefill writes over them (with
# progress) and the run's reads then reach the device: its own
# counters (disk_util, from /sys/block/*/stat) count at least as many
# reads as the runner did; a run that only writes runs with a warning.
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
cd "$T" || exit 1
if [ "$(stat -f -c %T "$T")" = tmpfs ]; then
	skip_test "sparse and preallocated LUNs" "$T is on tmpfs (no device to count reads)"
	finish
	exit 0
fi

run() { n=$1; shift; "$FR" -run advanced -matrix point -num_small 2 -num_large 0 -duration 1 -cache_size 0 -testname "$n" "$@" >"$n.out" 2>"$n.err"; rc=$?; }

truncate -s 128m sp
echo "$T/sp" >sp.lun
run sp
if [ $rc = 2 ] && grep -q "LUN '$T/sp' is a sparse file: its first hole is at byte 0 of 134217728: reads of it never reach the device" sp.err \
	&& grep -q -- "-prefill" sp.err && [ ! -e sp_summary.txt ] && [ ! -d sp_jobs ]; then
	ok "a sparse LUN file is refused before any point, naming the hole and the cure"
else
	not_ok "sparse LUN: exit $rc"
	cat sp.err
fi

if fallocate -l 128m fa 2>/dev/null; then
	echo "$T/fa" >fa.lun
	run fa
	if [ $rc = 2 ] && grep -q "LUN '$T/fa' is preallocated but not written (fallocate)" fa.err; then
		ok "a preallocated (fallocate) LUN file is refused"
	else
		not_ok "preallocated LUN: exit $rc"
		cat fa.err
	fi
	run fa -prefill
	set -- $(python3 - fa_jobs/p001.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
ios = sum(j["read"]["total_ios"] for j in d["jobs"])
du = d.get("disk_util", [{}])
print(ios, du[0].get("read_ios", 0), du[0].get("name", "none"))
PY
)
	if [ $rc = 0 ] && grep -q "fiorion: -prefill '$T/fa': 128 of 128 MiB" fa.err \
		&& [ "$1" -gt 0 ] && [ "$2" -ge "$1" ]; then
		ok "-prefill: written over, then the device ($3) counted $2 reads for the runner's $1"
	else
		not_ok "-prefill: exit $rc, runner reads $1, device reads $2"
		cat fa.err
	fi
else
	skip_test "preallocated LUN" "fallocate is not supported on $T's filesystem"
fi

truncate -s 128m spw
echo "$T/spw" >spw.lun
run spw -write 100
if [ $rc = 0 ] && grep -q "warning: LUN '$T/spw' is a sparse file" spw.err; then
	ok "a run that only writes a sparse LUN runs, with a warning"
else
	not_ok "write-only run on a sparse LUN: exit $rc"
	cat spw.err
fi
finish
