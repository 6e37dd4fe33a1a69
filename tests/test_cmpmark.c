/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: a comparison's marks (converter/report/cmpmark.c), against
 * figures worked out by hand: a 20 % drop with +-1 % intervals on both
 * sides is changed (0.80, interval 0.80 (1 +- sqrt(2) %)), a 3 % drop
 * with +-5 % is unchanged, a cell without an interval on either side is
 * not marked; which way is better (IOPS up, latency down); the lower end
 * stops at 0; a class's counts and geometric mean (value and interval by
 * hand), none when some cell has no interval. The rule (issue 43): a
 * change of 0.7 % with tight intervals (its ratio's interval excludes 1)
 * is unchanged, 0.25 is changed worse, an interval holding 1 unchanged,
 * 0.95 and 1.05 changed and 0.951 and 1.049 not; the geometric mean by
 * the same rule; iv_differ()'s sides and reasons (interval.h), the one
 * test behind the marks and the knee; the rule's sentence.
 */
#include <math.h>
#include <string.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "cmpmark.h"

static struct iv_fig fig(double v, double rel)
{
	return (struct iv_fig){ v, v * (1 - rel), v * (1 + rel) };
}

static void test_cell(void **state)
{
	struct iv_fig a = fig(2000, 0.01), b = fig(1600, 0.01), c = fig(1940, 0.05),
		      w = fig(2000, 0.05);
	struct cm_ratio r;

	(void)state;
	/* 0.80, +-1 % each: h = sqrt(2) % -> 0.78869 .. 0.81131, below 1 */
	assert_true(cm_cell(&a, true, &b, true, true, NULL, &r));
	assert_true(fabs(r.r.value - 0.8) < 1e-12);
	assert_true(fabs(r.r.lo - 0.8 * (1 - sqrt(2) * 0.01)) < 1e-12);
	assert_true(fabs(r.r.hi - 0.8 * (1 + sqrt(2) * 0.01)) < 1e-12);
	assert_int_equal(r.mark, CM_WORSE);
	assert_string_equal(cm_mark_class(r.mark), "changed worse");
	/* the same ratio of latencies is better */
	assert_true(cm_cell(&a, true, &b, true, false, NULL, &r));
	assert_int_equal(r.mark, CM_BETTER);
	assert_string_equal(cm_mark_class(r.mark), "changed better");
	/* 0.97 with +-5 % each: 0.97 (1 +- 7.07 %) holds 1 */
	assert_true(cm_cell(&w, true, &c, true, true, NULL, &r));
	assert_true(fabs(r.r.value - 0.97) < 1e-12);
	assert_int_equal(r.mark, CM_UNCHANGED);
	assert_string_equal(cm_mark_class(r.mark), "unchanged");
	/* no interval on either side: not marked, whatever the ratio */
	assert_true(cm_cell(&a, true, &b, false, true, NULL, &r));
	assert_int_equal(r.mark, CM_NOINTERVAL);
	assert_true(r.r.lo == r.r.value && r.r.hi == r.r.value);
	assert_true(cm_cell(&a, false, &b, true, true, NULL, &r));
	assert_int_equal(r.mark, CM_NOINTERVAL);
	assert_string_equal(cm_mark_class(r.mark), "nointerval");
	/* half-widths over 100 %: the lower end stops at 0 */
	a = fig(100, 0.9);
	b = fig(100, 0.9);
	assert_true(cm_cell(&a, true, &b, true, true, NULL, &r));
	assert_true(r.r.lo == 0);
	assert_int_equal(r.mark, CM_UNCHANGED);
	/* no ratio without a positive reference */
	a = fig(0, 0);
	assert_false(cm_cell(&a, true, &b, true, true, NULL, &r));
}

/* Three cells at 0.80 (+-1 % each side) and three at 0.97 (+-5 %). */
static void test_geomean(void **state)
{
	struct cm_class c;
	struct cm_ratio r, g;
	struct iv_fig a1 = fig(1000, 0.01), b1 = fig(800, 0.01), a5 = fig(1000, 0.05),
		      b5 = fig(970, 0.05);
	double want = sqrt(0.8 * 0.97), h = sqrt(3 * 2e-4 + 3 * 5e-3) / 6;
	int i;

	(void)state;
	cm_class_init(&c, true);
	assert_false(cm_class_geomean(&c, &g));
	for (i = 0; i < 3; i++) {
		assert_true(cm_cell(&a1, true, &b1, true, true, NULL, &r));
		cm_class_add(&c, &r);
		assert_true(cm_cell(&a5, true, &b5, true, true, NULL, &r));
		cm_class_add(&c, &r);
	}
	assert_int_equal(c.cells, 6);
	assert_int_equal(c.n[CM_WORSE], 3);
	assert_int_equal(c.n[CM_UNCHANGED], 3);
	assert_true(cm_class_geomean(&c, &g));
	/* (0.8^3 0.97^3)^(1/6) = 0.880909, H = sqrt(0.0156) / 6 = 0.0208167 */
	assert_true(fabs(g.r.value - want) < 1e-12);
	assert_true(fabs(g.r.value - 0.880909) < 1e-6);
	assert_true(fabs(h - 0.0208167) < 1e-7);
	assert_true(fabs(g.r.lo - want * (1 - h)) < 1e-12);
	assert_true(fabs(g.r.hi - want * (1 + h)) < 1e-12);
	assert_int_equal(g.mark, CM_WORSE);
	/* one cell without an interval: the mean has none */
	assert_true(cm_cell(&a1, true, &b1, false, true, NULL, &r));
	cm_class_add(&c, &r);
	assert_true(cm_class_geomean(&c, &g));
	assert_int_equal(g.mark, CM_NOINTERVAL);
	assert_int_equal(c.n[CM_NOINTERVAL], 1);
}

/*
 * The rule: the ratio's interval excludes 1 and the ratio is 5 % or more
 * from 1 (0.95 or below, 1.05 or above).
 */
static void test_rule(void **state)
{
	struct iv_fig a = fig(10000, 0.001), b = fig(9930, 0.001);
	struct cm_ratio r;
	struct cm_class c;
	char rule[512];
	static const struct {
		double ratio;
		enum cm_mark iops;
	} edge[] = {
		{ 0.95, CM_WORSE },
		{ 0.951, CM_UNCHANGED },
		{ 1.049, CM_UNCHANGED },
		{ 1.05, CM_BETTER },
		{ 0.25, CM_WORSE },
		{ 4, CM_BETTER },
	};
	size_t i;

	(void)state;
	/* 0.7 % down, +-0.1 % each side: 0.993 (0.9916-0.9944) excludes 1, yet is unchanged */
	assert_true(cm_cell(&a, true, &b, true, true, "IOPS", &r));
	assert_true(r.r.hi < 1);
	assert_int_equal(r.mark, CM_UNCHANGED);
	assert_string_equal(r.why, "IOPS 9930 / 10000 = 0.993 (95 % interval 0.992-0.994), below 1; unchanged: 0.7 % from 1, under the 5 % a change needs");
	/* 0.25, +-5 % each side: changed worse (better for latency) */
	a = fig(10337, 0.05);
	b = fig(2584.25, 0.05);
	assert_true(cm_cell(&a, true, &b, true, true, "IOPS", &r));
	assert_true(fabs(r.r.value - 0.25) < 1e-12);
	assert_int_equal(r.mark, CM_WORSE);
	assert_string_equal(r.why, "IOPS 2584 / 10337 = 0.250 (95 % interval 0.232-0.268), below 1; changed, worse: 75.0 % from 1");
	assert_true(cm_cell(&a, true, &b, true, false, "latency", &r));
	assert_int_equal(r.mark, CM_BETTER);
	/* 0.90 with +-8 % each side: the interval (0.798-1.002) holds 1, unchanged */
	a = fig(1000, 0.08);
	b = fig(900, 0.08);
	assert_true(cm_cell(&a, true, &b, true, true, "IOPS", &r));
	assert_true(r.r.lo < 1 && r.r.hi > 1);
	assert_int_equal(r.mark, CM_UNCHANGED);
	assert_string_equal(r.why, "IOPS 900 / 1000 = 0.900 (95 % interval 0.798-1.002), which holds 1; unchanged");
	/* No interval on a side: not marked, whatever the ratio, and the reason says so */
	assert_true(cm_cell(&a, true, &b, false, true, "IOPS", &r));
	assert_int_equal(r.mark, CM_NOINTERVAL);
	assert_string_equal(r.why, "IOPS 900 / 1000 = 0.900, no interval (900 has none): by the figures alone, below 1; not marked (no interval)");
	/* The edges, with intervals of no width (exact figures: -repeat's passes alike) */
	for (i = 0; i < sizeof(edge) / sizeof(edge[0]); i++) {
		a = fig(2000, 0);
		b = fig(2000 * edge[i].ratio, 0);
		assert_true(cm_cell(&a, true, &b, true, true, NULL, &r));
		if (r.mark != edge[i].iops)
			fail_msg("ratio %g: %s", edge[i].ratio, r.why);
	}
	/* The geometric mean by the same rule: five cells at 0.99, exact: unchanged */
	cm_class_init(&c, true);
	a = fig(1000, 0);
	b = fig(990, 0);
	for (i = 0; i < 5; i++) {
		assert_true(cm_cell(&a, true, &b, true, true, NULL, &r));
		assert_int_equal(r.mark, CM_UNCHANGED);
		cm_class_add(&c, &r);
	}
	assert_true(cm_class_geomean(&c, &r));
	assert_int_equal(r.mark, CM_UNCHANGED);
	assert_true(fabs(r.r.value - 0.99) < 1e-12);
	/* The sentence the page, -help and docs/report.md give */
	cm_rule(rule, sizeof(rule));
	assert_string_equal(rule, "Each cell's ratio to A has a 95 % interval (the two cells' relative half-widths added in quadrature): the cell is changed only when that interval excludes 1 and the ratio is at least 5 % away from 1 (0.95 or below, 1.05 or above); it is unchanged otherwise, and has no interval (not marked) only when either run's cell has none.");
}

/*
 * iv_differ(): above, below, undecided, no interval; a ratio's interval
 * taken side by side (an exact figure's is its partner's, scaled); a
 * reference of 0.
 */
static void test_differ(void **state)
{
	const struct iv_fig bound = { 2, 2, 2 }, lat = { 2.1, 2.01, 2.5 }, lat2 = { 2.1, 1.99, 2.2 };
	const struct iv_fig zero = { 0, 0, 0 }, some = { 5, 4, 6 };
	struct iv_verdict v;

	(void)state;
	/* latency / bound: the lower end is 2.01 / 2, whatever the upper side */
	assert_int_equal(iv_differ(&bound, true, &lat, true, 1, "latency", &v), IV_ABOVE);
	assert_true(fabs(v.r.lo - 1.005) < 1e-12 && fabs(v.r.hi - 1.25) < 1e-12);
	assert_string_equal(v.why, "latency 2.1 / 2 = 1.050 (95 % interval 1.005-1.250), above 1");
	assert_int_equal(iv_differ(&bound, true, &lat2, true, 1, "latency", &v), IV_UNDECIDED);
	assert_int_equal(v.by_figure, IV_ABOVE);
	assert_int_equal(iv_verdict_side(&v), IV_UNDECIDED);
	assert_string_equal(v.why, "latency 2.1 / 2 = 1.050 (95 % interval 0.995-1.100), which holds 1");
	/* below the threshold */
	assert_int_equal(iv_differ(&lat, true, &bound, true, 1, NULL, &v), IV_BELOW);
	/* equal figures, exact: neither above nor below */
	assert_int_equal(iv_differ(&bound, true, &bound, true, 1, NULL, &v), IV_UNDECIDED);
	assert_int_equal(v.by_figure, IV_UNDECIDED);
	/* no interval: the figure's side, said */
	assert_int_equal(iv_differ(&bound, false, &lat2, false, 1, "latency", &v), IV_NOINTERVAL);
	assert_int_equal(iv_verdict_side(&v), IV_ABOVE);
	assert_true(v.r.lo == v.r.value && v.r.hi == v.r.value);
	assert_string_equal(v.why, "latency 2.1 / 2 = 1.050, no interval (neither figure has one): by the figures alone, above 1");
	/* from 0: infinitely more, or equal */
	assert_int_equal(iv_differ(&zero, true, &some, true, 1.05, NULL, &v), IV_NOINTERVAL);
	assert_int_equal(v.by_figure, IV_ABOVE);
	assert_int_equal(iv_differ(&zero, true, &zero, true, 1.05, NULL, &v), IV_NOINTERVAL);
	assert_int_equal(v.by_figure, IV_BELOW);
	assert_true(strstr(v.why, "a ratio to 0 has none") != NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cell),
		cmocka_unit_test(test_geomean),
		cmocka_unit_test(test_rule),
		cmocka_unit_test(test_differ),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
