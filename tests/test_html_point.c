// SPDX-License-Identifier: GPL-2.0-only
/*
 * Description: the per-point latency histograms (converter/report/html_point.c):
 * json+ bins fold into half-octave buckets (each I/O in exactly one,
 * the bucket of a bin worked out by hand), the section writes one
 * <details> per point and class with bins, labelled lat or clat and in
 * ms or us as asked, with the mean and the p50/p99/p99.9 lines at the
 * bins' own percentiles; points without bins get none, and a set with
 * no bins at all gets the note saying why. A ladder whose loads double
 * (1 2 4 8, or capped: 1 2 4 6) is found and others (1 2 3, two levels)
 * are not, and a log integer axis ticks at the powers of two only; the
 * run table's steady-state cell with none and some attained.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fjbins.h"
#include "html_point.h"
#include "svg.h"

static size_t count(const char *s, const char *what)
{
	size_t n = 0;

	for (s = strstr(s, what); s; s = strstr(s + 1, what))
		n++;
	return n;
}

/* 1000 ns x3, 1500 ns x2, 4000 ns x5: 2 log2(ns) = 19.93, 21.10, 23.93. */
static struct fj_bin bins[] = { { 1000, 3 }, { 1500, 2 }, { 4000, 5 } };
static struct fj_hist *hist; /* the same, as held (main() makes it) */

static void test_fold(void **state)
{
	struct fj_lat l = { .present = true, .hist = hist, .nbins = 3, .n = 10, .mean = 2500 };
	struct hp_hist h;
	uint64_t sum = 0;
	size_t i;

	(void)state;
	assert_true(hp_fold(&l, &h));
	assert_int_equal(h.k0, 19);
	assert_int_equal(h.n, 5);
	assert_int_equal(h.count[0], 3);
	assert_int_equal(h.count[1], 0);
	assert_int_equal(h.count[2], 2);
	assert_int_equal(h.count[3], 0);
	assert_int_equal(h.count[4], 5);
	for (i = 0; i < h.n; i++)
		sum += h.count[i];
	assert_int_equal(sum, 10);
	assert_int_equal(h.total, 10);
	/* each bin inside its bucket's edges */
	assert_true(hp_edge(19) <= 1000 && 1000 < hp_edge(20));
	assert_true(hp_edge(23) <= 4000 && 4000 < hp_edge(24));
	assert_true(fabs(hp_edge(20) - 1024) < 1e-9);
	l.hist = NULL;
	l.nbins = 0;
	assert_false(hp_fold(&l, &h));
}

static char *section(struct pt_set *set, bool usecs, size_t *n)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	*n = hp_histograms(f, set, usecs);
	fclose(f);
	return buf;
}

static void test_section(void **state)
{
	struct pt_point p[2];
	struct pt_set set = { .pts = p, .n = 2 };
	char *out;
	size_t n;

	(void)state;
	memset(p, 0, sizeof(p));
	p[0].number = 1;
	p[0].s = 2;
	p[0].small.present = true;
	p[0].small.lat[PT_ALL] = (struct fj_lat){ .present = true, .hist = hist, .nbins = 3, .n = 10, .mean = 2500 };
	p[0].large.present = true; /* no bins: no histogram */
	p[0].large.lat[PT_ALL] = (struct fj_lat){ .present = true, .n = 4, .mean = 9e6 };
	p[1].number = 2;
	p[1].l = 1;
	p[1].large.present = true;
	p[1].large.lat[PT_ALL] = (struct fj_lat){ .present = true, .hist = hist, .nbins = 3, .n = 10, .mean = 2500, .bins_from_clat = true };

	out = section(&set, true, &n);
	assert_int_equal(n, 2);
	assert_int_equal(count(out, "<details class=\"hist\">"), 2);
	assert_int_equal(count(out, "<svg class=\"hist\""), 2);
	assert_non_null(strstr(out, "<summary>p001 Small=2 Large=0, small I/O: lat (\u00b5s) mean 2.5,"));
	assert_non_null(strstr(out, "<summary>p002 Small=0 Large=1, large I/O: clat (\u00b5s)"));
	/* a mean and three percentile lines per histogram */
	assert_int_equal(count(out, "<line class=\"mean\""), 2);
	assert_int_equal(count(out, "<line class=\"pct\""), 6);
	/* p50 of 10 I/Os is the 5th: the 1500 ns bin, 1.5 us */
	assert_non_null(strstr(out, "<title>p50 1.5 \u00b5s</title>"));
	assert_non_null(strstr(out, "<title>p99.9 4 \u00b5s</title>"));
	assert_null(strstr(out, "nan"));
	assert_null(strstr(out, "http"));
	free(out);

	out = section(&set, false, &n);
	assert_non_null(strstr(out, "<title>p50 0.0015 ms</title>"));
	free(out);

	p[0].small.lat[PT_ALL].hist = NULL;
	p[0].small.lat[PT_ALL].nbins = 0;
	p[1].large.lat[PT_ALL].hist = NULL;
	p[1].large.lat[PT_ALL].nbins = 0;
	out = section(&set, false, &n);
	assert_int_equal(n, 0);
	assert_non_null(strstr(out, "no latency bins"));
	assert_null(strstr(out, "<details"));
	free(out);
}

/* Points at small loads @s[0..n) (Large=0). */
static bool doubles(const unsigned int *s, size_t n)
{
	struct pt_point p[8];
	size_t by[8], i;
	struct pt_set set = { .pts = p, .n = n, .by_load = by };

	memset(p, 0, sizeof(p));
	for (i = 0; i < n; i++) {
		p[i].s = s[i];
		p[i].small.present = true;
		by[i] = i;
	}
	return hp_doubling(&set, true);
}

static void test_doubling(void **state)
{
	static const unsigned int d[] = { 1, 2, 4, 8 }, cap[] = { 1, 2, 4, 6 }, lin[] = { 1, 2, 3 },
				  two[] = { 2, 4 }, gap[] = { 1, 2, 4, 16, 32 };
	static const double x[] = { 1, 2, 4, 8, 16 }, y[] = { 10, 20, 30, 40, 50 };
	struct svg_series sr = { .name = "l", .x = x, .y = y, .n = 5 };
	struct svg_chart c = {
		.title = "t",
		.x = { "Small load", "outstanding I/Os", true, true, true },
		.y = { "IOPS", NULL, false, true, false },
		.series = &sr,
		.nseries = 1,
	};
	char *out = NULL;
	size_t len = 0;
	FILE *f;

	(void)state;
	assert_true(doubles(d, 4));
	assert_true(doubles(cap, 4));
	assert_false(doubles(lin, 3));
	assert_false(doubles(two, 2));
	assert_false(doubles(gap, 5));
	f = open_memstream(&out, &len);
	assert_non_null(f);
	svg_chart(f, &c);
	fclose(f);
	assert_non_null(strstr(out, "text-anchor=\"middle\">1</text>"));
	assert_non_null(strstr(out, "text-anchor=\"middle\">2</text>"));
	assert_non_null(strstr(out, "text-anchor=\"middle\">4</text>"));
	assert_non_null(strstr(out, "text-anchor=\"middle\">8</text>"));
	assert_non_null(strstr(out, "text-anchor=\"middle\">16</text>"));
	assert_null(strstr(out, "text-anchor=\"middle\">5</text>"));
	assert_null(strstr(out, "text-anchor=\"middle\">10</text>"));
	free(out);
}

static void test_steady(void **state)
{
	struct pt_point p[3];
	struct pt_set set = { .pts = p, .n = 3 };
	char buf[512];

	(void)state;
	memset(p, 0, sizeof(p));
	p[0].number = 1;
	p[1].number = 2;
	p[2].number = 3;
	hp_steady_text(buf, sizeof(buf), &set);
	assert_string_equal(buf, "not checked (no job set fio's steadystate)");
	p[0].ss.present = p[1].ss.present = true;
	p[0].ss.attained = true;
	p[0].ss.window_s = 10;
	strcpy(p[0].ss.setting, "iops_slope:2.000000%");
	hp_steady_text(buf, sizeof(buf), &set);
	assert_string_equal(buf, "attained at 1 of 2 points checked (3 points in all; iops_slope:2.000000% over 10 s); not at p002");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fold),
		cmocka_unit_test(test_section),
		cmocka_unit_test(test_doubling),
		cmocka_unit_test(test_steady),
	};
	int ret;

	hist = fjh_new(bins, 3);
	if (!hist)
		return 1;
	ret = cmocka_run_group_tests(tests, NULL, NULL);
	fjh_unref(hist);
	return ret;
}
