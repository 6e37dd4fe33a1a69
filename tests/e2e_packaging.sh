#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh: long=30
#
# Description: what each make target asks of the machine, and what it
# leaves. scripts/setup.sh's package sets, through stand-ins of dpkg-query
# and apt-get (nothing installed here): make deps (make demo's step)
# installs what building and running need and none of the tests' tools
# (cmocka, clang, chromium, lintian, debhelper, groff, mandoc); make
# test-deps (make check's) adds them; setup.sh packages deb (make deb's)
# adds debhelper alone. Without libcmocka-dev a plain make builds and a
# test binary names the package (in a private copy of build/). make demo
# keeps its files and ends with the report's path; a folder that is no
# demo's is refused. make deb, with a stand-in dpkg-buildpackage (the real
# build is tests/e2e_deb.sh's): its last line is the package's path, a
# failed build or one that cannot start is an error with the reason, and a
# folder that is no package build's is refused. No file in the tree names
# the job files' old place; .ci/run runs the README's test command.
. "$(dirname "$0")/lib.sh"

cd "$T" || exit 1
# Stand-ins: dpkg-query answers from $T/installed ("*": every package but
# those in $T/absent), apt-get install adds to it and logs the packages,
# id -u says root (so that setup.sh runs apt-get itself, not sudo).
mkdir fake
cat >fake/dpkg-query <<'EOF'
#!/bin/sh
p=$(eval echo \${$#})
if grep -qx "$p" "$FAKE/absent" 2>/dev/null; then exit 1; fi
if grep -qx "$p" "$FAKE/installed" || grep -qx '\*' "$FAKE/installed"; then
	echo "install ok installed"
else
	exit 1
fi
EOF
cat >fake/apt-get <<'EOF'
#!/bin/sh
[ "$1" = update ] && exit 0
for a; do
	case "$a" in -*|install) ;; *) echo "$a" >>"$FAKE/installed"; echo "$a" >>"$FAKE/apt.log" ;; esac
done
EOF
printf '#!/bin/sh\n[ "$1" = -u ] && echo 0 || exec /usr/bin/id "$@"\n' >fake/id
chmod +x fake/*
export FAKE=$T
FPATH=$T/fake:$PATH
mkdir nofio
mk() { make -C "$TOP" -s --no-print-directory "$@"; }

# What each dependency step installs on a machine that has nothing.
sets() {	# NAME COMMAND...: run COMMAND on an empty machine; the packages it installed in $T/NAME
	: >installed
	: >apt.log
	name=$1
	shift
	PATH=$FPATH "$@" >"$name.out" 2>&1 || echo "exit $?" >>"$name.out"
	sort -u apt.log >"$name"
}
sets deps mk B="$T/b" FIO_SRC="$T/nofio" deps
sets testdeps mk B="$T/b" FIO_SRC="$T/nofio" test-deps
sets debdeps sh "$TOP/scripts/setup.sh" packages deb
test_tools="libcmocka-dev clang chromium lintian debhelper groff mandoc clang-format python3-fusepy"
has() { for p in $2; do grep -qx "$p" "$1" || return 1; done; }
hasnone() { for p in $2; do ! grep -qx "$p" "$1" || return 1; done; }
if has deps "gcc make pkg-config liburing-dev libjansson-dev fio dpkg-dev" && hasnone deps "$test_tools" \
	&& ! grep -q '^exit' deps.out; then
	ok "make deps (make demo's step) installs what building and running need, $(wc -l <deps) packages, none of the tests' tools: $(tr '\n' ' ' <deps)"
else
	not_ok "make deps installs: $(tr '\n' ' ' <deps) ($(tail -n 2 deps.out))"
fi
if has testdeps "$(cat deps) $test_tools" && ! grep -q '^exit' testdeps.out; then
	ok "make test-deps (make check's step) adds the tests' tools: $(wc -l <testdeps) packages"
else
	not_ok "make test-deps installs: $(tr '\n' ' ' <testdeps) ($(tail -n 2 testdeps.out))"
fi
if has debdeps "$(cat deps) debhelper build-essential" && hasnone debdeps "libcmocka-dev clang chromium lintian groff mandoc"; then
	ok "setup.sh packages deb (make deb's step) adds debhelper and build-essential to them, no test tool"
else
	not_ok "setup.sh packages deb installs: $(tr '\n' ' ' <debdeps)"
fi

# cmocka is the test binaries' alone: in a private build/ (whose check
# stamps are made again), a machine without it builds fiorion.
private_build "$T/pb"
rm -f "$T/pb/.build-ok"
echo '*' >installed
echo libcmocka-dev >absent
if PATH=$FPATH mk B="$T/pb" all >all.out 2>&1; then
	ok "without libcmocka-dev, a plain make builds the programs and the engine"
else
	not_ok "make without libcmocka-dev: $(tail -n 3 all.out)"
fi
if ! PATH=$FPATH mk B="$T/pb" "$T/pb/tests/test_common" >unit.out 2>&1 \
	&& grep -q "missing for the unit tests: packages libcmocka-dev" unit.out && [ ! -e "$T/pb/tests/test_common" ]; then
	ok "a test binary names what it misses: $(grep missing unit.out)"
else
	not_ok "a test binary without libcmocka-dev: $(tail -n 3 unit.out)"
fi
: >absent

# make demo (in the private build): its files kept, the report's path last.
# (its scratch LUN in TMPDIR, removed)
mkdir tmp
if PATH=$FPATH TMPDIR=$T/tmp mk B="$T/pb" ${FIO_SRC:+FIO_SRC="$FIO_SRC"} demo >demo.out 2>demo.err; then
	last=$(tail -n 1 demo.out)
	if [ "$last" = "$T/pb/demo/demo.report.html" ] && grep -q '</html>' "$last" \
		&& grep -q '^Maximum Small IOPS=' "$T/pb/demo/demo_summary.txt" && [ -d "$T/pb/demo/demo_jobs" ] \
		&& [ -z "$(ls tmp)" ]; then
		ok "make demo keeps its files in <build>/demo, removes its scratch LUN and ends with the report's path: $last ($(wc -c <"$last") bytes)"
	else
		not_ok "make demo's last line: '$last'; $(ls "$T/pb/demo" 2>&1 | tr '\n' ' ')"
	fi
else
	not_ok "make demo: $(tail -n 3 demo.err)"
fi
mkdir mine && echo keep >mine/notes
if ! sh "$TOP/scripts/demo.sh" "$T/mine" >d2.out 2>&1 && [ "$(cat mine/notes)" = keep ] \
	&& grep -q "is no demo's folder" d2.out; then
	ok "demo.sh refuses a folder that is no demo's: $(cat d2.out)"
else
	not_ok "demo.sh into a folder that is no demo's: $(cat d2.out)"
fi

# make deb, with a stand-in dpkg-buildpackage (STANDIN=ok: writes a
# package beside the source, as dpkg-buildpackage -b does; fail: a build error).
mkdir fio && : >fio/config-host.h
cat >fake/dpkg-buildpackage <<'EOF'
#!/bin/sh
[ -f debian/rules ] || { echo "not in a source tree: $PWD"; exit 9; }
if [ "$STANDIN" = ok ]; then
	echo "dpkg-deb: building package 'fiorion' in '../fiorion_0.1_amd64.deb'."
	echo stand-in >../fiorion_0.1_amd64.deb
	exit 0
fi
echo "dh_auto_build: error: make -j2 returned exit code 2"
exit 2
EOF
printf '#!/bin/sh\nexit 0\n' >fake/dh
chmod +x fake/dpkg-buildpackage fake/dh
echo '*' >installed
deb() { PATH=$FPATH STANDIN=$1 mk B="$T/pb" FIO_SRC="$2" DEB_DIR="$3" deb >deb.out 2>deb.err; }
if deb ok "$T/fio" "$T/d1" && [ "$(tail -n 1 deb.out)" = "$T/d1/fiorion_0.1_amd64.deb" ] \
	&& [ -f d1/fiorion_0.1_amd64.deb ] && [ "$(cut -d' ' -f1 d1/result)" = 0 ] && [ ! -e d1/src ]; then
	ok "make deb DEB_DIR=...: the package there, its path the last line, the source copy removed"
else
	not_ok "make deb: $(tail -n 2 deb.out deb.err)"
fi
if deb ok "$T/fio" "$T/d1" && [ -f d1/fiorion_0.1_amd64.deb ]; then
	ok "make deb again into its own folder"
else
	not_ok "make deb again: $(tail -n 2 deb.err)"
fi
if ! deb fail "$T/fio" "$T/d2" && grep -q "dh_auto_build: error: make -j2 returned exit code 2" deb.err \
	&& grep -q "dpkg-buildpackage failed (exit 2; no fiorion_\*.deb): $T/d2/build.log" deb.err; then
	ok "a failed package build: make deb fails with the log's last lines and its path"
else
	not_ok "make deb, a failed build: $(tail -n 2 deb.out deb.err)"
fi
if ! deb ok "$T/none" "$T/d3" && grep -q "cannot be built here: no fio source at $T/none" deb.err; then
	ok "a package that cannot be built here: make deb fails naming why"
else
	not_ok "make deb without fio's source: $(tail -n 2 deb.out deb.err)"
fi
if ! deb ok "$T/fio" "$T/mine" && [ "$(cat mine/notes)" = keep ] && grep -q "refusing to empty it" deb.err; then
	ok "make deb refuses a folder that holds no package build: $(grep refusing deb.err)"
else
	not_ok "make deb into a folder that is no package build's: $(tail -n 2 deb.err)"
fi

# One place for the job files: no file in the tree names the old one.
old=$(cd "$TOP" && grep -rln "doc/fiorion/jobfiles" README.md docs man debian jobfiles examples completions Makefile 2>/dev/null | tr '\n' ' ')
[ -z "$old" ] && ok "no file names /usr/share/doc/fiorion/jobfiles (the job files' place is <datadir>/fiorion/jobfiles)" \
	|| not_ok "still naming /usr/share/doc/fiorion/jobfiles: $old"

# CI runs the README's test command.
ci=$(sed -n 's/^exec //p' "$TOP/.ci/run")
if [ -n "$ci" ] && grep -q "^$ci\( \|$\)" "$TOP/README.md"; then
	ok ".ci/run runs '$ci', the README's test command"
else
	not_ok ".ci/run runs '$ci', which is no command line of the README"
fi
finish
