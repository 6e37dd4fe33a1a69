/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fr_lunlist.c -- split a list of LUNs (see fr_lunlist.h).
 */
#include "fr_lunlist.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
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

/* fio's get_next_str() (options.c), to the letter: the next name or NULL. */
static char *fio_next_name(char **ptr)
{
	char *str = *ptr, *p, *start;

	if (!str || !*str)
		return NULL;
	start = str;
	for (;;) {
		p = strchr(str, ':');
		if (!p) {
			*ptr = NULL;
			break;
		}
		/* A ':' first: skipped. */
		if (p == start) {
			str = ++start;
			continue;
		}
		if (p[-1] != '\\') {
			*p = '\0';
			*ptr = p + 1;
			break;
		}
		/* "\:" is a ':' of the name: the backslash goes. */
		memmove(p - 1, p, strlen(p) + 1);
		str = p;
	}
	return start;
}

/* fio's strip_blank_end() (parse.c): the value ends at ';' or '#', then blanks go. */
static void fio_strip_end(char *p)
{
	char *start = p, *s;

	if (!*p)
		return;
	s = strchr(p, ';');
	if (s)
		*s = '\0';
	s = strchr(p, '#');
	if (s) {
		*s = '\0';
		p = s;
	}
	s = p + strlen(p);
	while ((isspace((unsigned char)*s) || iscntrl((unsigned char)*s)) && s > start)
		s--;
	s[1] = '\0';
}

int fr_lunlist_fio(const char *text,
		   int (*fn)(void *arg, const char *name, size_t len, unsigned int line),
		   void *arg)
{
	char *copy = strdup(text), *str = copy, *name;
	unsigned int n = 0;
	int ret = 0;

	if (!copy)
		return -ENOMEM;
	while (isspace((unsigned char)*str))
		str++;
	fio_strip_end(str);
	while (!ret && (name = fio_next_name(&str)) != NULL && *name)
		ret = fn(arg, name, strlen(name), ++n);
	free(copy);
	return ret;
}
