/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * dropin.c -- fiorion as a drop-in orion. Scripts run ORION as written:
 * they cannot be given -compat or a shorter -duration without editing
 * them, so the environment says both: FIORION_COMPAT picks the release
 * whose files the script globs for (11.1+ name them
 * <testname>_<YYYYMMDD>_<HHMM>_...), FIORION_DURATION shortens every
 * point for a smoke run of a script that hard-codes ORION's 60 s. A
 * shortened run says so on stderr, in the summary and in run.json, so it
 * is never taken for a real one. The command line wins over the
 * environment for the layout; FIORION_DURATION wins over -duration (the
 * script's value is what it overrides).
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "dropin.h"
#include "orion_report.h"

bool dropin_as_orion(const char *argv0)
{
	const char *base = argv0 ? strrchr(argv0, '/') : NULL;

	base = base ? base + 1 : argv0;
	return base && !strncmp(base, "orion", 5);
}

void dropin_env(struct opts *o, const char *argv0, bool compat_given, bool quiet)
{
	const char *e = getenv("FIORION_COMPAT");
	char *end;
	long v;

	o->compat_from = compat_given ? DI_OPTION : DI_DEFAULT;
	/*
	 * The ORION people have is the one in $ORACLE_HOME/bin of 12c and
	 * 19c (the standalone 10.2 and 11.1 downloads are long gone), and
	 * scripts written for 10.2 glob names the dated layouts match too.
	 */
	if (!compat_given && dropin_as_orion(argv0)) {
		o->ri.compat = OR_COMPAT_19C;
		o->compat_from = DI_DEFAULT_ORION;
	}
	if (e && !compat_given) {
		or_compat_take("FIORION_COMPAT=", e,
			       " (the ORION release whose files to write, as -compat)", &o->ri.compat);
		o->compat_from = DI_ENV;
	}
	e = getenv("FIORION_DURATION");
	if (!e)
		return;
	errno = 0;
	v = strtol(e, &end, 10);
	if (!isdigit((unsigned char)*e) || *end || errno || v < 1 || v > 86400)
		die_usage("FIORION_DURATION='%s': give whole seconds per data point, 1 to 86400 (it overrides -duration)",
			  e);
	o->duration_asked = (long)o->ri.duration;
	o->duration_asked_auto = o->ri.duration_auto != 0;
	o->ri.duration_env = (uint64_t)v;
	o->ri.duration = (uint64_t)v;
	o->ri.duration_auto = 0;
	if (!quiet)
		fr_note("%s", dropin_duration_note(o));
}

const char *dropin_layout_text(const struct opts *o)
{
	static const char *const from[] = { "default", "default as orion", "-compat", "FIORION_COMPAT" };
	static char buf[64];

	snprintf(buf, sizeof(buf), "%s (%s%s)", or_layout(o->ri.compat)->name,
		 o->compat_from >= DI_OPTION ? "from " : "", from[o->compat_from]);
	return buf;
}

const char *dropin_duration_note(const struct opts *o)
{
	static char buf[256];

	if (!o->ri.duration_env)
		return NULL;
	snprintf(buf, sizeof(buf),
		 "FIORION_DURATION=%" PRIu64 " overrode -duration %s%ld: every point ran %" PRIu64 " s, a shortened (smoke) run, not a calibration",
		 o->ri.duration_env, o->duration_asked_auto ? "auto:" : "", o->duration_asked,
		 o->ri.duration_env);
	return buf;
}

long dropin_size_kb(const char *opt, const char *v, long min, long max)
{
	char *end;
	long n;

	errno = 0;
	n = strtol(v, &end, 10);
	if (end == v || errno || !isdigit((unsigned char)*v))
		die_usage("-%s '%s': expected a size in KB, a whole number from %ld to %ld", opt, v, min,
			  max);
	if (*end && !((end[0] == 'k' || end[0] == 'K') && !end[1]))
		die_usage("-%s '%s': give the size in KB as a plain number (ORION reads KB; drop the '%s')",
			  opt, v, end);
	if (n < min || n > max)
		die_usage("-%s %ld: must be from %ld to %ld KB", opt, n, min, max);
	if (*end)
		fr_note("-%s %s read as %ld KB (ORION's unit; the suffix is not needed)", opt, v, n);
	return n;
}
