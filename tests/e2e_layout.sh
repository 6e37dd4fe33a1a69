#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Description: the layout documented as it is. Every folder of sources
# (common/, run/, plugin/, each room of converter/, driver/,
# driver/runner/) is named in docs/architecture.md's "Layers" and at the
# start of a line of its "Layout"; every such folder those two sections
# name exists; run/ and each room of converter/ has its README.md (its
# one job, what it may use) and holds no more than 25 files.
. "$(dirname "$0")/lib.sh"

cd "$TOP" || exit 1
# A "## TITLE" section of a Markdown file, to the next "## ".
section() { awk -v t="$2" '/^## / { on = index($0, "## " t) == 1; next } on' "$1"; }
section docs/architecture.md "Layers" >"$T/layers"
section docs/architecture.md "Layout" >"$T/layout"
[ -s "$T/layers" ] && [ -s "$T/layout" ] || { not_ok "no Layers or Layout section"; finish; exit 0; }

find common run plugin converter driver -name '*.[ch]' -exec dirname {} \; | sort -u >"$T/dirs"
miss=
while read -r d; do
	grep -qF "\`$d/\`" "$T/layers" || miss="$miss $d/ (docs/architecture.md, Layers)"
	grep -q "^$d/ " "$T/layout" || miss="$miss $d/ (docs/architecture.md, Layout)"
done <"$T/dirs"
if [ -z "$miss" ] && [ -s "$T/dirs" ]; then
	ok "every folder of sources is named in the docs ($(wc -l <"$T/dirs") folders)"
else
	not_ok "folders of sources the docs do not name:$miss"
fi

# The folders the two sections name: `X/` in Layers, X/ at a line's start
# in Layout, X under the source trees.
{
	grep -o '`\(common\|run\|plugin\|converter\|driver\)[a-z0-9_/]*/`' "$T/layers" | tr -d '`'
	grep -o '^\(common\|run\|plugin\|converter\|driver\)[a-z0-9_/]*/ ' "$T/layout" | tr -d ' '
} | sort -u >"$T/named"
stale=
while read -r d; do
	[ -d "$d" ] || stale="$stale $d"
done <"$T/named"
if [ -z "$stale" ]; then
	ok "every folder the docs name exists"
else
	not_ok "the docs name folders that do not exist:$stale"
fi

nore= big=
for d in run converter/*/; do
	d=${d%/}
	[ -f "$d/README.md" ] || nore="$nore $d/"
	n=$(find "$d" -maxdepth 1 -type f | wc -l)
	[ "$n" -le 25 ] || big="$big $d/ ($n files)"
done
if [ -z "$nore" ]; then
	ok "run/ and each room of converter/ say their job in a README.md"
else
	not_ok "without a README.md:$nore"
fi
if [ -z "$big" ]; then
	ok "run/ and no room of converter/ holds more than 25 files"
else
	not_ok "folders over 25 files:$big"
fi
finish
