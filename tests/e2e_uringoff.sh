#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh: alone
# (it turns io_uring off for the whole machine for about two seconds:
# nothing else may run then)
#
# Description: a backend the kernel refuses (kernel.io_uring_disabled=2):
# the engine inside Debian's stock fio gives one clear error naming it and
# the other backends; fiorion falls back to libaio with a note.
. "$(dirname "$0")/lib.sh"

FIO=${FIO:-fio}
mkfile a 8
printf '%s\n' "$T/a" >"$T/vol.lun"

# run NAME FIO-ARGS...: fio with the engine in $T, its output in $T/NAME.out
run() {
	name=$1
	shift
	(cd "$T" && "$FIO" --output="$T/$name.out" --name="$name" --ioengine=external:"$ENGINE" "$@" \
		>"$T/$name.err" 2>&1)
}

# Needs root and a kernel with the kernel.io_uring_disabled sysctl;
# restored at once (and on exit).
if [ "$(id -u)" = 0 ] && [ -w /proc/sys/kernel/io_uring_disabled ]; then
	old=$(cat /proc/sys/kernel/io_uring_disabled)
	trap 'echo "$old" >/proc/sys/kernel/io_uring_disabled; rm -rf "$T"' EXIT
	echo 2 >/proc/sys/kernel/io_uring_disabled
	run refused --lunfile="$T/vol.lun" --rw=randread --bs=8k --runtime=1
	rc=$?
	echo "$T/a" >"$T/fb.lun"
	(cd "$T" && "$TOP/build/fiorion" -run advanced -matrix point -num_small 1 -num_large 0 \
		-testname fb -duration 1 >fb.out 2>fb.err)
	frc=$?
	echo "$old" >/proc/sys/kernel/io_uring_disabled
	if [ $rc != 0 ] && grep -q "fiorion: refused: backend=io_uring: the kernel refused it (operation not permitted); use backend=libaio or psync" "$T/refused.out" "$T/refused.err"; then
		ok "io_uring refused by the kernel: clear error naming the alternatives"
	else
		not_ok "io_uring refused: message"
		cat "$T/refused.out" "$T/refused.err"
	fi
	if [ $frc = 0 ] && grep -q "note: the kernel refused io_uring (operation not permitted); trying libaio" "$T/fb.err" \
		&& grep -q '^backend=libaio$' "$T/fb_jobs/p001.fio"; then
		ok "fiorion falls back to libaio with a note"
	else
		not_ok "fiorion fallback (exit $frc)"
		cat "$T/fb.err"
	fi
else
	skip_test "kernel-refused backend" "needs root and kernel.io_uring_disabled"
fi

finish
