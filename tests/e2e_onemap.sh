#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Description: one mapping whatever the input's form (issue 27). Stock
# fio runs one job file on two loopback fio servers (--client); the same
# run is then given three ways: fio's client/server JSON, each host's
# own file (as each host's fio would write it, named after the host)
# with -sum, and the client/server JSON with fiorion's job names
# (pNNN-sS-lL-small|large), and with the hosts' entries interleaved
# (fio's client writes them as they arrive). The four give the same iops, mbps, lat and
# hosts CSV files byte for byte; fiorion's names give the same summary
# and trace too, the per-host files the same but for what only they
# know (each host's LUNs). The loads are each host's (two clones of a
# small job: Small=2; two sequential streams: Large=2), the IOPS the sum
# of both hosts' entries (recomputed here from fio's I/O counts).
. "$(dirname "$0")/lib.sh"

F2O=$TOP/build/fio2orion
if ! command -v fio >/dev/null 2>&1 || ! command -v ss >/dev/null 2>&1; then
	skip_test "one mapping" "no fio or ss"
	finish
	exit 0
fi
cd "$T" || exit 1


free_port $((24000 + $$ % 16000)) $((25000 + $$ % 15000)) 44765
A=127.0.0.5 B=127.0.0.6
if ! start_server $A || ! start_server $B; then
	skip_test "one mapping" "fio --server cannot listen on $A/$B:$PORT: $(cat srv.*.log | head -3)"
	finish
	exit 0
fi
head -c 32M /dev/urandom >data
cat >job.fio <<EOF
[global]
ioengine=psync
filename=$T/data
time_based=1
runtime=1
[small]
rw=randread
bs=8k
numjobs=2
[large]
rw=read
bs=1m
numjobs=2
[small4]
stonewall
rw=randread
bs=8k
numjobs=4
EOF
if ! fio --client=ip:$A,$PORT job.fio --client=ip:$B,$PORT job.fio --output-format=json >cs.json 2>cs.err; then
	not_ok "fio --client: $(head -3 cs.err)"
	finish
	exit 0
fi
stop_servers
SERVERS=""

# The same run as each host's own file, and with fiorion's job names.
python3 - cs.json <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
head = {k: v for k, v in d.items() if k != "client_stats"}
hosts = {}
for e in d["client_stats"]:
    if e["jobname"] == "All clients":
        continue
    e = dict(e)
    h = f'{e.pop("hostname")}:{e.pop("port")}'
    hosts.setdefault(h, []).append(e)
# In the order fio's JSON lists the hosts (the order the hosts are listed in).
with open("order", "w") as o:
    for h, jobs in hosts.items():
        json.dump(dict(head, jobs=jobs), open(f"{h}.json", "w"), indent=1)
        o.write(f"{h}.json\n")
# The hosts' entries interleaved, as fio's client may write them as they arrive.
per = list(hosts.values())
mixed = []
for k in range(max(len(v) for v in per)):
    for h, v in zip(hosts, per):
        if k < len(v):
            e = dict(v[k])
            e["hostname"], e["port"] = h.rsplit(":", 1)[0], int(h.rsplit(":", 1)[1])
            mixed.append(e)
json.dump(dict(head, client_stats=mixed), open("interleaved.json", "w"), indent=1)
names = {"small": "p001-s2-l2-small", "large": "p001-s2-l2-large", "small4": "p002-s4-l0-small"}
for e in d["client_stats"]:
    e["jobname"] = names.get(e["jobname"], e["jobname"])
json.dump(d, open("named.json", "w"), indent=1)
PY
"$F2O" -outdir cs cs.json >cs.out 2>&1
# shellcheck disable=SC2046 # host:port.json names, no blanks
"$F2O" -sum -outdir sum $(cat order) >sum.out 2>&1
"$F2O" -outdir named named.json >named.out 2>&1
"$F2O" -outdir interleaved interleaved.json >interleaved.out 2>&1
for form in sum named interleaved; do
	same=yes
	for f in _iops.csv _mbps.csv _lat.csv .hosts.csv; do
		cmp -s cs/orion$f $form/orion$f || { same="no: $f"; diff cs/orion$f $form/orion$f | head -5; }
	done
	[ "$same" = yes ] && ok "$form: iops, mbps, lat and hosts CSV byte for byte those of fio's --client JSON" \
		|| not_ok "$form: $same"
done
# The hosts' entries in another order: the same summary and trace.
if [ "$(sed 4d cs/orion_summary.txt)" = "$(sed 4d interleaved/orion_summary.txt)" ] \
	&& [ "$(grep -v '^Jobs: ' cs/orion_trace.txt)" = "$(grep -v '^Jobs: ' interleaved/orion_trace.txt)" ]; then
	ok "the hosts' entries interleaved: the same summary and trace"
else
	not_ok "interleaved entries: summary or trace differ"
	diff cs/orion_trace.txt interleaved/orion_trace.txt | head
fi
# fiorion's names: the summary (but its command line) and the trace too.
if [ "$(sed 4d cs/orion_summary.txt)" = "$(sed 4d named/orion_summary.txt)" ] \
	&& [ "$(grep -v '^Jobs: ' cs/orion_trace.txt)" = "$(cat named/orion_trace.txt)" ]; then
	ok "fiorion's job names: the same summary and trace"
else
	not_ok "fiorion's job names: summary or trace differ"
	diff cs/orion_summary.txt named/orion_summary.txt | head
fi
# The hosts' own files: the same but for the LUNs only they name (blank lines aside).
strip() { sed -e 4d -e '/FILEs/d' -e '/^Host .*: Name: /d' -e '/LUNs of each host/d' -e 's/VLun = 0 Size = [0-9]*/VLun/' \
	-e '/^Jobs: /d' -e '/^$/d' "$1"; }
if [ "$(strip cs/orion_summary.txt)" = "$(strip sum/orion_summary.txt)" ] \
	&& [ "$(strip cs/orion_trace.txt)" = "$(strip sum/orion_trace.txt)" ] \
	&& grep -qx "Host $A:$PORT: Name: $T/data	Size: 33554432" sum/orion_summary.txt \
	&& grep -q '^FILEs unknown' cs/orion_summary.txt; then
	ok "-sum of the hosts' files: the same summary and trace but each host's LUNs (which the --client JSON lacks)"
else
	not_ok "-sum: summary or trace differ beyond the LUNs"
	diff cs/orion_summary.txt sum/orion_summary.txt | head
fi
# Each host's load; the IOPS the sum of the hosts' own entries.
want=$(python3 -c '
import json
d = json.load(open("cs.json"))
for g in (0, 1):
    print(int(sum(e["read"]["total_ios"] / (e["read"]["runtime"] / 1000.0) for e in d["client_stats"]
                  if e["jobname"].startswith("small") and e["groupid"] == g)))')
# iops.csv: a row per large load, a column per small load (2, 4): (2, 2) and (4, 0).
got=$(awk -F, '$1 + 0 == 2 && NR > 1 { print $2 + 0 } $1 + 0 == 0 && NR > 1 { print $3 + 0 }' cs/orion_iops.csv)
small=$(cat cs/orion_iops.csv)
if grep -q '^Small Columns:,      0,      2,      4$' cs/orion_summary.txt && grep -q '^Large Columns:,      0,      2$' cs/orion_summary.txt \
	&& [ "$(echo "$want" | sort -n)" = "$(echo "$got" | sort -n)" ]; then
	ok "loads per host (Small=2 and 4, Large=2 streams); small IOPS $(echo $got) = the hosts' entries summed"
else
	not_ok "loads or IOPS: want '$want' got '$got' ($small)"
	cat cs/orion_summary.txt | head -20
fi

finish
