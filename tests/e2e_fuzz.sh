#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh: long=130
#
# Description: the four parsers under libFuzzer with ASan/UBSan
# (tests/fuzz/): fio JSON (read, points, inferred parameters, every ORION
# file formatted), job files, .lun lists, fiorion's command line. Each
# replays its seed corpus (real fio results, job files, and the inputs
# that once gave impossible numbers or read past a key) and then fuzzes
# for FUZZ_SECONDS (30 in make check; make fuzz: 300), one harness at
# a time: two at once halved the runs each made in a CI (fiojson 15.7k ->
# 10.0k) and kept both cores busy beside the paced suites. Any crash, leak
# or sanitizer report fails, with the input that caused it kept.
. "$(dirname "$0")/lib.sh"

secs=${FUZZ_SECONDS:-30}
# One harness for its full FUZZ_SECONDS of wall time, then its result.
fuzz_start() {
	bin=$TOP/build/fuzz/fuzz_$1
	[ -x "$bin" ] || return 0
	mkdir -p "$T/$1"
	(cd "$T" && "$bin" -max_total_time="$secs" -close_fd_mask=3 -artifact_prefix="$T/$1-" \
		"$T/$1" "$TOP/tests/fuzz/corpus/$1" >"$T/$1.log" 2>&1
	echo $? >"$T/$1.rc") &
}
fuzz_report() {
	name=$1
	if [ ! -x "$TOP/build/fuzz/fuzz_$name" ]; then
		not_ok "fuzz_$name: not built (make $TOP/build/fuzz/fuzz_$name)"
	elif [ "$(cat "$T/$name.rc" 2>/dev/null)" = 0 ]; then
		ok "fuzz_$name: $(grep -o 'Done [0-9]* runs' "$T/$name.log" | tail -n 1) in ${secs} s, no crash"
	else
		not_ok "fuzz_$name found a crash"
		grep -A20 'ERROR\|SUMMARY\|deadly signal' "$T/$name.log" | head -40
		ls "$T/$name-"* 2>/dev/null && keep=$TOP/build/fuzz-crashes && mkdir -p "$keep" && cp "$T/$name-"* "$keep/" \
			&& echo "# the input is kept in $keep"
	fi
}
for name in cli fiojson jobparse lunlist; do
	fuzz_start "$name"
	wait
	fuzz_report "$name"
done
finish
