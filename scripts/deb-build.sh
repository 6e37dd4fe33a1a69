#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# deb-build.sh [-strict] OUTDIR FIO_SRC -- the Debian package from a copy
# of the tree (without build/, .deps/ and .git/: nothing built here goes
# in), made by `dpkg-buildpackage -us -uc -b -j2` in OUTDIR/src against the
# configured fio source FIO_SRC. The packages land in OUTDIR, the build's
# output in OUTDIR/build.log, and OUTDIR/result says "STATUS SECONDS"
# (dpkg-buildpackage's exit status, its wall time), or "skipped REASON"
# when the package cannot be built here (no dpkg-buildpackage or
# debhelper, no configured fio source). OUTDIR/src is removed once the
# package is built (18 MB that nothing reads), kept when the build failed.
#
# OUTDIR is emptied first, so it must be a folder this script made (it has
# a result file), an empty one or a new one: any other is refused, since
# DEB_DIR comes from the user (make deb DEB_DIR=...).
#
# One way to build it, three callers: tests/e2e_deb.sh, make check, which
# builds it before the suites (FIORION_DEB_DIR=build/deb), while the machine
# has nothing else to do: beside the paced suites, under nice 19, the same
# build took 125 s instead of 14 s and was the run's longest suite; and
# make deb (-strict).
# Exit status: 0 when OUTDIR/result was written (whatever it says), 2 on
# bad arguments or a folder refused. With -strict (make deb): the
# package's path on the last line and 0 when it was built; otherwise the
# reason (a skip, or the build log's last lines) on stderr and 1.

strict=
[ "${1-}" = -strict ] && strict=1 && shift
[ $# = 2 ] || { echo "usage: deb-build.sh [-strict] OUTDIR FIO_SRC" >&2; exit 2; }
top=$(cd "$(dirname "$0")/.." && pwd -P) || exit 2
out=$1
if { [ -e "$out" ] && [ ! -d "$out" ]; } ||
	{ [ -d "$out" ] && [ ! -f "$out/result" ] && [ -n "$(ls -A "$out" 2>/dev/null)" ]; }; then
	echo "deb-build.sh: '$out' is not empty and holds no package build (no result file): refusing to empty it; name a new folder" >&2
	exit 2
fi
rm -rf "$out" && mkdir -p "$out" || exit 2
out=$(cd "$out" && pwd -P) || exit 2
skip() {
	echo "skipped $*" >"$out/result"
	[ -z "$strict" ] && exit 0
	echo "deb-build.sh: the Debian package cannot be built here: $*" >&2
	exit 1
}

command -v dpkg-buildpackage >/dev/null 2>&1 || skip "no dpkg-buildpackage (scripts/setup.sh packages deb)"
command -v dh >/dev/null 2>&1 || skip "no debhelper (scripts/setup.sh packages deb)"
fs=$(cd "$2" 2>/dev/null && pwd -P) || skip "no fio source at $2 (make deps)"
[ -f "$fs/config-host.h" ] || skip "fio source $fs is not configured (make deps)"

mkdir "$out/src"
tar -C "$top" --exclude=./build --exclude=./.deps --exclude=./.git -cf - . | tar -xf - -C "$out/src" ||
	skip "could not copy the tree to $out/src"
start=$(date +%s)
(cd "$out/src" && FIO_SRC=$fs dpkg-buildpackage -us -uc -b -j2) >"$out/build.log" 2>&1
st=$?
echo "$st $(($(date +%s) - start))" >"$out/result"
[ $st = 0 ] && rm -rf "$out/src"
[ -z "$strict" ] && exit 0
deb=$(ls "$out"/fiorion_*.deb 2>/dev/null | head -n 1)
if [ $st != 0 ] || [ -z "$deb" ]; then
	tail -n 30 "$out/build.log" >&2
	echo "deb-build.sh: dpkg-buildpackage failed (exit $st; no fiorion_*.deb): $out/build.log" >&2
	exit 1
fi
echo "$deb"
