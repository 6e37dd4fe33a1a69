// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmpmark.c -- a comparison's marks and its cells (see cmpmark.h).
 */
#include "cmpmark.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "html_priv.h"

/* The ratio's bounds of "unchanged": within CM_CHANGE_PCT % of 1. */
#define CM_LOW (1 - CM_CHANGE_PCT / 100.0)
#define CM_HIGH (1 + CM_CHANGE_PCT / 100.0)

const struct cm_kind_info cm_kinds[CM_NKINDS] = {
	[CM_IOPS] = { "small IOPS", "IOPS", true, true },
	[CM_MBPS] = { "large MBPS", "MBPS", false, true },
	[CM_LAT] = { "small latency", "latency (ms)", true, false },
};

void cm_rule(char *buf, size_t len)
{
	snprintf(buf, len,
		 "Each cell's ratio to A has a 95 %% interval (the two cells' relative half-widths added in quadrature): the cell is changed only when that interval excludes 1 and the ratio is at least %g %% away from 1 (%g or below, %g or above); it is unchanged otherwise, and has no interval (not marked) only when either run's cell has none.",
		 (double)CM_CHANGE_PCT, CM_LOW, CM_HIGH);
}

/* Far enough from 1 to be a change: at most CM_LOW or at least CM_HIGH (within rounding). */
static bool far_from_1(double r)
{
	return r <= CM_LOW + 1e-12 || r >= CM_HIGH - 1e-12;
}

/*
 * The mark of the ratio of @b to @a, in a class where more is
 * @more_is_better, by the rule: iv_differ() against 1, then the distance.
 * The ratio and the reason into @out.
 */
static void mark(const struct iv_fig *a, bool a_iv, const struct iv_fig *b, bool b_iv,
		 bool more_is_better, const char *what, struct cm_ratio *out)
{
	struct iv_verdict v;
	enum iv_side side = iv_differ(a, a_iv, b, b_iv, 1, what, &v);
	double off = fabs(v.r.value - 1) * 100;
	char words[96];

	out->r = v.r;
	if (side == IV_NOINTERVAL) {
		out->mark = CM_NOINTERVAL;
		snprintf(words, sizeof(words), "not marked (no interval)");
	} else if (side == IV_UNDECIDED) {
		out->mark = CM_UNCHANGED;
		snprintf(words, sizeof(words), "unchanged");
	} else if (!far_from_1(v.r.value)) {
		out->mark = CM_UNCHANGED;
		snprintf(words, sizeof(words), "unchanged: %.1f %% from 1, under the %g %% a change needs",
			 off, (double)CM_CHANGE_PCT);
	} else {
		out->mark = (side == IV_ABOVE) == more_is_better ? CM_BETTER : CM_WORSE;
		snprintf(words, sizeof(words), "changed, %s: %.1f %% from 1",
			 out->mark == CM_BETTER ? "better" : "worse", off);
	}
	snprintf(out->why, sizeof(out->why), "%s; %s", v.why, words);
}

bool cm_cell(const struct iv_fig *a, bool a_iv, const struct iv_fig *b, bool b_iv,
	     bool more_is_better, const char *what, struct cm_ratio *out)
{
	struct iv_fig r;

	/* No ratio without a positive reference and a figure to set against it. */
	if (!iv_ratio(a, b, &r) || !(r.value > 0))
		return false;
	mark(a, a_iv, b, b_iv, more_is_better, what, out);
	return true;
}

void cm_class_init(struct cm_class *c, bool more_is_better)
{
	*c = (struct cm_class){ .more_is_better = more_is_better };
}

void cm_class_add(struct cm_class *c, const struct cm_ratio *r)
{
	double up = (r->r.hi - r->r.value) / r->r.value, down = (r->r.value - r->r.lo) / r->r.value;
	double h = up > down ? up : down;

	c->cells++;
	c->n[r->mark]++;
	c->sum_log += log(r->r.value);
	c->sum_h2 += h * h;
}

bool cm_class_geomean(const struct cm_class *c, struct cm_ratio *out)
{
	const struct iv_fig one = { 1, 1, 1 };
	double n = (double)c->cells, h;
	struct iv_fig g;

	if (!c->cells)
		return false;
	g.value = exp(c->sum_log / n);
	h = sqrt(c->sum_h2) / n;
	g.lo = h < 1 ? g.value * (1 - h) : 0;
	g.hi = g.value * (1 + h);
	/* The mean against an exact 1: the cells' rule on its interval. */
	mark(&one, true, &g, !c->n[CM_NOINTERVAL], c->more_is_better, "geometric mean", out);
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

/* The exact figure of class @k of @pt behind the ratio (IOPS untruncated, latency in ns). */
static const struct iv_fig *exact_of(const struct pt_point *pt, enum cm_kind k)
{
	const struct pt_class *c = hr_cls(pt, cm_kinds[k].small);

	return k == CM_IOPS ? &c->iops_iv : k == CM_MBPS ? &c->mbps_iv
							 : &c->lat_iv;
}

/*
 * Class @k of @pt: whether it has it (*@in), its figure as the page shows
 * it (*@v), untruncated with its interval in the page's unit (*@e), and
 * whether it has an interval (*@iv, hr_interval()'s rule).
 */
static void figure_of(const struct pt_point *pt, enum cm_kind k, bool *in, double *v,
		      struct iv_fig *e, bool *iv)
{
	static const enum hr_val val[CM_NKINDS] = { V_IOPS, V_MBPS, V_LAT };
	const struct pt_class *c = pt ? hr_cls(pt, cm_kinds[k].small) : NULL;
	double unit = k == CM_LAT ? hr_lat_ns : 1;

	*in = c && c->present && (k != CM_LAT || c->lat[PT_ALL].n);
	*v = *in ? hr_value(pt, cm_kinds[k].small, val[k]) : NAN;
	*iv = *in && hr_interval(pt, cm_kinds[k].small, val[k], &e->lo, &e->hi);
	e->value = *in ? exact_of(pt, k)->value / unit : NAN;
	if (!*iv)
		e->lo = e->hi = e->value;
}

/* Row @w's figures and ratios, each counted in @cm. */
static void fill_row(struct cm_row *w, struct cm_class *cm)
{
	static const char *const what[CM_NKINDS] = { "IOPS", "MBPS", "latency" };
	size_t k;

	for (k = 0; k < CM_NKINDS; k++) {
		struct cm_fig *f = &w->k[k];

		memset(f, 0, sizeof(*f));
		figure_of(w->pa, (enum cm_kind)k, &f->in_a, &f->a, &f->ea, &f->a_iv);
		figure_of(w->pb, (enum cm_kind)k, &f->in_b, &f->b, &f->eb, &f->b_iv);
		f->have = f->in_a && f->in_b &&
			cm_cell(exact_of(w->pa, (enum cm_kind)k), f->a_iv,
				exact_of(w->pb, (enum cm_kind)k), f->b_iv, cm_kinds[k].more_is_better,
				what[k], &f->r);
		if (f->have)
			cm_class_add(&cm[k], &f->r);
	}
}

void cm_walk(const struct pt_set *A, const struct pt_set *B,
	     void (*fn)(const struct cm_row *row, void *arg), void *arg,
	     struct cm_class cm[CM_NKINDS])
{
	size_t i = 0, j = 0, k;

	for (k = 0; k < CM_NKINDS; k++)
		cm_class_init(&cm[k], cm_kinds[k].more_is_better);
	while (i < A->n || j < B->n) {
		const struct pt_point *pa = i < A->n ? &A->pts[A->by_load[i]] : NULL;
		const struct pt_point *pb = j < B->n ? &B->pts[B->by_load[j]] : NULL;
		struct cm_row w;
		int cmp;

		if (pa && pb)
			cmp = pa->s != pb->s	 ? (pa->s < pb->s ? -1 : 1)
				: pa->l != pb->l ? (pa->l < pb->l ? -1 : 1)
						 : 0;
		else
			cmp = pa ? -1 : 1;
		w.pa = cmp <= 0 ? pa : NULL;
		w.pb = cmp >= 0 ? pb : NULL;
		w.s = w.pa ? w.pa->s : w.pb->s;
		w.l = w.pa ? w.pa->l : w.pb->l;
		fill_row(&w, cm);
		if (fn)
			fn(&w, arg);
		if (w.pa)
			i++;
		if (w.pb)
			j++;
	}
}

void cm_class_line(char *buf, size_t len, const char *b_label, const char *a_label,
		   enum cm_kind k, const struct cm_class *c)
{
	struct cm_ratio g;
	int n;

	n = snprintf(buf, len, "%s / %s, %s: %zu cells, %zu changed (%zu better, %zu worse), %zu unchanged, %zu without an interval",
		     b_label, a_label, cm_kinds[k].name, c->cells,
		     c->n[CM_BETTER] + c->n[CM_WORSE], c->n[CM_BETTER], c->n[CM_WORSE],
		     c->n[CM_UNCHANGED], c->n[CM_NOINTERVAL]);
	if (n < 0 || (size_t)n >= len || !cm_class_geomean(c, &g))
		return;
	if (g.mark == CM_NOINTERVAL)
		snprintf(buf + n, len - (size_t)n, "; geometric mean %.3f (no interval: some cell has none)",
			 g.r.value);
	else
		snprintf(buf + n, len - (size_t)n, "; geometric mean %.3f (95 %% interval %.3f-%.3f): %s",
			 g.r.value, g.r.lo, g.r.hi,
			 g.mark == CM_UNCHANGED	       ? "unchanged"
				 : g.mark == CM_BETTER ? "changed, better"
						       : "changed, worse");
}
