#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Description: the build's promises: the layer rule, no ties (two files
# each calling the other), the engine exports
# only ioengine, a
# fio source tree of another release is a build error naming both
# versions, an unconfigured FIO_SRC is refused, and install/uninstall
# honour PREFIX and DESTDIR.
. "$(dirname "$0")/lib.sh"

cd "$TOP"
FIO_SRC_REAL=${FIO_SRC:-.deps/fio}
mkdir -p "$T/oldfio"
cp "$FIO_SRC_REAL/config-host.h" "$T/oldfio/"
echo "DEF_VER=fio-3.12" >"$T/oldfio/FIO-VERSION-GEN"
have=$(fio --version | sed 's/^fio-//')
if make -s FIO_SRC="$T/oldfio" fio-version-check >"$T/v.out" 2>&1; then
	not_ok "version mismatch accepted"
elif grep -q "fio version mismatch: 'fio' is fio-$have but FIO_SRC=$T/oldfio is fio-3.12" "$T/v.out"; then
	ok "version mismatch is an error naming both versions"
else
	not_ok "version mismatch message"
	cat "$T/v.out"
fi

# The engine exports only what fio loads (plugin/engine.map): the core's
# and common/'s functions stay local, so none interposes on fio's.
exports=$(nm -D --defined-only "$TOP/build/fiorion-engine.so" 2>&1 | awk '{ print $3 }' | tr '\n' ' ')
if [ "$exports" = "ioengine " ]; then
	ok "the engine exports only ioengine"
else
	not_ok "the engine exports more than ioengine: $exports"
fi

# The layer rule the build enforces: the tree passes; in a copy, a
# converter file that includes a driver header, a room of the converter
# that includes a header of a room above it, and a source in a folder the
# rule does not name are each named.
mkdir -p "$T/layers"
cp -r common run plugin converter driver "$T/layers/"
if sh scripts/check-layers.sh "$T/layers" 2>"$T/l.out"; then
	echo '#include "cli.h"' >>"$T/layers/converter/points/knee.c"
	echo '#include "html_report.h"' >>"$T/layers/converter/points/points.c"
	mkdir -p "$T/layers/converter/attic" && echo 'int x;' >"$T/layers/converter/attic/x.c"
	if ! sh scripts/check-layers.sh "$T/layers" 2>"$T/l.out" \
		&& grep -q '^converter/points/knee.c:[0-9]*: includes cli.h (driver/), which converter/points/ may not use' "$T/l.out" \
		&& grep -q '^converter/points/points.c:[0-9]*: includes html_report.h (converter/report/), which converter/points/ may not use' "$T/l.out" \
		&& grep -q '^converter/attic/x.c: in converter/attic/, which has no place in the layer rule' "$T/l.out"; then
		ok "the layer rule: the tree passes, an upward include and a folder outside the rule are named"
	else
		not_ok "an upward include or a folder outside the rule was not caught"; cat "$T/l.out"
	fi
else
	not_ok "the tree breaks the layer rule"; cat "$T/l.out"
fi

# Trees, not ties (scripts/check-ties.sh, run by the build): the tree's
# objects have none but the known ones, and two files (in a copy) that
# each call the other are named.
mkdir -p "$T/ties/converter" "$T/ties/b/converter"
printf 'int tb(void);\nint ta(void) { return 1; }\nint ua(void) { return tb(); }\n' >"$T/ties/converter/a.c"
printf 'int ta(void);\nint tb(void) { return ta(); }\n' >"$T/ties/converter/b.c"
if ! sh scripts/check-ties.sh build 2>"$T/t.out"; then
	not_ok "the tree has a tie"; cat "$T/t.out"
elif ! { cc -c -o "$T/ties/b/converter/a.o" "$T/ties/converter/a.c" &&
	cc -c -o "$T/ties/b/converter/b.o" "$T/ties/converter/b.c"; }; then
	not_ok "the planted tie does not compile"
elif (cd "$T/ties" && sh "$TOP/scripts/check-ties.sh" b) 2>"$T/t.out" ||
	! grep -q '^check-ties: converter/a.c <-> converter/b.c: converter/a.c uses tb; converter/b.c uses ta ' "$T/t.out"; then
	not_ok "a tie was not caught"; cat "$T/t.out"
else
	ok "trees, not ties: the tree has none, a planted one is named"
fi

mkdir -p "$T/unconf"
if make -s FIO_SRC="$T/unconf" B="$T/b" "$T/b/fiorion-engine.so" >"$T/u.out" 2>&1; then
	not_ok "unconfigured FIO_SRC accepted"
elif grep -q "FIO_SRC=$T/unconf has no config-host.h" "$T/u.out"; then
	ok "unconfigured FIO_SRC is refused"
else
	not_ok "unconfigured FIO_SRC message"
	cat "$T/u.out"
fi

# in a private copy of build/ (the prefix is compiled in; build/'s programs
# are in use by the suites beside this one)
private_build "$T/pb"
if make -s B="$T/pb" install DESTDIR="$T/stage" PREFIX=/opt/fr >"$T/i.out" 2>&1 \
	&& [ -f "$T/stage/opt/fr/lib/fio/fio-fiorion.so" ] \
	&& make -s B="$T/pb" uninstall DESTDIR="$T/stage" PREFIX=/opt/fr >>"$T/i.out" 2>&1 \
	&& [ ! -e "$T/stage/opt/fr/lib/fio/fio-fiorion.so" ]; then
	ok "install/uninstall with PREFIX and DESTDIR"
else
	not_ok "install/uninstall with PREFIX and DESTDIR"
	cat "$T/i.out"
fi
finish
