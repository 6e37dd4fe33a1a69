/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fuzz_lunlist.c -- libFuzzer harness: any bytes as a .lun file and as a
 * luns= option (fr_lunlist.c): every entry handed out lies inside the
 * input, is trimmed, and is not empty.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fr_lunlist.h"

struct span {
	const char *buf;
	size_t len;
};

static int check(void *arg, const char *name, size_t len, unsigned int line)
{
	const struct span *s = arg;

	if (!len || name < s->buf || name + len > s->buf + s->len || !line ||
	    name[0] == ' ' || name[len - 1] == ' ')
		abort();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *text = malloc(size + 1);
	struct span s;

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	s.buf = text;
	s.len = strlen(text);
	fr_lunlist_each(text, '\n', check, &s);
	fr_lunlist_each(text, ':', check, &s);
	free(text);
	return 0;
}
