#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh: long=25
#
# Description: the four parsers under libFuzzer with ASan/UBSan
# (tests/fuzz/): fio JSON (read, points, inferred parameters, every ORION
# file formatted), job files, .lun lists, fiorion's command line. Each
# replays its seed corpus (real fio results, job files, and the inputs
# that once gave impossible numbers or read past a key) and then runs a
# fixed count of mutated inputs from a fixed seed (-seed=1 -runs=N), so
# that make check tries the same inputs on every machine, however busy,
# and decides the same: cli 100k, fiojson 5k, jobparse 150k, lunlist 1M,
# about 20 s in all on this project's VM. Exploring for new inputs is
# make fuzz's (FUZZ_SECONDS each, 300 by default: timed, a new seed each
# run). Any crash, leak or sanitizer report fails, with the input that
# caused it kept.
. "$(dirname "$0")/lib.sh"

secs=${FUZZ_SECONDS:-}
# One harness: its fixed runs (make check) or FUZZ_SECONDS (make fuzz).
fuzz_start() {
	bin=$TOP/build/fuzz/fuzz_$1
	[ -x "$bin" ] || return 0
	mkdir -p "$T/$1"
	if [ -n "$secs" ]; then
		budget="-max_total_time=$secs"
	else
		budget="-seed=1 -runs=$2"
	fi
	(cd "$T" && "$bin" $budget -close_fd_mask=3 -artifact_prefix="$T/$1-" \
		"$T/$1" "$TOP/tests/fuzz/corpus/$1" >"$T/$1.log" 2>&1
	echo $? >"$T/$1.rc") &
}
fuzz_report() {
	name=$1
	if [ ! -x "$TOP/build/fuzz/fuzz_$name" ]; then
		not_ok "fuzz_$name: not built (make $TOP/build/fuzz/fuzz_$name)"
	elif [ "$(cat "$T/$name.rc" 2>/dev/null)" = 0 ]; then
		ok "fuzz_$name: $(grep -o 'Done [0-9]* runs in [0-9]* second.s.' "$T/$name.log" | tail -n 1)${secs:+ (FUZZ_SECONDS=$secs)}, no crash"
	else
		not_ok "fuzz_$name found a crash"
		grep -A20 'ERROR\|SUMMARY\|deadly signal' "$T/$name.log" | head -40
		ls "$T/$name-"* 2>/dev/null && keep=$TOP/build/fuzz-crashes && mkdir -p "$keep" && cp "$T/$name-"* "$keep/" \
			&& echo "# the input is kept in $keep"
	fi
}
for h in cli:100000 fiojson:5000 jobparse:150000 lunlist:1000000; do
	fuzz_start "${h%%:*}" "${h#*:}"
	wait
	fuzz_report "${h%%:*}"
done
finish
