#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh: long=20
#
# Description: the Debian package, checked without installing it on this
# machine: dpkg-buildpackage -us -uc -b in a copy of the tree (nothing from
# build/; scripts/deb-build.sh, run by make check before the suites,
# FIORION_DEB_DIR, or here); its control data (dpkg-deb -f, -e:
# Depends with the fio release range and the libraries, each met by an
# installed package, md5sums, no maintainer scripts or conffiles, so that
# removing it would leave nothing); its data (dpkg-deb --contents, -x into a
# root in the suite's temporary folder): every file under /usr, owned by
# root, modes, none belonging to an installed package; the programs, the
# engine in usr/lib/fio, the man pages and completions as the tree's, the
# job files in usr/share/fiorion/jobfiles (make install's place), the
# README and examples under usr/share/doc/fiorion (lintian -I --pedantic's
# findings printed, none on them); the extracted fiorion
# runs -run simple with -runner fio (the extracted engine in stock fio,
# found beside the program as an installed tree) and the built-in runner
# on a scratch file, -version reports no mismatch with the installed fio,
# and the program alone names /usr/lib/fio/fio-fiorion.so, the package's
# place. Nothing is installed on or removed from this machine: nothing
# outside $T changes. No root needed.
. "$(dirname "$0")/lib.sh"

skip_all() {
	skip_test "Debian package" "$1"
	finish
	exit 0
}
command -v dpkg-deb >/dev/null 2>&1 || skip_all "no dpkg-deb (scripts/setup.sh packages)"
command -v fio >/dev/null 2>&1 || skip_all "no fio"
# The package: made by make check before the suites (FIORION_DEB_DIR, its
# result file), else here; either way by scripts/deb-build.sh (which says
# "skipped" without dpkg-buildpackage, debhelper or a configured fio source).
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

# The root: the package's data as dpkg would unpack it, in $T.
R=$T/root
if dpkg-deb -x "$deb" "$R" && dpkg-deb -e "$deb" "$T/ctl"; then
	ok "dpkg-deb -x and -e: $(find "$R" -type f | wc -l) files into $R, control data into $T/ctl ($(ls "$T/ctl" | tr '\n' ' '))"
else
	not_ok "dpkg-deb -x/-e $deb"
	finish
	exit 0
fi

# lintian reads the .deb (its own unpacking in $T); beside the checks
# below, its findings printed where they are judged.
if command -v lintian >/dev/null 2>&1; then
	(TMPDIR=$T lintian -I --pedantic "$deb" 2>&1 | grep -v 'running with root privileges' >"$T/lintian.out") &
	lintian_pid=$!
fi

# Control data.
dep=$(dpkg-deb -f "$deb" Depends)
fio_ver=$(fio --version | sed -n 's/^fio-\([0-9]*\.[0-9]*\).*/\1/p')
case "$dep" in
*"fio (>= $fio_ver)"*"fio (<< "*) ok "Depends: $dep" ;;
*) not_ok "Depends names no fio release range around $fio_ver: $dep" ;;
esac
for lib in libaio1 liburing2 libjansson4 libblkid1; do
	case "$dep" in *"$lib"*) ;; *) not_ok "Depends lacks $lib" ;; esac
done
# What installing it would resolve: each clause (one of its
# alternatives) met by an installed package of this architecture.
arch=$(dpkg-deb -f "$deb" Architecture)
[ "$arch" = "$(dpkg --print-architecture)" ] || [ "$arch" = all ] &&
	ok "Architecture: $arch, this machine's" || not_ok "Architecture: $arch, this machine is $(dpkg --print-architecture)"
echo "$dep" | tr ',' '\n' >"$T/dep.clauses"
unmet= n_dep=0
while IFS= read -r clause; do
	n_dep=$((n_dep + 1))
	met=
	for alt in $(echo "$clause" | tr -d ' ' | tr '|' ' '); do
		name=${alt%%(*} name=${name%%:*}
		have=$(dpkg-query -W -f='${db:Status-Abbrev}${Version}' "$name" 2>/dev/null)
		case "$have" in ii*) ;; *) continue ;; esac
		case "$alt" in
		*'('*)
			rel=${alt#*(} rel=${rel%)}
			op=$(echo "$rel" | sed 's/^\([<>=]*\).*/\1/') ver=${rel#"$op"}
			dpkg --compare-versions "${have#ii }" "$op" "$ver" || continue
			;;
		esac
		met=1
		break
	done
	[ -n "$met" ] || unmet="$unmet [$clause: installed '$(dpkg-query -W -f='${Version}' "$name" 2>/dev/null)']"
done <"$T/dep.clauses"
[ -z "$unmet" ] && ok "all $n_dep Depends clauses met by installed packages (dpkg-query, dpkg --compare-versions)" ||
	not_ok "Depends unmet here:$unmet"
# Removal takes exactly the files of the data; what it would leave is
# conffiles (until purge) and what maintainer scripts make: neither here.
extra=$(ls "$T/ctl" | grep -vx 'control\|md5sums' | tr '\n' ' ')
[ -z "$extra" ] && ok "control data: control and md5sums only (no maintainer scripts, conffiles or triggers: removal would leave nothing)" ||
	not_ok "control data beyond control and md5sums: $extra"
n_files=$(find "$R" -type f | wc -l)
n_sums=$(wc -l <"$T/ctl/md5sums")
if (cd "$R" && md5sum -c --quiet "$T/ctl/md5sums" >"$T/md5.out" 2>&1) && [ "$n_sums" = "$n_files" ]; then
	ok "md5sums: all $n_sums of the $n_files files match (what dpkg --verify would check)"
else
	not_ok "md5sums: $n_sums sums for $n_files files"
	cat "$T/md5.out"
fi

# Data: where and how the files go.
dpkg-deb --contents "$deb" >"$T/contents"
bad=$(awk '$6 !~ /^\.\/(usr\/.*)?$/ || $2 != "root/root" \
	|| ($1 ~ /^-/ && $6 ~ /^\.\/usr\/bin\// && $1 != "-rwxr-xr-x") \
	|| ($1 ~ /^-/ && $6 !~ /^\.\/usr\/bin\// && $1 != "-rw-r--r--") \
	|| ($1 ~ /^d/ && $1 != "drwxr-xr-x") \
	|| $1 ~ /^[^-dl]/ { printf "%s %s %s; ", $1, $2, $6 }' "$T/contents")
[ -z "$bad" ] && ok "dpkg-deb --contents: $(wc -l <"$T/contents") entries, all under ./usr, root/root, programs 0755, files 0644, folders 0755" ||
	not_ok "dpkg-deb --contents: $bad"
# dpkg refuses to install a file another installed package owns (fiorion itself
# may be installed here by the user: its own files are not a clash).
(cd "$R" && find . -type f | sed 's|^\.||' | xargs dpkg-query -S 2>/dev/null) | grep -v '^fiorion:' >"$T/owned"
[ -s "$T/owned" ] && not_ok "files another installed package owns: $(tr '\n' ' ' <"$T/owned")" ||
	ok "none of the $n_files files belongs to an installed package (dpkg-query -S)"
miss=
for f in usr/bin/fiorion usr/bin/fio2orion usr/lib/fio/fio-fiorion.so \
	usr/share/man/man1/fiorion.1.gz usr/share/man/man1/fio2orion.1.gz \
	usr/share/man/man7/fiorion-engine.7.gz \
	usr/share/bash-completion/completions/fiorion usr/share/bash-completion/completions/fio2orion; do
	[ -f "$R/$f" ] || miss="$miss /$f"
done
[ -z "$miss" ] && ok "in the package: programs, engine (/usr/lib/fio), man pages, completions" || not_ok "missing:$miss"
nolib=$(ldd "$R/usr/bin/fiorion" "$R/usr/bin/fio2orion" "$R/usr/lib/fio/fio-fiorion.so" 2>&1 | grep 'not found' | tr '\n' ' ')
[ -z "$nolib" ] && ok "ldd: the two programs and the engine find every library on this machine" || not_ok "ldd: $nolib"
# The man pages: the tree's, compressed, and man renders them.
diff=
for m in man1/fiorion.1 man1/fio2orion.1 man7/fiorion-engine.7; do
	zcat "$R/usr/share/man/$m.gz" 2>/dev/null | cmp -s - "$TOP/man/${m#*/}" || diff="$diff $m"
	MANPAGER=cat PAGER=cat MANWIDTH=80 man -l "$R/usr/share/man/$m.gz" >"$T/man.out" 2>"$T/man.err"
	t=$(echo "${m#*/}" | sed 's/\.\([0-9]\)$/(\1)/' | tr a-z A-Z)
	head -n 1 "$T/man.out" | grep -q "^$t " && grep -q '^NAME' "$T/man.out" ||
		diff="$diff $m(man -l: $(head -n 2 "$T/man.err" | tr '\n' ' '))"
done
[ -z "$diff" ] && ok "man pages: fiorion.1, fio2orion.1, fiorion-engine.7 are the tree's, gzipped, and man -l renders each (title, NAME)" ||
	not_ok "man pages:$diff"
diff=
for c in fiorion fio2orion; do
	cmp -s "$R/usr/share/bash-completion/completions/$c" "$TOP/completions/$c" || diff="$diff $c"
	bash -c '. "$1"; complete -p "$2"' sh "$R/usr/share/bash-completion/completions/$c" $c >/dev/null 2>&1 || diff="$diff $c(complete -p)"
done
[ -z "$diff" ] && ok "completions: fiorion and fio2orion are the tree's and register (complete -p)" || not_ok "completions:$diff"
# Debian's place for documentation: the README and the examples; the job
# files (what fio runs, not documentation) where make install puts them,
# /usr/share/fiorion/jobfiles/, with their README, uncompressed.
D=$R/usr/share/doc/fiorion
J=$R/usr/share/fiorion/jobfiles
miss=
for f in README.md.gz copyright examples/README.md examples/team.fio examples/orion.lun examples/hosts.txt \
	examples/fio-plot.sh; do
	[ -f "$D/$f" ] || miss="$miss $f"
done
n_src=$(ls "$TOP"/jobfiles/*.fio | wc -l)
n_inst=$(ls "$J"/*.fio 2>/dev/null | wc -l)
[ "$n_inst" -eq "$n_src" ] || miss="$miss (job files: $n_inst of $n_src)"
[ ! -e "$D/jobfiles" ] || miss="$miss (/usr/share/doc/fiorion/jobfiles exists)"
zcat "$D/README.md.gz" 2>/dev/null | cmp -s - "$TOP/README.md" || miss="$miss (README.md.gz is not the tree's README.md)"
diff -r "$TOP/jobfiles" "$J" >/dev/null 2>&1 || miss="$miss (jobfiles/ differs from the tree's: $(diff -rq "$TOP/jobfiles" "$J" 2>&1 | head -n 2 | tr '\n' ' '))"
diff -r "$TOP/examples" "$D/examples" >/dev/null 2>&1 || miss="$miss (examples/ differs from the tree's: $(diff -rq "$TOP/examples" "$D/examples" 2>&1 | head -n 2 | tr '\n' ' '))"
[ -z "$miss" ] && ok "/usr/share/fiorion/jobfiles/ ($n_inst job files and README, uncompressed, the tree's, as make install puts them); /usr/share/doc/fiorion: README.md.gz (the tree's), examples/ (the tree's)" ||
	not_ok "doc and job files:$miss"

# The programs, run from the root: fiorion finds the engine beside
# itself as in an installed tree (<bindir>/../lib/fio, driver/locate.c).
FR=$R/usr/bin/fiorion
"$FR" -version >"$T/v.out" 2>&1
grep -qx "engine: $R/usr/lib/fio/fio-fiorion.so" "$T/v.out" && ! grep -q warning "$T/v.out" \
	&& grep -qx "engine built against: $(fio --version)" "$T/v.out" \
	&& grep -qx "installed fio: $(fio --version)" "$T/v.out" \
	&& ok "fiorion -version: the engine in <root>/usr/lib/fio, built against the installed $(fio --version), no mismatch" \
	|| { not_ok "fiorion -version"; cat "$T/v.out"; }
# The program alone (no lib/fio beside it): the folder compiled in, where
# the package puts the engine.
mkdir "$T/alone" && cp "$FR" "$T/alone/"
"$T/alone/fiorion" -version >"$T/va.out" 2>&1
grep -q "^engine: /usr/lib/fio/fio-fiorion.so\( (not found)\)\{0,1\}$" "$T/va.out" \
	&& ok "fiorion alone: $(grep '^engine:' "$T/va.out") (the libdir compiled in is the package's)" \
	|| { not_ok "fiorion alone: the compiled-in engine path"; cat "$T/va.out"; }
"$R/usr/bin/fio2orion" -version >"$T/f2o.out" 2>&1 && grep -q "^fio2orion (fiorion) " "$T/f2o.out" && ! grep -q warning "$T/f2o.out" \
	&& ok "fio2orion -version: $(head -n 1 "$T/f2o.out"), no mismatch" || { not_ok "fio2orion -version"; cat "$T/f2o.out"; }

mkdir "$T/run"
cd "$T/run" || exit 1
dd if=/dev/urandom of=lun0 bs=1M count=64 status=none
echo "$T/run/lun0" >t.lun
# the two runners' runs at once (own folders; nothing here judges time)
for runner in fio builtin; do
	"$FR" -run simple -duration 1 -runner $runner -testname t -outdir $runner >$runner.out 2>$runner.err &
	echo $! >$runner.pid
done
for runner in fio builtin; do
	if wait "$(cat $runner.pid)" && grep -qx 'Total Data Points: 8' $runner/t_summary.txt \
		&& [ "$(orion_files $runner/t)" = 5 ] \
		&& [ -s $runner/t_trace.txt ]; then
		ok "<root>/usr/bin/fiorion -run simple -runner $runner: ORION's 5 files, 8 data points"
	else
		not_ok "<root>/usr/bin/fiorion -run simple -runner $runner"
		cat $runner.out $runner.err
	fi
done
grep -qx "ioengine=external:$R/usr/lib/fio/fio-fiorion.so" fio/t_jobs/p001.fio \
	&& ok "the job files load <root>/usr/lib/fio/fio-fiorion.so in stock $(fio --version)" || not_ok "engine path in the job files: $(grep '^ioengine' fio/t_jobs/p001.fio)"
cd "$T" || exit 1

if [ -n "${lintian_pid-}" ]; then
	wait "$lintian_pid"
	echo "# lintian -I --pedantic: $(wc -l <"$T/lintian.out") tag(s)"
	sed 's/^/# /' "$T/lintian.out"
	ok "lintian ran (report only)"
	if [ -s "$T/lintian.out" ] && grep -q "usr/share/doc\|usr/share/fiorion\|documentation" "$T/lintian.out"; then
		not_ok "lintian on the doc or job files: $(grep 'usr/share/doc\|usr/share/fiorion\|documentation' "$T/lintian.out" | tr '\n' ' ')"
	else
		ok "lintian: no finding on the documentation's or the job files' place"
	fi
else
	skip_test "lintian" "not installed"
fi
finish
