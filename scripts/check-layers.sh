#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# check-layers.sh -- the layer rule of docs/architecture.md, enforced by
# the build: a source file may include (#include "...") headers of its
# own folder and of the folders its line below names, never others. A
# source in a folder this table does not name is refused too: a new
# folder takes its place here (and in docs/architecture.md) first.
#
# The folders, from the ground up, and what each may use besides itself:
rules='
common
run			common
plugin			common
converter/fiojson	run common
converter/points	converter/fiojson run common
converter/limits	converter/points converter/fiojson run common
converter/curve		converter/points converter/fiojson run common
converter/export	converter/curve converter/limits converter/points converter/fiojson run common
converter/orion		converter/curve converter/limits converter/points converter/fiojson run common
converter/report	converter/orion converter/curve converter/limits converter/points converter/fiojson run common
converter/compare	converter/report converter/orion converter/curve converter/limits converter/points converter/fiojson run common
converter/set		converter/report converter/orion converter/curve converter/limits converter/points converter/fiojson run common
converter/fio2orion	converter/set converter/compare converter/report converter/orion converter/export converter/curve converter/limits converter/points converter/fiojson run common
driver/runner		plugin common
driver			driver/runner plugin converter/set converter/report converter/orion converter/export converter/curve converter/limits converter/points converter/fiojson run common
'
# (plugin/fio_engine.c includes fio's headers too; tests/ may use anything.)
#
# Usage: scripts/check-layers.sh [ROOT]. Prints each violation as
# FILE:LINE: includes HEADER (FOLDER/), which LAYER/ may not use; exits 1
# when there is one, 0 otherwise.
root=${1:-.}
cd "$root" || exit 2
dirs=$(printf '%s\n' "$rules" | awk 'NF { print $1 }')
tmp=${TMPDIR:-/tmp}/layers.$$
# shellcheck disable=SC2086
find $dirs -maxdepth 1 -name '*.[ch]' 2>/dev/null | sort >"$tmp.files"
status=0
# A source in a folder the table does not name.
find common run plugin converter driver -name '*.[ch]' 2>/dev/null | sort | comm -23 - "$tmp.files" >"$tmp.lost"
while read -r f; do
	echo "$f: in $(dirname "$f")/, which has no place in the layer rule (scripts/check-layers.sh, docs/architecture.md)" >&2
	status=1
done <"$tmp.lost"
# Each include of a header of the tree: where it lives (its own folder
# first, as the compiler looks; header names are unique), and whether the
# includer's folder may use that one.
awk -v rules="$rules" -v files="$tmp.files" '
BEGIN {
	n = split(rules, r, "\n")
	for (i = 1; i <= n; i++) {
		k = split(r[i], w, /[ \t]+/)
		for (j = 2; j <= k; j++)
			may[w[1], w[j]] = 1
	}
	while ((getline f < files) > 0) {
		d = f
		sub(/\/[^\/]*$/, "", d)
		h = substr(f, length(d) + 2)
		have[f] = 1
		if (f ~ /\.h$/ && !(h in where))
			where[h] = d
	}
	bad = 0
}
FNR == 1 {
	layer = FILENAME
	sub(/\/[^\/]*$/, "", layer)
}
/^[ \t]*#[ \t]*include[ \t]*"/ {
	h = $0
	sub(/^[^"]*"/, "", h)
	sub(/".*$/, "", h)
	if ((layer "/" h) in have || !(h in where))
		next # its own folder, or a system or fio header (fio_engine.c)
	if (!((layer, where[h]) in may)) {
		printf "%s:%d: includes %s (%s/), which %s/ may not use (docs/architecture.md, Layers)\n",
			FILENAME, FNR, h, where[h], layer > "/dev/stderr"
		bad = 1
	}
}
END { exit bad }' $(cat "$tmp.files") || status=1
rm -f "$tmp.files" "$tmp.lost"
exit $status
