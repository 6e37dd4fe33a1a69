#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# setup.sh -- install what fiorion needs to build, package and test, on Debian 12.
#
# Usage: scripts/setup.sh [check [DIR]|check-unit|packages [build|deb|test]|fio-src DIR|all DIR]
#
#   check [DIR]  install nothing: name, in one line, the packages a build
#                needs that are missing (and fio's source in DIR when it
#                is not there); exit 1 when something is missing
#   check-unit   the same for what the unit tests' build adds (cmocka)
#   packages [SET]  install the Debian packages of SET (when missing):
#                build (the default; make deps, make demo): what building
#                and running fiorion need; deb (make deb): build's and the
#                Debian package's build tools; test (make check): all of
#                those and what the tests add
#   fio-src DIR  fetch the fio source of the installed fio's exact version
#                into DIR with 'apt-get source', then run its ./configure
#                (config-host.h); DIR is left alone when it is already
#                configured for that version; a source of another release
#                there (a new fio installed) is moved to DIR-<its version>
#   all DIR      packages build, then fio-src DIR
#
# Idempotent: each step checks first and does nothing when it is done.
# Needs root (or sudo) only when something must be installed.
set -eu

# What a build needs (make; a plain make checks these), with fio, whose
# release the engine is built for.
BUILD_PKGS="gcc make pkg-config liburing-dev libaio-dev libblkid-dev libjansson-dev zlib1g-dev liblzma-dev libzstd-dev fio"
# The build set make deps installs: BUILD_PKGS and dpkg-dev, whose
# dpkg-source 'apt-get source fio' needs (fio-src).
DEPS_PKGS="$BUILD_PKGS dpkg-dev"
# The Debian package's build (make deb): debhelper (dh), and
# build-essential, which dpkg-buildpackage's build-dependency check
# always asks for.
DEB_PKGS="$DEPS_PKGS build-essential debhelper"
# What the unit tests' build adds (make check-unit): cmocka, which only
# the test binaries link.
UNIT_PKGS="libcmocka-dev"
# make check: all of the above, and clang with its fuzzer runtime: the
# libFuzzer harnesses; e2fsprogs (mkfs.ext4) and util-linux (losetup): the
# safety tests' LUNs; groff and mandoc: the man pages' lint; lintian: the
# Debian package's check; chromium (headless) and libxml2-utils (xmllint):
# the HTML report's test renders it and checks its SVG
# (tests/e2e_report.sh); clang-format: make format-check (make check runs
# it first); strace: tests/e2e_bigjson.sh counts the converter's threads;
# time and python3 (python3-fusepy: the FUSE files of the stuck and slow
# LUN tests): the suites' measurements and helpers.
TEST_PKGS="$DEB_PKGS $UNIT_PKGS time python3 python3-fusepy clang libclang-rt-14-dev clang-format e2fsprogs util-linux groff mandoc lintian chromium libxml2-utils strace"

die() { echo "setup: $*" >&2; exit 1; }
note() { echo "setup: $*" >&2; }

as_root() {
	if [ "$(id -u)" = 0 ]; then "$@"
	elif command -v sudo >/dev/null 2>&1; then sudo "$@"
	else die "need root to run: $*"
	fi
}

apt_updated=
apt_update() {
	[ -n "$apt_updated" ] && return 0
	# Third-party sources may be unreachable; Debian's own are what we need.
	as_root apt-get update -qq >/dev/null 2>&1 || note "apt-get update reported errors (continuing)"
	apt_updated=1
}

missing_pkgs() {
	for p in $1; do
		s=$(dpkg-query -W -f='${Status}' "$p" 2>/dev/null || true)
		case "$s" in *" installed") ;; *) printf '%s ' "$p" ;; esac
	done
}

# do_packages PACKAGES: install those of PACKAGES that are missing.
do_packages() {
	miss=$(missing_pkgs "$1")
	[ -z "$miss" ] && return 0
	note "installing: $miss"
	apt_update
	as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $miss >/dev/null \
		|| die "apt-get install failed for: $miss"
	miss=$(missing_pkgs "$1")
	[ -z "$miss" ] || die "still missing after install: $miss"
}

have_deb_src() {
	grep -rqsE '^[[:space:]]*(deb-src|Types:.*deb-src)' /etc/apt/sources.list /etc/apt/sources.list.d/ 2>/dev/null
}

add_deb_src() {
	have_deb_src && return 0
	note "adding a deb-src entry for bookworm (/etc/apt/sources.list.d/fiorion-deb-src.sources)"
	as_root sh -c 'cat > /etc/apt/sources.list.d/fiorion-deb-src.sources' <<'SRC'
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SRC
	apt_updated=
}

# fio_bin_version: "3.33" from "fio-3.33"
fio_bin_version() {
	command -v fio >/dev/null 2>&1 || die "fio is not installed (run: scripts/setup.sh packages)"
	fio --version | sed -n 's/^fio-\([0-9][0-9.]*\).*/\1/p'
}

# fio_src_version DIR: "3.33" from DIR/FIO-VERSION-GEN
fio_src_version() {
	sed -n 's/^DEF_VER=fio-\([0-9][0-9.]*\).*/\1/p' "$1/FIO-VERSION-GEN" 2>/dev/null
}

do_fio_src() {
	dir=$1
	want=$(fio_bin_version)
	[ -n "$want" ] || die "cannot read the version of $(command -v fio)"
	if [ -f "$dir/config-host.h" ] && [ "$(fio_src_version "$dir")" = "$want" ]; then
		return 0
	fi
	# A new fio release installed: the old source is kept beside, never removed.
	if [ -f "$dir/FIO-VERSION-GEN" ] && [ "$(fio_src_version "$dir")" != "$want" ]; then
		old=$dir-$(fio_src_version "$dir")
		[ ! -e "$old" ] || die "'$dir' is fio-$(fio_src_version "$dir"), the installed fio is fio-$want, and '$old' is in the way of keeping it there: remove one of them, or set FIO_SRC"
		note "'$dir' is fio-$(fio_src_version "$dir"), the installed fio is fio-$want: keeping it as '$old', fetching fio-$want"
		mv "$dir" "$old"
	fi
	if [ -e "$dir" ] && [ ! -f "$dir/FIO-VERSION-GEN" ]; then
		die "'$dir' exists but is not a fio source tree; remove it or set FIO_SRC"
	fi
	if [ ! -f "$dir/FIO-VERSION-GEN" ]; then
		command -v dpkg-source >/dev/null 2>&1 || do_packages dpkg-dev
		add_deb_src
		apt_update
		debver=$(dpkg-query -W -f='${Version}' fio)
		tmp=$(mktemp -d "${TMPDIR:-/tmp}/fiorion-fio-src.XXXXXX")
		note "fetching fio source $debver (apt-get source fio=$debver)"
		(cd "$tmp" && apt-get source -qq "fio=$debver" >/dev/null 2>&1) \
			|| (cd "$tmp" && apt-get source -qq fio >/dev/null 2>&1) \
			|| { rm -rf "$tmp"; die "apt-get source fio failed (is a deb-src entry reachable?)"; }
		src=$(find "$tmp" -mindepth 1 -maxdepth 1 -type d -name 'fio-*' | head -n 1)
		[ -n "$src" ] || { rm -rf "$tmp"; die "apt-get source fio produced no fio-* folder"; }
		mkdir -p "$(dirname "$dir")"
		mv "$src" "$dir"
		rm -rf "$tmp"
	fi
	have=$(fio_src_version "$dir")
	[ "$have" = "$want" ] || die "fio version mismatch: binary $(command -v fio) is fio-$want, source '$dir' is fio-$have"
	note "configuring fio-$have in $dir"
	(cd "$dir" && ./configure --disable-native >configure.log 2>&1) \
		|| die "fio ./configure failed, see $dir/configure.log"
	[ -f "$dir/config-host.h" ] || die "fio ./configure wrote no config-host.h in $dir"
}

do_check() {
	miss=$(missing_pkgs "$BUILD_PKGS")
	src=
	if [ -n "${1:-}" ] && [ ! -f "$1/config-host.h" ]; then
		src="fio's source ($1, for the engine)"
	fi
	[ -z "$miss$src" ] && return 0
	echo "fiorion: missing: ${miss:+packages ${miss% }}${miss:+${src:+; }}$src. Run 'make deps' to install them (needs root), or install them yourself." >&2
	exit 1
}

# check-unit: what the test binaries need beyond a build, in one line.
do_check_unit() {
	miss=$(missing_pkgs "$UNIT_PKGS")
	[ -z "$miss" ] && return 0
	echo "fiorion: missing for the unit tests: packages ${miss% }. Run 'make test-deps' to install them (needs root), or install them yourself." >&2
	exit 1
}

usage="usage: setup.sh [check [DIR]|check-unit|packages [build|deb|test]|fio-src DIR|all DIR]"
case "${1:-all}" in
check) do_check "${2:-}" ;;
check-unit) do_check_unit ;;
packages)
	case "${2:-build}" in
	build) do_packages "$DEPS_PKGS" ;;
	deb) do_packages "$DEB_PKGS" ;;
	test) do_packages "$TEST_PKGS" ;;
	*) die "$usage" ;;
	esac ;;
fio-src) [ $# -eq 2 ] || die "usage: setup.sh fio-src DIR"; do_fio_src "$2" ;;
all) [ $# -eq 2 ] || die "usage: setup.sh all DIR"; do_packages "$DEPS_PKGS"; do_fio_src "$2" ;;
*) die "$usage" ;;
esac
