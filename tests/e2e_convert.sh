#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Description: fio2orion end to end: the seed samples (000, 001) rebuilt
# byte for byte from inputs carrying their numbers, every real fio JSON
# file converted, -compat 19c names/units/histogram, -format json,
# tradeoff, bad input (exit 2 with file:line:col), atomic output, a
# 50 MB json+ file converted whole (its speed: scripts/bench-convert.sh),
# and client/server results (totals from the hosts' own entries, whatever
# fio's "All clients" says; .hosts.csv); the answers under a latency
# bound (run.json's max_latency and fio2orion -max_latency) and fio's
# steady state in the summary and trace. The results made here by real
# fio (a failed job, psync's held depth, a reader beside a writer, two
# stonewalled groups, gtod_reduce, two "hosts" at once) are what fio
# writes, not timings: each job reads or writes its 4 MiB file once
# (no time_based runtime), a fraction of a second.
. "$(dirname "$0")/lib.sh"

F2O=$TOP/build/fio2orion
G=$TOP/tests/data/golden
D=$TOP/tests/data/fio-json

# contains FILE BLOCKS: every "----"-separated block of BLOCKS is in FILE
contains() {
	awk -v blocks="$2" '
		{ text = text $0 "\n" }
		END {
			n = 0
			while ((getline line < blocks) > 0) {
				if (line == "----") { if (index(text, b) == 0) bad++; b = ""; n++; continue }
				b = b line "\n"
			}
			if (b != "" && index(text, b) == 0) bad++
			exit bad ? 1 : 0
		}' "$1"
}

# 1. golden: seeds 000 and 001
for seed in 000:orion-test 001:11gtest; do
	n=${seed%%:*} t=${seed#*:}
	mkdir -p "$T/g$n"
	if ! "$F2O" -outdir "$T/g$n" "$G/seed$n.json" >"$T/g$n.err" 2>&1; then
		not_ok "seed $n: fio2orion failed"
		cat "$T/g$n.err"
		continue
	fi
	for f in summary.txt iops.csv lat.csv mbps.csv; do
		if cmp -s "$G/seed$n/${t}_$f" "$T/g$n/${t}_$f"; then
			ok "seed $n: ${t}_$f byte for byte"
		else
			not_ok "seed $n: ${t}_$f differs"
			diff "$G/seed$n/${t}_$f" "$T/g$n/${t}_$f" | head -20
		fi
	done
done
if contains "$T/g001/11gtest_trace.txt" "$G/seed001/11gtest_trace_blocks.txt" \
	&& [ "$(grep -c '^Point ' "$T/g001/11gtest_trace.txt")" = 29 ] \
	&& head -n 1 "$T/g001/11gtest_trace.txt" | grep -qx 'TEST START'; then
	ok "seed 001: trace has the seed's blocks (points 1-3, 27-29, TEST END) and 29 headers"
else
	not_ok "seed 001: trace structure"
fi
if [ "$(wc -c <"$G/seed000/orion-test_iops.csv")" = 128 ] && [ "$(wc -c <"$G/seed000/orion-test_lat.csv")" = 128 ] \
	&& [ "$(wc -c <"$G/seed000/orion-test_mbps.csv")" = 100 ]; then
	ok "seed 000: csv sizes 128/128/100 as ORION's (orion.md 3.4)"
else
	not_ok "seed 000: csv sizes"
fi
[ -e "$T/g000/orion-test_tradeoff.csv" ] && not_ok "tradeoff written without mixed points" || ok "no tradeoff file without mixed points"

# 2. every real fio JSON converts (groups at the same load need -merge)
for f in "$D"/*.json "$D"/public/*.json; do
	b=$(basename "$f" .json)
	mkdir -p "$T/all/$b"
	if "$F2O" -merge last -testname x -outdir "$T/all/$b" "$f" >"$T/all/$b.err" 2>&1 \
		&& [ -s "$T/all/$b/x_summary.txt" ] && [ -s "$T/all/$b/x_trace.txt" ]; then
		ok "converts $b"
	else
		not_ok "converts $b"
		cat "$T/all/$b.err"
	fi
done
if "$F2O" -outdir "$T" "$D/03-stonewall-groups.json" >"$T/dup.err" 2>&1; then
	not_ok "two groups at one load accepted without -merge"
elif grep -q "fio2orion: points 1 and 3 both have small=4 large=0; use -merge last or -merge mean" "$T/dup.err"; then
	ok "two groups at one load: clear error"
else
	not_ok "two groups at one load: message"
	cat "$T/dup.err"
fi

# 3. a mixed point gives _tradeoff.csv; 19c names, units, histogram
mkdir -p "$T/mix"
"$F2O" -outdir "$T/mix" -testname mix "$D/02-two-jobs-one-group.json" 2>"$T/mix.err"
[ -s "$T/mix/mix_tradeoff.csv" ] && head -n 1 "$T/mix/mix_tradeoff.csv" | grep -q '^Latency(ms),' \
	&& ok "mixed point: tradeoff.csv" || not_ok "mixed point: tradeoff.csv"
mkdir -p "$T/c19"
TZ=UTC "$F2O" -compat 19c -outdir "$T/c19" -testname h "$D/08-jsonplus.json" 2>"$T/c19.err"
stamp=$(TZ=UTC date -d @"$(jget "$D/08-jsonplus.json" timestamp)" +%Y%m%d_%H%M)
if [ -s "$T/c19/h_${stamp}_summary.txt" ] && [ -s "$T/c19/h_${stamp}_hist.txt" ] \
	&& grep -q '^Minimum Small Latency=96.655 usecs @ Small=4 and Large=0$' "$T/c19/h_${stamp}_summary.txt" \
	&& grep -q '^Small Read Latency: avg=96.655 us, min=36.704 us, max=2852.729 us, std dev=38.804 us @ Small=4 and Large=0$' "$T/c19/h_${stamp}_summary.txt" \
	&& grep -q '^        Latency:                         # of IOs (read)          # of IOs (write)$' "$T/c19/h_${stamp}_hist.txt" \
	&& grep -q '^          0, 96.655$' "$T/c19/h_${stamp}_lat.csv"; then
	ok "-compat 19c: prefixed names, us latency, latency lines, hist.txt"
else
	not_ok "-compat 19c"
	ls "$T/c19"
	cat "$T/c19/"*summary.txt "$T/c19/"*lat.csv 2>/dev/null
fi
"$F2O" -compat 19c -outdir "$T/c19" -testname nb "$D/01-single-job.json" 2>"$T/nb.err"
if grep -q "no latency bins in the input" "$T/nb.err" && ! ls "$T/c19"/nb_*_hist.txt >/dev/null 2>&1; then
	ok "-compat 19c without bins: note, no hist.txt"
else
	not_ok "-compat 19c without bins"
fi

# 4. -format json
if "$F2O" -format json "$D/02-two-jobs-one-group.json" >"$T/p.json" 2>"$T/p.err" \
	&& grep -q '"small_load": 4' "$T/p.json" && grep -q '"large_load": 2' "$T/p.json" \
	&& "$F2O" -format json "$T/p.json" >/dev/null 2>"$T/p2.err"; [ $? -eq 2 ]; then
	ok "-format json: points on stdout (and that is not fio JSON)"
else
	not_ok "-format json"
fi

# 4b. -format json carries the answers, the knees, steady state and each host's points
"$F2O" -format json -max_latency 30 "$G/seed000.json" >"$T/a.json" 2>/dev/null
"$F2O" -format json "$D/09-steadystate-attained.json" >"$T/ss.json" 2>/dev/null
"$F2O" -format json "$D/10-steadystate-not-attained.json" >"$T/ssn.json" 2>/dev/null
"$F2O" -format json "$D/07-client-server-two-clients.json" >"$T/h.json" 2>/dev/null
why=$(python3 - "$T" <<'EOF2'
import json, sys
t = sys.argv[1]
a, ss, ssn, h = (json.load(open(f"{t}/{n}.json")) for n in ("a", "ss", "ssn", "h"))
bad = []
m = a.get("max_latency", {})
# seed 000's summary line: Best Small IOPS with latency <= 30 ms = 119 @ Small=3 and Large=0
if m.get("bound") != "30" or int(m["max_small_iops"]["iops"]) != 119 or m["max_small_iops"]["small_load"] != 3 \
        or m.get("max_large_mbps") is not None:
    bad.append(f"max_latency {m}")
k = {(x["ladder"], x["fixed"]): (x["load"], x["why"]) for x in a.get("knees", [])}
if k.get(("small", 0)) != (3, "latency") or k.get(("large", 0)) != (0, "over"):
    bad.append(f"knees {k}")
s1 = [p.get("steady_state") for p in ss["points"]]
s2 = [p.get("steady_state") for p in ssn["points"]]
if not s1 or not all(x and x["attained"] for x in s1) or not all(x and not x["attained"] for x in s2):
    bad.append(f"steady_state {s1} {s2}")
tot = sum(p["small"]["iops"] for p in h["points"] if "small" in p)
per = sum(p["small"]["iops"] for x in h.get("hosts", []) for p in x["points"] if "small" in p)
if len(h.get("hosts", [])) != 2 or abs(tot - per) > 1e-6 * tot:
    bad.append(f"hosts: {len(h.get('hosts', []))}, total {tot} vs hosts {per}")
if "max_latency" in ss or "knees" in ss or "hosts" in ss:
    bad.append("keys without a bound or hosts")
print("; ".join(bad) if bad else "answer 119 @ Small=3, knees, steady state, 2 hosts summing to the total")
sys.exit(1 if bad else 0)
EOF2
)
[ $? = 0 ] && ok "-format json: $why" || not_ok "-format json extras: $why"

# 5. bad input: exit 2, one line naming file, line and column
printf 'hello\n' >"$T/bad1.json"
head -c 3000 "$D/01-single-job.json" >"$T/bad2.json"
printf '{\n  "fio version" : "fio-3.33"\n}\n' >"$T/bad3.json"
printf '{\n  "jobs" : [ 1,, 2 ]\n}\n' >"$T/bad4.json"
for c in "bad1:bad1.json:1:1: no JSON document" "bad2:bad2.json:[0-9]*:[0-9]*: truncated JSON" \
	"bad3:bad3.json:1:1: no jobs" "bad4:bad4.json:2:[0-9]*: not valid JSON"; do
	b=${c%%:*} want=${c#*:}
	"$F2O" -outdir "$T" "$T/$b.json" >"$T/$b.out" 2>&1
	rc=$?
	if [ $rc -eq 2 ] && [ "$(wc -l <"$T/$b.out")" = 1 ] && grep -q "^fio2orion: .*$want" "$T/$b.out"; then
		ok "bad input $b: exit 2, '$(cat "$T/$b.out")'"
	else
		not_ok "bad input $b (exit $rc)"
		cat "$T/$b.out"
	fi
done
for a in "-compat 11g" "-merge first" "-format xml" "-small_max 1x" "-small_max 200k" "-nosuch" "-outdir $T/u.out"; do
	# shellcheck disable=SC2086
	"$F2O" $a "$D/01-single-job.json" >"$T/u.out" 2>&1
	rc=$?
	[ $rc -eq 2 ] && grep -q '^fio2orion: ' "$T/u.out" && ok "usage error: $a" || { not_ok "usage error: $a (exit $rc)"; cat "$T/u.out"; }
done
"$F2O" -testname m -outdir "$T/made/deeper" "$D/01-single-job.json" >/dev/null 2>"$T/md.err" \
	&& [ -s "$T/made/deeper/m_summary.txt" ] && ok "-outdir made with its parents when missing" \
	|| { not_ok "-outdir not made"; cat "$T/md.err"; }
"$F2O" -outdir "$T/bad/x" "$T/bad1.json" >/dev/null 2>&1
[ $? -eq 2 ] && [ ! -e "$T/bad" ] && ok "-outdir not made when the input is refused" || not_ok "-outdir made for refused input"
"$F2O" >/dev/null 2>&1; [ $? -eq 2 ] && ok "no input files: exit 2" || not_ok "no input files"
"$F2O" -help | grep -q -- '-small_max SIZE' && ok "-help lists the options" || not_ok "-help"

# 6. atomic: an existing output file is replaced whole, no temporaries left
mkdir -p "$T/at"
echo old >"$T/at/a_summary.txt"
"$F2O" -testname a -outdir "$T/at" "$D/01-single-job.json" 2>/dev/null
if head -n 1 "$T/at/a_summary.txt" | grep -q '^ORION VERSION' && ! ls "$T/at" | grep -q tmp; then
	ok "outputs replaced whole, no temporary files left"
else
	not_ok "atomic outputs"
fi

# 7. a 50 MB json+ file: every job read, every point in the files. How
# fast: scripts/bench-convert.sh (speed is not checked here).
sh "$TOP/scripts/make-big-json.sh" 50 "$T/big.json"
mkdir -p "$T/big"
"$F2O" -outdir "$T/big" "$T/big.json" 2>"$T/big.err"
rc=$?
"$F2O" -format json "$T/big.json" >"$T/big-points.json" 2>>"$T/big.err"
njobs=$(python3 -c 'import json, sys; print(len(json.load(open(sys.argv[1]))["jobs"]))' "$T/big.json")
npts=$(jget "$T/big-points.json" total_points)
if [ $rc -eq 0 ] && [ -s "$T/big/orion_summary.txt" ] && [ "$njobs" -gt 1000 ] \
	&& grep -q "^Total Data Points: $npts\$" "$T/big/orion_summary.txt"; then
	ok "50 MB json+ ($njobs jobs) converted whole: $npts data points"
else
	not_ok "50 MB json+ (exit $rc, $njobs jobs, $npts points)"
	cat "$T/big.err"
fi
# 8. Real-world results (issue 11): a failed job is not a data point; the
# load is what fio held; fio 2.1's own IOPS.
fio --name=ok --filename="$T/okfile" --size=4m --rw=randread --bs=8k --ioengine=psync --iodepth=32 \
	--output-format=json >"$T/ps.json" 2>/dev/null
rm -f "$T/nonexist"
fio --name=bad --filename="$T/nonexist" --rw=read --bs=1m --size=1m --readonly --output-format=json \
	>"$T/failed.json" 2>"$T/failed.fioerr"
"$F2O" -outdir "$T/fl" "$T/ps.json" "$T/failed.json" >"$T/fl.out" 2>&1
rc=$?
if [ $rc = 2 ] && grep -q "job 'bad' failed in fio (error 2: no such file or directory) and did no I/O" "$T/fl.out" \
	&& [ ! -e "$T/fl/orion_summary.txt" ]; then
	ok "a job fio failed to run is refused (not a 0.00 MBPS cell), naming it and fio's error (real fio: $(head -n 1 "$T/failed.fioerr"))"
else
	not_ok "failed job (exit $rc)"
	cat "$T/fl.out"
fi
"$F2O" -skip_failed -testname sk -outdir "$T/fl" "$T/ps.json" "$T/failed.json" >"$T/sk.out" 2>&1
[ $? = 0 ] && grep -q 'left out 1 job(s) that failed in fio or were cut short' "$T/sk.out" && [ -s "$T/fl/sk_summary.txt" ] \
	&& ok "-skip_failed leaves it out with a warning" || { not_ok "-skip_failed"; cat "$T/sk.out"; }
"$F2O" -testname ps -outdir "$T/held" "$T/ps.json" 2>"$T/held.err"
if grep -q '@ Small=1 and Large=0' "$T/held/ps_summary.txt" \
	&& grep -q 'note: the options asked for 32 outstanding I/Os; fio held 1 (a synchronous engine' "$T/held/ps_trace.txt"; then
	ok "psync with iodepth=32 (real fio): Small=1, and the trace says why"
else
	not_ok "psync held depth"
	cat "$T/held/ps_summary.txt" "$T/held.err"
fi
"$F2O" -testname lt -outdir "$T/held" "$D/12-latency-target.json" 2>"$T/held.err"
grep -q 'note: the options asked for 32 outstanding I/Os; fio held 6 (latency_target settled at latency_depth)' "$T/held/lt_trace.txt" \
	&& ok "latency_target: the load is fio's latency_depth (6), not iodepth=32" || { not_ok "latency_depth"; cat "$T/held.err"; }
"$F2O" -format json -merge last "$D/public/fio-2.1.4_PerfKitBenchmarker_fio-parser-sample-result.json" >"$T/f21.json" 2>"$T/f21.err"
grep -q '"iops": 317.0,' "$T/f21.json" && grep -q '"iops": 253.0,' "$T/f21.json" \
	&& ok "fio 2.1.4 (no total_ios): fio's own IOPS (317, 253), not rebuilt from truncated figures" \
	|| { not_ok "fio 2.1 IOPS"; grep '"iops"' "$T/f21.json"; cat "$T/f21.err"; }
# Messages (issue 11, 7): a document not at the start of a line, an empty file.
{ printf '>'; cat "$D/01-single-job.json"; } >"$T/prompt.json"
{ printf '  '; cat "$D/01-single-job.json"; } >"$T/indent.json"
"$F2O" -format json "$T/prompt.json" >/dev/null 2>"$T/pr.err" && "$F2O" -format json "$T/indent.json" >/dev/null 2>>"$T/pr.err" \
	&& ok "a document after '>' or blanks on its line is found" || { not_ok "'>{' / ' {'"; cat "$T/pr.err"; }
: >"$T/empty.json"
"$F2O" -format json "$T/empty.json" >/dev/null 2>"$T/em.err"
[ $? = 2 ] && grep -qx "fio2orion: $T/empty.json: empty file (no fio output in it)" "$T/em.err" \
	&& ok "a 0-byte file: 'empty file'" || { not_ok "empty file"; cat "$T/em.err"; }
printf 'fio: some error\nno json here\n' >"$T/nojson.json"
"$F2O" -format json "$T/nojson.json" >/dev/null 2>"$T/nj.err"
[ $? = 2 ] && grep -q "no JSON document: no '{' in 29 bytes" "$T/nj.err" \
	&& ok "text without JSON: says what was found" || { not_ok "no-JSON message"; cat "$T/nj.err"; }
# Write: without a run description, the share of the I/O written (issue 11, 5).
fio --name=r --filename="$T/rwfile" --size=4m --bs=8k --rw=randread \
	--name=w --filename="$T/rwfile" --size=4m --bs=8k --rw=randwrite \
	--output-format=json >"$T/rw.json" 2>/dev/null
"$F2O" -testname rw -outdir "$T/rw" "$T/rw.json" 2>"$T/rw.err"
w=$(sed -n 's/^Write: \([0-9]*\)%$/\1/p' "$T/rw/rw_summary.txt")
[ -n "$w" ] && [ "$w" -gt 0 ] && [ "$w" -lt 100 ] \
	&& ok "one reader and one writer (real fio): Write: $w%, the share written, not 100%" || { not_ok "Write: $w%"; cat "$T/rw.err"; }
"$F2O" -format json "$D/08-jsonplus.json" | grep -q '"percentiles_from": "clat bins"' \
	&& ok "-format json: percentiles from json+ clat bins say so" || not_ok "percentiles_from"
# -merge mean keeps every group's per-slot figures; no latency is "n/a" (issue 11, 5).
printf '[global]\nfilename=%s/mfile\nsize=4m\nbs=8k\nrw=randread\niodepth=1\nnumjobs=2\n[a]\n[b]\nstonewall=1\n' "$T" >"$T/m.fio"
fio --output-format=json "$T/m.fio" >"$T/m.json" 2>/dev/null
"$F2O" -merge mean -testname mm -outdir "$T/mm" "$T/m.json" 2>"$T/mm.err"
if awk '/^ran \(small\): Index = / {n++; c += $8} /^ran \(small\): nio=/ {split($3, a, "="); nio = a[2]}
	END {exit !(n == 2 && c == nio && nio > 0)}' "$T/mm/mm_trace.txt"; then
	ok "-merge mean: both slots, their counts adding up to nio as the two groups' I/Os do"
else
	not_ok "-merge mean slots"
	grep '^ran (small)' "$T/mm/mm_trace.txt"
fi
fio --name=g --filename="$T/gfile" --size=4m --bs=8k --rw=randread --gtod_reduce=1 \
	--output-format=json >"$T/g.json" 2>/dev/null
"$F2O" -testname gt -outdir "$T/gt" "$T/g.json" 2>"$T/gt.err"
grep -q '^ran (small): my   1 oth   0 iops [0-9]* size 8 K lat    n/a ms' "$T/gt/gt_trace.txt" \
	&& ok "gtod_reduce (no latency measured, real fio): the trace says n/a, not 0.00 ms" \
	|| { not_ok "gtod_reduce trace"; grep '^ran' "$T/gt/gt_trace.txt"; cat "$T/gt.err"; }
# Files from hosts that ran at once add up with -sum (issue 11, 3): two fio
# processes at the same time, one file each, as two hosts would give.
for h in a b; do
	fio --name=db --filename="$T/host$h" --size=4m --bs=8k --rw=randread --iodepth=1 \
		--output-format=json >"$T/host$h.json" 2>/dev/null &
done
wait
"$F2O" -outdir "$T/hs" "$T/hosta.json" "$T/hostb.json" >"$T/hs.out" 2>&1
[ $? = 2 ] && grep -q "the same jobs ('db') from $T/hosta.json and $T/hostb.json; if those ran at the same time (one file per host), give -sum" "$T/hs.out" \
	&& ok "same jobs in two files: the clash names them and suggests -sum" || { not_ok "clash message"; cat "$T/hs.out"; }
"$F2O" -sum -format json "$T/hosta.json" "$T/hostb.json" >"$T/hs.json" 2>"$T/hs.err"
want=$(($(json_iops "$T/hosta.json") + $(json_iops "$T/hostb.json")))
got=$(jget "$T/hs.json" points/0/small/iops | awk '{printf "%d", $1}')
if grep -q '"small_load": 1,' "$T/hs.json" && [ "$got" -ge $((want - 1)) ] && [ "$got" -le $((want + 1)) ]; then
	ok "-sum: one point, Small=1 (each host's load, as a --client run's), IOPS $got = the two files' $want"
else
	not_ok "-sum: IOPS $got, want $want"
	head -20 "$T/hs.json"
	cat "$T/hs.err"
fi
# -sum (issue 27): each file is a host, named after it, with its own LUNs.
"$F2O" -sum -outdir "$T/hs" "$T/hosta.json" "$T/hostb.json" 2>"$T/hs.err"
if grep -qx "Host hosta: Name: $T/hosta	Size: 4194304" "$T/hs/orion_summary.txt" \
	&& grep -qx "Host hostb: Name: $T/hostb	Size: 4194304" "$T/hs/orion_summary.txt" \
	&& grep -qx '2 FILEs found on 2 hosts.' "$T/hs/orion_summary.txt" \
	&& [ "$(grep -c '^1,1,0,host[ab],' "$T/hs/orion.hosts.csv")" = 2 ]; then
	ok "-sum: the LUNs of every file, each with its host; .hosts.csv has both hosts"
else
	not_ok "-sum LUNs and hosts"
	cat "$T/hs.err" "$T/hs/orion_summary.txt" "$T/hs/orion.hosts.csv"
fi
# Client/server (issue 14): the totals come from each host's own entries,
# never from fio's "All clients": with that block missing, or doctored (x10
# I/Os and bytes, another latency), fio2orion writes the very same files.
for f in 06-client-server-one-client 07-client-server-two-clients; do
	for v in orig missing wrong; do
		mkdir -p "$T/cs/$f/$v"
		python3 - "$D/$f.json" "$T/cs/$f/$v/in.json" "$v" <<'PY'
import json, sys
text = open(sys.argv[1]).read()
head, d = text[:text.index("{")], json.loads(text[text.index("{"):])
stats = d["client_stats"]
assert any(j["jobname"] == "All clients" for j in stats)
if sys.argv[3] == "missing":
    d["client_stats"] = [j for j in stats if j["jobname"] != "All clients"]
elif sys.argv[3] == "wrong":
    for j in stats:
        if j["jobname"] == "All clients":
            for k in ("read", "write"):
                j[k]["total_ios"] *= 10
                j[k]["io_bytes"] *= 10
                j[k]["iops"] *= 10
                for lat in ("lat_ns", "clat_ns"):
                    j[k][lat]["mean"] = j[k][lat]["mean"] * 7 + 12345
                    j[k][lat]["min"] = 1
open(sys.argv[2], "w").write(head + json.dumps(d, indent=2) + "\n")
PY
		(cd "$T/cs/$f/$v" && "$F2O" -testname cs in.json >out.txt 2>&1) || { not_ok "$f $v: fio2orion failed"; cat "$T/cs/$f/$v/out.txt"; }
		rm "$T/cs/$f/$v/in.json"
	done
	for v in missing wrong; do
		if diff -r "$T/cs/$f/orig" "$T/cs/$f/$v" >"$T/cs/$v.diff"; then
			ok "$f: \"All clients\" $v: the same files as the original ($(ls "$T/cs/$f/$v" | tr '\n' ' '))"
		else
			not_ok "$f: \"All clients\" $v changes the output"
			head -20 "$T/cs/$v.diff"
		fi
	done
done
# The totals are the sums of the hosts' own entries; .hosts.csv has each.
c=$T/cs/07-client-server-two-clients/orig
want=$(python3 - "$D/07-client-server-two-clients.json" <<'PY'
import json, sys
t = open(sys.argv[1]).read()
d = json.loads(t[t.index("{"):])
hosts = {}
for j in d["client_stats"]:
    if j["jobname"] == "All clients":
        continue
    r = j["read"]
    h = hosts.setdefault("%s:%d" % (j["hostname"], j["port"]), [0.0, 0, 0.0])
    h[0] += r["total_ios"] / (r["runtime"] / 1000.0)
    h[1] += r["total_ios"]
    h[2] += r["lat_ns"]["mean"] * r["total_ios"]
tot = sum(h[0] for h in hosts.values())
lat = sum(h[2] for h in hosts.values()) / sum(h[1] for h in hosts.values())
rows = ["1,8,0,%s,%d,%.2f," % (n, h[0], h[2] / h[1] / 1e6) for n, h in hosts.items()]
print("%d %.2f %s" % (tot, lat / 1e6, " ".join(rows)))
PY
)
set -- $want
if grep -qx "          0, $(printf '%6d' "$1")" "$c/cs_iops.csv" && grep -qx "          0, $(printf '%6s' "$2")" "$c/cs_lat.csv" \
	&& [ "$(tail -n +2 "$c/cs.hosts.csv" | tr '\n' ' ')" = "$3 $4 " ] \
	&& head -n 1 "$c/cs.hosts.csv" | grep -qx 'Point,Small,Large,Host,Small IOPS,Small Latency (ms),Large MBPS' \
	&& grep -q "^Hosts: 2 (127.0.0.1:8766, 127.0.0.1:8765)\. Loads are per host: .* Each host's values: cs\.hosts\.csv\.$" "$c/cs_summary.txt" \
	&& grep -q '^Host 127.0.0.1:8765: Small IOPS=[0-9]*, Small Latency=0\.[0-9][0-9] ms$' "$c/cs_trace.txt"; then
	ok "two hosts: IOPS $1 and latency $2 ms from the hosts' own entries, Small=8 per host; hosts.csv, summary and trace lines"
else
	not_ok "two hosts: want IOPS $1, latency $2, rows $3 $4"
	cat "$c/cs_iops.csv" "$c/cs_lat.csv" "$c/cs.hosts.csv"
fi
# 19c: the hosts file dated like the others, latency in us.
(cd "$c" && TZ=UTC "$F2O" -compat 19c -testname d "$D/07-client-server-two-clients.json" 2>/dev/null)
stamp=$(TZ=UTC date -d @"$(jget "$D/07-client-server-two-clients.json" timestamp)" +%Y%m%d_%H%M)
head -n 1 "$c/d.${stamp}.hosts.csv" 2>/dev/null | grep -qx 'Point,Small,Large,Host,Small IOPS,Small Latency (us),Large MBPS' \
	&& grep -q "Each host's values: d\.${stamp}\.hosts\.csv\.$" "$c/d_${stamp}_summary.txt" \
	&& ok "-compat 19c: d.${stamp}.hosts.csv, latency in us" || { not_ok "-compat 19c hosts file"; ls "$c"; }
# A later local set under the same names: the hosts file is stale, removed.
(cd "$c" && "$F2O" -testname cs "$D/01-single-job.json" >"$T/cs/stale.out" 2>&1)
[ ! -e "$c/cs.hosts.csv" ] && grep -q "removed ./cs.hosts.csv, left by an earlier result set" "$T/cs/stale.out" \
	&& ok "a local set removes the earlier set's cs.hosts.csv, saying so" || { not_ok "stale hosts.csv"; cat "$T/cs/stale.out"; }
# A name in the input is only a name: outputs stay inside -outdir.
mkdir -p "$T/esc/deep/out"
python3 - "$D/01-single-job.json" "$T/esc/deep/in.json" <<'PY'
import json, sys
text = open(sys.argv[1]).read()
d = json.loads(text[text.index("{"):])
d["fiorion"] = {"testname": "../../escaped"}
json.dump(d, open(sys.argv[2], "w"))
PY
d2=$("$F2O" -outdir "$T/esc/deep/out" "$T/esc/deep/in.json" 2>&1)
if [ -s "$T/esc/deep/out/escaped_summary.txt" ] && [ ! -e "$T/esc/escaped_summary.txt" ] \
	&& [ -z "$(find "$T/esc" -name '*_summary.txt' ! -path "$T/esc/deep/out/*")" ]; then
	ok "a testname of '../../escaped' in the input writes out/escaped_summary.txt, nothing outside -outdir"
else
	not_ok "an input's testname escaped -outdir: $d2"
	find "$T/esc"
fi
# The answers (issue 15). A bound in run.json ("max_latency") adds two
# lines after ORION's extremes and marks each ladder's knee in the trace;
# nothing else changes (seed 000's files otherwise as ORION wrote them).
# fio2orion -max_latency on the run without one gives the very same files.
mkdir -p "$T/ans/run" "$T/ans/opt"
python3 - "$G/seed000.json" "$T/ans/seed000-bound.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
d["fiorion"]["max_latency"] = "30"
json.dump(d, open(sys.argv[2], "w"), indent=1)
PY
"$F2O" -outdir "$T/ans/run" "$T/ans/seed000-bound.json" >"$T/ans/run.err" 2>&1
"$F2O" -max_latency 30 -outdir "$T/ans/opt" "$G/seed000.json" >"$T/ans/opt.err" 2>&1
s=$T/ans/run/orion-test_summary.txt
added=$(diff "$G/seed000/orion-test_summary.txt" "$s" | grep '^[<>]')
want='> Best Small IOPS with latency <= 30 ms = 119 @ Small=3 and Large=0
> Best Large MBPS with latency <= 30 ms = none'
if [ "$added" = "$want" ] && tail -n 2 "$s" | head -n 1 | grep -q '^Best Small IOPS with' \
	&& cmp -s "$G/seed000/orion-test_iops.csv" "$T/ans/run/orion-test_iops.csv" \
	&& cmp -s "$G/seed000/orion-test_lat.csv" "$T/ans/run/orion-test_lat.csv"; then
	ok "run.json max_latency 30: seed 000's summary plus the two answer lines, the CSV files unchanged"
else
	not_ok "run.json max_latency: summary lines"
	echo "$added"
	cat "$T/ans/run.err"
fi
tr=$T/ans/run/orion-test_trace.txt
# Small=3 raised IOPS by 3.5 % over Small=2: over the 2.9 % 5 % a doubling asks of
# a 1.5x step, so the ladder goes on and the bound stops it; Small=5 is over
# 30 ms too, which confirms the crossing (seed 004: "consistently"). Seed
# 000's JSON has no interval samples: the figures alone decide.
if grep -qx 'Knee of the small-I/O ladder at Large=0: Small=3 (Small=4 took the latency to 32.67 ms, over 30 ms); crossed, confirmed at Small=5' "$tr" \
	&& grep -q '^No knee in the large-I/O ladder at Small=0: even its first load, Large=1, is over the bound (latency [0-9.]* ms, over 30 ms); crossed, confirmed at Large=2$' "$tr" \
	&& [ "$(grep -c 'nee ' "$tr")" = 2 ] \
	&& grep -B1 '^Knee of the small' "$tr" | head -n 1 | grep -q '^ran (small): my   3 '; then
	ok "trace: each ladder's knee after its point's lines ($(grep -c 'nee ' "$tr") ladders)"
else
	not_ok "trace knee marks"
	grep -n 'nee \|^ran (small): my' "$tr"
fi
"$F2O" -outdir "$T/ans/plain" "$G/seed000.json" >/dev/null 2>&1
if grep -v 'nee ' "$tr" | cmp -s - "$T/ans/plain/orion-test_trace.txt"; then
	ok "trace: the knee lines are the only difference"
else
	not_ok "trace differs beyond the knee lines"
fi
# points.csv names each point's input file (issue 27): the two inputs' names aside.
if diff -r -x '*.points.csv' "$T/ans/run" "$T/ans/opt" >"$T/ans/opt.diff" \
	&& [ "$(sed "s|$T/ans/seed000-bound.json|F|g" "$T/ans/run/orion-test.points.csv")" = \
		"$(sed "s|$G/seed000.json|F|g" "$T/ans/opt/orion-test.points.csv")" ]; then
	ok "fio2orion -max_latency 30 on the run without a bound: the same files as run.json's bound"
else
	not_ok "fio2orion -max_latency differs from run.json's bound"
	head -20 "$T/ans/opt.diff"
	cat "$T/ans/opt.err"
fi
# -max_latency overrides run.json's; a percentile without percentiles in the input is unknown.
"$F2O" -max_latency p99:30 -outdir "$T/ans/p99" "$T/ans/seed000-bound.json" >/dev/null 2>&1
grep -qx 'Best Small IOPS with p99 latency <= 30 ms = none (p99 latency unknown at 5 of 5 points)' "$T/ans/p99/orion-test_summary.txt" \
	&& ok "-max_latency p99:30 overrides the run's; no percentiles in the input: 'none', saying why" \
	|| { not_ok "-max_latency p99 without percentiles"; tail -n 3 "$T/ans/p99/orion-test_summary.txt"; }
# A percentile bound on real fio json+ (the bins): the same figure fio printed.
"$F2O" -max_latency p99:0.2 -testname jp -outdir "$T/ans/jp" "$D/08-jsonplus.json" >/dev/null 2>&1
p99=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["jobs"][0]["read"]["clat_ns"]["percentile"]["99.000000"])' "$D/08-jsonplus.json")
if [ "$p99" -le 200000 ] && grep -qx 'Best Small IOPS with p99 latency <= 0.2 ms = [0-9]* @ Small=4 and Large=0' "$T/ans/jp/jp_summary.txt"; then
	ok "p99:0.2 on json+ (fio's p99 $p99 ns): Small=4 is within it"
elif [ "$p99" -gt 200000 ] && grep -qx 'Best Small IOPS with p99 latency <= 0.2 ms = none' "$T/ans/jp/jp_summary.txt"; then
	ok "p99:0.2 on json+ (fio's p99 $p99 ns): none within it"
else
	not_ok "p99 bound on json+ ($p99 ns)"
	tail -n 3 "$T/ans/jp/jp_summary.txt"
fi
# Two bounds at once (seed 004: mean <= 2 ms and nothing over 5 ms): both
# hold at the answer. Seed 000's maxima: Small=1 81.27 ms, 2 51.9, 3 75.6,
# 4 98.01; means 27.09, 17.3, 25.2, 32.67. Under 30 ms mean and 60 ms max
# only Small=2 is within; the ladder crosses at 3 by its maximum, confirmed
# at 4; Small=1's maximum is over but Small=2 does not confirm it.
"$F2O" -max_latency 30,p100:60 -outdir "$T/ans/two" "$G/seed000.json" >/dev/null 2>&1
if grep -qx 'Best Small IOPS with latency <= 30 ms and p100 latency <= 60 ms = 115 @ Small=2 and Large=0' "$T/ans/two/orion-test_summary.txt" \
	&& grep -qx 'Knee of the small-I/O ladder at Large=0: Small=2 (not confirmed by the next load at Small=1, continued; Small=3 took the p100 latency to 75.60 ms, over 60 ms); crossed, confirmed at Small=4' "$T/ans/two/orion-test_trace.txt"; then
	ok "-max_latency 30,p100:60: both bounds hold at the answer (Small=2); the knee by the maximum, confirmed"
else
	not_ok "-max_latency 30,p100:60"
	grep -h 'with\|nee ' "$T/ans/two/"*
fi
for v in 0 p100.5:5 5ms abc 2,3; do
	"$F2O" -max_latency "$v" -outdir "$T/ans/bad" "$D/01-single-job.json" >"$T/ans/bad.out" 2>&1
	rc=$?
	[ $rc = 2 ] && grep -q "^fio2orion: -max_latency '$v': " "$T/ans/bad.out" && [ ! -e "$T/ans/bad" ] \
		&& ok "-max_latency $v: exit 2, '$(cat "$T/ans/bad.out")'" || { not_ok "-max_latency $v (exit $rc)"; cat "$T/ans/bad.out"; }
done
"$F2O" -help | grep -q -- '-max_latency B' && ok "-help lists -max_latency" || not_ok "-help -max_latency"
# Steady state (fio's "steadystate" block): per point in the trace, over the run in the summary.
"$F2O" -testname ss -outdir "$T/ss9" "$D/09-steadystate-attained.json" >/dev/null 2>&1
"$F2O" -testname ss -outdir "$T/ss10" "$D/10-steadystate-not-attained.json" >/dev/null 2>&1
if grep -qx 'Steady state (iops:20%, 3 s window): reached after 4.9 s' "$T/ss9/ss_trace.txt" \
	&& grep -qx 'Steady state reached at all 1 points' "$T/ss9/ss_summary.txt" \
	&& grep -qx 'Steady state (iops_slope:0.001%, 3 s window): not reached; ran its full 4 s' "$T/ss10/ss_trace.txt" \
	&& grep -qx 'Steady state not reached at 1 of 1 points (ran to the limit): (S=4, L=0)' "$T/ss10/ss_summary.txt"; then
	ok "steady state from fio 3.33's JSON: reached after 4.9 s / not reached, ran its 4 s (trace and summary)"
else
	not_ok "steady state lines"
	grep -h 'Steady' "$T/ss9/"* "$T/ss10/"*
fi
finish
