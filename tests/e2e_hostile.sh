#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Description: the adversarial cases of issue 28, each a failure the
# tree once had. A lock file planted in a shared results folder (a
# symlink to a file elsewhere, a hard link, a FIFO, a file holding more
# than a PID) is refused, exit 2, and what it points at is unchanged.
# More below, one section per promise.
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
F2O=$TOP/build/fio2orion
cd "$T" || exit 1
loops=
mnts=
cleanup() {
	for m in $mnts; do umount "$m" 2>/dev/null; done
	for l in $loops; do
		for i in 1 2 3 4 5 6 7 8 9 10; do
			losetup -d "$l" 2>/dev/null && break
			sleep 0.3
		done
	done
	rm -rf "$T"
}
trap cleanup EXIT
sum() { md5sum <"$1" | cut -d' ' -f1; }
mkfile lun 16
echo "$T/lun" >t.lun

# 1. a planted lock: symlink, hard link, FIFO, foreign contents
mkdir -p shared/elsewhere
chmod 1777 shared
printf 'precious\n' >shared/elsewhere/important
cp t.lun shared/t.lun
ln -s "$T/shared/elsewhere/important" shared/.t.lock
"$FR" -run simple -testname t -outdir shared -jobs_only -duration 1 -cache_size 0 \
	>lk.out 2>lk.err
rc=$?
if [ $rc = 2 ] && [ "$(cat shared/elsewhere/important)" = precious ] \
	&& grep -q "lock file 'shared/.t.lock' is not a regular file (a symbolic link)" lk.err \
	&& [ -L shared/.t.lock ] && [ ! -e shared/t_jobs ]; then
	ok "a lock symlink planted in a shared folder: exit 2, named, its target untouched"
else
	not_ok "planted lock symlink: exit $rc, target now '$(cat shared/elsewhere/important)'"
	cat lk.err
fi
rm -f shared/.t.lock
ln shared/elsewhere/important shared/.t.lock
"$FR" -run simple -testname t -outdir shared -jobs_only -duration 1 -cache_size 0 \
	>lk.out 2>lk.err
rc=$?
if [ $rc = 2 ] && [ "$(cat shared/elsewhere/important)" = precious ] \
	&& grep -q "is not one fiorion left: it has more than one name" lk.err; then
	ok "a lock hard link: exit 2, named, the file untouched"
else
	not_ok "planted lock hard link: exit $rc"
	cat lk.err
fi
rm -f shared/.t.lock
mkfifo shared/.t.lock
timeout 20 "$FR" -run simple -testname t -outdir shared -jobs_only -duration 1 -cache_size 0 \
	>lk.out 2>lk.err
rc=$?
if [ $rc = 2 ] && grep -q "not a regular file (a special file)" lk.err; then
	ok "a FIFO as the lock: exit 2 at once, named"
else
	not_ok "FIFO lock: exit $rc"
	cat lk.err
fi
rm -f shared/.t.lock
printf 'config=1\033[31m\n' >shared/.t.lock
"$FR" -run simple -testname t -outdir shared -jobs_only -duration 1 -cache_size 0 \
	>lk.out 2>lk.err
rc=$?
if [ $rc = 2 ] && grep -q "it holds more than a PID" lk.err \
	&& [ "$(cat shared/.t.lock)" = "$(printf 'config=1\033[31m')" ] \
	&& ! grep -q "$(printf '\033')" lk.err; then
	ok "a lock file holding more than a PID: exit 2, left as it is, nothing echoed raw"
else
	not_ok "foreign lock contents: exit $rc"
	cat -v lk.err
fi
rm -f shared/.t.lock
"$FR" -run simple -testname t -outdir shared -jobs_only -duration 1 -cache_size 0 \
	>lk.out 2>lk.err
rc=$?
if [ $rc = 0 ] && [ -f shared/.t.lock ] && [ ! -L shared/.t.lock ] \
	&& grep -q '^[0-9][0-9]*$' shared/.t.lock; then
	"$FR" -run simple -testname t -outdir shared -jobs_only -duration 1 -cache_size 0 \
		>lk.out 2>lk.err
	rc=$?
fi
if [ $rc = 0 ]; then
	ok "fiorion's own lock file is made new and reused by the next run"
else
	not_ok "own lock: exit $rc"
	cat lk.err
fi

finish
