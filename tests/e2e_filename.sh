#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Description: fio's own filename= names the engine's LUNs, under stock
# fio (ioengine=external:fiorion-engine.so) and under the built-in runner
# (fiorion -jobfile) alike: one file, a ':' list (one volume, concat or
# simulate=raid0), a name with fio's escaped "\:", filename= lines that
# add up as fio's do, directory= before each name (fio). Every number is
# the volume's: a pass writes each LUN's every byte (read back), fio's
# JSON bytes and I/O counts are the volume's, and on loop devices they
# equal the devices' own write counters, LUN by LUN. filename= with luns=
# is an error naming both; a LUN named by filename= keeps every safety
# rule of luns= (a partition table refused unless allow_signatures=1, a
# mounted device always, even with fio's allow_mounted_write=1), and
# fio's unlink=1 never deletes one.
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
J="python3 $TOP/tests/jget.py"
cd "$T" || exit 1
loops=
mnt=
cleanup() {
	[ -n "$mnt" ] && umount "$mnt" 2>/dev/null
	for l in $loops; do
		# udev may still be probing it: retry for a few seconds
		for i in 1 2 3 4 5 6 7 8 9 10; do
			losetup -d "$l" 2>/dev/null && break
			sleep 0.3
		done
	done
	lib_exit
}
trap cleanup EXIT

# job NAME BODY: NAME.fio, one job [NAME] on the engine with BODY's lines
job() {
	printf '[%s]\nioengine=external:%s\n%s\n' "$1" "$ENGINE" "$2" >"$1.fio"
}
# run1 R NAME: NAME.fio under stock fio (R=fio) or the built-in runner
# (R=rn); its JSON in js=NAME.R.json, its messages NAME.R.err, exit in st
run1() {
	js=$2.$1.json
	if [ $1 = fio ]; then
		fio --output-format=json --output="$js" "$2.fio" >"$2.$1.err" 2>&1
	else
		"$FR" -jobfile "$2.fio" -output "$js" >"$2.$1.err" 2>&1
	fi
	st=$?
}
# both NAME: run1 with each; frc and rrc their exit statuses
both() {
	run1 fio "$1"
	frc=$st
	run1 rn "$1"
	rrc=$st
}
# io FILE DIR: "bytes ios" of the job's DIR (read, write) in fio's JSON
io() { echo "$($J "$1" jobs/0/$2/io_bytes) $($J "$1" jobs/0/$2/total_ios)"; }
# pattern FILE FROM LEN: every byte of FILE in [FROM, FROM+LEN) is
# verify_pattern=0xabcd0123's, and every byte after it is zero
pattern() {
	python3 - "$@" <<'PY'
import sys
data = open(sys.argv[1], "rb").read()
a, n = int(sys.argv[2]), int(sys.argv[3])
ok = data[a:a + n] == b"\xab\xcd\x01\x23" * (n // 4) and not any(data[a + n:])
sys.exit(0 if ok else 1)
PY
}
# zero FILE: every byte of FILE is zero again
zero() { dd if=/dev/zero of="$1" bs=1M count=$(($(stat -c %s "$1") >> 20)) conv=notrunc status=none; }
M=1048576
mkfile a 2
mkfile b 3
mkfile 'c:d' 1
W='rw=write
bs=64k
backend=psync
verify=pattern
verify_pattern=0xabcd0123'

# 1. one file, a ':' list with fio's "\:", raid0: the volume is every LUN,
# and fio's numbers are the volume's; the two runners agree
for r in fio rn; do
	zero a && zero b && zero 'c:d'
	job one "filename=$T/a
$W"
	run1 $r one
	if [ "$st" = 0 ] && [ "$(io $js write)" = "$((2 * M)) 32" ] && pattern a 0 $((2 * M)) \
		&& pattern b 0 0; then
		ok "$r: filename=FILE: that file is the volume, all 2 MiB of it written in 32 I/Os"
	else
		not_ok "$r: filename=FILE: exit $st, write $(io $js write 2>&1)"
		cat one.$r.err
	fi
done
for r in fio rn; do
	zero a && zero b && zero 'c:d'
	job list "filename=$T/a:$T/b:$T/c\\:d
$W"
	run1 $r list
	if [ "$st" = 0 ] && [ "$(io $js write)" = "$((6 * M)) 96" ] && pattern a 0 $((2 * M)) \
		&& pattern b 0 $((3 * M)) && pattern 'c:d' 0 $M; then
		ok "$r: filename=a:b:c\\:d: one 6 MiB volume over the three (one named 'c:d'), each written throughout, 96 I/Os"
	else
		not_ok "$r: filename=a:b:c\\:d: exit $st, write $(io $js write 2>&1)"
		cat list.$r.err
	fi
done
[ "$(io list.fio.json write) $(io list.fio.json read)" = "$(io list.rn.json write) $(io list.rn.json read)" ] \
	&& ok "stock fio and the built-in runner count the same bytes and I/Os (the writes and verify's reads)" \
	|| not_ok "fio $(io list.fio.json write) $(io list.fio.json read), runner $(io list.rn.json write) $(io list.rn.json read)"
# fio adds a filename= line's files to those before it, [global]'s too
for r in fio rn; do
	zero a && zero b && zero 'c:d'
	printf '[global]\nfilename=%s/a:%s/b\n' "$T" "$T" >r0.fio
	job r0x "filename=$T/c\\:d
simulate=raid0
stripe=64k
$W"
	cat r0x.fio >>r0.fio
	run1 $r r0
	if [ "$st" = 0 ] && [ "$(io $js write)" = "$((3 * M)) 48" ] && pattern a 0 $M \
		&& pattern b 0 $M && pattern 'c:d' 0 $M; then
		ok "$r: [global] filename=a:b and the job's filename=c\\:d with simulate=raid0: three stripes wide, the smallest LUN's 1 MiB from each"
	else
		not_ok "$r: raid0 over filename= lines: exit $st, write $(io $js write 2>&1)"
		cat r0.$r.err
	fi
done
zero a && zero b
printf '[j]\nioengine=external:%s\ndirectory=%s\nfilename=a:b\n%s\n' "$ENGINE" "$T" "$W" >dir.fio
if (cd / && fio --output-format=json --output="$T/dir.json" "$T/dir.fio" >"$T/dir.err" 2>&1) \
	&& [ "$(io dir.json write)" = "$((5 * M)) 80" ] && pattern a 0 $((2 * M)) && pattern b 0 $((3 * M)); then
	ok "fio: directory= before each filename= name, as fio names its files"
else
	not_ok "fio: directory=: $(io dir.json write 2>&1)"
	cat dir.err
fi

# 2. filename= and luns= both: an error naming both, before any I/O
zero a && zero b
job twice "filename=$T/a
luns=$T/b
$W"
both twice
msg="filename= and luns= both name the LUNs: give one, not both"
if [ $frc != 0 ] && grep -q "$msg" twice.fio.err && [ $rrc = 2 ] && grep -q "twice.fio:1: job 'twice': $msg" twice.rn.err \
	&& pattern a 0 0 && pattern b 0 0; then
	ok "filename= with luns=: refused by both, naming both ($msg), nothing written"
else
	not_ok "filename= with luns=: fio $frc, runner $rrc"
	cat twice.fio.err twice.rn.err
fi

# fio's unlink=1 deletes the job's files at its end: here they are LUNs
job unl "filename=$T/a:$T/b
rw=read
bs=64k
unlink=1"
run1 fio unl
if [ $st != 0 ] && grep -q "unlink=1 would delete the LUN files" unl.fio.err && [ -f a ] && [ -f b ]; then
	ok "fio: filename=a:b with unlink=1: refused, both LUN files still there"
else
	not_ok "fio: unlink=1: exit $st, files: $(ls a b 2>&1)"
	cat unl.fio.err
fi

# 3. loop devices: fio's counts are the devices' own, LUN by LUN
mkfile l1 8
mkfile l2 4
mkfile lsig 4
mkfile lmnt 16
if ! l1=$(losetup -f --show "$T/l1" 2>/dev/null); then
	skip_test "loop devices" "losetup is not allowed here"
	finish
	exit 0
fi
loops=$l1
l2=$(losetup -f --show "$T/l2") && loops="$loops $l2"
ls=$(losetup -f --show "$T/lsig") && loops="$loops $ls"
lm=$(losetup -f --show "$T/lmnt") && loops="$loops $lm"
# each write the device is given is one it counts: no merging
for l in $l1 $l2; do echo 2 >/sys/block/${l#/dev/}/queue/nomerges; done
# writes W: "writes sectors" completed on loop device W so far
writes() { awk '{ print $5, $7 }' /sys/block/${1#/dev/}/stat; }
for r in fio rn; do
	job dev "filename=$l1:$l2
rw=randwrite
bs=4k
iodepth=8
direct=1"
	udevadm settle 2>/dev/null
	b1=$(writes $l1) b2=$(writes $l2)
	run1 $r dev
	a1=$(writes $l1) a2=$(writes $l2)
	d1="$((${a1% *} - ${b1% *})) $((${a1#* } - ${b1#* }))"
	d2="$((${a2% *} - ${b2% *})) $((${a2#* } - ${b2#* }))"
	tot="$(($(echo $d1 | cut -d' ' -f2) * 512 + $(echo $d2 | cut -d' ' -f2) * 512)) $(($(echo $d1 | cut -d' ' -f1) + $(echo $d2 | cut -d' ' -f1)))"
	if [ $st = 0 ] && [ "$(io $js write)" = "$((12 * M)) 3072" ] && [ "$tot" = "$(io $js write)" ] \
		&& [ "$d1" = "2048 16384" ] && [ "$d2" = "1024 8192" ]; then
		ok "$r: filename=$l1:$l2 randwrite direct=1: fio's JSON $tot (bytes, I/Os) = the devices' write counters, 8 MiB on the first and 4 MiB on the second"
	else
		not_ok "$r: loop devices: exit $st, JSON $(io $js write 2>&1), devices $d1 / $d2"
		cat dev.$r.err
	fi
done

# 4. the safety rules of luns= hold for filename=: a partition table
python3 - "$ls" <<'PY'
import struct, sys
mbr = bytearray(512)
mbr[446:462] = struct.pack("<B3sB3sII", 0, b"\0\2\0", 0x83, b"\0\0\0", 2048, 4096)
mbr[510:512] = b"\x55\xaa"
with open(sys.argv[1], "r+b") as f:
    f.write(mbr)
PY
sync
before=$(md5sum <"$ls")
job sig "filename=$ls
rw=write
bs=64k
direct=1"
both sig
if [ $frc != 0 ] && grep -q "LUN '$ls'.*holds a partition table" sig.fio.err && [ $rrc = 3 ] \
	&& grep -q "holds a partition table" sig.rn.err && [ "$(md5sum <"$ls")" = "$before" ]; then
	ok "filename=$ls with an MBR, rw=write: refused by both (runner exit 3), the device unchanged"
else
	not_ok "partition table: fio $frc, runner $rrc"
	cat sig.fio.err sig.rn.err
fi
echo allow_signatures=1 >>sig.fio
both sig
if [ $frc = 0 ] && [ $rrc = 0 ] && [ "$(io sig.fio.json write)" = "$((4 * M)) 64" ] && [ "$(io sig.rn.json write)" = "$((4 * M)) 64" ]; then
	ok "with allow_signatures=1 both write it, 4 MiB"
else
	not_ok "allow_signatures=1: fio $frc, runner $rrc"
	cat sig.fio.err sig.rn.err
fi
# a mounted device: never, whatever fio's own allow_mounted_write says
mkfs.ext4 -q -F "$lm" 2>/dev/null
mkdir -p m
mount -o ro "$lm" m && mnt=$T/m
before=$(md5sum <"$lm")
job mnt "filename=$lm
rw=write
bs=64k
direct=1
allow_signatures=1
allow_mounted_write=1"
fio --output-format=json --output=mnt.json mnt.fio >mnt.err 2>&1
frc=$?
sed '/allow_mounted_write/d' mnt.fio >mntr.fio
"$FR" -jobfile mntr.fio -output mntr.json >mntr.err 2>&1
rrc=$?
# read while still mounted, as before: an ext4 unmounted reads otherwise
after=$(md5sum <"$lm")
umount m && mnt=
if grep -q "is mounted on $T/m" mnt.err && [ $frc != 0 ] && [ $rrc = 3 ] \
	&& grep -q "is mounted on $T/m" mntr.err && [ "$after" = "$before" ]; then
	ok "filename=$lm mounted: refused by both, even with allow_signatures=1 and fio's allow_mounted_write=1; unchanged"
else
	not_ok "mounted: fio $frc, runner $rrc, unchanged: $([ "$after" = "$before" ] && echo yes || echo NO)"
	cat mnt.err mntr.err
fi
finish
