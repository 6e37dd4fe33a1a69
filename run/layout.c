/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * layout.c -- ORION's layouts: the table and its names.
 */
#include "layout.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fr_cli.h"

static const struct or_layout layouts[] = {
	[OR_COMPAT_102] = { "10.2", false, false, 2, 0, false, true, false, false, false, false },
	[OR_COMPAT_111] = { "11.1", true, false, 2, 0, false, false, false, false, false, false },
	[OR_COMPAT_112] = { "11.2", true, true, 2, 0, false, false, true, false, false, false },
	[OR_COMPAT_121] = { "12.1", true, true, 2, 1, true, false, true, false, false, false },
	[OR_COMPAT_122] = { "12.2", true, true, 3, 3, true, false, true, true, false, false },
	[OR_COMPAT_19C] = { "19c", true, true, 3, 3, true, false, true, false, true, true },
};

const struct or_layout *or_layout(enum or_compat c)
{
	if (c == OR_COMPAT_UNKNOWN || (unsigned int)c >= sizeof(layouts) / sizeof(layouts[0]))
		c = OR_COMPAT_102;
	return &layouts[c];
}

const char *or_compat_name(enum or_compat c)
{
	return c == OR_COMPAT_UNKNOWN ? NULL : or_layout(c)->name;
}

/* The layout named exactly @s ("10.2" .. "19c"), or OR_COMPAT_UNKNOWN. */
static enum or_compat by_name(const char *s)
{
	unsigned int i;

	for (i = 0; i < sizeof(layouts) / sizeof(layouts[0]); i++)
		if (layouts[i].name && !strcmp(s, layouts[i].name))
			return (enum or_compat)i;
	return OR_COMPAT_UNKNOWN;
}

/*
 * A release as DBAs and ORION's banner write it: MAJOR, MAJORc/MAJORg,
 * or MAJOR.MINOR[.N[.N[.N]]] (11.2.0.4, 19.3, 10.2.0.1.0): its major and
 * minor (-1 when not given). False when @s is not of that shape.
 */
static bool release(const char *s, long *major, long *minor)
{
	const char *p = s;
	char *end;
	int parts = 0;

	*minor = -1;
	if (*p < '0' || *p > '9')
		return false;
	*major = strtol(p, &end, 10);
	p = end;
	if ((*p == 'c' || *p == 'g') && !p[1])
		return *major >= 10 && *major <= 99;
	while (*p == '.' && parts < 4) {
		if (p[1] < '0' || p[1] > '9' || strlen(p + 1) > 16)
			return false;
		if (!parts++)
			*minor = strtol(p + 1, &end, 10);
		else
			strtol(p + 1, &end, 10);
		p = end;
	}
	return !*p && *major >= 10 && *major <= 99;
}

int or_compat_parse(const char *s, enum or_compat *c)
{
	enum or_compat named = by_name(s);
	long major, minor;

	if (named != OR_COMPAT_UNKNOWN) {
		*c = named;
		return 0;
	}
	if (!release(s, &major, &minor))
		return -EINVAL;
	/* 10g shipped ORION in 10.2 only; 18c is 12.2.0.2 (its layout is 12.2's). */
	if (major == 10 && (minor < 0 || minor == 2))
		named = OR_COMPAT_102;
	else if ((major == 11 || major == 12) && minor < 0)
		return -EAGAIN; /* 11g, 12c: two releases with different files */
	else if (major == 11 && (minor == 1 || minor == 2))
		named = minor == 1 ? OR_COMPAT_111 : OR_COMPAT_112;
	else if (major == 12 && (minor == 1 || minor == 2))
		named = minor == 1 ? OR_COMPAT_121 : OR_COMPAT_122;
	else if (major == 18)
		named = OR_COMPAT_122;
	else if (major == 19)
		named = OR_COMPAT_19C;
	else
		return -EINVAL;
	*c = named;
	return 0;
}

/* Why @s was refused by or_compat_parse(), in @buf ("11g is 11.1 or 11.2 ..."). */
static const char *or_compat_why(const char *s, char *buf, size_t len)
{
	long major, minor;

	if (release(s, &major, &minor) && minor < 0 && (major == 11 || major == 12))
		snprintf(buf, len, "%s is %ld.1 or %ld.2, whose files differ (%s): give one", s,
			 major, major,
			 major == 11 ? "11.2 writes latency in us, 11.1 in ms"
				     : "12.2 writes three latency decimals, 12.1 two");
	else if (release(s, &major, &minor) && major > 19)
		snprintf(buf, len,
			 "no ORION layout is recorded after 19c; give 19c for the latest known (or %s)",
			 OR_COMPAT_NAMES);
	else
		snprintf(buf, len,
			 "not an ORION release: give %s, or a full version as the banner prints it (11.2.0.4, 19.3)",
			 OR_COMPAT_NAMES);
	return buf;
}

void or_compat_take(const char *name, const char *v, const char *note, enum or_compat *c)
{
	char why[256];

	if (or_compat_parse(v, c))
		die_usage("%s'%s': %s%s", name, v, or_compat_why(v, why, sizeof(why)), note);
}
