#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# same-output.sh -- prove a change kept behaviour: run two builds of
# fio2orion and fiorion on the same inputs and compare every byte.
#
# Usage: scripts/same-output.sh OLD_BUILD NEW_BUILD
#   OLD_BUILD, NEW_BUILD: build folders holding fio2orion and fiorion
#   (e.g. a worktree of the commit before the change, built, and ./build).
#
# For every JSON under tests/data (and the golden seeds): fio2orion's files
# in the 10.2 and 19c layouts with -html, -format json, -merge last and
# -skip_failed variants, each program's stdout, stderr (paths made
# relative) and exit status. For the driver: -jobs_only -placeholders
# job files, run.json (the start time dropped) for a set of ORION command
# lines, and both programs' -help. Prints each difference (diff -r) and
# exits 1 when there is one, 0 when every output is byte-identical.
set -u
[ $# -eq 2 ] || { echo "usage: $0 OLD_BUILD NEW_BUILD" >&2; exit 2; }
old=$(cd "$1" && pwd) || exit 2
new=$(cd "$2" && pwd) || exit 2
here=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/same-output.XXXXXX")
trap 'rm -rf "$work"' EXIT

conv() { # SIDE NAME ARGS... : fio2orion into $work/SIDE/NAME
	side=$1 name=$2; shift 2
	d=$work/$side/conv/$name
	mkdir -p "$d/out"
	bin=$old; [ "$side" = new ] && bin=$new
	(cd "$d" && "$bin/fio2orion" -outdir out "$@" >stdout 2>stderr; echo $? >rc)
	sed -i "s|$bin|BIN|g; s|$work/$side|W|g" "$d/stdout" "$d/stderr"
}

drv() { # SIDE NAME ARGS... : fiorion -jobs_only into $work/SIDE/NAME
	side=$1 name=$2; shift 2
	d=$work/$side/drv/$name
	mkdir -p "$d/out"
	bin=$old; [ "$side" = new ] && bin=$new
	printf '%s\n%s\n' "$work/luns/a" "$work/luns/b" >"$d/t.lun"
	(cd "$d" && FIORION_ENGINE=/nonexistent/fio-fiorion.so \
		"$bin/fiorion" -testname t -outdir out -jobs_only -placeholders \
		"$@" >stdout 2>stderr; echo $? >rc)
	sed -i "s|$bin|BIN|g; s|$work/$side|W|g" "$d/stdout" "$d/stderr"
	find "$d/out" -type f | sed "s|$d/||" | sort >"$d/files"
	for j in "$d"/out/*_jobs/run.json; do
		[ -f "$j" ] && python3 - "$j" <<'PY'
import json, sys
p = sys.argv[1]
d = json.load(open(p))
r = d.get("fiorion", d)
r.pop("start", None)  # the one key that differs between two runs (runinfo.h)
open(p, "w").write(json.dumps(d, indent=1, sort_keys=True))
PY
	done
}

mkdir -p "$work/luns"
truncate -s 64M "$work/luns/a" "$work/luns/b"
inputs=$(cd "$here" && find tests/data -name '*.json' | sort)
for side in old new; do
	n=0
	for f in $inputs; do
		n=$((n + 1))
		p=$here/$f
		conv $side "$n-10.2" -testname t -html "$p"
		conv $side "$n-19c" -testname t -compat 19c -html "$p"
		conv $side "$n-json" -format json "$p"
		conv $side "$n-last" -testname t -merge last -skip_failed -html "$p"
		conv $side "$n-bound" -testname t -max_latency 2,p99:5 "$p"
	done
	conv $side all-sum -testname t -sum -skip_failed \
		"$here/tests/data/fio-json/01-single-job.json" \
		"$here/tests/data/fio-json/02-two-jobs-one-group.json"
	conv $side help -help
	drv $side simple -run simple
	drv $side normal -run normal -num_disks 2
	drv $side oltp -run oltp -num_disks 3 -write 30
	drv $side dss -run dss -num_disks 2 -type seq -num_streamIO 4
	drv $side adv -run advanced -matrix detailed -size_small 4 -size_large 512 -num_small 4 -num_large 2 -type rand -simulate raid0 -stripe 256 -duration 5 -cache_size 0
	drv $side adv2 -run advanced -matrix point -num_small 3 -num_large 1 -write 50 -simulate concat
	drv $side knee -run oltp -num_disks 2 -max_latency 2,p99:5 -stop_at_knee
	drv $side rep -run simple -repeat 3 -compat 19c
	drv $side fioopt -run simple -fio_opt randrepeat=0 -runner fio
	drv $side bad -run nothing
	drv $side help -help
done
# An input without a timestamp is stamped with the time of the run (19c's
# NAME_YYYYMMDD_HHMM_): today's stamps, in names and text, become STAMP so
# that two runs a minute apart compare equal.
today=$(date +%Y%m%d)
find "$work/old" "$work/new" -depth -name "*${today}_[0-9][0-9][0-9][0-9]*" | while read -r f; do
	mv "$f" "$(dirname "$f")/$(basename "$f" | sed "s/${today}_[0-9][0-9][0-9][0-9]/STAMP/g")"
done
grep -rl "${today}_[0-9][0-9][0-9][0-9]" "$work/old" "$work/new" | while read -r f; do
	sed -i "s/${today}_[0-9][0-9][0-9][0-9]/STAMP/g" "$f"
done
if diff -r "$work/old" "$work/new"; then
	echo "same-output: $(find "$work/new" -type f | wc -l) files byte-identical ($old vs $new)"
	exit 0
fi
echo "same-output: outputs differ ($old vs $new)" >&2
exit 1
