// SPDX-License-Identifier: GPL-2.0-only
/*
 * lmshared.c -- whether a cap found on a ladder of one class holds small
 * and large I/O together (limit.h's struct lm_shared): a cloud disk caps
 * all its I/O (IOPS of every size, MB/s of every size), a per-class limit
 * does not. The mixed cells of the matrix (small and large at once, each
 * class at or past the cap's first load on the cap's side) read, in all,
 * the cap's figure: total IOPS for a cap in IOPS, total MBPS for one in
 * MBPS.
 *
 * Shared: LM_SHARED_MIN cells or more, all but a quarter within LM_BAND of
 * the cap, at most an eighth over it (by at most LM_OVER_MAX), none short
 * by more than LM_SHORT_MAX: the plateau's own tests (limit.h). Not
 * shared: more than an eighth of them over the band, by more than
 * LM_OVER_MAX (the mixed cells moved more than the cap lets through: it
 * holds one class only). Otherwise nothing is said. Where a cap of a
 * ladder of one class (at the other load 0) is shared, the ladders of
 * mixed cells (at another load) show its shares as plateaus of their own:
 * those are not named apart (lm_shared_fold()).
 */
#include "limit.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* @p's total, in the unit of a cap on the small (IOPS) or large (MBPS) side; < 0 when @p is no such cell. */
static double total(const struct pt_point *p, const struct lm_limit *l)
{
	const struct pt_class *s = &p->small, *g = &p->large;

	if (!p->s || !p->l || !s->present || !g->present || s->rated || g->rated)
		return -1;
	if ((l->small ? p->s : p->l) < l->from)
		return -1;
	return l->small ? s->iops + g->iops : s->mbps + g->mbps;
}

void lm_shared(const struct pt_set *pts, struct lm_limit *l)
{
	struct lm_shared *h = &l->shared;
	struct lm_tally t = { 0 };
	size_t i;

	memset(h, 0, sizeof(*h));
	/* A cap of a one-class ladder only: a mixed ladder's plateau is a share already. */
	if (l->kind != LM_CAP || l->fixed || !(l->value > 0))
		return;
	for (i = 0; i < pts->n; i++) {
		double v = total(&pts->pts[i], l);

		if (!(v >= 0))
			continue;
		h->min = t.n ? fmin(h->min, v) : v;
		h->max = t.n ? fmax(h->max, v) : v;
		lm_tally_add(&t, v / l->value - 1);
	}
	h->n = t.n;
	h->nover = t.nover;
	h->nshort = t.nshort;
	h->spread = t.spread;
	if (t.n < LM_SHARED_MIN)
		h->verdict = 0;
	else if (lm_tally_held(&t))
		h->verdict = 1;
	else if ((double)t.nover > LM_OVER_SHARE * (double)t.n && h->max > l->value * (1 + LM_OVER_MAX))
		h->verdict = -1;
}

void lm_shared_words(const struct lm_limit *l, char *buf, size_t len)
{
	const struct lm_shared *h = &l->shared;
	const char *unit = l->small ? "IOPS" : "MBPS", *axis = l->small ? "Small" : "Large";
	int dec = l->small ? 0 : 2;
	char fold[160] = "";

	buf[0] = '\0';
	if (h->folded)
		snprintf(fold, sizeof(fold), "; the plateaus of the %zu ladders of mixed cells are its shares, not named apart",
			 h->folded);
	if (h->verdict > 0)
		snprintf(buf, len,
			 "; small and large I/O together: the %zu mixed cells from %s=%u read %.*f-%.*f %s in all, %zu of them within %.0f %% of it (the furthest %.1f %%): one cap on all I/O (a cloud disk's)%s",
			 h->n, axis, l->from, dec, h->min, dec, h->max, unit, h->n - h->nover - h->nshort,
			 100 * LM_BAND, 100 * h->spread, fold);
	else if (h->verdict < 0)
		snprintf(buf, len,
			 "; not on small and large I/O together: %zu of the %zu mixed cells from %s=%u read over it in all (up to %.*f %s): a cap on %s I/O alone",
			 h->nover, h->n, axis, l->from, dec, h->max, unit, l->small ? "small" : "large");
}

size_t lm_shared_fold(struct lm_limit *l, size_t n)
{
	size_t i, k = 0;
	bool one = false;

	for (i = 0; i < n; i++)
		one |= !l[i].fixed && l[i].shared.verdict > 0;
	for (i = 0; i < n; i++)
		if (!one || !l[i].fixed)
			l[k++] = l[i];
	for (i = 0; one && i < k; i++)
		l[i].shared.folded = n - k;
	return k;
}
