#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh: long
#
# Description: the four parsers under libFuzzer with ASan/UBSan
# (tests/fuzz/): fio JSON (read, points, inferred parameters, every ORION
# file formatted), job files, .lun lists, fiorion's command line. Each
# replays its seed corpus (real fio results, job files, and the inputs
# that once gave impossible numbers or read past a key) and then fuzzes
# for FUZZ_SECONDS (30 in make check; make fuzz: 300). Any crash, leak
# or sanitizer report fails, with the input that caused it kept.
. "$(dirname "$0")/lib.sh"

secs=${FUZZ_SECONDS:-30}
for name in cli fiojson jobparse lunlist; do
	bin=$TOP/build/fuzz/fuzz_$name
	if [ ! -x "$bin" ]; then
		not_ok "fuzz_$name: not built (make $bin)"
		continue
	fi
	mkdir -p "$T/$name"
	if (cd "$T" && "$bin" -max_total_time="$secs" -close_fd_mask=3 -artifact_prefix="$T/$name-" \
		"$T/$name" "$TOP/tests/fuzz/corpus/$name" >"$T/$name.log" 2>&1); then
		ok "fuzz_$name: $(grep -o 'Done [0-9]* runs' "$T/$name.log" | tail -n 1) in ${secs} s, no crash"
	else
		not_ok "fuzz_$name found a crash"
		grep -A20 'ERROR\|SUMMARY\|deadly signal' "$T/$name.log" | head -40
		ls "$T/$name-"* 2>/dev/null && keep=$TOP/build/fuzz-crashes && mkdir -p "$keep" && cp "$T/$name-"* "$keep/" \
			&& echo "# the input is kept in $keep"
	fi
done
finish
