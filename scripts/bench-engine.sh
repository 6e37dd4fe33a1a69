#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# bench-engine.sh -- fio with fiorion-engine.so against fio's own engines,
# side by side on the same scratch file and job.
#
# Usage: scripts/bench-engine.sh [ROUNDS [SECONDS [FILE_MIB]]]
#
# 8 KiB (BS) random reads, direct=1, iodepth 1, 8 and 32 (DEPTHS), on one
# scratch file: fio's io_uring engine vs the engine with backend=io_uring,
# once with each set of fio's io_uring options in OPTS, the same options
# given to both (default: none; fixedbufs; registerfiles;
# fixedbufs+registerfiles; sqthread_poll; sqthread_poll with
# sqthread_poll_cpu=LAST_CPU; nonvectored=0; and hipri when the scratch
# file's device has poll queues); and fio's null engine vs backend=null
# (NULL_PAIR=0 leaves that out). Every pair runs interleaved with all the
# others in each round, ROUNDS times (default 5) for SECONDS each (default
# 2), fio first in even rounds and the engine first in odd ones (a fixed
# order turns "the second run after a pause is slower" into a bias).
#
# The table: median IOPS of each; the IOPS ratio engine / fio of each
# round (its two runs side by side), median and range over the rounds,
# judged against 0.97 (null: 0.90); CPU per I/O (fio's usr_cpu + sys_cpu
# over the run's I/Os, median, microseconds). Then CPU per I/O with
# fixedbufs+registerfiles against without, for the engine and for fio's
# own engine, as each round's change (median, range, rounds lower).
# Absolute IOPS move with the machine's load; only ratios of runs side by
# side are claims, and a machine busy with other work blurs even those:
# take figures on a quiet machine. The load average before and after is
# printed with the table.
set -eu
NAME=bench-engine
ROUNDS=${1:-5}
SECS=${2:-2}
MIB=${3:-1024}
NULL_PAIR=${NULL_PAIR:-1}
BS=${BS:-8k}
# shellcheck source=SCRIPTDIR/bench-lib.sh
. "$(dirname "$0")/bench-lib.sh"

# The option sets, ',' between sets, ' ' inside one; "-" is none.
bench_opts
PAIRS=$OPTS
[ "$NULL_PAIR" = 0 ] || PAIRS="$PAIRS,null"

# run OUT ARGS...: one fio run; appends "IOPS CPU-us-per-IO" to OUT.
run() {
	out=$1
	shift
	"$FIO" --output-format=json --name=b --rw=randread --bs="$BS" --direct=1 \
		--runtime="$SECS" --time_based --norandommap --randrepeat=0 "$@" >"$T/j" 2>"$T/err" \
		|| { echo "bench-engine: fio $*: $(cat "$T/err")" >&2; exit 1; }
	python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
j = d["jobs"][0]
ios = j["read"]["total_ios"]
cpu_s = (j["usr_cpu"] + j["sys_cpu"]) / 100 * j["job_runtime"] / 1000
print("%d %.3f" % (j["read"]["iops"], 1e6 * cpu_s / ios if ios else 0))' "$T/j" >>"$out"
}

# Engine options for fio's command line: "fixedbufs registerfiles" -> --fixedbufs ...
flags() { [ "$1" = - ] || for o in $1; do printf ' --%s' "$o"; done; }

key() { echo "$1" | tr ' =' '+:'; }

# pair WHO KEY QD OPTIONS: one run of fio's engine (f) or the engine (e).
pair() {
	if [ "$2" = null ]; then
		case $1 in
		f) run "$T/f.null.$3" --ioengine=null --size="${MIB}m" --iodepth="$3" ;;
		e) run "$T/e.null.$3" --ioengine=external:"$ENGINE" --luns="$T/scratch" \
			--backend=null --iodepth="$3" ;;
		esac
		return
	fi
	# shellcheck disable=SC2046
	case $1 in
	f) run "$T/f.$2.$3" --ioengine=io_uring --filename="$T/scratch" --iodepth="$3" $(flags "$4") ;;
	e) run "$T/e.$2.$3" --ioengine=external:"$ENGINE" --luns="$T/scratch" --backend=io_uring \
		--iodepth="$3" $(flags "$4") ;;
	esac
}

npairs=$(echo "$PAIRS" | tr ',' '\n' | wc -l)
ndepths=$(echo "$DEPTHS" | wc -w)
echo "bench-engine: $ROUNDS rounds x $npairs pairs x $ndepths depths x 2 runs of ${SECS} s" \
	"(about $((ROUNDS * npairs * ndepths * (2 * SECS + 1) / 60 + 1)) min on a quiet machine); $(nproc) CPUs"
echo "bench-engine: start $(date -u '+%F %T') UTC, load average $(cut -d' ' -f1-3 /proc/loadavg)"

IFS_SAVE=$IFS
r=0
while [ $r -lt "$ROUNDS" ]; do
	for qd in $DEPTHS; do
		IFS=,
		for o in $PAIRS; do
			IFS=$IFS_SAVE
			k=$(key "$o")
			if [ $((r % 2)) = 0 ]; then
				pair f "$k" "$qd" "$o"
				pair e "$k" "$qd" "$o"
			else
				pair e "$k" "$qd" "$o"
				pair f "$k" "$qd" "$o"
			fi
			IFS=,
		done
		IFS=$IFS_SAVE
	done
	r=$((r + 1))
done
echo "bench-engine: end $(date -u '+%F %T') UTC, load average $(cut -d' ' -f1-3 /proc/loadavg)"

python3 - "$T" "$PAIRS" "$DEPTHS" <<'EOF'
import os, statistics, sys

top, pairs, depths = sys.argv[1], sys.argv[2].split(","), sys.argv[3].split()
key = lambda o: o.replace(" ", "+").replace("=", ":")
rows = lambda who, k, qd: [tuple(map(float, l.split())) for l in open(os.path.join(top, "%s.%s.%s" % (who, k, qd)))]
med = statistics.median

print("%-40s %-3s %9s %9s %7s %15s %5s %9s %9s" % ("pair (options)", "qd", "fio IOPS", "eng IOPS", "ratio",
      "ratio range", "", "fio us/IO", "eng us/IO"))
for o in pairs:
    name = "null" if o == "null" else "io_uring (%s)" % o
    need = 0.90 if o == "null" else 0.97
    for qd in depths:
        f, e = rows("f", key(o), qd), rows("e", key(o), qd)
        ratios = [b[0] / a[0] for a, b in zip(f, e) if a[0]]
        r = med(ratios)
        print("%-40s %-3s %9d %9d %6.1f%% %6.1f-%6.1f%% %5s %9.3f %9.3f" % (
            name, qd, med(x[0] for x in f), med(x[0] for x in e), 100 * r,
            100 * min(ratios), 100 * max(ratios), "ok" if r >= need else "LOW",
            med(x[1] for x in f), med(x[1] for x in e)))
print("(ratio: median over the rounds of engine / fio side by side; ok: >= 97 %, null >= 90 %)")

fr = "fixedbufs registerfiles"
if "-" in pairs and fr in pairs:
    print("\nCPU per I/O with fixedbufs+registerfiles against without, each round's change:")
    for who, label in (("e", "engine"), ("f", "fio's io_uring")):
        for qd in depths:
            a, b = rows(who, "-", qd), rows(who, key(fr), qd)
            d = [100 * (y[1] - x[1]) / x[1] for x, y in zip(a, b) if x[1]]
            print("  %-15s qd %-3s %8.3f us against %8.3f us: %+6.1f%% (range %+.1f%% .. %+.1f%%, lower in %d of %d rounds)" % (
                label, qd, med(y[1] for y in b), med(x[1] for x in a), med(d), min(d), max(d),
                sum(1 for x in d if x < 0), len(d)))
EOF
