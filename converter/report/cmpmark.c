// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmpmark.c -- a comparison's marks (see cmpmark.h).
 */
#include "cmpmark.h"

#include <math.h>

/* The mark of ratio @r (with an interval) in a class where more is @better. */
static enum cm_mark decide(const struct iv_fig *r, bool more_is_better)
{
	if (r->lo <= 1 && r->hi >= 1)
		return CM_UNCHANGED;
	return (r->lo > 1) == more_is_better ? CM_BETTER : CM_WORSE;
}

bool cm_cell(const struct iv_fig *a, bool a_iv, const struct iv_fig *b, bool b_iv,
	     bool more_is_better, struct cm_ratio *out)
{
	if (!iv_ratio(a, b, &out->r) || !(out->r.value > 0))
		return false;
	if (!a_iv || !b_iv) {
		out->r.lo = out->r.hi = out->r.value;
		out->mark = CM_NOINTERVAL;
		return true;
	}
	/* A ratio is never negative: a half-width over 100 % stops at 0. */
	if (out->r.lo < 0)
		out->r.lo = 0;
	out->mark = decide(&out->r, more_is_better);
	return true;
}

void cm_class_init(struct cm_class *c, bool more_is_better)
{
	*c = (struct cm_class){ .more_is_better = more_is_better };
}

void cm_class_add(struct cm_class *c, const struct cm_ratio *r)
{
	double h = (r->r.hi - r->r.value) / r->r.value;

	c->cells++;
	c->n[r->mark]++;
	c->sum_log += log(r->r.value);
	c->sum_h2 += h * h;
}

bool cm_class_geomean(const struct cm_class *c, struct cm_ratio *out)
{
	double n = (double)c->cells, h;

	if (!c->cells)
		return false;
	out->r.value = exp(c->sum_log / n);
	if (c->n[CM_NOINTERVAL]) {
		out->r.lo = out->r.hi = out->r.value;
		out->mark = CM_NOINTERVAL;
		return true;
	}
	h = sqrt(c->sum_h2) / n;
	out->r.lo = h < 1 ? out->r.value * (1 - h) : 0;
	out->r.hi = out->r.value * (1 + h);
	out->mark = decide(&out->r, c->more_is_better);
	return true;
}

const char *cm_mark_class(enum cm_mark m)
{
	switch (m) {
	case CM_BETTER:
		return "changed better";
	case CM_WORSE:
		return "changed worse";
	case CM_UNCHANGED:
		return "unchanged";
	case CM_NOINTERVAL:
		break;
	}
	return "nointerval";
}
