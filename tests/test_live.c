/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: the live record's ETA (driver/live.c) on figures with a
 * known answer: 10 points of 1 s, 5 measured in 7.5 s of wall time, so
 * 0.5 s of overhead per point, the 6th 0.2 s in: 1.3 s of it left and
 * 4 points of 1.5 s after it = 7.3 s; before any point is measured no
 * overhead is assumed (the plan's seconds); a run faster than its plan
 * has no negative overhead; a point past its time counts 0 left of it;
 * between points (none running) the points left each count plan plus
 * overhead; the overhead is measured without the running point's time;
 * the end states: a signal is "interrupted", a non-zero status "failed",
 * else "done".
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "live.h"

static void test_eta_middle(void **state)
{
	struct live_eta_in in = { .loop_elapsed = 7.7, .cur_elapsed = 0.2, .done_secs = 5, .ndone = 5, .left_secs = 4, .nleft = 4, .cur_secs = 1 };

	(void)state;
	assert_float_equal(live_overhead_of(&in), 0.5, 1e-9);
	assert_float_equal(live_eta_of(&in), 1.3 + 4 * 1.5, 1e-9);
}

static void test_eta_first_point(void **state)
{
	struct live_eta_in in = { .loop_elapsed = 0.4, .cur_elapsed = 0.4, .left_secs = 9, .nleft = 9, .cur_secs = 1 };

	(void)state;
	assert_float_equal(live_overhead_of(&in), 0, 1e-9);
	assert_float_equal(live_eta_of(&in), 0.6 + 9, 1e-9);
}

static void test_eta_bounds(void **state)
{
	/* Faster than planned: no negative overhead. */
	struct live_eta_in fast = { .loop_elapsed = 4.0, .done_secs = 5, .ndone = 5, .left_secs = 2, .nleft = 2 };
	/* The running point past its time: nothing left of it. */
	struct live_eta_in late = { .loop_elapsed = 13.0, .cur_elapsed = 3.0, .done_secs = 5, .ndone = 5, .left_secs = 0, .nleft = 0, .cur_secs = 1 };

	(void)state;
	assert_float_equal(live_overhead_of(&fast), 0, 1e-9);
	assert_float_equal(live_eta_of(&fast), 2, 1e-9);
	assert_float_equal(live_overhead_of(&late), 1.0, 1e-9);
	assert_float_equal(live_eta_of(&late), 0, 1e-9);
}

static void test_eta_between_points(void **state)
{
	struct live_eta_in in = { .loop_elapsed = 12.0, .done_secs = 4, .ndone = 2, .left_secs = 6, .nleft = 3 };

	(void)state;
	assert_float_equal(live_overhead_of(&in), 4.0, 1e-9);
	assert_float_equal(live_eta_of(&in), 6 + 3 * 4.0, 1e-9);
}

static void test_states(void **state)
{
	(void)state;
	assert_string_equal(live_state(2, 0), "interrupted");
	assert_string_equal(live_state(15, 1), "interrupted");
	assert_string_equal(live_state(0, 1), "failed");
	assert_string_equal(live_state(0, 3), "failed");
	assert_string_equal(live_state(0, 0), "done");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_eta_middle),
		cmocka_unit_test(test_eta_first_point),
		cmocka_unit_test(test_eta_bounds),
		cmocka_unit_test(test_eta_between_points),
		cmocka_unit_test(test_states),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
