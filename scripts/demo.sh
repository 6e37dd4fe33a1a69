#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# demo.sh -- the quick start's main job: a short ORION 'simple' run with
# fiorion on a scratch file (1 disk: small loads 1..5, large loads 1..2,
# 2 s a point), then the summary it wrote. Everything lives in a
# temporary directory that is removed at exit; set KEEP=1 to keep it.
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
T=$(mktemp -d "${TMPDIR:-/tmp}/fiorion-demo.XXXXXX")
[ "${KEEP:-0}" = 1 ] || trap 'rm -rf "$T"' EXIT

cd "$T"
# A real, written file: reads of never-written blocks flatter any storage.
dd if=/dev/zero of=lun0 bs=1M count=512 status=none
echo "$T/lun0" >demo.lun
"$TOP/build/fiorion" -run simple -testname demo -duration 2 -cache_size 0
echo
echo "==> $T/demo_summary.txt"
cat demo_summary.txt
echo
echo "==> demo_iops.csv, demo_lat.csv (ms), demo_mbps.csv"
cat demo_iops.csv demo_lat.csv demo_mbps.csv
echo
echo "==> demo.report.html: $(wc -c <demo.report.html) bytes, the charts in one file (KEEP=1 make demo keeps the folder to open it)"
[ "${KEEP:-0}" = 1 ] && echo "(kept in $T)"
exit 0
