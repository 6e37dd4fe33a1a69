#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# (Not "paced" since issue 39: its wall-clock checks are Little's law, an
# identity of a closed loop whatever rate the machine gives, and error
# paths, and its stock fio runs on scratch files spend a core's third
# (about 11 s of wall, 4 s of CPU, the three runs at once), which beside
# the paced suites, at their priority, would slow the kernel workers that
# pace their throttled devices.)
#
# Description: fiorion end to end.
# In real time, on scratch files: with stock fio (-runner fio) a simple
# run writes ORION's five files with 8 data points and every small cell
# obeys Little's law; a point that fails (its LUN cut while it runs)
# stops the run with the point, the LUN and fio's message and keeps the
# points done, and the same with the built-in runner.
# In virtual time, with the built-in runner on backend=null's model
# device (-backend null -fio_opt service_us=500 -fio_opt servers=2
# -fio_opt virtual_time=1; exact, in a fraction of a second; issue 39): a
# normal run fills the whole matrix and every cell is the device's
# answer: a small cell at load S min(S, 2) / 0.5 ms IOPS and a mean
# latency of max(1, S / 2) x 0.5 ms, a large cell at L streams of 1 MiB
# min(L, 2) x 2000 MBPS (the small and the large job each on a device of
# its own), within 0.2 %; a raid0 sequential write run over three files;
# -compat 19c.
# Also -jobs_only and every command-line error.
# FIORION_TEST_INJECT=1 (a demonstration, never in make check): the model
# device is 10 % slower than the cells' check expects (550 us), which must
# then fail.
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
cd "$T" || exit 1
inj=${FIORION_TEST_INJECT:-0}
# the model device in virtual time, for -run with the built-in runner
svc=500
[ "$inj" = 1 ] && svc=550
VT="-backend null -fio_opt service_us=$svc -fio_opt servers=2 -fio_opt virtual_time=1"
# sparse: the model device reads nothing (backend=null allows them)
truncate -s 192m lun0
truncate -s 64m lun1
truncate -s 96m lun2
echo "$T/lun0" >t.lun
printf '%s\n%s\n%s\n' "$T/lun0" "$T/lun1" "$T/lun2" >r.lun

# The wall-clock runs, at once, each in a folder of its own (s, f, b) with
# a LUN of its own ($T/D/lun0, named by D/t.lun), their checks' TAP in
# D.tap (tap_replay).
for d in s f b; do
	mkdir "$d" && mkfile "$d/lun0" 64 && echo "$T/$d/lun0" >"$d/t.lun"
done

# 1. simple, with stock fio
(
	ntest=0
	cd s || exit 1
	if "$FR" -run simple -testname t -num_disks 1 -duration 1 -cache_size 0 -runner fio >s.out 2>s.err; then
		ok "simple run: exit 0"
	else
		not_ok "simple run"
		cat s.out s.err
	fi
	n=$(orion_files t)
	[ $n = 5 ] && ok "simple run: the five files" || not_ok "simple run: $n of five files"
	grep -qx 'Total Data Points: 8' t_summary.txt && ok "simple run: Total Data Points: 8" || not_ok "Total Data Points"
	grep -q "^Name: $T/s/lun0	Size: 67108864$" t_summary.txt && ok "simple run: LUN name and size in the summary" || not_ok "LUN line"
	# Little's law: latency (ms) = S / IOPS * 1000, within 10%, for S = 1..5,
	# on .points.csv's unrounded figures (lat.csv's 0.01 ms steps are 17 % of
	# a 0.03 ms latency: the law cannot be judged on them at this speed).
	if awk -F, '
		NR > 1 && $2 == 0 && $1 > 0 {
			s = $1; iops = $3; lat = $9
			want = s / iops * 1000
			d = (lat - want) / want; if (d < 0) d = -d
			printf "S=%d IOPS=%d lat=%.4f ms S/IOPS=%.4f ms (%.1f%%)\n", s, iops, lat, want, 100 * d
			if (d > 0.10) bad = 1
		}
		END { exit bad }' t.points.csv >little.txt; then
		ok "Little's law within 10% in every small cell"
	else
		not_ok "Little's law"
	fi
	sed 's/^/# /' little.txt
	# (the run ends re-measuring point 1 as its drift's reference)
	grep -q 'point 7 of 7 (small=0, large=2): .* MBPS; ETA 0:00:0[0-9]' s.err \
		&& grep -q 'point 1 of 7 (small=1, large=0, reference re-measured): .* IOPS, .* ms; ETA 0:00:00' s.err \
		&& ok "progress: one line per point with its result and ETA" || { not_ok "progress lines"; cat s.err; }
	grep -q 'Test will take approximately 1 minutes' s.out && ok "banner with the estimate" || not_ok "banner"
	ls t_jobs/p00[1-7].fio t_jobs/p00[1-7].json t_jobs/run.json t.fio >/dev/null 2>&1 && ok "job files, JSON and run.json kept" || not_ok "job files kept"
	if fio --parse-only t.fio >/dev/null 2>&1; then ok "stock fio parses the whole-matrix file"; else not_ok "whole-matrix file"; fi
	# fio2orion on what the run kept rebuilds the same files
	mkdir again
	"$TOP/build/fio2orion" -outdir again t_jobs/run.json t_jobs/p*.json 2>/dev/null
	cmp -s again/t_iops.csv t_iops.csv && cmp -s again/t_summary.txt t_summary.txt \
		&& ok "fio2orion on <T>_jobs/ rebuilds the same files" || not_ok "fio2orion rebuild"
) >s.tap 2>&1 &
spid=$!

# 6. a failing point, stock fio: its LUN shrinks under fio while point 3 runs
cat >f/fakefio <<FAKE
#!/bin/sh
case "\$2" in *p003.fio) (sleep 0.4; truncate -s 1m "$T/f/lun0") & ;; esac
exec fio "\$@"
FAKE
chmod +x f/fakefio
(
	ntest=0
	cd f || exit 1
	"$FR" -run simple -testname t -num_disks 1 -duration 1 -cache_size 0 -runner fio -fio ./fakefio >f.out 2>f.err
	rc=$?
	# Whatever fio said (a read error on the LUN, or an I/O outside the volume
	# when the cut came before the engine opened it), the LUN's change is named
	# after it, and point 3 is not kept
	if [ $rc = 1 ] && grep -q 'point 3 of 7 (small=3, large=0) failed; fio said:' f.err \
		&& grep -q "LUN '$T/f/lun0' changed size: 1048576 bytes now, 67108864 when the run began (it changed while the point ran)" f.err \
		&& grep -q 'cover the 2 points done' f.err \
		&& awk -F, 'NR == 2 { exit !(NF == 3) }' t_iops.csv; then
		ok "failing point: exit 1, point, LUN and fio's message; files for the 2 points done"
	else
		not_ok "failing point (exit $rc)"
		cat f.err t_iops.csv
	fi
) >f.tap 2>&1 &
fpid=$!

# 6b. the same with the built-in runner (the default): lun0 cut 0.4 s after
# point 2's result, so in point 3 -- or a later one when this shell was
# late to see it (a busy machine: once point 4), whichever it is named
(
	ntest=0
	cd b || exit 1
	"$FR" -run simple -testname t -num_disks 1 -duration 1 -cache_size 0 >b.out 2>b.err &
	pid=$!
	i=0
	while [ ! -s t_jobs/p002.json ] && [ $i -lt 400 ]; do sleep 0.05; i=$((i + 1)); done
	sleep 0.4
	truncate -s 1m "$T/b/lun0"
	wait $pid
	rc=$?
	k=$(sed -n 's/^fiorion: point \([3-7]\) of 7 (small=[0-9]*, large=[0-9]*) failed; the built-in runner said:$/\1/p' b.err)
	if [ $rc = 1 ] && [ -n "$k" ] \
		&& grep -q "read error on LUN '$T/b/lun0' at offset\|LUN '$T/b/lun0' changed size: 1048576 bytes now" b.err \
		&& grep -q "cover the $((k - 1)) points done" b.err; then
		ok "failing point, built-in runner: exit 1, point $k, LUN and offset; files for the $((k - 1)) points done"
	else
		not_ok "failing point, built-in runner (exit $rc)"
		cat b.err
	fi
) >b.tap 2>&1 &
bpid=$!

# 2. normal, in virtual time: the whole matrix, every cell the device's answer
# shellcheck disable=SC2086
if "$FR" -run normal -testname t -num_disks 1 -duration 1 -cache_size 0 -outdir . $VT >n.out 2>n.err \
	&& [ "$(grep -c ',' t_iops.csv)" = 4 ] \
	&& awk -F, 'NR > 1 && NF != 6 { bad = 1 } END { exit bad }' t_iops.csv \
	&& awk -F, 'NR > 1 && NF != 7 { bad = 1 } END { exit bad }' t_mbps.csv \
	&& grep -qx 'Total Data Points: 18' t_summary.txt \
	&& [ -s t_tradeoff.csv ]; then
	ok "normal run fills the whole matrix (18 points) and writes tradeoff.csv"
else
	not_ok "normal run"
	cat n.err t_iops.csv t_mbps.csv
fi
# every cell of .points.csv against the model device (D = 0.5 ms, 2 servers)
if awk -F, 'function off(x, w) { return x < w * 0.998 || x > w * 1.002 }
	function min(a, b) { return a < b ? a : b }
	NR > 1 {
		s = $1; l = $2; n++
		if (s > 0) {
			wi = min(s, 2) / 0.0005; wl = (s > 2 ? s / 2 : 1) * 0.5
			if (off($3, wi) || off($9, wl)) { bad = 1; printf " S=%d: %s IOPS %s ms (want %d, %.2f);", s, $3, $9, wi, wl }
		}
		if (l > 0) {
			wm = min(l, 2) * 2000
			if (off($6, wm)) { bad = 1; printf " L=%d (S=%d): %s MBPS (want %d);", l, s, $6, wm }
		}
	} END { exit bad || n != 17 }' t.points.csv >cells.txt; then
	ok "normal run on the model device (0.5 ms, 2 servers, virtual time): all 17 cells its answer within 0.2 % (small min(S, 2) / 0.5 ms IOPS, max(1, S / 2) x 0.5 ms; large min(L, 2) x 2000 MBPS): $(cut -d, -f1,2,3,6,9 t.points.csv | sed 1d | tr '\n' ' ')"
else
	not_ok "normal run's cells against the model device's answer:$(cat cells.txt)"
fi

# 3. raid0 sequential writes over three files (virtual time: the layout and
# the files are the subject)
# shellcheck disable=SC2086
if "$FR" -run advanced -testname r -simulate raid0 -stripe 64 -write 100 -type seq \
	-matrix col -num_small 0 -num_disks 1 -duration 1 -cache_size 0 $VT >r.out 2>r.err \
	&& grep -q 'Simulated Array Type: RAID 0' r_summary.txt \
	&& grep -q 'IO Types: Small Random IOs, Large Sequential Streams' r_summary.txt \
	&& grep -q 'WRITE$' r_trace.txt && [ "$(wc -l <r_mbps.csv)" = 3 ] \
	&& grep -q '^rw=write$' r_jobs/p002.fio && grep -q '^numjobs=2$' r_jobs/p002.fio; then
	ok "raid0 -type seq -write 100 over three files"
else
	not_ok "raid0 sequential write run"
	cat r.err r_summary.txt r_mbps.csv
fi

# 4. -compat 19c (virtual time)
# shellcheck disable=SC2086
if "$FR" -run advanced -matrix point -num_small 2 -num_large 1 -testname c -duration 1 \
	-compat 19c -testname t $VT >c.out 2>c.err && ls t_2*_summary.txt t_2*_hist.txt >/dev/null 2>&1 \
	&& grep -q '^Calibration will take approximately 1 minutes.$' c.out \
	&& grep -q '^Small Read Latency: avg=' c.out; then
	ok "-compat 19c: prefixed files, hist.txt, result block on stdout"
else
	not_ok "-compat 19c"
	cat c.out c.err
fi

# 5. -jobs_only
rm -rf j && mkdir j
if "$FR" -run normal -testname t -outdir j -jobs_only >j.out 2>j.err && [ -s j/t.fio ] \
	&& [ "$(ls j/t_jobs/*.fio | wc -l)" = 17 ] && ! ls j/t_jobs/*.json 2>/dev/null | grep -q p0 \
	&& ! ls j/t_summary.txt >/dev/null 2>&1; then
	ok "-jobs_only writes 17 job files and the matrix file, runs nothing"
else
	not_ok "-jobs_only"
	cat j.err
fi

# 7. command-line errors: exit 2, one line naming the option
err() {
	want=$1
	shift
	"$FR" "$@" >e.out 2>e.err
	rc=$?
	if [ $rc = 2 ] && [ "$(wc -l <e.err)" = 1 ] && grep -q -- "$want" e.err; then
		ok "error: $* -> $(cat e.err)"
	else
		not_ok "error: $* (exit $rc)"
		cat e.err
	fi
}
err "unknown option '-bogus'" -run simple -testname t -bogus
err "option -duration needs a value" -run simple -testname t -duration
err "-num_disks 0: must be from 1" -run simple -testname t -num_disks 0
err "-num_disks 'x': expected a whole number" -run simple -testname t -num_disks x
err "-size_small 0: must be from 1" -run simple -testname t -size_small 0
err "-write 101: must be from 0 to 100" -run simple -testname t -write 101
err "-duration 0: must be from 1" -run simple -testname t -duration 0
err "-run is required" -testname t
err "-run 'fast': must be simple, normal, advanced, oltp, dss or curve" -run fast
err "-matrix point needs -num_small" -run advanced -testname t -matrix point -num_large 2
err "-num_small: -matrix row ignores it" -run advanced -testname t -matrix row -num_small 2 -num_large 0
err "-num_small: only with -run advanced" -run simple -testname t -num_small 2
err "-matrix detailed: only with -run advanced" -run simple -testname t -matrix detailed
err "cannot open lun file 'nosuch.lun': no such file or directory" -run simple -testname nosuch
: >empty.lun
err "lun file 'empty.lun' lists no LUNs" -run simple -testname empty
: >afile
err "-outdir 'afile': exists and is not a folder" -run simple -testname t -outdir afile
err "-outdir 'afile/sub': 'afile' exists and is not a folder" -run simple -testname t -outdir afile/sub
err "-fio '/no/such/fio': no such program" -run simple -testname t -runner fio -fio /no/such/fio
err "-output '/no/such/dir/x.json': cannot be written" -jobfile t_jobs/p001.fio -output /no/such/dir/x.json
[ ! -e afile/sub ] && [ ! -e nodir ] && ok "a refused -outdir creates nothing" || not_ok "refused -outdir left something"
# A missing -outdir is made, with its parents, as mkdir -p does.
if "$FR" -run simple -testname t -outdir new/deeper -jobs_only >md.out 2>md.err && [ -s new/deeper/t.fio ] \
	&& [ -s new/deeper/t_jobs/p001.fio ]; then
	ok "-outdir new/deeper is created with its parents"
else
	not_ok "-outdir is not created"
	cat md.err
fi
"$FR" -help >h.out
missing=
for o in run testname num_disks size_small size_large type num_streamIO simulate stripe write \
	cache_size duration matrix num_small num_large verbose storax hugenotneeded help runner fio \
	engine backend compat outdir jobs_only placeholders; do
	grep -q -- "-$o" h.out || missing="$missing $o"
done
[ -z "$missing" ] && ok "-help describes every option" || not_ok "-help lacks:$missing"

# the wall-clock runs' checks
wait $spid $fpid $bpid
tap_replay s.tap
tap_replay f.tap
tap_replay b.tap
finish
