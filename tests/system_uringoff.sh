#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh: alone
# (it turns io_uring off for the whole machine for about two seconds:
# nothing else may run then. Not a make check suite, which changes
# nothing outside its temporary folders: make check-system runs it.)
#
# Description: a backend the kernel refuses (kernel.io_uring_disabled=2):
# the engine inside Debian's stock fio gives one clear error naming it and
# the other backends; fiorion falls back to libaio with a note. Needs root
# and a kernel with that sysctl; its value is saved and restored at once
# (and on exit), under a lock on the sysctl's file (flock), so that two
# runs side by side take turns and the second does not save the first's 2
# as the value to restore.
. "$(dirname "$0")/lib.sh"

FIO=${FIO:-fio}
SYSCTL=/proc/sys/kernel/io_uring_disabled
mkfile a 8
printf '%s\n' "$T/a" >"$T/vol.lun"

# run NAME FIO-ARGS...: fio with the engine in $T, its output in $T/NAME.out
run() {
	name=$1
	shift
	(cd "$T" && "$FIO" --output="$T/$name.out" --name="$name" --ioengine=external:"$ENGINE" "$@" \
		>"$T/$name.err" 2>&1)
}

if [ "$(id -u)" != 0 ] || [ ! -w "$SYSCTL" ]; then
	skip_test "kernel-refused backend" "needs root and kernel.io_uring_disabled"
	finish
	exit 0
fi
if ! command -v flock >/dev/null 2>&1; then
	skip_test "kernel-refused backend" "no flock (util-linux) to take turns on $SYSCTL"
	finish
	exit 0
fi
# fd 9 holds the lock until the script ends (the restore, at exit, first);
# the programs run with it closed.
exec 9<"$SYSCTL"
if ! flock -w 120 9; then
	skip_test "kernel-refused backend" "$SYSCTL stayed locked 120 s (another run of this suite)"
	finish
	exit 0
fi
old=$(cat "$SYSCTL")
at_exit "echo $old >$SYSCTL"
echo 2 >"$SYSCTL"
run refused --lunfile="$T/vol.lun" --rw=randread --bs=8k --runtime=1 9<&-
rc=$?
echo "$T/a" >"$T/fb.lun"
(cd "$T" && "$TOP/build/fiorion" -run advanced -matrix point -num_small 1 -num_large 0 \
	-testname fb -duration 1 >fb.out 2>fb.err 9<&-)
frc=$?
echo "$old" >"$SYSCTL"
if [ "$(cat "$SYSCTL")" = "$old" ]; then
	ok "kernel.io_uring_disabled: 2 for the two runs, then back to $old"
else
	not_ok "kernel.io_uring_disabled is $(cat "$SYSCTL"), not the $old it was"
fi
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

finish
