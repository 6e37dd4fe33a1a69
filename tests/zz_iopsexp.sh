#!/bin/sh
# usage: zz_iopsexp.sh DUR PARTS RUNNER
. /work/main/tests/lib.sh
FR=$TOP/build/fiorion
lun=$(thr_lun_file d 2000 256) || { echo "no dev: $(dev_why)"; exit 1; }
cd $T
cp $lun a.lun
R=""; [ "$3" = fio ] && R="-runner fio -engine $ENGINE"
thr_rest
in_thr $FR -run oltp -num_disks 1 -duration $1 $( [ "$2" = 0 ] || echo "-parts $2") $R -testname a -outdir a >a.out 2>a.err
echo rc=$?
grep -h '^Limit\|^Drift\|^Warn' a/a_summary.txt | cut -c1-250
awk -F, 'NR > 1 { printf "S=%s %s ", $1, $3 }' a/a.points.csv; echo
rm -rf /tmp/lasta; cp -r a /tmp/lasta
