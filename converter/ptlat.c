/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ptlat.c -- combining latency over a point's jobs. What can be kept
 * exactly is (count, mean, min, max, variance, histogram bins);
 * percentiles are recomputed from merged bins when json+ gave them, else
 * they are the I/O-weighted mean of the jobs' percentiles (an
 * approximation, the only one here).
 */
#include "pt_priv.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lathist.h"
#include "points.h"

static int add_bins(struct fj_lat *dst, const struct fj_lat *src)
{
	struct fj_bin *m;
	size_t i = 0, j = 0, n = 0;

	if (!src->nbins)
		return 0;
	m = malloc((dst->nbins + src->nbins) * sizeof(*m));
	if (!m)
		return -ENOMEM;
	while (i < dst->nbins || j < src->nbins) {
		if (j == src->nbins ||
		    (i < dst->nbins && dst->bins[i].ns < src->bins[j].ns)) {
			m[n++] = dst->bins[i++];
		} else if (i == dst->nbins || src->bins[j].ns < dst->bins[i].ns) {
			m[n++] = src->bins[j++];
		} else {
			m[n] = dst->bins[i++];
			m[n++].count += src->bins[j++].count;
		}
	}
	free(dst->bins);
	dst->bins = m;
	dst->nbins = n;
	return 0;
}

void ptl_release(struct fj_lat *l)
{
	free(l->bins);
	free(l->pct);
	free(l->pct_ns);
	memset(l, 0, sizeof(*l));
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

/* Every percentile of @l from its bins, as pt_percentile() finds each: the counts summed once. */
static void pcts_from_bins(struct fj_lat *l)
{
	uint64_t *cum = malloc(l->nbins * sizeof(*cum)), c = 0;
	unsigned int k;
	size_t i;

	for (i = 0; cum && i < l->nbins; i++) {
		cum[i] = c += l->bins[i].count;
		if (c < l->bins[i].count) { /* wrapped: no longer in order, scanned instead */
			free(cum);
			cum = NULL;
		}
	}
	if (!cum) {
		for (k = 0; k < l->npct; k++)
			l->pct_ns[k] = pt_percentile(l, l->pct[k]);
		return;
	}
	for (k = 0; k < l->npct; k++) {
		bool never;
		uint64_t want = pct_want(l->pct[k], c, &never);
		size_t lo = 0, hi = l->nbins - 1;

		/* The first bin whose running count reaches it; the last when none does. */
		while (!never && lo < hi) {
			size_t mid = lo + (hi - lo) / 2;

			if (cum[mid] >= want)
				hi = mid;
			else
				lo = mid + 1;
		}
		l->pct_ns[k] = l->bins[never ? l->nbins - 1 : lo].ns;
	}
	free(cum);
}

void ptl_finish(struct fj_lat *l, bool bins_ok)
{
	double n = (double)l->n, var;
	unsigned int k;

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
		free(l->bins);
		l->bins = NULL;
		l->nbins = 0;
	}
	if (l->npct && l->nbins)
		pcts_from_bins(l);
}

double pt_percentile(const struct fj_lat *lat, double p)
{
	unsigned int k;

	if (lat->nbins) {
		uint64_t total = 0, cum = 0, want;
		bool never;
		size_t i;

		for (i = 0; i < lat->nbins; i++)
			total += lat->bins[i].count;
		/* fio's rule: the first bucket where p% of samples are reached. */
		want = pct_want(p, total, &never);
		for (i = 0; !never && i < lat->nbins; i++) {
			cum += lat->bins[i].count;
			if (cum >= want)
				return lat->bins[i].ns;
		}
		return lat->bins[lat->nbins - 1].ns;
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
