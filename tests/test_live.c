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
 * else "done". The rewrite's pace: the next no sooner than 20 times the
 * last one's length after it started. The run's set in memory
 * (driver/results.c): after each point, the view of the first k plan
 * entries is, field for field, what reading run.json and those points'
 * files gives (report()), a skipped entry and later points left out,
 * each point added once from its one parse, -resume's kept ones too.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fj_dump.h"
#include "fr_err.h"
#include "live.h"
#include "results.h"

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

static void test_rewrite_pace(void **state)
{
	(void)state;
	assert_float_equal(live_rewrite_next(100.0, 0.05), 101.0, 1e-9);
	assert_float_equal(live_rewrite_next(7.0, 0), 7.0, 1e-9);
}

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

#define POINT(ts, name, bs) \
	"{\"fio version\": \"fio-3.33\", \"timestamp\": " ts ", \"global options\": " \
	"{\"description\": \"fiorion run aa\"}, \"jobs\": [{\"jobname\": \"" name "\", " \
	"\"job options\": {\"bs\": \"" bs "\", \"rw\": \"randread\"}, \"read\": {\"io_bytes\": 81920, " \
	"\"total_ios\": 10, \"runtime\": 1000, \"lat_ns\": {\"min\": 1, \"max\": 9, \"mean\": 5, " \
	"\"N\": 10}}}]}"

/*
 * Plan entries 0..3: 0, 1 and 3 measured, 2 skipped. The view after k
 * entries against run.json and the measured points among the first k
 * read from the disk, as report() reads them.
 */
static void test_run_set(void **state)
{
	char dir[] = "/tmp/test_live.XXXXXX", path[4][64], rj[64];
	const char *text[4] = { POINT("0", "p001-s1-l0-small", "8k"), POINT("11", "p002-s2-l0-small", "8k"), NULL,
				POINT("12", "p004-s0-l1-large", "1m") };
	struct rs_run *rs;
	struct fj_set kept[2] = { { 0 } };
	struct fr_err err = { "" };
	struct rs_figs f;
	size_t i, k;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(rj, sizeof(rj), "%s/run.json", dir);
	put(rj, "{\"fiorion\": {\"run_id\": \"aa\", \"testname\": \"t\", \"duration\": 1}}\n");
	for (i = 0; i < 4; i++) {
		snprintf(path[i], sizeof(path[i]), "%s/p%03zu.json", dir, i + 1);
		if (text[i])
			put(path[i], text[i]);
	}
	/* -resume kept entry 0 as its check read it; entry 1 is read by rs_read(). */
	assert_int_equal(fj_read_file(&kept[0], path[0], &err), 0);
	rs = rs_new(dir, kept, 1);
	assert_int_equal(kept[0].nfiles, 0);
	assert_int_equal(rs_read(rs, 0, path[0]), 0);
	assert_int_equal(rs_read(rs, 1, path[1]), 0);
	for (i = 3; i < 4; i++) {
		struct fj_set one = { 0 };

		assert_int_equal(fj_read_file(&one, path[i], &err), 0);
		rs_figures(&one, &f);
		assert_true(f.ok && f.large && !f.small);
		assert_int_equal(f.l, 1);
		assert_int_equal(rs_add(rs, i, &one), 0);
		assert_int_equal(one.nfiles, 0);
	}
	assert_int_equal(rs_set(rs)->njobs, 3);
	for (k = 0; k <= 4; k++) {
		struct fj_set disk = { 0 }, v;
		char *a, *b;

		assert_int_equal(fj_read_file(&disk, rj, &err), 0);
		for (i = 0; i < k; i++)
			if (text[i])
				assert_int_equal(fj_read_file(&disk, path[i], &err), 0);
		assert_int_equal(rs_view(rs, k, &v, &err), 0);
		a = fjd_text(&disk, true);
		b = fjd_text(&v, true);
		assert_string_equal(a, b);
		free(a);
		free(b);
		rs_view_release(&v);
		fj_set_release(&disk);
	}
	rs_free(rs);
	for (i = 0; i < 4; i++)
		unlink(path[i]);
	unlink(rj);
	/* No run.json: the views say why, as report() would; the ladders' set still grows. */
	rs = rs_new(dir, NULL, 0);
	assert_int_not_equal(rs_view(rs, 0, &(struct fj_set){ 0 }, &err), 0);
	assert_non_null(strstr(err.msg, "run.json"));
	assert_non_null(rs_set(rs));
	rs_free(rs);
	rmdir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_eta_middle),
		cmocka_unit_test(test_eta_first_point),
		cmocka_unit_test(test_eta_bounds),
		cmocka_unit_test(test_eta_between_points),
		cmocka_unit_test(test_states),
		cmocka_unit_test(test_rewrite_pace),
		cmocka_unit_test(test_run_set),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
