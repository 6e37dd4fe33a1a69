#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# bench-iopspair.sh -- the engine's IOPS against fio's own io_uring engine,
# with each of fio's io_uring options, in pairs a fraction of a second apart.
#
# Usage: scripts/bench-iopspair.sh [PAIRS [MS [FILE_MIB]]]
#
# 8 KiB random reads, direct=1, on one scratch file, at iodepth 1, 8 and 32
# (DEPTHS). For each option set (OPTS, as in bench-engine.sh) and depth, one
# fio run of 2 x PAIRS (default 30) jobs of MS milliseconds (default 250) one
# after the other (stonewall): fio's io_uring engine and the engine
# (backend=io_uring) in turn, the same options given to both, the order of
# each pair alternating. A machine's drift moves both jobs of a pair alike,
# so each pair's ratio engine / fio is a paired sample, where bench-engine.sh's
# rounds of 2 s runs a minute apart are not. The table: median IOPS of each,
# the median ratio and its 95 % confidence interval (order statistics of the
# pairs' ratios, distribution-free), in how many pairs the engine was ahead,
# and ok / LOW against 0.97 (LOW only when the whole interval is under it,
# "?" when the interval straddles it: more pairs decide).
set -eu
NAME=bench-iopspair
PAIRS=${1:-30}
MS=${2:-250}
MIB=${3:-1024}
# shellcheck source=SCRIPTDIR/bench-lib.sh
. "$(dirname "$0")/bench-lib.sh"

bench_opts

# opts OPTIONS: one line per option ("-" is none).
opts() { [ "$1" = - ] || for o in $1; do printf '%s\n' "$o"; done; }

# job OPTIONS QD: the job file, pairs alternating in order.
job() {
	printf '[global]\nrw=randread\nbs=8k\ndirect=1\niodepth=%s\nruntime=%sms\ntime_based=1\n' "$2" "$MS"
	printf 'norandommap=1\nrandrepeat=0\nstonewall=1\n'
	e=$(printf 'ioengine=external:%s\nluns=%s\nbackend=io_uring\n%s' "$ENGINE" "$T/scratch" "$(opts "$1")")
	f=$(printf 'ioengine=io_uring\nfilename=%s\n%s' "$T/scratch" "$(opts "$1")")
	i=0
	while [ $i -lt "$PAIRS" ]; do
		if [ $((i % 2)) = 0 ]; then
			printf '[fio%d]\n%s\n[eng%d]\n%s\n' $i "$f" $i "$e"
		else
			printf '[eng%d]\n%s\n[fio%d]\n%s\n' $i "$e" $i "$f"
		fi
		i=$((i + 1))
	done
}

nsets=$(echo "$OPTS" | tr ',' '\n' | wc -l)
nd=$(echo "$DEPTHS" | wc -w)
echo "bench-iopspair: $PAIRS pairs of $MS ms x $nsets option sets x $nd depths" \
	"(about $((PAIRS * nsets * nd * 2 * (MS + 150) / 60000 + 1)) min on a quiet machine); $(nproc) CPUs"
echo "bench-iopspair: start $(date -u '+%F %T') UTC, load average $(cut -d' ' -f1-3 /proc/loadavg)"
IFS_SAVE=$IFS
n=0
IFS=,
for o in $OPTS; do
	IFS=$IFS_SAVE
	for qd in $DEPTHS; do
		job "$o" "$qd" >"$T/j.fio"
		"$FIO" --output-format=json "$T/j.fio" >"$T/r.$n.$qd.json" 2>"$T/err" \
			|| { echo "bench-iopspair: fio ($o, qd $qd): $(cat "$T/err")" >&2; exit 1; }
	done
	printf '%s\n' "$o" >"$T/set.$n"
	n=$((n + 1))
	IFS=,
done
IFS=$IFS_SAVE
echo "bench-iopspair: end $(date -u '+%F %T') UTC, load average $(cut -d' ' -f1-3 /proc/loadavg)"

python3 - "$T" "$n" "$DEPTHS" <<'EOF'
import json, math, os, statistics, sys

top, nsets, depths = sys.argv[1], int(sys.argv[2]), sys.argv[3].split()

def median_ci(xs):
    """95 % interval of the median from order statistics (binomial)."""
    xs, n = sorted(xs), len(xs)
    k = 0
    # largest k with P(Bin(n, 1/2) <= k) <= 0.025
    c = 0.0
    for i in range(n + 1):
        c += math.comb(n, i) / 2 ** n
        if c > 0.025:
            break
        k = i + 1
    if k == 0:
        return xs[0], xs[-1]
    return xs[k - 1], xs[n - k]

print("%-44s %-3s %9s %9s %7s %17s %9s" % ("io_uring options", "qd", "fio IOPS", "eng IOPS",
      "ratio", "95 % interval", "eng ahead"))
for s in range(nsets):
    o = open(os.path.join(top, "set.%d" % s)).read().strip()
    for qd in depths:
        d = json.load(open(os.path.join(top, "r.%d.%s.json" % (s, qd))))
        iops = {j["jobname"]: j["read"]["iops"] for j in d["jobs"]}
        n = sum(1 for k in iops if k.startswith("fio"))
        pr = [(iops["fio%d" % i], iops["eng%d" % i]) for i in range(n) if iops.get("fio%d" % i)]
        r = [e / f for f, e in pr]
        m = statistics.median(r)
        lo, hi = median_ci(r)
        verdict = "ok" if m >= 0.97 else ("LOW" if hi < 0.97 else "?")
        print("%-44s %-3s %9d %9d %6.1f%% %7.1f-%6.1f%% %4d of %-3d %s" % (
            o, qd, statistics.median(f for f, _ in pr), statistics.median(e for _, e in pr),
            100 * m, 100 * lo, 100 * hi, sum(1 for x in r if x > 1), len(r), verdict))
print("(ratio: median over the pairs of engine / fio, each pair a fraction of a second apart;")
print(" ok: median >= 97 %; ?: median under 97 % but its 95 % interval reaches it; LOW: the interval is under it)")
EOF
