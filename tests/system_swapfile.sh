#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh: alone
# (swapon is machine-wide: for about a second the kernel may page any
# process out to this suite's 16 MiB file. Not a make check suite, which
# changes nothing outside its temporary folders: make check-system runs
# it.)
#
# Description: an active swap file given as a LUN under -write 100
# -force_write is refused as in use by the kernel, exit 3 (a safety
# refusal), naming it; the swap file is turned off again at once and on
# exit.
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
cd "$T" || exit 1
at_exit 'swapoff "$T/swap" 2>/dev/null'
if [ "$(id -u)" != 0 ]; then
	skip_test "an active swap file" "needs root (swapon)"
	finish
	exit 0
fi
mkfile swap 16
chmod 600 swap
if mkswap swap >/dev/null 2>&1 && swapon swap 2>/dev/null; then
	echo "$T/swap" >sw.lun
	"$FR" -run advanced -matrix point -num_small 1 -num_large 0 -duration 1 -cache_size 0 \
		-write 100 -force_write -testname sw >sw.out 2>sw.err
	rc=$?
	swapoff swap
	if [ $rc = 3 ] && grep -q "LUN '$T/swap' is in use by the kernel: it is an active swap file" sw.err; then
		ok "an active swap file under -force_write: refused as in use, exit 3"
	else
		not_ok "active swap file: exit $rc"
		cat sw.err
	fi
else
	skip_test "an active swap file" "swapon is not allowed here"
fi
finish
