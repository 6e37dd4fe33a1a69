#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Description: -fio_opt KEY=VALUE and -include FILE put fio options into
# every point's [global] (and the whole-matrix file), after fiorion's
# own, for both runners: each runner's JSON echoes them in "global
# options"; run.json records them. fio's io_uring options (fixedbufs,
# registerfiles, nonvectored, sqthread_poll) run through both runners,
# sqthread_poll sampling no slat in either (as fio); hipri on a LUN
# without poll queues and fixedbufs on another backend are refused by
# the engine, naming why. Options fiorion sets for ORION's
# meaning are refused with the reason; the built-in runner refuses one
# it does not honour before any I/O, naming it and -runner fio; an
# included file follows fio's rules (no sections, nested includes from
# the including file's folder); with -runner fio, fio judges them
# (fio --parse-only) before any I/O.
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
cd "$T" || exit 1
mkfile a 64
echo "$T/a" >t.lun
mkdir inc
printf '# team defaults\nrandrepeat=0\n\n; nested, relative to this file\ninclude more.fio\n' >inc/team.fio
printf 'norandommap\n' >inc/more.fio

# 1. every point's [global] and t.fio carry the options, after fiorion's own.
"$FR" -run simple -num_disks 1 -testname t -jobs_only -fio_opt cpus_allowed=0 -include inc/team.fio >/dev/null 2>&1
n=0
for f in t_jobs/p*.fio; do
	g=$(sed -n '/^\[global\]/,/^\[p/p' "$f")
	case $g in
	*"lat_percentiles=1
# -fio_opt
cpus_allowed=0
# -include inc/team.fio
randrepeat=0
# -include inc/more.fio
norandommap
"*) n=$((n + 1)) ;;
	esac
done
total=$(ls t_jobs/p*.fio | wc -l)
if [ "$total" -gt 3 ] && [ "$n" -eq "$total" ] && grep -q '^cpus_allowed=0$' t.fio; then
	ok "-fio_opt and -include (nested include) last in the [global] of all $total points and of t.fio"
else
	not_ok "-fio_opt/-include in $n of $total points' [global]"
	sed -n 1,20p t_jobs/p001.fio
fi

# 2. both runners run them; each JSON echoes them in "global options".
for runner in builtin fio; do
	opt=
	[ "$runner" = fio ] && opt="-fio_opt cpus_allowed=0"
	rm -rf r_$runner
	if "$FR" -run advanced -matrix point -num_small 2 -num_large 0 -testname t -duration 1 \
		-outdir r_$runner -runner $runner -include inc/team.fio -fio_opt randrepeat=0 $opt \
		>r.out 2>r.err && [ -s r_$runner/t_jobs/p001.json ]; then
		got=$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
g = d.get("global options", {})
print(g.get("randrepeat"), "norandommap" in g, g.get("cpus_allowed"))' r_$runner/t_jobs/p001.json)
		want="0 True None"
		[ "$runner" = fio ] && want="0 True 0"
		if [ "$got" = "$want" ]; then
			ok "-runner $runner ran the point with them (global options: $got)"
		else
			not_ok "-runner $runner: global options $got, wanted $want"
		fi
	else
		not_ok "-runner $runner with -fio_opt/-include failed"
		cat r.err
	fi
done
rj=r_builtin/t_jobs/run.json
if python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))["run"] if "run" in json.load(open(sys.argv[1])) else json.load(open(sys.argv[1]))
def find(o):
    if isinstance(o, dict):
        if "fio options" in o: return o
        for v in o.values():
            f = find(v)
            if f: return f
find_ = find(r)
assert find_["fio options"] == ["randrepeat=0", "norandommap", "randrepeat=0"], find_["fio options"]
assert find_["include"] == ["inc/team.fio"], find_["include"]' "$rj" 2>r.err; then
	ok "run.json records the options (fio options, include)"
else
	not_ok "run.json: $(cat r.err)"
fi

# 3. fio's io_uring options reach the engine through either runner;
# hipri on a LUN with no poll queues, or with another backend, is refused
# by the engine before the point's first I/O, naming the reason.
for runner in builtin fio; do
	rm -rf u
	if "$FR" -run advanced -matrix point -num_small 4 -num_large 0 -testname t -duration 1 -outdir u \
		-runner $runner -backend io_uring -fio_opt fixedbufs -fio_opt registerfiles=1 -fio_opt nonvectored=0 \
		>u.out 2>u.err && [ "$(json_iops u/t_jobs/p001.json | cut -d. -f1)" -gt 0 ]; then
		ok "-runner $runner: fixedbufs, registerfiles, nonvectored=0 ran ($(json_iops u/t_jobs/p001.json | cut -d. -f1) IOPS)"
	else
		not_ok "-runner $runner with io_uring options: $(cat u.err)"
	fi
	# sqthread_poll: as fio's io_uring engine (disable_slat), no submission
	# latency is sampled; completion latencies are.
	rm -rf u
	lat=
	if "$FR" -run advanced -matrix point -num_small 1 -num_large 0 -testname t -duration 1 -outdir u \
		-runner $runner -backend io_uring -fio_opt sqthread_poll >u.out 2>u.err \
		&& lat=$(python3 -c '
import json, sys
t = open(sys.argv[1]).read()
jobs = json.loads(t[t.index("{"):])["jobs"]
print(sum(j["read"]["slat_ns"]["N"] for j in jobs), sum(j["read"]["clat_ns"]["N"] for j in jobs))' u/t_jobs/p001.json) \
		&& [ "${lat% *}" = 0 ] && [ "${lat#* }" -gt 0 ]; then
		ok "-runner $runner: sqthread_poll ran, slat not sampled (as fio), clat N ${lat#* }"
	else
		not_ok "-runner $runner sqthread_poll: slat N, clat N: ${lat:-?}; $(cat u.err)"
	fi
	dev=$(stat -c '%d' a)
	if [ "$(cat /sys/dev/block/$((dev >> 8)):$((dev & 255))/queue/io_poll 2>/dev/null)" = 1 ]; then
		skip_test "-runner $runner hipri refusal" "this folder's device has poll queues"
	else
		rm -rf u
		"$FR" -run advanced -matrix point -num_small 1 -num_large 0 -testname t -duration 1 -outdir u \
			-runner $runner -backend io_uring -fio_opt hipri >u.out 2>u.err
		rc=$?
		if [ $rc -eq 1 ] && grep -q "hipri: polled completions need a block device with poll queues" u.err \
			&& grep -q "LUN 1 '$T/a'" u.err; then
			ok "-runner $runner: hipri refused, naming the LUN and its device (exit 1)"
		else
			not_ok "-runner $runner hipri: exit $rc, $(cat u.err)"
		fi
	fi
	rm -rf u
	"$FR" -run advanced -matrix point -num_small 1 -num_large 0 -testname t -duration 1 -outdir u \
		-runner $runner -backend psync -fio_opt fixedbufs >u.out 2>u.err
	rc=$?
	if [ $rc -eq 1 ] && grep -q "fixedbufs: an option of fio's io_uring engine, which backend=psync does not have" u.err; then
		ok "-runner $runner: fixedbufs with -backend psync refused"
	else
		not_ok "-runner $runner fixedbufs on psync: exit $rc, $(cat u.err)"
	fi
done

# 4. refusals: one message, exit 2, no job file written, no I/O.
refuse() {	# WANT-IN-MESSAGE ARGS...
	want=$1
	shift
	rm -rf x
	"$FR" -run simple -num_disks 1 -testname t -duration 1 -outdir x "$@" >x.out 2>x.err
	rc=$?
	if [ $rc -eq 2 ] && grep -q -- "$want" x.err && [ "$(wc -l <x.err)" -eq 1 ] && [ ! -e x/t_jobs ]; then
		ok "$* refused before any job file: $(cat x.err)"
	else
		not_ok "$*: exit $rc, $(cat x.err)"
	fi
}
refuse "does not honour fio's option 'cpus_allowed'; use -runner fio" -fio_opt cpus_allowed=0
printf 'ramp_time=2\n' >inc/ramp.fio
refuse "-include inc/ramp.fio:1: fiorion's built-in runner does not honour fio's option 'ramp_time'; use -runner fio" -include inc/ramp.fio
for kv in bs=4k rw=randwrite iodepth=64 numjobs=4 runtime=10 direct=0 lunfile=/dev/sda backend=psync ioengine=libaio blocksize=4k; do
	refuse "fiorion sets '${kv%%=*}' itself for ORION's meaning: " -runner fio -fio_opt "$kv"
done
# -runner fio: fio judges the options (fio --parse-only) before any I/O.
rm -rf x
"$FR" -run simple -num_disks 1 -testname t -duration 1 -outdir x -runner fio -fio_opt bogus_opt=1 >x.out 2>x.err
rc=$?
if [ $rc -eq 2 ] && grep -q "fio refuses x/t_jobs/p001.fio, checked before any I/O" x.err \
	&& grep -q "Bad option <bogus_opt=1>" x.err && [ ! -e x/t_jobs/p001.json ]; then
	ok "-runner fio: an option fio refuses is exit 2 before any I/O, in fio's words"
else
	not_ok "-runner fio bogus_opt: exit $rc, $(cat x.err)"
fi
printf 'randrepeat=0\n[job]\n' >inc/sec.fio
refuse "-include inc/sec.fio:2: a section" -include inc/sec.fio
printf 'include self.fio\n' >inc/self.fio
refuse "nest deeper than" -include inc/self.fio
refuse "-include file 'inc/none.fio'" -include inc/none.fio
refuse "is not a fio option name" -fio_opt "a b=1"
# examples/team.fio (the package's /usr/share/doc/fiorion/examples/) is a valid -include.
rm -rf ex
if "$FR" -run simple -num_disks 1 -testname t -jobs_only -runner fio -outdir ex \
	-include "$TOP/examples/team.fio" >/dev/null 2>x.err && grep -q '^fixedbufs$' ex/t_jobs/p001.fio; then
	ok "examples/team.fio is a valid -include"
else
	not_ok "examples/team.fio: $(cat x.err)"
fi
if "$FR" -jobfile t_jobs/p001.fio -fio_opt randrepeat=0 >/dev/null 2>x.err; then
	not_ok "-jobfile took -fio_opt"
else
	ok "-jobfile with -fio_opt refused: $(cat x.err)"
fi
finish
