/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fr_size.c -- parse fio's size syntax.
 */
#include "fr_size.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>

int fr_parse_size(const char *v, uint64_t *out)
{
	char *end;
	unsigned long long n;
	uint64_t mult = 1;

	if (!v || !isdigit((unsigned char)*v))
		return -EINVAL;
	errno = 0;
	n = strtoull(v, &end, 10);
	if (errno)
		return -EINVAL;
	switch (tolower((unsigned char)*end)) {
	case 'k':
		mult = 1ULL << 10;
		end++;
		break;
	case 'm':
		mult = 1ULL << 20;
		end++;
		break;
	case 'g':
		mult = 1ULL << 30;
		end++;
		break;
	case 't':
		mult = 1ULL << 40;
		end++;
		break;
	case 'p':
		mult = 1ULL << 50;
		end++;
		break;
	default: break;
	}
	if (mult > 1 && tolower((unsigned char)*end) == 'i')
		end++;
	if (tolower((unsigned char)*end) == 'b')
		end++;
	if (*end || (n && mult > UINT64_MAX / n))
		return -EINVAL;
	*out = n * mult;
	return 0;
}
