#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh: long=25
#
# Description: what ran a run's points (issue 42), recorded in run.json,
# -format json and the report's run table for every kind of run, and a
# -run curve's points counted while and after they run.
#
# 1. The built-in runner on a scratch file (1 s, the backend the kernel
#    gives: io_uring, or the fallback the driver noted): run.json's
#    runner "built-in", engine fiorion's version, backend the one the job
#    file gives the engine (io_uring when it gives none), the kernel;
#    -format json and the report's table say the same. fio2orion on the
#    points' JSON alone (no run.json) still says runner, engine and
#    backend from the JSON, and "not recorded" only for the kernel.
# 2. io_uring refused (a seccomp filter, as a container's profile or
#    kernel.io_uring_disabled=2 give: EPERM; a helper compiled here, the
#    check skipped without a C compiler or seccomp): the run falls back
#    to libaio and run.json, -format json and the report say libaio,
#    asked io_uring, and why.
# 3. -runner fio (the model device, 1 s): runner "fio" with fio's
#    version, the engine's version read from the engine file fio loads
#    (a copy whose version mark says 9.7 is recorded as 9.7).
# 4. -run curve in virtual time: status.json counts the curve's points
#    ("points" 2, "points_done" 2, "last" the last curve point), the
#    report says "2 open-loop curve points" and its run table who ran
#    them; fio2orion on the curve's JSON alone says the same runner.
#    In real time (2 points of 3 s on the model device): while a curve
#    point runs, status.json says running with that curve point current.
# 5. -clients (two fio servers on the loopback, the model device): each
#    host's engine, backend and kernel in run.json's hosts, -format json's
#    hosts and the report ("on every host" when they agree, one row per
#    host when they differ: a run.json edited so).
# 6. -jobs_only runs nothing: its run.json has none of these keys.
# shellcheck disable=SC2086,SC2015 # $POINT, $MODEL, $CURVE: option lists; ok || not_ok
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
F2O=$TOP/build/fio2orion
cd "$T" || exit 1
head -c 64M /dev/urandom >lun
KERNEL="$(uname -s) $(uname -r) $(uname -m)"
VERSION=$("$FR" -version 2>/dev/null | sed -n '1s/^fiorion //p')
MODEL="-backend null -fio_opt service_us=100 -fio_opt servers=4"
POINT="-run advanced -matrix point -num_small 1 -num_large 0 -duration 1"

# rj DIR KEY...: run.json's values of KEY... (hosts/0/engine for a host's), one a line, "-" when absent
rj() {
	python3 - "$@" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1] + "/run.json"))["fiorion"]
for k in sys.argv[2:]:
    v = d
    for part in k.split("/"):
        v = v[int(part)] if isinstance(v, list) and v is not None else (v or {}).get(part)
    print("-" if v is None else v)
EOF
}
# xj FILE KEY...: -format json's values (run/runner, hosts/0/kernel), "-" for null or absent
xj() {
	python3 - "$@" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
for k in sys.argv[2:]:
    v = d
    for part in k.split("/"):
        v = (v[int(part)] if int(part) < len(v) else None) if isinstance(v, list) else (v or {}).get(part)
    print("-" if v is None else v)
EOF
}
# row FILE HEAD: the report's run-table cell of HEAD, tags removed
row() {
	python3 - "$@" <<'EOF'
import html, re, sys
t = open(sys.argv[1]).read()
m = re.search(r"<tr><th>" + re.escape(html.escape(sys.argv[2], quote=True).replace("&#x27;", "&apos;")) + r"</th><td>(.*?)</td></tr>", t)
print(html.unescape(re.sub(r"<[^>]+>", "", m.group(1))) if m else "(no row)")
EOF
}
lines() { tr '\n' '|' | sed 's/|$//'; }

# 1. the built-in runner, the backend the kernel gives
echo "$T/lun" >b.lun
if "$FR" $POINT -testname b >b.out 2>b.err; then
	be=$(sed -n 's/^backend=//p' b_jobs/p001.fio)
	be=${be:-io_uring}
	got=$(rj b_jobs runner fio engine backend kernel | lines)
	want="built-in|-|$VERSION|$be|$KERNEL"
	if [ "$got" = "$want" ] && [ -n "$VERSION" ]; then
		ok "built-in run: run.json says runner built-in, engine $VERSION, backend $be, kernel"
	else
		not_ok "built-in run's run.json: $got, not $want"
	fi
	"$F2O" -format json -o b.json b_jobs/run.json b_jobs/p001.json 2>/dev/null
	got=$(xj b.json run/runner run/fio_version run/engine_version backend run/kernel | lines)
	want="built-in|fiorion-$VERSION|$VERSION|$be|$KERNEL"
	[ "$got" = "$want" ] && ok "-format json: runner, fio version, engine, backend, kernel" \
		|| not_ok "-format json of the built-in run: $got, not $want"
	got="$(row b.report.html Runner)|$(row b.report.html Engine)|$(row b.report.html Backend)|$(row b.report.html Kernel)"
	case "$got" in
	"fiorion's built-in runner (fiorion-engine's core, no fio process)|fiorion engine $VERSION|$be"*"|$KERNEL")
		ok "the report's run table: runner, engine, backend, kernel" ;;
	*) not_ok "the report's run table: $got" ;;
	esac
	# Without run.json: the points' JSON says the runner, its engine and the backend; the kernel it does not.
	"$F2O" -format json -o bj.json b_jobs/p001.json 2>/dev/null
	"$F2O" -q -html -outdir bh b_jobs/p001.json 2>/dev/null
	got="$(xj bj.json run/runner run/engine_version backend run/kernel | lines)|$(row bh/orion.report.html Kernel)"
	want="built-in|$VERSION|$be|-|not recorded"
	[ "$got" = "$want" ] && ok "the points' JSON alone: runner, engine and backend from it; the kernel not recorded" \
		|| not_ok "the points' JSON alone: $got, not $want"
else
	not_ok "built-in run: exit $?: $(cat b.err)"
fi

# 2. io_uring refused by the kernel: the fallback recorded
cat >nouring.c <<'EOF'
#include <errno.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

/* argv[1..] with io_uring_setup() refused (EPERM), as a seccomp profile refuses it. */
int main(int argc, char **argv)
{
	struct sock_filter f[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_io_uring_setup, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EPERM),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { sizeof(f) / sizeof(f[0]), f };

	if (argc < 2 || prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) ||
	    prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog))
		return 127;
	execvp(argv[1], argv + 1);
	return 127;
}
EOF
echo "$T/lun" >f.lun
if ! ${CC:-cc} -o nouring nouring.c 2>/dev/null || ! ./nouring true; then
	skip_test "the fallback from io_uring recorded" "no C compiler or no seccomp here"
elif ./nouring "$FR" $POINT -testname f >f.out 2>f.err; then
	note="the kernel refused io_uring (operation not permitted)"
	got=$(rj f_jobs backend backend_asked backend_note | lines)
	[ "$got" = "libaio|io_uring|$note" ] && grep -qx 'backend=libaio' f_jobs/p001.fio \
		&& ok "io_uring refused: run.json says backend libaio, asked io_uring, and why" \
		|| not_ok "the fallback's run.json: $got"
	"$F2O" -format json -o f.json f_jobs/run.json f_jobs/p001.json 2>/dev/null
	got="$(xj f.json backend run/backend_asked run/backend_note | lines)|$(row f.report.html Backend)"
	[ "$got" = "libaio|io_uring|$note|libaio (asked io_uring: $note)" ] \
		&& ok "-format json and the report say the fallback: libaio (asked io_uring: $note)" \
		|| not_ok "the fallback in -format json and the report: $got"
else
	not_ok "a run with io_uring refused: exit $?: $(cat f.err)"
fi

# 3. -runner fio: fio's version, and the engine's from the engine file fio loads
if ! command -v fio >/dev/null 2>&1; then
	skip_test "-runner fio's provenance" "fio is not installed"
else
	fv=$(fio --version)
	# The same engine but for its version mark: run.json reads the file fio loads.
	python3 - "$ENGINE" e97.so <<'EOF'
import sys
b = open(sys.argv[1], "rb").read()
mark = b"@(#)fiorion-engine "
i = b.index(mark) + len(mark)
j = b.index(b"\0", i)
open(sys.argv[2], "wb").write(b[:i] + b"9.7".ljust(j - i, b"\0") + b[j:])
EOF
	echo "$T/lun" >r.lun
	echo "$T/lun" >s.lun
	if "$FR" $POINT -testname r -runner fio $MODEL >r.out 2>r.err \
		&& "$FR" $POINT -testname s -runner fio -engine "$T/e97.so" $MODEL >s.out 2>s.err; then
		got="$(rj r_jobs runner fio engine backend kernel | lines)|$(rj s_jobs engine)"
		want="fio|$fv|$VERSION|null|$KERNEL|9.7"
		[ "$got" = "$want" ] && ok "-runner fio: run.json says fio, $fv, the engine file's version (9.7 for a file that says so), backend null" \
			|| not_ok "-runner fio's run.json: $got, not $want"
		got="$(row r.report.html Runner)|$(row r.report.html 'fio version')|$(row r.report.html Engine)|$(row s.report.html Engine)"
		[ "$got" = "fio|$fv|fiorion engine $VERSION|fiorion engine 9.7" ] \
			&& ok "-runner fio's report: runner fio, $fv, each run's engine" || not_ok "-runner fio's report: $got"
	else
		not_ok "-runner fio runs: $(cat r.err s.err)"
	fi
fi

# 4. -run curve: its points counted, who ran them said
mkdir cv cr
echo "$T/lun" >cv/t.lun
echo "$T/lun" >cr/t.lun
CURVE="-run curve -testname t -max_iops 1000 -arrival uniform -backend null -fio_opt servers=4"
if (cd cv && "$FR" $CURVE -fio_opt service_us=100 -fio_opt virtual_time=1 -curve 50,90 -duration 5 >o.out 2>o.err); then
	got=$(python3 -c 'import json, sys
s = json.load(open(sys.argv[1]))
l = s["last"] or {}
print(s["state"], s["points"], s["points_done"], l.get("curve_point"), l.get("percent"), l.get("held"), l.get("response_ms"))' cv/t.status.json)
	[ "$got" = "done 2 2 2 90.0 True 0.1" ] && ok "curve: status.json says done, 2 of 2 points, the last the curve's 2nd (90 %, held, 0.1 ms)" \
		|| not_ok "curve's status.json: $got"
	got="$(grep -o '<p class="note">[0-9]* [a-z -]*points' cv/t.report.html)|$(row cv/t.report.html Runner)|$(row cv/t.report.html 'fio version')|$(row cv/t.report.html Engine)|$(row cv/t.report.html Backend)"
	[ "$got" = "<p class=\"note\">2 open-loop curve points|fiorion's built-in runner (fiorion-engine's core, no fio process)|fiorion-$VERSION|fiorion engine $VERSION|null" ] \
		&& ok "curve: the report counts 2 open-loop curve points; runner, fio version, engine and backend in its table" \
		|| not_ok "curve's report: $got"
	"$F2O" -format json -o cv.json cv/t_jobs/curve/p001.json cv/t_jobs/curve/p002.json 2>/dev/null
	got=$(xj cv.json run/runner run/fio_version run/engine_version backend | lines)
	[ "$got" = "built-in|fiorion-$VERSION|$VERSION|null" ] && ok "the curve's JSON alone: -format json says who ran it" \
		|| not_ok "the curve's JSON alone: $got"
else
	not_ok "-run curve in virtual time: exit $?: $(cat cv/o.err)"
fi
# In real time: status.json while a curve point runs.
(cd cr && exec "$FR" $CURVE -fio_opt service_us=1000 -curve 20,40 -duration 3 >o.out 2>o.err) &
pid=$!
seen=""
while kill -0 $pid 2>/dev/null; do
	s=$(python3 -c 'import json, sys
try:
    s = json.load(open(sys.argv[1]))
    c = s["current"] or {}
    print(s["state"], s["points"], c.get("curve_point"), c.get("percent"), c.get("target_iops"))
except Exception:
    pass' cr/t.status.json 2>/dev/null)
	case "$s" in "running 2 "[12]" "*) seen="$seen;$s" ;; esac
	sleep 0.2
done
wait $pid
rc=$?
if [ $rc = 0 ] && echo "$seen" | grep -q ';running 2 1 20.0 200' && echo "$seen" | grep -q ';running 2 2 40.0 400'; then
	ok "curve in real time: status.json says running, 2 points, each curve point current in turn (20 % = 200 IOPS, 40 % = 400)"
else
	not_ok "curve's status.json while it runs (exit $rc): seen '$seen'"
fi

# 5. -clients: each host's engine, backend and kernel
free_port $((20000 + $$ % 20000)) $((21000 + $$ % 17000)) 43766
if ! command -v fio >/dev/null 2>&1; then
	skip_test "-clients' provenance" "fio is not installed"
elif ! start_server 127.0.0.12 || ! start_server 127.0.0.13; then
	skip_test "-clients' provenance" "fio --server cannot listen on 127.0.0.12-13:$PORT"
else
	echo "$T/lun" >m.lun
	H1=127.0.0.12:$PORT H2=127.0.0.13:$PORT
		if "$FR" $POINT -testname m -clients "$H1,$H2" -engine "$ENGINE" $MODEL >m.out 2>m.err; then
		got=$(rj m_jobs runner backend hosts/0/engine hosts/0/backend hosts/0/kernel hosts/1/engine hosts/1/backend hosts/1/kernel | lines)
		want="fio|null|$VERSION|null|$KERNEL|$VERSION|null|$KERNEL"
		[ "$got" = "$want" ] && ok "-clients: run.json's hosts each say their engine, backend and kernel" \
			|| not_ok "-clients' run.json: $got, not $want"
		got="$(row m.report.html 'Engine on every host')|$(row m.report.html 'Kernel on every host')|$(row m.report.html Kernel)"
		[ "$got" = "fiorion engine $VERSION|$KERNEL|$KERNEL (the host that drove the run)" ] \
			&& ok "-clients' report: the engine and kernel on every host, once" || not_ok "-clients' report: $got"
		# Hosts that differ: a row per host, -format json per host.
		mkdir md
		python3 - m_jobs/run.json md/run.json <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
d["fiorion"]["hosts"][1]["kernel"] = "Linux 5.10.0-28-amd64 x86_64"
json.dump(d, open(sys.argv[2], "w"))
EOF
		"$F2O" -q -html -outdir md md/run.json m_jobs/p001.json 2>/dev/null
		"$F2O" -format json -o md.json md/run.json m_jobs/p001.json 2>/dev/null
		got="$(row md/m.report.html "Kernel on $H1")|$(row md/m.report.html "Kernel on $H2")|$(xj md.json hosts/1/kernel hosts/0/engine_version | lines)"
		[ "$got" = "$KERNEL|Linux 5.10.0-28-amd64 x86_64|Linux 5.10.0-28-amd64 x86_64|$VERSION" ] \
			&& ok "hosts whose kernels differ: a Kernel row per host; -format json's hosts say each" \
			|| not_ok "hosts that differ: $got"
	else
		not_ok "-clients run: $(cat m.err)"
	fi
	stop_servers
fi

# 6. -jobs_only runs nothing: none of it recorded
echo "$T/lun" >j.lun
"$FR" $POINT -testname j -jobs_only -outdir jo >j.out 2>j.err
got=$(rj jo/j_jobs runner fio engine backend backend_asked backend_note | lines)
[ "$got" = "-|-|-|-|-|-" ] && ok "-jobs_only: run.json records no runner, engine or backend (nothing ran)" \
	|| not_ok "-jobs_only's run.json: $got"

finish
