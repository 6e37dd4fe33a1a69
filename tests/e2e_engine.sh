#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh: long=30
#
# Description: fiorion-engine.so inside Debian's stock fio: write and
# verify=crc32c over raid0 of three unequal files with every backend,
# block placement proven by reading the member files, every rw= mode,
# numjobs/offset/size/offset_increment, bs and iodepth ranges, and each
# bad .lun case as a clear error with a non-zero exit. (The kernel
# refusing io_uring is system_uringoff.sh, in make check-system: it turns
# io_uring off for the whole machine; this suite shares the machine.)
. "$(dirname "$0")/lib.sh"

FIO=${FIO:-fio}
mkfile a 8
mkfile b 6
mkfile c 10
printf '%s\n%s\r\n  %s  \n\n' "$T/a" "$T/b" "$T/c" >"$T/vol.lun"

# run NAME FIO-ARGS...: run fio with the engine in $T (fio leaves files such
# as verify state in its working directory), keep its output in $T/NAME.out
run() {
	name=$1
	shift
	(cd "$T" && "$FIO" --output="$T/$name.out" --name="$name" --ioengine=external:"$ENGINE" "$@" \
		>"$T/$name.err" 2>&1)
}

refused() { grep -q "the kernel refused" "$T/$1.out" "$T/$1.err" 2>/dev/null; }

# 1. write + verify over raid0 of unequal files, every backend, buffered and direct
for be in io_uring libaio psync; do
	for direct in 0 1; do
		n=verify-$be-d$direct
		if run "$n" --lunfile="$T/vol.lun" --simulate=raid0 --stripe=64k \
			--backend=$be --direct=$direct --rw=randwrite --bs=16k \
			--iodepth=16 --verify=crc32c --do_verify=1 \
			&& grep -q 'err= 0' "$T/$n.out"; then
			ok "write+verify crc32c raid0 backend=$be direct=$direct"
		elif refused "$n"; then
			skip_test "write+verify backend=$be" "kernel refused $be"
		else
			not_ok "write+verify crc32c raid0 backend=$be direct=$direct"
			cat "$T/$n.out" "$T/$n.err"
		fi
	done
done

# 2. placement: each block sits where raid0/concat put it
for layout in raid0 concat; do
	n=place-$layout
	if run "$n" --lunfile="$T/vol.lun" --simulate=$layout --stripe=64k \
		--rw=write --bs=16k --iodepth=8 --direct=1 --verify=crc32c \
		&& "$TOP/build/tests/placement" $layout 65536 16384 "$T/a" "$T/b" "$T/c" >"$T/$n.place" 2>&1; then
		ok "placement $layout: $(cat "$T/$n.place")"
	else
		not_ok "placement $layout"
		cat "$T/$n.out" "$T/$n.err" "$T/$n.place" 2>/dev/null
	fi
done

# mode_ok FILE RW BS: the directions fio did match rw= (reads only,
# writes only, or both), and every I/O moved exactly bs bytes.
mode_ok() {
	python3 - "$1" "$2" "$3" <<'PY'
import json, sys
text = open(sys.argv[1]).read()
j = json.loads(text[text.index("{"):])["jobs"][0]
rw, bs = sys.argv[2], sys.argv[3]
mult = {"k": 1024, "m": 1048576}
b = int(bs[:-1]) * mult[bs[-1]] if bs[-1] in mult else int(bs)
r, w = j["read"], j["write"]
want_r = rw in ("read", "randread", "rw", "randrw")
want_w = rw in ("write", "randwrite", "rw", "randrw")
ok = (r["total_ios"] > 0) == want_r and (w["total_ios"] > 0) == want_w
ok = ok and all(d["io_bytes"] == d["total_ios"] * b for d in (r, w))
ok = ok and j["error"] == 0
sys.exit(0 if ok else 1)
PY
}

# 3. every rw= mode, several bs and depths (timed, 1 s or less each)
for spec in "read 8k 1" "write 1m 4" "randread 8k 32" "randwrite 128k 8" \
	"randrw 8k 1024" "randread 96k 7" "read 4m 2"; do
	set -- $spec
	n=mode-$1-$2-$3
	if run "$n" --lunfile="$T/vol.lun" --simulate=raid0 --stripe=64k \
		--rw=$1 --bs=$2 --iodepth=$3 --direct=1 --runtime=300ms \
		--time_based --output-format=json \
		&& mode_ok "$T/$n.out" $1 $2; then
		ok "rw=$1 bs=$2 iodepth=$3: the directions of rw=$1, bs bytes per I/O ($(json_iops "$T/$n.out") IOPS)"
	else
		not_ok "rw=$1 bs=$2 iodepth=$3"
		cat "$T/$n.out" "$T/$n.err"
	fi
done

# 4. numjobs + offset_increment + size: each clone verifies its own slice
n=numjobs
if run "$n" --luns="$T/a:$T/b:$T/c" --simulate=concat --rw=write --bs=8k \
	--numjobs=3 --size=2m --offset_increment=3m --offset=1m --iodepth=4 \
	--verify=crc32c --direct=1 --group_reporting \
	&& grep -q 'err= 0' "$T/$n.out" \
	&& grep -q 'io=6144KiB\|(6291kB)\|6144KiB' "$T/$n.out"; then
	ok "numjobs=3 offset_increment size verify"
else
	not_ok "numjobs=3 offset_increment size verify"
	cat "$T/$n.out" "$T/$n.err"
fi

# 5. a job file with the engine options in [global]
cat >"$T/job.fio" <<JOB
[global]
lunfile=$T/vol.lun
simulate=raid0
stripe=128k
ioengine=external:$ENGINE
direct=1
bs=8k
runtime=300ms
time_based

[small]
rw=randread
iodepth=8
JOB
if "$FIO" --output-format=json "$T/job.fio" >"$T/job.json" 2>"$T/job.err" \
	&& [ "$(json_iops "$T/job.json")" -gt 0 ] \
	&& grep -q '"stripe" : "128k"' "$T/job.json"; then
	ok "job file with engine options in [global]"
else
	not_ok "job file with engine options in [global]"
	cat "$T/job.json" "$T/job.err"
fi

# 6. bad input: fio exits non-zero and prints our message
mkdir "$T/adir"
: >"$T/empty"
truncate -s 100k "$T/tiny"
badcase() {
	what=$1 text=$2 want=$3
	shift 3
	printf "$text" >"$T/bad.lun"
	if run bad --lunfile="$T/bad.lun" --rw=randread --bs=8k "$@" --runtime=1; then
		not_ok "bad lun: $what: fio exited 0"
	elif grep -q "fiorion: bad: .*$want" "$T/bad.out" "$T/bad.err"; then
		ok "bad lun: $what"
	else
		not_ok "bad lun: $what: no '$want' in fio's output"
		cat "$T/bad.out" "$T/bad.err"
	fi
}
badcase "missing path" "$T/a\n$T/nope\n" "bad.lun:2: LUN '$T/nope': no such file or directory"
badcase "a directory" "$T/adir\n" "bad.lun:1: LUN '$T/adir' is a directory"
badcase "zero size" "$T/empty\n" "LUN '$T/empty' has zero size"
badcase "smaller than one stripe" "$T/a\n$T/tiny\n" "LUN '$T/tiny' is smaller than one stripe" --simulate=raid0
badcase "listed twice" "$T/a\n$T/b\n$T/a\n" "bad.lun:3: LUN '$T/a' is listed twice"
badcase "empty lun file" "\n\n" "lists no LUNs"
badcase "bad layout" "$T/a\n" "simulate=raid5: must be concat or raid0" --simulate=raid5
badcase "bad backend" "$T/a\n" "backend=spdk: must be one of" --backend=spdk
badcase "unaligned bs with direct=1" "$T/a\n" "bs=1000 is not a multiple of the LUN block size" --bs=1000 --direct=1

# As nobody, fio must load the engine: a copy in $T, not build/'s, which a
# clone in a private folder (mktemp -d, /root) keeps out of nobody's reach
# ("fio: invalid external ioengine path" instead of the LUN's error).
nobody() { setpriv --reuid=nobody --regid=nogroup --clear-groups "$@"; }
if id nobody >/dev/null 2>&1 && [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null 2>&1; then
	cp "$T/a" "$T/secret" && chmod 0 "$T/secret" && chmod 755 "$T"
	printf '%s\n' "$T/secret" >"$T/u.lun" && chmod 644 "$T/u.lun"
	cp "$ENGINE" "$T/engine.so" && chmod 755 "$T/engine.so"
fi
if ! [ -f "$T/engine.so" ]; then
	skip_test "bad lun: unreadable" "needs root, setpriv and user nobody to drop privileges"
elif ! nobody test -r "$T/u.lun" -a -r "$T/engine.so"; then
	skip_test "bad lun: unreadable" "user nobody cannot reach $T (TMPDIR '${TMPDIR:-/tmp}' is not searchable by others)"
else
	if nobody "$FIO" --name=bad \
		--ioengine=external:"$T/engine.so" --lunfile="$T/u.lun" --rw=read --bs=8k \
		>"$T/u.out" 2>&1; then
		not_ok "bad lun: unreadable: fio exited 0"
	elif grep -q "u.lun:1: LUN '$T/secret' is unreadable: permission denied" "$T/u.out"; then
		ok "bad lun: unreadable"
	else
		not_ok "bad lun: unreadable"
		cat "$T/u.out"
	fi
fi

if run bad --lunfile="$T/none.lun" --rw=read --bs=8k; then
	not_ok "missing lun file: fio exited 0"
elif grep -q "cannot open lun file '$T/none.lun': no such file or directory" "$T/bad.out"; then
	ok "missing lun file"
else
	not_ok "missing lun file"
	cat "$T/bad.out" "$T/bad.err"
fi

finish
