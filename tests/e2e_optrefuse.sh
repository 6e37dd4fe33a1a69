#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Description: fiorion's up-front refusals of options that would act
# outside the run or fail only at point 1 (issues G6, G7), each one line,
# exit status 2, before any I/O or job file, under both runners:
#  - -fio_opt / -include options with a side effect outside the run:
#    fio's exec_prerun/exec_postrun (a shell command), mem/iomem=mmap:FILE
#    (FILE truncated), write_iolog (a file appended), merge_blktrace_file,
#    verify_dump, unlink, ioscheduler, cgroup_nodelete, and a
#    write_*_log PREFIX that leads out of <testname>_jobs/ (a path, fio's
#    ${VAR}, or none: the job's name in the current folder), naming the
#    option and where it came from (-fio_opt, -include FILE:LINE); a
#    plain PREFIX is written into <testname>_jobs/ by either runner;
#    mem=malloc (no file) stays fio's to run;
#  - a control character inside a -fio_opt or -include value (fio copies
#    it raw into its JSON) or in an -include file's name (a comment line
#    of every job file); a CRLF file's line ends are white space;
#  - a -curve list outside plain decimal percentages (0x10, 1e1, a
#    leading newline, a trailing %, a value twice), -curve given twice.
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
cd "$T" || exit 1
mkfile a 32
echo "$T/a" >t.lun
head -c 1M /dev/urandom >data1
echo precious >data2
P="-run advanced -matrix point -num_small 1 -num_large 0 -duration 1 -cache_size 0 -testname t -outdir x"

# refused RUNNER WANT-IN-MESSAGE ARGS...: exit 2, one line with WANT, no
# job file, nothing run or written outside.
refused() {
	runner=$1 want=$2
	shift 2
	rm -rf x ran
	# shellcheck disable=SC2086
	"$FR" $P -runner "$runner" "$@" >x.out 2>x.err
	rc=$?
	what=$(printf '%s' "$*" | tr '\r\t' '??')
	if [ $rc -eq 2 ] && grep -qF -- "$want" x.err && [ "$(wc -l <x.err)" -eq 1 ] \
		&& ! grep -q "$(printf '\r')" x.err && [ ! -e x/t_jobs ] && [ ! -e ran ] \
		&& [ "$(stat -c %s data1)" = 1048576 ] && [ "$(cat data2)" = precious ]; then
		ok "-runner $runner $what: refused up front: $(tr '\t' '?' <x.err)"
	else
		not_ok "-runner $runner $what: exit $rc (want 2 and '$want'), ran: $(ls ran 2>/dev/null), data1 $(stat -c %s data1) B, data2 $(wc -l <data2) lines, stderr: $(head -c 300 x.err)"
		head -c 1M /dev/urandom >data1
		echo precious >data2
	fi
}

# 1. G6: the reproducer's shared -include, under both runners.
printf 'exec_prerun=touch %s/ran\nmem=mmap:%s/data1\nwrite_iolog=%s/data2\n' "$T" "$T" "$T" >team.fio
for r in builtin fio; do
	refused $r "-include team.fio:1: fiorion refuses fio's option 'exec_prerun'" -include team.fio
done

# 2. each side effect, from -include FILE:LINE and from -fio_opt.
n=0
# shellcheck disable=SC2016 # fio's ${VAR}, not the shell's
for kv in "exec_postrun=touch $T/ran" "mem=mmap:$T/data1" "iomem=mmaphuge:$T/data1" \
	"write_iolog=$T/data2" "merge_blktrace_file=$T/data2" verify_dump=1 unlink=1 \
	unlink_each_loop=1 ioscheduler=none cgroup_nodelete=1 "write_bw_log=$T/lg" \
	write_lat_log=../lg 'write_iops_log=${HOME}' write_hist_log write_bw_log=; do
	n=$((n + 1))
	key=${kv%%=*}
	printf '# line 1\nrandrepeat=0\n%s\n' "$kv" >inc$n.fio
	for r in builtin fio; do
		refused $r "-include inc$n.fio:3: fiorion refuses fio's option '$key'" -include inc$n.fio
	done
	refused fio "-fio_opt $kv: fiorion refuses fio's option '$key'" -fio_opt "$kv"
done

# 3. harmless under fio, merely not the built-in runner's: fio's to run.
rm -rf x
# shellcheck disable=SC2086 # $P: the words of the common options
if "$FR" $P -runner fio -jobs_only -fio_opt mem=malloc >x.out 2>x.err && grep -qx 'mem=malloc' x/t_jobs/p001.fio; then
	ok "-runner fio -fio_opt mem=malloc (no file) stays fio's"
else
	not_ok "-runner fio -fio_opt mem=malloc: $(cat x.err)"
fi
refused builtin "does not honour fio's option 'mem'" -fio_opt mem=malloc

# 4. a plain log PREFIX: its files in <testname>_jobs/, nothing in the
# current folder, whichever runner.
for r in builtin fio; do
	rm -rf x ./*_iops.*.log
	if "$FR" $P -runner $r -fio_opt write_iops_log=db -fio_opt log_avg_msec=500 >x.out 2>x.err \
		&& grep -qx 'write_iops_log=x/t_jobs/db' x/t_jobs/p001.fio && [ -s x/t_jobs/db_iops.1.log ] \
		&& [ -z "$(ls ./*_iops.*.log 2>/dev/null)" ]; then
		ok "-runner $r -fio_opt write_iops_log=db: x/t_jobs/db_iops.1.log, none in the current folder"
	else
		not_ok "-runner $r write_iops_log=db: $(ls x/t_jobs ./*.log 2>&1 | tr '\n' ' ') $(head -c 300 x.err)"
	fi
done

# 5. G7: a control character inside a value, from -fio_opt or -include.
cr=$(printf '\r')
tab=$(printf '\t')
for r in builtin fio; do
	refused $r "-fio_opt randrepeat=0\\x0dnorandommap=1: a control character (0x0d)" -fio_opt "randrepeat=0${cr}norandommap=1"
	refused $r "a control character (0x09)" -fio_opt "randrepeat=0${tab}1"
done
printf 'randrepeat=0\nnorandommap=1%s#x\n' "$cr" >crl.fio
refused fio "-include crl.fio:2: a control character (0x0d)" -include crl.fio
# The file's name goes on a comment line of every job file.
printf 'randrepeat=0\n' >"n${cr}l.fio"
refused builtin "-include n\x0dl.fio: a control character (0x0d) in the file's name" -include "n${cr}l.fio"
# A CRLF file's line ends are fio's white space: still taken.
printf 'randrepeat=0\r\nnorandommap\r\n' >crlf.fio
rm -rf x
if "$FR" $P -runner fio -jobs_only -include crlf.fio >x.out 2>x.err && grep -qx 'norandommap' x/t_jobs/p001.fio; then
	ok "a CRLF -include file is taken (its line ends are white space)"
else
	not_ok "CRLF -include: $(cat x.err)"
fi
refused builtin "service_us: an option of backend=null's model device" -fio_opt service_us=100

# 5b. Past the table another way (review of G6): fio includes any line that
# starts with "include", and reads a line 8191 bytes at a time, the rest
# another option; options that change a point's region or its length.
printf 'exec_prerun=touch %s/ran\n' "$T" >inc.fio
for r in builtin fio; do
	refused $r "fio reads a line that starts with 'include' as an include" -fio_opt "include=$T/inc.fio"
	refused $r "fio reads a line that starts with 'include' as an include" -fio_opt include_xyz
	printf 'include_x=%s/inc.fio\n' "$T" >inc2.fio
	refused $r "-include inc2.fio:1: fio reads a line that starts with 'include'" -include inc2.fio
	pad=$(head -c 8200 /dev/zero | tr '\0' A)
	refused $r "the option is over 4096 bytes" -fio_opt "write_hist_log=${pad}exec_prerun=touch $T/ran"
	for o in filesize=1m fill_device=1 fill_fs=1 number_ios=5 zonesize=1m zonerange=1m zoneskip=1m zonemode=strided; do
		refused $r "fiorion sets '${o%%=*}' itself for ORION's meaning" -fio_opt "$o"
	done
done

# 6. G7: -curve takes plain decimal percentages only.
C="-run curve -testname t -outdir x -duration 1 -cache_size 0 -max_iops 100"
curve_refused() {	# WANT ARGS...
	want=$1
	shift
	rm -rf x
	# shellcheck disable=SC2086
	"$FR" $C "$@" >x.out 2>x.err
	rc=$?
	what=$(printf '%s' "$*" | tr '\n' '?')
	if [ $rc -eq 2 ] && grep -qF -- "$want" x.err && [ "$(wc -l <x.err)" -eq 1 ] && [ ! -e x ]; then
		ok "$what: refused up front: $(cat x.err)"
	else
		not_ok "$what: exit $rc (want 2 and '$want'), stderr: $(head -c 300 x.err)"
	fi
}
for v in 0x10 1e1 0x1p4 +10 " 10" "10 " "1.2.3" "10,20x"; do
	curve_refused "is not a number (-curve takes plain percentages" -curve "$v"
done
curve_refused "\\x0a10" -curve "$(printf '\n10')"
curve_refused "-curve '10,,20': an empty item" -curve 10,,20
curve_refused "write 10, not 10%" -curve "10%"
curve_refused "-curve '10,50,10': 10 % twice" -curve 10,50,10
curve_refused "-curve '10,10': 10 % twice" -curve 10,10
curve_refused "-curve given twice ('10', then '20')" -curve 10 -curve 20
curve_refused "-5 % is out of range" -curve -5
finish
