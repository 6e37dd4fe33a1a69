#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Description: fio2orion -export benchfio DIR writes each point's small
# and large class as bench-fio lays its results out, and fio-plot's own
# JSON import (its jsonimport/jsonparsing code, tests/fioplot/, run by
# tests/benchfio_check.py) finds every file, reads each class's IOPS equal
# to fio2orion's, one block size a folder (classes never mixed): random
# points from the built-in runner, and a sequential point with -write
# from stock fio (read and write streams apart, the mixed small class in
# bench-fio's randrw<read%> folder). Warm-up jobs are left out; a
# different file in the way and jobs without fiorion's names are refused.
# examples/fio-plot.sh charts every file of the export, under plain names.
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
F2O=$TOP/build/fio2orion
cd "$T" || exit 1
mkfile a 64
echo "$T/a" >t.lun

check() {	# NAME EXPORT-DIR INPUTS...
	what=$1
	dir=$2
	shift 2
	if "$F2O" -export benchfio "$dir" "$@" >x.out 2>x.err \
		&& "$F2O" -format json "$@" >pts.json 2>/dev/null \
		&& python3 "$TOP/tests/benchfio_check.py" "$dir" pts.json >chk.out 2>&1; then
		ok "$what: $(cat chk.out)"
	else
		not_ok "$what: $(cat x.err chk.out 2>/dev/null)"
	fi
}

# 1. random points, small and large at every mix of loads, built-in runner.
"$FR" -run advanced -matrix max -num_small 2 -num_large 2 -size_large 128 -testname t -duration 1 \
	-outdir ra >/dev/null 2>&1
check "random matrix (built-in runner)" ex ra/t_jobs/run.json ra/t_jobs/p*.json
if [ -f ex/t-small/8k/randread-2-1.json ] && [ -f ex/t-large/128k/randread-2-1.json ] \
	&& [ -f ex/t-small-with-large2/8k/randread-1-1.json ] \
	&& [ -f ex/t-large-with-small1/128k/randread-2-1.json ] \
	&& [ "$(find ex -name '*.json' | wc -l)" -eq 12 ]; then
	ok "bench-fio's names: <test>-<class>[-with-<other><load>]/<bs>/<mode>-<iodepth>-<numjobs>.json, 12 files for 8 points"
else
	not_ok "export layout: $(find ex -type f | sort | tr '\n' ' ')"
fi

# 2. a sequential point with writes and cache warming, stock fio.
"$FR" -run advanced -matrix point -num_small 2 -num_large 2 -type seq -write 50 -cache_size 1 \
	-size_large 128 -testname t -duration 1 -outdir rs -runner fio >/dev/null 2>&1
check "sequential point with -write 50 (stock fio)" exs rs/t_jobs/run.json rs/t_jobs/p*.json
if [ -f exs/t-large-with-small2/128k/read-4-1.json ] && [ -f exs/t-large-with-small2/128k/write-4-1.json ] \
	&& [ -f exs/t-small-with-large2/randrw50/8k/randrw-2-1.json ] \
	&& ! grep -q -- '-warm"' $(find exs -name '*.json'); then
	ok "read and write streams in their own files, the mixed class under randrw50/, no warm-up job"
else
	not_ok "sequential export: $(find exs -type f | sort | tr '\n' ' ')"
fi

# 3. again into the same folder: the same files, kept; a changed one refused, nothing written.
if "$F2O" -export benchfio ex ra/t_jobs/run.json ra/t_jobs/p*.json 2>x.err; then
	ok "the same export again: $(cat x.err)"
else
	not_ok "re-export: $(cat x.err)"
fi
echo '{}' >ex/t-small/8k/randread-1-1.json
rm ex/t-large/128k/randread-1-1.json
if ! "$F2O" -export benchfio ex ra/t_jobs/run.json ra/t_jobs/p*.json 2>x.err \
	&& grep -q "randread-1-1.json' exists and is not this export's" x.err \
	&& [ ! -e ex/t-large/128k/randread-1-1.json ] && [ "$(cat ex/t-small/8k/randread-1-1.json)" = '{}' ]; then
	ok "a different file in the way refused before anything is written: $(cat x.err)"
else
	not_ok "file in the way: $(cat x.err)"
fi

# examples/fio-plot.sh (the package's examples/), through a stand-in
# fio-plot (tests/fioplot_standin.py: fio-plot's arguments, and fio-plot's
# own JSON import listing the files each chart holds, written to the chart's
# -o file): every file the export wrote is in a chart, the classes beside
# loads of the other (-with-) too, each chart a plain file name
# ([A-Za-z0-9._-], no ':'). The random matrix, the sequential point with
# read and write streams and a mixed small class (stock fio), and a
# sequential column, whose load is in numjobs at one depth (-N).
"$FR" -run advanced -matrix col -num_small 0 -num_disks 1 -type seq -size_large 128 -cache_size 0 -testname t \
	-duration 1 -outdir rq >/dev/null 2>&1
mkdir -p bin
printf '#!/bin/sh\nexec python3 "%s/tests/fioplot_standin.py" "$@"\n' "$TOP" >bin/fio-plot
chmod +x bin/fio-plot
fioplot() {	# RUN-DIR OUT-DIR CHART...: the charts expected among the others
	run=$1 out=$2
	shift 2
	if ! PATH="$T/bin:$(dirname "$F2O"):$PATH" sh "$TOP/examples/fio-plot.sh" "$run/t_jobs" "$out" >x.out 2>x.err; then
		not_ok "examples/fio-plot.sh $run/t_jobs: $(tail -n 3 x.err)"
		return
	fi
	(cd "$out" && find . -name '*.json' | sed 's|^\./||' | sort) >exported
	(cd "$out" && cat ./*.png 2>/dev/null | sort -u) >charted
	bad=$(ls "$out" | grep '\.png$' | grep -v '^[A-Za-z0-9._-]*\.png$' | tr '\n' ' ')
	miss=
	for c in "$@"; do
		[ -s "$out/$c" ] || miss="$miss $c"
	done
	if [ -s exported ] && cmp -s exported charted && [ -z "$bad$miss" ]; then
		ok "examples/fio-plot.sh $run: $(ls "$out" | grep -c '\.png$') charts hold all $(wc -l <exported) exported files: $(ls "$out" | grep '\.png$' | tr '\n' ' ')"
	else
		not_ok "examples/fio-plot.sh $run: not charted: $(comm -23 exported charted | tr '\n' ' '); names:$bad; missing:$miss; $(cat x.err)"
	fi
}
fioplot ra fpa t-small-8k-randread.png t-large-128k-randread.png t-small-with-large2-8k-randread.png \
	t-large-with-small1-128k-randread.png
fioplot rs fps t-large-with-small2-128k-read.png t-large-with-small2-128k-write.png \
	t-small-with-large2-randrw50-8k-randrw.png
fioplot rq fpq t-large-128k-read.png

# 4. results without fiorion's names have no classes to keep apart.
fio --output-format=json --name=plain --filename="$T/a" --rw=randread --bs=4k --size=1m \
	--io_size=64k >plain.json 2>/dev/null
if ! "$F2O" -export benchfio px plain.json 2>x.err && grep -q "job 'plain' is not one of fiorion's points" x.err \
	&& [ ! -e px ]; then
	ok "jobs without fiorion's names refused: $(cat x.err)"
else
	not_ok "plain fio result: $(cat x.err)"
fi
finish
