/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dropin.h -- fiorion put where a script expects its orion binary: the
 * environment that chooses the ORION release's layout and shortens the
 * points without editing the script, and ORION's sizes as scripts write
 * them.
 */
#ifndef FIORION_DROPIN_H
#define FIORION_DROPIN_H

#include <stdbool.h>

struct opts;

/* Where the layout in force came from (dropin_env()). */
enum dropin_from {
	DI_DEFAULT,	  /* fiorion's own default, 10.2 */
	DI_DEFAULT_ORION, /* run as orion: 19c */
	DI_OPTION,	  /* -compat */
	DI_ENV,		  /* FIORION_COMPAT */
};

/*
 * Whether the program was run under a name of ORION's (@argv0's last
 * component begins with "orion": orion, orion_linux_x86-64): a drop-in,
 * whose default layout is 19c's, not fiorion's own 10.2.
 */
bool dropin_as_orion(const char *argv0);

/*
 * The layout: -compat if given (@compat_given), else FIORION_COMPAT=V (a
 * release as or_compat_parse() reads it), else 19c when run as orion
 * (@argv0, dropin_as_orion()), else 10.2. FIORION_DURATION=S overrides
 * -duration (1 to 86400 s). A bad value is one message naming the
 * variable and exit status 2. Records where each came from in @o; the
 * override is noted on stderr unless @quiet (-help, -version, -jobfile,
 * whose job file says its own runtime).
 */
void dropin_env(struct opts *o, const char *argv0, bool compat_given, bool quiet);

/* "19c (from FIORION_COMPAT)": the layout in force and where it came from. */
const char *dropin_layout_text(const struct opts *o);

/*
 * The sentence that says a run was shortened by FIORION_DURATION
 * ("FIORION_DURATION=2 overrode -duration 60: ..."), or NULL when it
 * was not set. For stderr, the summary and run.json.
 */
const char *dropin_duration_note(const struct opts *o);

/*
 * An ORION size in KB for -@opt: a whole number, or one with a k/K
 * suffix (a public script's "-size_small 8k"), read as KB with a note on
 * stderr; any other suffix is refused, saying to give KB without one.
 */
long dropin_size_kb(const char *opt, const char *v, long min, long max);

#endif
