/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * test_writeshare.c -- -write on sequential streams: which plans are
 * warned about, and what the sentence says (driver/writeshare.c).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "jobfile.h"
#include "matrix.h"
#include "writeshare.h"

/* round(L*W/100): the rule the job files follow. */
static void test_write_streams(void **state)
{
	(void)state;
	assert_int_equal(jf_write_streams(1, 30), 0);
	assert_int_equal(jf_write_streams(2, 30), 1);
	assert_int_equal(jf_write_streams(3, 50), 2);
	assert_int_equal(jf_write_streams(2, 50), 1);
	assert_int_equal(jf_write_streams(4, 100), 4);
	assert_int_equal(jf_write_streams(10, 0), 0);
}

/* -write 30, a column of 1..4 streams: Large=1 (0 %) and 2 (50 %) are off, 3 (33 %) and 4 (25 %) are not. */
static void test_warning_col(void **state)
{
	struct mx_plan p;
	char *w;

	(void)state;
	assert_int_equal(mx_plan(&p, MX_ADVANCED, MX_COL, 2, 0, -1), 0);
	w = ws_warning(&p, 30, true);
	assert_non_null(w);
	assert_non_null(strstr(w, "Large=1 writes 0 of 1 stream (0 %), Large=2 writes 1 of 2 streams (50 %), more than 10 points from 30 %"));
	assert_null(strstr(w, "Large=3"));
	assert_null(strstr(w, "Large=4"));
	free(w);
	/* Random large I/O mixes every I/O; reads only or writes only are exact. */
	assert_null(ws_warning(&p, 30, false));
	assert_null(ws_warning(&p, 0, true));
	assert_null(ws_warning(&p, 100, true));
	mx_plan_release(&p);
}

/* -write 50 at 3 streams writes 2 of 3: 67 %, 17 points off. At 2 and 4 streams exact. */
static void test_warning_point(void **state)
{
	struct mx_plan p;
	char *w;

	(void)state;
	assert_int_equal(mx_plan(&p, MX_ADVANCED, MX_POINT, 1, 0, 3), 0);
	w = ws_warning(&p, 50, true);
	assert_non_null(w);
	assert_non_null(strstr(w, "Large=3 writes 2 of 3 streams (67 %)"));
	free(w);
	mx_plan_release(&p);
	assert_int_equal(mx_plan(&p, MX_ADVANCED, MX_POINT, 1, 0, 4), 0);
	assert_null(ws_warning(&p, 50, true));
	mx_plan_release(&p);
	/* A detailed matrix repeats each large load per small load: named once. */
	assert_int_equal(mx_plan(&p, MX_NORMAL, MX_DETAILED, 1, -1, -1), 0);
	w = ws_warning(&p, 30, true);
	assert_non_null(w);
	assert_non_null(strstr(w, "Large=1 "));
	assert_null(strstr(strstr(w, "Large=1 ") + 1, "Large=1 "));
	free(w);
	mx_plan_release(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_write_streams),
		cmocka_unit_test(test_warning_col),
		cmocka_unit_test(test_warning_point),
	};

	return cmocka_run_group_tests_name("writeshare", tests, NULL, NULL);
}
