/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: converter/points/points.c through points.h: fio jobs into ORION's
 * points. fiorion's names (pNNN-sS-lL-small|large|warm, -rK for pass K of
 * -repeat) give each point its number and loads; warm-up jobs are never
 * counted; the passes of a point fold into one cell (the median). Other
 * fio results are inferred: one group is one point, small or large by
 * the average block size, the load iodepth x clones. The figures as
 * points.h defines them: IOPS = I/Os / seconds, MBPS = bytes / 2^20 /
 * seconds, latency the mean over jobs weighted by I/O count. Refused:
 * a block size between the bounds, two groups at one load pair without
 * -merge (with it: the later, or the mean), a job fio failed to run
 * (left out with skip_failed). Percentiles from fio's list, linear
 * between its keys.
 */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "conv_fixture.h"

#define MIB (1024.0 * 1024.0)

/*
 * One fio 3.x job entry: @ios reads of @bs bytes in @runtime_ms at mean
 * latency @lat_ns, iodepth @depth, fio's error @error.
 */
static char *job(const char *name, int gid, unsigned int depth, unsigned int bs, long ios,
		 long runtime_ms, double lat_ns, int error)
{
	char *s;

	if (asprintf(&s,
		     "{\"jobname\": \"%s\", \"groupid\": %d, \"error\": %d, "
		     "\"job options\": {\"iodepth\": \"%u\", \"bs\": \"%u\", \"rw\": \"randread\"}, "
		     "\"read\": {\"io_bytes\": %ld, \"io_kbytes\": %ld, \"runtime\": %ld, \"total_ios\": %ld, "
		     "\"iops\": 0, \"lat_ns\": {\"min\": 1, \"max\": %f, \"mean\": %f, \"stddev\": 0, \"N\": %ld}}, "
		     "\"write\": {\"io_bytes\": 0, \"io_kbytes\": 0, \"runtime\": 0, \"total_ios\": 0, \"iops\": 0}}",
		     name, gid, error, depth, bs, ios * bs, ios * bs / 1024, runtime_ms, ios,
		     lat_ns * 4, lat_ns, ios) < 0)
		abort();
	return s;
}

/* Build from @n jobs (freed) with @merge; returns pt_build()'s answer, @err its words. */
static int try_build(struct fj_set *set, struct pt_set *pts, char **jobs, int n,
		     enum pt_merge merge, bool skip_failed, struct fr_err *err)
{
	struct pt_opts po;

	cf_read(set, "t.json", cf_doc("jobs", jobs, n, NULL));
	pt_opts_init(&po);
	po.merge = merge;
	po.skip_failed = skip_failed;
	return pt_build(pts, set, &po, err);
}

static void release(struct fj_set *set, struct pt_set *pts)
{
	pt_set_release(pts);
	fj_set_release(set);
}

static void test_fiorion_names(void **state)
{
	struct fj_set set;
	struct pt_set pts;
	const struct pt_point *p;
	char *j[6];

	(void)state;
	j[0] = job("p001-s2-l0-small", 0, 2, 8192, 20000, 10000, 1e6, 0);
	/* A warm-up's numbers must not reach the point. */
	j[1] = job("p002-s0-l1-warm", 1, 1, 1048576, 999999, 10000, 9e9, 0);
	j[2] = job("p002-s0-l1-large", 2, 1, 1048576, 1000, 10000, 10e6, 0);
	j[3] = job("p003-s4-l1-small", 3, 4, 8192, 30000, 10000, 1e6, 0);
	j[4] = job("p003-s4-l1-small", 3, 4, 8192, 10000, 10000, 5e6, 0);
	j[5] = job("p003-s4-l1-large", 3, 1, 1048576, 500, 10000, 20e6, 0);
	cf_build(&set, &pts, j, 6, NULL, PT_MERGE_NONE);
	assert_true(pts.exact);
	assert_int_equal(pts.n, 3);

	p = pt_find(&pts, 2, 0);
	assert_non_null(p);
	assert_int_equal(p->number, 1);
	assert_true(p->small.present && !p->large.present);
	assert_int_equal(p->small.load, 2);
	assert_true(fabs(p->small.iops - 2000) < 1e-9);
	assert_true(fabs(p->small.mbps - 2000 * 8192 / MIB) < 1e-9);
	assert_true(fabs(p->small.lat[PT_ALL].mean - 1e6) < 1e-6);

	p = pt_find(&pts, 0, 1);
	assert_non_null(p);
	assert_int_equal(p->number, 2);
	assert_true(!p->small.present && p->large.present);
	assert_int_equal(p->large.ios[PT_READ], 1000);
	assert_true(fabs(p->large.mbps - 100) < 1e-9);

	/* Two small jobs: IOPS add up, latency weighs by I/O count. */
	p = pt_find(&pts, 4, 1);
	assert_non_null(p);
	assert_int_equal(p->number, 3);
	assert_true(p->small.present && p->large.present);
	assert_true(fabs(p->small.iops - 4000) < 1e-9);
	assert_true(fabs(p->small.lat[PT_ALL].mean - 2e6) < 1e-3);
	assert_true(fabs(p->large.iops - 50) < 1e-9);
	assert_null(pt_find(&pts, 1, 1));
	release(&set, &pts);
}

/* -repeat 3: pass 1 (no suffix), -r2, -r3 fold into one point, the median. */
static void test_passes(void **state)
{
	struct fj_set set;
	struct pt_set pts;
	const struct pt_point *p;
	char *j[3];

	(void)state;
	j[0] = job("p001-s1-l0-small", 0, 1, 8192, 10000, 10000, 1e6, 0);
	j[1] = job("p001-s1-l0-small-r2", 1, 1, 8192, 30000, 10000, 1e6, 0);
	j[2] = job("p001-s1-l0-small-r3", 2, 1, 8192, 20000, 10000, 1e6, 0);
	cf_build(&set, &pts, j, 3, NULL, PT_MERGE_NONE);
	assert_int_equal(pts.n, 1);
	p = pt_find(&pts, 1, 0);
	assert_non_null(p);
	assert_int_equal(p->passes, 3);
	assert_true(fabs(p->small.iops - 2000) < 1e-9);
	release(&set, &pts);
}

/*
 * Not fiorion's names: group 0 (two clones of 8 KiB at depth 4) is small
 * load 8, group 1 (1 MiB at depth 2) large load 2; each its own point.
 */
static void test_inferred(void **state)
{
	struct fj_set set;
	struct pt_set pts;
	const struct pt_point *p;
	char *j[3];

	(void)state;
	j[0] = job("oltp", 0, 4, 8192, 10000, 10000, 1e6, 0);
	j[1] = job("oltp", 0, 4, 8192, 10000, 10000, 3e6, 0);
	j[2] = job("scan", 1, 2, 1048576, 2000, 10000, 10e6, 0);
	cf_build(&set, &pts, j, 3, NULL, PT_MERGE_NONE);
	assert_false(pts.exact);
	assert_int_equal(pts.n, 2);
	p = pt_find(&pts, 8, 0);
	assert_non_null(p);
	assert_true(p->small.present && !p->large.present);
	assert_true(fabs(p->small.iops - 2000) < 1e-9);
	assert_true(fabs(p->small.lat[PT_ALL].mean - 2e6) < 1e-3);
	assert_ptr_equal(pt_find_group(&pts, 0), p);
	p = pt_find(&pts, 0, 2);
	assert_non_null(p);
	assert_true(!p->small.present && p->large.present);
	assert_true(fabs(p->large.mbps - 200) < 1e-9);
	assert_ptr_equal(pt_find_group(&pts, 1), p);
	release(&set, &pts);
}

/* Two groups at one (S, L): refused, the later one, or the mean. */
static void test_merge(void **state)
{
	static const enum pt_merge how[] = { PT_MERGE_NONE, PT_MERGE_LAST, PT_MERGE_MEAN };
	static const double want[] = { 0, 3000, 2000 };
	unsigned int i;

	(void)state;
	for (i = 0; i < 3; i++) {
		struct fr_err err = { "" };
		struct fj_set set;
		struct pt_set pts;
		char *j[2];
		int ret;

		j[0] = job("a", 0, 4, 8192, 10000, 10000, 1e6, 0);
		j[1] = job("b", 1, 4, 8192, 30000, 10000, 1e6, 0);
		ret = try_build(&set, &pts, j, 2, how[i], false, &err);
		if (how[i] == PT_MERGE_NONE) {
			assert_true(ret < 0);
			assert_true(err.msg[0] != '\0');
			fj_set_release(&set);
			continue;
		}
		if (ret)
			fail_msg("%s", err.msg);
		assert_int_equal(pts.n, 1);
		assert_true(fabs(pts.pts[0].small.iops - want[i]) < 1e-9);
		release(&set, &pts);
	}
}

/* A block size between the bounds; a job fio failed to run. */
static void test_refused(void **state)
{
	struct fr_err err = { "" };
	struct fj_set set;
	struct pt_set pts;
	char *j[2];

	(void)state;
	j[0] = job("middling", 0, 1, 96 * 1024, 1000, 10000, 1e6, 0);
	assert_true(try_build(&set, &pts, j, 1, PT_MERGE_NONE, false, &err) < 0);
	assert_non_null(strstr(err.msg, "middling"));
	fj_set_release(&set);

	j[0] = job("p001-s1-l0-small", 0, 1, 8192, 1000, 10000, 1e6, 0);
	j[1] = job("p002-s2-l0-small", 1, 2, 8192, 1000, 10000, 1e6, 5);
	assert_true(try_build(&set, &pts, j, 2, PT_MERGE_NONE, false, &err) < 0);
	assert_non_null(strstr(err.msg, "p002-s2-l0-small"));
	fj_set_release(&set);

	j[0] = job("p001-s1-l0-small", 0, 1, 8192, 1000, 10000, 1e6, 0);
	j[1] = job("p002-s2-l0-small", 1, 2, 8192, 1000, 10000, 1e6, 5);
	if (try_build(&set, &pts, j, 2, PT_MERGE_NONE, true, &err))
		fail_msg("%s", err.msg);
	assert_int_equal(pts.nfailed, 1);
	assert_int_equal(pts.n, 1);
	assert_non_null(pt_find(&pts, 1, 0));
	release(&set, &pts);
}

/* fio's percentile list: its keys exactly, linear between them. */
static void test_percentile(void **state)
{
	double pct[3], pct_ns[3];
	struct fj_lat lat = { .present = true, .npct = 3, .pct = pct, .pct_ns = pct_ns };

	(void)state;
	lat.pct[0] = 50;
	lat.pct_ns[0] = 100;
	lat.pct[1] = 90;
	lat.pct_ns[1] = 500;
	lat.pct[2] = 99;
	lat.pct_ns[2] = 1000;
	assert_true(fabs(pt_percentile(&lat, 50) - 100) < 1e-9);
	assert_true(fabs(pt_percentile(&lat, 99) - 1000) < 1e-9);
	assert_true(fabs(pt_percentile(&lat, 70) - 300) < 1e-9);
	lat.npct = 0;
	assert_true(pt_percentile(&lat, 99) < 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fiorion_names),
		cmocka_unit_test(test_passes),
		cmocka_unit_test(test_inferred),
		cmocka_unit_test(test_merge),
		cmocka_unit_test(test_refused),
		cmocka_unit_test(test_percentile),
	};

	return cmocka_run_group_tests_name("converter/points/points.c", tests, NULL, NULL);
}
