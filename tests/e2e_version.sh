#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Description: -version/--version on fiorion and fio2orion (fiorion's
# version from common/version.h, the fio release the engine was built
# against, the installed fio; a mismatch is a warning line, exit 0) and
# -help/--help on standard output with exit status 0; debian/changelog's
# version is common/version.h's.
. "$(dirname "$0")/lib.sh"

want=$(sed -n 's/^#define FIORION_VERSION "\(.*\)"/\1/p' "$TOP/common/version.h")
built=$(sed -n 's/^DEF_VER=\(fio-[0-9.]*\).*/\1/p' "${FIO_SRC:-$TOP/.deps/fio}/FIO-VERSION-GEN" 2>/dev/null)
have=$(fio --version 2>/dev/null)

# A fio that says another release.
mkdir "$T/bin"
printf '#!/bin/sh\necho fio-3.12\n' >"$T/bin/fio"
chmod +x "$T/bin/fio"

for prog in fiorion fio2orion; do
	for opt in -version --version; do
		"$TOP/build/$prog" $opt >"$T/v.out" 2>"$T/v.err"
		rc=$?
		if [ $rc -eq 0 ] && head -n1 "$T/v.out" | grep -q " $want\$" \
			&& grep -qx "engine built against: ${built:-unknown}" "$T/v.out" \
			&& grep -qx "installed fio: $have" "$T/v.out" \
			&& ! grep -q warning "$T/v.err"; then
			ok "$prog $opt: $want, built against ${built:-unknown}, installed $have"
		else
			not_ok "$prog $opt (status $rc)"
			cat "$T/v.out" "$T/v.err"
		fi
	done
	PATH="$T/bin:$PATH" "$TOP/build/$prog" -version >"$T/m.out" 2>"$T/m.err"
	rc=$?
	if [ $rc -eq 0 ] && grep -qx "installed fio: fio-3.12" "$T/m.out" \
		&& grep -q "^$prog: warning: .*fio-3.12.*${built:-unknown}" "$T/m.err" \
		&& grep -q "fio refuses to load the engine, so -runner fio, -clients and job files that load it fail" "$T/m.err" \
		&& grep -q "Rebuild against fio-3.12, in fiorion's source tree: 'make deps && make && make install'; for the Debian package: 'make deps && dpkg-buildpackage -us -uc -b && apt-get install ../fiorion_\*.deb'" "$T/m.err"; then
		ok "$prog -version: another installed fio is a warning line saying what breaks and the rebuild commands, exit 0"
	else
		not_ok "$prog -version with fio-3.12 installed (status $rc)"
		cat "$T/m.out" "$T/m.err"
	fi
	PATH="$T/nowhere" "$TOP/build/$prog" -version >"$T/n.out" 2>&1
	rc=$?
	if [ $rc -eq 0 ] && grep -qx "installed fio: not found" "$T/n.out"; then
		ok "$prog -version without fio: 'installed fio: not found', exit 0"
	else
		not_ok "$prog -version without fio (status $rc)"
		cat "$T/n.out"
	fi
	for opt in -help --help; do
		"$TOP/build/$prog" $opt >"$T/h.out" 2>"$T/h.err"
		rc=$?
		if [ $rc -eq 0 ] && head -n1 "$T/h.out" | grep -q "^usage: $prog" && [ ! -s "$T/h.err" ]; then
			ok "$prog $opt: usage on standard output, exit 0"
		else
			not_ok "$prog $opt (status $rc)"
			cat "$T/h.out" "$T/h.err"
		fi
	done
done

if command -v dpkg-parsechangelog >/dev/null 2>&1; then
	deb=$(cd "$TOP" && dpkg-parsechangelog -S Version)
	[ "$deb" = "$want" ] && ok "debian/changelog's version is common/version.h's ($want)" \
		|| not_ok "debian/changelog says $deb, common/version.h $want"
else
	skip_test "debian/changelog's version" "no dpkg-parsechangelog"
fi
finish
