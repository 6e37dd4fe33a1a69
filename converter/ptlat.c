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
			if (k == FJ_MAX_PCT)
				continue;
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

void ptl_finish(struct fj_lat *l, bool bins_ok)
{
	double n = (double)l->n, var;
	unsigned int k;

	if (!l->n) {
		free(l->bins);
		memset(l, 0, sizeof(*l));
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
	for (k = 0; k < l->npct && l->nbins; k++)
		l->pct_ns[k] = pt_percentile(l, l->pct[k]);
}

double pt_percentile(const struct fj_lat *lat, double p)
{
	unsigned int k;

	if (lat->nbins) {
		uint64_t total = 0, cum = 0, want;
		long double thr;
		size_t i;

		for (i = 0; i < lat->nbins; i++)
			total += lat->bins[i].count;
		/*
		 * fio's rule (lh_pct_reached()): the first bucket where p% of
		 * samples are reached. A count is an integer that a long double
		 * holds exactly, so it reaches the threshold when it reaches
		 * the threshold's ceiling: compared as integers.
		 */
		thr = (long double)p / 100.0 * (long double)total;
		if (thr != thr || thr > 18446744073709551615.0L)
			return lat->bins[lat->nbins - 1].ns; /* never reached */
		want = thr <= 0 ? 0 : (uint64_t)ceill(thr);
		for (i = 0; i < lat->nbins; i++) {
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
