/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * mxshape.c -- the matrix shapes' words.
 */
#include "mxshape.h"

#include <errno.h>
#include <string.h>

const char *const mx_matrix_words[] = { "basic", "detailed", "point", "col", "row", "max", NULL };

const char *mx_matrix_name(enum mx_matrix m)
{
	if (m < MX_BASIC || m > MX_MAX)
		return NULL;
	return mx_matrix_words[m - MX_BASIC];
}

int mx_matrix_parse(const char *s, enum mx_matrix *m)
{
	int i;

	for (i = 0; mx_matrix_words[i]; i++)
		if (!strcmp(s, mx_matrix_words[i])) {
			*m = (enum mx_matrix)(MX_BASIC + i);
			return 0;
		}
	return -EINVAL;
}
