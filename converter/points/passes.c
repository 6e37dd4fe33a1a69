// SPDX-License-Identifier: GPL-2.0-only
/*
 * passes.c -- -repeat N: the N measurements of a point become one cell.
 *
 * Each pass of point pNNN is its own group while points are built (job
 * names pNNN-sS-lL-KIND-rK). Here they fold: IOPS, MBPS and mean latency
 * are each the median of the N measurements, with the interval across
 * them (interval.h, "passes"); what has no median (histogram bins,
 * percentiles, the trace's per-slot lines, I/O counts, steady state) is
 * the measurement whose figure is the median: small IOPS, or large MBPS
 * at a point without small I/O.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "points.h"
#include "pt_parts.h"
#include "ptsrc.h"

/* The passes of one point: indexes into the set's points. */
struct passes {
	size_t *idx;
	size_t n;
};

/* Median of one figure over the passes of class @cls ('s' or 'l'). */
static void fold_fig(struct pt_set *set, const struct passes *ps, char cls, char fig,
		     struct iv_fig *out, double *dst)
{
	double v[PT_MAX_PASSES], half;
	size_t k;

	for (k = 0; k < ps->n; k++) {
		const struct pt_point *p = &set->pts[ps->idx[k]];
		const struct pt_class *c = cls == 's' ? &p->small : &p->large;

		v[k] = fig == 'i' ? c->iops : fig == 'm' ? c->mbps
							 : c->lat[PT_ALL].mean;
	}
	out->value = iv_median(v, ps->n, &half);
	out->lo = out->value - half > 0 ? out->value - half : 0;
	out->hi = out->value + half;
	*dst = out->value;
}

static void fold_class(struct pt_set *set, const struct passes *ps, struct pt_class *c,
		       char cls)
{
	if (!c->present)
		return;
	fold_fig(set, ps, cls, 'i', &c->iops_iv, &c->iops);
	fold_fig(set, ps, cls, 'm', &c->mbps_iv, &c->mbps);
	fold_fig(set, ps, cls, 'l', &c->lat_iv, &c->lat[PT_ALL].mean);
	c->iv = IV_PASSES;
	c->samples = 0;
}

/* The pass whose headline figure is the median (the lower of two middles). */
static size_t median_pass(const struct pt_set *set, const struct passes *ps)
{
	size_t k, m, best = ps->idx[0];

	for (k = 0; k < ps->n; k++) {
		double x = pt_headline(&set->pts[ps->idx[k]]);
		size_t below = 0, equal = 0;

		for (m = 0; m < ps->n; m++) {
			double y = pt_headline(&set->pts[ps->idx[m]]);

			below += y < x;
			equal += y == x;
		}
		/* x is the median when (n - 1) / 2 values lie below it. */
		if (below <= (ps->n - 1) / 2 && below + equal > (ps->n - 1) / 2)
			return ps->idx[k];
	}
	return best;
}

/* The first part, whose name has no -partK: the base of a pooled point. */
static size_t first_part(const struct pt_set *set, const struct passes *ps)
{
	size_t k;

	for (k = 0; k < ps->n; k++)
		if (set->pts[ps->idx[k]].pass == 1)
			return ps->idx[k];
	return ps->idx[0];
}

static int fold_one(struct pt_set *set, struct passes *ps, struct fr_err *err)
{
	struct pt_point keep;
	bool parts = false;
	size_t k, rep;

	for (k = 1; k < ps->n; k++) {
		const struct pt_point *a = &set->pts[ps->idx[0]], *b = &set->pts[ps->idx[k]];

		if (a->s != b->s || a->l != b->l)
			return fr_errf(err, -EINVAL,
				       "point %u: pass %u is (small=%u, large=%u), pass %u is (%u, %u)",
				       a->number, a->pass, a->s, a->l, b->pass, b->s, b->l);
		if (a->pass == b->pass)
			return fr_errf(err, -EINVAL, "point %u: pass %u measured twice", a->number,
				       a->pass);
	}
	for (k = 0; k < ps->n; k++)
		parts |= set->pts[ps->idx[k]].part;
	rep = parts ? first_part(set, ps) : median_pass(set, ps);
	keep = set->pts[rep];
	if (parts) {
		if ((keep.small.present && ptp_pool_class(set, ps->idx, ps->n, &keep.small, 's')) ||
		    (keep.large.present && ptp_pool_class(set, ps->idx, ps->n, &keep.large, 'l')))
			return fr_errf(err, -ENOMEM, "out of memory");
	} else {
		fold_class(set, ps, &keep.small, 's');
		fold_class(set, ps, &keep.large, 'l');
	}
	keep.passes = (unsigned int)ps->n;
	keep.pass = 0;
	keep.part = parts;
	/* The first pass's slot keeps the point (run order) and every pass's jobs; the rest are freed. */
	for (k = 0; k < ps->n; k++)
		if (ps->idx[k] != rep) {
			if (ps_join(&keep, &set->pts[ps->idx[k]]))
				return fr_errf(err, -ENOMEM, "out of memory");
			pt_point_release(&set->pts[ps->idx[k]]);
		}
	set->pts[ps->idx[0]] = keep;
	for (k = 1; k < ps->n; k++)
		set->pts[ps->idx[k]].passes = 0; /* marks a slot to drop */
	return 0;
}

/* A point's index with its number, ordered by (number, index). */
struct numbered {
	unsigned int number;
	size_t i;
};

static int cmp_numbered(const void *a, const void *b)
{
	const struct numbered *x = a, *y = b;

	if (x->number != y->number)
		return x->number < y->number ? -1 : 1;
	return x->i < y->i ? -1 : x->i > y->i;
}

/*
 * Each point with a pass number, from the first of its number on, takes
 * every later point of that number not yet folded (in index order) as
 * its passes. The points of a number are found in @by (sorted by number,
 * then index) from @first[i], the first entry of point i's number, so
 * that a month of points is not a scan of all others for each.
 */
static int fold(struct pt_set *set, struct ptp_obs **obs, size_t *nobs, struct fr_err *err);

/* Whether the point whose entries start at @by[@from] has a measurement that is no re-measure. */
static bool has_base(const struct pt_set *set, const struct numbered *by, size_t nb, size_t from)
{
	size_t k;

	for (k = from; k < nb && by[k].number == by[from].number; k++)
		if (!set->pts[by[k].i].ref)
			return true;
	return false;
}

int pt_fold_passes(struct pt_set *set, struct fr_err *err)
{
	struct ptp_obs *obs = NULL;
	size_t nobs = 0;
	int ret = fold(set, &obs, &nobs, err);

	if (!ret && nobs && ptp_drift(set, obs, nobs))
		ret = fr_errf(err, -ENOMEM, "out of memory");
	if (!ret)
		ptp_apply_drift(set);
	free(obs);
	return ret;
}

/* The folds of pt_fold_passes(), the measurements observed before (*@obs, when some point has several). */
static int fold(struct pt_set *set, struct ptp_obs **obs, size_t *nobs, struct fr_err *err)
{
	size_t i, k, n = 0, nb = 0, *first = NULL;
	size_t idx[PT_MAX_PASSES];
	struct numbered *by = NULL;
	int ret = 0;

	for (i = 0; i < set->n; i++) {
		set->pts[i].passes = 1;
		n += set->pts[i].pass != 0;
	}
	if (n) {
		by = malloc(n * sizeof(*by));
		first = malloc(set->n * sizeof(*first));
		if (!by || !first) {
			free(by);
			free(first);
			return fr_errf(err, -ENOMEM, "out of memory");
		}
		for (i = 0; i < set->n; i++)
			if (set->pts[i].pass)
				by[nb++] = (struct numbered){ set->pts[i].number, i };
		qsort(by, nb, sizeof(*by), cmp_numbered);
		for (k = 0; k < nb; k++)
			first[by[k].i] = k && by[k - 1].number == by[k].number ? first[by[k - 1].i] : k;
	}
	/* A point measured more than once: the measurements in run order, for the drift. */
	for (k = 1; k < nb && !ret; k++)
		if (by[k - 1].number == by[k].number) {
			if (ptp_observe(set, obs, nobs))
				ret = fr_errf(err, -ENOMEM, "out of memory");
			break;
		}
	for (i = 0; i < set->n && !ret; i++) {
		struct passes ps = { idx, 0 };

		if (!set->pts[i].passes || set->pts[i].pass == 0)
			continue;
		if (set->pts[i].ref && has_base(set, by, nb, first[i])) {
			/* The drift's reference re-measured (observed above): never the cell's. */
			pt_point_release(&set->pts[i]);
			set->pts[i].passes = 0;
			continue;
		}
		set->pts[i].ref = false; /* a re-measure alone (its point's own JSON not read): the cell */
		for (k = first[i]; k < nb && by[k].number == set->pts[i].number; k++) {
			const struct pt_point *q = &set->pts[by[k].i];

			if (by[k].i < i || !q->passes || !q->pass || q->ref)
				continue;
			if (ps.n == PT_MAX_PASSES) {
				ret = fr_errf(err, -EINVAL, "point %u: more than %d passes",
					      set->pts[i].number, PT_MAX_PASSES);
				break;
			}
			idx[ps.n++] = by[k].i;
		}
		if (!ret && ps.n > 1)
			ret = fold_one(set, &ps, err);
		set->pts[i].pass = 0;
	}
	free(by);
	free(first);
	if (ret)
		return ret;
	for (i = 0, n = 0; i < set->n; i++)
		if (set->pts[i].passes)
			set->pts[n++] = set->pts[i];
	set->n = n;
	return 0;
}
