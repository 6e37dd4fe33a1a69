#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Description: finished points are never lost. SIGINT to a built-in run
# stops the running point, writes ORION's files for the points done
# with one line saying the run was interrupted (summary and trace), and
# exits 130; SIGTERM under -runner fio also stops the fio child (the
# fio processes of the point it stopped gone when fiorion exits) and
# exits 143; a point that fails after another was measured leaves the
# files for those, marked "Run stopped"; a second run of the same
# -testname in the same -outdir while one runs is refused naming the
# first's PID (exit 2), and the first is untouched; -resume continues an
# interrupted run (the points measured are kept) and refuses options
# that would write other job files. Signals arrive during a point in
# real time: real 1-2 s points on a scratch file, each signal sent once
# the run's files show the event it waits for (polled, up to 30 s), not
# after a fixed sleep.
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
cd "$T" || exit 1
mkfile lun 64
echo "$T/lun" >s.lun
echo "$T/lun" >t.lun
echo "$T/lun" >u.lun

# measured NAME N: wait until the live summary of run NAME (N points)
# counts a point measured: it is rewritten after every point (30 s at most)
measured() {
	_k=0
	while ! grep -qs "^Run in progress: [1-9] of its $2 points" "$1_summary.txt" && [ $_k -lt 300 ]; do
		sleep 0.1
		_k=$((_k + 1))
	done
}
# fios: the PIDs of the fio processes running in $T (-runner fio's)
fios() {
	for _p in $(pgrep -x fio); do
		[ "$(readlink "/proc/$_p/cwd" 2>/dev/null)" = "$T" ] && printf ' %s' "$_p"
	done
}
# bg_run SIGNAL NAME N ARGS: start fiorion -testname NAME (a run of N
# points), send SIGNAL once a point is measured (under -runner fio: once
# the next point's fio runs, its PIDs in $running); sets rc
bg_run() {
	sig=$1 name=$2 npts=$3
	shift 3
	"$FR" -testname "$name" "$@" >run.out 2>run.err &
	pid=$!
	measured "$name" "$npts"
	running=
	case " $* " in *" -runner fio "*)
		_k=0
		while [ -z "$running" ] && [ $_k -lt 300 ]; do
			running=$(fios)
			[ -n "$running" ] || sleep 0.1
			_k=$((_k + 1))
		done ;;
	esac
	kill -"$sig" $pid
	wait $pid
	rc=$?
}

# 1. SIGINT, built-in runner (a max matrix of 3 points: 1 measured, 2 left to -resume)
bg_run INT s 3 -run advanced -matrix max -num_small 1 -num_large 1 -duration 1 -cache_size 0
if [ $rc = 130 ] && [ -s s_summary.txt ] \
	&& grep -q "^Run interrupted (SIGINT): [12] of its 3 points were measured\.$" s_summary.txt \
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
"$FR" -run advanced -matrix max -num_small 1 -num_large 1 -testname s -duration 2 -cache_size 0 -resume >r1.out 2>r1.err
rc1=$?
"$FR" -run advanced -matrix max -num_small 1 -num_large 1 -testname s -duration 1 -cache_size 0 -resume >r2.out 2>r2.err
rc2=$?
if [ $rc1 = 2 ] && grep -q "s_jobs/p001.fio differs from what these options write (line [0-9]*): the plan changed" r1.err \
	&& [ $rc2 = 0 ] && grep -q "already.*; running from point" r2.err \
	&& [ "$(cat s_jobs/p001.json | md5sum)" = "$before" ] && [ "$(ls s_jobs/p[0-9][0-9][0-9].json | wc -l)" = 3 ] \
	&& ! grep -q "^Run interrupted" s_summary.txt && grep -q "^Total Data Points: 4$" s_summary.txt; then
	ok "-resume: the $k points measured kept, the rest run, a whole summary; a changed -duration refused"
else
	not_ok "-resume: changed plan exit $rc1, resume exit $rc2"
	cat r1.err r2.err
fi

# 2. SIGTERM under -runner fio: the fio child is stopped too. The fio
# processes of the running point, seen just before the signal, are gone
# when fiorion has exited (it waits for them), and no other is left.
bg_run TERM t 7 -run simple -duration 1 -cache_size 0 -runner fio
left=
for p in $running; do
	kill -0 "$p" 2>/dev/null && left="$left $p"
done
left="$left$(fios)"
if [ $rc = 143 ] && [ -n "$running" ] && [ -z "$left" ] && grep -q "^Run interrupted (SIGTERM)" t_summary.txt; then
	ok "SIGTERM under -runner fio: exit 143, the point's fio (PID$running) stopped, none left running, files for the points done"
else
	not_ok "SIGTERM -runner fio: exit $rc, fio running before:$running, left:$left"
	cat run.err
fi

# 3. a point failing after one was measured: the files say so
# (fiorion also asks the fio it runs for its version: that call is not a point)
cat >fio3 <<SH
#!/bin/sh
[ "\$1" = --version ] && exec fio --version
n=\$(cat "$T/calls" 2>/dev/null || echo 0)
echo \$((n + 1)) >"$T/calls"
[ \$n -ge 1 ] && { echo "fio: injected failure" >&2; exit 1; }
exec fio "\$@"
SH
chmod +x fio3
"$FR" -run simple -testname u -duration 1 -cache_size 0 -runner fio -fio "$T/fio3" >u.out 2>u.err
rc=$?
stop="^Run stopped: point 2 of 7 (small=2, large=0): .*fio: injected failure.*\. 1 of its 7 points were measured\.$"
if [ $rc = 1 ] && grep -q "$stop" u_summary.txt && grep -q "$stop" u_trace.txt \
	&& grep -q "^Total Data Points: 8$" u_summary.txt \
	&& python3 -c 'import json,sys; j=json.load(open("u.status.json")); sys.exit(not (j["state"] == "failed" and "fio: injected failure" in j["error"]))'; then
	ok "a failed point: exit 1, the summary keeps Total Data Points, says 1 of 7 was measured and why, as the trace and status.json's error do"
else
	not_ok "failed point: exit $rc"
	cat u.err
fi

# 4. two runs of one -testname in one -outdir: the second starts once the
# first holds the lock (its PID in .s.lock), during its one 2 s point
"$FR" -run advanced -matrix point -num_small 1 -num_large 0 -testname s -duration 2 -cache_size 0 >a.out 2>a.err &
a=$!
k=0
while [ "$(cat .s.lock 2>/dev/null)" != "$a" ] && [ $k -lt 300 ]; do
	sleep 0.05
	k=$((k + 1))
done
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
