#!/bin/sh
# Chart a fiorion run with fio-plot: export its points in bench-fio's
# layout (each point's small and large class apart, alone and beside each
# load of the other class), then one chart for each folder the export
# wrote and each mode in it, in a file named after them, '/' as '-':
# db-small-8k-randread.png, db-large-with-small2-128k-read.png.
# The chart's axis is the load: the queue depths (-l), or the jobs when
# the load is in numjobs at one depth (-N: sequential streams, psync).
# Usage: sh fio-plot.sh <testname>_jobs OUTDIR
set -eu
jobs=${1:?give the <testname>_jobs folder of a fiorion run}
out=${2:?give a folder for the export and the charts}
name=$(basename "$jobs" _jobs)

fio2orion -export benchfio "$out" "$jobs"/run.json "$jobs"/p*.json
cd "$out"
# Every folder holding results: <test>-<class>[-with-<other><load>]/[<mode><mix>/]<bs>/
for top in "$name"-small "$name"-small-with-large* "$name"-large "$name"-large-with-small*; do
	[ -d "$top" ] && find "$top" -name '*.json'
done | sed 's|/[^/]*$||' | sort -u | while IFS= read -r dir; do
	# bench-fio's file names: <mode>-<iodepth>-<numjobs>.json
	for mode in $(ls "$dir" | sed -n 's/^\(.*\)-[0-9]*-[0-9]*\.json$/\1/p' | sort -u); do
		depths=$(ls "$dir" | sed -n "s/^$mode-\([0-9]*\)-[0-9]*\.json\$/\1/p" | sort -un | tr '\n' ' ')
		numjobs=$(ls "$dir" | sed -n "s/^$mode-[0-9]*-\([0-9]*\)\.json\$/\1/p" | sort -un | tr '\n' ' ')
		# A plain file name (fio-plot's own is the title, ':' and all).
		png=$(printf '%s' "$dir-$mode" | tr '/' '-' | tr -c 'A-Za-z0-9._-' '_')
		# shellcheck disable=SC2086
		if [ "$(echo $numjobs | wc -w)" = 1 ]; then
			fio-plot -i "$dir" -T "$dir ($mode)" -l -r "$mode" -d $depths -n $numjobs -o "$png.png"
		elif [ "$(echo $depths | wc -w)" = 1 ]; then
			fio-plot -i "$dir" -T "$dir ($mode)" -N -r "$mode" -d $depths -n $numjobs -o "$png.png"
		else
			# both vary: a chart over the depths for each numjobs
			for nj in $numjobs; do
				d=$(ls "$dir" | sed -n "s/^$mode-\([0-9]*\)-$nj\.json\$/\1/p" | sort -n | tr '\n' ' ')
				fio-plot -i "$dir" -T "$dir ($mode, numjobs $nj)" -l -r "$mode" -d $d -n "$nj" \
					-o "$png-numjobs$nj.png"
			done
		fi
	done
done
