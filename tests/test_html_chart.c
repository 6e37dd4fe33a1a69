/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: charts that stay readable (issue 42, item 5;
 * converter/report/svg.c and html_chart.c). Error bars widen a value axis
 * by at most SVG_ERR_REACH (2) times its values' range on each side: means
 * of 0.1-0.3 ms with a bar to 40 ms keep an axis to 1 ms at most (3 x 0.3
 * ms, up to a tick), the long bar cut at the top with an arrow and its
 * title keeping 40 and saying it is cut; a bar within reach widens the
 * axis as before, uncut; a bar below 0 on an axis from zero is cut at 0;
 * on a log axis the reach is in decades. A latency bound's parts in
 * either order ("p99:5,2" and "2,p99:5": a mean of 2 ms, a p99 of 5) and
 * their lines' labels.
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

#include "html_priv.h"
#include "svg.h"

static char *draw(const struct svg_chart *c)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	svg_chart(f, c);
	assert_int_equal(fclose(f), 0);
	return buf;
}

/* The largest value tick of the y axis (text-anchor="end" ticks). */
static double top_tick(const char *svg)
{
	const char *p = svg, *key = "text-anchor=\"end\">";
	double top = -INFINITY;

	while ((p = strstr(p, "<text class=\"tick\" x=\"66\""))) {
		const char *v = strstr(p, key);
		double t;

		assert_non_null(v);
		t = strtod(v + strlen(key), NULL);
		if (t > top)
			top = t;
		p = v;
	}
	return top;
}

/* A chart of one line: @n points at x = 1..n, y @y, bars @lo..@hi. */
static char *one_line(const double *y, const double *lo, const double *hi, size_t n, bool log)
{
	static const double x[] = { 1, 2, 3, 4 };
	struct svg_series s = { .name = "s", .x = x, .y = y, .n = n, .err_lo = lo, .err_hi = hi };
	struct svg_chart c = {
		.title = "t",
		.x = { "x", NULL, false, true, false },
		.y = { "y", "ms", log, !log, false },
		.series = &s,
		.nseries = 1,
	};

	return draw(&c);
}

static void test_err_reach(void **state)
{
	const double y[] = { 0.1, 0.2, 0.3 }, lo[] = { 0.09, 0.15, 0.25 }, hi[] = { 0.11, 40, 0.35 };
	const double y2[] = { 1, 2 }, lo2[] = { 0.5, 1 }, hi2[] = { 1.5, 5 };
	const double lo3[] = { -5, 0.15, 0.25 };
	char *a;

	(void)state;
	a = one_line(y, lo, hi, 3, false);
	/* 3 x 0.3 ms = 0.9: the axis ends at the tick at or above it */
	assert_true(top_tick(a) >= 0.9 && top_tick(a) <= 1.0);
	assert_int_equal(tu_count(a, "<path class=\"err\""), 3);
	assert_int_equal(tu_count(a, "data-cut="), 1);
	assert_int_equal(tu_count(a, "<path class=\"err\" data-cut=\"hi\" d=\"M"), 1);
	assert_non_null(strstr(a, "y 0.2 ms (95 % interval 0.15-40) (the bar cut at the axis' end: an arrow)</title>"));
	assert_non_null(strstr(a, "y 0.3 ms (95 % interval 0.25-0.35)</title>"));
	/* the cut bar runs to the plot's top edge (CH_TOP 34), an arrow there */
	assert_non_null(strstr(a, "V34.0M"));
	assert_non_null(strstr(a, "l4 -6l4 6\""));
	free(a);

	/* within reach (5 < 2 + 2 x 2): the axis widens to 5, nothing cut */
	a = one_line(y2, lo2, hi2, 2, false);
	assert_true(top_tick(a) >= 5 && top_tick(a) <= 6);
	assert_int_equal(tu_count(a, "data-cut="), 0);
	free(a);

	/* below 0 on an axis from zero: cut at 0, the axis not below it */
	a = one_line(y, lo3, hi, 3, false);
	assert_int_equal(tu_count(a, "data-cut=\"lo\""), 1);
	assert_int_equal(tu_count(a, "data-cut=\"hi\""), 1);
	assert_null(strstr(a, ">-"));
	free(a);
}

static void test_err_reach_log(void **state)
{
	const double y[] = { 1, 10 }, lo[] = { 0.5, 5 }, hi[] = { 2, 1e6 };
	char *a;

	(void)state;
	/* values over 1 decade: bars reach 2 more above, to 1000 */
	a = one_line(y, lo, hi, 2, true);
	assert_true(top_tick(a) == 1000);
	assert_int_equal(tu_count(a, "data-cut=\"hi\""), 1);
	assert_non_null(strstr(a, "(95 % interval 5-1000000) (the bar cut"));
	free(a);
}

static void test_bound_parts(void **state)
{
	static const struct {
		const char *text;
		double mean, pct, pct_ms;
	} cases[] = {
		{ "3", 3, 0, 0 },
		{ "p99:5", 0, 99, 5 },
		{ "p99.9:0.5", 0, 99.9, 0.5 },
		{ "2,p100:5", 2, 100, 5 },
		{ "p99:5,2", 2, 99, 5 },
	};
	struct fr_err err;
	struct kn_bound b;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct hr_bound h;

		assert_int_equal(kn_parse(&b, cases[i].text, &err), 0);
		h = hr_bound_parts(&b);
		assert_true(h.mean_ms == cases[i].mean);
		assert_true(h.pct == cases[i].pct);
		assert_true(h.pct_ms == cases[i].pct_ms);
	}
	memset(&b, 0, sizeof(b));
	assert_true(hr_bound_parts(&b).mean_ms == 0 && hr_bound_parts(NULL).pct == 0);
}

static void test_bound_lines(void **state)
{
	struct svg_chart c;
	struct fr_err err;
	struct kn_bound b;
	char lab[2][64];

	(void)state;
	assert_int_equal(kn_parse(&b, "p99:5,2", &err), 0);
	memset(&c, 0, sizeof(c));
	hr_bound_lines(&c, &b, true, true, lab);
	assert_true(c.hline && c.hline2);
	assert_string_equal(c.hline_label, "bound 2 ms (mean)");
	assert_string_equal(c.hline2_label, "bound 5 ms (p99)");
	assert_true(c.hline_y == 2 && c.hline2_y == 5);
	/* the percentile's alone */
	memset(&c, 0, sizeof(c));
	hr_bound_lines(&c, &b, false, true, lab);
	assert_true(c.hline && !c.hline2 && c.hline_y == 5);
	assert_string_equal(c.hline_label, "bound 5 ms (p99)");
	/* in µs (11.2+ layouts): the line where the axis puts 5 ms */
	assert_int_equal(kn_parse(&b, "p99.9:0.5", &err), 0);
	memset(&c, 0, sizeof(c));
	hr_lat_ns = 1e3;
	hr_bound_lines(&c, &b, true, true, lab);
	hr_lat_ns = 1e6;
	assert_true(c.hline && !c.hline2 && c.hline_y == 500);
	assert_string_equal(c.hline_label, "bound 0.5 ms (p99.9)");
}

/* Both bounds drawn: two dashed lines, each labelled. */
static void test_two_lines_drawn(void **state)
{
	const double x[] = { 1, 2 }, y[] = { 1, 3 };
	struct svg_series s = { .name = "s", .x = x, .y = y, .n = 2 };
	struct svg_chart c = {
		.title = "t",
		.x = { "x", NULL, false, true, false },
		.y = { "y", "ms", false, true, false },
		.series = &s,
		.nseries = 1,
	};
	struct fr_err err;
	struct kn_bound b;
	char lab[2][64], *a;

	(void)state;
	assert_int_equal(kn_parse(&b, "2,p100:8", &err), 0);
	hr_bound_lines(&c, &b, true, true, lab);
	a = draw(&c);
	assert_int_equal(tu_count(a, "<line class=\"bound\""), 2);
	assert_non_null(strstr(a, ">bound 2 ms (mean)</text>"));
	assert_non_null(strstr(a, ">bound 8 ms (p100)</text>"));
	/* the axis takes the higher line in */
	assert_true(top_tick(a) >= 8);
	free(a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_err_reach),
		cmocka_unit_test(test_err_reach_log),
		cmocka_unit_test(test_bound_parts),
		cmocka_unit_test(test_bound_lines),
		cmocka_unit_test(test_two_lines_drawn),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
