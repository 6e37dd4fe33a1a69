/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: the built-in runner's workload functions
 * (driver/runner/workload.c), without I/O: each clone's range as fio
 * computes it from offset, size and offset_increment (percentages
 * aligned down to bs; past the end and smaller than a block refused);
 * the random map visits every block exactly once per pass for block
 * counts that are and are not powers of two; rwmixwrite holds per I/O;
 * random offsets stay aligned inside the range; sequential I/O wraps at
 * the range's end; the verify pattern is written and checked byte for
 * byte, a changed byte found at its offset.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "rn_priv.h"

#define MiB (1024ULL * 1024)

static struct rn_td *clone_of(struct jp_job *j, uint64_t file_size, unsigned int clone)
{
	struct rn_td *td = calloc(1, sizeof(*td));

	assert_non_null(td);
	td->job = j;
	td->file_size = file_size;
	td->clone = clone;
	td->rng = 0x9e3779b97f4a7c15ULL ^ (clone + 1);
	return td;
}

static void job_init(struct jp_job *j)
{
	memset(j, 0, sizeof(*j));
	j->name = "t";
	j->bs = 8192;
	j->iodepth = 1;
	j->numjobs = 1;
	j->rw = JP_READ;
}

static void test_ranges(void **state)
{
	struct fr_err err = { "" };
	struct jp_job j;
	unsigned int k;

	(void)state;
	job_init(&j);
	j.size = (struct jp_size){ 0, 25, true };
	j.offset_increment = (struct jp_size){ 0, 25, true };
	j.norandommap = true;
	/* 100 MiB + 1000 bytes: 25% is not a multiple of bs; fio aligns it down. */
	for (k = 0; k < 4; k++) {
		struct rn_td *td = clone_of(&j, 100 * MiB + 1000, k);
		uint64_t quarter = (100 * MiB + 1000) / 4 / 8192 * 8192;

		assert_int_equal(rn_plan_range(td, &err), 0);
		assert_int_equal(td->start, k * quarter);
		assert_int_equal(td->len % 8192, 0);
		assert_true(td->len <= (100 * MiB + 1000) / 4);
		assert_int_equal(td->limit, td->len); /* not time_based: one pass */
		free(td);
	}
	{
		struct rn_td *td = clone_of(&j, 100 * MiB, 4);

		assert_int_equal(rn_plan_range(td, &err), -EINVAL);
		assert_non_null(strstr(err.msg, "beyond the end of the volume"));
		free(td);
	}
	job_init(&j);
	j.offset = (struct jp_size){ 100 * MiB - 4096, 0, true };
	{
		struct rn_td *td = clone_of(&j, 100 * MiB, 0);

		assert_int_equal(rn_plan_range(td, &err), -EINVAL);
		assert_non_null(strstr(err.msg, "smaller than one bs=8192 block"));
		free(td);
	}
	job_init(&j);
	j.time_based = true;
	j.io_size = (struct jp_size){ 1 * MiB, 0, true };
	{
		struct rn_td *td = clone_of(&j, 10 * MiB, 0);

		assert_int_equal(rn_plan_range(td, &err), 0);
		assert_int_equal(td->start, 0);
		assert_int_equal(td->len, 10 * MiB);
		assert_int_equal(td->limit, 0); /* time_based: until runtime */
		assert_true(td->map);
		free(td);
	}
}

static void test_random_map(void **state)
{
	static const uint64_t sizes[] = { 1, 2, 3, 1000, 1024, 4097 };
	unsigned int s;

	(void)state;
	for (s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
		struct fr_err err = { "" };
		struct jp_job j;
		struct rn_td *td;
		unsigned char *seen;
		uint64_t blocks = sizes[s], i, pass;

		job_init(&j);
		td = clone_of(&j, blocks * 8192, 0);
		assert_int_equal(rn_plan_range(td, &err), 0);
		assert_true(td->map);
		seen = calloc(blocks, 1);
		assert_non_null(seen);
		for (pass = 1; pass <= 2; pass++)
			for (i = 0; i < blocks; i++) {
				uint64_t b = rn_map_next(td, blocks);

				assert_true(b < blocks);
				assert_int_equal(seen[b], pass - 1); /* once per pass */
				seen[b] = (unsigned char)pass;
			}
		free(seen);
		free(td);
	}
}

static void test_next_io(void **state)
{
	struct fr_err err = { "" };
	struct jp_job j;
	struct rn_td *td;
	struct rn_io io;
	unsigned int i, writes = 0;

	(void)state;
	job_init(&j);
	j.rw = JP_RANDRW;
	j.rwmixwrite = 30;
	j.norandommap = true;
	j.offset = (struct jp_size){ 1 * MiB, 0, true };
	td = clone_of(&j, 9 * MiB, 0);
	assert_int_equal(rn_plan_range(td, &err), 0);
	for (i = 0; i < 100000; i++) {
		memset(&io, 0, sizeof(io));
		rn_next_io(td, &io);
		writes += io.ddir == DIR_WRITE;
		assert_int_equal(io.req.op, io.ddir == DIR_WRITE ? VIO_WRITE : VIO_READ);
		assert_int_equal(io.req.len, 8192);
		assert_int_equal(io.req.off % 8192, 0);
		assert_true(io.req.off >= 1 * MiB && io.req.off + 8192 <= 9 * MiB);
	}
	assert_true(writes > 29000 && writes < 31000);
	free(td);

	/* Sequential: block after block, back to the range's start at its end. */
	job_init(&j);
	j.rw = JP_WRITE;
	j.offset = (struct jp_size){ 8192, 0, true };
	td = clone_of(&j, 8192 * 4, 0);
	assert_int_equal(rn_plan_range(td, &err), 0);
	for (i = 0; i < 7; i++) {
		rn_next_io(td, &io);
		assert_int_equal(io.ddir, DIR_WRITE);
		assert_int_equal(io.req.off, 8192 + (i % 3) * 8192);
	}
	free(td);
}

static void test_pattern(void **state)
{
	struct jp_job j;
	unsigned char b[4096];
	uint64_t bad = 0;

	(void)state;
	job_init(&j);
	j.verify_pattern = true;
	j.pattern = 0x5eed1e55;
	j.pattern_len = 4;
	rn_fill_pattern(&j, b, sizeof(b));
	assert_int_equal(b[0], 0x5e);
	assert_int_equal(b[3], 0x55);
	assert_int_equal(b[4], 0x5e);
	assert_true(rn_check_pattern(&j, b, sizeof(b), &bad));
	b[1234] ^= 1;
	assert_false(rn_check_pattern(&j, b, sizeof(b), &bad));
	assert_int_equal(bad, 1234);
	j.pattern = 0xab;
	j.pattern_len = 1;
	rn_fill_pattern(&j, b, 16);
	assert_int_equal(b[15], 0xab);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ranges),
		cmocka_unit_test(test_random_map),
		cmocka_unit_test(test_next_io),
		cmocka_unit_test(test_pattern),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
