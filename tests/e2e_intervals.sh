#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# (beside the other suites: its checks are of files, counts and identities
# -- an interval around the same run's IOPS, a median recomputed from the
# JSON, bytes rebuilt by fio2orion -- none a rate a busy CPU would move;
# its runs are on backend=null's model device in virtual time: 2 servers
# of 1 ms, 2 ms from 1 s into each point, so that a point's samples
# differ and its interval has a width)
#
# Description: every cell says how sure it is (issue 23, items 1-3). What
# each interval is, exactly, against the device's own schedule (within a
# point, across passes, a step inside a point): tests/e2e_vrules.sh.
#
# 1. <testname>.points.csv: written by fiorion and by fio2orion (the same
#    bytes from the kept JSON), its header as documented, one row per
#    point, each cell's IOPS the one ORION's iops.csv truncates; 2 s points
#    give 4 interval samples ("within", lo < iops < hi), and so do 1 s
#    points, whose 250 ms logs set fio's sample interval (issue 42, item
#    5.2; at 500 ms they had 2 samples and "none"): their first second on
#    the model is 1000 IOPS in every sample, so the interval is the figure
#    itself (lo = iops = hi).
# 2. Stock fio results: fio 3.x's samples give "within" (a group_reporting
#    entry of 2 clones x 3 intervals too; the interval recomputed here in
#    python from the JSON, with the rule of converter/points/interval.h); fio
#    2.1.4 (no samples) gives "none".
# 3. -repeat 3: pass K's files pNNN.rK.json, each cell the median of its
#    three measurements (recomputed here from the JSON as ios / runtime),
#    its interval "passes", the summary's line, run.json's repeat, the
#    banner's estimate x 3; -resume runs only the measurement that is
#    missing; fio2orion rebuilds every file byte for byte.
# 4. Bad values: -repeat 0 and 21, -repeat with -jobfile, a second
#    -max_latency: exit 2, one line, nothing written.
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
F2O=$TOP/build/fio2orion
D=$TOP/tests/data/fio-json
HEAD='small,large,iops,iops_lo,iops_hi,mbps,mbps_lo,mbps_hi,lat_ms,lat_p50_ms,lat_p99_ms,lat_p999_ms,read_pct,write_pct,samples,runtime_s,passes,interval,files,hosts,groups,jobs,rw,bs,iodepth,numjobs,ioengine'
cd "$T" || exit 1
truncate -s 1G lun
for n in t r b; do echo "$T/lun" >$n.lun; done
# the model device in virtual time (fiorion's -backend null and -fio_opt)
MODEL="-backend null -fio_opt virtual_time=1 -fio_opt service_us=1000 -fio_opt servers=2 -fio_opt service_steps=1:2000"

# csvcol FILE ROW COL: a cell of a CSV (row 1 is the header).
csvcol() { awk -F, -v r="$2" -v c="$3" 'NR == r + 1 { print $c }' "$1"; }

# 1. fiorion's file, 2 s and 1 s points.
# shellcheck disable=SC2086
"$FR" -run advanced -matrix max -num_small 2 -num_large 0 -testname t -outdir two -duration 2 -parts 1 \
	$MODEL >two.out 2>two.err
rc=$?
pc=two/t.points.csv
if [ $rc = 0 ] && [ "$(head -n 1 $pc)" = "$HEAD" ] && [ "$(wc -l <$pc)" = 3 ] \
	&& [ "$(csvcol $pc 1 18)" = within ] && [ "$(csvcol $pc 2 18)" = within ] \
	&& awk -F, 'NR > 1 && !($4 < $3 && $3 < $5 && $15 >= 3) { bad = 1 } END { exit bad }' $pc; then
	ok "2 s points: .points.csv's header, one row a point, 'within' intervals around each IOPS from >= 3 samples"
else
	not_ok "2 s points: rc=$rc"
	cat $pc two.err
fi
# Its IOPS is the cell ORION's iops.csv truncates (points.csv rounds to
# 0.1: 45027.96 is 45028.0 there and 45027 in iops.csv).
want=$(awk -F, 'NR == 2 { print $2 + 0, $3 + 0 }' two/t_iops.csv)
got=$(awk -F, 'NR > 1 { printf "%s%s", sep, $3; sep = " " }' $pc)
if echo "$want $got" | awk '{ n = NF / 2; for (i = 1; i <= n; i++) if (!($i <= $(i + n) && $(i + n) < $i + 1.05)) exit 1 }'; then
	ok "its IOPS truncate to iops.csv's cells ($got; $want)"
else
	not_ok "points.csv IOPS '$got' vs iops.csv '$want'"
fi
mkdir rb
"$F2O" -outdir rb two/t_jobs/run.json two/t_jobs/p*.json >rb.err 2>&1
cmp -s $pc rb/t.points.csv && ok "fio2orion rebuilds .points.csv byte for byte" \
	|| { not_ok "fio2orion's .points.csv differs"; diff $pc rb/t.points.csv; cat rb.err; }

# shellcheck disable=SC2086
"$FR" -run advanced -matrix point -num_small 1 -num_large 0 -testname t -outdir one -duration 1 \
	$MODEL >one.out 2>one.err
row=$(sed -n 2p one/t.points.csv)
case $row in
1,0,1000.0,1000.0,1000.0,,,,*,4,1.000,1,within,\"one/t_jobs/p001.json\",*) ok "1 s points (4 samples of 250 ms, all 1000 IOPS): interval within, lo = iops = hi ($row)" ;;
*) not_ok "1 s point: '$row'"; cat one.err ;;
esac

# 2. Stock fio's JSON, recomputed here.
cat >iv.py <<'EOF'
import json, math, sys
T = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228]
d = json.load(open(sys.argv[1]))
k = int(sys.argv[2])              # clones one entry stands for
mean = var = 0.0
for j in d["jobs"]:
    r = j["read"]
    n = r["iops_samples"] / k
    v = r["iops_stddev"] ** 2 * (r["iops_samples"] - 1) / (n - 1) / n
    mean += r["iops_mean"]; var += v
    df = n - 1
rel = T[int(df) - 1] * math.sqrt(var) / mean
iops = sum(j["read"]["total_ios"] / (j["read"]["runtime"] / 1000) for j in d["jobs"])
print("%.1f %.1f" % (iops * (1 - rel), iops * (1 + rel)))
EOF
for c in "01-single-job 1" "05-numjobs2-group-reporting 2"; do
	set -- $c
	"$F2O" -testname s -outdir "s$1" "$D/$1.json" >/dev/null 2>&1
	want=$(python3 iv.py "$D/$1.json" "$2")
	got=$(awk -F, 'NR == 2 { print $4, $5 }' "s$1/s.points.csv")
	kind=$(csvcol "s$1/s.points.csv" 1 18)
	if [ "$kind" = within ] && python3 -c "import sys; a=list(map(float,'$want'.split())); b=list(map(float,'$got'.split())); sys.exit(not all(abs(x-y) <= 0.15 for x, y in zip(a, b)))"; then
		ok "$1: within [$got], as computed from fio's iops_mean/stddev/samples ($2 clone(s) an entry)"
	else
		not_ok "$1: interval '$got' ($kind), expected '$want'"
	fi
done
"$F2O" -testname old -outdir old "$D/public/fio-2.1.4_PerfKitBenchmarker_fio-parser-sample-result.json" \
	-merge last >/dev/null 2>&1
if [ -s old/old.points.csv ] && ! awk -F, 'NR > 1 && $18 != "none" { bad = 1 } END { exit bad ? 0 : 1 }' old/old.points.csv; then
	ok "fio 2.1.4 (no interval samples): every row 'none'"
else
	not_ok "fio 2.1.4 rows"
	cat old/old.points.csv
fi

# 3. -repeat 3 on one point.
# shellcheck disable=SC2086
"$FR" -run advanced -matrix point -num_small 2 -num_large 0 -testname r -outdir rep -duration 1 \
	-repeat 3 $MODEL >rep.out 2>rep.err
rc=$?
j=rep/r_jobs
cat >med.py <<'EOF'
import json, sys
v = []
for f in sys.argv[1:]:
    for j in json.load(open(f))["jobs"]:
        r = j["read"]
        v.append(r["total_ios"] / (r["runtime"] / 1000))
v.sort()
print("%.1f" % v[len(v) // 2])
EOF
med=$(python3 med.py $j/p001.json $j/p001.r2.json $j/p001.r3.json 2>/dev/null)
row=$(sed -n 2p rep/r.points.csv)
if [ $rc = 0 ] && [ -s $j/p001.r2.fio ] && [ -s $j/p001.r3.json ] \
	&& grep -q '^\[p001-s2-l0-small-r3\]$' $j/p001.r3.fio \
	&& [ "$(csvcol rep/r.points.csv 1 3)" = "$med" ] \
	&& [ "$(csvcol rep/r.points.csv 1 17)" = 3 ] && [ "$(csvcol rep/r.points.csv 1 18)" = passes ] \
	&& grep -qx 'Cells are medians of 3 passes over the plan; their 95 % intervals across the passes are in r.points.csv' rep/r_summary.txt \
	&& [ "$(jget $j/run.json fiorion.repeat 2>/dev/null || python3 -c "import json; print(json.load(open('$j/run.json'))['fiorion']['repeat'])")" = 3 ] \
	&& grep -q 'pass 3 of 3' rep.err; then
	ok "-repeat 3: three measurements (pNNN.rK), the cell their median ($med), interval 'passes', the summary's line, run.json's repeat"
else
	not_ok "-repeat 3: rc=$rc median $med row '$row'"
	cat rep.err
	tail -3 rep/r_summary.txt
fi
mkdir rrb
"$F2O" -outdir rrb $j/run.json $j/p*.json >rrb.err 2>&1
same=0
for f in _summary.txt _iops.csv _lat.csv _trace.txt .points.csv; do
	cmp -s "rep/r$f" "rrb/r$f" && same=$((same + 1))
done
[ $same = 5 ] && ok "fio2orion rebuilds the -repeat run's files byte for byte" \
	|| { not_ok "fio2orion rebuild of -repeat: $same of 5 the same"; cat rrb.err; }
rm $j/p001.r3.json
# shellcheck disable=SC2086
"$FR" -run advanced -matrix point -num_small 2 -num_large 0 -testname r -outdir rep -duration 1 \
	-repeat 3 -resume $MODEL >res.out 2>res.err
rc=$?
if [ $rc = 0 ] && grep -q '2 of 3 measurements done already (1 of 1 points)' res.err && [ -s $j/p001.r3.json ] \
	&& ! grep -q 'pass 1 of 3\|pass 2 of 3' res.err; then
	ok "-resume -repeat 3 runs only the missing measurement (pass 3)"
else
	not_ok "-resume -repeat: rc=$rc"
	cat res.err
fi
# The banner counts the passes: 1 point (+ (0,0)) x 1 s x 3 passes.
"$FR" -run advanced -matrix point -num_small 2 -num_large 0 -testname b -outdir ban -duration 60 \
	-repeat 3 -jobs_only >ban.out 2>&1
grep -q 'approximately 7 minutes' ban.out && ok "the banner's estimate counts the passes (2 points x 60 s x 3 + 1 = 7 minutes)" \
	|| { not_ok "banner with -repeat"; cat ban.out; }

# 4. Bad values.
n=0
for args in "-repeat 0" "-repeat 21" "-repeat x" "-max_latency 5 -max_latency 6"; do
	# shellcheck disable=SC2086
	"$FR" -run simple -testname t -outdir bad $args >bad.out 2>bad.err
	rc=$?
	[ $rc = 2 ] && [ "$(wc -l <bad.err)" = 1 ] && [ ! -e bad ] && n=$((n + 1)) || cat bad.err
done
"$FR" -jobfile /dev/null -repeat 2 >bad.out 2>bad.err
[ $? = 2 ] && grep -q -- '-repeat: not with -jobfile' bad.err && n=$((n + 1))
[ $n = 5 ] && ok "-repeat 0/21/x, -repeat with -jobfile, a second -max_latency: exit 2, one line, nothing written" \
	|| not_ok "bad values: $n of 5"
finish
