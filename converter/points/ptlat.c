/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ptlat.c -- combining latency over a point's jobs. What can be kept
 * exactly is (count, mean, min, max, variance, histogram bins);
 * percentiles are recomputed from merged bins when json+ gave them, else
 * they are the I/O-weighted mean of the jobs' percentiles (an
 * approximation, the only one here). And what a point holds, freed.
 */
#include "pt_priv.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fjbins.h"
#include "lathist.h"
#include "points.h"

/*
 * @src's bins merged into @dst's: a new list, or @src's own (one more
 * reference) while @dst has none -- a class of one job holds its job's.
 */
static int add_bins(struct fj_lat *dst, const struct fj_lat *src)
{
	struct fj_bin *m, *a, *b;
	size_t i = 0, j = 0, n = 0;
	int ret = -ENOMEM;

	if (!src->nbins)
		return 0;
	if (!dst->nbins) {
		fjh_unref(dst->hist);
		dst->hist = fjh_ref(src->hist);
		dst->nbins = src->nbins;
		dst->pct_of = NULL;
		return 0;
	}
	a = fjh_bins(dst);
	b = fjh_bins(src);
	m = malloc((dst->nbins + src->nbins) * sizeof(*m));
	if (a && b && m) {
		while (i < dst->nbins || j < src->nbins) {
			if (j == src->nbins || (i < dst->nbins && a[i].ns < b[j].ns)) {
				m[n++] = a[i++];
			} else if (i == dst->nbins || b[j].ns < a[i].ns) {
				m[n++] = b[j++];
			} else {
				m[n] = a[i++];
				m[n++].count += b[j++].count;
			}
		}
		ret = fjh_set(dst, m, n);
	}
	free(a);
	free(b);
	free(m);
	return ret;
}

void ptl_release(struct fj_lat *l)
{
	fjh_clear(l);
	free(l->pct);
	free(l->pct_ns);
	memset(l, 0, sizeof(*l));
}

static void class_release(struct pt_class *c)
{
	int k;

	for (k = 0; k < 3; k++)
		ptl_release(&c->lat[k]);
	free(c->slots);
	memset(c, 0, sizeof(*c));
}

/* points.h: here, beside its latencies', for points.c and the passes' fold (passes.c). */
void pt_point_release(struct pt_point *p)
{
	class_release(&p->small);
	class_release(&p->large);
	free(p->srcs);
	p->srcs = NULL;
	p->nsrcs = 0;
}

/*
 * Fold @src into @dst. Means, variances and percentiles are kept as
 * sums weighted by n until ptl_finish() divides them out.
 */
int ptl_add(struct fj_lat *dst, const struct fj_lat *src,
	    bool *bins_ok)
{
	double n = (double)src->n;
	unsigned int i, k;

	if (!src->present || !src->n)
		return 0;
	if (!dst->n) {
		dst->min = src->min;
		dst->max = src->max;
	} else {
		if (src->min < dst->min)
			dst->min = src->min;
		if (src->max > dst->max)
			dst->max = src->max;
	}
	dst->present = true;
	dst->mean += n * src->mean;
	dst->stddev += n * (src->stddev * src->stddev + src->mean * src->mean);
	for (i = 0; i < src->npct; i++) {
		for (k = 0; k < dst->npct; k++)
			if (fabs(dst->pct[k] - src->pct[i]) < 1e-9)
				break;
		if (k == dst->npct) {
			double *np, *nv;

			if (k == FJ_MAX_PCT)
				continue;
			np = realloc(dst->pct, (k + 1) * sizeof(*np));
			if (np)
				dst->pct = np;
			nv = np ? realloc(dst->pct_ns, (k + 1) * sizeof(*nv)) : NULL;
			if (!nv)
				return -ENOMEM;
			dst->pct_ns = nv;
			dst->pct[k] = src->pct[i];
			dst->pct_ns[k] = 0;
			dst->npct++;
		}
		dst->pct_ns[k] += n * src->pct_ns[i];
	}
	dst->pct_of = NULL; /* sums now, until ptl_finish() */
	dst->pct_from_clat |= src->pct_from_clat;
	dst->bins_from_clat |= src->bins_from_clat;
	if (!src->nbins)
		*bins_ok = false;
	dst->n += src->n;
	return add_bins(dst, src);
}

/*
 * The count from which @total I/Os reach @p % (fio's rule, lathist.h's
 * lh_pct_reached()): a count is an integer that a long double holds
 * exactly, so it reaches the threshold when it reaches its ceiling.
 * UINT64_MAX with *@never set when no count does.
 */
static uint64_t pct_want(double p, uint64_t total, bool *never)
{
	long double thr = (long double)p / 100.0 * (long double)total;

	*never = thr != thr || thr > 18446744073709551615.0L;
	if (*never)
		return UINT64_MAX;
	return thr <= 0 ? 0 : (uint64_t)ceill(thr);
}

/*
 * Every percentile of @l from its bins, as pt_percentile() finds each
 * (the first bin whose running count reaches it, the last when none
 * does), in one pass over the bins: the wanted counts in ascending order.
 */
static void pcts_from_bins(struct fj_lat *l)
{
	uint64_t want[FJ_MAX_PCT], c = 0, total;
	unsigned int order[FJ_MAX_PCT], k, i, n = 0, done = 0;
	bool never, wraps, set[FJ_MAX_PCT] = { false };
	struct fjh_it it;
	struct fj_bin b = { 0, 0 };

	total = fjh_total(l, &wraps);
	if (wraps || l->npct > FJ_MAX_PCT) { /* no longer in order: each scanned */
		for (k = 0; k < l->npct; k++)
			l->pct_ns[k] = pt_percentile(l, l->pct[k]);
		return;
	}
	for (k = 0; k < l->npct; k++) {
		want[k] = pct_want(l->pct[k], total, &never);
		if (never)
			continue; /* the last bin's, below */
		for (i = n++; i > 0 && want[order[i - 1]] > want[k]; i--)
			order[i] = order[i - 1];
		order[i] = k;
	}
	for (fjh_begin(&it, l); fjh_next(&it, &b);) {
		c += b.count;
		while (done < n && c >= want[order[done]]) {
			set[order[done]] = true;
			l->pct_ns[order[done++]] = b.ns;
		}
		if (done == l->npct)
			break; /* all found */
	}
	for (k = 0; k < l->npct; k++) /* none reached it: the last bin's (where the loop ended) */
		if (!set[k])
			l->pct_ns[k] = b.ns;
}

void ptl_finish(struct fj_lat *l, bool bins_ok, const struct fj_lat *twin)
{
	double n = (double)l->n, var;
	unsigned int k;

	l->pct_of = NULL;
	if (!l->n) {
		ptl_release(l);
		return;
	}
	l->mean /= n;
	var = l->stddev / n - l->mean * l->mean;
	l->stddev = var > 0 ? sqrt(var) : 0;
	for (k = 0; k < l->npct; k++)
		l->pct_ns[k] /= n;
	if (!bins_ok) {
		/* Some job had no bins: a partial histogram would lie. */
		fjh_clear(l);
	}
	if (!l->npct || !l->nbins)
		return;
	/* The same list and percentiles as @twin (a class's one direction): its answers. */
	if (twin && twin->nbins && twin->hist == l->hist && twin->npct == l->npct &&
	    !memcmp(twin->pct, l->pct, l->npct * sizeof(*l->pct)))
		memcpy(l->pct_ns, twin->pct_ns, l->npct * sizeof(*l->pct_ns));
	else
		pcts_from_bins(l);
	l->pct_of = l->hist; /* pt_percentile() may answer from them */
}

double pt_percentile(const struct fj_lat *lat, double p)
{
	unsigned int k;

	/* A percentile ptl_finish() found from these very bins: its answer. */
	for (k = 0; lat->nbins && lat->pct_of == lat->hist && k < lat->npct; k++)
		if (lat->pct[k] == p)
			return lat->pct_ns[k];
	if (lat->nbins) {
		uint64_t cum = 0, want;
		struct fjh_it it;
		struct fj_bin b = { 0, 0 };
		bool never, wraps;
		/* fio's rule: the first bucket where p% of samples are reached. */
		want = pct_want(p, fjh_total(lat, &wraps), &never);
		for (fjh_begin(&it, lat); fjh_next(&it, &b);) {
			cum += b.count;
			if (!never && cum >= want)
				break;
		}
		return b.ns; /* found, or the last bin's */
	}
	for (k = 0; k < lat->npct; k++) {
		if (fabs(lat->pct[k] - p) < 1e-9)
			return lat->pct_ns[k];
		if (lat->pct[k] > p && k > 0) {
			double f = (p - lat->pct[k - 1]) /
				(lat->pct[k] - lat->pct[k - 1]);

			return lat->pct_ns[k - 1] +
				f * (lat->pct_ns[k] - lat->pct_ns[k - 1]);
		}
	}
	return -1;
}
