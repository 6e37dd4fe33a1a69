#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh: alone
# (it judges time: whether 1000 clones start together and the run takes
# about its runtime is the CPU's to say)
#
# e2e_clonestart.sh -- e2e_fidelity.sh's check 4 (design.md, "Measurement
# fidelity"): a group's clones start together and run in one window: at
# 1, 16, 200 and 1000 sequential streams the sum of the clones' rates
# equals bytes / the group's window within 3%, every clone's runtime is
# that window (within 5%), and the whole run takes about the runtime, not
# clones x it. Clone counts the runner cannot hold are refused, naming
# the limit.
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
PY=/usr/bin/python3
FID="$TOP/tests/fidelity.py"
cd "$T" || exit 1
if [ ! -x "$PY" ]; then
	skip_test "clone start" "needs /usr/bin/python3"
	finish
	exit 0
fi
mkfile lun 512
sync  # the scratch file's writeback must not land in the first job
printf '%s/lun\n' "$T" >v.lun

# Clones start together; a group's rate is what the group did.
streams() {
	n=$1
	sz=$(((512 * 1048576 / n) / 65536 * 65536))
	cat >s.fio <<EOF
[global]
ioengine=external:$ENGINE
lunfile=$T/v.lun
direct=1
time_based=1
runtime=3

[streams]
rw=read
bs=64k
iodepth=1
numjobs=$n
size=$sz
offset_increment=$sz
EOF
}
for n in 1 16 200 1000; do
	streams "$n"
	t0=$(date +%s%N)
	if "$FR" -jobfile s.fio -output s.json 2>s.err; then
		wall=$((($(date +%s%N) - t0) / 1000000))
		# iops lat L p50 p99 bytes rt_min rt_max sum_bw jobs cpu
		# shellcheck disable=SC2046
		set -- $("$PY" "$FID" job s.json)
		if [ "${10}" = "$n" ] && awk -v by="$6" -v lo="$7" -v hi="$8" -v bw="$9" -v wall="$wall" 'BEGIN {
			r = bw / (by / hi * 1000)
			exit !(r >= 0.97 && r <= 1.03 && lo >= 3000 && hi <= lo * 1.05 && hi <= wall && wall < 2 * 3000)
		}'; then
			ok "$n streams: sum of clone rates $(awk -v b="$9" 'BEGIN {printf "%.1f", b / 1048576}') MiB/s = bytes / $8 ms window within 3%; clone runtimes $7..$8 ms; run took $wall ms"
		else
			not_ok "$n streams: bytes $6, clone runtimes $7..$8 ms, sum of rates $9 B/s, jobs ${10}, wall $wall ms"
		fi
	else
		not_ok "$n streams did not run"
		cat s.err
	fi
done
streams 1
sed -i 's/^numjobs=.*/numjobs=5000/' s.fio
"$FR" -jobfile s.fio -output s.json 2>s.err
rc=$?
[ $rc = 2 ] && grep -q 'numjobs=5000: give 1 to 4096' s.err && ok "5000 clones refused before any I/O: $(cat s.err)" \
	|| { not_ok "5000 clones (exit $rc)"; cat s.err; }
streams 200
(ulimit -n 200 && "$FR" -jobfile s.fio -output s.json 2>s.err)
rc=$?
[ $rc = 2 ] && grep -q 'ulimit -n' s.err && ok "200 clones under ulimit -n 200 refused, naming the limit" \
	|| { not_ok "open-file limit (exit $rc)"; cat s.err; }
finish
