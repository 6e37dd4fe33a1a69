/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * vio_fixture.h -- what test_vio.c and test_viofake.c share: three LUN
 * files in a temporary folder, a volume over them, a queue, and helpers
 * that drive requests and check the bytes (each test file includes it).
 */
#ifndef FIORION_VIO_FIXTURE_H
#define FIORION_VIO_FIXTURE_H

#include "testutil.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "vio.h"
#include "vvol.h"

#define K 1024ULL
#define M (1024ULL * 1024)
#define STRIPE (64 * K)

struct fixture {
	const char *backend;
	char *dir;
	char *paths[3];
	char luns[4096];
};

static inline int setup(void **state, const char *backend)
{
	static const uint64_t sizes[3] = { 1 * M, 768 * K, 1 * M + 320 * K };
	static const char *const names[3] = { "a", "b", "c" };
	struct fixture *fx = calloc(1, sizeof(*fx));
	int i;

	fx->backend = backend;
	fx->dir = tu_mkdtemp();
	for (i = 0; i < 3; i++)
		fx->paths[i] = tu_file(fx->dir, names[i], sizes[i], 0);
	snprintf(fx->luns, sizeof(fx->luns), "%s:%s:%s", fx->paths[0],
		 fx->paths[1], fx->paths[2]);
	*state = fx;
	return 0;
}

static inline int setup_uring(void **state)
{
	return setup(state, "io_uring");
}
static inline int setup_aio(void **state)
{
	return setup(state, "libaio");
}
static inline int setup_psync(void **state)
{
	return setup(state, "psync");
}
static inline int setup_null(void **state)
{
	return setup(state, "null");
}
static inline int setup_fake(void **state)
{
	return setup(state, "fake");
}

static inline int teardown(void **state)
{
	struct fixture *fx = *state;
	int i;

	for (i = 0; i < 3; i++)
		free(fx->paths[i]);
	tu_rmtree(fx->dir);
	free(fx);
	return 0;
}

/* The pattern word stored at volume offset @voff. */
static inline uint64_t word(uint64_t voff, uint64_t seed)
{
	return (voff * 0x9e3779b97f4a7c15ULL) ^ seed;
}

static inline struct vvol *open_vol(struct fixture *fx, const char *sim, int flags)
{
	struct vvol_conf conf = { NULL, fx->luns, sim, STRIPE };
	struct fr_err err = { "" };
	struct vvol *vv;

	if (vvol_load(&vv, &conf, &err))
		fail_msg("vvol_load: %s", err.msg);
	if (vvol_open(vv, flags, &err))
		fail_msg("vvol_open: %s", err.msg);
	return vv;
}

/* NULL (and skip) when the kernel refuses this backend. */
static inline struct vio *open_queue(struct fixture *fx, struct vvol *vv,
				     unsigned int depth, uint64_t max_len)
{
	struct fr_err err = { "" };
	struct vio *q;
	int ret = vio_init(&q, vv, fx->backend, depth, max_len, &err);

	if (ret == -ENOSYS || ret == -EPERM || ret == -EOPNOTSUPP) {
		print_message("skipping %s: %s\n", fx->backend, err.msg);
		return NULL;
	}
	if (ret)
		fail_msg("vio_init: %s", err.msg);
	return q;
}

/*
 * Run @n requests through @q the way fio does: keep up to @depth queued,
 * commit, reap at least one, repeat. Returns how many completed.
 */
static inline unsigned int run(struct vio *q, struct vio_req *r, unsigned int n,
			       unsigned int depth)
{
	unsigned int next = 0, inflight = 0, done = 0, i;

	while (done < n) {
		while (next < n && inflight < depth) {
			int ret = vio_queue(q, &r[next]);

			assert_true(ret == 0 || ret == 1);
			if (ret == 1)
				done++;
			else
				inflight++;
			next++;
		}
		assert_int_equal(vio_commit(q), 0);
		if (inflight) {
			int got = vio_getevents(q, 1, inflight, NULL);

			assert_true(got >= 1);
			for (i = 0; i < (unsigned int)got; i++)
				assert_non_null(vio_event(q, i));
			inflight -= (unsigned int)got;
			done += (unsigned int)got;
		}
	}
	return done;
}

/* Requests of varying sizes (some cross stripes) that tile the volume. */
static inline unsigned int tile(struct vvol *vv, struct vio_req *r, unsigned int max,
				char *buf, enum vio_op op)
{
	static const uint64_t sizes[] = { 8 * K, 96 * K, 4 * K, 200 * K, 512 };
	uint64_t off = 0;
	unsigned int n = 0;

	while (off < vv->size && n < max) {
		uint64_t len = sizes[n % 5];

		if (len > vv->size - off)
			len = vv->size - off;
		r[n] = (struct vio_req){ .op = op, .buf = buf + off, .len = len, .off = off };
		off += len;
		n++;
	}
	assert_int_equal(off, vv->size);
	return n;
}

#endif
