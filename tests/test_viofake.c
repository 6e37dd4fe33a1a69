/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: a fake backend, injected with vio_init_ops(), drives the
 * I/O queue through what real kernels do rarely: short transfers (the
 * rest is re-queued at the right LUN offset and the request completes
 * whole), back-pressure (no slot in prep, -EBUSY or a partial take from
 * submit: every part still goes exactly once), failing parts (the
 * request names the LUN and offset), and the advice when a backend is
 * refused.
 */
#include "vio_fixture.h"
#include "fakebe.h"

static struct vio *fake_queue(struct vvol *vv, const struct backend_ops *ops,
			      unsigned int depth, uint64_t max_len)
{
	struct fr_err err = { "" };
	struct vio *q;

	if (vio_init_ops(&q, vv, ops, depth, max_len, &err))
		fail_msg("vio_init_ops: %s", err.msg);
	assert_string_equal(vio_backend(q), "fake");
	assert_false(vio_is_sync(q));
	return q;
}

enum reap_how {
	REAP_WAIT,  /* getevents(min 1, no timeout), as fio's default */
	REAP_POLL,  /* getevents(min 0): only what is there */
	REAP_TIMED, /* getevents(min 1) with a timeout */
};

/*
 * As run(), over the fake, counting how often each request is returned
 * (through r->user): every one must come back exactly once.
 */
static void drive(struct vio *q, struct vio_req *r, unsigned int n,
		  unsigned int depth, enum reap_how how)
{
	struct timespec ts = { 0, 1000000 };
	unsigned int *back = calloc(n, sizeof(*back));
	unsigned int next = 0, inflight = 0, done = 0, rounds = 0, i;

	for (i = 0; i < n; i++)
		r[i].user = &back[i];
	while (done < n) {
		int got;

		while (next < n && inflight < depth) {
			assert_int_equal(vio_queue(q, &r[next]), 0);
			next++;
			inflight++;
		}
		assert_int_equal(vio_commit(q), 0);
		got = vio_getevents(q, how == REAP_POLL ? 0 : 1, inflight,
				    how == REAP_TIMED ? &ts : NULL);
		assert_true(got >= 0 && (unsigned int)got <= inflight);
		if (how == REAP_WAIT)
			assert_true(got >= 1);
		FAKE_ASSERT_OK();
		for (i = 0; i < (unsigned int)got; i++)
			(*(unsigned int *)vio_event(q, i)->user)++;
		assert_null(vio_event(q, (unsigned int)got));
		inflight -= (unsigned int)got;
		done += (unsigned int)got;
		assert_true(++rounds < 1000000);
	}
	assert_int_equal(vio_outstanding(q), 0);
	FAKE_ASSERT_OK();
	for (i = 0; i < n; i++) {
		if (back[i] != 1)
			fail_msg("request %u returned %u times", i, back[i]);
		r[i].user = NULL;
	}
	free(back);
}

/* Every usable byte of every LUN was transferred once, nothing else. */
static void assert_each_byte_once(const struct vvol *vv)
{
	unsigned int l;
	uint64_t b;

	for (l = 0; l < vv->nluns; l++)
		for (b = 0; b < fake.seen_len[l]; b++)
			if (fake.seen[l][b] != (b < vv->luns[l].usable))
				fail_msg("LUN %u byte %llu transferred %u times",
					 l, (unsigned long long)b, fake.seen[l][b]);
}

static bool same_io(const struct fake_io *a, const struct fake_io *b)
{
	return a->lun == b->lun && a->off == b->off && a->len == b->len &&
		a->res == b->res;
}

/*
 * The fake logged exactly @n I/Os, those of @want: in that order when
 * @ordered, else in any.
 */
static void assert_ios(const struct fake_io *want, unsigned int n,
		       bool ordered)
{
	unsigned int i, j;

	assert_int_equal(fake.nlog, n);
	for (i = 0; i < n; i++) {
		if (ordered)
			j = same_io(&fake.log[i], &want[i]) ? i : n;
		else
			for (j = 0; j < n; j++)
				if (same_io(&fake.log[j], &want[i]))
					break;
		if (j == n)
			fail_msg("no I/O on LUN %u at %llu of %llu bytes giving %lld",
				 want[i].lun, (unsigned long long)want[i].off,
				 (unsigned long long)want[i].len,
				 (long long)want[i].res);
	}
}

static void fill(char *buf, uint64_t voff, uint64_t len, uint64_t seed)
{
	uint64_t w;

	for (w = 0; w < len / 8; w++) {
		uint64_t v = word(voff + w * 8, seed);

		memcpy(buf + w * 8, &v, 8);
	}
}

/*
 * Short transfers: the fake moves at most 4 KiB per I/O. Each remainder
 * must come back at the LUN offset and buffer position right after what
 * was done, the request completes once and whole, and the bytes land.
 */
static void test_vio_fake_short(void **state)
{
	struct fixture *fx = *state;
	struct vvol *vv = open_vol(fx, "raid0", VVOL_WRITE);
	uint64_t seed = (uint64_t)tu_seed(__func__);
	char *wbuf = malloc(64 * K), *rbuf = malloc(64 * K), *lbuf = malloc(16 * K);
	struct vio_req r;
	struct vio *q;
	int fd;

	fake_reset(vv);
	fake.short_max = 4 * K;
	q = fake_queue(vv, &fake_ops, 1, 64 * K);

	/* One part: volume [8K, 24K) is LUN 0 [8K, 24K). */
	fill(wbuf, 8 * K, 16 * K, seed);
	r = (struct vio_req){ .op = VIO_WRITE, .buf = wbuf, .len = 16 * K, .off = 8 * K };
	drive(q, &r, 1, 1, REAP_WAIT);
	assert_int_equal(r.error, 0);
	{
		static const struct fake_io want[] = {
			{ 0, 8 * K, 16 * K, 4 * K },
			{ 0, 12 * K, 12 * K, 4 * K },
			{ 0, 16 * K, 8 * K, 4 * K },
			{ 0, 20 * K, 4 * K, 4 * K },
		};

		/* In this order: the remainder goes back at the head. */
		assert_ios(want, 4, true);
	}
	fd = open(vv->luns[0].path, O_RDONLY);
	assert_true(fd >= 0);
	assert_int_equal(pread(fd, lbuf, 16 * K, 8 * K), 16 * K);
	close(fd);
	assert_memory_equal(lbuf, wbuf, 16 * K);

	/*
	 * Two parts: volume [2*STRIPE - 8K, 2*STRIPE + 16K) is LUN 1
	 * [STRIPE - 8K, STRIPE) then LUN 2 [0, 16K); polled this time.
	 */
	fake_forget();
	fill(wbuf, 2 * STRIPE - 8 * K, 24 * K, seed);
	r = (struct vio_req){ .op = VIO_WRITE, .buf = wbuf, .len = 24 * K, .off = 2 * STRIPE - 8 * K };
	drive(q, &r, 1, 1, REAP_POLL);
	assert_int_equal(r.error, 0);
	{
		static const struct fake_io want[] = {
			{ 1, STRIPE - 8 * K, 8 * K, 4 * K },
			{ 1, STRIPE - 4 * K, 4 * K, 4 * K },
			{ 2, 0, 16 * K, 4 * K },
			{ 2, 4 * K, 12 * K, 4 * K },
			{ 2, 8 * K, 8 * K, 4 * K },
			{ 2, 12 * K, 4 * K, 4 * K },
		};

		assert_ios(want, 6, false);
	}
	/* Read it back through the queue, just as short, with a timeout. */
	fake_forget();
	memset(rbuf, 0x5a, 24 * K);
	r = (struct vio_req){ .op = VIO_READ, .buf = rbuf, .len = 24 * K, .off = 2 * STRIPE - 8 * K };
	drive(q, &r, 1, 1, REAP_TIMED);
	assert_int_equal(r.error, 0);
	assert_int_equal(fake.nio, 6);
	assert_memory_equal(rbuf, wbuf, 24 * K);
	fd = open(vv->luns[2].path, O_RDONLY);
	assert_true(fd >= 0);
	assert_int_equal(pread(fd, lbuf, 16 * K, 0), 16 * K);
	close(fd);
	assert_memory_equal(lbuf, wbuf + 8 * K, 16 * K);

	vio_free(q);
	assert_int_equal(fake.nprepped + fake.nflight, 0);
	FAKE_ASSERT_OK();
	fake_done();
	vvol_free(vv);
	free(wbuf);
	free(rbuf);
	free(lbuf);
}

/*
 * Back-pressure: prep finds no slot beyond 3 parts, submit hands over at
 * most 2 and returns -EBUSY every third call; completions come newest
 * first; later passes add short transfers. The whole volume is written
 * and read back: every request returns once, every LUN byte moves once
 * per pass, the data survives.
 */
static void test_vio_fake_backpressure(void **state)
{
	static const struct {
		const struct backend_ops *ops;
		enum reap_how how;
		uint64_t short_max;
	} passes[] = {
		{ &fake_ops, REAP_WAIT, 0 },
		{ &fake_ops_wait, REAP_WAIT, 0 },
		{ &fake_ops, REAP_POLL, 3000 },
		{ &fake_ops_wait, REAP_TIMED, 3000 },
		{ &fake_ops_wait, REAP_WAIT, 3000 },
	};
	struct fixture *fx = *state;
	struct vvol *vv = open_vol(fx, "raid0", VVOL_WRITE);
	uint64_t seed = (uint64_t)tu_seed(__func__);
	struct vio_req r[1024];
	char *wbuf = malloc(vv->size), *rbuf = malloc(vv->size);
	unsigned int n, i, p;
	struct vio *q;

	fill(wbuf, 0, vv->size, seed);
	for (p = 0; p < sizeof(passes) / sizeof(passes[0]); p++) {
		fake_reset(vv);
		fake.slots = 3;
		fake.take = 2;
		fake.busy_every = 3;
		fake.lifo = true;
		fake.short_max = passes[p].short_max;
		q = fake_queue(vv, passes[p].ops, 16, 200 * K);

		n = tile(vv, r, 1024, wbuf, VIO_WRITE);
		drive(q, r, n, 16, passes[p].how);
		for (i = 0; i < n; i++)
			assert_int_equal(r[i].error, 0);
		assert_each_byte_once(vv);
		/* The paths under test were taken. */
		assert_true(fake.busy > 0);
		assert_true(fake.partial > 0);
		assert_true(fake.prep_busy > 0);

		fake_forget();
		memset(rbuf, 0x5a, vv->size);
		n = tile(vv, r, 1024, rbuf, VIO_READ);
		drive(q, r, n, 16, passes[p].how);
		for (i = 0; i < n; i++)
			assert_int_equal(r[i].error, 0);
		assert_each_byte_once(vv);
		assert_memory_equal(rbuf, wbuf, vv->size);

		vio_free(q);
		assert_int_equal(fake.nprepped + fake.nflight, 0);
	}
	FAKE_ASSERT_OK();
	fake_done();
	vvol_free(vv);
	free(wbuf);
	free(rbuf);
}

static void assert_describes(struct vio *q, const struct vio_req *r,
			     const char *op, const char *path, uint64_t off,
			     const char *why)
{
	char msg[1024], want[1024];

	vio_describe_error(q, r, msg, sizeof(msg));
	snprintf(want, sizeof(want), "%s error on LUN '%s' at offset %llu: %s",
		 op, path, (unsigned long long)off, why);
	assert_string_equal(msg, want);
}

/*
 * A part fails: of three requests only the one with a part on LUN 1
 * fails, naming LUN 1 and the part's offset there; its other part still
 * lands. After a short transfer the offset is where the failing rest
 * began; a transfer of nothing (the LUN shrank) is EIO.
 */
static void test_vio_fake_part_error(void **state)
{
	struct fixture *fx = *state;
	struct vvol *vv = open_vol(fx, "raid0", VVOL_WRITE);
	uint64_t seed = (uint64_t)tu_seed(__func__);
	char *buf = malloc(3 * 64 * K), *lbuf = malloc(8 * K);
	struct vio_req r[3];
	struct vio *q;
	int fd;

	fake_reset(vv);
	fake.fail_lun = 1;
	fake.fail_err = EIO;
	q = fake_queue(vv, &fake_ops, 4, 64 * K);

	fill(buf, 0, 3 * 64 * K, seed);
	/* LUN 0 only; LUN 1 tail + LUN 2 head; LUN 2 only. */
	r[0] = (struct vio_req){ .op = VIO_WRITE, .buf = buf, .len = 16 * K, .off = 0 };
	r[1] = (struct vio_req){ .op = VIO_WRITE, .buf = buf + 64 * K, .len = 16 * K, .off = 2 * STRIPE - 8 * K };
	r[2] = (struct vio_req){ .op = VIO_WRITE, .buf = buf + 128 * K, .len = 16 * K, .off = 2 * STRIPE + 32 * K };
	drive(q, r, 3, 3, REAP_WAIT);
	assert_int_equal(r[0].error, 0);
	assert_int_equal(r[2].error, 0);
	assert_int_equal(r[1].error, EIO);
	assert_int_equal(r[1].err_lun, 1);
	assert_int_equal(r[1].err_off, STRIPE - 8 * K);
	assert_describes(q, &r[1], "write", vv->luns[1].path, STRIPE - 8 * K,
			 "input/output error");
	{
		static const struct fake_io want[] = {
			{ 0, 0, 16 * K, 16 * K },
			{ 1, STRIPE - 8 * K, 8 * K, -EIO },
			{ 2, 0, 8 * K, 8 * K },
			{ 2, 32 * K, 16 * K, 16 * K },
		};

		assert_ios(want, 4, false);
	}
	/* The failed request's LUN 2 part did land. */
	fd = open(vv->luns[2].path, O_RDONLY);
	assert_true(fd >= 0);
	assert_int_equal(pread(fd, lbuf, 8 * K, 0), 8 * K);
	close(fd);
	assert_memory_equal(lbuf, buf + 64 * K + 8 * K, 8 * K);

	/* Short, then the rest fails: the offset is where the rest began. */
	fake_forget();
	fake.short_max = 4 * K;
	fake.fail_off = STRIPE - 4 * K;
	fake.fail_err = ENOSPC;
	r[0] = (struct vio_req){ .op = VIO_READ, .buf = buf, .len = 16 * K, .off = 2 * STRIPE - 8 * K };
	drive(q, r, 1, 1, REAP_WAIT);
	assert_int_equal(r[0].error, ENOSPC);
	assert_int_equal(r[0].err_lun, 1);
	assert_int_equal(r[0].err_off, STRIPE - 4 * K);
	assert_describes(q, &r[0], "read", vv->luns[1].path, STRIPE - 4 * K,
			 "no space left on device");

	/* Nothing transferred, no errno: the LUN ended early, EIO. */
	fake_forget();
	fake.short_max = 0;
	fake.fail_off = 0;
	fake.fail_err = 0;
	drive(q, r, 1, 1, REAP_POLL);
	assert_int_equal(r[0].error, EIO);
	assert_int_equal(r[0].err_lun, 1);
	assert_int_equal(r[0].err_off, STRIPE - 8 * K);

	vio_free(q);
	assert_int_equal(fake.nprepped + fake.nflight, 0);
	FAKE_ASSERT_OK();
	fake_done();
	vvol_free(vv);
	free(buf);
	free(lbuf);
}

static int refuse_enomem(struct backend *be, unsigned int entries)
{
	(void)be;
	fake.entries = entries;
	return -ENOMEM;
}

static int refuse_eagain(struct backend *be, unsigned int entries)
{
	(void)be;
	fake.entries = entries;
	return -EAGAIN;
}

static int refuse_eperm(struct backend *be, unsigned int entries)
{
	(void)be;
	fake.entries = entries;
	return -EPERM;
}

/* vio_init_ops() on @ops must fail with @ret and say exactly @fmt (%u: entries). */
static void assert_refused(struct vvol *vv, const struct backend_ops *ops,
			   int ret, const char *fmt)
{
	struct fr_err err = { "" };
	char want[1024];
	struct vio *q = (struct vio *)&err;

	assert_int_equal(vio_init_ops(&q, vv, ops, 4, 64 * K, &err), ret);
	assert_null(q);
	snprintf(want, sizeof(want), fmt, fake.entries);
	assert_string_equal(err.msg, want);
}

/*
 * A refused backend: the advice comes from its own ops table. The real
 * io_uring and libaio tables, refused as the kernel would refuse them,
 * give the messages the queue has always given.
 */
static void test_vio_fake_refused(void **state)
{
	struct fixture *fx = *state;
	struct vvol *vv = open_vol(fx, "raid0", 0);
	struct backend_ops ops;

	fake_reset(vv);
	fake.init_err = -EPERM;
	assert_refused(vv, &fake_ops, -EPERM,
		       "backend=fake: the kernel refused it (operation not permitted); use backend=psync");
	fake.init_err = -ENOSPC;
	assert_refused(vv, &fake_ops, -ENOSPC,
		       "backend=fake: the kernel refused %u fake slots (fake.max is too low); raise it or use backend=psync");
	ops = fake_ops;
	ops.fallback = NULL;
	ops.refusal = NULL;
	assert_refused(vv, &ops, -ENOSPC,
		       "backend=fake: the kernel refused it (no space left on device); use backend=another backend");

	ops = backend_io_uring;
	ops.init = refuse_enomem;
	assert_refused(vv, &ops, -ENOMEM,
		       "backend=io_uring: the kernel refused a ring of %u entries (cannot allocate memory: rings count against the locked-memory limit, ulimit -l, and many clones need many rings); raise it or use backend=libaio or psync");
	ops.init = refuse_eperm;
	assert_refused(vv, &ops, -EPERM,
		       "backend=io_uring: the kernel refused it (operation not permitted); use backend=libaio or psync");
	ops = backend_libaio;
	ops.init = refuse_eagain;
	assert_refused(vv, &ops, -EAGAIN,
		       "backend=libaio: the kernel refused %u AIO contexts entries (fs.aio-max-nr is too low for this depth); raise it or use backend=io_uring or psync");
	ops.init = refuse_eperm;
	assert_refused(vv, &ops, -EPERM,
		       "backend=libaio: the kernel refused it (operation not permitted); use backend=io_uring or psync");

	FAKE_ASSERT_OK();
	fake_done();
	vvol_free(vv);
}

int main(void)
{
	const struct CMUnitTest fake_tests[] = {
		cmocka_unit_test_setup_teardown(test_vio_fake_short, setup_fake,
						teardown),
		cmocka_unit_test_setup_teardown(test_vio_fake_backpressure,
						setup_fake, teardown),
		cmocka_unit_test_setup_teardown(test_vio_fake_part_error,
						setup_fake, teardown),
		cmocka_unit_test_setup_teardown(test_vio_fake_refused,
						setup_fake, teardown)
	};

	return cmocka_run_group_tests_name("vio fake backend", fake_tests, NULL, NULL);
}
