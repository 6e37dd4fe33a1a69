// SPDX-License-Identifier: GPL-2.0-only
/*
 * lmtally.c -- figures counted against a limit (limit.h's struct
 * lm_tally): the plateau's test (limit.c) and a cap's mixed cells'
 * (lmshared.c) alike.
 */
#include "limit.h"

#include <math.h>

void lm_tally_add(struct lm_tally *t, double d)
{
	t->n++;
	t->nshort += d < -LM_BAND;
	t->nover += d > LM_BAND;
	t->nfar += d > LM_OVER_MAX || d < -LM_SHORT_MAX;
	if (fabs(d) <= LM_BAND && fabs(d) > t->spread)
		t->spread = fabs(d);
}

bool lm_tally_held(const struct lm_tally *t)
{
	return !t->nfar && (double)t->nshort <= LM_SHORT_SHARE * (double)t->n &&
		(double)t->nover <= LM_OVER_SHARE * (double)t->n;
}
