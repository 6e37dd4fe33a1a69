/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: the built-in runner (runner.h's rn_run) on the fake
 * backend (tests/fakebe.c, named backend=fake through a wrapped
 * backend_find()), where every I/O the runner starts and every wait is
 * seen. The closed loop holds iodepth: at every wait for a completion
 * exactly iodepth I/Os are in flight, but for the last iodepth - 1 waits
 * when the size is done (one each at iodepth - 1 .. 1), never more; the
 * fake's I/O count is the JSON's total_ios and io_bytes. A device that
 * stops completing is found stuck after stuck_s, without FUSE: rn_run
 * fails with -ETIMEDOUT naming the job and the LUN, not as a refusal.
 */
#include "testutil.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <inttypes.h>
#include <jansson.h>
#include <time.h>

#include "fakebe.h"
#include "jobparse.h"
#include "runner.h"

#define BS 4096u
#define LUN_SIZE (4u << 20)

/* backend=fake: the fake; every other name: the registry's answer. */
const struct backend_ops *__real_backend_find(const char *name);
const struct backend_ops *__wrap_backend_find(const char *name);
const struct backend_ops *__wrap_backend_find(const char *name)
{
	return strcmp(name, "fake") ? __real_backend_find(name) : &fake_ops;
}

struct fx {
	char *dir, *lun;
};

static int setup(void **state)
{
	struct fx *fx = calloc(1, sizeof(*fx));

	fx->dir = tu_mkdtemp();
	/* Written, not sparse: the engine refuses to read holes. */
	fx->lun = tu_file(fx->dir, "lun", LUN_SIZE, 0x5a);
	fake_reset(NULL);
	*state = fx;
	return 0;
}

static int teardown(void **state)
{
	struct fx *fx = *state;

	fake_done();
	free(fx->lun);
	tu_rmtree(fx->dir);
	free(fx);
	return 0;
}

/* Parse a job of @size bytes of 4 KiB random reads at @depth on the LUN. */
static void job(struct jp_file *f, const struct fx *fx, unsigned int depth,
		uint64_t size)
{
	struct fr_err err = { "" };
	char *text;

	assert_true(asprintf(&text,
			     "[global]\nioengine=external:fiorion-engine.so\nbackend=fake\n"
			     "luns=%s\nrw=randread\nbs=%u\ndirect=0\n"
			     "iodepth=%u\nsize=%" PRIu64 "\n[j]\n",
			     fx->lun, BS, depth, size) > 0);
	if (jp_parse_buffer(f, "test.fio", text, &err))
		fail_msg("jp_parse_buffer: %s", err.msg);
	free(text);
}

static json_int_t json_read_int(json_t *root, const char *key)
{
	json_t *jobs = json_object_get(root, "jobs");
	json_t *v = json_object_get(json_object_get(json_array_get(jobs, 0), "read"), key);

	assert_true(json_is_integer(v));
	return json_integer_value(v);
}

/*
 * One completion per wait, so that the fake sees the loop at every
 * step: with N = size / bs I/Os, N - (depth - 1) waits find depth I/Os in
 * flight, and the drain one wait at each of depth - 1 .. 1.
 */
static void test_closed_loop_holds_iodepth(void **state)
{
	static const unsigned int depths[] = { 1, 2, 8, 32 };
	struct fx *fx = *state;
	unsigned int d;

	for (d = 0; d < sizeof(depths) / sizeof(depths[0]); d++) {
		const unsigned int depth = depths[d], n = 256;
		struct rn_opts o = { .stuck_s = 30 };
		struct fr_err err = { "" };
		struct jp_file f = { 0 };
		bool refused = true;
		char *json = NULL;
		size_t len = 0;
		FILE *out = open_memstream(&json, &len);
		json_t *root;
		unsigned int k, waits = 0;

		assert_non_null(out);
		fake_reset(NULL);
		fake.one_per_reap = true;
		job(&f, fx, depth, (uint64_t)n * BS);
		if (rn_run(&f, &o, out, &refused, &err))
			fail_msg("depth %u: rn_run: %s", depth, err.msg);
		fclose(out);
		FAKE_ASSERT_OK();
		assert_false(refused);

		assert_int_equal(fake.nio, n);
		assert_int_equal(fake.max_outstanding, depth);
		for (k = 0; k < FAKE_DEPTHS; k++)
			waits += fake.waits_at[k];
		assert_int_equal(waits, n);
		assert_int_equal(fake.waits_at[depth], n - (depth - 1));
		for (k = 1; k < depth; k++)
			assert_int_equal(fake.waits_at[k], 1);
		assert_int_equal(fake.waits_at[0], 0);

		/* The JSON counts what the device did. */
		root = json_loads(json, 0, NULL);
		assert_non_null(root);
		assert_int_equal(json_read_int(root, "total_ios"), n);
		assert_int_equal(json_read_int(root, "io_bytes"), (json_int_t)n * BS);
		json_decref(root);
		free(json);
		jp_release(&f);
	}
}

/*
 * The device stops completing after 100 I/Os: after stuck_s = 1 s without
 * a completion the run fails, -ETIMEDOUT, naming the job and the LUN,
 * without writing JSON; it is not a refusal (I/O had started).
 */
static void test_stuck_device(void **state)
{
	struct fx *fx = *state;
	struct rn_opts o = { .stuck_s = 1 };
	struct fr_err err = { "" };
	static struct jp_file f; /* the abandoned clone's job: kept */
	bool refused = false;
	char *json = NULL, want[1024];
	size_t len = 0;
	FILE *out = open_memstream(&json, &len);
	struct timespec t0, t1;
	double s;
	int ret;

	assert_non_null(out);
	fake_reset(NULL);
	fake.stick_after = 100;
	job(&f, fx, 4, LUN_SIZE);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	ret = rn_run(&f, &o, out, &refused, &err);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	fclose(out);
	assert_int_equal(ret, -ETIMEDOUT);
	assert_false(refused);
	snprintf(want, sizeof(want),
		 "job 'j': no I/O has completed for 1 s; LUN '%s' is not completing it (stuck device?)",
		 fx->lun);
	assert_string_equal(err.msg, want);
	assert_int_equal(len, 0);
	assert_int_equal(fake.nio, 100);
	assert_true(fake.stuck_waits >= 1);
	/* Found after the limit, not long after (a busy machine: 10 s). */
	s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
	print_message("# stuck device found after %.2f s (limit 1 s)\n", s);
	assert_true(s >= 1.0 && s < 10.0);

	/*
	 * The abandoned clone stays in the fake's reap, holding its memory
	 * as runner.h says (so this test runs last: fake_reset() or
	 * fake_unstick() would let it leave and leak what it holds).
	 */
	free(json);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_closed_loop_holds_iodepth, setup, teardown),
		cmocka_unit_test_setup_teardown(test_stuck_device, setup, teardown)
	};

	return cmocka_run_group_tests_name("runner on the fake backend", tests, NULL, NULL);
}
