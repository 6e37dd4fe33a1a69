#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Description: the front door and the manual hold together (issue 42).
# Every relative link in README.md and docs/*.md resolves: the file or
# folder it names exists, and an #anchor names a heading of the target
# Markdown file by GitHub's slug rule (lower case; characters other than
# letters, digits, '_', '-' and blanks dropped; blanks as '-'; -1, -2 for
# a repeated heading). Links inside code (fenced blocks, `spans`) are not
# links; web addresses are not checked. README.md is at most 300 lines.
# The checker itself is first run on files written here with known
# answers.
. "$(dirname "$0")/lib.sh"

if ! command -v python3 >/dev/null 2>&1; then
	skip_test "document links" "no python3"
	finish
	exit 0
fi

# doclinks FILE...: one line "FILE:LINE: TARGET: why" per broken link;
# exit 1 when there is one.
doclinks() {
	python3 - "$@" <<'PY'
import os, re, sys

FENCE = re.compile(r"^\s*(```|~~~)")
LINK = re.compile(r"!?\[(?:[^\[\]]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")

def prose(path):
    """(line number, text) of the lines outside fenced code, code spans blanked."""
    out, fence = [], None
    for n, line in enumerate(open(path, encoding="utf-8"), 1):
        m = FENCE.match(line)
        if m:
            if fence is None:
                fence = m.group(1)
            elif line.strip().startswith(fence):
                fence = None
            continue
        if fence is None:
            out.append((n, re.sub(r"`[^`]*`", lambda s: " " * len(s.group(0)), line)))
    return out

def slug(text):
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)   # a link: its text
    # inline HTML tags dropped, but not inside `code`, which is literal
    parts = re.split(r"(`[^`]*`)", text)
    text = "".join(p[1:-1] if p.startswith("`") else re.sub(r"<[^>]+>", "", p) for p in parts)
    text = text.replace("*", "").strip().lower()
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")

anchors = {}
def anchors_of(path):
    if path not in anchors:
        seen, found, fence = {}, set(), None
        for line in open(path, encoding="utf-8"):
            m = FENCE.match(line)
            if m:
                if fence is None:
                    fence = m.group(1)
                elif line.strip().startswith(fence):
                    fence = None
                continue
            h = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line) if fence is None else None
            if h:
                s = slug(h.group(1))
                k = seen.get(s, 0)
                seen[s] = k + 1
                found.add(s if k == 0 else "%s-%d" % (s, k))
        anchors[path] = found
    return anchors[path]

bad = 0
for src in sys.argv[1:]:
    for n, line in prose(src):
        for target in LINK.findall(line):
            if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I):
                continue                                   # http:, mailto:, ...
            path, _, anchor = target.partition("#")
            dest = os.path.normpath(os.path.join(os.path.dirname(src), path)) if path else src
            why = None
            if not os.path.exists(dest):
                why = "no such file"
            elif anchor:
                if not dest.endswith(".md") or os.path.isdir(dest):
                    why = "an anchor in a file that is not Markdown"
                elif anchor not in anchors_of(dest):
                    why = "no heading '#%s' in %s" % (anchor, dest)
            if why:
                bad += 1
                print("%s:%d: %s: %s" % (src, n, target, why))
sys.exit(1 if bad else 0)
PY
}

# --- the checker, on known answers
mkdir -p "$T/k/docs"
cat >"$T/k/docs/page.md" <<'EOF'
# A page

## Options (-fio_opt, -include)

## fio's `io_uring` options

### `<T>.hosts.csv`

## Twice

## Twice

```
# not a heading
```
EOF
cat >"$T/k/README.md" <<'EOF'
Good: [a](docs/page.md), [b](docs/page.md#options--fio_opt--include),
[c](docs/page.md#fios-io_uring-options), [d](docs/page.md#twice-1),
[m](docs/page.md#thostscsv),
![e](docs/page.md), [f](https://example.com/x#y), [g](#here), [h](docs/).

# Here

Bad: [i](docs/nope.md), [j](docs/page.md#not-a-heading), [k](#nowhere),
[l](docs/page.md#twice-2).

`[not a link](docs/nope.md)`

```
[not a link either](docs/nope.md)
```
EOF
doclinks "$T/k/README.md" >"$T/k.out" 2>&1
want="docs/nope.md: no such file
docs/page.md#not-a-heading: no heading
#nowhere: no heading
docs/page.md#twice-2: no heading"
got=$(sed 's/^[^:]*:[0-9]*: //; s/\(no heading\).*/\1/' "$T/k.out")
if [ "$got" = "$want" ]; then
	ok "the link checker finds exactly the 4 broken links of a known file (and none of its 9 good ones, nor links in code)"
else
	not_ok "the link checker on a known file"
	cat "$T/k.out"
fi

# --- the README and the manual
cd "$TOP" || exit 1
n=$(ls README.md docs/*.md | wc -l)
if doclinks README.md docs/*.md >"$T/links.out" 2>&1; then
	ok "every relative link in README.md and docs/*.md resolves ($n files)"
else
	not_ok "broken links in README.md and docs/*.md:"
	cat "$T/links.out"
fi

lines=$(wc -l <README.md)
if [ "$lines" -le 300 ]; then
	ok "README.md is $lines lines (at most 300)"
else
	not_ok "README.md is $lines lines, over 300: move detail into docs/"
fi
finish
