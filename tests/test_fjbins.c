/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: json+ bins held compact (fjbins.c) against the bins given,
 * their independent peer: every list read back bit for bit (doubles
 * compared as bytes) -- random fio-like lists (packed, ~3 bytes a bin),
 * and each kind of list that cannot be packed (a fraction, -0, above
 * 2^53, out of order, a count of 2^64 - 1), held as given; references
 * shared and released (ASan sees the frees). A class's percentiles from
 * its bins (ptl_finish(), one pass, kept with the list) and
 * pt_percentile()'s against a scan of the same bins written here (fio's
 * rule: the first bin whose running count reaches p % of the total),
 * percentiles in any order, counts that pass 2^64 too.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>
#include <cmocka.h>

#include "fjbins.h"
#include "points.h"
#include "pt_priv.h"

static uint64_t rnd(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* @l's bins read back both ways are @b's, byte for byte. */
static void same(const struct fj_lat *l, const struct fj_bin *b, size_t n)
{
	struct fj_bin *got = fjh_bins(l), x;
	struct fjh_it it;
	size_t i = 0;

	assert_int_equal(l->nbins, n);
	assert_non_null(got);
	assert_memory_equal(got, b, n * sizeof(*b));
	for (fjh_begin(&it, l); fjh_next(&it, &x); i++)
		assert_memory_equal(&x, &b[i], sizeof(x));
	assert_int_equal(i, n);
	free(got);
}

static void test_fjbins_packed(void **state)
{
	uint64_t seed = 7;
	int round;

	(void)state;
	for (round = 0; round < 200; round++) {
		size_t n = 1 + rnd(&seed) % 600, i;
		struct fj_bin *b = malloc(n * sizeof(*b));
		struct fj_lat l = { 0 };
		uint64_t ns = rnd(&seed) % 100000;

		for (i = 0; i < n; i++) {
			ns += rnd(&seed) % (round % 3 ? 4096 : (1ull << 40));
			b[i].ns = (double)(ns & ((1ull << 53) - 1));
			if (i && b[i].ns < b[i - 1].ns)
				b[i].ns = b[i - 1].ns; /* equal values: allowed */
			b[i].count = rnd(&seed) >> (rnd(&seed) % 64);
		}
		assert_int_equal(fjh_set(&l, b, n), 0);
		same(&l, b, n);
		if (round % 3)
			assert_true(fjh_size(l.hist) < 64 + n * 12);
		fjh_clear(&l);
		free(b);
	}
}

static void test_fjbins_raw(void **state)
{
	static const struct fj_bin odd[][2] = {
		{ { 1000.5, 1 }, { 2000, 2 } },		    /* a fraction */
		{ { -0.0, 1 }, { 2000, 2 } },		    /* -0 */
		{ { 1000, 1 }, { 9007199254740994.0, 2 } }, /* above 2^53 */
		{ { 3000, 1 }, { 2000, 2 } },		    /* out of order */
		{ { 1000, UINT64_MAX }, { 2000, 0 } },	    /* counts at both ends */
		{ { 0, 1 }, { 9007199254740992.0, 1 } },    /* 0 and 2^53: packed */
	};
	size_t k;

	(void)state;
	for (k = 0; k < sizeof(odd) / sizeof(odd[0]); k++) {
		struct fj_lat l = { 0 };

		assert_int_equal(fjh_set(&l, odd[k], 2), 0);
		same(&l, odd[k], 2);
		fjh_clear(&l);
		assert_null(l.hist);
		assert_int_equal(l.nbins, 0);
	}
}

static void test_fjbins_shared(void **state)
{
	const struct fj_bin b[] = { { 1000, 3 }, { 1500, 2 }, { 4000, 5 } };
	const struct fj_bin c[] = { { 10, 1 } };
	struct fj_lat job = { 0 }, cls = { 0 };
	struct fjh_it it;
	struct fj_bin x;

	(void)state;
	assert_int_equal(fjh_set(&job, b, 3), 0);
	cls.hist = fjh_ref(job.hist);
	cls.nbins = job.nbins;
	fjh_clear(&job); /* the class keeps the list */
	same(&cls, b, 3);
	assert_int_equal(fjh_set(&cls, c, 1), 0); /* replaced: the old list freed */
	same(&cls, c, 1);
	fjh_clear(&cls);
	/* no bins: nothing read, nothing allocated */
	assert_null(fjh_bins(&cls));
	fjh_begin(&it, &cls);
	assert_false(fjh_next(&it, &x));
	assert_int_equal(fjh_set(&cls, b, 0), 0);
	assert_null(cls.hist);
	fjh_ref(NULL);
	fjh_unref(NULL);
}

/* The peer: the first bin whose running count reaches @p % of the total, else the last. */
static double scan(const struct fj_bin *b, size_t n, double p)
{
	uint64_t total = 0, cum = 0, want;
	long double thr;
	size_t i;

	for (i = 0; i < n; i++)
		total += b[i].count;
	thr = (long double)p / 100.0 * (long double)total;
	if (thr != thr || thr > 18446744073709551615.0L)
		return b[n - 1].ns;
	want = thr <= 0 ? 0 : (uint64_t)ceill(thr);
	for (i = 0; i < n; i++) {
		cum += b[i].count;
		if (cum >= want)
			return b[i].ns;
	}
	return b[n - 1].ns;
}

static void test_fjbins_pcts(void **state)
{
	static const double ps[] = { 99.99, 50, 1, 99.9, 0.0001, 95, 99.5, 5, 100, 99, 70, 30 };
	uint64_t seed = 11;
	int round;

	(void)state;
	for (round = 0; round < 300; round++) {
		size_t n = 1 + rnd(&seed) % 300, i;
		struct fj_bin *b = malloc(n * sizeof(*b));
		struct fj_lat job = { .present = true, .n = 1 }, cls = { 0 }, all = { 0 }, odd = { 0 };
		unsigned int k, np = 1 + (unsigned int)(rnd(&seed) % 12);
		bool ok = true;

		for (i = 0; i < n; i++) {
			b[i].ns = (double)(1000 + 37 * i);
			b[i].count = round % 10 == 9 ? rnd(&seed) : rnd(&seed) % (round % 2 ? 3 : 5000);
		}
		job.pct = malloc(np * sizeof(double));
		job.pct_ns = calloc(np, sizeof(double));
		for (k = 0; k < np; k++)
			job.pct[k] = ps[(k + (unsigned int)round) % 12];
		job.npct = np;
		assert_int_equal(fjh_set(&job, b, n), 0);
		assert_int_equal(ptl_add(&cls, &job, &ok), 0);
		assert_int_equal(ptl_add(&all, &job, &ok), 0);
		assert_true(all.hist == cls.hist); /* one list, shared */
		ptl_finish(&cls, ok, NULL);
		ptl_finish(&all, ok, &cls); /* the twin's answers */
		assert_memory_equal(all.pct_ns, cls.pct_ns, np * sizeof(double));
		/* another list is no twin: its own answers */
		assert_int_equal(fjh_set(&odd, b, n > 1 ? n - 1 : n), 0);
		odd.present = true;
		odd.n = 1;
		odd.npct = np;
		odd.pct = malloc(np * sizeof(double));
		odd.pct_ns = calloc(np, sizeof(double));
		memcpy(odd.pct, job.pct, np * sizeof(double));
		ptl_finish(&odd, true, &cls);
		for (k = 0; k < np; k++)
			assert_true(odd.pct_ns[k] == scan(b, n > 1 ? n - 1 : n, odd.pct[k]));
		ptl_release(&odd);
		ptl_release(&all);
		assert_int_equal(cls.npct, np);
		for (k = 0; k < np; k++) {
			assert_true(cls.pct_ns[k] == scan(b, n, cls.pct[k]));
			assert_true(pt_percentile(&cls, cls.pct[k]) == cls.pct_ns[k]);
			assert_true(pt_percentile(&cls, 42.5) == scan(b, n, 42.5));
		}
		/* other bins: the percentiles found before are no answer for them */
		if (n > 1 && fjh_set(&cls, b + 1, n - 1) == 0)
			for (k = 0; k < np; k++)
				assert_true(pt_percentile(&cls, cls.pct[k]) == scan(b + 1, n - 1, cls.pct[k]));
		ptl_release(&cls);
		ptl_release(&job);
		free(b);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fjbins_packed),
		cmocka_unit_test(test_fjbins_raw),
		cmocka_unit_test(test_fjbins_shared),
		cmocka_unit_test(test_fjbins_pcts),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
