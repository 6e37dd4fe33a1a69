#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Description: the documents that repeat an option table agree with the
# binaries' -help (itself made from the table: driver/cliopts.c,
# converter/fio2orion/f2o_cli.c): each man page's OPTIONS tags are
# -help's option heads (name and value, "-run LEVEL", "-type rand|seq"),
# no more, no fewer; every value an option takes (as its error for a bad
# value lists them) is named in its man page entry and offered by its
# bash completion, and the completion offers -help's options and no
# others. (The README holds no copy of -help: it points to the man pages.)
. "$(dirname "$0")/lib.sh"

for need in bash python3; do
	if ! command -v $need >/dev/null 2>&1; then
		skip_test "option documents" "no $need"
		finish
		exit 0
	fi
done
cd "$T" || exit 1
# -help as a user with no drop-in settings sees it.
help_of() { env -u FIORION_COMPAT -u FIORION_DURATION "$TOP/build/$1" -help; }

# The option heads of -help: "  -NAME [VALUE]" up to the two blanks before the text.
help_heads() {
	help_of "$1" | awk '/^  -/ { s = substr($0, 3); i = index(s, "  "); print i ? substr(s, 1, i - 1) : s }'
}

# The tags of a man page's OPTIONS, roff rendered: "-run LEVEL", "-type rand|seq".
man_heads() {
	python3 - "$1" <<'PY'
import re, shlex, sys
opts = tag = False
for line in open(sys.argv[1]):
    line = line.rstrip("\n")
    if line.startswith(".SH "):
        opts = line.split()[1] == "OPTIONS"
        continue
    if not opts:
        continue
    if re.match(r"^\.T[PQ]", line):
        tag = True
        continue
    if not tag:
        continue
    tag = False
    m = re.match(r"^\.(B|I|BI|BR|IR|RB|IB|RI)\s+(.*)$", line)
    if not m or not m.group(2).startswith("\\-"):
        continue
    words = shlex.split(m.group(2).replace("\\", "\\\\"), posix=True)
    text = ("" if len(m.group(1)) == 2 else " ").join(words)
    text = re.sub(r"\\f[BIRP]", "", text).replace("\\-", "-")
    print(text)
PY
}

# The paragraph of each option in a man page's OPTIONS, roff stripped, as
# "NAME<tab>text" lines (NAME without its dash).
man_paras() {
	python3 - "$1" <<'PY'
import re, sys
opts = tag = False
name = None
paras = {}
for line in open(sys.argv[1]):
    line = line.rstrip("\n")
    if line.startswith(".SH ") or line.startswith(".SS "):
        opts = line.startswith(".SS ") and opts or line.split()[1] == "OPTIONS"
        name = None
        continue
    if not opts:
        continue
    if re.match(r"^\.T[PQ]", line):
        tag = True
        continue
    if tag:
        tag = False
        m = re.match(r"^\.[BIR]+\s+\\-([A-Za-z_]+)", line)
        if m:
            name = m.group(1)
    if name:
        text = re.sub(r"\\f[BIRP]|\\\(..|\\-|\\&|^\.[A-Z]+\s?", " ", line).replace('"', " ")
        paras[name] = paras.get(name, "") + " " + text
for n, t in paras.items():
    print(n + "\t" + " ".join(t.split()))
PY
}

# The values an option takes, as its error for a bad one lists them
# ("-run '@@': must be simple, normal, advanced, oltp or dss"), one a line.
values_of() { # PROG NAME
	env -u FIORION_COMPAT -u FIORION_DURATION "$TOP/build/$1" "-$2" @@ 2>&1 >/dev/null |
		sed -n "s/^$1: -$2 '@@': must be //p" | sed 's/, / /g; s/ or / /' | tr ' ' '\n' | sed '/^$/d'
}

for prog in fiorion fio2orion; do
	help_heads "$prog" | sort >"$T/hh.$prog"
	man_heads "$TOP/man/$prog.1" | sort >"$T/mh.$prog"
	if [ "$(wc -l <"$T/hh.$prog")" -gt 5 ] && cmp -s "$T/hh.$prog" "$T/mh.$prog"; then
		ok "$prog.1 OPTIONS tags are $prog -help's $(wc -l <"$T/hh.$prog") option heads (name and value)"
	else
		not_ok "$prog.1 OPTIONS tags vs $prog -help heads (< -help, > man)"
		diff "$T/hh.$prog" "$T/mh.$prog"
	fi

	sed 's/ .*//; s/^-//' "$T/hh.$prog" >"$T/names.$prog"
	complete_words "$prog" - | sed 's/^-//' | sort -u >"$T/offered.$prog"
	if cmp -s "$T/names.$prog" "$T/offered.$prog"; then
		ok "$prog's completion offers -help's $(wc -l <"$T/names.$prog") options, no others"
	else
		not_ok "$prog's completion vs -help's options (< -help, > completion)"
		diff "$T/names.$prog" "$T/offered.$prog"
	fi

	man_paras "$TOP/man/$prog.1" >"$T/paras.$prog"
	nenum=0 bad=
	for name in $(cat "$T/names.$prog"); do
		values_of "$prog" "$name" >"$T/v"
		[ -s "$T/v" ] || continue
		nenum=$((nenum + 1))
		sort "$T/v" >"$T/vs"
		complete_words "$prog" "-$name" "" | sort >"$T/cv"
		cmp -s "$T/vs" "$T/cv" ||
			bad="$bad -$name: completion offers '$(tr '\n' ' ' <"$T/cv")', $prog takes '$(tr '\n' ' ' <"$T/vs")';"
		para=$(sed -n "s/^$name	//p" "$T/paras.$prog")
		for v in $(cat "$T/v"); do
			case " $para " in
			*[\ \(,]"$v"[\ \),.\;:]*) ;;
			*) bad="$bad $prog.1 -$name does not name '$v';" ;;
			esac
		done
	done
	if [ "$nenum" -gt 0 ] && [ -z "$bad" ]; then
		ok "$prog: the values of its $nenum options with a value list are offered by the completion and named in $prog.1"
	else
		not_ok "$prog option values ($nenum options):$bad"
	fi
done
finish
