#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh: paced long=45 timeout=600
#
# Description: fio2orion -compare tells noise from change (issue 23,
# item 5), on a device whose answer is known before the run: a loop
# device under the kernel's block throttle (tests/devices.sh). The small
# ladder 1..5 (-num_disks 1, -repeat 3, 2 s points) runs at 2000 read
# IOPS (A), at 1600 (B) and at 2000 again (C), the three at once, each on
# a device of its own. Known: every small cell of B is 0.80 of A's, and
# C's is A's.
#
# 1. B / A: every small IOPS cell is marked changed (worse), its ratio
#    0.80 +- 0.02, and the geometric mean of the class too; the latency
#    cells (L / R: 1.25 x) changed the other way.
# 2. C / A: no small IOPS cell is marked changed (a rerun is noise).
# 3. The page counts them as it marks them.
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
F2O=$TOP/build/fio2orion
cd "$T" || exit 1
# A, B and C at once, each on a device of its own (its own limit in the
# script's throttle cgroup), each run in a folder of its own whose cmp.lun
# names its device: the answer is each device's limit, not the moment.
for r in A B C; do
	lim=2000
	[ $r = B ] && lim=1600
	if ! thr_lun_file "cmp$r" $lim >/dev/null; then
		why=$(dev_why)
		skip_test "B / A at 1600 / 2000 IOPS" "$why"
		skip_test "C / A, a rerun" "$why"
		skip_test "the page's counts" "$why"
		finish
		exit 0
	fi
	mkdir "w$r" && cp "cmp$r.lun" "w$r/cmp.lun"
done
# -runner fio: the throttle gives a run the unused budget of the gap before
# it (about 0.1 s slices), and the built-in runner starts its points inside
# that gap, so a point can read 5-10 % over the limit (tests/devices.sh);
# fio's start-up between points leaves no such budget.
run() {
	(cd "w$1" && in_thr "$FR" -run advanced -matrix row -num_large 0 -num_disks 1 -testname cmp -duration 2 \
		-repeat 3 -runner fio -outdir "$T/$1" >"$T/$1.out" 2>"$T/$1.err") ||
		{ echo "# run $1 failed"; cat "$1.err"; }
}
thr_rest
run A &
run B &
run C
wait
"$F2O" -compare A B C -html -outdir out -testname c >c.out 2>c.err
rc=$?
page=out/c_compare.html
if [ $rc != 0 ]; then
	not_ok "fio2orion -compare A B C: exit $rc"
	cat c.err
	finish
	exit 0
fi
counts=$(grep -o '<li class="count">[^<]*' $page | sed 's/<li class="count">//')
bi=$(echo "$counts" | grep '^B / A, small IOPS')
ci=$(echo "$counts" | grep '^C / A, small IOPS')
if echo "$bi" | grep -q '^B / A, small IOPS: 5 cells, 5 changed (0 better, 5 worse), 0 unchanged, 0 without an interval'; then
	ok "B / A (1600 / 2000 IOPS): all 5 small IOPS cells changed, worse ($bi)"
else
	not_ok "B / A small IOPS: '$bi'"
	echo "$counts"
fi
# Each small IOPS ratio of B / A within 0.80 +- 0.02: the B / A table's
# rows, the first marked cell of each (small IOPS; MBPS and latency follow).
n=$(python3 - "$page" <<'EOF'
import re, sys
h = open(sys.argv[1]).read()
sec = h[h.index("<h2>Each cell, B / A"):]
sec = sec[:sec.index("</table>")]
rows = re.findall(r"<tr>(.*?)</tr>", sec, re.S)
good = 0
for r in rows:
    cells = re.findall(r'<td class="num ([a-z ]+)"[^>]*>([0-9.]+)(?: \(([0-9.]+)-([0-9.]+)\))?', r)
    # the first marked cell of a row is the small IOPS ratio
    for mark, v, lo, hi in cells:
        if mark in ("changed better", "changed worse", "unchanged", "nointerval"):
            if mark == "changed worse" and 0.78 <= float(v) <= 0.82:
                good += 1
            break
print(good)
EOF
)
[ "$n" = 5 ] && ok "every B / A small IOPS ratio is 0.80 +- 0.02 and marked worse" \
	|| { not_ok "B / A ratios within 0.80 +- 0.02: $n of 5"; sed -n '/B \/ A/,/<\/table>/p' $page | head -30; }
if echo "$ci" | grep -q '^C / A, small IOPS: 5 cells, 0 changed (0 better, 0 worse), 5 unchanged'; then
	ok "C / A (a rerun at 2000 IOPS): no small IOPS cell changed ($ci)"
else
	not_ok "C / A small IOPS: '$ci'"
	echo "$counts"
	for r in A C; do echo "# $r"; sed 's/^/# /' $r/cmp_points.csv; done
fi
finish
