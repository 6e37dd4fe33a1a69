#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# check-ties.sh -- trees, not ties (docs/architecture.md, Layers): no two
# source files may each use a function or a variable the other defines.
# A part carved out of a file calls into its parent; the parent does not
# call back into it, or the two are one file in two pieces. Read from the
# build's objects (nm): what a file uses is what its object leaves
# undefined, whoever declared it.
#
# Usage: scripts/check-ties.sh [-v] [BUILD]   (default: build)
# Prints each tie as
#   A <-> B: A uses NAMES; B uses NAMES
# and exits 1 when there is one not in the list below, 0 otherwise (-v:
# the known ones are printed too, on standard output). Only
# the objects of today's sources are read (a moved file's old object in
# BUILD is not); a source without its object is passed over.
#
# Known ties, being removed (they do not fail): one pair a line, as the
# tie's line names it. Empty now: a new tie fails the build.
known='
'
verbose=0
if [ "${1:-}" = -v ]; then
	verbose=1
	shift
fi
b=${1:-build}
objs=
for src in $(find common run plugin converter driver -name '*.c' 2>/dev/null | sort); do
	[ ! -f "$b/${src%.c}.o" ] || objs="$objs $b/${src%.c}.o"
done
[ -n "$objs" ] || exit 0
# shellcheck disable=SC2086
nm -A $objs | awk -v b="$b/" '
	{
		f = $1
		sub(/:.*$/, "", f)
		f = substr(f, length(b) + 1)
		sub(/\.o$/, ".c", f)
	}
	$2 == "U" { print "U\t" f "\t" $3 }
	NF == 3 && $2 ~ /^[TDBRCGS]$/ { print "D\t" f "\t" $3 }' | awk -F '\t' -v known="$known" -v verbose=$verbose '
BEGIN {
	n = split(known, k, "\n")
	for (i = 1; i <= n; i++)
		if (k[i] != "")
			ok[k[i]] = 1
}
$1 == "D" {
	if ($3 in def && def[$3] != $2)
		twice[$3] = 1
	def[$3] = $2
	next
}
{ use[NR] = $2 "\t" $3 }
END {
	for (i in use) {
		split(use[i], u, "\t")
		s = u[2]
		if (!(s in def) || (s in twice) || def[s] == u[1])
			continue
		e = u[1] "\t" def[s]
		names[e] = (e in names) ? names[e] " " s : s
	}
	bad = 0
	for (e in names) {
		split(e, p, "\t")
		if (p[1] >= p[2] || !((p[2] "\t" p[1]) in names))
			continue
		line = p[1] " <-> " p[2]
		msg = line ": " p[1] " uses " sorted(names[e]) "; " p[2] " uses " sorted(names[p[2] "\t" p[1]])
		if (line in ok) {
			if (verbose)
				print "check-ties: known: " msg
		} else {
			print "check-ties: " msg " (docs/architecture.md, Layers: trees, not ties)" > "/dev/stderr"
			bad = 1
		}
	}
	exit bad
}
function sorted(s,    a, n, i, j, t, out) {
	n = split(s, a, " ")
	for (i = 2; i <= n; i++)
		for (j = i; j > 1 && a[j - 1] > a[j]; j--) {
			t = a[j]; a[j] = a[j - 1]; a[j - 1] = t
		}
	out = a[1]
	for (i = 2; i <= n; i++)
		out = out ", " a[i]
	return out
}'
