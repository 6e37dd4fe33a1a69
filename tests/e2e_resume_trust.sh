#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Description: -resume and a running run trust only what they checked.
# The LUN list's identity covers the list itself (which LUNs, in order):
# a <testname>.lun edited to name another LUN of the same size is
# refused by -resume (exit 2) and stops a run at the next point (exit 1,
# the point under way not kept), each with one line naming the .lun file
# and what changed; the same list written differently (blanks, an empty
# line) is the same list. <T>_jobs/run.json is checked against the job
# files and the resuming options before -resume takes the run's
# parameters from it: an edited "size_small"/"write" is refused (exit 2,
# naming the file and the field), so is a damaged run.json; an untouched
# one (a ladder run's, whose total_points the ladders rewrite, included)
# resumes. Runs on the engine's model device in virtual time
# (docs/virtual-time.md) but one: the mid-run edit needs stock fio (a
# wrapper edits the .lun as point 2 starts), 1 s points of the model
# device in real time.
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
cd "$T" || exit 1
mkfile lunA 16
mkfile lunB 16
VT="-backend null -fio_opt service_us=100 -fio_opt servers=4 -fio_opt virtual_time=1"
# run T ARGS...: a simple run of testname T on the model device in virtual time
run() {
	_t=$1
	shift
	# shellcheck disable=SC2086
	"$FR" -run simple -testname "$_t" -duration 1 -cache_size 0 $VT "$@"
}
# cut T: T's run as if interrupted after point 4 (points 5.. not measured)
cut() { rm -f "$1"_jobs/p00[5-9].json; }

# 1. -resume after <T>.lun was edited to name another LUN (same size).
echo "$T/lunA" >a.lun
run a >a.out 2>a.err || { not_ok "first run of a: $(cat a.err)"; }
cut a
cp a_summary.txt a_summary.before
echo "$T/lunB" >a.lun
run a -resume >ar.out 2>ar.err
rc=$?
want="fiorion: -resume: $T/a.lun: LUN 1 is now '$T/lunB', was '$T/lunA' when the run began"
if [ $rc = 2 ] && [ "$(wc -l <ar.err)" = 1 ] && grep -qF "$want" ar.err && [ ! -e a_jobs/p005.json ] \
	&& cmp -s a_summary.txt a_summary.before; then
	ok "-resume with a.lun naming another LUN: refused, exit 2, nothing run: $(cat ar.err)"
else
	not_ok "-resume with a.lun naming another LUN: exit $rc, $(grep '^Name' a_summary.txt)"
	cat ar.err
fi
# a LUN added to the list: the list changed, said as such
printf '%s\n%s\n' "$T/lunA" "$T/lunB" >a.lun
cut a
run a -resume >ar.out 2>ar.err
rc=$?
if [ $rc = 2 ] && [ "$(wc -l <ar.err)" = 1 ] \
	&& grep -qF "fiorion: -resume: $T/a.lun: names 2 LUNs now, 1 when the run began (LUN 2 '$T/lunB' is new)" ar.err; then
	ok "-resume with a LUN added to a.lun: refused, exit 2: $(cat ar.err)"
else
	not_ok "-resume with a LUN added to a.lun: exit $rc"
	cat ar.err
fi
# the same list written differently is the same list: resumed
printf '\n  %s  \n\n' "$T/lunA" >a.lun
cut a
run a -resume >ar.out 2>ar.err
rc=$?
if [ $rc = 0 ] && [ -s a_jobs/p007.json ] && grep -q "(4 of 7 points)" ar.err; then
	ok "-resume with a.lun's one LUN written with blanks around it: resumed, exit 0"
else
	not_ok "-resume with the same list written differently: exit $rc"
	cat ar.err
fi

# 2. <T>.lun edited during a run: a wrapper of stock fio points m.lun at
# lunB as point 2 starts. Point 2 is not kept (it may have measured
# either LUN), the run stops there: exit 1, the .lun file named.
echo "$T/lunA" >m.lun
printf '#!/bin/sh\ncase "$*" in *p002.fio*) echo "%s/lunB" >"%s/m.lun" ;; esac\nexec fio "$@"\n' "$T" "$T" >fioedit
chmod +x fioedit
"$FR" -run advanced -matrix max -num_small 4 -num_large 0 -duration 1 -cache_size 0 \
	-backend null -fio_opt service_us=100 -fio_opt servers=4 \
	-runner fio -fio "$T/fioedit" -testname m >m.out 2>m.err
rc=$?
want="$T/m.lun: LUN 1 is now '$T/lunB', was '$T/lunA' when the run began"
if [ $rc = 1 ] && [ "$(grep -cF "$want" m.err)" = 1 ] && [ -s m_jobs/p001.json ] \
	&& [ ! -e m_jobs/p002.json ] && ! grep -q "point 3 of 4" m.err \
	&& grep -q "1 of its 4 points were measured" m_summary.txt; then
	ok "m.lun edited to name lunB as point 2 starts: point 2 not kept, the run stops, exit 1: $(grep -F "$want" m.err | sed 's/^ *//')"
else
	not_ok "m.lun edited during the run: exit $rc"
	cat m.err
fi

# 3. run.json edited between the interrupt and -resume.
echo "$T/lunA" >t.lun
run t >t.out 2>t.err || { not_ok "first run of t: $(cat t.err)"; }
cut t
cp t_jobs/run.json run.json.good
cp t_summary.txt t_summary.before
sed 's/"write": 0/"write": 100/; s/"size_small": 8/"size_small": 64/' run.json.good >t_jobs/run.json
run t -resume >tr.out 2>tr.err
rc=$?
if [ $rc = 2 ] && [ "$(wc -l <tr.err)" = 1 ] \
	&& grep -qF "fiorion: -resume: ./t_jobs/run.json: \"size_small\" says 64, the options and job files say 8" tr.err \
	&& [ ! -e t_jobs/p005.json ] && cmp -s t_summary.txt t_summary.before; then
	ok "-resume with run.json's size_small and write edited: refused, exit 2, nothing run: $(cat tr.err)"
else
	not_ok "-resume with an edited run.json: exit $rc; summary: $(grep -E '^Write|^Small IO size' t_summary.txt | tr '\n' ' ')"
	cat tr.err
fi
sed 's/"write": 0/"write": 100/' run.json.good >t_jobs/run.json
cut t
run t -resume >tr.out 2>tr.err
rc=$?
if [ $rc = 2 ] && grep -qF "fiorion: -resume: ./t_jobs/run.json: \"write\" says 100, the options and job files say 0" tr.err; then
	ok "-resume with run.json's write edited alone: refused, exit 2, \"write\" named"
else
	not_ok "-resume with run.json's write edited: exit $rc"
	cat tr.err
fi
# "write" twice: the readers could take either; refused
sed 's/"write": 0,/"write": 0, "write": 100,/' run.json.good >t_jobs/run.json
cut t
run t -resume >tr.out 2>tr.err
rc=$?
if [ $rc = 2 ] && [ "$(wc -l <tr.err)" = 1 ] && grep -qF "./t_jobs/run.json" tr.err && grep -q "duplicate" tr.err \
	&& [ ! -e t_jobs/p005.json ]; then
	ok "-resume with run.json's \"write\" given twice: refused, exit 2: $(cat tr.err)"
else
	not_ok "-resume with a key of run.json given twice: exit $rc"
	cat tr.err
fi
# damaged: cut short in the middle
head -c 300 run.json.good >t_jobs/run.json
cut t
run t -resume >tr.out 2>tr.err
rc=$?
if [ $rc = 2 ] && [ "$(wc -l <tr.err)" = 1 ] && grep -qF "./t_jobs/run.json" tr.err && grep -q "damaged" tr.err \
	&& [ ! -e t_jobs/p005.json ]; then
	ok "-resume with run.json cut short: refused, exit 2, the file named: $(cat tr.err)"
else
	not_ok "-resume with a damaged run.json: exit $rc"
	cat tr.err
fi
# untouched: resumed, the summary that of the run as planned
cp run.json.good t_jobs/run.json
cut t
run t -resume >tr.out 2>tr.err
rc=$?
if [ $rc = 0 ] && [ -s t_jobs/p007.json ] && grep -q '^Write: 0%' t_summary.txt \
	&& grep -q '^Small IO size: 8 KB' t_summary.txt; then
	ok "-resume with run.json as the run wrote it: resumed, exit 0, Write: 0%, Small IO size: 8 KB"
else
	not_ok "-resume with an untouched run.json: exit $rc"
	cat tr.err
fi
# a ladder run (-stop_at_knee: the model device's knee is at 4 I/Os, the
# ladder stops past it) rewrites run.json's total_points (7 of the plan's
# 13) at its end: still its own run.json, resumed
echo "$T/lunA" >k.lun
# shellcheck disable=SC2086
"$FR" -run advanced -matrix max -num_small 12 -num_large 0 -stop_at_knee -testname k -duration 1 -cache_size 0 $VT \
	>k.out 2>k.err || { not_ok "first run of k: $(cat k.err)"; }
grep -q '"total_points": 7,' k_jobs/run.json || not_ok "k: run.json's total_points not rewritten by the ladder"
rm -f k_jobs/p006.json
# shellcheck disable=SC2086
"$FR" -run advanced -matrix max -num_small 12 -num_large 0 -stop_at_knee -testname k -duration 1 -cache_size 0 $VT \
	-resume >kr.out 2>kr.err
rc=$?
if [ $rc = 0 ] && [ -s k_jobs/p006.json ] && grep -q "(5 of 12 points)" kr.err; then
	ok "-resume of a -stop_at_knee run (its run.json's total_points rewritten by the ladders): resumed, exit 0"
else
	not_ok "-resume of a -stop_at_knee run: exit $rc"
	cat kr.err
fi
finish
