#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh: long=90
#
# Description: the Debian package: dpkg-buildpackage -us -uc -b in a copy
# of the tree (nothing from build/; scripts/deb-build.sh, run by make check
# before the suites, FIORION_DEB_DIR, or here), lintian's findings printed (report
# only), apt-get install ./fiorion_*.deb, the installed /usr/bin/fiorion
# runs -run simple with -runner fio (the engine from /usr/lib/fio) and
# the built-in runner on a scratch file, the man pages and completions
# are in place, the README, job files and examples are under
# /usr/share/doc/fiorion (lintian has nothing on them), -version
# reports no mismatch with the installed fio, then apt-get remove leaves no /usr/bin/fiorion. Needs
# root; skipped without it, without dpkg-buildpackage, or when fiorion is
# already installed on this machine (the test would remove it).
. "$(dirname "$0")/lib.sh"

skip_all() {
	skip_test "Debian package" "$1"
	finish
	exit 0
}
[ "$(id -u)" = 0 ] || skip_all "needs root (apt-get install)"
command -v dpkg-buildpackage >/dev/null 2>&1 || skip_all "no dpkg-buildpackage (scripts/setup.sh packages)"
command -v dh >/dev/null 2>&1 || skip_all "no debhelper (scripts/setup.sh packages)"
command -v fio >/dev/null 2>&1 || skip_all "no fio"
if dpkg-query -W -f='${Status}' fiorion 2>/dev/null | grep -q ' installed'; then
	skip_all "the fiorion package is already installed here"
fi
[ ! -e /usr/bin/fiorion ] || skip_all "/usr/bin/fiorion exists (installed by hand?)"
# The package: made by make check before the suites (FIORION_DEB_DIR, its
# result file), else here; either way by scripts/deb-build.sh.
debdir=${FIORION_DEB_DIR-}
if [ -z "$debdir" ] || [ ! -f "$debdir/result" ]; then
	debdir=$T/deb
	sh "$TOP/scripts/deb-build.sh" "$debdir" "${FIO_SRC:-$TOP/.deps/fio}"
	brc=$?
	if [ $brc != 0 ]; then
		not_ok "scripts/deb-build.sh $debdir: exit $brc"
		finish
		exit 0
	fi
	by=
else
	by=", built by make check before the suites"
fi
read -r st secs <"$debdir/result"
[ "$st" != skipped ] || skip_all "$secs"
if [ "$st" = 0 ]; then
	ok "dpkg-buildpackage -us -uc -b: $(cd "$debdir" && ls fiorion_*.deb) in $secs s$by"
else
	not_ok "dpkg-buildpackage (exit $st; $debdir/build.log)"
	tail -n 40 "$debdir/build.log"
	finish
	exit 0
fi
deb=$(ls "$debdir"/fiorion_*_*.deb | head -n 1)
dep=$(dpkg-deb -f "$deb" Depends)
fio_ver=$(fio --version | sed -n 's/^fio-\([0-9]*\.[0-9]*\).*/\1/p')
case "$dep" in
*"fio (>= $fio_ver)"*"fio (<< "*) ok "Depends: $dep" ;;
*) not_ok "Depends names no fio release range: $dep" ;;
esac
for lib in libaio1 liburing2 libjansson4 libblkid1; do
	case "$dep" in *"$lib"*) ;; *) not_ok "Depends lacks $lib" ;; esac
done

if command -v lintian >/dev/null 2>&1; then
	lintian -I --pedantic "$deb" 2>&1 | grep -v 'running with root privileges' >"$T/lintian.out"
	echo "# lintian -I --pedantic: $(wc -l <"$T/lintian.out") tag(s)"
	sed 's/^/# /' "$T/lintian.out"
	ok "lintian ran (report only)"
else
	skip_test "lintian" "not installed"
fi

if apt-get install -y -o DPkg::Lock::Timeout=300 "$deb" >"$T/apt.out" 2>&1; then
	ok "apt-get install ./$(basename "$deb")"
else
	not_ok "apt-get install"
	tail -n 20 "$T/apt.out"
	finish
	exit 0
fi
miss=
for f in /usr/bin/fiorion /usr/bin/fio2orion /usr/lib/fio/fio-fiorion.so \
	/usr/share/man/man1/fiorion.1.gz /usr/share/man/man1/fio2orion.1.gz \
	/usr/share/man/man7/fiorion-engine.7.gz \
	/usr/share/bash-completion/completions/fiorion /usr/share/bash-completion/completions/fio2orion; do
	[ -f "$f" ] || miss="$miss $f"
done
[ -z "$miss" ] && ok "installed: programs, engine, man pages, job files, completions" || not_ok "missing:$miss"
# Debian's place for documentation: the README, the job files (runnable,
# not compressed) with their README, the examples; nothing in /usr/share/fiorion.
miss=
for f in /usr/share/doc/fiorion/README.md.gz /usr/share/doc/fiorion/copyright \
	/usr/share/doc/fiorion/jobfiles/README.md /usr/share/doc/fiorion/jobfiles/simple-1disk.fio \
	/usr/share/doc/fiorion/jobfiles/normal-4disks.fio \
	/usr/share/doc/fiorion/examples/README.md /usr/share/doc/fiorion/examples/team.fio \
	/usr/share/doc/fiorion/examples/orion.lun /usr/share/doc/fiorion/examples/hosts.txt \
	/usr/share/doc/fiorion/examples/fio-plot.sh; do
	[ -f "$f" ] || miss="$miss $f"
done
n_src=$(ls "$TOP"/jobfiles/*.fio | wc -l)
n_inst=$(ls /usr/share/doc/fiorion/jobfiles/*.fio 2>/dev/null | wc -l)
if [ -z "$miss" ] && [ "$n_inst" -eq "$n_src" ] && [ ! -e /usr/share/fiorion ] \
	&& zcat /usr/share/doc/fiorion/README.md.gz | cmp -s - "$TOP/README.md"; then
	ok "/usr/share/doc/fiorion: README.md.gz (the tree's), jobfiles/ ($n_inst job files and README, uncompressed), examples/"
else
	not_ok "doc files: missing$miss; job files $n_inst of $n_src; /usr/share/fiorion $(ls -d /usr/share/fiorion 2>/dev/null)"
fi
if [ -s "$T/lintian.out" ] && grep -q "usr/share/doc\|documentation" "$T/lintian.out"; then
	not_ok "lintian on the doc files: $(grep 'usr/share/doc\|documentation' "$T/lintian.out" | tr '\n' ' ')"
else
	ok "lintian: no finding on the documentation's place"
fi
/usr/bin/fiorion -version >"$T/v.out" 2>&1
grep -qx "engine: /usr/lib/fio/fio-fiorion.so" "$T/v.out" && ! grep -q warning "$T/v.out" \
	&& grep -qx "engine built against: $(fio --version)" "$T/v.out" \
	&& grep -qx "installed fio: $(fio --version)" "$T/v.out" \
	&& ok "fiorion -version: the engine in /usr/lib/fio, built against the installed $(fio --version), no mismatch" \
	|| { not_ok "fiorion -version"; cat "$T/v.out"; }

mkdir "$T/run"
cd "$T/run" || exit 1
dd if=/dev/urandom of=lun0 bs=1M count=64 status=none
echo "$T/run/lun0" >t.lun
# the two runners' runs at once (own folders; nothing here judges time)
for runner in fio builtin; do
	/usr/bin/fiorion -run simple -duration 1 -runner $runner -testname t -outdir $runner >$runner.out 2>$runner.err &
	echo $! >$runner.pid
done
for runner in fio builtin; do
	if wait "$(cat $runner.pid)" && grep -qx 'Total Data Points: 8' $runner/t_summary.txt \
		&& [ "$(orion_files $runner/t)" = 5 ] \
		&& [ -s $runner/t_trace.txt ]; then
		ok "/usr/bin/fiorion -run simple -runner $runner: ORION's files, 8 data points"
	else
		not_ok "/usr/bin/fiorion -run simple -runner $runner"
		cat $runner.out $runner.err
	fi
done
grep -qx "ioengine=external:/usr/lib/fio/fio-fiorion.so" fio/t_jobs/p001.fio \
	&& ok "the job files load /usr/lib/fio/fio-fiorion.so" || not_ok "engine path in the job files"
cd "$T" || exit 1

if apt-get remove -y -o DPkg::Lock::Timeout=300 fiorion >"$T/rm.out" 2>&1 \
	&& [ ! -e /usr/bin/fiorion ] && [ ! -e /usr/lib/fio/fio-fiorion.so ]; then
	ok "apt-get remove fiorion: /usr/bin/fiorion and the engine are gone"
else
	not_ok "apt-get remove fiorion"
	tail -n 20 "$T/rm.out"
fi
finish
