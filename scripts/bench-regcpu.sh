#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# bench-regcpu.sh -- CPU per I/O with fio's fixedbufs+registerfiles against
# without, in pairs a fraction of a second apart.
#
# Usage: scripts/bench-regcpu.sh [PAIRS [MS [FILE_MIB]]]
#
# 8 KiB random reads, direct=1, on one scratch file, at iodepth 1, 8 and
# 32 (DEPTHS); for the engine (backend=io_uring) and for fio's own
# io_uring engine, one fio run each of 2 x PAIRS (default 30) jobs of MS
# milliseconds (default 250) one after the other (stonewall): without
# the options and with fixedbufs+registerfiles in turn, the order of each
# pair alternating. A machine's load moves both jobs of a pair alike, so
# each pair's change (with / without - 1) is a paired sample: the table
# gives the median CPU per I/O of each (fio's usr_cpu + sys_cpu over the
# job's I/Os, microseconds), the median change and its range, in how many
# pairs "with" was lower, and the one-sided sign-test p-value of that
# count (the chance of as many or more lower pairs if the options changed
# nothing).
set -eu
NAME=bench-regcpu
PAIRS=${1:-30}
MS=${2:-250}
MIB=${3:-1024}
# shellcheck source=SCRIPTDIR/bench-lib.sh
. "$(dirname "$0")/bench-lib.sh"

# job ENGINE-LINES QD: the job file, pairs alternating in order.
job() {
	printf '[global]\n%s\nrw=randread\nbs=8k\ndirect=1\niodepth=%s\nruntime=%sms\ntime_based=1\n' "$1" "$2" "$MS"
	printf 'norandommap=1\nrandrepeat=0\nstonewall=1\n'
	i=0
	while [ $i -lt "$PAIRS" ]; do
		if [ $((i % 2)) = 0 ]; then
			printf '[without%d]\n[with%d]\nfixedbufs=1\nregisterfiles=1\n' $i $i
		else
			printf '[with%d]\nfixedbufs=1\nregisterfiles=1\n[without%d]\n' $i $i
		fi
		i=$((i + 1))
	done
}

nd=$(echo "$DEPTHS" | wc -w)
# Each job: MS plus about 150 ms of fio's own (a quiet machine).
echo "bench-regcpu: $PAIRS pairs of $MS ms x $nd depths x 2 engines" \
	"(about $((PAIRS * nd * 4 * (MS + 150) / 60000 + 1)) min on a quiet machine); $(nproc) CPUs"
echo "bench-regcpu: start $(date -u '+%F %T') UTC, load average $(cut -d' ' -f1-3 /proc/loadavg)"
for qd in $DEPTHS; do
	job "ioengine=external:$ENGINE
luns=$T/scratch
backend=io_uring" "$qd" >"$T/e.fio"
	job "ioengine=io_uring
filename=$T/scratch" "$qd" >"$T/f.fio"
	for w in e f; do
		"$FIO" --output-format=json "$T/$w.fio" >"$T/$w.$qd.json" 2>"$T/err" \
			|| { echo "bench-regcpu: fio $T/$w.fio: $(cat "$T/err"; grep -m3 '"error" : [1-9]' "$T/$w.$qd.json")" >&2; exit 1; }
	done
done
echo "bench-regcpu: end $(date -u '+%F %T') UTC, load average $(cut -d' ' -f1-3 /proc/loadavg)"

python3 - "$T" "$DEPTHS" <<'EOF'
import json, math, os, statistics, sys

top, depths = sys.argv[1], sys.argv[2].split()
print("%-15s %-3s %10s %10s %8s %18s %9s %9s" % ("engine", "qd", "with us/IO", "w/o us/IO", "change",
      "change range", "lower in", "sign p"))
for w, label in (("e", "engine"), ("f", "fio's io_uring")):
    for qd in depths:
        d = json.load(open(os.path.join(top, "%s.%s.json" % (w, qd))))
        cpu = {}
        for j in d["jobs"]:
            ios = j["read"]["total_ios"]
            s = (j["usr_cpu"] + j["sys_cpu"]) / 100 * j["job_runtime"] / 1000
            # A job too short to be charged a tick of CPU has no figure.
            if ios and s:
                cpu[j["jobname"]] = 1e6 * s / ios
        n = sum(1 for k in cpu if k.startswith("without"))
        pairs = [(cpu["without%d" % i], cpu["with%d" % i]) for i in range(n)
                 if cpu.get("without%d" % i) and cpu.get("with%d" % i)]
        ch = [100 * (b - a) / a for a, b in pairs]
        low = sum(1 for c in ch if c < 0)
        p = sum(math.comb(len(ch), k) for k in range(low, len(ch) + 1)) / 2 ** len(ch)
        print("%-15s %-3s %10.3f %10.3f %+7.1f%% %+8.1f..%+6.1f%% %4d of %-3d %9.2g" % (
            label, qd, statistics.median(b for _, b in pairs), statistics.median(a for a, _ in pairs),
            statistics.median(ch), min(ch), max(ch), low, len(ch), p))
EOF
