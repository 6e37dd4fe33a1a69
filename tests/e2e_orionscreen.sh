#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# e2e_orionscreen.sh -- what ORION prints on the screen, release by
# release, against the real outputs in orion.md and the seeds (numbers,
# the version and the dated prefix aside, every line byte for byte):
#
#   10.2   seed 002: banner, "Test will take ...", "Larger caches ...", a
#          blank line (then fiorion's result block, docs/driver.md: the screen);
#   11.1   the banner, then the dated prefix line, then 10.2's two lines;
#   11.2   code-index 10575109094: prefix, "Calibration ...", "Using a
#          large value ...", a blank line;
#   12.2   itnext/Medium (id 26754692546): as 11.2, then the result block
#          (a blank line where the converted page glued two lines) without
#          a histogram (none of its four samples has one on the screen);
#          the LUN list "Name: ... Size: ...", "N files found." only in the
#          one sample run with -num_disks (id 27115187813);
#   19c    orion.md 3.3: as 11.2, then "Setting ftype=0", then the result
#          block with its histogram, no LUN list.
#
# Then errors: a drop-in (fiorion run as orion) prints ORION's banner
# first, as every ORION does before its error (seed 000's "Parse error",
# 19c's missing .lun file after the banner and the prefix line), with
# fiorion's one error line on stderr and its exit status; fiorion by its
# own name keeps the error alone. Last, _tradeoff.csv (10.2) from a run on
# the model device whose small latency differs per point: each row is
# recomputed here from the run's own _iops/_lat/_mbps.csv by the rule
# docs/files.md gives, and rows must differ (they were one copy per bound).
#
# Every run is on the engine's model device in virtual time
# (docs/virtual-time.md): a few seconds of CPU in all.
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
cd "$T" || exit 1
truncate -s 256M lun
printf '%s/lun\n' "$T" >db.lun
mkdir bin && ln -s "$FR" bin/orion
ORION=$T/bin/orion
VT="-backend null -fio_opt service_us=100 -fio_opt servers=4 -fio_opt virtual_time=1"

# screen_cmp OUT: compare screen OUT with the sample on stdin, numbers,
# the version and the dated prefix aside. The sample's lines must be the
# first lines of OUT; a histogram line of the sample ("     64 - 128 ...")
# stands for every bucket line OUT has there (77 characters, ORION's
# printf), and OUT must end where the sample does.
cat >screen_cmp.py <<'EOF'
import re, sys
def norm(l):
    l = re.sub(r"Version .*", "Version V", l)
    l = re.sub(r"^[A-Za-z0-9_.-]+_[0-9]{8}_[0-9]{4}$", "PREFIX", l)
    return re.sub(r"[0-9]+(\.[0-9]+)?", "N", l)
bucket = re.compile(r"^ *[0-9]+ - [0-9]+ +us: +[0-9]+ \( *[0-9.]+%\) +[0-9]+ \( *[0-9.]+%\)$")
want = sys.stdin.read().split("\n")[:-1]
got = open(sys.argv[1]).read().split("\n")
if got[-1] != "":
    sys.exit("the screen does not end with a newline")
got = got[:-1]
i = 0
for w in want:
    if bucket.match(w):
        n = 0
        while i < len(got) and bucket.match(got[i]) and len(got[i]) == 77:
            i, n = i + 1, n + 1
        if not n:
            sys.exit("line %d: %r is not a histogram bucket line" % (i + 1, got[i] if i < len(got) else None))
        continue
    if i >= len(got) or norm(got[i]) != norm(w):
        sys.exit("line %d: %r, the sample's %r" % (i + 1, got[i] if i < len(got) else None, w))
    i += 1
if i != len(got):
    sys.exit("after the sample's lines: %r" % got[i:])
EOF
screen_cmp() { python3 "$T/screen_cmp.py" "$1"; }

# screen_run NAME COMPAT ARGS...: a simple run of db.lun in its own
# folder by the drop-in, the screen in NAME.out.
screen_run() {
	_n=$1 _c=$2
	shift 2
	mkdir "$_n" && cp db.lun "$_n/"
	# shellcheck disable=SC2086
	(cd "$_n" && "$ORION" -run simple -testname db -duration 2 -compat "$_c" $VT "$@" >../"$_n".out 2>../"$_n".err)
	echo $? >"$_n.rc"
}

# 1. The screen of each release.
screen_run s19 19c
screen_run s19d 19c -num_disks 1
screen_run s122 12.2
screen_run s122d 12.2 -num_disks 1
screen_run s112 11.2
screen_run s111 11.1
screen_run s102 10.2

# orion.md 3.3, the 19c stdout (Korean BMT guide), verbatim.
if [ "$(cat s19.rc)" = 0 ] && screen_cmp s19.out >s19.cmp 2>&1 <<'EOF'
ORION: ORacle IO Numbers -- Version RDBMS_19.3.0.0.0DBRU_LINUX.X64_190417
bmtfile-acfs_20211113_1809
Calibration will take approximately 44 minutes.
Using a large value for -cache_size may take longer.

Setting ftype=0
Maximum Large MBPS=1571.33 @ Small=0 and Large=5

Maximum Small IOPS=58778 @ Small=10 and Large=0
Small Read Latency: avg=169.594 us, min=128.415 us, max=1924.721 us, std dev=13.566 us @ Small=10 and Large=0

Minimum Small Latency=97.677 usecs @ Small=2 and Large=0
Small Read Latency: avg=97.677 us, min=63.652 us, max=2133.198 us, std dev=47.348 us @ Small=2 and Large=0
Small Read / Write Latency Histogram @ Small=2 and Large=0
        Latency:                         # of IOs (read)          # of IOs (write)
       64 - 128        us:         1112243 ( 91.12%)              0 (  0.00%)
EOF
then
	ok "19c: the screen is the real 19c one line for line (Setting ftype=0, no LUN list, the result block and histogram)"
else
	not_ok "19c screen: $(cat s19.cmp)"
	cat s19.out s19.err
fi
# 19c lists no LUN with -num_disks either: no 19c sample lists them.
if [ "$(cat s19d.rc)" = 0 ] && ! grep -q '^Name: \|files found' s19d.out && grep -qx 'Setting ftype=0' s19d.out; then
	ok "19c with -num_disks: still no LUN list"
else
	not_ok "19c -num_disks screen"
	cat s19d.out
fi

# 12.2 (id 26754692546, firsttest, -run simple without -num_disks); the
# converted page glued lines where ORION leaves a blank one (19c's
# blank lines are exactly where its 12.2 text glues).
if [ "$(cat s122.rc)" = 0 ] && screen_cmp s122.out >s122.cmp 2>&1 <<'EOF'
ORION: ORacle IO Numbers -- Version 12.2.0.1.0
firsttest_20180913_0034
Calibration will take approximately 9 minutes.
Using a large value for -cache_size may take longer.

Maximum Large MBPS=867.73 @ Small=0 and Large=2

Maximum Small IOPS=12679 @ Small=5 and Large=0
Small Read Latency: avg=392.499 us, min=198.667 us, max=38147.308 us, std dev=425.804 us @ Small=5 and Large=0

Minimum Small Latency=392.499 usecs @ Small=5 and Large=0
Small Read Latency: avg=392.499 us, min=198.667 us, max=38147.308 us, std dev=425.804 us @ Small=5 and Large=0
EOF
then
	ok "12.2 without -num_disks: the real 12.2 screen (no LUN list, no Setting ftype, no histogram)"
else
	not_ok "12.2 screen: $(cat s122.cmp)"
	cat s122.out
fi
# 12.2 with -num_disks (id 27115187813): the LUN list, then a blank line.
if [ "$(cat s122d.rc)" = 0 ] && head -n 7 s122d.out >s122d.head && screen_cmp s122d.head >s122d.cmp 2>&1 <<EOF
ORION: ORacle IO Numbers -- Version 12.2.0.1.0
test1-4_20181004_1102
Calibration will take approximately 9 minutes.
Using a large value for -cache_size may take longer.
Name: $T/lun Size: 268435456
1 files found.

EOF
then
	ok "12.2 with -num_disks: Name: ... Size: ..., 1 files found., as the 12.2 sample"
else
	not_ok "12.2 -num_disks screen: $(cat s122d.cmp)"
	cat s122d.out
fi

# 11.2 (id 10575109094) and 11.1 (orion.md 3.1: the prefix after the
# banner): the head of the screen.
if [ "$(cat s112.rc)" = 0 ] && head -n 5 s112.out >s112.head && screen_cmp s112.head >s112.cmp 2>&1 <<'EOF'
ORION: ORacle IO Numbers -- Version 11.2.0.4.0
simpletest_20200115_1057
Calibration will take approximately 19 minutes.
Using a large value for -cache_size may take longer.

EOF
then
	ok "11.2: the real 11.2 head (prefix, Calibration, a blank line)"
else
	not_ok "11.2 screen: $(cat s112.cmp)"
	cat s112.out
fi
if [ "$(cat s111.rc)" = 0 ] && head -n 5 s111.out >s111.head && screen_cmp s111.head >s111.cmp 2>&1 <<'EOF'
ORION: ORacle IO Numbers -- Version 11.1.0.7.0
rjx_20130805_1550
Test will take approximately 9 minutes
Larger caches may take longer

EOF
then
	ok "11.1: banner, prefix, Test will take ..., a blank line"
else
	not_ok "11.1 screen: $(cat s111.cmp)"
	cat s111.out
fi
# Seed 002 verbatim (its em dash is the blog's: seeds 000 and 001 have --).
if [ "$(cat s102.rc)" = 0 ] && head -n 4 s102.out >s102.head && screen_cmp s102.head >s102.cmp 2>&1 <<'EOF'
ORION: ORacle IO Numbers -- Version 10.2.0.1.0
Test will take approximately 9 minutes
Larger caches may take longer

EOF
then
	ok "10.2: the seeds' head (no prefix, Test will take ..., a blank line)"
else
	not_ok "10.2 screen: $(cat s102.cmp)"
	cat s102.out
fi

# 2. Errors: the drop-in prints ORION's banner first; fiorion does not.
banner='ORION: ORacle IO Numbers -- Version fiorion-'
# err_case NAME EXPECT_RC PROG ARGS...: PROG's stdout, stderr and both
# together (one file, as a terminal shows them) in NAME.{out,err,both}.
err_case() {
	_n=$1 _rc=$2
	shift 2
	"$@" >"$_n.out" 2>"$_n.err"
	echo $? >"$_n.rc"
	"$@" >"$_n.both" 2>&1
	[ "$(cat "$_n.rc")" = "$_rc" ]
}
if err_case e_opt 2 "$ORION" -run simple -bogus 1 && [ "$(wc -l <e_opt.out)" = 1 ] \
	&& grep -q "^$banner" e_opt.out && [ "$(wc -l <e_opt.err)" = 1 ] \
	&& grep -q "^fiorion: unknown option '-bogus'" e_opt.err \
	&& sed -n 1p e_opt.both | grep -q "^$banner" && sed -n 2p e_opt.both | grep -q "^fiorion: unknown option"; then
	ok "drop-in, a bad option: the banner first (as 10.2's 'Parse error'), then fiorion's one line, exit 2"
else
	not_ok "drop-in bad option: rc=$(cat e_opt.rc)"
	cat e_opt.both
fi
if err_case e_none 2 "$ORION" && [ "$(wc -l <e_none.out)" = 1 ] && grep -q "^$banner" e_none.out \
	&& [ "$(wc -l <e_none.err)" = 1 ] && grep -q '^fiorion: -run is required' e_none.err; then
	ok "drop-in, no arguments: the banner, then '-run is required', exit 2"
else
	not_ok "drop-in no arguments: rc=$(cat e_none.rc)"
	cat e_none.both
fi
# 19c's missing .lun file (orion.md 2.10): banner, prefix line, error.
if err_case e_lun 2 "$ORION" -run simple -testname nolun -compat 19c && [ "$(wc -l <e_lun.out)" = 2 ] \
	&& sed -n 1p e_lun.out | grep -q "^$banner" && sed -n 2p e_lun.out | grep -q '^nolun_[0-9]\{8\}_[0-9]\{4\}$' \
	&& [ "$(wc -l <e_lun.err)" = 1 ] && grep -q "^fiorion: cannot open lun file 'nolun.lun'" e_lun.err \
	&& sed -n 3p e_lun.both | grep -q '^fiorion: cannot open lun file'; then
	ok "drop-in 19c, no .lun file: banner, prefix line, then the error (as 19c's .lun.lun failure), exit 2"
else
	not_ok "drop-in missing .lun: rc=$(cat e_lun.rc)"
	cat e_lun.both
fi
if err_case e_lun10 2 "$ORION" -run simple -testname nolun -compat 10.2 && [ "$(wc -l <e_lun10.out)" = 1 ] \
	&& grep -q "^$banner" e_lun10.out && [ "$(wc -l <e_lun10.err)" = 1 ]; then
	ok "drop-in 10.2, no .lun file: the banner (no prefix in 10.2), then the error"
else
	not_ok "drop-in 10.2 missing .lun: rc=$(cat e_lun10.rc)"
	cat e_lun10.both
fi
if err_case f_opt 2 "$FR" -run simple -bogus 1 && [ ! -s f_opt.out ] && [ "$(wc -l <f_opt.err)" = 1 ] \
	&& err_case f_lun 2 "$FR" -run simple -testname nolun -compat 19c && [ ! -s f_lun.out ] \
	&& [ "$(wc -l <f_lun.err)" = 1 ]; then
	ok "fiorion by its own name: the error line alone, nothing on stdout"
else
	not_ok "native fiorion errors"
	cat f_opt.both f_lun.both
fi
if err_case e_val 2 "$ORION" -run simple -testname db -duration 0 && [ "$(wc -l <e_val.out)" = 1 ] \
	&& grep -q "^$banner" e_val.out && [ "$(wc -l <e_val.err)" = 1 ]; then
	ok "drop-in, a bad value: the banner, then the error"
else
	not_ok "drop-in bad value: rc=$(cat e_val.rc)"
	cat e_val.both
fi

# 3. _tradeoff.csv: the model device with 2 servers of 120 us, so the
# small latency grows with the small load (120 us up to 2, then 60 us a
# load: 0.18 ms at 3 ... 0.60 ms at 10), none on a bound.
mkdir tr && cp db.lun tr/
(cd tr && "$FR" -run normal -num_disks 2 -testname db -duration 2 -backend null -fio_opt service_us=120 \
	-fio_opt servers=2 -fio_opt virtual_time=1 >out 2>err)
if python3 - tr/db_iops.csv tr/db_lat.csv tr/db_mbps.csv tr/db_tradeoff.csv >tr.cmp 2>&1 <<'EOF'
import sys
def matrix(path, conv):
    rows = [l.rstrip("\n").split(",") for l in open(path)]
    cols = [int(c) for c in rows[0][1:]]
    m = {}
    for r in rows[1:]:
        for c, v in zip(cols, r[1:]):
            if v.strip():
                m[(int(r[0]), c)] = conv(v)
    return m
iops = matrix(sys.argv[1], int)            # (large, small)
lat = matrix(sys.argv[2], float)           # (large, small), ms
mbps = matrix(sys.argv[3], float)          # (large, small)
mixed = [(s, l) for (l, s) in lat if l > 0 and (l, s) in mbps]
assert len(mixed) >= 10, mixed
lats = [lat[(l, s)] for (s, l) in mixed]
series = [m * 10 ** e for e in range(-3, 6) for m in (1, 2, 5)]
# docs/files.md's rule: bounds of the 1-2-5 series from the last one under
# the fastest mixed point to the first one at or over the slowest; at
# each, the mixed point within it with the most MBPS, then IOPS; a row
# only where that point changes; the first, under every point, bare.
lo = max(b for b in series if b < min(lats) - 1e-9)
hi = min(b for b in series if b >= max(lats) - 1e-9)
want = ["Latency(ms),   IOPS,   MBPS,  Small,  Large", "%11s" % ("%g" % lo)]
prev = None
for b in [b for b in series if lo < b <= hi]:
    ok = [(s, l) for (s, l) in mixed if lat[(l, s)] <= b + 1e-9]
    best = max(ok, key=lambda p: (mbps[(p[1], p[0])], iops[(p[1], p[0])]))
    if best != prev:
        s, l = best
        want.append("%11s,%7d,%7.2f,%7d,%7d" % ("%g" % b, iops[(l, s)], mbps[(l, s)], s, l))
    prev = best
got = open(sys.argv[4]).read().split("\n")[:-1]
assert got == want, "\n".join(["got:"] + got + ["want:"] + want)
vals = [r.split(",")[1:] for r in got[2:]]
assert len(vals) >= 3 and len(set(map(tuple, vals))) == len(vals), got
print(" / ".join(r.replace(" ", "") for r in got[1:]))
EOF
then
	ok "_tradeoff.csv: each row from the measured points for its bound, no two alike: $(cat tr.cmp)"
else
	not_ok "_tradeoff.csv: $(cat tr.cmp)"
	cat tr/db_tradeoff.csv tr/db_lat.csv tr/err
fi

finish
