#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# run.sh -- run every test suite, time it and count the results.
#
# Usage: tests/run.sh [-j N] SUITE...
#   SUITE: a cmocka binary or a tests/e2e_*.sh script.
#   -j N:  run up to N suites at once (default: FIORION_TEST_JOBS, or 1).
#
# Every suite prints TAP ("ok", "not ok", "# SKIP"); cmocka is asked for
# TAP through CMOCKA_MESSAGE_OUTPUT. A suite that exits non-zero without
# reporting a failure (a crash, a sanitizer report) counts as one failure.
# Each suite's output is printed whole when it ends, followed by
# "# suite NAME: S s, from +A s (CLASS), CPU C s" (A: when it started,
# from the run's start; C: the user + system time of the processes it
# waited for, so not of daemons it left running); the run ends with the
# wall time and
# "N passed, N failed, N skipped", and exits 1 on any failure.
#
# Time limit: every suite runs under timeout(1) in a process group of its
# own; over its limit the group gets SIGTERM (lib.sh's at_exit removes the
# loop devices, cgroups and FUSE mounts it made), SIGKILL 15 s later, and
# the suite counts one failure naming the limit. The limit is
# FIORION_SUITE_TIMEOUT seconds when set (every suite), else the suite's
# own "# run.sh: timeout=S" header line, else 300 s.
#
# Suites that judge numbers say so in their header, and -j schedules them
# by what their numbers depend on:
#   "# run.sh: alone"  nothing may run beside it: after all the others
#                      (make check-system's suites, which change a
#                      machine-wide setting; no make check suite needs
#                      it: a rule is judged in virtual time, and a
#                      wall-clock check must pass beside another make
#                      check anyway).
#   "# run.sh: paced"  a device whose answer is known and paced by the
#                      kernel (a loop device under the block throttle, a
#                      FUSE file with a fixed service time), or the points'
#                      own time (checks that are identities, bounds of
#                      seconds), using a few % of a core (the suite says
#                      how much): two at a time (each its own devices),
#                      under nice -10 (where the user may raise priority:
#                      root) beside the shared suites, which then run
#                      under nice 19, so that the paced suites' wake-ups
#                      preempt them and wait less behind the kernel's
#                      own work (its threads run at nice 0).
# The others (shared) run up to N at once, under nice 19. With -j 1 every
# suite runs by itself, in order, at normal priority.
#   "# run.sh: long=S" a suite of about S seconds or more beside the
#                      others (with its class, e.g. "paced long=140"; a
#                      bare "long" is 60): the longest start first in
#                      their class (then the others, in the order given),
#                      so that the run does not end waiting for one.

jobs=${FIORION_TEST_JOBS:-1}
if [ "${1-}" = -j ]; then
	jobs=$2
	shift 2
fi
case "$jobs" in '' | *[!0-9]* | 0) echo "run.sh: -j wants a count of 1 or more, not '$jobs'" >&2; exit 2 ;; esac
default_limit=300
case "${FIORION_SUITE_TIMEOUT-1}" in '' | *[!0-9]* | 0)
	echo "run.sh: FIORION_SUITE_TIMEOUT wants seconds, 1 or more, not '$FIORION_SUITE_TIMEOUT'" >&2
	exit 2 ;;
esac

work=$(mktemp -d "${TMPDIR:-/tmp}/fiorion-run.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

now_ms() { echo $(($(date +%s%N) / 1000000)); }
secs() { printf '%d.%d' $(($1 / 1000)) $(($1 % 1000 / 100)); }

# header KEY SUITE: the suite's "# run.sh: ... KEY[=VALUE]" (cmocka
# binaries have none): prints VALUE, or KEY for a bare word.
header() {
	case "$2" in *.sh) ;; *) return 0 ;; esac
	sed -n '1,40s/^# run\.sh:\(.*\)$/\1/p' "$2" | tr ' ' '\n' |
		sed -n "s/^$1=\(.*\)$/\1/p; s/^$1$/$1/p" | head -n1
}

limit_of() {
	if [ -n "${FIORION_SUITE_TIMEOUT-}" ]; then
		echo "$FIORION_SUITE_TIMEOUT"
		return
	fi
	_l=$(header timeout "$1")
	echo "${_l:-$default_limit}"
}

# start I SUITE CLASS [NICE]: run suite number I (CLASS: shared, paced or
# alone) in the background, under NICE if given; its log, status and times
# go to $work/I.*.
start() {
	_i=$1 _s=$2 _lim=$(limit_of "$2")
	echo "$_s" >"$work/$_i.name"
	echo "$_lim" >"$work/$_i.limit"
	echo "$3" >"$work/$_i.class"
	_nice=${4-}
	(
		t0=$(now_ms)
		echo $((t0 - t_start)) >"$work/$_i.at"
		case "$_s" in
		*.sh) $_nice timeout -k 15 "$_lim" sh "$_s" ;;
		*) CMOCKA_MESSAGE_OUTPUT=TAP $_nice timeout -k 15 "$_lim" "./$_s" ;;
		esac >"$work/$_i.log" 2>&1 </dev/null
		rc=$?
		echo $(($(now_ms) - t0)) >"$work/$_i.ms"
		# CPU of the suite's processes waited for (user + sys, s):
		# times' second line, "0m1.230000s 0m0.450000s"
		# (times in this shell, not in a pipeline's)
		times >"$work/$_i.times"
		sed -n '2s/m/ /gp' "$work/$_i.times" | tr -d s |
			awk '{ printf "%.1f\n", $1 * 60 + $2 + $3 * 60 + $4 }' >"$work/$_i.cpu"
		echo "$rc" >"$work/$_i.rc.tmp" && mv "$work/$_i.rc.tmp" "$work/$_i.rc"
	) &
}

passed=0 failed=0 skipped=0 times= devnull=ok
# report I: print suite I's output and time, add its counts.
report() {
	_s=$(cat "$work/$1.name") _lim=$(cat "$work/$1.limit")
	_rc=$(cat "$work/$1.rc") _ms=$(cat "$work/$1.ms") _at=$(cat "$work/$1.at")
	_log=$work/$1.log
	echo "# suite $_s"
	cat "$_log"
	_p=$(grep -c '^ok ' "$_log")
	_k=$(grep -c '^ok .*# [Ss][Kk][Ii][Pp]' "$_log")
	_f=$(grep -c '^not ok ' "$_log")
	_p=$((_p - _k))
	if [ "$_rc" -eq 124 ] || { [ "$_rc" -eq 137 ] && [ "$_ms" -ge $((_lim * 1000)) ]; }; then
		echo "not ok - $_s timed out: killed after its limit of $_lim s (# run.sh: timeout=S in the suite, or FIORION_SUITE_TIMEOUT)"
		_f=$((_f + 1))
	elif [ "$_rc" -ne 0 ] && [ "$_f" -eq 0 ]; then
		echo "not ok - $_s exited with status $_rc"
		_f=1
	fi
	# Nothing outside a suite's folders may change: /dev/null, which a
	# file renamed over it would replace, checked as each suite ends
	# (named once, with the suites that were running).
	if [ "$devnull" = ok ] && [ ! -c /dev/null ]; then
		echo "not ok - /dev/null is no longer a character device when $_s ended (it or a suite beside it replaced it; as root: rm /dev/null && mknod -m 666 /dev/null c 1 3)"
		_f=$((_f + 1))
		devnull=gone
	fi
	_cpu=$(cat "$work/$1.cpu" 2>/dev/null)
	echo "# suite $_s: $(secs "$_ms") s, from +$(secs "$_at") s ($(cat "$work/$1.class")), CPU ${_cpu:-?} s"
	times="$times$(secs "$_ms") $_s (+$(secs "$_at") s, $(cat "$work/$1.class"), CPU ${_cpu:-?} s)
"
	passed=$((passed + _p)) failed=$((failed + _f)) skipped=$((skipped + _k))
	rm -f "$work/$1".*
}

# reap_done: report every suite that has ended; running counts the shared
# suites still running, pacing the paced ones.
reap_done() {
	for rcf in "$work"/*.rc; do
		[ -f "$rcf" ] || continue
		i=${rcf##*/}
		i=${i%.rc}
		if [ "$(cat "$work/$i.class")" = paced ]; then
			pacing=$((pacing - 1))
		else
			running=$((running - 1))
		fi
		report "$i"
	done
}

# run_alone SUITE: start SUITE with nothing beside it and wait for it.
run_alone() {
	n=$((n + 1))
	start "$n" "$1" alone
	wait
	report "$n"
}

# run_beside: the shared suites ($shared), up to $jobs at once under nice
# 19, and beside them the paced ones ($paced), up to $paced_jobs at once;
# returns when all have ended.
run_beside() {
	while [ -n "$shared$paced" ] || [ "$running" -gt 0 ] || [ "$pacing" -gt 0 ]; do
		if [ "$pacing" -lt "$paced_jobs" ] && [ -n "$paced" ]; then
			set -- $paced
			n=$((n + 1))
			start "$n" "$1" paced "$paced_nice"
			pacing=$((pacing + 1))
			shift
			paced=$*
			continue
		fi
		if [ "$running" -lt "$jobs" ] && [ -n "$shared" ]; then
			set -- $shared
			n=$((n + 1))
			start "$n" "$1" shared "nice -n 19"
			running=$((running + 1))
			shift
			shared=$*
			continue
		fi
		sleep 0.1
		reap_done
	done
}

# Outputs are printed as suites end. -j 1: one at a time, in order. Else
# the shared and the paced suites side by side, then each "alone" suite.
t_start=$(now_ms)
n=0 running=0 pacing=0 paced_jobs=2
paced_nice=
[ "$(nice -n -10 nice 2>/dev/null)" = -10 ] && paced_nice="nice -n -10"
if [ "$jobs" -eq 1 ]; then
	for suite in "$@"; do
		run_alone "$suite"
	done
else
	shared= paced= alone=
	for suite in "$@"; do
		case "$suite" in *' '*) echo "run.sh: a suite's path has a space: '$suite'" >&2; exit 2 ;; esac
		long=$(header long "$suite")
		case "$long" in
		long) long=60 ;;
		'') long=0 ;;
		*[!0-9]*) echo "run.sh: $suite: long=S wants seconds, not '$long'" >&2; exit 2 ;;
		esac
		if [ -n "$(header alone "$suite")" ]; then
			alone="$alone $suite"
		elif [ -n "$(header paced "$suite")" ]; then
			paced="$paced$long $suite
"
		else
			shared="$shared$long $suite
"
		fi
	done
	# longest first; sort -s keeps the given order among equals
	paced=$(printf '%s' "$paced" | sort -s -k1,1nr | cut -d' ' -f2 | tr '\n' ' ')
	shared=$(printf '%s' "$shared" | sort -s -k1,1nr | cut -d' ' -f2 | tr '\n' ' ')
	run_beside
	for suite in $alone; do
		run_alone "$suite"
	done
fi
wait
reap_done
total=$(($(now_ms) - t_start))
if [ $# -gt 1 ]; then
	echo "# time per suite (s), slowest first:"
	printf '%s' "$times" | sort -rn | sed 's/^/#   /'
fi
echo "# $# suites in $(secs "$total") s (-j $jobs)"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
