#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Description: jobfiles/ is exactly what fiorion generates today, stock
# fio parses every file with the placeholders filled in, and the
# simple-1disk file runs in stock fio and converts with fio2orion.
. "$(dirname "$0")/lib.sh"

sh "$TOP/scripts/gen-jobfiles.sh" "$T/gen" >"$T/gen.log" 2>&1
for f in "$TOP"/jobfiles/*.fio; do
	b=$(basename "$f")
	if cmp -s "$f" "$T/gen/$b"; then
		ok "jobfiles/$b matches fiorion's output"
	else
		not_ok "jobfiles/$b drifted from fiorion (run scripts/gen-jobfiles.sh)"
		diff "$f" "$T/gen/$b" | head -10
	fi
done
[ "$(ls "$T/gen" | wc -l)" = "$(ls "$TOP"/jobfiles/*.fio | wc -l)" ] \
	&& ok "no generated file is missing from jobfiles/" || not_ok "jobfiles/ lacks generated files"
mkfile a 64
mkfile b 64
printf '%s\n%s\n' "$T/a" "$T/b" >"$T/t.lun"
export LUNFILE="$T/t.lun" FIORION_ENGINE="$ENGINE" DURATION=1
for f in "$TOP"/jobfiles/*.fio; do
	if fio --parse-only "$f" >"$T/p.out" 2>&1; then
		ok "fio parses $(basename "$f")"
	else
		not_ok "fio parses $(basename "$f")"
		cat "$T/p.out"
	fi
done
if fio --output-format=json+ --output="$T/s.json" "$TOP/jobfiles/simple-1disk.fio" >"$T/s.err" 2>&1 \
	&& "$TOP/build/fio2orion" -outdir "$T" -testname s "$T/s.json" \
	&& [ "$(awk -F, 'NR == 2 { print NF }' "$T/s_iops.csv")" = 6 ] \
	&& [ "$(wc -l <"$T/s_mbps.csv")" = 3 ]; then
	ok "jobfiles/simple-1disk.fio runs in stock fio and converts (5 small, 2 large points)"
else
	not_ok "simple-1disk.fio run"
	cat "$T/s.err"
fi
finish
