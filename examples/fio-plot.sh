#!/bin/sh
# Chart a fiorion run with fio-plot: export its points in bench-fio's
# layout (each point's small and large class apart), then one chart per
# class.  Usage: sh fio-plot.sh <testname>_jobs OUTDIR
set -eu
jobs=${1:?give a fiorion run's <testname>_jobs folder}
out=${2:?give a folder for the export and the charts}
name=$(basename "$jobs" _jobs)

fio2orion -export benchfio "$out" "$jobs"/run.json "$jobs"/p*.json
for dir in "$out/$name-small"/* "$out/$name-large"/*; do
	[ -d "$dir" ] || continue
	mode=$(ls "$dir" | sed -n '1s/-[0-9]*-[0-9]*\.json$//p')
	depths=$(ls "$dir" | sed -n 's/^.*-\([0-9]*\)-[0-9]*\.json$/\1/p' | sort -n | tr '\n' ' ')
	numjobs=$(ls "$dir" | sed -n 's/^.*-\([0-9]*\)\.json$/\1/p' | sort -un | tr '\n' ' ')
	# shellcheck disable=SC2086
	(cd "$out" && fio-plot -i "${dir#"$out"/}" -T "$name: ${dir#"$out"/}" -l -r "$mode" \
		-d $depths -n $numjobs)
done
