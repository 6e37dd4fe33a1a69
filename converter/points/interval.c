// SPDX-License-Identifier: GPL-2.0-only
/*
 * interval.c -- 95 % intervals from fio's interval samples and from
 * repeated passes (see interval.h for what each assumes).
 */
#include <math.h>
#include <stdio.h>
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

double iv_mean(const double *v, size_t n, double *half)
{
	double mean = 0, ss = 0;
	size_t i;

	*half = 0;
	if (!n)
		return 0;
	for (i = 0; i < n; i++)
		mean += v[i];
	mean /= (double)n;
	if (n < 2)
		return mean;
	for (i = 0; i < n; i++)
		ss += (v[i] - mean) * (v[i] - mean);
	*half = iv_t975((double)n - 1) * sqrt(ss / ((double)n - 1) / (double)n);
	return mean;
}

double iv_median(double *v, size_t n, double *half)
{
	*half = 0;
	if (!n)
		return 0;
	qsort(v, n, sizeof(*v), cmp_double);
	iv_mean(v, n, half);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* @f's interval below (@down) or above its value, relative to it (0 for an exact figure). */
static double rel_side(const struct iv_fig *f, bool down)
{
	double d;

	if (!(f->value > 0))
		return 0;
	d = down ? (f->value - f->lo) / f->value : (f->hi - f->value) / f->value;
	return d > 0 ? d : 0;
}

bool iv_ratio(const struct iv_fig *a, const struct iv_fig *b, struct iv_fig *r)
{
	double lo, hi;

	if (!(a->value > 0) || !isfinite(b->value))
		return false;
	/* b / a is lowest where b is low and a high, highest the other way. */
	lo = hypot(rel_side(b, true), rel_side(a, false));
	hi = hypot(rel_side(b, false), rel_side(a, true));
	r->value = b->value / a->value;
	r->lo = lo < 1 ? r->value * (1 - lo) : 0;
	r->hi = r->value * (1 + hi);
	return true;
}

/* Where @x lies against @thr: above, below, or equal (within 1e-12, relative). */
static enum iv_side side_of(double x, double thr)
{
	double eps = 1e-12 * (fabs(thr) > 1 ? fabs(thr) : 1);

	if (x > thr + eps)
		return IV_ABOVE;
	if (x < thr - eps)
		return IV_BELOW;
	return IV_UNDECIDED;
}

/* A figure for the reason: whole from 1000 up, else 4 significant digits. */
static void fig_text(char *buf, size_t len, double x)
{
	if (!isfinite(x))
		snprintf(buf, len, "%s", x > 0 ? "infinity" : "unknown");
	else if (fabs(x) >= 1000)
		snprintf(buf, len, "%.0f", x);
	else
		snprintf(buf, len, "%.4g", x);
}

/* A ratio for the reason: 3 decimals, or 4 significant digits when small. */
static void ratio_text(char *buf, size_t len, double x)
{
	if (isfinite(x) && x > 0 && x < 0.01)
		snprintf(buf, len, "%.4g", x);
	else if (isfinite(x))
		snprintf(buf, len, "%.3f", x);
	else
		snprintf(buf, len, "infinity");
}

/* @v->why from its ratio, side and figures @a, @b. */
static void reason(struct iv_verdict *v, const struct iv_fig *a, bool a_iv, const struct iv_fig *b,
		   bool b_iv, double thr, const char *what)
{
	static const char *const where[] = { "which holds", "above", "below" };
	char fa[32], fb[32], r[32], lo[32], hi[32], none[80];
	int n;

	fig_text(fa, sizeof(fa), a->value);
	fig_text(fb, sizeof(fb), b->value);
	ratio_text(r, sizeof(r), v->r.value);
	n = snprintf(v->why, sizeof(v->why), "%s%s%s / %s = %s", what ? what : "", what ? " " : "",
		     fb, fa, r);
	if (n < 0 || (size_t)n >= sizeof(v->why))
		return;
	if (v->side != IV_NOINTERVAL) {
		ratio_text(lo, sizeof(lo), v->r.lo);
		ratio_text(hi, sizeof(hi), v->r.hi);
		snprintf(v->why + n, sizeof(v->why) - (size_t)n, " (95 %% interval %s-%s), %s %g", lo,
			 hi, where[v->side], thr);
		return;
	}
	if (!(a->value > 0))
		snprintf(none, sizeof(none), "a ratio to 0 has none");
	else if (!a_iv && !b_iv)
		snprintf(none, sizeof(none), "neither figure has one");
	else
		snprintf(none, sizeof(none), "%s has none", a_iv ? fb : fa);
	snprintf(v->why + n, sizeof(v->why) - (size_t)n, ", no interval (%s): by the figures alone, %s %g",
		 none, v->by_figure == IV_UNDECIDED ? "equal to" : where[v->by_figure], thr);
}

enum iv_side iv_differ(const struct iv_fig *a, bool a_iv, const struct iv_fig *b, bool b_iv,
		       double thr, const char *what, struct iv_verdict *v)
{
	bool ratio = iv_ratio(a, b, &v->r);

	/* No ratio to take an interval of: from 0, anything is infinitely more; 0 to 0 is equal. */
	if (!ratio)
		v->r.value = b->value > 0 ? INFINITY : 1;
	if (!ratio || !a_iv || !b_iv)
		v->r.lo = v->r.hi = v->r.value;
	v->by_figure = side_of(v->r.value, thr);
	if (!ratio || !a_iv || !b_iv)
		v->side = IV_NOINTERVAL;
	else if (side_of(v->r.lo, thr) == IV_ABOVE)
		v->side = IV_ABOVE;
	else if (side_of(v->r.hi, thr) == IV_BELOW)
		v->side = IV_BELOW;
	else
		v->side = IV_UNDECIDED;
	reason(v, a, a_iv, b, b_iv, thr, what);
	return v->side;
}

enum iv_side iv_verdict_side(const struct iv_verdict *v)
{
	return v->side == IV_NOINTERVAL ? v->by_figure : v->side;
}

const char *iv_kind_name(enum iv_kind k)
{
	static const char *const names[] = { "none", "within", "passes", "parts", "drift" };

	return k <= IV_DRIFT ? names[k] : "none";
}
