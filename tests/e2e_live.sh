#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh: timeout=120
#
# Description: a run watched while it runs (driver/live.c), real 1 s
# points on a scratch file (what is judged is the files while a point
# runs in real time: no simulated clock here). While it runs (a 3-point
# max matrix): <T>.status.json parses, says "running", its points done
# rise, it is rewritten at least every 2 s; ORION's files, the points
# file and the report are there with the points so far, the summary and
# the report say "Run in progress", the report reloads itself. After the
# run: "done" with every point, the files byte for byte what fio2orion
# -html makes from the kept JSON, no reload left. SIGINT (to a -run
# simple beside it, once status.json counts a point measured):
# "interrupted", the points so far kept, no reload.
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
F2O=$TOP/build/fio2orion
cd "$T" || exit 1
head -c 64M /dev/urandom >lun
echo "$T/lun" >s.lun
echo "$T/lun" >i.lun

# field FILE KEY: a top-level value of a status.json ("" when it does not parse)
field() {
	python3 -c 'import json,sys
try:
    v = json.load(open(sys.argv[1]))[sys.argv[2]]
    print("" if v is None else v)
except Exception:
    print("")' "$1" "$2"
}

"$FR" -run advanced -matrix max -num_small 1 -num_large 1 -testname s -duration 1 -cache_size 0 >s.out 2>s.err &
pid=$!
# the SIGINT run beside it (checked at the end)
"$FR" -run simple -testname i -duration 1 -cache_size 0 >i.out 2>i.err &
ipid=$!
(
	t=0
	# until status.json counts a point measured (600 x 0.1 s at most)
	while ! grep -qs '"points_done": [1-9]' i.status.json && [ $t -lt 600 ]; do
		sleep 0.1
		t=$((t + 1))
	done
	kill -INT $ipid
) &
killer=$!
: >polls
# One poller for the whole run (a python per poll was too slow on a loaded
# machine to see the file often enough): every 0.2 s, status.json's state,
# points done and age; live_ok once the set is live with a point measured
live_ok=$(python3 - "$pid" <<'PY'
import json, os, re, sys, time
pid, live_ok, polls = int(sys.argv[1]), 0, open("polls", "w")
def has(path, pat):
    try:
        return re.search(pat, open(path, errors="replace").read(), re.M) is not None
    except OSError:
        return False
def alive(pid):
    # not a zombie either: the shell reaps fiorion only at its wait
    try:
        return open("/proc/%d/stat" % pid).read().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False
for _ in range(300):
    if not alive(pid):
        break
    try:
        st = json.load(open("s.status.json"))
        age = time.time() - os.stat("s.status.json").st_mtime
        state, n = st.get("state"), st.get("points_done") or 0
        polls.write("%s %s %.2f\n" % (state, n, age))
        polls.flush()
        if state == "running" and n >= 1 and not live_ok \
                and has("s_summary.txt", r"^Run in progress: [1-2] of its 3 points measured so far\.$") \
                and has("s_trace.txt", r"^Run in progress") and os.path.getsize("s_iops.csv") > 0 \
                and os.path.getsize("s.points.csv") > 0 \
                and has("s.report.html", r'<meta http-equiv="refresh"') \
                and has("s.report.html", r"Run in progress") and has("s.report.html", r"</html>"):
            live_ok = 1
    except (OSError, ValueError):
        pass
    time.sleep(0.2)
print(live_ok)
PY
)
wait $pid
rc=$?

running=$(grep -c '^running ' polls)
# (from the first poll's count, 0 as a rule: status.json is rewritten each second)
rising=$(awk '$1 == "running" { if ($2 < last) bad = 1; last = $2; if (!seen++) first = $2 }
	END { print (bad || last <= first) ? "no" : "yes" }' polls)
# The oldest status.json seen while running (rewritten every second).
gap=$(awk '$1 == "running" && $3 > g { g = $3 } END { printf "%.2f", g }' polls)
if [ "$running" -ge 5 ] && [ "$rising" = yes ] && awk -v g="$gap" 'BEGIN { exit !(g <= 2) }'; then
	ok "status.json while running: $running polls said running, points done rising, never older than ${gap} s"
else
	not_ok "status.json while running: $running polls, rising $rising, gap $gap"
	cat polls s.err
fi
[ $live_ok = 1 ] && ok "while running: ORION's files, points and report with the points so far, marked in progress, the report reloads" \
	|| { not_ok "live files while running"; cat s.err; }

if [ $rc = 0 ] && [ "$(field s.status.json state)" = done ] && [ "$(field s.status.json points_done)" = 3 ] \
	&& [ "$(field s.status.json points)" = 3 ] && [ -z "$(field s.status.json current)" ]; then
	ok "after the run: status.json says done, 3 of 3"
else
	not_ok "after the run: exit $rc, $(cat s.status.json)"
fi
mkdir again
# the driver names its inputs ./s_jobs/... (the files column of .points.csv)
"$F2O" -html -outdir again ./s_jobs/run.json ./s_jobs/p*.json 2>again.err
same=yes
for m in _summary.txt _iops.csv _mbps.csv _lat.csv _trace.txt .points.csv .report.html; do
	cmp -s again/s$m s$m || same="no ($m)"
done
if [ "$same" = yes ] && ! grep -q 'http-equiv="refresh"' s.report.html && ! grep -q 'in progress' s_summary.txt; then
	ok "after the run: the files are fio2orion's from the kept JSON, byte for byte, no reload, no in-progress mark"
else
	not_ok "after the run: same $same; $(cat again.err)"
fi

# SIGINT: interrupted, the points so far kept
wait $ipid
rc=$?
wait $killer
k=$(field i.status.json points_done)
if [ $rc = 130 ] && [ "$(field i.status.json state)" = interrupted ] && [ "${k:-0}" -ge 1 ] \
	&& grep -q "^Run interrupted (SIGINT): $k of its 7 points were measured\.$" i_summary.txt \
	&& ! grep -q 'http-equiv="refresh"' i.report.html; then
	ok "SIGINT: status.json says interrupted with the $k points kept, the report no longer reloads"
else
	not_ok "SIGINT: exit $rc, $(cat i.status.json)"
	cat i.err
fi

finish
