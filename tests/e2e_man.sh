#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Description: the man pages render without a warning (groff -ww, mandoc
# -Tlint when installed); every option fiorion -help and fio2orion -help
# list is an option of their man page's OPTIONS, and the other way round;
# every option fio lists for the engine (--enghelp) is in fiorion-engine.7.
. "$(dirname "$0")/lib.sh"

M=$TOP/man

for page in "$M/fiorion.1" "$M/fio2orion.1" "$M/fiorion-engine.7"; do
	name=${page##*/}
	if ! command -v groff >/dev/null 2>&1; then
		skip_test "$name: groff" "groff not installed (scripts/setup.sh packages)"
	elif groff -t -man -ww -z "$page" >"$T/g.out" 2>&1 && [ ! -s "$T/g.out" ]; then
		ok "$name: groff -man -ww -z: no warning"
	else
		not_ok "$name: groff warnings"
		cat "$T/g.out"
	fi
	if ! command -v mandoc >/dev/null 2>&1; then
		skip_test "$name: mandoc" "mandoc not installed"
	elif mandoc -Tlint -W all "$page" >"$T/m.out" 2>&1 && [ ! -s "$T/m.out" ]; then
		ok "$name: mandoc -Tlint: clean"
	else
		not_ok "$name: mandoc -Tlint"
		cat "$T/m.out"
	fi
done

# The options a page's OPTIONS section defines: the first word of the
# line after each .TP/.TQ, when it is an option (\-name).
man_opts() {
	awk '
		/^\.SH / { in_opts = ($2 == "OPTIONS") ; next }
		!in_opts { next }
		/^\.T[PQ]/ { tag = 1; next }
		tag { tag = 0; if (match($0, /^\.B[IR]? \\-[A-Za-z_]+/)) print substr($0, RSTART, RLENGTH) }
	' "$1" | sed 's/^.*\\-//' | sort -u
}
help_opts() {
	"$1" -help | grep -o '^  -[A-Za-z_]*\(, -[A-Za-z_]*\)*' | tr ',' '\n' \
		| sed 's/^ *-//' | sort -u
}

for prog in fiorion fio2orion; do
	man_opts "$M/$prog.1" >"$T/man.$prog"
	help_opts "$TOP/build/$prog" >"$T/help.$prog"
	n=$(wc -l <"$T/help.$prog")
	only_help=$(comm -23 "$T/help.$prog" "$T/man.$prog" | tr '\n' ' ')
	only_man=$(comm -13 "$T/help.$prog" "$T/man.$prog" | tr '\n' ' ')
	if [ "$n" -gt 5 ] && [ -z "$only_help" ]; then
		ok "$prog.1 documents all $n options of $prog -help"
	else
		not_ok "$prog -help options missing from $prog.1: $only_help"
	fi
	if [ -s "$T/man.$prog" ] && [ -z "$only_man" ]; then
		ok "every option of $prog.1 is in $prog -help"
	else
		not_ok "options of $prog.1 missing from $prog -help: $only_man"
	fi
done

if command -v fio >/dev/null 2>&1 && [ -f "$ENGINE" ]; then
	fio --enghelp="$ENGINE" 2>/dev/null | sed -n 's/^\([a-z_]*\) *:.*/\1/p' | sort -u >"$T/eng"
	awk '/^\.SH / { o = ($2 == "OPTIONS"); next }
		o && /^\.T[PQ]/ { t = 1; next }
		o && t { t = 0; if (match($0, /^\.B[IR]? [a-z_]+=/)) print substr($0, RSTART, RLENGTH) }' \
		"$M/fiorion-engine.7" | sed 's/^\.B[IR]* //; s/=$//' | sort -u >"$T/engman"
	if [ -s "$T/eng" ] && cmp -s "$T/eng" "$T/engman"; then
		ok "fiorion-engine.7 documents the engine's $(wc -l <"$T/eng") options, no others"
	else
		not_ok "engine options: fio --enghelp vs fiorion-engine.7"
		diff "$T/eng" "$T/engman"
	fi
else
	skip_test "engine options" "no fio or no engine built"
fi
finish
