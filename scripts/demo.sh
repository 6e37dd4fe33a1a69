#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# demo.sh -- the quick start's main job: stock fio through the fiorion
# engine over a scratch RAID-0 volume of three files, printing IOPS and
# MB/s. Everything lives in a temporary directory removed at exit.
set -eu
TOP=$(cd "$(dirname "$0")/.." && pwd)
ENGINE=$TOP/build/fiorion-engine.so
FIO=${FIO:-fio}
T=$(mktemp -d "${TMPDIR:-/tmp}/fiorion-demo.XXXXXX")
trap 'rm -rf "$T"' EXIT

for n in 1 2 3; do
	dd if=/dev/zero of="$T/lun$n" bs=1M count=64 status=none
	echo "$T/lun$n" >>"$T/demo.lun"
done
echo "fiorion demo: fio $($FIO --version) + $ENGINE"
echo "volume: raid0 of 3 x 64 MiB files, stripe 1 MiB (lun file $T/demo.lun)"
printf '%-34s %10s %10s\n' "job" "IOPS" "MB/s"
for spec in "randread 8k 8" "randread 8k 32" "read 1m 4" "randwrite 8k 8"; do
	set -- $spec
	"$FIO" --output-format=json --name=demo --ioengine=external:"$ENGINE" \
		--lunfile="$T/demo.lun" --simulate=raid0 --stripe=1m \
		--rw=$1 --bs=$2 --iodepth=$3 --direct=1 --runtime=2 --time_based \
		>"$T/out.json"
	awk -v job="rw=$1 bs=$2 iodepth=$3" '
		/"iops" :/ { gsub(/[",]/, ""); iops += $3 }
		/"bw_bytes" :/ { gsub(/[",]/, ""); bw += $3 }
		END { printf "%-34s %10d %10.1f\n", job, iops, bw / 1e6 }' "$T/out.json"
done
