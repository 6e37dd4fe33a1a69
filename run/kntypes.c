/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * kntypes.c -- a knee's "why" as run.json words it (see kntypes.h).
 */
#include "kntypes.h"

#include <stddef.h>
#include <string.h>

bool kn_why_parse(const char *s, enum kn_why *w)
{
	static const enum kn_why all[] = { KN_OPEN, KN_LATENCY, KN_FLAT, KN_OVER };
	size_t i;

	for (i = 0; s && i < sizeof(all) / sizeof(all[0]); i++)
		if (!strcmp(s, kn_why_name(all[i]))) {
			*w = all[i];
			return true;
		}
	return false;
}

const char *kn_why_name(enum kn_why w)
{
	switch (w) {
	case KN_LATENCY:
		return "latency";
	case KN_FLAT:
		return "flat";
	case KN_OVER:
		return "over";
	case KN_OPEN:
	default:
		return "open";
	}
}
