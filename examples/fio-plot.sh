#!/bin/sh
# Chart a fiorion run with fio-plot: export its points in bench-fio's
# layout (each point's small and large class apart), then one chart per
# class.  Usage: sh fio-plot.sh <testname>_jobs OUTDIR
set -eu
jobs=${1:?give the <testname>_jobs folder of a fiorion run}
out=${2:?give a folder for the export and the charts}
name=$(basename "$jobs" _jobs)

fio2orion -export benchfio "$out" "$jobs"/run.json "$jobs"/p*.json
cd "$out"
for dir in "$name"-small/* "$name"-large/*; do
	[ -d "$dir" ] || continue
	mode=$(ls "$dir" | sed -n '1s/-[0-9]*-[0-9]*\.json$//p')
	depths=$(ls "$dir" | sed -n 's/^.*-\([0-9]*\)-[0-9]*\.json$/\1/p' | sort -n | tr '\n' ' ')
	numjobs=$(ls "$dir" | sed -n 's/^.*-\([0-9]*\)\.json$/\1/p' | sort -un | tr '\n' ' ')
	# shellcheck disable=SC2086
	fio-plot -i "$dir" -T "$name: $dir" -l -r "$mode" -d $depths -n $numjobs
done
