/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: the job name (run/jobname.c): jn_format() writes
 * pNNN-sS-lL-KIND[-rK] (three digits at least, -rK only for K >= 2);
 * jn_parse() reads back every name jn_format() writes, over a range of
 * points, loads, kinds and passes, and refuses names that are not whole
 * (a trailing character, -r1, -r, an unknown kind, a missing field),
 * leaving its output alone then.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "jobname.h"

static void test_format(void **state)
{
	char b[JN_NAME_MAX];
	struct jn_name n = { 7, 2, 0, JN_SMALL, 1, false, false };

	(void)state;
	jn_format(b, sizeof(b), &n);
	assert_string_equal(b, "p007-s2-l0-small");
	n = (struct jn_name){ 1234, 0, 16, JN_LARGE, 3, false, false };
	jn_format(b, sizeof(b), &n);
	assert_string_equal(b, "p1234-s0-l16-large-r3");
	n = (struct jn_name){ 12, 1, 4, JN_WARM, 0, false, false };
	jn_format(b, sizeof(b), &n);
	assert_string_equal(b, "p012-s1-l4-warm");
	/* The longest name fits. */
	n = (struct jn_name){ 4294967295u, 4294967295u, 4294967295u, JN_LARGE, 4294967295u, true, false };
	assert_true(jn_format(b, sizeof(b), &n) < JN_NAME_MAX);
}

static void test_round_trip(void **state)
{
	static const char kinds[] = { JN_SMALL, JN_LARGE, JN_WARM };
	unsigned int num, s, pass, k;

	(void)state;
	for (num = 1; num < 1200; num += 37)
		for (s = 0; s < 40; s += 13)
			for (pass = 1; pass <= 4; pass++)
				for (k = 0; k < 3; k++) {
					struct jn_name n = { num, s, 40 - s, kinds[k], pass, false, false }, r;
					char b[JN_NAME_MAX];

					jn_format(b, sizeof(b), &n);
					memset(&r, 0xff, sizeof(r));
					assert_true(jn_parse(b, &r));
					assert_int_equal(r.num, num);
					assert_int_equal(r.s, s);
					assert_int_equal(r.l, 40 - s);
					assert_int_equal(r.kind, kinds[k]);
					assert_int_equal(r.pass, pass);
				}
}

/* A point's parts (-parts, -stop_at_knee's pairs) and the reference's re-measures. */
static void test_parts_refs(void **state)
{
	struct jn_name n = { 7, 4, 0, JN_SMALL, 3, true, false }, r;
	char b[JN_NAME_MAX];

	(void)state;
	jn_format(b, sizeof(b), &n);
	assert_string_equal(b, "p007-s4-l0-small-part3");
	assert_true(jn_parse(b, &r));
	assert_true(r.part && !r.ref);
	assert_int_equal(r.pass, 3);
	n = (struct jn_name){ 1, 1, 2, JN_LARGE, 4, false, true };
	jn_format(b, sizeof(b), &n);
	assert_string_equal(b, "p001-s1-l2-large-ref4");
	assert_true(jn_parse(b, &r));
	assert_true(r.ref && !r.part);
	assert_int_equal(r.pass, 4);
	/* Part 1 and pass 1 have no suffix: a lone part 1 is one measurement. */
	n = (struct jn_name){ 2, 2, 0, JN_SMALL, 1, true, false };
	jn_format(b, sizeof(b), &n);
	assert_string_equal(b, "p002-s2-l0-small");
	assert_true(jn_parse("p002-s2-l0-small-r2", &r));
	assert_true(!r.part && !r.ref);
}

static void test_refused(void **state)
{
	static const char *const bad[] = {
		"p001-s1-l0-small-part1", "p001-s1-l0-small-part", "p001-s1-l0-small-ref1",
		"p001-s1-l0-small-ref2x", "p001-s1-l0-small-part2-r3",
		"p001-s1-l0-small ", "p001-s1-l0-small-r1", "p001-s1-l0-small-r",
		"p001-s1-l0-small-r2x", "p001-s1-l0-medium", "p001-s1-small", "p001-s1-l0-",
		"x001-s1-l0-small", "", "All clients", "p001-s1-l0-small-x2"
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct jn_name r = { 9, 9, 9, 'z', 9, false, false };

		assert_false(jn_parse(bad[i], &r));
		assert_int_equal(r.num, 9);
		assert_int_equal(r.kind, 'z');
		assert_int_equal(r.pass, 9);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_format),
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_parts_refs),
		cmocka_unit_test(test_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
