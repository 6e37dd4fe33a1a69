/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: -run curve's plan (driver/curveplan.c): -curve's list
 * (vdbench's default, decimals, overload, and every bad list refused
 * with its reason: empty, an empty item, 0, negative, over 1000, not
 * rising, a value twice, a word, a space, a sign, hex, an exponent, a
 * trailing %, 101 values), the target at a percentage
 * (rounded, at least 1), its split per direction under -write (each
 * direction at least 1: fio's rate_iops=0 is no limit), each host's
 * share under -clients, and a point's job section as stock fio reads it.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "curveplan.h"

static void test_list(void **state)
{
	static const char *const bad[][2] = {
		{ "", "give percentages" },
		{ "10,,50", "an empty item" },
		{ "10,", "an empty item" },
		{ "0", "0 % is out of range" },
		{ "-10", "-10 % is out of range" },
		{ "1001", "out of range" },
		{ "50,10", "must rise" },
		{ "50,50", "50 % twice" },
		{ "10,50,10", "10 % twice" },
		{ "10,10.0", "10 % twice" },
		{ "ten", "'ten' is not a number (-curve takes plain percentages" },
		{ " 10", "' 10' is not a number (-curve takes plain percentages" },
		{ "\n10", "is not a number (-curve takes plain percentages" },
		{ "+10", "'+10' is not a number (-curve takes plain percentages" },
		{ "10%", "write 10, not 10%" },
		{ "nan", "is not a number (-curve takes plain percentages" },
		{ "0x10", "'0x10' is not a number (-curve takes plain percentages" },
		{ "0x1p4", "is not a number (-curve takes plain percentages" },
		{ "1e1", "'1e1' is not a number (-curve takes plain percentages" },
		{ "1.2.3", "is not a number (-curve takes plain percentages" },
		{ ".", "is not a number (-curve takes plain percentages" },
	};
	struct fr_err err = { "" };
	double pct[100];
	char list[1024];
	size_t n, i;

	(void)state;
	assert_int_equal(cp_parse_list(CP_DEFAULT_LIST, pct, &n, 100, &err), 0);
	assert_int_equal(n, 6);
	assert_true(pct[0] == 10 && pct[5] == 100);
	assert_int_equal(cp_parse_list("2.5,50,120", pct, &n, 100, &err), 0);
	assert_true(n == 3 && pct[0] == 2.5 && pct[2] == 120);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err.msg[0] = '\0';
		assert_int_equal(cp_parse_list(bad[i][0], pct, &n, 100, &err), -EINVAL);
		if (!strstr(err.msg, bad[i][1]))
			fail_msg("'%s': %s", bad[i][0], err.msg);
	}
	/* 100 values are the most; 101 are refused. */
	list[0] = '\0';
	for (i = 1; i <= 101; i++)
		snprintf(list + strlen(list), sizeof(list) - strlen(list), "%s%zu", i > 1 ? "," : "", i);
	assert_int_equal(cp_parse_list(list, pct, &n, 100, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "more than 100 points"));
	*strrchr(list, ',') = '\0';
	assert_int_equal(cp_parse_list(list, pct, &n, 100, &err), 0);
	assert_int_equal(n, 100);
}

static void test_rates(void **state)
{
	unsigned long r[2];

	(void)state;
	assert_int_equal(cp_target(20000, 50), 10000);
	assert_int_equal(cp_target(333, 10), 33);
	assert_int_equal(cp_target(5, 1), 1); /* 0.05 IOPS: at least 1 */
	cp_rates(10000, 0, r);
	assert_true(r[0] == 10000 && r[1] == 0);
	cp_rates(10000, 100, r);
	assert_true(r[0] == 0 && r[1] == 10000);
	cp_rates(10000, 30, r);
	assert_true(r[0] == 7000 && r[1] == 3000);
	cp_rates(3, 1, r); /* 0.03 writes a second: still one, or fio would not limit them */
	assert_true(r[0] == 2 && r[1] == 1);
	cp_rates(1, 50, r);
	assert_true(r[0] >= 1 && r[1] >= 1);
	/* -clients: 1001 over 3 hosts is 334 + 334 + 333; each host at least 1. */
	assert_int_equal(cp_share(1001, 0, 3), 334);
	assert_int_equal(cp_share(1001, 1, 3), 334);
	assert_int_equal(cp_share(1001, 2, 3), 333);
	assert_int_equal(cp_share(1001, 0, 0), 1001);
	assert_int_equal(cp_share(2, 2, 3), 1);
}

static char *section(const struct cp_point *p)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	cp_section(f, p);
	fclose(f);
	return buf;
}

static void test_section(void **state)
{
	struct cp_point p = { .num = 3, .pct = 50, .max_iops = 20000, .size_kb = 8, .depth_cap = 56 };
	char *s;

	(void)state;
	s = section(&p);
	assert_string_equal(s, "\n[c003-50pct-max20000]\nrw=randread\nbs=8k\niodepth=56\nnumjobs=1\n"
			       "rate_iops=10000\nrate_process=poisson\n");
	free(s);
	p.write_pct = 30;
	p.uniform = true;
	s = section(&p);
	assert_string_equal(s, "\n[c003-50pct-max20000]\nrw=randrw\nrwmixwrite=30\nbs=8k\niodepth=56\n"
			       "numjobs=1\nrate_iops=7000,3000\nrate_process=linear\n");
	free(s);
	p.write_pct = 100;
	s = section(&p);
	assert_non_null(strstr(s, "rw=randwrite\n"));
	assert_non_null(strstr(s, "rate_iops=10000\n"));
	free(s);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_list),
		cmocka_unit_test(test_rates),
		cmocka_unit_test(test_section),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
