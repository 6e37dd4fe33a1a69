#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# gen-jobfiles.sh -- regenerate jobfiles/ with fiorion itself.
#
# Usage: scripts/gen-jobfiles.sh [OUTDIR]   (default: jobfiles/)
#
# Each file is the whole-matrix job file that 'fiorion ... -jobs_only
# -placeholders' writes for a standard ORION run, so it needs LUNFILE,
# FIORION_ENGINE and DURATION in the environment when fio runs it.
# tests/e2e_jobfiles.sh fails when the checked-in files drift from this.
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
OUT=${1:-$TOP/jobfiles}
FIORION=$TOP/build/fiorion
T=$(mktemp -d "${TMPDIR:-/tmp}/fiorion-gen.XXXXXX")
trap 'rm -rf "$T"' EXIT
mkdir -p "$OUT"

# gen NAME DISKS ORION-OPTIONS...: fiorion on DISKS scratch LUNs named NAME
gen() {
	name=$1 disks=$2
	shift 2
	i=0
	: >"$T/$name.lun"
	while [ $i -lt "$disks" ]; do
		truncate -s 64m "$T/$name-lun$i"
		echo "$T/$name-lun$i" >>"$T/$name.lun"
		i=$((i + 1))
	done
	(cd "$T" && "$FIORION" -testname "$name" -jobs_only -placeholders "$@" >/dev/null 2>&1) \
		|| { echo "gen-jobfiles: fiorion failed for $name" >&2; exit 1; }
	cp "$T/$name.fio" "$OUT/$name.fio"
}

for n in 1 4; do
	s=disk
	[ $n -gt 1 ] && s=disks
	gen "simple-$n$s" $n -run simple
	gen "normal-$n$s" $n -run normal
	gen "oltp-$n$s" $n -run oltp
	gen "dss-$n$s" $n -run dss
done
gen raid0-seqwrite-4disks 4 -run advanced -simulate raid0 -stripe 1024 -write 100 -type seq -matrix col -num_small 0
