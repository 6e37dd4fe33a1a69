/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: the report's IOPS and bandwidth over time
 * (converter/report/html_series.c): a point with logs gets one <details> with
 * two panels (IOPS, MiB/s), its summary giving the total's range and
 * mean worked out by hand; a -clients point the total and one line per
 * host, each named; a point whose logs have one window gets a line
 * saying so, not an empty plot; a point of 1000 windows is drawn with at most
 * HS_MAX_VERTICES vertices a line; without logs the section says there
 * is no time series (fio's JSON has none).
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
#include "html_series.h"

/* A job of this test: cf_ts_job() reading randread. */
static char *job(const char *name, const char *host)
{
	return cf_ts_job(name, host, "randread");
}

/* The section for @jobs read as @dir/p001.json. */
static char *section(const char *dir, char **jobs, int n, bool clients, int *drawn)
{
	char *path = tu_path(dir, "p001.json"), *out = NULL;
	struct fj_set set;
	struct pt_set pts;
	size_t len = 0;
	FILE *f;

	cf_read(&set, path, cf_doc(clients ? "client_stats" : "jobs", jobs, n, NULL));
	cf_points(&pts, &set, PT_MERGE_NONE, NULL);
	f = open_memstream(&out, &len);
	*drawn = hs_section(f, &pts);
	assert_int_equal(fclose(f), 0);
	pt_set_release(&pts);
	fj_set_release(&set);
	free(path);
	return out;
}

static void test_local(void **state)
{
	char *dir = tu_mkdtemp(), *jobs[] = { job("p001-s4-l0-small", NULL) }, *a;
	int n;

	(void)state;
	free(tu_text(dir, "p001-s4-l0-small_iops.1.log", "1000, 100, 0, 0, 0\n2000, 300, 0, 0, 0\n3000, 200, 0, 0, 0\n"));
	free(tu_text(dir, "p001-s4-l0-small_bw.1.log", "1000, 1024, 0, 0, 0\n2000, 3072, 0, 0, 0\n3000, 2048, 0, 0, 0\n"));
	a = section(dir, jobs, 1, false, &n);
	assert_int_equal(n, 1);
	assert_non_null(strstr(a, "<h2>IOPS and bandwidth over time</h2>"));
	assert_non_null(strstr(a, "<details class=\"ts\"><summary>p001 Small=4 Large=0: IOPS 100-300 (mean 200), MiB/s 1-3 (mean 2) over 3 windows of 1000 ms</summary>"));
	assert_int_equal(tu_count(a, "<svg class=\"ts\""), 1);
	/* the total in each panel; no host lines */
	assert_int_equal(tu_count(a, "<path class=\"ts\""), 2);
	assert_int_equal(tu_count(a, "class=\"ts-host\""), 0);
	assert_non_null(strstr(a, ">IOPS</text>"));
	assert_non_null(strstr(a, ">MiB/s</text>"));
	assert_null(strstr(a, "No time series"));
	free(a);
	tu_rmtree(dir);
}

static void test_hosts_and_long(void **state)
{
	char *dir = tu_mkdtemp(), *a, *p, *q;
	char *jobs[] = { job("p001-s4-l0-small", "b:8765"), job("p001-s4-l0-small", "a:8765") };
	FILE *f[2];
	int n, k;

	(void)state;
	f[0] = fopen(p = tu_path(dir, "p001-s4-l0-small.a_8765_iops.1.log.a"), "w");
	f[1] = fopen(q = tu_path(dir, "p001-s4-l0-small.b_8765_iops.1.log.b"), "w");
	assert_non_null(f[0]);
	assert_non_null(f[1]);
	for (k = 1; k <= 1000; k++) {
		fprintf(f[0], "%d, %d, 0, 0, 0\n", k * 1000, 100 + k % 7);
		fprintf(f[1], "%d, %d, 0, 0, 0\n", k * 1000, 50);
	}
	fclose(f[0]);
	fclose(f[1]);
	free(p);
	free(q);
	a = section(dir, jobs, 2, true, &n);
	assert_int_equal(n, 1);
	assert_non_null(strstr(a, "over 1000 windows of 1000 ms; 2 hosts</summary>"));
	/* total, a, b in each panel */
	assert_int_equal(tu_count(a, "<path class=\"ts\""), 6);
	assert_non_null(strstr(a, ">a_8765</text>"));
	assert_non_null(strstr(a, ">b_8765</text>"));
	assert_non_null(strstr(a, ">total</text>"));
	/* every line at most HS_MAX_VERTICES vertices, each panel's 3 at most HS_PANEL_VERTICES */
	k = 0;
	for (p = strstr(a, "<path class=\"ts\""); p; p = strstr(p + 1, "<path class=\"ts\"")) {
		size_t v = 1;

		q = strstr(p, " d=\"") + 4;
		if (*q == '"')
			continue; /* the MiB/s panel: no bw log here */
		for (; *q != '"'; q++)
			v += *q == ' ';
		assert_true(v <= HS_MAX_VERTICES);
		assert_true(v >= HS_PANEL_VERTICES / 3 / 2);
		k += (int)v;
	}
	assert_true(k <= 2 * HS_PANEL_VERTICES);
	free(a);
	tu_rmtree(dir);
}

/* One window (a 1 s point's 500 ms logs, the row at 1000 ms not written): a line, no plot. */
static void test_one_window(void **state)
{
	char *dir = tu_mkdtemp(), *jobs[] = { job("p001-s4-l0-small", NULL) }, *a;
	int n;

	(void)state;
	free(tu_text(dir, "p001-s4-l0-small_iops.1.log", "506, 25009, 0, 0, 0\n"));
	free(tu_text(dir, "p001-s4-l0-small_bw.1.log", "506, 200072, 0, 0, 0\n"));
	a = section(dir, jobs, 1, false, &n);
	assert_int_equal(n, 1);
	assert_non_null(strstr(a, "<p class=\"ts-few\">p001 Small=4 Large=0: IOPS 25009, MiB/s 195.4 in the one window of 500 ms its logs have: no time series drawn, it needs 2 windows or more (points of 2 s or longer have them).</p>"));
	assert_null(strstr(a, "<details"));
	assert_null(strstr(a, "<svg"));
	free(a);
	tu_rmtree(dir);
}

static void test_none(void **state)
{
	char *dir = tu_mkdtemp(), *jobs[] = { job("p001-s4-l0-small", NULL) }, *a;
	int n;

	(void)state;
	a = section(dir, jobs, 1, false, &n);
	assert_int_equal(n, 0);
	assert_non_null(strstr(a, "<p class=\"note\">No time series: fio's JSON has none"));
	assert_null(strstr(a, "<svg"));
	free(a);
	tu_rmtree(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_local),
		cmocka_unit_test(test_hosts_and_long),
		cmocka_unit_test(test_one_window),
		cmocka_unit_test(test_none),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
