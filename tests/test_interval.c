/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: how sure a figure is (converter/points/interval.c, and the
 * intervals and passes of converter/points/points.c, passes.c): Student's t;
 * group_reporting's sums (fio's stat.c pure_sum) give the interval the
 * clones give one by one; a coverage check that the 95 % interval of a
 * known rate holds it about 95 times in 100 (seeded, seed printed); no
 * interval from fewer than 3 intervals or without samples; the median
 * and its interval across passes; ratios; a point's cells from fio JSON
 * (within) and from three passes (-repeat: medians, "passes").
 */
#include "testutil.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>

#include "fiojson.h"
#include "interval.h"
#include "points.h"

static void test_t975(void **state)
{
	(void)state;
	assert_true(fabs(iv_t975(1) - 12.706) < 1e-3);
	assert_true(fabs(iv_t975(2) - 4.303) < 1e-3);
	assert_true(fabs(iv_t975(10) - 2.228) < 1e-3);
	assert_true(fabs(iv_t975(30) - 2.042) < 2e-3);
	assert_true(fabs(iv_t975(60) - 2.000) < 2e-3);
	assert_true(fabs(iv_t975(1e9) - 1.960) < 1e-3);
	assert_true(iv_t975(2.5) < iv_t975(2) && iv_t975(2.5) > iv_t975(3));
}

/* fio's io_stat for one series: mean and S (sum of squared deviations). */
struct io_stat {
	double mean, S;
	uint64_t n;
};

static struct io_stat stat_of(const double *x, size_t n)
{
	struct io_stat s = { 0, 0, n };
	size_t i;

	for (i = 0; i < n; i++)
		s.mean += x[i];
	s.mean /= (double)n;
	for (i = 0; i < n; i++)
		s.S += (x[i] - s.mean) * (x[i] - s.mean);
	return s;
}

static void test_group_reporting(void **state)
{
	/* Three clones, 8 intervals each. */
	static const double c[3][8] = {
		{ 100, 110, 95, 105, 98, 102, 107, 93 },
		{ 200, 190, 210, 205, 195, 199, 201, 204 },
		{ 50, 55, 45, 52, 48, 51, 49, 50 },
	};
	struct iv_sum a = { 0 }, b = { 0 };
	struct io_stat sum = { 0, 0, 0 };
	double ra, rb, sd;
	int k;

	(void)state;
	for (k = 0; k < 3; k++) {
		struct io_stat s = stat_of(c[k], 8);

		iv_sum_add(&a, s.mean, sqrt(s.S / 7), 8, 1);
		/* stat.c sum_stat(..., pure_sum): means, S and counts add. */
		sum.mean += s.mean;
		sum.S += s.S;
		sum.n += s.n;
	}
	sd = sqrt(sum.S / (double)(sum.n - 1)); /* what fio writes */
	iv_sum_add(&b, sum.mean, sd, sum.n, 3);
	assert_true(iv_sum_rel(&a, &ra));
	assert_true(iv_sum_rel(&b, &rb));
	assert_true(fabs(a.mean - b.mean) < 1e-9);
	assert_true(fabs(a.var - b.var) / a.var < 1e-9);
	assert_int_equal(b.samples, 8);
	/*
	 * The same standard error; one group entry has n - 1 = 7 degrees of
	 * freedom where three entries have more (Welch-Satterthwaite), so its
	 * interval is the wider, never the narrower.
	 */
	assert_true(ra > 0 && rb > 0 && ra <= rb);
	assert_true(fabs(rb / ra - iv_t975(7) / iv_t975(a.var * a.var / a.ws_den)) < 1e-9);
}

static void test_too_few(void **state)
{
	struct iv_sum s = { 0 };
	double rel;

	(void)state;
	assert_false(iv_sum_rel(&s, &rel)); /* nothing added */
	iv_sum_add(&s, 1000, 10, 2, 1);	    /* 2 intervals */
	assert_false(iv_sum_rel(&s, &rel));
	memset(&s, 0, sizeof(s));
	iv_sum_add(&s, 1000, 10, 6, 2); /* 2 clones x 3 intervals */
	assert_true(iv_sum_rel(&s, &rel));
	memset(&s, 0, sizeof(s));
	iv_sum_add(&s, 1000, 0, 0, 1); /* fio 2.x, gtod_reduce: none */
	assert_false(iv_sum_rel(&s, &rel));
}

/* A normal deviate (Box-Muller) from rand_r. */
static double gauss(unsigned int *seed)
{
	double u = (rand_r(seed) + 1.0) / ((double)RAND_MAX + 2.0);
	double v = (rand_r(seed) + 1.0) / ((double)RAND_MAX + 2.0);

	return sqrt(-2 * log(u)) * cos(2 * M_PI * v);
}

static void test_coverage(void **state)
{
	unsigned int seed = (unsigned int)tu_seed(__func__);
	int trial, hit = 0, trials = 2000;

	(void)state;
	for (trial = 0; trial < trials; trial++) {
		double x[6], rel;
		struct io_stat st;
		struct iv_sum s = { 0 };
		struct iv_fig f;
		int i;

		for (i = 0; i < 6; i++)
			x[i] = 5000 + 250 * gauss(&seed);
		st = stat_of(x, 6);
		iv_sum_add(&s, st.mean, sqrt(st.S / 5), 6, 1);
		assert_true(iv_sum_rel(&s, &rel));
		iv_fig_set(&f, st.mean, rel);
		hit += f.lo <= 5000 && 5000 <= f.hi;
	}
	/* 95 % of 2000: 1900, binomial sd 9.7; allow 5 sd. */
	assert_true(hit > 1900 - 50 && hit < 1900 + 50);
}

static void test_median_ratio(void **state)
{
	double v[] = { 3, 1, 2 }, w[] = { 4, 1, 3, 2 }, half;
	struct iv_fig a = { 100, 98, 102 }, b = { 80, 79.2, 80.8 }, r;

	(void)state;
	assert_true(iv_median(v, 3, &half) == 2);
	/* s = 1, t(2) = 4.303: 4.303 / sqrt(3) */
	assert_true(fabs(half - 4.303 / sqrt(3)) < 1e-3);
	assert_true(iv_median(w, 4, &half) == 2.5);
	assert_true(iv_median(v, 1, &half) == 1 && half == 0);
	assert_true(iv_ratio(&a, &b, &r));
	assert_true(fabs(r.value - 0.8) < 1e-12);
	assert_true(fabs((r.hi - r.value) / r.value - sqrt(0.02 * 0.02 + 0.01 * 0.01)) < 1e-9);
	a.value = 0;
	assert_false(iv_ratio(&a, &b, &r));
}

/* One job entry of fio JSON at one load, with interval samples. */
static char *job_json(const char *name, double iops, double sd, unsigned int samples)
{
	char *s = NULL;
	double secs = 2.0;
	uint64_t ios = (uint64_t)(iops * secs);

	if (asprintf(&s,
		     "{\"jobname\":\"%s\",\"groupid\":0,\"error\":0,"
		     "\"job options\":{\"rw\":\"randread\",\"bs\":\"8k\",\"iodepth\":\"4\"},"
		     "\"read\":{\"io_bytes\":%llu,\"io_kbytes\":%llu,\"total_ios\":%llu,\"runtime\":2000,"
		     "\"iops\":%f,\"iops_mean\":%f,\"iops_stddev\":%f,\"iops_samples\":%u,"
		     "\"bw_mean\":%f,\"bw_dev\":%f,\"bw_samples\":%u,"
		     "\"lat_ns\":{\"min\":1,\"max\":9,\"mean\":%f,\"stddev\":1,\"N\":%llu}},"
		     "\"write\":{\"io_bytes\":0,\"io_kbytes\":0,\"total_ios\":0,\"runtime\":0,\"iops\":0}}",
		     name, (unsigned long long)ios * 8192, (unsigned long long)ios * 8,
		     (unsigned long long)ios, iops, iops, sd, samples, iops * 8, sd * 8, samples,
		     4e9 / iops, (unsigned long long)ios) < 0)
		return NULL;
	return s;
}

static void build(struct pt_set *pts, struct fj_set *set, const char *jobs)
{
	struct fr_err err = { "" };
	struct pt_opts o;
	char *doc = NULL;

	assert_true(asprintf(&doc, "{\"fio version\":\"fio-3.33\",\"jobs\":[%s]}", jobs) > 0);
	memset(set, 0, sizeof(*set));
	pt_opts_init(&o);
	assert_int_equal(fj_read_buffer(set, "t.json", doc, strlen(doc), &err), 0);
	if (pt_build(pts, set, &o, &err))
		fail_msg("%s", err.msg);
	free(doc);
}

static void test_point_within(void **state)
{
	struct fj_set set;
	struct pt_set pts;
	char *j = job_json("p001-s4-l0-small", 1000, 50, 4), *k;
	const struct pt_class *c;
	double rel;

	(void)state;
	build(&pts, &set, j);
	c = &pts.pts[0].small;
	assert_int_equal(c->iv, IV_WITHIN);
	assert_int_equal(c->samples, 4);
	/* t(3) = 3.182, se = 50 / 2 */
	rel = 3.182 * 25 / 1000;
	assert_true(fabs((c->iops_iv.hi - c->iops) / c->iops - rel) < 1e-3);
	/* Little's law: latency's interval mirrors IOPS's. */
	assert_true(c->lat_iv.lo < c->lat[PT_ALL].mean && c->lat_iv.hi > c->lat[PT_ALL].mean);
	assert_true(fabs(c->lat_iv.lo * (1 + rel) - c->lat[PT_ALL].mean) < 1);
	pt_set_release(&pts);
	fj_set_release(&set);
	free(j);

	/* Two intervals: none, never a made-up one. */
	j = job_json("p001-s4-l0-small", 1000, 50, 2);
	build(&pts, &set, j);
	c = &pts.pts[0].small;
	assert_int_equal(c->iv, IV_NONE);
	assert_true(c->iops_iv.lo == c->iops && c->iops_iv.hi == c->iops);
	pt_set_release(&pts);
	fj_set_release(&set);
	free(j);

	/* Three passes: the medians, intervals across them. */
	j = job_json("p001-s4-l0-small", 1000, 50, 4);
	k = job_json("p001-s4-l0-small-r2", 1100, 50, 4);
	{
		char *m = job_json("p001-s4-l0-small-r3", 900, 50, 4), *all = NULL;

		assert_true(asprintf(&all, "%s,%s,%s", j, k, m) > 0);
		build(&pts, &set, all);
		free(m);
		free(all);
	}
	assert_int_equal(pts.n, 1);
	c = &pts.pts[0].small;
	assert_int_equal(pts.pts[0].passes, 3);
	assert_int_equal(c->iv, IV_PASSES);
	assert_true(fabs(c->iops - 1000) < 1);
	/* s = 100, t(2) = 4.303 */
	assert_true(fabs(c->iops_iv.hi - c->iops - 4.303 * 100 / sqrt(3)) < 2);
	assert_true(fabs(c->lat[PT_ALL].mean - 4e6) < 1e3);
	pt_set_release(&pts);
	fj_set_release(&set);
	free(j);
	free(k);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_t975),
		cmocka_unit_test(test_group_reporting),
		cmocka_unit_test(test_too_few),
		cmocka_unit_test(test_coverage),
		cmocka_unit_test(test_median_ratio),
		cmocka_unit_test(test_point_within),
	};

	return cmocka_run_group_tests_name("interval", tests, NULL, NULL);
}
