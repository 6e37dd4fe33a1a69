/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: converter/points/ptcpu.c: a point's CPU per I/O is its measured
 * jobs' usr_cpu and sys_cpu (percent) times their job_runtime over the
 * I/Os they completed, worked out by hand: a small job at 10 % usr and
 * 30 % sys over 2000 ms with 40000 reads is 5 us + 15 us per I/O; a large
 * job beside it adds its own seconds and I/Os; a warm-up job never
 * counts; the run table's cell sums the points (not the mean of their
 * ratios) and gives their range; input without job_runtime says it has
 * no CPU figures.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "conv_fixture.h"
#include "ptcpu.h"

static char *job(const char *name, const char *bs, double usr, double sys, unsigned int rt_ms,
		 unsigned long ios)
{
	char *s;

	if (asprintf(&s,
		     "{\"jobname\": \"%s\", \"groupid\": 0, \"error\": 0, "
		     "\"job options\": {\"iodepth\": \"4\", \"bs\": \"%s\", \"rw\": \"randread\"}, "
		     "\"usr_cpu\": %g, \"sys_cpu\": %g, \"job_runtime\": %u, "
		     "\"read\": {\"io_bytes\": %lu, \"runtime\": %u, \"total_ios\": %lu, "
		     "\"iops\": 0, \"lat_ns\": {\"min\": 1, \"max\": 9, \"mean\": 5, \"stddev\": 0, \"N\": %lu}}, "
		     "\"write\": {\"io_bytes\": 0, \"runtime\": 0, \"total_ios\": 0, \"iops\": 0}}",
		     name, bs, usr, sys, rt_ms, ios * 8192, rt_ms, ios, ios) < 0)
		abort();
	return s;
}

static void test_points(void **state)
{
	char *jobs[] = {
		job("p001-s4-l0-small", "8k", 10, 30, 2000, 40000),
		job("p002-s4-l1-warm", "1m", 50, 50, 9000, 10),
		job("p002-s4-l1-small", "8k", 10, 30, 2000, 40000),
		job("p002-s4-l1-large", "1m", 5, 5, 2000, 1000),
	};
	struct fj_set set;
	struct pt_set pts;
	struct pc_cpu c;
	char buf[512];

	(void)state;
	cf_build(&set, &pts, jobs, 4, NULL, PT_MERGE_NONE);
	assert_int_equal(pts.n, 2);
	c = pc_point(&pts, pt_find(&pts, 4, 0));
	assert_true(c.present);
	assert_int_equal(c.ios, 40000);
	assert_float_equal(c.usr_s, 0.2, 1e-9);
	assert_float_equal(c.sys_s, 0.6, 1e-9);
	/* the warm-up's 9 s at 50 % are not the point's */
	c = pc_point(&pts, pt_find(&pts, 4, 1));
	assert_int_equal(c.ios, 41000);
	assert_float_equal(c.usr_s, 0.3, 1e-9);
	assert_float_equal(c.sys_s, 0.7, 1e-9);
	pc_text(buf, sizeof(buf), &pts);
	/* 0.5 s usr and 1.3 s sys over 81000 I/Os: 6.17 + 16.05 us; points 20.00 and 24.39 us */
	assert_non_null(strstr(buf, "usr 6.17 \u00b5s + sys 16.05 \u00b5s per I/O over 2 points (1.8 s of CPU for 81000 I/Os)"));
	assert_non_null(strstr(buf, "per point 20.00-24.39 \u00b5s"));
	pt_set_release(&pts);
	fj_set_release(&set);
}

static void test_none(void **state)
{
	char *jobs[] = { job("p001-s4-l0-small", "8k", 0, 0, 0, 40000) };
	struct fj_set set;
	struct pt_set pts;
	char buf[512];

	(void)state;
	cf_build(&set, &pts, jobs, 1, NULL, PT_MERGE_NONE);
	assert_false(pc_point(&pts, &pts.pts[0]).present);
	pc_text(buf, sizeof(buf), &pts);
	assert_string_equal(buf, "not recorded (the input has no job_runtime with usr_cpu and sys_cpu)");
	pt_set_release(&pts);
	fj_set_release(&set);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_points),
		cmocka_unit_test(test_none),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
