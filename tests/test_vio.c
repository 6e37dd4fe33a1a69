/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: the I/O queue and every backend doing real I/O on
 * temporary files: writes through the volume land where the layout says
 * (checked by reading the member files directly), reads return them,
 * requests that cross stripes and LUNs are split and completed once,
 * O_DIRECT works with aligned buffers, bad requests are refused, and a
 * failing part is reported with its LUN and offset. A backend the kernel
 * refuses is skipped with the reason. (The fake backend's tests:
 * test_viofake.c.)
 */
#include "vio_fixture.h"

static void roundtrip(struct fixture *fx, const char *sim, int flags)
{
	struct vvol *vv = open_vol(fx, sim, flags | VVOL_WRITE);
	bool null = !strcmp(fx->backend, "null");
	struct vio_req r[1024];
	unsigned int n, i, l;
	uint64_t *wbuf = NULL, *rbuf = NULL, w, seed = (uint64_t)tu_seed(__func__);
	struct vio *q;

	q = open_queue(fx, vv, 16, 200 * K);
	if (!q) {
		vvol_free(vv);
		skip();
	}
	assert_int_equal(posix_memalign((void **)&wbuf, 4096, vv->size), 0);
	assert_int_equal(posix_memalign((void **)&rbuf, 4096, vv->size), 0);
	for (w = 0; w < vv->size / 8; w++)
		wbuf[w] = word(w * 8, seed);
	memset(rbuf, 0x5a, vv->size);

	n = tile(vv, r, 1024, (char *)wbuf, VIO_WRITE);
	assert_int_equal(run(q, r, n, 16), n);
	for (i = 0; i < n; i++)
		assert_int_equal(r[i].error, 0);
	n = tile(vv, r, 1024, (char *)rbuf, VIO_READ);
	assert_int_equal(run(q, r, n, 16), n);
	for (i = 0; i < n; i++)
		assert_int_equal(r[i].error, 0);

	if (null) {
		/* null moved no data: the files still hold zeros. */
		assert_int_equal(rbuf[0], 0x5a5a5a5a5a5a5a5aULL);
	} else {
		assert_memory_equal(rbuf, wbuf, vv->size);
	}

	/* Read the members directly: each word sits where the layout says. */
	for (l = 0; l < vv->nluns; l++) {
		uint64_t start = 0, o;
		int fd = open(vv->luns[l].path, O_RDONLY);

		assert_true(fd >= 0);
		for (i = 0; i < l; i++)
			start += vv->luns[i].usable;
		for (o = 0; o < vv->luns[l].usable; o += 4096 - 8) {
			uint64_t got, voff;

			o &= ~7ULL;
			assert_int_equal(pread(fd, &got, 8, (off_t)o), 8);
			if (!strcmp(sim, "raid0"))
				voff = ((o / STRIPE) * vv->nluns + l) * STRIPE + o % STRIPE;
			else
				voff = start + o;
			assert_int_equal(got, null ? 0 : word(voff, seed));
		}
		close(fd);
	}
	vio_free(q);
	vvol_free(vv);
	free(wbuf);
	free(rbuf);
}

static void test_vio_raid0(void **state)
{
	roundtrip(*state, "raid0", 0);
}
static void test_vio_concat(void **state)
{
	roundtrip(*state, "concat", 0);
}
static void test_vio_raid0_direct(void **state)
{
	roundtrip(*state, "raid0", VVOL_DIRECT);
}
static void test_vio_concat_direct(void **state)
{
	roundtrip(*state, "concat", VVOL_DIRECT);
}

static void test_vio_bad_requests(void **state)
{
	struct fixture *fx = *state;
	struct vvol *vv = open_vol(fx, "raid0", VVOL_DIRECT);
	struct vio *q = open_queue(fx, vv, 4, 64 * K);
	struct vio_req r;
	void *buf = NULL;

	if (!q) {
		vvol_free(vv);
		skip();
	}
	assert_int_equal(posix_memalign(&buf, 4096, 128 * K), 0);
	r = (struct vio_req){ .op = VIO_READ, .buf = buf, .len = 8 * K, .off = vv->size };
	assert_int_equal(vio_queue(q, &r), -ERANGE);
	r.off = vv->size - 4 * K;
	assert_int_equal(vio_queue(q, &r), -ERANGE);
	r.off = 100;
	assert_int_equal(vio_queue(q, &r), -EINVAL);
	r.off = 0;
	r.buf = (char *)buf + 8;
	assert_int_equal(vio_queue(q, &r), -EINVAL);
	assert_int_equal(vio_outstanding(q), 0);
	vio_free(q);
	vvol_free(vv);
	free(buf);
}

/* The second part of a split write fails: the request names its LUN. */
static void test_vio_part_error(void **state)
{
	struct fixture *fx = *state;
	struct vvol *vv;
	struct vio *q;
	struct vio_req r;
	char msg[1024], want[256], *buf;

	vv = open_vol(fx, "raid0", VVOL_WRITE);
	/* LUN 1 (b) becomes read-only: writes to it fail with EBADF. */
	close(vv->luns[1].fd);
	vv->luns[1].fd = open(vv->luns[1].path, O_RDONLY);
	assert_true(vv->luns[1].fd >= 0);
	q = open_queue(fx, vv, 4, 64 * K);
	if (!q) {
		vvol_free(vv);
		skip();
	}
	buf = calloc(1, 64 * K);
	/* Volume [2*STRIPE - 8K, 2*STRIPE + 8K): LUN 1 tail, LUN 2 head. */
	r = (struct vio_req){ .op = VIO_WRITE, .buf = buf, .len = 16 * K, .off = 2 * STRIPE - 8 * K };
	assert_int_equal(run(q, &r, 1, 1), 1);
	assert_int_equal(r.error, EBADF);
	assert_int_equal(r.err_lun, 1);
	assert_int_equal(r.err_off, STRIPE - 8 * K);
	vio_describe_error(q, &r, msg, sizeof(msg));
	snprintf(want, sizeof(want), "write error on LUN '%s' at offset %llu",
		 vv->luns[1].path, STRIPE - 8 * K);
	if (!strstr(msg, want))
		fail_msg("'%s' lacks '%s'", msg, want);
	/* Its other part did land on LUN 2. */
	r = (struct vio_req){ .op = VIO_READ, .buf = buf, .len = 16 * K, .off = 2 * STRIPE - 8 * K };
	assert_int_equal(run(q, &r, 1, 1), 1);
	assert_int_equal(r.error, 0);
	vio_free(q);
	vvol_free(vv);
	free(buf);
}

/* Deep queues of large requests split into more parts than the ring. */
static void test_vio_deep_split(void **state)
{
	struct fixture *fx = *state;
	struct vvol_conf conf = { NULL, fx->luns, "raid0", 4 * K };
	struct fr_err err = { "" };
	struct vio_req r[64];
	struct vvol *vv;
	struct vio *q;
	char *buf;
	unsigned int i;

	assert_int_equal(vvol_load(&vv, &conf, &err), 0);
	assert_int_equal(vvol_open(vv, VVOL_WRITE, &err), 0);
	q = open_queue(fx, vv, 64, 1 * M);
	if (!q) {
		vvol_free(vv);
		skip();
	}
	buf = malloc(64 * 32 * K);
	for (i = 0; i < 64; i++)
		r[i] = (struct vio_req){ .op = i % 2 ? VIO_WRITE : VIO_READ,
					 .buf = buf + i * 32 * K,
					 .len = 32 * K,
					 .off = (i * 32 * K + 512) % (vv->size - 32 * K) };
	assert_int_equal(run(q, r, 64, 64), 64);
	for (i = 0; i < 64; i++)
		assert_int_equal(r[i].error, 0);
	vio_free(q);
	vvol_free(vv);
	free(buf);
}

static void test_vio_unknown_backend(void **state)
{
	struct fixture *fx = *state;
	struct vvol *vv = open_vol(fx, "concat", 0);
	struct fr_err err = { "" };
	struct vio *q;

	assert_int_equal(vio_init(&q, vv, "spdk", 1, 4096, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "backend=spdk"));
	assert_non_null(strstr(err.msg, "io_uring, libaio, psync, null"));
	vvol_free(vv);
}

#define BACKEND_TESTS(su) \
	cmocka_unit_test_setup_teardown(test_vio_raid0, su, teardown), \
		cmocka_unit_test_setup_teardown(test_vio_concat, su, teardown), \
		cmocka_unit_test_setup_teardown(test_vio_raid0_direct, su, teardown), \
		cmocka_unit_test_setup_teardown(test_vio_concat_direct, su, teardown), \
		cmocka_unit_test_setup_teardown(test_vio_bad_requests, su, teardown), \
		cmocka_unit_test_setup_teardown(test_vio_deep_split, su, teardown)

/* null does no I/O, so it has no I/O errors to report. */
#define IO_ERROR_TEST(su) \
	cmocka_unit_test_setup_teardown(test_vio_part_error, su, teardown)

int main(void)
{
	const struct CMUnitTest uring[] = { BACKEND_TESTS(setup_uring),
					    IO_ERROR_TEST(setup_uring) };
	const struct CMUnitTest aio[] = { BACKEND_TESTS(setup_aio),
					  IO_ERROR_TEST(setup_aio) };
	const struct CMUnitTest psync[] = { BACKEND_TESTS(setup_psync),
					    IO_ERROR_TEST(setup_psync) };
	const struct CMUnitTest null[] = {
		BACKEND_TESTS(setup_null),
		cmocka_unit_test_setup_teardown(test_vio_unknown_backend,
						setup_null, teardown)
	};
	int fails = 0;

	fails += cmocka_run_group_tests_name("vio io_uring", uring, NULL, NULL);
	fails += cmocka_run_group_tests_name("vio libaio", aio, NULL, NULL);
	fails += cmocka_run_group_tests_name("vio psync", psync, NULL, NULL);
	fails += cmocka_run_group_tests_name("vio null", null, NULL, NULL);
	return fails;
}
