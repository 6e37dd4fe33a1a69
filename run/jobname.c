/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * jobname.c -- pNNN-sS-lL-KIND[-rK|-partK|-refK], written and read (jobname.h).
 */
#include "jobname.h"

#include <stdio.h>
#include <string.h>

static const char *kind_word(char kind)
{
	switch (kind) {
	case JN_SMALL:
		return "small";
	case JN_LARGE:
		return "large";
	default:
		return "warm";
	}
}

int jn_format(char *buf, size_t len, const struct jn_name *n)
{
	if (n->pass > 1)
		return snprintf(buf, len, "p%03u-s%u-l%u-%s-%s%u", n->num, n->s, n->l,
				kind_word(n->kind), n->ref ? "ref" : n->part ? "part"
									     : "r",
				n->pass);
	return snprintf(buf, len, "p%03u-s%u-l%u-%s", n->num, n->s, n->l, kind_word(n->kind));
}

bool jn_parse(const char *name, struct jn_name *n)
{
	struct jn_name v;
	char k[8];
	int at = 0, m = 0;

	v.pass = 1;
	v.part = v.ref = false;
	if (sscanf(name, "p%u-s%u-l%u-%7[a-z]%n", &v.num, &v.s, &v.l, k, &at) != 4)
		return false;
	if (!strncmp(name + at, "-part", 5)) {
		v.part = true;
		if (sscanf(name + at, "-part%u%n", &v.pass, &m) != 1 || v.pass < 2)
			return false;
	} else if (!strncmp(name + at, "-ref", 4)) {
		v.ref = true;
		if (sscanf(name + at, "-ref%u%n", &v.pass, &m) != 1 || v.pass < 2)
			return false;
	} else if (name[at] == '-' && (sscanf(name + at, "-r%u%n", &v.pass, &m) != 1 || v.pass < 2)) {
		return false;
	}
	if (name[at + m] != '\0')
		return false;
	if (!strcmp(k, "small"))
		v.kind = JN_SMALL;
	else if (!strcmp(k, "large"))
		v.kind = JN_LARGE;
	else if (!strcmp(k, "warm"))
		v.kind = JN_WARM;
	else
		return false;
	*n = v;
	return true;
}
