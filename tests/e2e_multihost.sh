#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# run.sh: long=40
#
# Description: multi-host runs (-clients) against real fio servers on the
# loopback: four `fio --server=ip:127.0.0.N,PORT` processes (.2-.4, and
# .6 for the silent host), each host with its own scratch LUN
# (<testname>.lun.<HOST> overrides <testname>.lun). Three points (small,
# large, both) on two hosts and a mixed -matrix point run on three: every
# total in ORION's matrices equals the sum of the hosts' own entries in
# the point's JSON (IOPS, MBPS; latency by I/O count), <testname>.hosts.csv
# holds each host's values, the summary names the hosts, fio2orion on
# the kept JSON writes the same files. Before the run: an unreachable
# host, a missing engine, a missing LUN on one host, -runner builtin, one
# server under two names: exit 2 naming the host, nothing written. During
# the run: a server killed by its PID fails the point naming the host
# (exit 1, the points done kept), as does a listening server killed (a
# later point cannot connect); a server that stops answering is given up
# after -host_timeout. Every server started here is stopped. Issue 29:
# each host's IOPS and bandwidth logs come back named by host, and the
# report draws each point's total and each host's line over its time;
# issue 39: with every row late, each host's just under or over W / 2,
# the same windows (docs/architecture.md, "Which window a log entry is in").
#
# Time: stock fio keeps its own clock (no virtual time with -clients), and
# each client/server point costs about 1.5 s beyond its own 1 s: runs of
# 1-3 points, and the two checks that mostly wait (the silent host's
# -host_timeout 10 on .6, from the start; the killed listener's later
# point on .4, once the mixed run is done) run beside the others, their
# output replayed in order.
. "$(dirname "$0")/lib.sh"

FR=$TOP/build/fiorion
F2O=$TOP/build/fio2orion
cd "$T" || exit 1

if ! command -v fio >/dev/null 2>&1; then
	skip_test "multi-host" "fio is not installed"
	finish
	exit 0
fi


# A free port for all four (each binds its own loopback address).
free_port $(( 20000 + $$ % 20000 )) $(( 21000 + $$ % 17000 )) 43765
H2=127.0.0.2:$PORT H3=127.0.0.3:$PORT H4=127.0.0.4:$PORT
# a run of three points: small only, large only, both
RUN3="-run advanced -matrix max -num_small 1 -num_large 1"
if ! start_server 127.0.0.2 || ! start_server 127.0.0.3 || ! start_server 127.0.0.4 \
	|| ! start_server 127.0.0.6; then
	skip_test "multi-host" "fio --server cannot listen on 127.0.0.2-4 and .6:$PORT: $(cat srv.*.log | head -3)"
	finish
	exit 0
fi
ok "four fio servers listening on 127.0.0.2, .3, .4, .6 port $PORT"

mkfile lun2 64
mkfile lun3 64
mkfile lun4 64
echo "$T/lun2" >t.lun
echo "$T/lun3" >"t.lun.127.0.0.3"

echo "$T/lun2" >m.lun
echo "$T/lun3" >"m.lun.127.0.0.3"
echo "$T/lun4" >"m.lun.$H4"

# 6. a server that stops answering (SIGSTOP) is given up after -host_timeout
# (10 s: the probe before the run has the same limit, and a loaded
# machine once kept a fresh server from answering it within 5 s). Most of
# it is that wait: it runs beside everything else from the start, on .2
# and a server of its own, .6 (fio's server forks a process for each
# connection), its output replayed at the end.
silent_host() {
	"$FR" -run simple -testname s -duration 1 -clients "127.0.0.2:$PORT,127.0.0.6:$PORT" \
		-engine "$ENGINE" -outdir h1 -host_timeout 10 >h1.out 2>h1.err &
	pid=$!
	i=0
	while [ $i -lt 600 ] && ! [ -e h1/s_jobs/p001.json ] && kill -0 $pid 2>/dev/null; do
		sleep 0.1
		i=$((i + 1))
	done
	kill_server 127.0.0.6 STOP
	t0=$(date +%s)
	wait $pid
	rc=$?
	t1=$(date +%s)
	kill_server 127.0.0.6 CONT
	if [ $rc = 1 ] && [ $((t1 - t0)) -le 30 ] && grep -q "host 127.0.0.6:$PORT: no result" h1.err \
		&& grep -q "within 11 s (the point's time and -host_timeout 10 s)\|fio: client 127.0.0.6 timed out\|timeout on" h1.err; then
		ok "a silent host is given up ($((t1 - t0)) s after it stopped; -host_timeout 10), exit 1"
	else
		not_ok "silent host: rc=$rc after $((t1 - t0)) s: $(tail -4 h1.err)"
	fi
}
echo "$T/lun2" >s.lun
(ntest=0 && silent_host) >silent.tap 2>&1 &
silent_pid=$!

# check_totals DIR TESTNAME HOSTS...: every cell of ORION's matrices equals
# the sum over hosts of the hosts' own entries in the point's JSON (not
# fio's "All clients"), and .hosts.csv gives each host's share.
check_totals() {
	python3 - "$@" <<'EOF'
import csv, json, sys
d, name, hosts = sys.argv[1], sys.argv[2], sys.argv[3:]
def doc(path):
    t = open(path).read()
    return json.loads(t[t.index('{'):])
def table(path):
    rows = [r for r in csv.reader(open(path)) if r]
    cols = [int(c) for c in rows[0][1:]]
    return {(int(r[0]), cols[i]): r[i + 1].strip() for r in rows[1:] for i in range(len(cols))
            if i + 1 < len(r) and r[i + 1].strip()}
iops, mbps, lat = (table(f"{d}/{name}_{k}.csv") for k in ("iops", "mbps", "lat"))
# _iops.csv rows are the large load, columns the small load
per = {}
for r in csv.DictReader(open(f"{d}/{name}.hosts.csv")):
    per[(int(r["Small"]), int(r["Large"]), r["Host"])] = r
run = doc(f"{d}/{name}_jobs/run.json")["fiorion"]
bad = []
seen = set()
import glob
for p in sorted(glob.glob(f"{d}/{name}_jobs/p[0-9][0-9][0-9].json")):
    j = doc(p)
    entries = [e for e in j["client_stats"] if e["jobname"] != "All clients"]
    s = l = None
    small = {}
    large = {}
    for e in entries:
        _, ss, ll, kind = e["jobname"].split("-")
        s, l = int(ss[1:]), int(ll[1:])
        h = f'{e["hostname"]}:{e["port"]}'
        ios = sum(e[k]["total_ios"] for k in ("read", "write"))
        byt = sum(e[k]["io_bytes"] for k in ("read", "write"))
        rt = max(e[k]["runtime"] for k in ("read", "write")) / 1000
        latsum = sum(e[k]["lat_ns"]["mean"] * e[k]["total_ios"] for k in ("read", "write"))
        if kind == "small":
            a = small.setdefault(h, [0, 0, 0])
            a[0] += ios / rt; a[1] += latsum; a[2] += ios
        elif kind == "large":
            large[h] = large.get(h, 0) + byt / 1048576 / rt
    if sorted(set(small) | set(large)) != sorted(hosts):
        bad.append(f"{p}: hosts {sorted(set(small) | set(large))}, expected {sorted(hosts)}")
    seen.add((s, l))
    if small:
        tot = sum(v[0] for v in small.values())
        got = int(iops[(l, s)])
        if abs(got - tot) > 1:
            bad.append(f"({s},{l}) IOPS {got} != hosts' sum {tot:.1f}")
        ml = sum(v[1] for v in small.values()) / sum(v[2] for v in small.values()) / 1e6
        if abs(float(lat[(l, s)]) - ml) > 0.0051:
            bad.append(f"({s},{l}) latency {lat[(l, s)]} != by-count mean {ml:.4f}")
        for h, v in small.items():
            if abs(int(per[(s, l, h)]["Small IOPS"]) - v[0]) > 1:
                bad.append(f"hosts.csv ({s},{l}) {h} {per[(s, l, h)]['Small IOPS']} != {v[0]:.1f}")
    if large:
        tot = sum(large.values())
        if abs(float(mbps[(l, s)]) - tot) > 0.0051:
            bad.append(f"({s},{l}) MBPS {mbps[(l, s)]} != hosts' sum {tot:.3f}")
        for h, v in large.items():
            if abs(float(per[(s, l, h)]["Large MBPS"]) - v) > 0.0051:
                bad.append(f"hosts.csv ({s},{l}) {h} MBPS {per[(s, l, h)]['Large MBPS']} != {v:.3f}")
if len(per) != len(seen) * len(hosts):
    bad.append(f"hosts.csv has {len(per)} rows for {len(seen)} points x {len(hosts)} hosts")
if sorted(h["name"] for h in run.get("hosts", [])) != sorted(hosts):
    bad.append(f"run.json hosts {run.get('hosts')}")
print("; ".join(bad) if bad else f"{len(seen)} points x {len(hosts)} hosts agree")
sys.exit(1 if bad else 0)
EOF
}

# 1. three points on two hosts (small, large, both: -matrix max, one
# of each; every fio client/server point costs about 1.5 s beyond its
# own); .3's LUN from t.lun.127.0.0.3
"$FR" $RUN3 -testname t -duration 1 -clients "127.0.0.2:$PORT,127.0.0.3:$PORT" \
	-engine "$ENGINE" -outdir o1 >o1.out 2>o1.err
rc=$?
why=$(check_totals o1 t "$H2" "$H3" 2>&1)
if [ $rc = 0 ] && [ "$(grep -c . o1/t_iops.csv)" -ge 2 ] && echo "$why" | grep -q agree; then
	ok "3 points on 2 hosts: each total is the sum of the hosts' own JSON ($why)"
else
	not_ok "3 points on 2 hosts: rc=$rc $why $(tail -3 o1.err)"
fi
if grep -q "luns=$T/lun3$" "o1/t_jobs/p001.127.0.0.3_$PORT.fio" \
	&& grep -q "luns=$T/lun2$" "o1/t_jobs/p001.127.0.0.2_$PORT.fio" \
	&& grep -q "^Hosts: 2 (127.0.0.2:$PORT, 127.0.0.3:$PORT)\. Loads are per host" o1/t_summary.txt \
	&& grep -q "^Host 127.0.0.3:$PORT: Small IOPS=" o1/t_trace.txt \
	&& [ "$(head -1 o1/t.hosts.csv)" = "Point,Small,Large,Host,Small IOPS,Small Latency (ms),Large MBPS" ]; then
	ok "per-host LUN file used; summary names the hosts, trace has per-host lines, hosts.csv header"
else
	not_ok "per-host files: $(grep Hosts o1/t_summary.txt) $(head -1 o1/t.hosts.csv)"
fi

# 2. fio2orion on the kept JSON rebuilds the same files
"$F2O" -outdir c1 o1/t_jobs/run.json o1/t_jobs/p[0-9][0-9][0-9]*.json >c1.out 2>c1.err
diffs=""
for f in t_summary.txt t_iops.csv t_mbps.csv t_lat.csv t_trace.txt t.hosts.csv; do
	cmp -s "o1/$f" "c1/$f" || diffs="$diffs $f"
done
if [ -z "$diffs" ]; then
	ok "fio2orion on the kept per-point JSON writes the same files"
else
	not_ok "fio2orion differs in:$diffs $(cat c1.err)"
fi

# 2b. the report: each host's own line beside the total, its values the hosts.csv's
why=$(python3 - o1 t <<'EOF2'
import csv, re, sys
d, name = sys.argv[1], sys.argv[2]
html = open(f"{d}/{name}.report.html").read()
m = re.search(r'<svg class="chart" id="hosts-iops".*?</svg>', html, re.S)
if not m:
    print("no hosts-iops chart"); sys.exit(1)
chart = m.group(0)
want = {}
for r in csv.DictReader(open(f"{d}/{name}.hosts.csv")):
    if int(r["Small"]) > 0 and int(r["Large"]) == 0:
        want.setdefault(r["Host"], {})[int(r["Small"])] = int(r["Small IOPS"])
bad, n = [], 0
for host, by_load in want.items():
    g = re.search(r'<g class="series" data-name="%s">(.*?)</g>' % re.escape(host), chart, re.S)
    if not g:
        bad.append(f"no line for {host}"); continue
    got = {}
    for t in re.findall(r"<title>([^<]*)</title>", g.group(1)):
        v = re.findall(r"[-0-9.]+", t.split(": ", 1)[1])
        got[int(float(v[0]))] = float(v[1])
    for load, iops in by_load.items():
        n += 1
        if got.get(load) != iops:
            bad.append(f"{host} Small={load}: report {got.get(load)}, hosts.csv {iops}")
if 'data-name="total"' not in chart:
    bad.append("no total line")
print("; ".join(bad) if bad else f"{len(want)} hosts' lines and the total, {n} values as hosts.csv")
sys.exit(1 if bad or not want else 0)
EOF2
)
if [ $? = 0 ]; then ok "report: $why"; else not_ok "report's host lines: $why"; fi

# 2c. issue 29: each host's IOPS logs (fio's client names them .HOST;
# fiorion's prefix carries the host's tag), and the report's time series
# of each point: the total and a line per host, the total's range the
# hosts' windows summed (read here from the files, by the window rule of
# docs/architecture.md, "Which window a log entry is in").
# series_check JOBS_DIR REPORT: prints what it found, exit 1 on a difference.
series_check() {
	python3 - "$1" "$2" "$PORT" <<'EOF2'
import glob, math, os, re, sys
d, rep, port = sys.argv[1], sys.argv[2], sys.argv[3]
html = open(rep, encoding="utf-8").read()
hosts = ("127.0.0.2", "127.0.0.3")
W = 250  # the points' log_avg_msec (1 s points: driver/jobfile.c, JF_LOG_MSEC_SHORT)
bad, n = [], 0
def add(path, w):
    # docs/architecture.md, "Which window a log entry is in"
    prev = {}
    for line in open(path):
        t, v, dd = [x.strip() for x in line.split(",")[:3]]
        k = max(math.floor((float(t) + 2) / W), prev.get(dd, 0) + 1)
        prev[dd] = k
        w[k] = w.get(k, 0) + float(v)
for num in sorted(os.path.basename(p)[1:4] for p in glob.glob(os.path.join(d, "p[0-9][0-9][0-9].json"))):
    # the point's own jobs: not the reference's re-measures (-refK) or later parts (-partK)
    logs = {h: [f for f in glob.glob(os.path.join(d, "p%s-*.%s_%s_iops.*.log.%s" % (num, h, port, h)))
                if not re.search(r"-(ref|part)[0-9]+\.", os.path.basename(f))] for h in hosts}
    if not all(logs.values()):
        bad.append("p%s: no log of %s" % (num, [h for h in hosts if not logs[h]]))
        continue
    # 1 s points: a host's log may hold no window (one closing as the job ends)
    if not all(any(os.path.getsize(f) for f in logs[h]) for h in hosts):
        continue
    m = re.search(r'<details class="ts"><summary>p%s [^:]*: IOPS ([0-9.]+)-([0-9.]+) [^<]* windows of ([0-9]+) ms; 2 hosts</summary>(.*?)</details>' % num, html, re.S)
    if not m:
        bad.append("p%s: no series with 2 hosts" % num)
        continue
    lo, hi, wms, body = m.groups()
    if int(wms) != W:
        bad.append("p%s: windows of %s ms" % (num, wms))
    w = {}
    for h in hosts:
        if not re.search(r'class="ts-host"[^>]*>%s_%s</text>' % (re.escape(h), port), body):
            bad.append("p%s: no line named %s" % (num, h))
        for f in logs[h]:
            add(f, w)
    if (min(w.values()), max(w.values())) != (float(lo), float(hi)):
        bad.append("p%s: %s-%s, logs %s" % (num, lo, hi, w))
    if body.count('<path class="ts"') != 6:
        bad.append("p%s: %d lines" % (num, body.count('<path class="ts"')))
    n += 1
print("; ".join(bad) if bad else "%d points with both hosts' windows: the total and each host's line, ranges as the logs'" % n)
sys.exit(1 if bad or not n else 0)
EOF2
}
why=$(series_check o1/t_jobs o1/t.report.html)
if [ $? = 0 ]; then ok "time series per host: $why"; else not_ok "time series per host: $why"; fi

# 2d. issue 39, without a busy machine: the run's JSON and logs again,
# every row of .2's logs moved to 124 ms after its window's end and .3's
# to 126 ms after (W = 250 ms: fio stamps a row when it writes it: a busy
# machine's fio writes late; two hosts late around W / 2 once straddled
# the old round(t / W) edge). Each window keeps its rows, so fio2orion's report
# draws the same series as from the logs as they were, and the rule's
# own sums agree with it.
rm -rf late && cp -r o1/t_jobs late
why=$(python3 - late "$PORT" <<'EOF2'
import glob, math, sys
d, port = sys.argv[1], sys.argv[2]
n = 0
for h, late in (("127.0.0.2", 124), ("127.0.0.3", 126)):
    for f in glob.glob("%s/p*.%s_%s_*.log.%s" % (d, h, port, h)):
        out, prev = [], {}
        for line in open(f):
            c = [x.strip() for x in line.split(",")]
            k = max(math.floor((float(c[0]) + 2) / 250), prev.get(c[2], 0) + 1)
            prev[c[2]] = k
            out.append(", ".join([str(k * 250 + late)] + c[1:]) + "\n")
            n += 1
        open(f, "w").write("".join(out))
print("%d rows moved" % n)
EOF2
)
"$F2O" -html -testname t -outdir lc0 o1/t_jobs/run.json o1/t_jobs/p[0-9][0-9][0-9].json >lc0.out 2>lc0.err
"$F2O" -html -testname t -outdir lc late/run.json late/p[0-9][0-9][0-9].json >lc.out 2>lc.err
same=$(python3 - lc0/t.report.html lc/t.report.html <<'EOF2'
import re, sys
a, b = (re.findall(r'<details class="ts">.*?</details>', open(f, encoding="utf-8").read(), re.S) for f in sys.argv[1:])
print("the same %d series as on time" % len(a) if a and a == b else "series on time %d, late %d, differ" % (len(a), len(b)))
sys.exit(0 if a and a == b else 1)
EOF2
)
rc1=$?
why2=$(series_check late lc/t.report.html)
rc2=$?
if [ $rc1 = 0 ] && [ $rc2 = 0 ]; then
	ok "hosts' rows 124 and 126 ms late ($why): $same; $why2"
else
	not_ok "hosts' rows late ($why): $same; $why2 $(cat lc0.err lc.err)"
fi

# 3. a mixed point on three hosts listed in a file (.4's LUN through m.lun.127.0.0.4:PORT)
printf '# the hosts\n127.0.0.2:%s\n  127.0.0.3:%s  # second\n\n127.0.0.4:%s\n' "$PORT" "$PORT" "$PORT" >hosts.txt
"$FR" -run advanced -matrix point -num_small 2 -num_large 1 -testname m -duration 1 \
	-clients @hosts.txt -engine "$ENGINE" -outdir o3 >o3.out 2>o3.err
rc=$?
why=$(check_totals o3 m "$H2" "$H3" "$H4" 2>&1)
if [ $rc = 0 ] && echo "$why" | grep -q agree \
	&& [ "$(grep -c "^1,2,1," o3/m.hosts.csv)" = 3 ]; then
	ok "mixed point on 3 hosts (-clients @FILE): small IOPS, latency and large MBPS are the hosts' sums ($why)"
else
	not_ok "mixed point on 3 hosts: rc=$rc $why $(tail -3 o3.err)"
fi

# 5c. only the listening server process killed (its job process finishes
# the point): a later point cannot connect and fails naming the host. On
# .2 and .4 (killed after 1 point: the point then under way may still
# finish, the one after it cannot), beside 4-5b, its output replayed
# after theirs.
listener_killed() {
	"$FR" $RUN3 -testname t -duration 1 -clients "127.0.0.2:$PORT,127.0.0.4:$PORT" \
		-engine "$ENGINE" -outdir k2 >k2.out 2>k2.err &
	pid=$!
	i=0
	while [ $i -lt 600 ] && ! [ -e k2/t_jobs/p001.json ] && kill -0 $pid 2>/dev/null; do
		sleep 0.1
		i=$((i + 1))
	done
	kill -KILL "$(cat srv.127.0.0.4.pid)"
	wait $pid
	rc=$?
	if [ $rc = 1 ] && grep -q "host 127.0.0.4:$PORT: no result from it" k2.err \
		&& grep -q "Run stopped: point [123] of 3 .*host 127.0.0.4:$PORT: no result from it" k2/t_summary.txt; then
		ok "the server's own PID killed: a later point fails naming the host, exit 1"
	else
		not_ok "server PID killed: rc=$rc $(tail -4 k2.err)"
	fi
	# its job processes, this suite's (the address and port)
	pkill -KILL -f "fio --server=ip:127.0.0.4,$PORT" 2>/dev/null
	i=0
	while pgrep -f "fio --server=ip:127.0.0.4,$PORT" >/dev/null && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
}
echo "$T/lun4" >t.lun.127.0.0.4
(ntest=0 && listener_killed) >listener.tap 2>&1 &
listener_pid=$!

# 4. before the run: one error naming the host, exit 2, nothing written
"$FR" -run simple -testname t -duration 1 -clients "127.0.0.2:$PORT,127.0.0.5:$PORT" \
	-engine "$ENGINE" -outdir e1 >e1.out 2>e1.err
rc=$?
if [ $rc = 2 ] && grep -q "host 127.0.0.5:$PORT: cannot reach fio's server" e1.err \
	&& ! grep -q "127.0.0.2" e1.err && [ ! -e e1 ]; then
	ok "an unreachable host: exit 2 naming it, nothing written"
else
	not_ok "unreachable host: rc=$rc $(cat e1.err)"
fi
"$FR" -run simple -testname t -duration 1 -clients "127.0.0.2:$PORT" \
	-engine "$T/no-such-engine.so" -outdir e2 >e2.out 2>e2.err
rc=$?
if [ $rc = 2 ] && grep -q "host 127.0.0.2:$PORT: fio there cannot load the engine '$T/no-such-engine.so'" e2.err \
	&& [ ! -e e2 ]; then
	ok "a host without the engine: exit 2 naming host and engine path"
else
	not_ok "missing engine: rc=$rc $(cat e2.err)"
fi
echo "$T/no-such-lun" >"x.lun.127.0.0.3"
echo "$T/lun2" >x.lun
"$FR" -run simple -testname x -duration 1 -clients "127.0.0.2:$PORT,127.0.0.3:$PORT" \
	-engine "$ENGINE" -outdir e3 >e3.out 2>e3.err
rc=$?
if [ $rc = 2 ] && grep -q "host 127.0.0.3:$PORT: .*LUN '$T/no-such-lun': no such file" e3.err \
	&& [ "$(grep -c "^fiorion: host" e3.err)" = 1 ] && [ ! -e e3 ]; then
	ok "a LUN missing on one host: exit 2 naming that host and the LUN"
else
	not_ok "missing LUN: rc=$rc $(cat e3.err)"
fi
"$FR" -run simple -testname t -clients "127.0.0.2:$PORT" -runner builtin >e4.out 2>e4.err
rc=$?
if [ $rc = 2 ] && grep -q "clients.*-runner builtin" e4.err; then
	ok "-runner builtin with -clients: exit 2"
else
	not_ok "-runner builtin -clients: rc=$rc $(cat e4.err)"
fi
# one server under two names (127.2 is 127.0.0.2): refused before the probe
"$FR" -run simple -testname t -clients "$H2,127.2:$PORT" -outdir e5 >e5.out 2>e5.err
rc=$?
if [ $rc = 2 ] && grep -q "hosts $H2 and 127.2:$PORT are one fio server (both reach 127.0.0.2 port $PORT)" e5.err \
	&& [ "$(wc -l <e5.err)" = 1 ] && [ ! -e e5 ]; then
	ok "one server under two names: exit 2, one line naming both, nothing written"
else
	not_ok "one server under two names: rc=$rc $(cat e5.err)"
fi

# 5. a server killed by its PID mid-run: the point fails naming it, the
# points done are kept, exit 1. Killed, with its job process, once point
# 1 is kept and the server has forked a process for point 2.
"$FR" $RUN3 -testname t -duration 1 -clients "127.0.0.2:$PORT,127.0.0.3:$PORT" \
	-engine "$ENGINE" -outdir k1 >k1.out 2>k1.err &
pid=$!
i=0
while [ $i -lt 600 ] && ! [ -e k1/t_jobs/p001.json ] && kill -0 $pid 2>/dev/null; do
	sleep 0.1
	i=$((i + 1))
done
i=0
while [ $i -lt 100 ] && ! pgrep -P "$(cat srv.127.0.0.3.pid)" >/dev/null && kill -0 $pid 2>/dev/null; do
	sleep 0.05
	i=$((i + 1))
done
kill_server 127.0.0.3 KILL
wait $pid
rc=$?
if [ $rc = 1 ] && grep -q "host 127.0.0.3:$PORT: no result from it" k1.err \
	&& grep -q "Run stopped: point [123] of 3 .*host 127.0.0.3:$PORT: no result from it.*\. [123] of its 3 points were measured" k1/t_summary.txt \
	&& [ "$(grep -c "127.0.0.3:$PORT" k1/t.hosts.csv)" -ge 1 ]; then
	ok "a server killed mid-run: point failed naming the host, exit 1, $(grep -o '[0-9] of its 3' k1/t_summary.txt) points kept"
else
	not_ok "server killed mid-run: rc=$rc $(tail -4 k1.err) $(grep Run k1/t_summary.txt)"
fi
# (the point that failed may be the first point re-measured as the run's
# reference: then its pNNN.json is the first measurement's, kept rightly)
failed=$(sed -n 's/.*point \([0-9]\) of 3 (small=[0-9]*, large=[0-9]*) failed.*/\1/p' k1.err)
refail=$(grep -c 'reference re-measured) failed' k1.err)
if { [ -n "$failed" ] && [ ! -e "k1/t_jobs/p00$failed.json" ]; } || [ "$refail" = 1 ] \
	&& ! ls k1/t_jobs/*.json.part >/dev/null 2>&1; then
	ok "the failed point's JSON is not kept as measured"
else
	not_ok "failed point $failed has a JSON"
fi

# 5b. -resume on fewer hosts than the run had: refused (totals would mix)
"$FR" $RUN3 -testname t -duration 1 -clients "127.0.0.2:$PORT" -engine "$ENGINE" \
	-outdir k1 -resume >r1.out 2>r1.err
rc=$?
if [ $rc = 2 ] && grep -q "resume: the run to continue ran on 2 hosts; these options name 1" r1.err; then
	ok "-resume with a host dropped is refused (exit 2)"
else
	not_ok "-resume with a host dropped: rc=$rc $(cat r1.err)"
fi

# 5c. (its output, run beside 4-5b)
wait $listener_pid
tap_replay listener.tap

# 6. (its output, run beside the rest)
wait $silent_pid
tap_replay silent.tap

stop_servers
sleep 0.3
left=$(pgrep -f "fio --server=ip:127.0.0.[2346],$PORT" | wc -l)
if [ "$left" = 0 ]; then
	ok "every fio server started here is stopped"
else
	not_ok "$left fio servers left running"
fi
SERVERS=""
finish
