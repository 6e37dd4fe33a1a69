/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: GPT headers found without libblkid (plugin/gptscan.c),
 * on images whose CRCs come from zlib (an independent CRC-32): a
 * primary header at LBA 1 (512- and 4096-byte sectors) and a backup
 * header alone at the last LBA are found and named; a header with a bad
 * CRC, one whose own-LBA field names another sector, a file of zeros, a
 * file too small for a GPT and a character device are not; a missing
 * file is an error.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "gptscan.h"

static char path[] = "/tmp/fiorion-gpt.XXXXXX";

static void put32(unsigned char *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

static void put64(unsigned char *p, uint64_t v)
{
	put32(p, (uint32_t)v);
	put32(p + 4, (uint32_t)(v >> 32));
}

/* An image of @size zero bytes with a GPT header for LBA @lba (of @ssz), @bad: CRC off by one. */
static void image(size_t size, unsigned int ssz, uint64_t lba, uint64_t self, int bad)
{
	unsigned char *img = calloc(1, size), *h;
	FILE *f;

	assert_non_null(img);
	if (ssz) {
		h = img + lba * ssz;
		memcpy(h, "EFI PART", 8);
		put32(h + 8, 0x10000);
		put32(h + 12, 92);
		put64(h + 24, self);
		put32(h + 16, (uint32_t)crc32(0L, h, 92) + (uint32_t)bad);
	}
	f = fopen(path, "w");
	assert_non_null(f);
	assert_int_equal(fwrite(img, 1, size, f), size);
	fclose(f);
	free(img);
}

static void test_found(void **state)
{
	char what[256] = "";

	(void)state;
	image(1 << 20, 512, 1, 1, 0);
	assert_int_equal(gpt_find(path, what, sizeof(what)), 1);
	assert_non_null(strstr(what, "gpt: its primary header at byte 512"));
	image(1 << 20, 4096, 1, 1, 0);
	assert_int_equal(gpt_find(path, what, sizeof(what)), 1);
	assert_non_null(strstr(what, "primary header at byte 4096"));
	image(1 << 20, 512, 2047, 2047, 0);
	assert_int_equal(gpt_find(path, what, sizeof(what)), 1);
	assert_non_null(strstr(what, "backup header in the last 512 bytes"));
	image(1 << 20, 4096, 255, 255, 0);
	assert_int_equal(gpt_find(path, what, sizeof(what)), 1);
	assert_non_null(strstr(what, "backup header in the last 4096 bytes"));
}

static void test_not_found(void **state)
{
	char what[256] = "";

	(void)state;
	image(1 << 20, 512, 1, 1, 1); /* bad CRC */
	assert_int_equal(gpt_find(path, what, sizeof(what)), 0);
	image(1 << 20, 512, 1, 7, 0); /* names another LBA */
	assert_int_equal(gpt_find(path, what, sizeof(what)), 0);
	image(1 << 20, 0, 0, 0, 0);
	assert_int_equal(gpt_find(path, what, sizeof(what)), 0);
	image(1024, 0, 0, 0, 0);
	assert_int_equal(gpt_find(path, what, sizeof(what)), 0);
	assert_int_equal(gpt_find("/dev/null", what, sizeof(what)), 0);
	unlink(path);
	assert_int_equal(gpt_find(path, what, sizeof(what)), -ENOENT);
}

static int setup(void **state)
{
	int fd = mkstemp(path);

	(void)state;
	if (fd < 0)
		return -1;
	close(fd);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	unlink(path);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_found),
		cmocka_unit_test(test_not_found),
	};

	return cmocka_run_group_tests_name("gptscan", tests, setup, teardown);
}
