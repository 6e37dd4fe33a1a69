/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fr_lunlist.c -- split a list of LUNs (see fr_lunlist.h).
 */
#include "fr_lunlist.h"

#include <string.h>

static int blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

int fr_lunlist_each(const char *text, char sep,
		    int (*fn)(void *arg, const char *name, size_t len, unsigned int line),
		    void *arg)
{
	unsigned int line = 0;
	const char *p = text;

	while (*p) {
		const char *end = strchr(p, sep), *b = p, *e;
		int ret;

		if (!end)
			end = p + strlen(p);
		e = end;
		line++;
		while (b < e && blank(*b))
			b++;
		while (e > b && blank(e[-1]))
			e--;
		if (e > b) {
			ret = fn(arg, b, (size_t)(e - b), line);
			if (ret)
				return ret;
		}
		p = *end ? end + 1 : end;
	}
	return 0;
}
