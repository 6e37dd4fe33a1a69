/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * lathist.h -- latency statistics the way fio keeps them (part of the
 * base layer: the histogram geometry and percentile rule are fio's): count, min,
 * max, mean and variance (Welford), and a log-linear histogram with
 * fio's geometry (FIO_IO_U_PLAT_BITS 6, 29 groups: 1856 buckets, each
 * within 1/64 of its value), so percentiles and json+ bins match fio's
 * precision in bounded memory.
 */
#ifndef FIORION_LATHIST_H
#define FIORION_LATHIST_H

#include <stdint.h>

#define LH_BITS 6
#define LH_VAL (1u << LH_BITS)
#define LH_GROUPS 29
#define LH_NR (LH_GROUPS * LH_VAL)

struct lathist {
	uint64_t n;
	uint64_t min, max; /* ns */
	double mean, m2;   /* Welford */
	uint64_t bucket[LH_NR];
};

void lh_init(struct lathist *h);
void lh_add(struct lathist *h, uint64_t ns);
/* Fold @b into @a. */
void lh_merge(struct lathist *a, const struct lathist *b);
double lh_stddev(const struct lathist *h);
/* fio's rule: the value of the first bucket where p% of samples are reached. */
uint64_t lh_percentile(const struct lathist *h, double p);
/* The value (ns) a bucket stands for, as fio prints it. */
uint64_t lh_bucket_value(unsigned int idx);
unsigned int lh_bucket_of(uint64_t ns);

/*
 * fio's geometry for any FIO_IO_U_PLAT_BITS (json+ bins of old fio
 * releases are keyed by index with their own bits): the value bucket
 * @idx stands for (stat.c: plat_idx_to_val()).
 */
uint64_t lh_plat_val(unsigned int idx, unsigned int bits);

/*
 * fio's percentile rule, the one place it is written (stat.c:
 * calc_clat_percentiles()): with @cum of @total samples counted up to
 * and including a bucket, p% is reached when cum >= p / 100 * total,
 * computed in long double as fio computes it. Both the runner's JSON and
 * the converter's percentiles recomputed from bins use it.
 */
static inline int lh_pct_reached(uint64_t cum, uint64_t total, double p)
{
	return (long double)cum >= (long double)p / 100.0 * (long double)total;
}

#endif
