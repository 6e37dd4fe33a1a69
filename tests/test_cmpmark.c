/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: a comparison's marks (converter/report/cmpmark.c), against
 * figures worked out by hand: a 20 % drop with +-1 % intervals on both
 * sides is changed (0.80, interval 0.80 (1 +- sqrt(2) %)), a 3 % drop
 * with +-5 % is unchanged, a cell without an interval on either side is
 * not marked; which way is better (IOPS up, latency down); the lower end
 * stops at 0; a class's counts and geometric mean (value and interval by
 * hand), none when some cell has no interval.
 */
#include <math.h>
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
	assert_true(cm_cell(&a, true, &b, true, true, &r));
	assert_true(fabs(r.r.value - 0.8) < 1e-12);
	assert_true(fabs(r.r.lo - 0.8 * (1 - sqrt(2) * 0.01)) < 1e-12);
	assert_true(fabs(r.r.hi - 0.8 * (1 + sqrt(2) * 0.01)) < 1e-12);
	assert_int_equal(r.mark, CM_WORSE);
	assert_string_equal(cm_mark_class(r.mark), "changed worse");
	/* the same ratio of latencies is better */
	assert_true(cm_cell(&a, true, &b, true, false, &r));
	assert_int_equal(r.mark, CM_BETTER);
	assert_string_equal(cm_mark_class(r.mark), "changed better");
	/* 0.97 with +-5 % each: 0.97 (1 +- 7.07 %) holds 1 */
	assert_true(cm_cell(&w, true, &c, true, true, &r));
	assert_true(fabs(r.r.value - 0.97) < 1e-12);
	assert_int_equal(r.mark, CM_UNCHANGED);
	assert_string_equal(cm_mark_class(r.mark), "unchanged");
	/* no interval on either side: not marked, whatever the ratio */
	assert_true(cm_cell(&a, true, &b, false, true, &r));
	assert_int_equal(r.mark, CM_NOINTERVAL);
	assert_true(r.r.lo == r.r.value && r.r.hi == r.r.value);
	assert_true(cm_cell(&a, false, &b, true, true, &r));
	assert_int_equal(r.mark, CM_NOINTERVAL);
	assert_string_equal(cm_mark_class(r.mark), "nointerval");
	/* half-widths over 100 %: the lower end stops at 0 */
	a = fig(100, 0.9);
	b = fig(100, 0.9);
	assert_true(cm_cell(&a, true, &b, true, true, &r));
	assert_true(r.r.lo == 0);
	assert_int_equal(r.mark, CM_UNCHANGED);
	/* no ratio without a positive reference */
	a = fig(0, 0);
	assert_false(cm_cell(&a, true, &b, true, true, &r));
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
		assert_true(cm_cell(&a1, true, &b1, true, true, &r));
		cm_class_add(&c, &r);
		assert_true(cm_cell(&a5, true, &b5, true, true, &r));
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
	assert_true(cm_cell(&a1, true, &b1, false, true, &r));
	cm_class_add(&c, &r);
	assert_true(cm_class_geomean(&c, &g));
	assert_int_equal(g.mark, CM_NOINTERVAL);
	assert_int_equal(c.n[CM_NOINTERVAL], 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cell),
		cmocka_unit_test(test_geomean),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
