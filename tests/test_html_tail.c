/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: the tail-latency chart (converter/report/html_tail.c): one
 * ladder with percentiles gives four lines (mean solid, p50 dash-dot,
 * p99 dashed, p99.9 dotted) on a log latency axis, no error bars, each
 * marker's title at the input's own value (p99.9 = 2 ms where the mean is
 * 0.05 ms: both on the chart); two ladders keep one colour per ladder; more
 * than HT_MAX_LADDERS ladders draw the lowest large load's only and the
 * caption says so; input without percentiles gets no chart; a latency
 * bound's lines (a percentile's, and the mean's), a percentile the chart
 * has no line of (p95) getting its line.
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
#include "html_priv.h"
#include "html_tail.h"

static size_t count(const char *s, const char *what)
{
	size_t n = 0;

	for (s = strstr(s, what); s; s = strstr(s + 1, what))
		n++;
	return n;
}

/* A small job at (s, l), mean 50 us; p50 40 us, p99 400 us, p99.9 2 ms (none with @bare). */
static char *job(unsigned int num, unsigned int s, unsigned int l, bool bare)
{
	char *j;

	if (asprintf(&j,
		     "{\"jobname\": \"p%03u-s%u-l%u-small\", \"groupid\": 0, \"error\": 0, "
		     "\"job options\": {\"iodepth\": \"%u\", \"bs\": \"8k\", \"rw\": \"randread\"}, "
		     "\"read\": {\"io_bytes\": 81920000, \"runtime\": 1000, \"total_ios\": 10000, \"iops\": 0, "
		     "\"lat_ns\": {\"min\": 1, \"max\": 3000000, \"mean\": 50000, \"stddev\": 0, \"N\": 10000%s}}, "
		     "\"write\": {\"io_bytes\": 0, \"runtime\": 0, \"total_ios\": 0, \"iops\": 0}}",
		     num, s, l, s,
		     bare ? "" : ", \"percentile\": {\"50.000000\": 40000, \"99.000000\": 400000, \"99.900000\": 2000000}") < 0)
		abort();
	return j;
}

static char *chart_bound(int nladders, bool bare, const char *bound)
{
	char *jobs[16], *out = NULL;
	struct fj_set set;
	struct pt_set pts;
	struct kn_bound b;
	size_t len = 0;
	int n = 0, l, s;
	FILE *f;

	for (l = 0; l < nladders; l++)
		for (s = 1; s <= 4; s *= 2, n++)
			jobs[n] = job((unsigned int)n + 1, (unsigned int)s, (unsigned int)l, bare);
	cf_build(&set, &pts, jobs, n, NULL, PT_MERGE_NONE);
	f = open_memstream(&out, &len);
	if (bound) {
		struct fr_err err;

		assert_int_equal(kn_parse(&b, bound, &err), 0);
	}
	assert_int_equal(ht_chart(f, &pts, hr_ax_sload, hr_ax_slat, bound ? &b : NULL), 0);
	assert_int_equal(fclose(f), 0);
	pt_set_release(&pts);
	fj_set_release(&set);
	return out;
}

static char *chart(int nladders, bool bare)
{
	return chart_bound(nladders, bare, NULL);
}

/* A bound on p99: its line at 0.3 ms; on p95 (no line of its own): a p95 line too. */
static void test_bound(void **state)
{
	char *a = chart_bound(1, false, "p99:0.3");

	(void)state;
	assert_int_equal(count(a, "<line class=\"bound\""), 1);
	assert_non_null(strstr(a, ">bound 0.3 ms (p99)</text>"));
	assert_int_equal(count(a, "<circle class=\"pt\""), 12);
	assert_non_null(strstr(a, "-max_latency p99:0.3), the p99 line the one it judges."));
	free(a);
	a = chart_bound(1, false, "p95:1,0.2");
	assert_int_equal(count(a, "<line class=\"bound\""), 2);
	assert_non_null(strstr(a, ">bound 0.2 ms (mean)</text>"));
	assert_non_null(strstr(a, ">bound 1 ms (p95)</text>"));
	/* mean, p50, p99, p99.9 and p95: 3 points each */
	assert_int_equal(count(a, "<circle class=\"pt\""), 15);
	assert_non_null(strstr(a, ">p95</text>"));
	free(a);
	a = chart_bound(1, false, "0.2");
	assert_int_equal(count(a, "<line class=\"bound\""), 1);
	assert_non_null(strstr(a, ">bound 0.2 ms (mean)</text>"));
	free(a);
}

static void test_one_ladder(void **state)
{
	char *a = chart(1, false);

	(void)state;
	assert_int_equal(count(a, "<svg class=\"chart\""), 1);
	assert_non_null(strstr(a, "id=\"lat-tail\""));
	/* mean, p50, p99, p99.9: 3 points each, no error bar */
	assert_int_equal(count(a, "<circle class=\"pt\""), 12);
	assert_int_equal(count(a, "<path class=\"err\""), 0);
	assert_int_equal(count(a, "(no interval)"), 0);
	assert_non_null(strstr(a, ">mean</text>"));
	assert_non_null(strstr(a, ">p50</text>"));
	assert_non_null(strstr(a, ">p99</text>"));
	assert_non_null(strstr(a, ">p99.9</text>"));
	/* each line and its legend swatch: p50 "9 3 2 3", p99 "6 4", p99.9 "2 3" */
	assert_int_equal(count(a, "stroke-dasharray=\"9 3 2 3\""), 2);
	assert_int_equal(count(a, "stroke-dasharray=\"6 4\""), 2);
	assert_int_equal(count(a, "stroke-dasharray=\"2 3\""), 2);
	/* the values as given, in ms: 0.05 and 2 on one (log) axis */
	assert_non_null(strstr(a, "<title>mean: Small load 1 outstanding I/Os, Small latency 0.05 ms, log scale</title>"));
	assert_non_null(strstr(a, "<title>p99.9: Small load 4 outstanding I/Os, Small latency 2 ms, log scale</title>"));
	assert_non_null(strstr(a, ">Small latency (ms, log scale)</text>"));
	assert_null(strstr(a, "Only the"));
	free(a);
}

static void test_ladders(void **state)
{
	char *a = chart(2, false);

	(void)state;
	assert_int_equal(count(a, "<circle class=\"pt\""), 24);
	assert_non_null(strstr(a, ">p99.9 Large=1</text>"));
	free(a);
	a = chart(HT_MAX_LADDERS + 1, false);
	assert_int_equal(count(a, "<circle class=\"pt\""), 12);
	assert_non_null(strstr(a, "Only the Large=0 ladder is drawn"));
	free(a);
	a = chart(1, true);
	assert_string_equal(a, "");
	free(a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_one_ladder),
		cmocka_unit_test(test_ladders),
		cmocka_unit_test(test_bound),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
