// SPDX-License-Identifier: GPL-2.0-only
/*
 * interval.c -- 95 % intervals from fio's interval samples and from
 * repeated passes (see interval.h for what each assumes).
 */
#include <math.h>
#include <stdlib.h>

#include "interval.h"

double iv_t975(double df)
{
	/* Student's t, 97.5 % quantile, df 1 .. 30 (two-sided 95 %). */
	static const double t[] = {
		12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
		2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
		2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042
	};
	unsigned int lo;
	double f;

	if (!(df >= 1))
		df = 1;
	if (df >= 30)
		/* Cornish-Fisher to two terms: within 0.001 of the table past 30. */
		return 1.95996 + 2.37227 / df + 2.82250 / (df * df);
	lo = (unsigned int)df;
	f = df - lo;
	if (lo >= 30)
		return t[29];
	return t[lo - 1] + f * (t[lo] - t[lo - 1]);
}

void iv_sum_add(struct iv_sum *s, double mean, double sd, uint64_t samples,
		unsigned int clones)
{
	double k = clones ? clones : 1, n, var;

	s->have = true;
	n = (double)samples / k;
	if (n < 3) {
		s->missing = true;
		return;
	}
	/* The entry's per-interval total: its clones' variances added. */
	var = sd * sd * ((double)samples - 1) / (n - 1) / n;
	s->mean += mean;
	s->var += var;
	s->ws_den += var * var / (n - 1);
	s->samples += (uint64_t)n;
}

bool iv_sum_rel(const struct iv_sum *s, double *rel)
{
	double df;

	if (!s->have || s->missing || !(s->mean > 0))
		return false;
	df = s->ws_den > 0 ? s->var * s->var / s->ws_den : 1e9;
	*rel = iv_t975(df) * sqrt(s->var) / s->mean;
	return isfinite(*rel);
}

void iv_fig_set(struct iv_fig *f, double value, double rel)
{
	f->value = value;
	if (rel < 0) {
		f->lo = f->hi = value;
		return;
	}
	f->lo = value * (1 - rel);
	if (f->lo < 0)
		f->lo = 0;
	f->hi = value * (1 + rel);
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

double iv_median(double *v, size_t n, double *half)
{
	double mean = 0, ss = 0, med;
	size_t i;

	*half = 0;
	if (!n)
		return 0;
	qsort(v, n, sizeof(*v), cmp_double);
	med = n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
	if (n < 2)
		return med;
	for (i = 0; i < n; i++)
		mean += v[i];
	mean /= (double)n;
	for (i = 0; i < n; i++)
		ss += (v[i] - mean) * (v[i] - mean);
	*half = iv_t975((double)n - 1) * sqrt(ss / ((double)n - 1) / (double)n);
	return med;
}

/* The larger side of @f's interval, relative to its value. */
static double rel_half(const struct iv_fig *f)
{
	double up, down;

	if (!(f->value > 0))
		return 0;
	up = (f->hi - f->value) / f->value;
	down = (f->value - f->lo) / f->value;
	return up > down ? up : down;
}

bool iv_ratio(const struct iv_fig *a, const struct iv_fig *b, struct iv_fig *r)
{
	double ha, hb, h;

	if (!(a->value > 0) || !isfinite(b->value))
		return false;
	ha = rel_half(a);
	hb = rel_half(b);
	h = sqrt(ha * ha + hb * hb);
	r->value = b->value / a->value;
	r->lo = r->value * (1 - h);
	r->hi = r->value * (1 + h);
	return true;
}
