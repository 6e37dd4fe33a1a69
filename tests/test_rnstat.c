/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: the runner's thread_stat counters (driver/rnstat.h) follow
 * fio 3.33's rules at every bucket edge: io_u_mark_depth() (in flight,
 * 1, 2-3, 4-7, ... 64+), __io_u_mark_map() (per call, 0, 1-4, 5-8, ...
 * 65+), io_u_mark_lat_nsec/usec/msec() (bucket k below its bound),
 * stat_calc_dist() and stat_calc_lat() (0.1 and 0.01 floors), calc_lat()
 * on samples (sample stddev, n - 1), and __add_samples()' rates.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "rnstat.h"

static void test_depth_buckets(void **state)
{
	/* cur_depth -> io_u_map index, from io_u.c's switch */
	static const struct {
		unsigned int depth, idx;
	} t[] = {
		{ 0, 0 },
		{ 1, 0 },
		{ 2, 1 },
		{ 3, 1 },
		{ 4, 2 },
		{ 7, 2 },
		{ 8, 3 },
		{ 15, 3 },
		{ 16, 4 },
		{ 31, 4 },
		{ 32, 5 },
		{ 63, 5 },
		{ 64, 6 },
		{ 4096, 6 },
	};
	unsigned int i;

	(void)state;
	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		struct rs_depths d;
		unsigned int k;

		memset(&d, 0, sizeof(d));
		rs_mark_depth(&d, t[i].depth, 3);
		for (k = 0; k < RS_MAP_NR; k++)
			assert_int_equal(d.level[k], k == t[i].idx ? 3 : 0);
	}
	assert_string_equal(rs_level_keys[2], "4");
	assert_string_equal(rs_level_keys[6], ">=64");
}

static void test_submit_buckets(void **state)
{
	static const struct {
		unsigned int nr, idx;
	} t[] = {
		{ 0, 0 },
		{ 1, 1 },
		{ 4, 1 },
		{ 5, 2 },
		{ 8, 2 },
		{ 9, 3 },
		{ 16, 3 },
		{ 17, 4 },
		{ 32, 4 },
		{ 33, 5 },
		{ 64, 5 },
		{ 65, 6 },
	};
	unsigned int i;

	(void)state;
	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		struct rs_depths d;

		memset(&d, 0, sizeof(d));
		rs_mark_submit(&d, t[i].nr);
		rs_mark_complete(&d, t[i].nr);
		assert_int_equal(d.submit[t[i].idx], 1);
		assert_int_equal(d.complete[t[i].idx], 1);
		assert_int_equal(d.total_submit, 1);
		assert_int_equal(d.total_complete, 1);
	}
	/* fio labels the submit map by its upper bounds. */
	assert_string_equal(rs_submit_keys[1], "4");
	assert_string_equal(rs_submit_keys[5], "64");
}

static void test_latency_buckets(void **state)
{
	struct rs_depths d;

	(void)state;
	memset(&d, 0, sizeof(d));
	rs_mark_latency(&d, 0);		 /* ns "2" */
	rs_mark_latency(&d, 1);		 /* ns "2" */
	rs_mark_latency(&d, 2);		 /* ns "4" */
	rs_mark_latency(&d, 999);	 /* ns "1000" */
	rs_mark_latency(&d, 1000);	 /* us "2" (1 us) */
	rs_mark_latency(&d, 9999);	 /* us "10" (9 us) */
	rs_mark_latency(&d, 750000);	 /* us "1000" */
	rs_mark_latency(&d, 999999);	 /* us "1000" */
	rs_mark_latency(&d, 1000000);	 /* ms "2" */
	rs_mark_latency(&d, 1999999999); /* ms "2000" (1999 ms) */
	rs_mark_latency(&d, 2000000000); /* ms ">=2000" */
	assert_int_equal(d.lat_n[0], 2);
	assert_int_equal(d.lat_n[1], 1);
	assert_int_equal(d.lat_n[9], 1);
	assert_int_equal(d.lat_u[0], 1);
	assert_int_equal(d.lat_u[2], 1);
	assert_int_equal(d.lat_u[9], 2);
	assert_int_equal(d.lat_m[0], 1);
	assert_int_equal(d.lat_m[10], 1);
	assert_int_equal(d.lat_m[11], 1);
	assert_string_equal(rs_lat_keys[11], ">=2000");
}

static void test_percentages(void **state)
{
	uint64_t map[RS_MAP_NR] = { 1, 0, 99999, 0, 0, 0, 0 };
	uint64_t lat[RS_LAT_N_NR] = { 1, 0, 0, 0, 0, 0, 0, 0, 0, 99999 };
	double p[RS_LAT_M_NR];

	(void)state;
	rs_calc_dist(map, 100000, p);
	assert_true(p[0] == 0.1); /* 0.001% raised to 0.1 */
	assert_true(p[1] == 0.0); /* empty stays 0 */
	assert_true(p[2] > 99.998 && p[2] < 99.9991);
	rs_calc_lat(lat, RS_LAT_N_NR, 100000, p);
	assert_true(p[0] == 0.01);
	assert_true(p[1] == 0.0);
	rs_calc_dist(map, 0, p);
	assert_true(p[2] == 0.0);
}

static void test_samples(void **state)
{
	struct rs_samples s;
	uint64_t min, max;
	double mean, dev;

	(void)state;
	memset(&s, 0, sizeof(s));
	assert_false(rs_sample_calc(&s, &min, &max, &mean, &dev));
	assert_true(min == 0 && max == 0 && mean == 0 && dev == 0);
	rs_sample_add(&s, 10);
	assert_true(rs_sample_calc(&s, &min, &max, &mean, &dev));
	assert_true(dev == 0); /* one sample: no deviation */
	rs_sample_add(&s, 20);
	rs_sample_add(&s, 30);
	rs_sample_add(&s, 40);
	rs_sample_calc(&s, &min, &max, &mean, &dev);
	assert_int_equal(min, 10);
	assert_int_equal(max, 40);
	assert_true(mean > 24.999999 && mean < 25.000001);
	/* sample stddev of 10, 20, 30, 40: sqrt(500 / 3) = 12.9099... */
	assert_true(dev > 12.90994 && dev < 12.90995);
}

static void test_rates(void **state)
{
	(void)state;
	/* 25 MiB in 500 ms: 51200 KiB/s; fio truncates at each step. */
	assert_int_equal(rs_rate(25 * 1048576, 500, true), 51200);
	assert_int_equal(rs_rate(13000, 499, false), 26052);
	assert_int_equal(rs_rate(1000, 0, false), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_depth_buckets),
		cmocka_unit_test(test_submit_buckets),
		cmocka_unit_test(test_latency_buckets),
		cmocka_unit_test(test_percentages),
		cmocka_unit_test(test_samples),
		cmocka_unit_test(test_rates),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
