#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh: long=25
# (beside the other suites: the checks on real runs are of structure and
# identities, none of a rate; the values that follow the clock are judged
# on the same shapes in virtual time)
#
# Description: the built-in runner's JSON has every key fio 3.33 writes
# for the same job file (one job, numjobs, two stonewall groups, mixed
# rw on a synchronous engine, an ORION point on the fiorion engine; all
# json+, 1 s each on a scratch file), and real consumers of fio JSON read
# it: fio's own fio_jsonplus_clat2csv --validate, and the fields fio-plot,
# kubestr and PerfKitBenchmarker index (tests/jsonconsumers.py), their
# types, and the identities among the values they print (min <= mean <=
# max, bw = bw_bytes / 1024, iops = total_ios / runtime, latency and
# depth buckets adding to 100 %). disk_util is checked against the I/O
# done. The same five shapes on backend=null's model device in virtual
# time (2 s of it): the consumers' values as fio gives them, exactly where
# the clock decides them (one sample per 500 ms, 250 ms in the point's
# job file of a 1 s point, which logs 250 ms windows; iops_mean and bw_mean
# within 1 % of iops and bw, iodepth_level at the job's iodepth).
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
PY="python3 $TOP/tests/jsonconsumers.py"
cd "$T" || exit 1
mkfile f 64
echo "$T/f" >pt.lun

common="filename=$T/f
direct=1
time_based
runtime=1
bs=8k"
printf '[global]\nioengine=libaio\n%s\n\n[one]\nrw=randread\niodepth=4\nnumjobs=1\n' "$common" >one.fio
printf '[global]\nioengine=io_uring\n%s\n\n[clones]\nrw=randread\niodepth=2\nnumjobs=2\n' "$common" >clones.fio
printf '[global]\nioengine=libaio\nfilename=%s\ndirect=1\ntime_based\nruntime=1\nbs=64k\niodepth=2\nnumjobs=1\n\n[w]\nrw=write\n\n[r]\nstonewall\nrw=read\n' "$T/f" >groups.fio
printf '[global]\nioengine=psync\n%s\n\n[mixed]\nrw=randrw\nrwmixwrite=30\niodepth=1\nnumjobs=1\n' "$common" >mixed.fio
"$FR" -run advanced -matrix point -num_small 4 -num_large 0 -testname pt -duration 1 -jobs_only >/dev/null 2>pt.err
cp pt_jobs/p001.fio point.fio 2>/dev/null || { not_ok "a point job file from fiorion -jobs_only"; cat pt.err; }

for shape in one clones groups mixed point; do
	[ -f $shape.fio ] || continue
	if ! fio --output-format=json+ --output=$shape-fio.json $shape.fio >$shape-fio.err 2>&1; then
		not_ok "$shape: stock fio runs the job file"
		cat $shape-fio.err
		continue
	fi
	if ! "$FR" -jobfile $shape.fio -output $shape-rn.json 2>$shape-rn.err; then
		not_ok "$shape: the built-in runner runs the job file"
		cat $shape-rn.err
		continue
	fi
	if $PY keys $shape-fio.json $shape-rn.json >$shape-keys.out; then
		ok "$shape: every key fio 3.33 writes is in the runner's JSON ($(tail -n 1 $shape-keys.out))"
	else
		not_ok "$shape: keys fio writes are missing"
		cat $shape-keys.out
	fi
	if $PY consumers $shape-rn.json >$shape-cons.out; then
		ok "$shape: fio-plot, kubestr and PKB read it, their types and the identities hold ($(tail -n 1 $shape-cons.out))"
	else
		not_ok "$shape: a consumer cannot read it or its values are off"
		cat $shape-cons.out
	fi
	# As its manual shows: convert, then validate the CSV against the JSON.
	if fio_jsonplus_clat2csv $shape-rn.json $shape-csv >$shape-csv.out 2>&1 \
		&& fio_jsonplus_clat2csv $shape-rn.json $shape-csv --validate >>$shape-csv.out 2>&1 \
		&& [ "$(grep -c validated $shape-csv.out)" -ge 1 ] && ! grep -qi 'error\|traceback' $shape-csv.out; then
		ok "$shape: fio_jsonplus_clat2csv --validate: $(grep -c validated $shape-csv.out) job(s) validated"
	else
		not_ok "$shape: fio_jsonplus_clat2csv --validate"
		cat $shape-csv.out
	fi
done

# The same shapes on the model device (100 us a request, 2 servers) in
# virtual time, 2 s: the consumers' values exactly.
for shape in one clones groups mixed point; do
	[ -f $shape.fio ] || continue
	sed -e "s#^ioengine=.*#ioengine=external:$ENGINE\nlunfile=$T/pt.lun\nbackend=null\nservice_us=100\nservers=2\nvirtual_time=1#" \
		-e '/^filename=/d' -e '/^lunfile=/d' -e 's/^runtime=1$/runtime=2/' $shape.fio >$shape-vt.fio
	if ! "$FR" -jobfile $shape-vt.fio -output $shape-vt.json 2>$shape-vt.err; then
		not_ok "$shape in virtual time: the built-in runner runs the job file"
		cat $shape-vt.err
	elif $PY consumers --exact $shape-vt.json >$shape-vt.out; then
		ms=$(sed -n 's/^log_avg_msec=//p' $shape.fio)
		ok "$shape in virtual time: the consumers' values as fio gives them: a sample per ${ms:-500} ms, means within 1 % of iops and bw, iodepth_level at iodepth ($(tail -n 1 $shape-vt.out))"
	else
		not_ok "$shape in virtual time: the consumers' values"
		cat $shape-vt.out
	fi
done

# The consumers' checks can fail: fio 3.33's keys without the samples.
python3 - one-rn.json >broken.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for j in d["jobs"]:
    for m in ("read", "write"):
        del j[m]["iops_stddev"]
json.dump(d, sys.stdout)
PY
if ! $PY consumers broken.json >broken.out && grep -q "iops_stddev" broken.out \
	&& ! $PY keys one-fio.json broken.json >/dev/null; then
	ok "a document without iops_stddev fails both checks (as fio-plot fails on it)"
else
	not_ok "the checks pass a document without iops_stddev"
	cat broken.out
fi

# disk_util: the device's own counters saw the runner's direct I/O.
python3 - one-rn.json <<'PY' >du.out
import json, sys
d = json.load(open(sys.argv[1]))
du = d.get("disk_util")
ios = sum(j["read"]["total_ios"] for j in d["jobs"])
if du is None:
    print("none")
else:
    print(du[0]["name"], du[0]["read_ios"], ios, du[0]["util"])
PY
set -- $(cat du.out)
if [ "$1" = none ]; then
	if [ "$(stat -f -c %T "$T")" = tmpfs ]; then
		skip_test "disk_util" "$T is on tmpfs: no block device (fio writes none either)"
	elif ! grep -q '"disk_util"' one-fio.json; then
		ok "disk_util: none, as stock fio's for the same file"
	else
		not_ok "disk_util: stock fio has it, the runner has none"
	fi
elif awk -v d="$2" -v n="$3" 'BEGIN {exit !(d >= 0.95 * n)}'; then
	ok "disk_util: $1 counted $2 reads for the runner's $3 direct 8 KiB reads (util $4%)"
else
	not_ok "disk_util: $1 counted $2 reads, the runner did $3"
fi
finish
