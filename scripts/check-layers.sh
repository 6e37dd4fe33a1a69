#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# check-layers.sh -- the layer rule of docs/architecture.md, enforced by
# the build: a source file may include (#include "...") headers of its
# own layer and of the layers below it, never above.
#
#   common/          common/
#   run/             run/ common/
#   plugin/          plugin/ common/ (fio_engine.c: fio's headers too)
#   converter/       converter/ run/ common/
#   driver/runner/   driver/runner/ plugin/ common/
#   driver/          driver/ driver/runner/ plugin/ converter/ run/ common/
#   tests/           anything
#
# Usage: scripts/check-layers.sh [ROOT]. Prints each violation as
# FILE:LINE: includes HEADER (LAYER), which LAYER may not use; exits 1
# when there is one, 0 otherwise.
root=${1:-.}
cd "$root" || exit 2
awk '
FNR == 1 {
	layer = FILENAME
	sub(/\/[^\/]*$/, "", layer)
}
/^[ \t]*#[ \t]*include[ \t]*"/ {
	h = $0
	sub(/^[^"]*"/, "", h)
	sub(/".*$/, "", h)
	print FILENAME "\t" FNR "\t" layer "\t" h
}' $(find common run plugin converter driver -name '*.[ch]' | sort) >"${TMPDIR:-/tmp}/layers.$$"
status=0
while IFS='	' read -r file line layer h; do
	# Where the header lives (the -I order: common run plugin converter driver driver/runner).
	where=
	for d in "$(dirname "$file")" common run plugin converter driver driver/runner; do
		if [ -f "$d/$h" ]; then where=$d; break; fi
	done
	[ -n "$where" ] || continue	# a system or fio header (fio_engine.c)
	case "$layer:$where" in
	common:common) ;;
	run:run | run:common) ;;
	plugin:plugin | plugin:common) ;;
	converter:converter | converter:run | converter:common) ;;
	driver/runner:driver/runner | driver/runner:plugin | driver/runner:common) ;;
	driver:driver | driver:driver/runner | driver:plugin | driver:converter | driver:run | driver:common) ;;
	*)
		echo "$file:$line: includes $h ($where/), which $layer/ may not use (docs/architecture.md, Layers)" >&2
		status=1 ;;
	esac
done <"${TMPDIR:-/tmp}/layers.$$"
rm -f "${TMPDIR:-/tmp}/layers.$$"
exit $status
