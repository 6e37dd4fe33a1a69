#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Description: fio2orion -compare tells noise from change (issue 23,
# item 5), judged exactly: every run is `fiorion -run advanced -matrix
# row -num_large 0 -num_disks 1 -duration 2` (small ladder 1..5) with
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
#   E, F: -repeat 3 at 500 and 505 us without steps: every pass the same,
#      so each cell's interval (across passes) has no width
# 1. A's cells: 1961.5 IOPS within 0.1 % and the interval +-3.60 % within
#    0.05 (its bounds in .points.csv).
# 2. B / A: all 5 small IOPS cells changed worse at 0.800 +- 0.002, the
#    latency cells changed worse at 1.250 +- 0.003, and the class's
#    geometric mean 0.800 changed worse.
# 3. C / A: all 5 unchanged (noise); D / A: all 5 changed worse at 0.909
#    (a change of 10 % is seen).
# 4. F / E: a change of 1 % with intervals of no width is changed worse in
#    all 5 cells: only the intervals decide, no threshold.
# 5. The pages' counts say what their cells are marked.
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
		-repeat "$2" -backend null -fio_opt servers=1 -fio_opt service_us="$3" $4 \
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
   ! "$F2O" -compare E F -html -outdir out -testname p >p.out 2>p.err; then
	not_ok "fio2orion -compare did not run"
	cat c.err p.err
	finish
	exit 0
fi
python3 - out/c.compare.html:ABCD out/p.compare.html:EF >marks.txt <<'EOF'
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
judge "F / E (-repeat 3, the passes alike: intervals of no width; 1 % slower): every small IOPS cell changed worse, 0.990 +- 0.002" F iops worse 0.988 0.992
# 5. the counts the pages print against the marks of their cells
bad='' said=''
for r in B C D F; do
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
finish
