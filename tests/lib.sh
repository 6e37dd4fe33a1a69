# SPDX-License-Identifier: GPL-2.0-only
#
# lib.sh -- helpers for the end-to-end scripts (sourced, TAP output).
#
# Every script works in one directory made by mktemp -d and removed on
# exit; it never touches a path it did not create.

TOP=$(cd "$(dirname "$0")/.." && pwd)
ENGINE=$TOP/build/fiorion-engine.so
T=$(mktemp -d "${TMPDIR:-/tmp}/fiorion-e2e.XXXXXX")

# at_exit CMD: run the shell command CMD when the script exits -- at the
# end, on an error, or on SIGINT/SIGTERM/SIGHUP/SIGPIPE (its output cut
# short: `sh tests/e2e_x.sh | head`) -- the last registered
# first, then remove $T. The list is a file in $T, so a helper run in a
# subshell ($(...)) registers its cleanup too. A script that sets its own
# EXIT trap replaces this one: it should call lib_exit from it.
at_exit() { printf '%s\n' "$*" >>"$T/.at_exit"; }
lib_exit() {
	trap - EXIT HUP INT PIPE TERM
	if [ -f "$T/.at_exit" ]; then
		tac "$T/.at_exit" >"$T/.at_exit.run"
		rm -f "$T/.at_exit"
		while IFS= read -r _c; do eval "$_c" </dev/null; done <"$T/.at_exit.run"
	fi
	rm -rf "$T"
}
trap lib_exit EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 141' PIPE
trap 'exit 143' TERM
ntest=0

ok() { ntest=$((ntest + 1)); echo "ok $ntest - $*"; }
not_ok() { ntest=$((ntest + 1)); echo "not ok $ntest - $*"; }
skip_test() { ntest=$((ntest + 1)); echo "ok $ntest - $1 # SKIP $2"; }
finish() { grep_targets_once; echo "1..$ntest"; }
# tap_replay FILE: the output of checks run in a background subshell
# (their own count from 1, e.g. "(ntest=0 && checks) >FILE &"), its TAP
# lines numbered on from this script's count, the other lines as they are.
tap_replay() {
	while IFS= read -r _l; do
		case "$_l" in
		'ok '[0-9]*' - '*) ntest=$((ntest + 1)) && printf 'ok %s - %s\n' $ntest "${_l#ok * - }" ;;
		'not ok '[0-9]*' - '*) ntest=$((ntest + 1)) && printf 'not ok %s - %s\n' $ntest "${_l#not ok * - }" ;;
		*) printf '%s\n' "$_l" ;;
		esac
	done <"$1"
}

# Scripts read ORION's summary with grep: 'Maximum Small IOPS', 'Maximum
# Large MBPS' and 'Minimum Small Latency' must each be on at most one line
# of every summary, whatever the run level, layout or option. Checked
# over every summary this script wrote, at its end.
grep_targets_once() {
	_bad= _n=0
	for _s in $(find "$T" -name '*summary.txt' -type f 2>/dev/null); do
		_n=$((_n + 1))
		for _g in 'Maximum Small IOPS' 'Maximum Large MBPS' 'Minimum Small Latency'; do
			[ "$(grep -c "$_g" "$_s")" -le 1 ] || _bad="$_bad ${_s#"$T"/}:'$_g'"
		done
	done
	[ "$_n" = 0 ] && return
	if [ -z "$_bad" ]; then
		ok "each of the $_n summaries written has ORION's grep targets on one line at most"
	else
		not_ok "grep targets on more than one line:$_bad"
	fi
}

# fio's servers on loopback addresses, for the client/server suites.
# free_port PORT...: sets PORT to the first of PORT... that no socket
# listens on (the last when every one is taken).
free_port() {
	for _p in "$@"; do
		PORT=$_p
		ss -ltn 2>/dev/null | grep -q ":$_p " || return 0
	done
}
# start_server ADDR: fio --server on ADDR:$PORT, its output in
# $T/srv.ADDR.log, its pid in $T/srv.ADDR.pid, added to $SERVERS (which
# stop_servers stops, and the script's exit); 0 once it listens, 1 if it
# did not within 5 s.
SERVERS=""
start_server() {
	fio --server=ip:"$1","$PORT" >"$T/srv.$1.log" 2>&1 &
	echo $! >"$T/srv.$1.pid"
	[ -n "${_srv_exit-}" ] || { at_exit stop_servers; _srv_exit=1; }
	SERVERS="$SERVERS $1"
	_i=0
	while [ $_i -lt 50 ]; do
		ss -ltn 2>/dev/null | grep -q " $1:$PORT " && return 0
		kill -0 "$(cat "$T/srv.$1.pid")" 2>/dev/null || return 1
		sleep 0.1
		_i=$((_i + 1))
	done
	return 1
}
# kill_server ADDR [SIG]: signal the server and the job processes it forked
kill_server() {
	_spid=$(cat "$T/srv.$1.pid" 2>/dev/null) || return 0
	pkill -"${2:-TERM}" -P "$_spid" 2>/dev/null
	kill -"${2:-TERM}" "$_spid" 2>/dev/null
}
# stop_servers: kill every server of $SERVERS (woken first if stopped)
stop_servers() {
	for _a in $SERVERS; do
		kill_server "$_a" CONT
		kill_server "$_a" KILL
	done
}

# mkfile NAME MIB: a file of MIB MiB of real (non-sparse) zeros.
# private_build DIR: a copy of build/'s programs and objects in DIR, for
# make B=DIR (install with another prefix recompiles the two objects that
# name the install folder there, not in build/, which other suites run)
private_build() {
	mkdir -p "$1"
	(cd "$TOP/build" && cp -a .build-ok .enginedir .fioversion .layers-ok .ties-ok common run converter driver \
		plugin fio2orion fiorion fiorion-engine.so "$1/")
}

mkfile() {
	dd if=/dev/zero of="$T/$1" bs=1M count="$2" status=none
}

# chrome ARG...: headless chromium (60 s at most), its errors in $T/chrome.err.
chrome() { timeout 60 chromium --headless --no-sandbox --disable-gpu --user-data-dir="$T/chrome" "$@" 2>>"$T/chrome.err"; }

# chrome_dom_or_skip WHAT PAGE DOM: chromium's DOM of $T/PAGE into DOM; where
# chromium is not installed or cannot start here, WHAT is skipped with the
# reason and the suite ends there (its checks before it stand).
chrome_dom_or_skip() {
	if ! command -v chromium >/dev/null 2>&1; then
		skip_test "$1" "chromium is not installed (scripts/setup.sh installs it)"
		finish
		exit 0
	fi
	if ! chrome --dump-dom "file://$T/$2" >"$3" || ! [ -s "$3" ]; then
		skip_test "$1" "chromium cannot start here: $(tail -n 2 "$T/chrome.err" | tr '\n' ' ')"
		finish
		exit 0
	fi
}

# orion_files PREFIX: how many of ORION's five files (PREFIX_summary.txt,
# _iops.csv, _mbps.csv, _lat.csv, _trace.txt) are there and not empty.
orion_files() {
	_n=0
	for _f in summary.txt iops.csv mbps.csv lat.csv trace.txt; do
		[ -s "$1_$_f" ] && _n=$((_n + 1))
	done
	echo $_n
}

# within X WANT TOL: X is WANT within a fraction TOL.
within() { awk -v x="$1" -v w="$2" -v t="$3" 'BEGIN { exit !(x >= w * (1 - t) && x <= w * (1 + t)) }'; }

# jget FILE PATH: a value of a fio JSON file (tests/jget.py).
jget() { python3 "$TOP/tests/jget.py" "$@"; }

# The I/O-per-second figure of a fio JSON file (read + write, all jobs).
json_iops() { python3 "$TOP/tests/jget.py" "$1" --iops 2>/dev/null || echo 0; }

# The devices with known answers (a throttled loop device, a FUSE file
# with a fixed service time): tests/devices.sh.
. "$TOP/tests/devices.sh"

# complete_words PROG WORD...: what completions/PROG offers for the last
# WORD (its COMPREPLY), one a line.
complete_words() {
	prog=$1
	shift
	bash -c '
		. "$1/completions/$2"
		shift 2
		COMP_WORDS=("$@")
		COMP_CWORD=$(($# - 1))
		COMP_LINE="$*"
		fn=$(complete -p "${COMP_WORDS[0]}" | sed "s/.* -F \([^ ]*\) .*/\1/")
		"$fn" "${COMP_WORDS[0]}" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
		printf "%s\n" "${COMPREPLY[@]}"
	' sh "$TOP" "$prog" "$prog" "$@"
}

# steady_pair W WHAT: job file W.fio under stock fio and the built-in
# runner; their steadystate objects checked by tests/steady_check.py W and
# every key path of fio's present (tests/jsonconsumers.py keys).
steady_pair() {
	w=$1
	if ! fio --output-format=json+ --output="$w-fio.json" "$w.fio" >"$w-fio.err" 2>&1; then
		not_ok "$w: stock fio runs the job file"
		cat "$w-fio.err"
		return
	fi
	if ! "$FR" -jobfile "$w.fio" -output "$w-rn.json" 2>"$w-rn.err"; then
		not_ok "$w: the built-in runner runs the job file"
		cat "$w-rn.err"
		return
	fi
	if python3 "$TOP/tests/steady_check.py" "$w" "$w-fio.json" "$w-rn.json" >"$w.out" \
		&& python3 "$TOP/tests/jsonconsumers.py" keys "$w-fio.json" "$w-rn.json" >>"$w.out"; then
		ok "$w: $2; same steadystate keys and types, every key path of fio's, fio's formulas hold ($(grep '^fio \|^runner ' "$w.out" | sed 's/ window=.*//' | tr '\n' ';'))"
	else
		not_ok "$w: $2"
		cat "$w.out"
	fi
}

# ol_model_job NAME CLONES DEPTH RATE PROCESS [RUNTIME]: NAME.fio, an open
# loop (rate_iops=RATE a clone, rate_process=PROCESS) of 4 KiB random reads
# on backend=null's model device (service_us=1000, servers=1) over $T/lun,
# RUNTIME s (2); tests/e2e_openloop_fio.sh.
ol_model_job() {
	cat >"$1.fio" <<EOT
[global]
ioengine=external:$ENGINE
luns=$T/lun
backend=null
service_us=1000
servers=1
rw=randread
bs=4k
time_based
runtime=${6:-2}
randrepeat=0
[$1]
numjobs=$2
iodepth=$3
rate_iops=$4
rate_process=$5
EOT
}
