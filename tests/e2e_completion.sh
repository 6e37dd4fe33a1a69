#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Description: the bash completions (completions/fiorion, fio2orion):
# sourced in bash they register with complete; fiorion -run <TAB> offers
# the run levels, -matrix, -compat and -backend their values, an option
# prefix the matching options; every option of each program's -help is
# offered.
. "$(dirname "$0")/lib.sh"

if ! command -v bash >/dev/null 2>&1; then
	skip_test "bash completion" "no bash"
	finish
	exit 0
fi

check() { # WHAT WANT PROG WORD...
	what=$1 want=$2
	shift 2
	got=$(complete_words "$@" | sort | tr '\n' ' ')
	if [ "$got" = "$want" ]; then
		ok "$what: $got"
	else
		not_ok "$what: got '$got', want '$want'"
	fi
}

for prog in fiorion fio2orion; do
	if bash -c ". '$TOP/completions/$prog' && complete -p $prog" >"$T/c.out" 2>&1 \
		&& grep -q -- "-F _$prog $prog\$" "$T/c.out"; then
		ok "complete -p $prog: $(cat "$T/c.out")"
	else
		not_ok "complete -p $prog"
		cat "$T/c.out"
	fi
	"$TOP/build/$prog" -help | grep -o '^  -[A-Za-z_]*\(, -[A-Za-z_]*\)*' | tr ',' '\n' \
		| sed 's/^ *//' | sort -u >"$T/help"
	complete_words "$prog" - | sort -u >"$T/offered"
	miss=$(comm -23 "$T/help" "$T/offered" | tr '\n' ' ')
	[ -z "$miss" ] && ok "$prog: every option of -help is offered ($(wc -l <"$T/help"))" \
		|| not_ok "$prog: options of -help not offered: $miss"
done

check "fiorion -run <TAB>" "advanced curve dss normal oltp simple " fiorion -run ""
check "fiorion -run s<TAB>" "simple " fiorion -run s
check "fiorion -matrix <TAB>" "basic col detailed max point row " fiorion -run advanced -matrix ""
check "fiorion -compat 1<TAB>" "10.2 11.1 11.2 12.1 12.2 19c " fiorion -compat 1
check "fiorion -backend <TAB>" "io_uring libaio null psync " fiorion -backend ""
check "fiorion -runner <TAB>" "builtin fio " fiorion -runner ""
check "fiorion -type <TAB>" "rand seq " fiorion -type ""
check "fiorion -stop<TAB>" "-stop_at_knee " fiorion -stop
check "fio2orion -format <TAB>" "json orion " fio2orion -format ""
check "fio2orion -merge <TAB>" "last mean " fio2orion -merge ""
mkdir "$T/d" && : >"$T/d/p001.json" && : >"$T/d/x.txt" && : >"$T/d/db.lun"
cd "$T/d" || exit 1
check "fio2orion <TAB>: JSON files" "p001.json " fio2orion -testname t ""
check "fiorion -testname <TAB>: .lun files' names" "db " fiorion -testname ""
finish
