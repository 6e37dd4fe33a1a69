/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * lathist.c -- fio's latency histogram (stat.c plat_val_to_idx and
 * plat_idx_to_val) and running moments.
 */
#include "lathist.h"

#include <math.h>
#include <string.h>

void lh_init(struct lathist *h)
{
	memset(h, 0, sizeof(*h));
}

unsigned int lh_bucket_of(uint64_t v)
{
	unsigned int msb, err, base, off, idx;

	msb = v ? 63u - (unsigned int)__builtin_clzll(v) : 0;
	if (msb <= LH_BITS)
		return (unsigned int)v;
	err = msb - LH_BITS;
	base = (err + 1) << LH_BITS;
	off = (LH_VAL - 1) & (unsigned int)(v >> err);
	idx = base + off;
	return idx < LH_NR - 1 ? idx : LH_NR - 1;
}

uint64_t lh_plat_val(unsigned int idx, unsigned int bits)
{
	unsigned int err, m = 1u << bits;
	uint64_t base, k;

	if (idx < (m << 1))
		return idx;
	err = (idx >> bits) - 1;
	base = 1ULL << (err + bits);
	k = idx % m;
	return base + (uint64_t)(((double)k + 0.5) * (double)(1ULL << err));
}

uint64_t lh_bucket_value(unsigned int idx)
{
	return lh_plat_val(idx, LH_BITS);
}

void lh_add(struct lathist *h, uint64_t ns)
{
	double d;

	if (!h->n || ns < h->min)
		h->min = ns;
	if (ns > h->max)
		h->max = ns;
	h->n++;
	d = (double)ns - h->mean;
	h->mean += d / (double)h->n;
	h->m2 += d * ((double)ns - h->mean);
	h->bucket[lh_bucket_of(ns)]++;
}

void lh_merge(struct lathist *a, const struct lathist *b)
{
	double n, d;
	unsigned int i;

	if (!b->n)
		return;
	if (!a->n) {
		*a = *b;
		return;
	}
	n = (double)(a->n + b->n);
	d = b->mean - a->mean;
	a->m2 += b->m2 + d * d * (double)a->n * (double)b->n / n;
	a->mean += d * (double)b->n / n;
	a->n += b->n;
	if (b->min < a->min)
		a->min = b->min;
	if (b->max > a->max)
		a->max = b->max;
	for (i = 0; i < LH_NR; i++)
		a->bucket[i] += b->bucket[i];
}

double lh_stddev(const struct lathist *h)
{
	return h->n > 1 ? sqrt(h->m2 / (double)(h->n - 1)) : 0;
}

uint64_t lh_percentile(const struct lathist *h, double p)
{
	uint64_t sum = 0;
	unsigned int i;

	if (!h->n)
		return 0;
	for (i = 0; i < LH_NR; i++) {
		sum += h->bucket[i];
		if (lh_pct_reached(sum, h->n, p))
			return lh_bucket_value(i);
	}
	return lh_bucket_value(LH_NR - 1);
}
