#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# (beside the other suites: stock fio stamps a completion when it reaps
# it, so a wait for the CPU is inside the latency and its cells keep
# Little's law on a busy machine: lowest..highest ratio of the 21 cells
# 0.978-0.980..0.997-0.998 in four make check runs with the machine to
# itself, 0.979..0.998 and 0.994..0.999 beside other suites at load
# averages up to 15; the built-in runner's cells are e2e_fidelity.sh's,
# alone: on that load they read 0.939 at load 14)
#
# Description: e2e_fidelity.sh's Little's law (design.md, "Measurement
# fidelity") on every small cell of `-run oltp -num_disks 2` run by stock
# fio with the engine (-runner fio), from what fio2orion makes of the
# kept per-point JSON: IOPS x mean latency = the cell's load within 3 %,
# figures recomputed by tests/fidelity.py.
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
F2O=$TOP/build/fio2orion
PY=/usr/bin/python3
FID="$TOP/tests/fidelity.py"
cd "$T" || exit 1
if [ ! -x "$PY" ]; then
	skip_test "Little's law in the cells" "needs /usr/bin/python3"
	finish
	exit 0
fi
mkfile lun 512
sync  # the scratch file's writeback must not land in the first job
printf '%s/lun\n' "$T" >v.lun

# Every small cell of an ORION oltp run, stock fio.
runner=fio
rm -rf o && mkdir o && cp v.lun o/t.lun
if (cd o && "$FR" -run oltp -num_disks 2 -testname t -duration 1 -cache_size 0 -runner "$runner" \
	>run.out 2>run.err) && "$F2O" -format json o/t_jobs/run.json o/t_jobs/p*.json >cells.json 2>cells.err \
	&& "$PY" "$FID" cells cells.json >cells.txt && [ "$(wc -l <cells.txt)" -ge 20 ]; then
	if awk '{r = $4 / $1; if (r < 0.97 || r > 1.03) bad = 1} END {exit bad}' cells.txt; then
		ok "-run oltp -runner $runner: IOPS x lat = load within 3% in all $(wc -l <cells.txt) small cells ($(awk '{r = $4 / $1; if (!n++ || r < lo) lo = r; if (r > hi) hi = r} END {printf "%.3f..%.3f", lo, hi}' cells.txt))"
	else
		not_ok "-run oltp -runner $runner: Little's law"
	fi
	sed 's/^/# load IOPS lat_ns L: /' cells.txt
else
	not_ok "-run oltp -runner $runner did not run"
	cat o/run.err cells.err 2>/dev/null
fi
finish
