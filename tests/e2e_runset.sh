#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# e2e_runset.sh -- a run's file set is its own (issue 10's wrong numbers):
# an earlier run's files under the same name are moved aside whole, never
# merged into or left beside a new run's; every point's JSON carries the
# run's identity and fio2orion refuses a mix of two runs; the banner's
# estimate is ORION's; the trace's req w% is the requested share; a
# -testname with a folder writes there; a point that cannot run on the
# volume is refused before the first point runs. The runs are the
# driver's plumbing, not I/O: they run on the engine's model device in
# virtual time (docs/virtual-time.md), milliseconds each. Three stay
# real, 1 s points on a 64 MiB scratch file, for what only real I/O
# shows: -verbose -runner fio (stock fio's command line), -backend psync
# (4 clones holding 4 I/Os) and a LUN on tmpfs (a memory copy's numbers).
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
F2O=$TOP/build/fio2orion
PY3=/usr/bin/python3
cd "$T" || exit 1
mkfile lun 64
printf '%s/lun\n' "$T" >t.lun
VT="-backend null -fio_opt service_us=100 -fio_opt servers=4 -fio_opt virtual_time=1"
real() { # ARGS...: a one-point advanced run of testname t, 1 s of real I/O
	"$FR" -run advanced -testname t -matrix point -duration 1 -cache_size 0 "$@"
}
one() { # ARGS...: the same on the model device in virtual time
	# shellcheck disable=SC2086
	real "$@" $VT
}

# 1. A write run of 3 points, then a one-point read run of the same name.
# shellcheck disable=SC2086
"$FR" -run advanced -testname t -matrix row -num_large 0 -duration 1 -cache_size 0 -write 100 $VT >w.out 2>w.err \
	|| { not_ok "write run"; cat w.err; }
[ -s t_jobs/p005.json ] && ok "first run: 5 points" || { not_ok "first run points"; ls t_jobs; }
grep -q '^Write: 100%' t_summary.txt && ok "first run: a 100% write point" || not_ok "first run summary"
one -num_small 1 -num_large 1 >r.out 2>r.err || { not_ok "read run"; cat r.err; }
aside=$(ls -d t_history/2* 2>/dev/null | head -n 1)
if [ -n "$aside" ] && grep -q "an earlier run's files (t.fio, .*t_jobs, .*t_summary.txt.*) moved to ./$aside/" r.err \
	&& [ -s "$aside/t_jobs/p001.json" ] && [ -s "$aside/t_summary.txt" ] && grep -q '^Write: 100%' "$aside/t_summary.txt"; then
	ok "the earlier run's whole set moved aside, said on stderr: $(grep moved r.err)"
else
	not_ok "earlier run not moved aside"
	cat r.err
	ls
fi
# and the point's IOPS and bandwidth logs (issue 29): its small and large job's
# (the point re-measured as the run's reference: pNNN.rK.*, -refK logs, its own)
[ "$(ls t_jobs | grep -v '\.log$' | grep -v '^p001\.r[2-4]\.\(fio\|json\)$')" = "$(printf 'luns.id\np001.fio\np001.json\nrun.json')" ] \
	&& [ "$(ls t_jobs | grep '\.log$' | grep -v -- '-ref[2-4]_' | tr '\n' ' ')" = "p001-s1-l1-large_bw.2.log p001-s1-l1-large_iops.2.log p001-s1-l1-small_bw.1.log p001-s1-l1-small_iops.1.log " ] \
	&& ok "t_jobs/ holds only the new run's point" \
	|| { not_ok "t_jobs/ mixes runs"; ls t_jobs; }
if "$F2O" -outdir re t_jobs/run.json t_jobs/p*.json 2>re.err && grep -q '^Write: 0%' re/t_summary.txt \
	&& grep -q '^Total Data Points: 2$' re/t_summary.txt; then
	ok "the rebuild recipe (docs/driver.md) rebuilds only the new run"
else
	not_ok "rebuild"
	cat re.err
fi
grep -q '^description=fiorion run [0-9a-f]\{16\}$' t_jobs/p001.fio && grep -q '"description": "fiorion run ' t_jobs/p001.json \
	&& grep -q '"run_id": "[0-9a-f]\{16\}"' t_jobs/run.json && ok "job file, point JSON and run.json carry the run's identity" \
	|| not_ok "run identity missing"
"$F2O" -outdir mix t_jobs/run.json "$aside/t_jobs/p001.json" >mix.out 2>mix.err
rc=$?
if [ $rc = 2 ] && [ "$(wc -l <mix.err)" = 1 ] && grep -q 'these inputs mix two runs' mix.err && [ ! -e mix/t_summary.txt ]; then
	ok "fio2orion refuses two runs' files: $(cat mix.err)"
else
	not_ok "mixed runs accepted (exit $rc)"
	cat mix.err
fi
"$F2O" -outdir mix "$TOP/tests/data/fio-json/01-single-job.json" t_jobs/p001.json >mix.out 2>mix.err
[ $? = 2 ] && grep -q 'carries no run identity' mix.err && ok "a plain fio result beside a fiorion run's is refused" \
	|| { not_ok "plain + fiorion accepted"; cat mix.err; }
"$F2O" -outdir plain "$TOP/tests/data/fio-json/01-single-job.json" >/dev/null 2>&1 \
	&& ok "plain fio results (no identity) still convert" || not_ok "plain fio result refused"

# 2. The mixed point wrote _tradeoff.csv; a run without one leaves none.
[ -s t_tradeoff.csv ] && ok "a mixed point writes _tradeoff.csv" || not_ok "no _tradeoff.csv"
# ORION's "large MBPS / small IOPS combinations at certain small latencies":
# the mixed point, with its MBPS, not a small-only point's 0.00, on the
# last row (the bounds end at the first one over the slowest mixed point).
tail -n 1 t_tradeoff.csv | awk -F, '$3 + 0 > 0 && $4 + 0 == 1 && $5 + 0 == 1 {found = 1} END {exit !found}' \
	&& ok "_tradeoff.csv's last row: the mixed point's small IOPS and large MBPS ($(tail -n 1 t_tradeoff.csv))" \
	|| { not_ok "_tradeoff.csv row"; cat t_tradeoff.csv; }
one -num_small 1 -num_large 0 >s.out 2>s.err
[ ! -e t_tradeoff.csv ] && ls -d t_history/*/t_tradeoff.csv >/dev/null 2>&1 \
	&& ok "no _tradeoff.csv beside a run without a mixed point (moved aside with its run)" \
	|| not_ok "leftover _tradeoff.csv"
mkdir -p stale && echo old >stale/t_tradeoff.csv
"$F2O" -outdir stale t_jobs/run.json t_jobs/p*.json >st.out 2>st.err
[ ! -e stale/t_tradeoff.csv ] && grep -q 'removed stale/t_tradeoff.csv' st.err \
	&& ok "fio2orion removes a stale set member, and says so" || { not_ok "fio2orion left a stale file"; cat st.err; }

# 1b. -jobs_only starts from a clean set too.
"$FR" -run simple -testname j -jobs_only >/dev/null 2>&1 </dev/null
cp t.lun j.lun
"$FR" -run simple -testname j -jobs_only >/dev/null 2>&1
"$FR" -run advanced -testname j -matrix point -num_small 1 -num_large 0 -jobs_only >/dev/null 2>j.err
[ "$(ls j_jobs)" = "$(printf 'luns.id\np001.fio\nrun.json')" ] && ok "-jobs_only: only this plan's job files in j_jobs/" \
	|| { not_ok "-jobs_only leftovers"; ls j_jobs | head; }

# 3. ORION's banner: Total Data Points + 1 minutes at 60 s.
"$FR" -run simple -testname j -jobs_only >b.out 2>/dev/null
grep -qx 'Test will take approximately 9 minutes' b.out && ok "simple, 1 LUN: 'approximately 9 minutes' as ORION" \
	|| { not_ok "banner"; cat b.out; }
for k in 1 2 3 4; do mkfile "l$k" 1; echo "$T/l$k"; done >four.lun
"$FR" -run simple -testname four -jobs_only >b.out 2>/dev/null
grep -qx 'Test will take approximately 30 minutes' b.out && ok "simple, 4 LUNs: 'approximately 30 minutes' as ORION" \
	|| { not_ok "banner N=4"; cat b.out; }
"$FR" -run simple -testname four -jobs_only -duration 2 >b.out 2>/dev/null
grep -qx 'Test will take approximately 1 minutes' b.out && ok "simple, 4 LUNs, -duration 2: 29 x 2 s / 60 + 1 = 1 minute" \
	|| { not_ok "banner -duration 2"; cat b.out; }
"$FR" -run normal -testname j -jobs_only -compat 19c >b.out 2>/dev/null
grep -qx 'Calibration will take approximately 19 minutes.' b.out && ok "normal, 1 LUN, 19c: 'approximately 19 minutes.'" \
	|| { not_ok "banner normal"; cat b.out; }

# 4. req w% is the requested share: -type seq -write 50 on 2 streams.
one -type seq -write 50 -num_small 0 -num_large 2 >q.out 2>q.err
grep -q 'ran (large): .* req w%=50 ' t_trace.txt && ok "trace: req w%=50 for -type seq -write 50" \
	|| { not_ok "req w%"; grep 'ran (large)' t_trace.txt; cat q.err; }
# 3 streams: 2 write (67 %), 17 points from -write 50: req w% is still 50, and it is said.
one -type seq -write 50 -num_small 0 -num_large 3 >q.out 2>q.err
ws='-write 50 with -type seq: .*Large=3 writes 2 of 3 streams (67 %), more than 10 points from 50 %'
if grep -q 'ran (large): .* req w%=50 ' t_trace.txt && grep -q "^fiorion: warning: $ws" q.err \
	&& grep -q "^Warning: $ws" t_summary.txt && grep -q "^Warning: $ws" t_trace.txt; then
	ok "-type seq -write 50, 3 streams: req w%=50; 67 % written is warned on stderr, summary and trace"
else
	not_ok "req w% with 3 streams"
	grep -h 'req w%\|arning' t_trace.txt q.err
fi

# 6. -testname with a folder, as ORION allows.
mkdir -p sub
printf '%s/lun\n' "$T" >sub/db.lun
# shellcheck disable=SC2086
if "$FR" -run advanced -testname "$T/sub/db" -matrix point -num_small 1 -num_large 0 -duration 1 -cache_size 0 $VT \
	>p.out 2>p.err && [ -s sub/db_summary.txt ] && [ -s sub/db_jobs/p001.json ] && [ -s sub/db.fio ]; then
	ok "-testname $T/sub/db writes sub/db_summary.txt, sub/db_jobs/"
else
	not_ok "-testname with a folder"
	cat p.err
fi
(cd sub && "$FR" -run simple -testname ./db -jobs_only >/dev/null 2>&1) && [ -s sub/db_jobs/p007.fio ] \
	&& ok "-testname ./db (relative folder)" || not_ok "-testname ./db"

# 11. A LUN smaller than a large I/O: refused before the first point.
dd if=/dev/zero of=small bs=512k count=1 status=none
printf '%s/small\n' "$T" >small.lun
t0=$(date +%s)
# shellcheck disable=SC2086
"$FR" -run simple -testname small -duration 60 -cache_size 0 $VT >sm.out 2>sm.err
rc=$?
if [ $rc = 2 ] && [ $(($(date +%s) - t0)) -lt 10 ] && [ ! -e small_jobs/p001.json ] \
	&& grep -q "point 6 of 7 (small=0, large=1) cannot run on this volume: job 'p006-s0-l1-large': its range of the volume (524288 bytes" sm.err \
	&& ! grep -q "job 'p006-s0-l1-large': job" sm.err; then
	ok "a 512 KiB LUN with 1 MiB large I/O: refused at once, naming the point: $(cat sm.err)"
else
	not_ok "small LUN (exit $rc)"
	cat sm.err
fi

# 9. -verbose traces each point on stdout, with either runner.
for runner in builtin fio; do
	if [ $runner = fio ]; then
		real -num_small 1 -num_large 0 -verbose -runner $runner >v.out 2>v.err
	else
		one -num_small 1 -num_large 0 -verbose -runner $runner >v.out 2>v.err
	fi
	if grep -q "^fiorion: point 1 of 1 (small=1, large=0): ./t_jobs/p001.fio, run by " v.out \
		&& grep -q '^  rw=randread$' v.out && grep -q '^  iodepth=1$' v.out \
		&& grep -q '^  result: [0-9]* IOPS, [0-9.]* ms$' v.out; then
		ok "-verbose -runner $runner: the point's job file, sections and result on stdout"
	else
		not_ok "-verbose -runner $runner"
		cat v.out
	fi
done
grep -q '^  fio command: ' v.out && ok "-verbose -runner fio: the fio command line" || not_ok "-verbose: fio command"

# 5. ORION's per-slot Index lines at every load (the built-in runner).
one -num_small 3 -num_large 0 >sl.out 2>sl.err
if awk '/^ran \(small\): Index = / {n++; c += $8} /^ran \(small\): nio=/ {split($3, a, "="); nio = a[2]}
	END {exit !(n == 3 && c == nio && nio > 0)}' t_trace.txt; then
	ok "trace at Small=3: three Index lines whose counts add up to nio"
else
	not_ok "per-slot Index lines"
	grep '^ran (small)' t_trace.txt
fi

# 7. 19c: no LUN list on stdout (12.2's, e2e_orionscreen.sh), no
# _tradeoff.csv, and fio2orion keeps the layout.
one -num_small 1 -num_large 1 -compat 19c >c19.out 2>c19.err
if ! grep -q '^Name: \|files found' c19.out && grep -qx 'Setting ftype=0' c19.out; then
	ok "19c: no LUN list on stdout, Setting ftype=0 as 19c's screen"
else
	not_ok "19c screen"
	cat c19.out
fi
ls t_2*_summary.txt >/dev/null 2>&1 && ! ls t_2*_tradeoff.csv >/dev/null 2>&1 \
	&& ok "19c: no _tradeoff.csv (11.1+ sets have none)" || { not_ok "19c tradeoff"; ls; }
"$F2O" -outdir re19 t_jobs/run.json t_jobs/p*.json >/dev/null 2>re19.err
ls re19/t_2*_summary.txt >/dev/null 2>&1 && [ ! -e re19/t_summary.txt ] \
	&& ok "fio2orion rebuilds a 19c run in the 19c layout run.json records" || { not_ok "fio2orion 19c"; ls re19; cat re19.err; }

# 8. ORION's releases: what each layout writes (docs/files.md: the layouts).
for v in 11.1 11.2 12.1 12.2; do
	n=p$(echo $v | tr -d .)
	cp t.lun "$n.lun"
	# shellcheck disable=SC2086
	"$FR" -run advanced -testname "$n" -matrix point -num_small 1 -num_large 0 -duration 1 -cache_size 0 \
		-compat $v $VT >"$n.out" 2>"$n.err" || { not_ok "-compat $v run"; cat "$n.err"; }
done
s111=$(ls p111_2*_summary.txt 2>/dev/null) s112=$(ls p112_2*_summary.txt 2>/dev/null)
s121=$(ls p121_2*_summary.txt 2>/dev/null) s122=$(ls p122_2*_summary.txt 2>/dev/null)
if [ -n "$s111" ] && sed -n 2p p111.out | grep -q '^p111_[0-9]\{8\}_[0-9]\{4\}$' \
	&& grep -q '^Test will take approximately 1 minutes$' p111.out \
	&& grep -q '^Minimum Small Latency=[0-9]*\.[0-9][0-9] @ Small=1 and Large=0$' "$s111" \
	&& ! ls p111_2*_hist.txt >/dev/null 2>&1; then
	ok "-compat 11.1: dated names, the prefix line, 'Test will take', ms"
else
	not_ok "-compat 11.1"
	cat p111.out
fi
if [ -n "$s112" ] && grep -q '^Calibration will take approximately 1 minutes\.$' p112.out \
	&& grep -q '^Minimum Small Latency=[0-9]*\.[0-9][0-9] usecs @ Small=1 and Large=0$' "$s112" \
	&& ! grep -q 'Small Read Latency:' "$s112"; then
	ok "-compat 11.2: 'Calibration will take', usecs with two decimals, no latency lines"
else
	not_ok "-compat 11.2"
	cat "$s112"
fi
if [ -n "$s121" ] && grep -q '^Small Read Latency: avg=[0-9]* us, min=[0-9]* us, max=[0-9]* us, std dev=[0-9]* us @ Small=1 and Large=0$' "$s121" \
	&& ls p121_2*_hist.txt >/dev/null 2>&1 && ! grep -q '^Name: ' p121.out; then
	ok "-compat 12.1: whole-us latency lines, _hist.txt"
else
	not_ok "-compat 12.1"
	cat "$s121"
fi
if [ -n "$s122" ] && grep -q '^Minimum Small Latency=[0-9]*\.[0-9][0-9][0-9] usecs' "$s122" \
	&& ! grep -q 'files found' p122.out; then
	ok "-compat 12.2: three decimals, no LUN list on stdout without -num_disks (e2e_orionscreen.sh)"
else
	not_ok "-compat 12.2"
	cat p122.out
fi
"$FR" -run simple -testname t -compat 11 -jobs_only >/dev/null 2>cv.err
[ $? = 2 ] && grep -q "compat '11': 11 is 11.1 or 11.2, whose files differ (.*): give one" cv.err && ok "-compat 11 refused, naming its two releases" \
	|| { not_ok "-compat 11"; cat cv.err; }
# A second dated run: the very same names (one minute) are moved aside,
# never overwritten; another minute's set stays in place, as ORION's would.
# shellcheck disable=SC2086
"$FR" -run advanced -testname p111 -matrix point -num_small 2 -num_large 0 -duration 1 -cache_size 0 \
	-compat 11.1 $VT >p111b.out 2>p111b.err
if [ "$(sed -n 2p p111.out)" = "$(sed -n 2p p111b.out)" ]; then
	[ "$(ls p111_2*_summary.txt | wc -l)" = 1 ] && ls p111_history/*/p111_2*_summary.txt >/dev/null 2>&1 \
		&& ok "an earlier 11.1 run's dated files of the same minute are moved to p111_history/" \
		|| { not_ok "dated files, same minute"; ls; cat p111b.err; }
else
	[ "$(ls p111_2*_summary.txt | wc -l)" = 2 ] && ! ls p111_history/*/p111_2*_summary.txt >/dev/null 2>&1 \
		&& ok "an earlier 11.1 run's dated files of another minute stay in place" \
		|| { not_ok "dated files, another minute"; ls; cat p111b.err; }
fi

# psync holds one I/O per thread: a load of 4 is 4 clones of iodepth 1.
real -num_small 4 -num_large 0 -backend psync >ps.out 2>ps.err
if grep -q '^iodepth=1$' t_jobs/p001.fio && grep -q '^numjobs=4$' t_jobs/p001.fio \
	&& "$F2O" -format json t_jobs/run.json t_jobs/p001.json >ps.json 2>/dev/null \
	&& "$PY3" "$TOP/tests/fidelity.py" cells ps.json | awk '$1 == 4 && $4 / 4 > 0.97 && $4 / 4 < 1.03 {f = 1} END {exit !f}'; then
	ok "-backend psync, Small=4: 4 clones of iodepth 1, IOPS x lat = 4 ($("$PY3" "$TOP/tests/fidelity.py" cells ps.json))"
else
	not_ok "-backend psync load"
	cat t_jobs/p001.fio ps.err
fi

# 10. A numeric ORION VERSION line for parsers.
one -num_small 1 -num_large 0 -orion_version 10.2.0.1.0 >ov.out 2>ov.err
[ "$(head -n 1 t_summary.txt)" = "ORION VERSION 10.2.0.1.0" ] && ok "-orion_version 10.2.0.1.0: the summary's first line" \
	|| { not_ok "-orion_version"; head -n 1 t_summary.txt; cat ov.err; }
"$FR" -run simple -testname t -orion_version 'x y' -jobs_only >/dev/null 2>ov.err
[ $? = 2 ] && grep -q "orion_version 'x y': give a version number" ov.err && ok "-orion_version checks its value" \
	|| { not_ok "-orion_version value"; cat ov.err; }

# 13. Setups that give a cache's numbers are named, in the summary and trace.
shm=$(mktemp -d /dev/shm/fiorion-e2e.XXXXXX 2>/dev/null)
if [ -n "$shm" ] && [ -d "$shm" ]; then
	at_exit "rm -rf '$shm'" # outside $T: removed on an interrupt too
	dd if=/dev/zero of="$shm/lun" bs=1M count=16 status=none
	printf '%s/lun\n' "$shm" >mem.lun
	"$FR" -run advanced -testname mem -matrix point -num_small 1 -num_large 0 -duration 1 -cache_size 0 \
		>mem.out 2>mem.err
	if grep -q "warning: LUN '$shm/lun' is a file on tmpfs: O_DIRECT there is a memory copy" mem.err \
		&& grep -q "^Warning: LUN '$shm/lun' is a file on tmpfs" mem_summary.txt \
		&& grep -q "^Warning: LUN '$shm/lun' is a file on tmpfs" mem_trace.txt; then
		ok "a LUN on tmpfs is named at start, in the summary and in the trace"
	else
		not_ok "tmpfs LUN not named"
		cat mem.err
	fi
	"$F2O" -outdir memre mem_jobs/run.json mem_jobs/p*.json >/dev/null 2>memre.err
	grep -q '^Warning: LUN' memre/mem_summary.txt && grep -q "fio2orion: warning: LUN '$shm/lun' is a file on tmpfs" memre.err \
		&& ok "fio2orion carries the run's warnings" || { not_ok "fio2orion warnings"; cat memre.err; }
	rm -rf "$shm"
else
	skip_test "tmpfs LUN" "no /dev/shm"
	skip_test "fio2orion warnings" "no /dev/shm"
fi
# A real fio result (random reads at depth 4, 91 us) and the same
# with its latency set to 9 us, as a cache gives: only the second warns.
"$PY3" - "$TOP/tests/data/fio-json/01-single-job.json" fast.json <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
r = d["jobs"][0]["read"]
r["lat_ns"]["mean"] = 9000.0
r["clat_ns"]["mean"] = 8300.0
json.dump(d, open(sys.argv[2], "w"), indent=2)
EOF
"$F2O" -testname slow -outdir lw "$TOP/tests/data/fio-json/01-single-job.json" >/dev/null 2>slow.err
"$F2O" -testname fast -outdir lw fast.json >/dev/null 2>fast.err
if grep -q '^Warning: small read latency at Small=4 is 9.0 us, below what a block storage device gives (20 us' lw/fast_summary.txt \
	&& grep -q 'fio2orion: warning: small read latency at Small=4 is 9.0 us' fast.err \
	&& ! grep -q 'Warning' lw/slow_summary.txt && [ ! -s slow.err ]; then
	ok "a small latency no device gives (9 us at Small=4) is named; 91 us is not"
else
	not_ok "low-latency warning"
	cat fast.err slow.err
	tail -3 lw/fast_summary.txt
fi
one -num_small 1 -num_large 0 -cache_size 100 >c.out 2>c.err
grep -q '^Warning: the volume (64 MB) is not larger than the declared -cache_size (100 MB)' t_summary.txt \
	&& ok "a volume the declared cache holds whole is named" || { not_ok "cache_size warning"; tail -3 t_summary.txt; }
finish
