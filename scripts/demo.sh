#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# demo.sh [OUTDIR] -- the quick start's main job: a short ORION 'simple'
# run with fiorion on a scratch file (1 disk: small loads 1..5, large
# loads 1..2, 2 s a point), then the summary it wrote. Its files (the
# summary, the matrices, the report, the job files) are kept in OUTDIR
# (default: build/demo; make demo's), the previous demo's replaced; the
# last line is the report's path, to open. The 512 MiB scratch file lives
# in a temporary folder, removed at exit. FIORION: the program to run
# (default: build/fiorion).
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
FIORION=${FIORION:-$TOP/build/fiorion}
OUT=${1:-$TOP/build/demo}
# OUTDIR is emptied first: only a folder a demo made (its mark), an empty
# or a new one.
if { [ -e "$OUT" ] && [ ! -d "$OUT" ]; } ||
	{ [ -d "$OUT" ] && [ ! -f "$OUT/.fiorion-demo" ] && [ -n "$(ls -A "$OUT")" ]; }; then
	echo "demo.sh: '$OUT' is not empty and is no demo's folder: name a new one" >&2
	exit 1
fi
rm -rf "$OUT"
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
: >"$OUT/.fiorion-demo"
T=$(mktemp -d "${TMPDIR:-/tmp}/fiorion-demo.XXXXXX")
trap 'rm -rf "$T"' EXIT

cd "$T"
# A real, written file: reads of never-written blocks flatter any storage.
dd if=/dev/zero of=lun0 bs=1M count=512 status=none
echo "$T/lun0" >demo.lun
"$FIORION" -run simple -testname demo -duration 2 -cache_size 0 -outdir "$OUT"
cd "$OUT"
echo
echo "==> $OUT/demo_summary.txt"
cat demo_summary.txt
echo
echo "==> demo_iops.csv, demo_lat.csv (ms), demo_mbps.csv"
cat demo_iops.csv demo_lat.csv demo_mbps.csv
echo
echo "==> kept in $OUT: ORION's files, the job files (demo_jobs/); the report, the charts in one file ($(wc -c <demo.report.html) bytes), to open in a browser:"
echo "$OUT/demo.report.html"
