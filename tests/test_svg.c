/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: the SVG drawing module (converter/report/svg.c): XML escaping,
 * readable numbers, 1-2-5 steps and ticks (linear and log), a chart's
 * markers, <title>s, legend, band and knee mark, points that are NaN or
 * inf left out (never printed), a heat map's cells, error bars and
 * intervals in the titles (counted exactly), and the same bytes for the
 * same input.
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

#include "testutil.h"

#include "svg.h"

/* What @draw writes for @arg, as a malloc()ed string. */
static char *capture(void (*draw)(FILE *, const void *), const void *arg)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	draw(f, arg);
	assert_int_equal(fclose(f), 0);
	return buf;
}

static void draw_chart(FILE *f, const void *c)
{
	svg_chart(f, c);
}

static void draw_heat(FILE *f, const void *h)
{
	svg_heatmap(f, h);
}

static void draw_escape(FILE *f, const void *s)
{
	svg_escape(f, s);
}

static void test_svg_escape(void **state)
{
	char *s;

	(void)state;
	s = capture(draw_escape, "a&b<c>d\"e'f");
	assert_string_equal(s, "a&amp;b&lt;c&gt;d&quot;e&apos;f");
	free(s);
	s = capture(draw_escape, "");
	assert_string_equal(s, "");
	free(s);
}

static void test_svg_num(void **state)
{
	static const struct {
		double v;
		bool compact;
		const char *want;
	} t[] = {
		{ 0, false, "0" },
		{ -0.0, false, "0" },
		{ 5, false, "5" },
		{ 12345, false, "12345" },
		{ 12345, true, "12.3k" },
		{ 20000, true, "20k" },
		{ 1500000, true, "1.5M" },
		{ 0.25, false, "0.25" },
		{ 0.1, false, "0.1" },
		{ 3.14159, false, "3.142" },
		{ 42.5, false, "42.5" },
		{ 123.456, false, "123.5" },
		{ 0.0001234, false, "0.000123" },
		{ -2.5, false, "-2.5" },
		{ NAN, false, "" },
		{ INFINITY, true, "" },
		{ -INFINITY, false, "" },
	};
	char buf[64];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		svg_num(buf, sizeof(buf), t[i].v, t[i].compact);
		assert_string_equal(buf, t[i].want);
	}
}

static void test_svg_step(void **state)
{
	(void)state;
	assert_true(svg_step(10, 5) == 2);
	assert_true(svg_step(100, 5) == 20);
	assert_true(svg_step(7, 5) == 1);
	assert_true(svg_step(30, 5) == 5);
	assert_true(svg_step(40, 5) == 10);
	assert_true(fabs(svg_step(0.9, 5) - 0.2) < 1e-12);
	assert_true(svg_step(0, 5) == 1);
	assert_true(svg_step(NAN, 5) == 1);
	assert_true(svg_step(-3, 5) == 1);
}

/* Every tick is a multiple of a 1, 2 or 5 step, and the ticks cover the range. */
static void test_svg_ticks_linear(void **state)
{
	static const double ranges[][2] = {
		{ 0, 5 },
		{ 0, 1 },
		{ 1, 20 },
		{ 0, 12345 },
		{ 0.03, 0.71 },
		{ 100, 100 },
		{ 0, 0 },
		{ -3, 7 },
		{ 0, 1e9 },
	};
	double t[32], lo, hi;
	size_t i, k, n;
	char buf[64];

	(void)state;
	for (i = 0; i < sizeof(ranges) / sizeof(ranges[0]); i++) {
		n = svg_ticks(ranges[i][0], ranges[i][1], false, t, 32, &lo, &hi);
		assert_true(n >= 2 && n <= 12);
		assert_true(lo <= ranges[i][0] && hi >= ranges[i][1]);
		assert_true(t[0] == lo && t[n - 1] == hi);
		for (k = 1; k < n; k++) {
			double step = t[k] - t[k - 1], m = step / pow(10, floor(log10(step) + 1e-9));

			assert_true(fabs(m - 1) < 1e-6 || fabs(m - 2) < 1e-6 || fabs(m - 5) < 1e-6);
			/* printed without a float's tail: 0.3, not 0.30000000000000004 */
			svg_num(buf, sizeof(buf), t[k], true);
			assert_true(strlen(buf) <= 8);
		}
	}
	n = svg_ticks(0, 5, false, t, 32, &lo, &hi);
	assert_int_equal(n, 6);
	assert_true(t[0] == 0 && t[5] == 5);
	n = svg_ticks(NAN, 5, false, t, 32, &lo, &hi);
	assert_true(n >= 2 && isfinite(lo) && isfinite(hi));
}

static void test_svg_ticks_log(void **state)
{
	double t[32], lo, hi;
	size_t n;

	(void)state;
	/* Under three decades: 1-2-5 values. */
	n = svg_ticks(1, 64, true, t, 32, &lo, &hi);
	assert_int_equal(n, 7);
	assert_true(t[0] == 1 && t[1] == 2 && t[2] == 5 && t[3] == 10 && t[6] == 100);
	assert_true(lo == 1 && hi == 100);
	n = svg_ticks(3, 40, true, t, 32, &lo, &hi);
	assert_true(lo == 2 && hi == 50 && n == 5);
	/* More: powers of ten. */
	n = svg_ticks(0.5, 20000, true, t, 32, &lo, &hi);
	assert_int_equal(n, 7);
	assert_true(fabs(t[0] - 0.1) < 1e-12 && t[1] == 1 && t[6] == 100000);
}

static void test_svg_chart(void **state)
{
	static const double x[] = { 1, 2, 3, 4, 5 }, y[] = { 100, 180, 240, 260, 265 };
	static const double lo[] = { 0.1, 0.2, 0.3, 0.4, 0.5 }, hi[] = { 1, 2, 3, 4, 5 };
	static const double y2[] = { 50, NAN, 120, INFINITY, 130 };
	struct svg_series s[2] = {
		{ .name = "Large=0 <&>", .x = x, .y = y, .n = 5, .lo = lo, .hi = hi },
		{ .name = "Large=1", .x = x, .y = y2, .n = 5 },
	};
	struct svg_mark m = { .x = 4, .y = 260, .label = "knee Small=4" };
	struct svg_chart c = {
		.id = "iops",
		.title = "Small IOPS vs load",
		.x = { "Small load", "outstanding I/Os", false, true, true },
		.y = { "Small IOPS", "I/Os per second", false, true, false },
		.series = s,
		.nseries = 2,
		.marks = &m,
		.nmarks = 1,
		.band_name = "p50..p99",
	};
	char *a, *b;

	(void)state;
	a = capture(draw_chart, &c);
	b = capture(draw_chart, &c);
	assert_string_equal(a, b); /* deterministic */
	assert_int_equal(tu_count(a, "<svg "), 1);
	assert_int_equal(tu_count(a, "</svg>"), 1);
	assert_non_null(strstr(a, "id=\"iops\""));
	/* 5 + 3 markers (the NaN and inf points left out), each with a title */
	assert_int_equal(tu_count(a, "<circle class=\"pt\""), 8);
	assert_int_equal(tu_count(a, "</title></circle>"), 8);
	assert_null(strstr(a, "nan"));
	assert_null(strstr(a, "inf"));
	assert_null(strstr(a, "NaN"));
	/* escaped names, in the marker titles and the legend */
	assert_null(strstr(a, "<&>"));
	assert_int_equal(tu_count(a, "Large=0 &lt;&amp;&gt;"), 7);
	assert_non_null(strstr(a, "<title>Large=0 &lt;&amp;&gt;: Small load 1 outstanding I/Os, Small IOPS 100 I/Os per second (p50..p99 0.1 .. 1)</title>"));
	/* axis labels with units, 1-2-5 ticks */
	assert_non_null(strstr(a, ">Small load (outstanding I/Os)</text>"));
	assert_non_null(strstr(a, ">Small IOPS (I/Os per second)</text>"));
	assert_int_equal(tu_count(a, "class=\"axis-label\""), 2);
	assert_non_null(strstr(a, ">250</text>"));
	/* one band, the knee, the legend (2 series, band, knee) */
	assert_int_equal(tu_count(a, "<polygon class=\"band\""), 1);
	assert_int_equal(tu_count(a, "<path class=\"knee\""), 1);
	assert_non_null(strstr(a, "<title>knee Small=4: Small load 4 outstanding I/Os, Small IOPS 260 I/Os per second</title>"));
	assert_int_equal(tu_count(a, "class=\"legend-label\""), 4);
	assert_int_equal(tu_count(a, "<polyline "), 2);
	free(a);
	free(b);
}

static void test_svg_chart_empty(void **state)
{
	static const double x[] = { NAN, 1 }, y[] = { 1, INFINITY };
	struct svg_series s = { .name = "none", .x = x, .y = y, .n = 2 };
	struct svg_chart c = {
		.title = "t",
		.x = { "x", NULL, true, false, false },
		.y = { "y", "ms", false, true, false },
		.series = &s,
		.nseries = 1,
	};
	char *a;

	(void)state;
	a = capture(draw_chart, &c);
	assert_non_null(strstr(a, ">no data</text>"));
	assert_int_equal(tu_count(a, "class=\"pt\""), 0);
	assert_null(strstr(a, "nan"));
	assert_null(strstr(a, "inf"));
	free(a);

	/* On a log axis a zero or negative x is left out. */
	{
		static const double lx[] = { 0, -1, 1, 10 }, ly[] = { 1, 2, 3, 4 };

		s.x = lx;
		s.y = ly;
		s.n = 4;
		a = capture(draw_chart, &c);
		assert_int_equal(tu_count(a, "class=\"pt\""), 2);
		free(a);
	}
}

/* A load axis of 1..2: ticks at whole numbers only, never 0.5. */
static void test_svg_integer_axis(void **state)
{
	static const double x[] = { 1, 2 }, y[] = { 10, 20 };
	struct svg_series s = { .name = "l", .x = x, .y = y, .n = 2 };
	struct svg_chart c = {
		.title = "t",
		.x = { "Large load", NULL, false, true, true },
		.y = { "MBPS", NULL, false, true, false },
		.series = &s,
		.nseries = 1,
	};
	char *a;

	(void)state;
	a = capture(draw_chart, &c);
	assert_non_null(strstr(a, "text-anchor=\"middle\">2</text>"));
	assert_null(strstr(a, "text-anchor=\"middle\">0.5</text>"));
	assert_null(strstr(a, "text-anchor=\"middle\">1.5</text>"));
	free(a);
}

static void test_svg_heatmap(void **state)
{
	static const double xs[] = { 1, 2, 3 }, ys[] = { 0, 1 };
	static const double v[] = { 100, 200, 300, NAN, 150, 1e6 };
	struct svg_heat h = {
		.id = "heat-iops",
		.title = "Small IOPS \"matrix\"",
		.xlabel = "Small",
		.ylabel = "Large",
		.unit = "IOPS",
		.xs = xs,
		.ys = ys,
		.nx = 3,
		.ny = 2,
		.v = v,
	};
	char *a, *b;

	(void)state;
	a = capture(draw_heat, &h);
	b = capture(draw_heat, &h);
	assert_string_equal(a, b);
	assert_int_equal(tu_count(a, "<rect class=\"cell\""), 5);
	assert_int_equal(tu_count(a, "<rect class=\"empty\""), 1);
	assert_non_null(strstr(a, "<title>Small=2, Large=0: 200 IOPS</title>"));
	assert_non_null(strstr(a, "<title>Small=1, Large=1: no point</title>"));
	assert_non_null(strstr(a, "Small IOPS &quot;matrix&quot;"));
	/* the smallest value lightest, the largest darkest */
	assert_non_null(strstr(a, "fill=\"#f7fbff\" stroke=\"#fff\"><title>Small=1, Large=0"));
	assert_non_null(strstr(a, "fill=\"#08306b\" stroke=\"#fff\"><title>Small=3, Large=1"));
	assert_null(strstr(a, "nan"));
	assert_int_equal(tu_count(a, "class=\"axis-label\""), 2);
	free(a);
	free(b);
}

/* Error bars: one <path class="err"> per point with a finite interval, and every title says it. */
static void test_svg_error_bars(void **state)
{
	static const double x[] = { 1, 2, 3, 4 }, y[] = { 1000, 2000, 2900, 3500 };
	static const double lo[] = { 950, 1900, NAN, 3300 }, hi[] = { 1050, 2100, NAN, 3700 };
	static const char *const note[] = { "within", "within", NULL, "passes" };
	static const double y2[] = { 500, 600 };
	struct svg_series s[2] = {
		{ .name = "Small I/O", .x = x, .y = y, .n = 4, .err_lo = lo, .err_hi = hi, .err_note = note },
		{ .name = "B", .x = x, .y = y2, .n = 2, .run = 2 },
	};
	struct svg_chart c = {
		.id = "iops-load",
		.title = "IOPS",
		.x = { "Small load", "outstanding I/Os", false, true, true },
		.y = { "Small IOPS", "I/Os per second", false, true, false },
		.series = s,
		.nseries = 2,
	};
	char *a, *b;

	(void)state;
	a = capture(draw_chart, &c);
	b = capture(draw_chart, &c);
	assert_string_equal(a, b);
	assert_int_equal(tu_count(a, "<circle class=\"pt\""), 6);
	/* 3 of the first line's 4 points have an interval; the second line says nothing */
	assert_int_equal(tu_count(a, "<path class=\"err\""), 3);
	assert_int_equal(tu_count(a, " (95 % interval "), 3);
	assert_int_equal(tu_count(a, " (no interval)"), 1);
	assert_non_null(strstr(a, "Small IOPS 1000 I/Os per second (95 % interval 950-1050, within)</title>"));
	assert_non_null(strstr(a, "Small IOPS 3500 I/Os per second (95 % interval 3300-3700, passes)</title>"));
	assert_non_null(strstr(a, "Small IOPS 2900 I/Os per second (no interval)</title>"));
	assert_non_null(strstr(a, "Small IOPS 600 I/Os per second</title>"));
	/* the axis takes the bars: 3700 needs a tick at 4000 (3500 alone would end there) */
	assert_non_null(strstr(a, ">4000</text>"));
	/* run 2 (C) has its own dash style */
	assert_int_equal(tu_count(a, "stroke-dasharray=\"2 3\""), 2);
	assert_null(strstr(a, "nan"));
	free(a);
	free(b);
}

/* A heat map's cells with intervals: each title gives it, or says there is none. */
static void test_svg_heatmap_intervals(void **state)
{
	static const double xs[] = { 1, 2 }, ys[] = { 0, 1 };
	static const double v[] = { 1234, 2000, NAN, 3000 };
	static const double lo[] = { 1200, NAN, NAN, 2900 }, hi[] = { 1270, NAN, NAN, 3100 };
	static const char *const note[] = { "within", NULL, NULL, "passes" };
	struct svg_heat h = {
		.id = "heat-iops",
		.title = "Small IOPS",
		.xlabel = "Small",
		.ylabel = "Large",
		.unit = "IOPS",
		.xs = xs,
		.ys = ys,
		.nx = 2,
		.ny = 2,
		.v = v,
		.lo = lo,
		.hi = hi,
		.note = note,
	};
	char *a;

	(void)state;
	a = capture(draw_heat, &h);
	assert_int_equal(tu_count(a, "<rect class=\"cell\""), 3);
	assert_int_equal(tu_count(a, "(95 % interval "), 2);
	assert_int_equal(tu_count(a, "(no interval)"), 1);
	assert_non_null(strstr(a, "<title>Small=1, Large=0: 1234 IOPS (95 % interval 1200-1270, within)</title>"));
	assert_non_null(strstr(a, "<title>Small=2, Large=0: 2000 IOPS (no interval)</title>"));
	assert_non_null(strstr(a, "<title>Small=2, Large=1: 3000 IOPS (95 % interval 2900-3100, passes)</title>"));
	assert_non_null(strstr(a, "<title>Small=1, Large=1: no point</title>"));
	free(a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_svg_escape),
		cmocka_unit_test(test_svg_num),
		cmocka_unit_test(test_svg_step),
		cmocka_unit_test(test_svg_ticks_linear),
		cmocka_unit_test(test_svg_ticks_log),
		cmocka_unit_test(test_svg_chart),
		cmocka_unit_test(test_svg_chart_empty),
		cmocka_unit_test(test_svg_integer_axis),
		cmocka_unit_test(test_svg_heatmap),
		cmocka_unit_test(test_svg_error_bars),
		cmocka_unit_test(test_svg_heatmap_intervals),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
