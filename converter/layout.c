/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * layout.c -- ORION's layouts: the table and its names.
 */
#include "layout.h"

#include <errno.h>
#include <string.h>

static const struct or_layout layouts[] = {
	[OR_COMPAT_102] = { "10.2", false, false, 2, 0, false, true, false, false },
	[OR_COMPAT_111] = { "11.1", true, false, 2, 0, false, false, false, false },
	[OR_COMPAT_112] = { "11.2", true, true, 2, 0, false, false, true, false },
	[OR_COMPAT_121] = { "12.1", true, true, 2, 1, true, false, true, false },
	[OR_COMPAT_122] = { "12.2", true, true, 3, 3, true, false, true, true },
	[OR_COMPAT_19C] = { "19c", true, true, 3, 3, true, false, true, true },
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

int or_compat_parse(const char *s, enum or_compat *c)
{
	unsigned int i;

	for (i = 0; i < sizeof(layouts) / sizeof(layouts[0]); i++)
		if (layouts[i].name && !strcmp(s, layouts[i].name)) {
			*c = (enum or_compat)i;
			return 0;
		}
	return -EINVAL;
}
