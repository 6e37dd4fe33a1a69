#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# deb-build.sh OUTDIR FIO_SRC -- the Debian package from a copy of the tree
# (without build/, .deps/ and .git/: nothing built here goes in), made by
# `dpkg-buildpackage -us -uc -b -j2` in OUTDIR/src against the configured
# fio source FIO_SRC. The packages land in OUTDIR, the build's output in
# OUTDIR/build.log, and OUTDIR/result says "STATUS SECONDS" (dpkg-buildpackage's
# exit status, its wall time), or "skipped REASON" when the package cannot
# be built here (no dpkg-buildpackage or debhelper, no configured fio source).
#
# One way to build it, two callers: tests/e2e_deb.sh, and make check, which
# builds it before the suites (FIORION_DEB_DIR=build/deb), while the machine
# has nothing else to do: beside the paced suites, under nice 19, the same
# build took 125 s instead of 14 s and was the run's longest suite.
# Exit status: 0 when OUTDIR/result was written (whatever it says), 2 on
# bad arguments.

[ $# = 2 ] || { echo "usage: deb-build.sh OUTDIR FIO_SRC" >&2; exit 2; }
top=$(cd "$(dirname "$0")/.." && pwd -P) || exit 2
out=$1
rm -rf "$out" && mkdir -p "$out" || exit 2
out=$(cd "$out" && pwd -P) || exit 2
skip() { echo "skipped $*" >"$out/result"; exit 0; }

command -v dpkg-buildpackage >/dev/null 2>&1 || skip "no dpkg-buildpackage (scripts/setup.sh packages)"
command -v dh >/dev/null 2>&1 || skip "no debhelper (scripts/setup.sh packages)"
fs=$(cd "$2" 2>/dev/null && pwd -P) || skip "no fio source at $2 (make deps)"
[ -f "$fs/config-host.h" ] || skip "fio source $fs is not configured (make deps)"

mkdir "$out/src"
tar -C "$top" --exclude=./build --exclude=./.deps --exclude=./.git -cf - . | tar -xf - -C "$out/src" ||
	skip "could not copy the tree to $out/src"
start=$(date +%s)
(cd "$out/src" && FIO_SRC=$fs dpkg-buildpackage -us -uc -b -j2) >"$out/build.log" 2>&1
echo "$? $(($(date +%s) - start))" >"$out/result"
