/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: fio's io_uring options on the engine (plugin/beconf.c,
 * backend_uring.c): each refusal names the option and the reason
 * (another backend, sqthread_poll_cpu without sqthread_poll or on a CPU
 * not ours, hipri without direct=1 or on a LUN with no poll queues);
 * and every path the options select (fixed buffers and files, READV
 * and READ, a kernel submission thread) writes and reads back the
 * volume byte for byte.
 */
#include "vio_fixture.h"

#include <sched.h>
#include <string.h>

#include "beconf.h"

static void test_beconf_refusals(void **state)
{
	struct fixture *fx = *state;
	struct vvol *vv = open_vol(fx, "concat", 0);
	struct backend_conf c = BACKEND_CONF_DEFAULT;
	struct fr_err err = { "" };
	struct vio *q;

	assert_null(beconf_first_set(&c));
	assert_int_equal(beconf_check(&c, "libaio", vv, &err), 0);
	c.registerfiles = true;
	assert_string_equal(beconf_first_set(&c), "registerfiles");
	assert_int_equal(vio_init_conf(&q, vv, "libaio", &c, 4, 4096, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "registerfiles: an option of fio's io_uring engine, which backend=libaio does not have"));
	assert_int_equal(beconf_check(&c, "psync", vv, &err), -EINVAL);
	c = BACKEND_CONF_DEFAULT;
	c.sqthread_poll_cpu = 0;
	assert_int_equal(beconf_check(&c, "io_uring", vv, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "add sqthread_poll"));
	c.sqthread_poll = true;
	c.sqthread_poll_cpu = CPU_SETSIZE + 1;
	assert_int_equal(beconf_check(&c, "io_uring", vv, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "not a CPU this process may run on"));
	c = BACKEND_CONF_DEFAULT;
	c.hipri = true;
	assert_int_equal(beconf_check(&c, "io_uring", vv, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "hipri: polled completions need direct=1"));
	vvol_free(vv);
	/* A file in a temporary folder: tmpfs, or a disk without poll queues here. */
	vv = open_vol(fx, "concat", VVOL_DIRECT);
	if (beconf_check(&c, NULL, vv, &err) == 0) {
		print_message("skipping: %s polls\n", fx->paths[0]);
	} else {
		assert_non_null(strstr(err.msg, "hipri: polled completions need a block device with poll queues"));
		assert_non_null(strstr(err.msg, "LUN 1 '"));
	}
	vvol_free(vv);
}

/* Write the pattern through @wc, read it back through @rc, compare. */
static void roundtrip(struct fixture *fx, const struct backend_conf *wc,
		      const struct backend_conf *rc, uint64_t seed)
{
	struct vvol *vv = open_vol(fx, "raid0", VVOL_WRITE);
	struct fr_err err = { "" };
	struct vio_req r[512];
	uint64_t *wbuf, *rbuf, i;
	unsigned int n;
	struct vio *q;
	int ret;

	wbuf = aligned_alloc(4096, vv->size);
	rbuf = aligned_alloc(4096, vv->size);
	assert_non_null(wbuf);
	assert_non_null(rbuf);
	for (i = 0; i < vv->size / 8; i++)
		wbuf[i] = word(i * 8, seed);
	memset(rbuf, 0, vv->size);
	ret = vio_init_conf(&q, vv, "io_uring", wc, 8, 256 * K, &err);
	if (ret == -ENOSYS || ret == -EPERM) {
		print_message("skipping io_uring: %s\n", err.msg);
		goto out;
	}
	assert_int_equal(ret, 0);
	assert_int_equal(vio_register_buffers(q, wbuf, vv->size, &err), 0);
	n = tile(vv, r, 512, (char *)wbuf, VIO_WRITE);
	assert_int_equal(run(q, r, n, 8), n);
	for (i = 0; i < n; i++)
		assert_int_equal(r[i].error, 0);
	vio_free(q);
	assert_int_equal(vio_init_conf(&q, vv, "io_uring", rc, 8, 256 * K, &err), 0);
	assert_int_equal(vio_register_buffers(q, rbuf, vv->size, &err), 0);
	n = tile(vv, r, 512, (char *)rbuf, VIO_READ);
	assert_int_equal(run(q, r, n, 8), n);
	for (i = 0; i < n; i++)
		assert_int_equal(r[i].error, 0);
	vio_free(q);
	assert_memory_equal(wbuf, rbuf, vv->size);
out:
	free(wbuf);
	free(rbuf);
	vvol_free(vv);
}

static void test_beconf_paths(void **state)
{
	struct backend_conf plain = BACKEND_CONF_DEFAULT, fixed = plain, vec = plain,
			    nonvec = plain, sq = plain;

	fixed.fixedbufs = fixed.registerfiles = true;
	vec.nonvectored = 0;
	nonvec.nonvectored = 1;
	sq.sqthread_poll = true;
	roundtrip(*state, &fixed, &plain, 1);
	roundtrip(*state, &plain, &fixed, 2);
	roundtrip(*state, &vec, &nonvec, 3);
	roundtrip(*state, &nonvec, &vec, 4);
	roundtrip(*state, &sq, &fixed, 5);
	sq.fixedbufs = sq.registerfiles = true;
	roundtrip(*state, &plain, &sq, 6);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_beconf_refusals, setup_uring, teardown),
		cmocka_unit_test_setup_teardown(test_beconf_paths, setup_uring, teardown)
	};

	return cmocka_run_group_tests_name("beconf", tests, NULL, NULL);
}
