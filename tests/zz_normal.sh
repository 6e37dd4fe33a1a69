#!/bin/sh
. /work/main/tests/lib.sh
FR=$TOP/build/fiorion
lun=$(thr_lun_file d 0 256) || { echo "no dev: $(dev_why)"; exit 1; }
thr_set d 0 104857600
cd $T
cp $lun b.lun
thr_rest
in_thr $FR -run normal -num_disks ${1:-1} -duration ${2:-2} -testname b -outdir b >b.out 2>b.err
echo rc=$?
grep -h '^Limit\|^Drift over' b/b_summary.txt | cut -c1-300
awk -F, 'NR > 1 { printf "S=%s L=%s %s IOPS %s MBPS\n", $1, $2, $3, $6 }' b/b.points.csv
rm -rf /tmp/lastn; cp -r b /tmp/lastn
