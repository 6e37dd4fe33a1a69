/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: fio's io_uring options on the engine (plugin/beconf.c,
 * backend_uring.c): each refusal names the option and the reason
 * (another backend, sqthread_poll_cpu without sqthread_poll or on a CPU
 * not ours, hipri without direct=1 or on a LUN with no poll queues);
 * and every path the options select (fixed buffers and files, READV
 * and READ, a kernel submission thread) writes and reads back the
 * volume byte for byte. The kernel's own view of the ring
 * (/proc/self/fdinfo: SqThread, UserFiles, UserBufs) says each option
 * took effect, sqthread_poll registering the files as fio's engine does;
 * under sqthread_poll completions are awaited by watching the ring, as
 * fio does, never asleep in the kernel (the thread's voluntary context
 * switches stay near zero over thousands of I/Os), and a bounded wait
 * still ends. The model device's random service times (backend=null
 * service_us=D service_dist=exp|uniform service_seed=N): the values taken
 * and refused, each refusal naming the option; the draws repeat for one
 * seed and stream and differ for another, with the distribution's mean
 * and spread; on the simulated clock each I/O completes exactly its
 * drawn service after its service starts, of the mean service_steps
 * gives at that moment.
 */
#include "vio_fixture.h"

#include <dirent.h>
#include <sched.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "beconf.h"
#include "fr_vclock.h"

#include <inttypes.h>
#include <math.h>

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

/* @key's number in the fdinfo of this process's one io_uring ring; -2: none. */
static long ring_info(const char *key)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *e;
	long val = -2;

	assert_non_null(d);
	while ((e = readdir(d))) {
		char path[300], link[64], line[256];
		ssize_t n;
		FILE *f;

		snprintf(path, sizeof(path), "/proc/self/fd/%s", e->d_name);
		n = readlink(path, link, sizeof(link) - 1);
		if (n <= 0)
			continue;
		link[n] = '\0';
		if (strcmp(link, "anon_inode:[io_uring]"))
			continue;
		snprintf(path, sizeof(path), "/proc/self/fdinfo/%s", e->d_name);
		f = fopen(path, "re");
		assert_non_null(f);
		while (fgets(line, sizeof(line), f))
			if (!strncmp(line, key, strlen(key)) && line[strlen(key)] == ':')
				val = strtol(line + strlen(key) + 1, NULL, 10);
		fclose(f);
	}
	closedir(d);
	return val;
}

/* A queue on a fresh volume with @c; NULL (skip) when io_uring is refused. */
static struct vio *conf_queue(struct fixture *fx, struct vvol *vv,
			      const struct backend_conf *c, unsigned int depth)
{
	struct fr_err err = { "" };
	struct vio *q;
	int ret = vio_init_conf(&q, vv, "io_uring", c, depth, 64 * K, &err);

	if (ret == -ENOSYS || ret == -EPERM) {
		print_message("skipping io_uring: %s\n", err.msg);
		return NULL;
	}
	(void)fx;
	assert_int_equal(ret, 0);
	return q;
}

/* What the kernel holds for each option: registered files, buffers, a thread. */
static void test_beconf_registered(void **state)
{
	struct vvol *vv = open_vol(*state, "concat", 0);
	struct backend_conf c = BACKEND_CONF_DEFAULT;
	struct fr_err err = { "" };
	char *buf = aligned_alloc(4096, 64 * K);
	struct vio *q = conf_queue(*state, vv, &c, 4);

	assert_non_null(buf);
	if (!q)
		goto out;
	assert_int_equal(vio_register_buffers(q, buf, 64 * K, &err), 0);
	if (ring_info("UserFiles") == -2) {
		print_message("skipping: this kernel's fdinfo has no UserFiles\n");
		vio_free(q);
		goto out;
	}
	assert_int_equal(ring_info("UserFiles"), 0);
	assert_int_equal(ring_info("UserBufs"), 0);
	assert_int_equal(ring_info("SqThread"), -1);
	vio_free(q);
	c.fixedbufs = c.registerfiles = true;
	q = conf_queue(*state, vv, &c, 4);
	assert_int_equal(vio_register_buffers(q, buf, 64 * K, &err), 0);
	assert_int_equal(ring_info("UserFiles"), 3);
	assert_int_equal(ring_info("UserBufs"), 1);
	vio_free(q);
	/* fio's fio_ioring_init(): sqthread_poll registers the files. */
	c = BACKEND_CONF_DEFAULT;
	c.sqthread_poll = true;
	q = conf_queue(*state, vv, &c, 4);
	assert_true(ring_info("SqThread") > 0);
	assert_int_equal(ring_info("UserFiles"), 3);
	vio_free(q);
out:
	free(buf);
	vvol_free(vv);
}

#define SQ_IOS 3000u

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/*
 * sqthread_poll at depth 1: each wait for a completion watches the ring
 * (fio's getevents), so the thread hardly ever sleeps in the kernel; a
 * wait in io_uring_enter would switch out voluntarily about once per
 * I/O. Load only preempts a spinning thread (involuntary switches).
 */
static void test_beconf_sqpoll_watch(void **state)
{
	struct vvol *vv = open_vol(*state, "concat", 0);
	struct backend_conf c = BACKEND_CONF_DEFAULT;
	struct timespec t = { 0, 30 * 1000 * 1000 };
	struct backend be = { .ops = &backend_io_uring, .conf = &c };
	struct vio_part *out[1];
	struct vio_req *r = calloc(SQ_IOS, sizeof(*r));
	char *buf = aligned_alloc(4096, 4 * K);
	struct rusage ru0, ru1;
	unsigned int i;
	struct vio *q;
	double t0;

	assert_non_null(r);
	assert_non_null(buf);
	c.sqthread_poll = true;
	q = conf_queue(*state, vv, &c, 1);
	if (!q)
		goto out;
	for (i = 0; i < SQ_IOS; i++) {
		r[i].op = VIO_READ;
		r[i].buf = buf;
		r[i].len = 4 * K;
		r[i].off = (uint64_t)i * 4 * K % (vv->size - 4 * K);
	}
	assert_int_equal(getrusage(RUSAGE_THREAD, &ru0), 0);
	assert_int_equal(run(q, r, SQ_IOS, 1), SQ_IOS);
	assert_int_equal(getrusage(RUSAGE_THREAD, &ru1), 0);
	for (i = 0; i < SQ_IOS; i++)
		assert_int_equal(r[i].error, 0);
	print_message("sqthread_poll, %u I/Os at depth 1: %ld voluntary switches\n", SQ_IOS,
		      ru1.ru_nvcsw - ru0.ru_nvcsw);
	assert_true(ru1.ru_nvcsw - ru0.ru_nvcsw < SQ_IOS / 10);
	vio_free(q);
	/* A bounded wait with nothing in flight still ends, after its bound. */
	assert_int_equal(be.ops->init(&be, 4), 0);
	t0 = now_s();
	assert_int_equal(be.ops->reap(&be, 1, out, 1, &t), 0);
	assert_true(now_s() - t0 >= 0.03);
	be.ops->exit(&be);
out:
	free(r);
	free(buf);
	vvol_free(vv);
}

/* service_dist and service_seed: the values taken, and each refusal naming its option. */
static void test_beconf_service_opts(void **state)
{
	struct backend_conf c = BACKEND_CONF_DEFAULT;
	struct fr_err err = { "" };
	static const char *const bad_dist[] = { "", "Exp", "exponential", "exp ", "gamma", "1" };
	static const char *const bad_seed[] = { "", "-1", " 1", "1x", "0x", "18446744073709551616", "1.5" };
	unsigned int i;

	(void)state;
	assert_int_equal(beconf_parse_dist("exp", &c), 0);
	assert_int_equal(c.service_dist, BACKEND_DIST_EXP);
	assert_int_equal(beconf_parse_dist("uniform", &c), 0);
	assert_int_equal(c.service_dist, BACKEND_DIST_UNIFORM);
	assert_int_equal(beconf_parse_dist("fixed", &c), 0);
	assert_int_equal(c.service_dist, BACKEND_DIST_FIXED);
	c.service_dist = BACKEND_DIST_EXP;
	for (i = 0; i < sizeof(bad_dist) / sizeof(bad_dist[0]); i++)
		assert_int_equal(beconf_parse_dist(bad_dist[i], &c), -EINVAL);
	assert_int_equal(beconf_parse_dist(NULL, &c), -EINVAL);
	assert_int_equal(c.service_dist, BACKEND_DIST_EXP); /* untouched */
	assert_false(c.service_seed_set);
	for (i = 0; i < sizeof(bad_seed) / sizeof(bad_seed[0]); i++)
		assert_int_equal(beconf_parse_seed(bad_seed[i], &c), -EINVAL);
	assert_false(c.service_seed_set);
	assert_int_equal(beconf_parse_seed("18446744073709551615", &c), 0);
	assert_true(c.service_seed_set);
	assert_true(c.service_seed == UINT64_MAX);
	assert_int_equal(beconf_parse_seed("0x10", &c), 0);
	assert_true(c.service_seed == 16);
	assert_int_equal(beconf_parse_seed("0", &c), 0);
	assert_true(c.service_seed == 0 && c.service_seed_set);

	/* Taken: exp with a seed on the model device. */
	c.service_us = 100;
	assert_int_equal(beconf_check(&c, "null", NULL, &err), 0);
	/* Another backend: named, and the backend. */
	assert_int_equal(beconf_check(&c, "io_uring", NULL, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "an option of backend=null's model device, which backend=io_uring does not have"));
	c.service_us = 0;
	assert_int_equal(beconf_check(&c, "libaio", NULL, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "service_dist: an option of backend=null's model device"));
	/* Without service_us: no mean to draw around. */
	assert_int_equal(beconf_check(&c, "null", NULL, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "service_dist: random service times of mean service_us; give service_us=D"));
	c.service_dist = BACKEND_DIST_FIXED;
	assert_int_equal(beconf_check(&c, "null", NULL, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "service_seed: random service times of mean service_us; give service_us=D"));
	/* A seed with nothing to draw. */
	c.service_us = 100;
	c.service_seed = 7;
	assert_int_equal(beconf_check(&c, "null", NULL, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "service_seed=7: it seeds the draws of random service times, and with service_dist=fixed (the default) none is drawn"));
	c.service_seed_set = false;
	assert_int_equal(beconf_check(&c, "null", NULL, &err), 0);
	c.service_dist = (enum backend_dist)7;
	assert_int_equal(beconf_check(&c, "null", NULL, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "service_dist: give fixed, exp or uniform"));
}

/* @n draws of mean @mean_ns: their mean and standard deviation, min and max. */
static void draw_moments(const struct backend_conf *c, uint64_t mean_ns, unsigned int n,
			 double *mean, double *sd, uint64_t *min, uint64_t *max)
{
	struct model_rng r;
	double s = 0, ss = 0;
	unsigned int i;

	model_rng_seed(&r, c);
	*min = UINT64_MAX;
	*max = 0;
	for (i = 0; i < n; i++) {
		uint64_t x = model_draw_ns(&r, c->service_dist, mean_ns);

		s += (double)x;
		ss += (double)x * (double)x;
		*min = x < *min ? x : *min;
		*max = x > *max ? x : *max;
	}
	*mean = s / n;
	*sd = sqrt((ss - s * s / n) / (n - 1));
}

/*
 * The draws: the same seed and stream, the same draws; another seed or
 * stream (a clone), others; each distribution's mean within 4 standard
 * errors of service_us, its spread that of the distribution (exp: sd =
 * mean; uniform on 0 .. 2D: D / sqrt(3)); fixed: D every time.
 */
static void test_beconf_service_draws(void **state)
{
	enum { N = 200000,
	       D_NS = 100000 };
	struct backend_conf c = BACKEND_CONF_DEFAULT, o;
	struct model_rng a, b;
	double mean, sd, se;
	uint64_t min, max, x[64];
	unsigned int i, k, same;

	(void)state;
	c.service_us = D_NS / 1000;
	c.service_dist = BACKEND_DIST_EXP;
	c.service_seed = 42;
	model_rng_seed(&a, &c);
	for (i = 0; i < 64; i++)
		x[i] = model_draw_ns(&a, BACKEND_DIST_EXP, D_NS);
	model_rng_seed(&b, &c);
	for (i = 0; i < 64; i++)
		assert_true(model_draw_ns(&b, BACKEND_DIST_EXP, D_NS) == x[i]);
	for (k = 0; k < 3; k++) {
		o = c;
		if (k == 0)
			o.service_seed = 43;
		else
			o.service_stream = (unsigned int)k;
		model_rng_seed(&b, &o);
		for (i = 0, same = 0; i < 64; i++)
			same += model_draw_ns(&b, BACKEND_DIST_EXP, D_NS) == x[i];
		assert_int_equal(same, 0);
	}

	draw_moments(&c, D_NS, N, &mean, &sd, &min, &max);
	se = D_NS / sqrt(N);
	print_message("exp: mean %.1f ns, sd %.1f ns, min %" PRIu64 ", max %" PRIu64 "\n", mean, sd, min, max);
	assert_true(fabs(mean - D_NS) < 4 * se);
	assert_true(fabs(sd / D_NS - 1) < 0.02);
	assert_true(max > 8 * D_NS && max < 40 * D_NS);
	c.service_dist = BACKEND_DIST_UNIFORM;
	draw_moments(&c, D_NS, N, &mean, &sd, &min, &max);
	se = D_NS / sqrt(3.0 * N);
	print_message("uniform: mean %.1f ns, sd %.1f ns, min %" PRIu64 ", max %" PRIu64 "\n", mean, sd, min, max);
	assert_true(fabs(mean - D_NS) < 4 * se);
	assert_true(fabs(sd * sqrt(3.0) / D_NS - 1) < 0.02);
	assert_true(min < D_NS / 100 && max <= 2 * D_NS && max > 2 * D_NS - D_NS / 100);
	c.service_dist = BACKEND_DIST_FIXED;
	draw_moments(&c, D_NS, 1000, &mean, &sd, &min, &max);
	assert_true(min == D_NS && max == D_NS);
}

/*
 * On the simulated clock (one runner, no observer: its own clock, free),
 * one server, one I/O at a time: each completes its drawn service after
 * the last, the draws those of a generator seeded alike, of mean D until
 * service_steps' step and of the step's from then on.
 */
static void test_beconf_service_schedule(void **state)
{
	enum { N = 2000,
	       T0 = 1000000000 };
	struct vvol *vv = open_vol(*state, "concat", 0);
	struct backend_conf c = BACKEND_CONF_DEFAULT;
	struct fr_err err = { "" };
	static char buf[4096];
	struct model_rng r;
	struct vio_req req;
	uint64_t t = T0, first = 0;
	unsigned int i, after = 0;
	struct vio *q;

	c.service_us = 100;
	c.service_dist = BACKEND_DIST_EXP;
	c.service_seed = 3;
	c.service_stream = 9;
	assert_int_equal(beconf_parse_steps("0.1:300", &c), 0);
	assert_int_equal(vio_init_conf(&q, vv, "null", &c, 1, 4096, &err), 0);
	model_rng_seed(&r, &c);
	fr_vc_start(T0);
	fr_vc_join(1, 0);
	for (i = 0; i < N; i++) {
		/* Its service starts now: the mean of this moment. */
		uint64_t d = first && t - first >= 100000000 ? 300000 : 100000;

		after += d == 300000;
		memset(&req, 0, sizeof(req));
		req.op = VIO_READ;
		req.buf = buf;
		req.len = 4096;
		req.off = (uint64_t)(i % 64) * 4096;
		assert_int_equal(vio_queue(q, &req), 0);
		assert_int_equal(vio_commit(q), 0);
		if (!first)
			first = t;
		t += model_draw_ns(&r, BACKEND_DIST_EXP, d);
		assert_int_equal(vio_getevents(q, 1, 1, NULL), 1);
		assert_int_equal(req.error, 0);
		if (fr_vc_now() != t)
			fail_msg("I/O %u: completed at %" PRIu64 " ns, its draw says %" PRIu64, i, fr_vc_now(), t);
	}
	fr_vc_leave(FR_VC_RUN);
	fr_vc_stop();
	print_message("%u I/Os in %.3f s of virtual time, %u of them after the step\n", N,
		      (double)(t - T0) / 1e9, after);
	/* About 1000 I/Os of 100 us to the step, then of 300 us. */
	assert_true(after > N / 4 && after < N - N / 4);
	vio_free(q);
	vvol_free(vv);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_beconf_refusals, setup_uring, teardown),
		cmocka_unit_test_setup_teardown(test_beconf_paths, setup_uring, teardown),
		cmocka_unit_test_setup_teardown(test_beconf_registered, setup_uring, teardown),
		cmocka_unit_test_setup_teardown(test_beconf_sqpoll_watch, setup_uring, teardown),
		cmocka_unit_test(test_beconf_service_opts),
		cmocka_unit_test(test_beconf_service_draws),
		cmocka_unit_test_setup_teardown(test_beconf_service_schedule, setup_null, teardown)
	};

	return cmocka_run_group_tests_name("beconf", tests, NULL, NULL);
}
