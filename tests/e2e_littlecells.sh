#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh: long=40
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
oltp_cells fio
finish
