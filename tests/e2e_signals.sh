#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh: long=35
#
# Description: finished points are never lost. SIGINT to a built-in run
# stops the running point, writes ORION's files for the points done
# with one line saying the run was interrupted (summary and trace), and
# exits 130; SIGTERM under -runner fio also stops the fio child (none
# left running) and exits 143; a point that fails after others were
# measured leaves the files for those, marked "Run stopped"; a second
# run of the same -testname in the same -outdir while one runs is
# refused naming the first's PID (exit 2), and the first is untouched;
# -resume continues an interrupted run (the points measured are kept) and
# refuses options that would write other job files.
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
cd "$T" || exit 1
mkfile lun 64
echo "$T/lun" >s.lun
echo "$T/lun" >t.lun
echo "$T/lun" >u.lun

# bg_run SECONDS SIGNAL ARGS: start fiorion, send SIGNAL after SECONDS; sets rc
bg_run() {
	secs=$1 sig=$2
	shift 2
	"$FR" "$@" >run.out 2>run.err &
	pid=$!
	sleep "$secs"
	kill -"$sig" $pid
	wait $pid
	rc=$?
}

# 1. SIGINT, built-in runner
bg_run 3.5 INT -run simple -testname s -duration 1 -cache_size 0
n=$(grep -c . s_iops.csv 2>/dev/null)
if [ $rc = 130 ] && [ -s s_summary.txt ] \
	&& grep -q "^Run interrupted (SIGINT): [1-9] of its 7 points were measured\.$" s_summary.txt \
	&& grep -q "^Run interrupted (SIGINT)" s_trace.txt \
	&& grep -q "run interrupted by SIGINT" run.out; then
	ok "SIGINT: exit 130, ORION's files for the points done, marked: $(grep '^Run interrupted' s_summary.txt)"
else
	not_ok "SIGINT: exit $rc"
	cat run.err run.out
fi

# 1b. -resume: the points measured are kept, the rest run; a changed plan is refused
before=$(cat s_jobs/p001.json | md5sum)
k=$(ls s_jobs/p*.json | wc -l)
"$FR" -run simple -testname s -duration 2 -cache_size 0 -resume >r1.out 2>r1.err
rc1=$?
"$FR" -run simple -testname s -duration 1 -cache_size 0 -resume >r2.out 2>r2.err
rc2=$?
if [ $rc1 = 2 ] && grep -q "s_jobs/p001.fio differs from what these options write (line [0-9]*): the plan changed" r1.err \
	&& [ $rc2 = 0 ] && grep -q "measured already; running from point" r2.err \
	&& [ "$(cat s_jobs/p001.json | md5sum)" = "$before" ] && [ "$(ls s_jobs/p*.json | wc -l)" = 7 ] \
	&& ! grep -q "^Run interrupted" s_summary.txt && grep -q "^Total Data Points: 8$" s_summary.txt; then
	ok "-resume: the $k points measured kept, the rest run, a whole summary; a changed -duration refused"
else
	not_ok "-resume: changed plan exit $rc1, resume exit $rc2"
	cat r1.err r2.err
fi

# 2. SIGTERM under -runner fio: the fio child is stopped too
bg_run 3.8 TERM -run simple -testname t -duration 1 -cache_size 0 -runner fio
sleep 0.3
left=$(pgrep -f "fio --output-format=json\+ $T" | wc -l)
if [ $rc = 143 ] && [ "$left" = 0 ] && grep -q "^Run interrupted (SIGTERM)" t_summary.txt; then
	ok "SIGTERM under -runner fio: exit 143, no fio left running, files for the points done"
else
	not_ok "SIGTERM -runner fio: exit $rc, $left fio processes left"
	cat run.err
fi

# 3. a point failing after two were measured: the files say so
cat >fio3 <<SH
#!/bin/sh
n=\$(cat "$T/calls" 2>/dev/null || echo 0)
echo \$((n + 1)) >"$T/calls"
[ \$n -ge 2 ] && { echo "fio: injected failure" >&2; exit 1; }
exec fio "\$@"
SH
chmod +x fio3
"$FR" -run simple -testname u -duration 1 -cache_size 0 -runner fio -fio "$T/fio3" >u.out 2>u.err
rc=$?
if [ $rc = 1 ] && grep -q "^Run stopped: point 3 failed; 2 of its 7 points were measured\.$" u_summary.txt \
	&& grep -q "^Total Data Points: 8$" u_summary.txt; then
	ok "a failed point: exit 1, the summary keeps Total Data Points and says 2 of 7 were measured"
else
	not_ok "failed point: exit $rc"
	cat u.err
fi

# 4. two runs of one -testname in one -outdir
"$FR" -run simple -testname s -duration 2 -cache_size 0 >a.out 2>a.err &
a=$!
sleep 1.5
"$FR" -run simple -testname s -duration 1 -cache_size 0 >b.out 2>b.err
rc=$?
wait $a
arc=$?
if [ $rc = 2 ] && grep -q "another fiorion run (PID $a) is writing 's' in \.; wait for it, or give another -testname or -outdir" b.err \
	&& [ $arc = 0 ] && ! grep -q "^Run" s_summary.txt && [ ! -e .s.lock ]; then
	ok "a second run of 's' is refused naming PID $a (exit 2); the first completes and removes its lock file"
else
	not_ok "concurrent runs: second exit $rc, first exit $arc"
	cat b.err a.err
fi
finish
