/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: converter/tslog.c reads a point's IOPS and bandwidth
 * logs beside its JSON, sums worked out by hand: two clones' windows
 * (1000/2001/2999 ms and 1003/2004 ms, read and write rows) add up per
 * window; KiB/s become MiB/s; a -repeat pass's logs (-r2), another kind
 * (_lat) and an entry-per-I/O log are not read; a -clients point's hosts
 * (JOB.TAG_iops.N.log.HOST) give the total and one line per host, in
 * name order; a point without logs is -ENOENT.
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

#include "testutil.h"

#include "conv_fixture.h"
#include "tslog.h"

/* A job of this test: cf_ts_job() reading randrw. */
static char *job(const char *name, const char *host)
{
	return cf_ts_job(name, host, "randrw");
}

/* @jobs in @dir/p001.json, read and built. */
static void load(struct fj_set *set, struct pt_set *pts, const char *dir, char **jobs, int n,
		 bool clients)
{
	char *path = tu_path(dir, "p001.json");

	cf_read(set, path, cf_doc(clients ? "client_stats" : "jobs", jobs, n, NULL));
	cf_points(pts, set, PT_MERGE_NONE, NULL);
	free(path);
}

static void put(const char *dir, const char *name, const char *text)
{
	free(tu_text(dir, name, "%s", text));
}

static void test_local(void **state)
{
	char *dir = tu_mkdtemp(), *jobs[] = { job("p001-s4-l0-small", NULL) };
	struct fj_set set;
	struct pt_set pts;
	struct ts_point t;

	(void)state;
	put(dir, "p001-s4-l0-small_iops.1.log", "1000, 100, 0, 0, 0\n2001, 200, 0, 0, 0\n2999, 300, 0, 0, 0\n");
	put(dir, "p001-s4-l0-small_iops.2.log", "1003, 10, 0, 0, 0\n2004, 20, 1, 0, 0\n");
	put(dir, "p001-s4-l0-small_bw.1.log", "1000, 1024, 0, 0, 0\n2001, 2048, 0, 0, 0\n");
	put(dir, "p001-s4-l0-small_bw.2.log", "1003, 512, 0, 0, 0\n2004, 512, 1, 0, 0\n");
	/* not this point's, not these kinds, not windows */
	put(dir, "p001-s4-l0-small-r2_iops.1.log", "1000, 99999, 0, 0, 0\n");
	put(dir, "p001-s4-l0-small_lat.1.log", "1000, 99999, 0, 0, 0\n");
	put(dir, "p001-s4-l0-small_iops.3.log", "3, 1, 0, 8192, 0\n5, 1, 0, 8192, 0\n7, 1, 0, 8192, 0\n");
	put(dir, "p001-s4-l0-small_iops.x.log", "1000, 99999, 0, 0, 0\n");
	load(&set, &pts, dir, jobs, 1, false);
	assert_int_equal(ts_load(&t, &pts, &pts.pts[0], NULL), 0);
	assert_int_equal(t.window_ms, 1000);
	assert_int_equal(t.nfiles, 4);
	assert_int_equal(t.nlines, 1);
	assert_string_equal(t.lines[0].name, "");
	assert_int_equal(t.lines[0].n, 4);
	assert_true(isnan(t.lines[0].iops[0]));
	assert_float_equal(t.lines[0].iops[1], 110, 1e-9);
	assert_float_equal(t.lines[0].iops[2], 220, 1e-9);
	assert_float_equal(t.lines[0].iops[3], 300, 1e-9);
	assert_float_equal(t.lines[0].mibs[1], 1.5, 1e-9);
	assert_float_equal(t.lines[0].mibs[2], 2.5, 1e-9);
	assert_true(isnan(t.lines[0].mibs[3]));
	ts_release(&t);
	pt_set_release(&pts);
	fj_set_release(&set);
	tu_rmtree(dir);
}

static void test_hosts(void **state)
{
	char *dir = tu_mkdtemp();
	char *jobs[] = { job("p001-s4-l0-small", "b:8765"), job("p001-s4-l0-small", "a:8765") };
	struct fj_set set;
	struct pt_set pts;
	struct ts_point t;

	(void)state;
	put(dir, "p001-s4-l0-small.b_8765_iops.1.log.b", "1000, 100, 0, 0, 0\n2000, 100, 0, 0, 0\n");
	put(dir, "p001-s4-l0-small.a_8765_iops.1.log.a", "1000, 40, 0, 0, 0\n2000, 60, 0, 0, 0\n");
	put(dir, "p001-s4-l0-small.a_8765_bw.1.log.a", "1000, 2048, 0, 0, 0\n2000, 2048, 0, 0, 0\n");
	load(&set, &pts, dir, jobs, 2, true);
	assert_int_equal(pts.n, 1);
	assert_int_equal(ts_load(&t, &pts, &pts.pts[0], NULL), 0);
	assert_int_equal(t.nlines, 3);
	assert_string_equal(t.lines[1].name, "a_8765");
	assert_string_equal(t.lines[2].name, "b_8765");
	assert_float_equal(t.lines[0].iops[1], 140, 1e-9);
	assert_float_equal(t.lines[0].iops[2], 160, 1e-9);
	assert_float_equal(t.lines[1].iops[2], 60, 1e-9);
	assert_float_equal(t.lines[2].iops[2], 100, 1e-9);
	assert_float_equal(t.lines[0].mibs[1], 2, 1e-9);
	assert_true(isnan(t.lines[2].mibs[1]));
	ts_release(&t);
	pt_set_release(&pts);
	fj_set_release(&set);
	tu_rmtree(dir);
}

static void test_none(void **state)
{
	char *dir = tu_mkdtemp(), *jobs[] = { job("p001-s4-l0-small", NULL) };
	struct fj_set set;
	struct pt_set pts;
	struct ts_point t;

	(void)state;
	put(dir, "p002-s4-l0-small_iops.1.log", "1000, 100, 0, 0, 0\n");
	load(&set, &pts, dir, jobs, 1, false);
	assert_int_equal(ts_load(&t, &pts, &pts.pts[0], NULL), -ENOENT);
	assert_null(t.lines);
	pt_set_release(&pts);
	fj_set_release(&set);
	tu_rmtree(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_local),
		cmocka_unit_test(test_hosts),
		cmocka_unit_test(test_none),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
