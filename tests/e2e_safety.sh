#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Description: writes never destroy what the user did not name. On loop
# devices made here (skipped where losetup is not allowed): a mounted
# ext4, an MBR partition table and a blank device; and on files: an ext4
# image, a GPT (whole, without its protective MBR, its backup header
# alone) and a plain scratch file. A write run is refused (exit 3, naming
# the LUN and what is on it) by fiorion's built-in runner, under
# -runner fio, under -jobfile, and by stock fio with the engine, with the
# data unchanged (checksum before and after); -force_write (fiorion) and
# allow_signatures=1 (job files) lift the signature check but never the
# mounted one; reads are never refused; the blank LUNs are written.
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
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
	rm -rf "$T"
}
trap cleanup EXIT

sum() { md5sum <"$1" | cut -d' ' -f1; }

# write_run NAME LUN [OPTIONS]: one small write point on LUN; sets rc
write_run() {
	n=$1 lun=$2
	shift 2
	echo "$lun" >"$n.lun"
	"$FR" -run advanced -matrix point -num_small 1 -num_large 0 -duration 1 \
		-cache_size 0 -write 100 -testname "$n" "$@" >"$n.out" 2>"$n.err"
	rc=$?
}

# 1. files: an ext4 image is refused, -force_write writes it; a scratch file is written
# mkfs leaves holes and unwritten extents in a file (read from nowhere,
# refused for that alone): the image LUN is a fully written copy.
mkfile img0 32
mkfs.ext4 -q -F -L imgdata img0 2>/dev/null
cp --sparse=never img0 img
before=$(sum img)
write_run fimg "$T/img"
if [ $rc = 3 ] && grep -q "LUN '$T/img' holds an ext4 filesystem \"imgdata\"; writing would destroy it" fimg.err \
	&& [ "$(sum img)" = "$before" ] && [ ! -e fimg_summary.txt ]; then
	ok "an ext4 image file: refused before any I/O, exit 3, named, bytes unchanged"
else
	not_ok "ext4 image file: exit $rc"
	cat fimg.err
fi
"$FR" -run advanced -matrix point -num_small 1 -num_large 0 -duration 1 -cache_size 0 \
	-testname fimg >fimgr.out 2>fimgr.err
if [ $? = 0 ] && [ "$(sum img)" = "$before" ]; then
	ok "reading it is allowed, and reads change nothing"
else
	not_ok "read run on an image"
	cat fimgr.err
fi
printf '[global]\nioengine=external:%s\nlunfile=%s\ndirect=1\nbs=64k\nsize=4m\n\n[w]\nrw=write\n' "$ENGINE" "$T/fimg.lun" >w.fio
"$FR" -jobfile w.fio -output w.json 2>w.err
rc=$?
if [ $rc = 3 ] && grep -q "holds an ext4 filesystem" w.err && [ "$(sum img)" = "$before" ]; then
	ok "-jobfile: refused, exit 3"
else
	not_ok "-jobfile on an image: exit $rc"
	cat w.err
fi
fio --output-format=json w.fio >wf.json 2>wf.err
rc=$?
if [ $rc != 0 ] && grep -q "holds an ext4 filesystem" wf.err wf.json && [ "$(sum img)" = "$before" ]; then
	ok "stock fio with the engine: refused, the bytes unchanged"
else
	not_ok "stock fio on an image: exit $rc"
	cat wf.err
fi
write_run fimgf "$T/img" -force_write
if [ $rc = 0 ] && [ -s fimgf_summary.txt ] && [ "$(sum img)" != "$before" ] \
	&& grep -q '^allow_signatures=1$' fimgf_jobs/p001.fio; then
	ok "-force_write: written (allow_signatures=1 in the job files)"
else
	not_ok "-force_write: exit $rc"
	cat fimgf.err
fi
mkfile plain 16
write_run fplain "$T/plain"
[ $rc = 0 ] && ok "a scratch file is written" || { not_ok "scratch file: exit $rc"; cat fplain.err; }

# 1b. a GPT: whole, without its protective MBR (libblkid then reports
# nothing), and with only its backup header left at the end: each refused
# (exit 3, named), the bytes unchanged
python3 - "$T/gpt" <<'PY'
import struct, sys, uuid, zlib
n = 16 * 2048
img = bytearray(n * 512)
img[446:462] = struct.pack("<BBBBBBBBII", 0, 0, 2, 0, 0xEE, 0xFF, 0xFF, 0xFF, 1, n - 1)
img[510:512] = b"\x55\xaa"
ent = bytearray(128 * 128)
ent[0:56] = (uuid.UUID("0FC63DAF-8483-4772-8E79-3D69D8477DE4").bytes_le + uuid.uuid4().bytes_le
             + struct.pack("<QQQ", 2048, 22527, 0))
def hdr(cur, alt, entlba):
    h = bytearray(struct.pack("<8sIIIIQQQQ16sQIII", b"EFI PART", 0x10000, 92, 0, 0, cur, alt, 34,
                              n - 34, uuid.uuid4().bytes_le, entlba, 128, 128, zlib.crc32(ent)))
    h[16:20] = struct.pack("<I", zlib.crc32(h))
    return h
img[512:604] = hdr(1, n - 1, 2)
img[1024:1024 + len(ent)] = ent
img[(n - 33) * 512:(n - 1) * 512] = ent
img[(n - 1) * 512:(n - 1) * 512 + 92] = hdr(n - 1, 1, n - 33)
open(sys.argv[1], "wb").write(img)
PY
cp gpt gptnombr
dd if=/dev/zero of=gptnombr bs=512 count=1 conv=notrunc status=none
cp gpt gptbackup
dd if=/dev/zero of=gptbackup bs=512 count=34 conv=notrunc status=none
for g in "gpt (gpt)" "gptnombr primary header at byte 512" \
	"gptbackup backup header in the last 512 bytes"; do
	set -- $g
	f=$1
	shift
	before=$(sum $f)
	write_run f$f "$T/$f"
	if [ $rc = 3 ] && grep -q "LUN '$T/$f' holds a partition table.*$*" f$f.err && [ "$(sum $f)" = "$before" ]; then
		ok "a GPT ($f): refused, exit 3, named ($*), bytes unchanged"
	else
		not_ok "a GPT ($f): exit $rc, unchanged: $([ "$(sum $f)" = "$before" ] && echo yes || echo NO)"
		cat f$f.err
	fi
done

# 2. loop devices
mkfile lmnt 64
mkfile lmbr 16
mkfile lblank 16
if ! l1=$(losetup -f --show "$T/lmnt" 2>/dev/null); then
	skip_test "loop devices" "losetup is not allowed here"
	finish
	exit 0
fi
loops="$l1"
l2=$(losetup -f --show "$T/lmbr") && loops="$loops $l2"
l3=$(losetup -f --show "$T/lblank") && loops="$loops $l3"
# a mounted ext4 with a file on it
mkfs.ext4 -q -F -L data "$l1" 2>/dev/null
mkdir -p m
mount "$l1" m && mnt=$T/m
echo "keep me" >m/keep
sync
umount m && mnt=
before=$(sum "$l1")
mount -o ro "$l1" m && mnt=$T/m
write_run lmnt "$l1"
fr_rc=$rc
write_run lmntf "$l1" -force_write
frf_rc=$rc
write_run lmntr "$l1" -runner fio -force_write
frr_rc=$rc
printf '[global]\nioengine=external:%s\nluns=%s\ndirect=1\nbs=64k\nsize=4m\nallow_signatures=1\n\n[w]\nrw=write\n' "$ENGINE" "$l1" >wl.fio
fio --output-format=json wl.fio >wl.json 2>wl.err
fio_rc=$?
umount m && mnt=
after=$(sum "$l1")
if [ $fr_rc = 3 ] && grep -q "LUN '$l1': '$(basename "$l1")' is mounted on $T/m (ext4)" lmnt.err \
	&& [ $frf_rc = 3 ] && [ $frr_rc = 3 ] && [ $fio_rc != 0 ] && grep -q "is mounted on" wl.err \
	&& [ "$after" = "$before" ]; then
	ok "a mounted ext4 ($l1): refused by fiorion (even with -force_write, also -runner fio) and by stock fio (even with allow_signatures=1); device unchanged"
else
	not_ok "mounted device: fiorion $fr_rc, -force_write $frf_rc, -runner fio $frr_rc, fio $fio_rc, unchanged: $([ "$after" = "$before" ] && echo yes || echo NO)"
	cat lmnt.err lmntf.err wl.err
fi
if mount -o ro "$l1" m && mnt=$T/m && [ "$(cat m/keep)" = "keep me" ]; then
	ok "its file still reads back"
else
	not_ok "the filesystem's file is gone"
fi
umount m && mnt=

# an MBR partition table (one Linux partition), not mounted
python3 - "$l2" <<'PY'
import struct, sys
mbr = bytearray(512)
mbr[446:462] = struct.pack("<B3sB3sII", 0, b"\0\2\0", 0x83, b"\0\0\0", 2048, 16384)
mbr[510:512] = b"\x55\xaa"
with open(sys.argv[1], "r+b") as f:
    f.write(mbr)
PY
sync
before=$(sum "$l2")
write_run lmbr "$l2"
if [ $rc = 3 ] && grep -q "holds a partition table (dos)" lmbr.err && [ "$(sum "$l2")" = "$before" ]; then
	ok "an MBR partition table ($l2): refused, exit 3, unchanged"
else
	not_ok "MBR device: exit $rc"
	cat lmbr.err
fi
write_run lblank "$l3"
if [ $rc = 0 ] && [ -s lblank_summary.txt ]; then
	ok "a blank device ($l3) is written"
else
	not_ok "blank device: exit $rc"
	cat lblank.err
fi
finish
