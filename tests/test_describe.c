/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: the engine's describe lines (common/fr_describe.h): what
 * the engine prints with FR_DESC_*_FMT, fr_desc_parse() reads back field
 * for field (the volume line; a LUN whose path holds spaces; an unbacked
 * LUN; the backend and kernel line), the client's "<host> " prefix aside;
 * a version over 63 bytes or a backend over 31 does not parse, unbacked
 * words and a kernel are cut at 255; lines of none of the four formats
 * (a missing field, a word misspelt, an empty line) are FR_DESC_NONE.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "fr_describe.h"

static char line[8192];

/* The text fr_desc_parse() is given: after the prefix, without the newline. */
static const char *body(void)
{
	char *s = strstr(line, FR_DESC_PREFIX);

	assert_non_null(s);
	s += strlen(FR_DESC_PREFIX);
	assert_int_equal(s[strlen(s) - 1], '\n');
	s[strlen(s) - 1] = '\0';
	return s;
}

static void test_round_trip(void **state)
{
	struct fr_desc d;

	(void)state;
	snprintf(line, sizeof(line), "<node1> " FR_DESC_VOLUME_FMT, "fio-3.33", "0.9.1",
		 18446744073709551615ULL, 4096u, 3u);
	assert_int_equal(fr_desc_parse(body(), &d), FR_DESC_VOLUME);
	assert_string_equal(d.fio, "fio-3.33");
	assert_string_equal(d.engine, "0.9.1");
	assert_true(d.size == 18446744073709551615ULL);
	assert_int_equal(d.align, 4096);
	assert_int_equal(d.nluns, 3);

	snprintf(line, sizeof(line), FR_DESC_LUN_FMT, 2u, 1073741824ULL, "/data/my lun  2");
	assert_int_equal(fr_desc_parse(body(), &d), FR_DESC_LUN);
	assert_int_equal(d.lun, 2);
	assert_true(d.size == 1073741824ULL);
	assert_string_equal(d.path, "/data/my lun  2");

	snprintf(line, sizeof(line), FR_DESC_UNBACKED_FMT, 3u, "holes: 12% of it reads zeros");
	assert_int_equal(fr_desc_parse(body(), &d), FR_DESC_UNBACKED);
	assert_int_equal(d.lun, 3);
	assert_string_equal(d.unbacked, "holes: 12% of it reads zeros");

	snprintf(line, sizeof(line), "<node1> " FR_DESC_HOST_FMT, "io_uring", "Linux 6.1.0-13-amd64 x86_64");
	assert_int_equal(fr_desc_parse(body(), &d), FR_DESC_HOST);
	assert_string_equal(d.backend, "io_uring");
	assert_string_equal(d.kernel, "Linux 6.1.0-13-amd64 x86_64");
}

static void test_limits(void **state)
{
	char ver[100], what[400];
	struct fr_desc d;

	(void)state;
	memset(ver, 'v', sizeof(ver) - 1);
	ver[sizeof(ver) - 1] = '\0';
	snprintf(line, sizeof(line), FR_DESC_VOLUME_FMT, ver, "1", 1ULL, 512u, 1u);
	/* A version is one word of at most 63 bytes: a longer one does not parse. */
	assert_int_equal(fr_desc_parse(body(), &d), FR_DESC_NONE);
	memset(what, 'w', sizeof(what) - 1);
	what[sizeof(what) - 1] = '\0';
	snprintf(line, sizeof(line), FR_DESC_UNBACKED_FMT, 1u, what);
	assert_int_equal(fr_desc_parse(body(), &d), FR_DESC_UNBACKED);
	assert_int_equal(strlen(d.unbacked), 255);
	/* A kernel's words are cut at 255 too. */
	snprintf(line, sizeof(line), FR_DESC_HOST_FMT, "null", what);
	assert_int_equal(fr_desc_parse(body(), &d), FR_DESC_HOST);
	assert_int_equal(strlen(d.kernel), 255);
}

static void test_refused(void **state)
{
	static const char *const bad[] = {
		"", "fio fio-3.33 engine 1 volume 10 align 512", "fio fio-3.33 engine 1 volume x align 512 luns 1",
		"lun 1 size 10", "lun x size 10 path /a", "lun 1 sized 10 path /a", "lun 1 unbacked",
		"volume 10", "LUN 1 size 10 path /a", "backend io_uring", "backend io_uring kernel",
		"backend io_uring kernels Linux", "backend 0123456789012345678901234567890123456789 kernel Linux"
	};
	struct fr_desc d;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		assert_int_equal(fr_desc_parse(bad[i], &d), FR_DESC_NONE);
		assert_int_equal(d.kind, FR_DESC_NONE);
		assert_null(d.path);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_limits),
		cmocka_unit_test(test_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
