#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Description: fio2orion -compare tells noise from change (issue 23,
# item 5), judged exactly: every run is `fiorion -run advanced -matrix
# row -num_large 0 -num_disks 1 -duration 2 -parts 1` (small ladder 1..5,
# whole points: the steps below are each point's own) with
# the built-in runner on backend=null's model device in virtual time
# (-backend null -fio_opt service_us=D -fio_opt virtual_time=1, one
# server), so each cell's numbers and its interval are known before the
# run, whatever the machine is doing (issue 39; it used to be three
# ladders on throttled loop devices, whose ratios a busy machine moved by
# 2-3 %). A closed loop on one server of D us reads 1 / D IOPS at every
# load; the devices' service times step every 0.5 s (service_steps), so
# that fio's four 500 ms IOPS samples of a point alternate and give each
# cell a known 95 % interval (converter/points/interval.h):
#   A: 500 / 520 us: 2000 and 1923.1 IOPS, the cell 1961.5 +- t(0.975, 3)
#      s / sqrt(4) = +-3.60 %
#   B: 625 / 650 us, A x 1.25: 0.800 of A's IOPS, latency 1.250
#   C: 505 / 525 us, 1 % slower: 0.990, inside the two intervals (a cell
#      ratio's interval is its two figures' +-3.60 % in quadrature, 5.1 %)
#   D: 550 / 572 us, 10 % slower: 0.909, outside them
#   E, F, G: -repeat 3 at 500, 505 and 550 us without steps: every pass
#      the same, so each cell's interval (across passes) has no width
# 1. A's cells: 1961.5 IOPS within 0.1 % and the interval +-3.60 % within
#    0.05 (its bounds in .points.csv).
# 2. B / A: all 5 small IOPS cells changed worse at 0.800 +- 0.002, the
#    latency cells changed worse at 1.250 +- 0.003, and the class's
#    geometric mean 0.800 changed worse.
# 3. C / A: all 5 unchanged (noise); D / A: all 5 changed worse at 0.909
#    (a change of 10 % is seen).
# 4. F / E: a change of 1 % with intervals of no width, whose ratio's
#    interval excludes 1, is unchanged in all 5 cells: a change must also
#    be 5 % or more (issue 43); G / E, 10 % with intervals of no width, is
#    changed worse.
# 5. The pages' counts say what their cells are marked.
# 6. Without -html, -compare prints the same comparison as a text table on
#    stdout (issue 43): exit 0 though cells changed; a row per cell and
#    class with both figures, the ratio and the mark, the marks and counts
#    those of the page; -outdir without -html refused.
# 7. The rule is one sentence, the same in the text, the page, -help and
#    docs/report.md.
# FIORION_TEST_INJECT=1 (a demonstration, never in make check): A runs on a
# device 10 % slower (550 / 572 us, E on 550 us) and every check but the
# count of the marks must fail.
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
F2O=$TOP/build/fio2orion
cd "$T" || exit 1
inj=${FIORION_TEST_INJECT:-0}
mkfile lun 16
echo "$T/lun" >cmp.lun

# vrun NAME REPEAT US [STEPS]: the small ladder on the model device of US
# us (stepping as STEPS: SECONDS:US,...), REPEAT passes, in folder NAME
vrun() {
	set -- "$1" "$2" "$3" "${4:+-fio_opt service_steps=$4}"
	# shellcheck disable=SC2086
	"$FR" -run advanced -matrix row -num_large 0 -num_disks 1 -testname cmp -duration 2 \
		-repeat "$2" -parts 1 -backend null -fio_opt servers=1 -fio_opt service_us="$3" $4 \
		-fio_opt virtual_time=1 -outdir "$1" >"$1.out" 2>"$1.err" ||
		{ echo "# run $1 failed"; sed 's/^/# /' "$1.err"; }
}
a=500 a2=520
[ "$inj" = 1 ] && a=550 a2=572
vrun A 1 $a "0.5:$a2,1:$a,1.5:$a2"
vrun B 1 625 0.5:650,1:625,1.5:650
vrun C 1 505 0.5:525,1:505,1.5:525
vrun D 1 550 0.5:572,1:550,1.5:572
vrun E 3 $a
vrun F 3 505
vrun G 3 550

# 1. A's cells and their intervals, from .points.csv
if awk -F, 'NR > 1 && $2 == 0 {
		m = (1e6 / 500 + 1e6 / 520) / 2; d = (1e6 / 500 - 1e6 / 520) / 2
		hw = 3.182 * sqrt(4 * d * d / 3) / 2 / m
		h = ($5 - $4) / 2 / $3
		printf "small=%d %.1f IOPS (%.1f-%.1f: +-%.2f %%)\n", $1, $3, $4, $5, 100 * h
		if ($3 < m * 0.999 || $3 > m * 1.001 || h < hw - 0.0005 || h > hw + 0.0005) bad = 1
		n++
	} END { exit bad || n != 5 }' A/cmp.points.csv >a.txt 2>&1; then
	ok "A (500 / 520 us): each small cell 1961.5 IOPS within 0.1 % and +-3.60 % (t(0.975, 3) s / sqrt(4) of its 500 ms samples, 2000 and 1923.1 IOPS): $(sed 's/ IOPS//' a.txt | tr '\n' ';')"
else
	not_ok "A's cells against 1961.5 IOPS +-3.60 %: $(tr '\n' ';' <a.txt)"
fi

# The comparisons: A with B, C and D; E with F. marks.txt: a line a cell,
# "RUN CLASS MARK RATIO LO HI" (CLASS iops, lat, or giops / glat for the
# class's geometric mean), and "RUN count TEXT", the page's count of the
# small IOPS cells.
if ! "$F2O" -compare A B C D -html -outdir out -testname c >c.out 2>c.err ||
   ! "$F2O" -compare E F G -html -outdir out -testname p >p.out 2>p.err; then
	not_ok "fio2orion -compare did not run"
	cat c.err p.err
	finish
	exit 0
fi
python3 - out/c.compare.html:ABCD out/p.compare.html:EFG >marks.txt <<'EOF'
import re, sys
# PAGE:RUNS: the page labels its runs A, B, ... in the order given; RUNS
# are their folders' names here
for arg in sys.argv[1:]:
    page, runs = arg.split(":")
    name = lambda l: runs[ord(l) - ord("A")]
    h = open(page).read()
    for m in re.finditer(r"<h2>Each cell, (\w) / \w</h2>(.*?)</table>", h, re.S):
        run, sec = name(m.group(1)), m.group(2)
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", sec, re.S):
            cells = re.findall(r'<td class="num ([a-z ]+)"[^>]*>([0-9.]+) \(([0-9.]+)-([0-9.]+)\)', row)
            if len(cells) < 2:
                continue
            g = "g" if "geometric mean" in row else ""
            for cls, (mark, v, lo, hi) in zip(("iops", "lat"), (cells[0], cells[-1])):
                print(run, g + cls, mark.replace("changed ", ""), v, lo, hi)
    for m in re.finditer(r'<li class="count">(\w) / \w, small IOPS: ([^;<]*)', h):
        print(name(m.group(1)), "count", m.group(2))
EOF
# judge WHAT RUN CLASS MARK LO HI: every cell of RUN in CLASS marked MARK,
# its ratio within LO..HI
judge() {
	got=$(awk -v r="$2" -v c="$3" -v k="$4" -v lo="$5" -v hi="$6" '$1 == r && $2 == c {
		m++; if ($3 == k && $4 >= lo && $4 <= hi) n++; v = v " " $4 " " $3
	} END { printf "%d of %d:%s", n, m, v }' marks.txt)
	case $got in
	"5 of 5:"* | "1 of 1:"*) ok "$1:${got#*:}" ;;
	*) not_ok "$1: $got" ;;
	esac
}
# 2.
judge "B / A (1.25 x A's service time): every small IOPS cell changed worse at 0.800 +- 0.002" B iops worse 0.798 0.802
judge "B / A: every small latency cell changed worse at 1.250 +- 0.003" B lat worse 1.247 1.253
judge "B / A: the small IOPS class's geometric mean changed worse at 0.800 +- 0.002" B giops worse 0.798 0.802
# 3.
judge "C / A (1 % slower, inside the cells' intervals): every small IOPS cell unchanged, 0.990 +- 0.002" C iops unchanged 0.988 0.992
judge "D / A (10 % slower, outside them): every small IOPS cell changed worse, 0.909 +- 0.002" D iops worse 0.907 0.911
# 4.
judge "F / E (-repeat 3, the passes alike: intervals of no width; 1 % slower): every small IOPS cell unchanged, 0.990 +- 0.002 (under the 5 % a change needs)" F iops unchanged 0.988 0.992
if awk '$1 == "F" && $2 == "iops" { n++; if ($6 < 1) x++ } END { exit !(n == 5 && x == 5) }' marks.txt; then
	ok "F / E: each ratio's interval excludes 1 (it has no width), yet the cells are unchanged: the interval and the 5 % both decide"
else
	not_ok "F / E's ratios' intervals: $(awk '$1 == "F" && $2 == "iops"' marks.txt | tr '\n' ';')"
fi
judge "G / E (-repeat 3, intervals of no width; 10 % slower): every small IOPS cell changed worse, 0.909 +- 0.002" G iops worse 0.907 0.911
# 5. the counts the pages print against the marks of their cells
bad='' said=''
for r in B C D F G; do
	line=$(awk -v r="$r" '$1 == r && $2 == "count" {sub(/^[^ ]* [^ ]* /, ""); print}' marks.txt)
	want=$(awk -v r="$r" '$1 == r && $2 == "iops" {
		n++; if ($3 == "unchanged") u++; else if ($3 == "worse") w++; else if ($3 == "better") b++; else x++
	} END { printf "%d cells, %d changed (%d better, %d worse), %d unchanged, %d without an interval", n, b + w, b, w, u, x }' marks.txt)
	[ "$line" = "$want" ] || bad="$bad $r: '$line', its cells '$want';"
	said="$said $r: $line;"
done
if [ -z "$bad" ]; then
	ok "the pages count the small IOPS cells as they mark them:$said"
else
	not_ok "the pages' counts:$bad"
fi
# 6. -compare without -html: the text table on stdout
"$F2O" -compare A B C D >c.txt 2>c.txt.err
rc=$?
"$F2O" -compare E F G >p.txt 2>p.txt.err
rc2=$?
if [ $rc = 0 ] && [ $rc2 = 0 ] && [ ! -s c.txt.err ] && [ ! -e cmp.compare.html ]; then
	ok "-compare A B C D without -html: exit 0 with changed cells, nothing on stderr, no page written"
else
	not_ok "-compare without -html: exit $rc / $rc2: $(head -3 c.txt.err p.txt.err)"
fi
# tmarks.txt: "RUN CLASS MARK RATIO LO HI" from the text's rows (CLASS iops
# or lat)
python3 - c.txt:ABCD p.txt:EFG >tmarks.txt <<'EOF'
import re, sys
for arg in sys.argv[1:]:
    path, runs = arg.split(":")
    name = lambda l: runs[ord(l) - ord("A")]
    run = None
    for line in open(path):
        m = re.match(r"(\w) / \w: each cell", line)
        if m:
            run = name(m.group(1))
        m = re.match(r"Small=\d+ Large=\d+ small (IOPS|latency) +\S+ \(\S+\) +\S+ \(\S+\) +([0-9.]+) \(([0-9.]+)-([0-9.]+)\) +(changed better|changed worse|unchanged|no interval)$", line)
        if m and run:
            cls = "iops" if m.group(1) == "IOPS" else "lat"
            print(run, cls, m.group(5).replace("changed ", ""), m.group(2), m.group(3), m.group(4))
EOF
same=$(awk '$2 == "iops" || $2 == "lat"' marks.txt | sort)
tsame=$(sort tmarks.txt)
rows=$(grep -c . tmarks.txt)
if [ "$rows" = 50 ] && [ "$same" = "$tsame" ]; then
	ok "the text table has a row per cell and class (50: 5 runs against their reference, 5 cells, IOPS and latency), each ratio, interval and mark the page's: $(awk '$1 == "B" && $2 == "iops" { print; exit }' tmarks.txt); $(awk '$1 == "F" && $2 == "iops" { print; exit }' tmarks.txt)"
else
	not_ok "the text's rows ($rows) against the page's cells: $(printf '%s\n' "$same" "$tsame" | sort | uniq -u | head -4 | tr '\n' ';')"
fi
# the pages' count lines (HTML unescaped) against the text's class lines
python3 - out/c.compare.html out/p.compare.html >pagelines.txt <<'EOF'
import html, re, sys
for page in sys.argv[1:]:
    for m in re.finditer(r'<li class="count">(.*?)</li>', open(page).read()):
        print(html.unescape(m.group(1)))
EOF
grep -h '^[B-G] / [AE], ' c.txt p.txt >textlines.txt
if [ "$(wc -l <textlines.txt)" = 15 ] && cmp -s pagelines.txt textlines.txt; then
	ok "the text's 15 class lines (counts and geometric means) are the pages' word for word: $(sed -n 1p textlines.txt)"
else
	not_ok "class lines, text against page: $(diff pagelines.txt textlines.txt | head -4 | tr '\n' ';')"
fi
"$F2O" -compare A B -outdir out2 >o2.out 2>o2.err
rc=$?
if [ $rc = 2 ] && grep -q -- '-outdir names the page' o2.err && [ ! -e out2 ] && [ ! -s o2.out ]; then
	ok "-compare -outdir without -html: refused (exit 2: $(cat o2.err))"
else
	not_ok "-compare -outdir without -html: exit $rc, $(cat o2.err)"
fi

# 7. the rule, one sentence: the text's, the page's, -help's and docs/report.md's
"$F2O" -help >help.txt
python3 - c.txt out/c.compare.html help.txt "$TOP/docs/report.md" >rule.txt 2>&1 <<'EOF'
import html, re, sys
flat = lambda t: " ".join(t.split())
rule = re.search(r"^The marks: (.*)$", open(sys.argv[1]).read(), re.M).group(1)
page = html.unescape(re.sub(r"<[^>]+>", "", open(sys.argv[2]).read()))
help = open(sys.argv[3]).read().split("-compare's marks:", 1)[-1].split("\n\n", 1)[0]
docs = open(sys.argv[4]).read()
bad = [w for w, t in (("the page", page), ("-help", help), ("docs/report.md", docs)) if rule not in flat(t)]
print(("not in " + ", ".join(bad) + ": " if bad else "") + rule)
sys.exit(1 if bad or "5 % away from 1 (0.95 or below, 1.05 or above)" not in rule else 0)
EOF
if [ $? = 0 ]; then
	ok "the rule is one sentence in the text, the page, -help and docs/report.md: $(cat rule.txt)"
else
	not_ok "the rule: $(cat rule.txt)"
fi
finish
