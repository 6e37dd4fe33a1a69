#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# make-big-json.sh -- write a large fio json+ result for speed tests.
#
# Usage: scripts/make-big-json.sh MIB OUT
#
# Repeats the one job of tests/data/fio-json/08-jsonplus.json (a real fio
# 3.33 json+ result with clat_ns bins) under fiorion job names, one point
# per copy, until the file holds about MIB MiB.
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
SRC=$TOP/tests/data/fio-json/08-jsonplus.json
[ $# -eq 2 ] || { echo "usage: make-big-json.sh MIB OUT" >&2; exit 2; }
awk -v want="$(( $1 * 1048576 ))" '
	/^  "jobs" : \[/ { injobs = 1; next }
	injobs && /^  \],?$/ { injobs = 0; next }
	injobs { job = job $0 "\n"; next }
	!injobs && !done && /^  "disk_util"/ { done = 1 }
	END {
		sub(/,?\n$/, "\n", job)
		per = length(job)
		n = int(want / per) + 1
		printf "{\n  \"fio version\" : \"fio-3.33\",\n  \"jobs\" : [\n"
		for (i = 1; i <= n; i++) {
			j = job
			sub(/"jobname" : "jsonplus"/, sprintf("\"jobname\" : \"p%03d-s%d-l0-small\"", i, i), j)
			printf "%s%s", (i > 1 ? "    ,\n" : ""), j
		}
		printf "  ]\n}\n"
	}' "$SRC" >"$2"
