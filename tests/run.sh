#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# run.sh -- run every test suite and count the results.
#
# Usage: tests/run.sh SUITE...   (cmocka binaries and tests/e2e_*.sh scripts)
#
# Every suite prints TAP ("ok", "not ok", "# SKIP"); cmocka is asked for
# TAP through CMOCKA_MESSAGE_OUTPUT. A suite that exits non-zero without
# reporting a failure (a crash, a sanitizer report) counts as one failure.
# Ends with "N passed, N failed, N skipped" and exits 1 on any failure.

passed=0 failed=0 skipped=0
log=$(mktemp "${TMPDIR:-/tmp}/fiorion-run.XXXXXX")
trap 'rm -f "$log"' EXIT
for suite in "$@"; do
	echo "# suite $suite"
	case "$suite" in
	*.sh) sh "$suite" >"$log" 2>&1 ;;
	*) CMOCKA_MESSAGE_OUTPUT=TAP "./$suite" >"$log" 2>&1 ;;
	esac
	rc=$?
	cat "$log"
	p=$(grep -c '^ok ' "$log" | head -n1)
	s=$(grep -c '^ok .*# [Ss][Kk][Ii][Pp]' "$log" | head -n1)
	f=$(grep -c '^not ok ' "$log" | head -n1)
	p=$((p - s))
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		echo "not ok - $suite exited with status $rc"
		f=1
	fi
	passed=$((passed + p)) failed=$((failed + f)) skipped=$((skipped + s))
done
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
