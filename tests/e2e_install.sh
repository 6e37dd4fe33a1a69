#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Description: make install DESTDIR=... prefix=/usr puts the programs, the
# engine at <libdir>/fio/fio-fiorion.so, the job files (and man pages and
# completions when the tree has them) in the staged tree; the installed
# fiorion finds the installed engine relative to itself and runs -run
# simple with -runner fio end to end; make uninstall leaves no file.
. "$(dirname "$0")/lib.sh"

if ! command -v fio >/dev/null 2>&1; then
	skip_test "install and run" "no fio"
	finish
	exit 0
fi
D=$T/dest
# in a private copy of build/: the prefix is compiled in, and build/'s
# programs are in use by the suites beside this one
private_build "$T/b"
mk() { make -C "$TOP" -s B="$T/b" ${FIO_SRC:+FIO_SRC="$FIO_SRC"} "$@"; }

if mk install DESTDIR="$D" prefix=/usr >"$T/i.out" 2>&1; then
	ok "make install DESTDIR=... prefix=/usr"
else
	not_ok "make install"
	cat "$T/i.out"
fi
miss=
for f in usr/bin/fiorion usr/bin/fio2orion usr/lib/fio/fio-fiorion.so \
	usr/share/fiorion/jobfiles/simple-1disk.fio usr/share/fiorion/jobfiles/README.md; do
	[ -f "$D/$f" ] || miss="$miss $f"
done
for f in "$TOP"/man/*.[17]; do
	[ -f "$f" ] || continue
	s=${f##*.}
	[ -f "$D/usr/share/man/man$s/${f##*/}" ] || miss="$miss man$s/${f##*/}"
done
for f in "$TOP"/completions/*; do
	[ -f "$f" ] || continue
	[ -f "$D/usr/share/bash-completion/completions/${f##*/}" ] || miss="$miss completions/${f##*/}"
done
[ -z "$miss" ] && ok "installed: programs, engine, job files, man pages, completions" \
	|| not_ok "not installed:$miss"
[ -x "$D/usr/bin/fiorion" ] && [ ! -x "$D/usr/lib/fio/fio-fiorion.so" ] \
	&& ok "modes: programs 0755, engine 0644" || not_ok "modes"

"$D/usr/bin/fiorion" -version >"$T/v.out" 2>&1
grep -qx "engine: $D/usr/lib/fio/fio-fiorion.so" "$T/v.out" \
	&& ok "installed fiorion finds the engine relative to itself" \
	|| { not_ok "installed fiorion's engine"; cat "$T/v.out"; }

mkdir "$T/run"
cd "$T/run" || exit 1
dd if=/dev/urandom of=lun0 bs=1M count=64 status=none
echo "$T/run/lun0" >t.lun
if "$D/usr/bin/fiorion" -run simple -duration 1 -runner fio -testname t >s.out 2>s.err; then
	ok "installed fiorion -run simple -runner fio: exit 0"
else
	not_ok "installed fiorion -run simple -runner fio"
	cat s.out s.err
fi
n=$(orion_files t)
[ $n = 5 ] && grep -qx 'Total Data Points: 8' t_summary.txt \
	&& ok "ORION's five files, 8 data points" || not_ok "output files ($n of 5)"
grep -qx "ioengine=external:$D/usr/lib/fio/fio-fiorion.so" t_jobs/p001.fio \
	&& ok "job files load the installed engine" \
	|| { not_ok "engine in the job files"; grep ioengine t_jobs/p001.fio; }
cd "$T" || exit 1

if mk uninstall DESTDIR="$D" prefix=/usr >"$T/u.out" 2>&1; then
	ok "make uninstall"
else
	not_ok "make uninstall"
	cat "$T/u.out"
fi
left=$(find "$D" -type f 2>&1)
[ -d "$D/usr/bin" ] && [ -z "$left" ] && ok "uninstall: no file left" || not_ok "uninstall left: $left"
kept=
for d in usr/lib/fio usr/share/fiorion; do
	[ ! -e "$D/$d" ] || kept="$kept $d"
done
[ -z "$kept" ] && ok "uninstall removed fiorion's own folders" || not_ok "uninstall left$kept"
# Back to the default prefix compiled in (the install rebuilt two objects).
mk >/dev/null 2>&1
finish
