/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: backend=null's model device (plugin/backend_model.c)
 * against its definition and queueing theory: an I/O completes service_us
 * after its service starts, never before; with C servers a burst of 3C
 * completes in three waves (D, 2D, 3D), in FIFO order; a
 * closed loop of N > C I/Os keeps every server busy, so throughput is
 * C/D and Little's law (throughput x mean time in system = N) holds;
 * a bounded wait returns nothing before the completion is due; the
 * options are refused on other backends and servers without service_us;
 * service_us=0 leaves null as it was (synchronous).
 */
#include "vio_fixture.h"

#include <string.h>
#include <time.h>

#include "beconf.h"

static uint64_t mono(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static struct vio *model_queue(struct vvol *vv, unsigned int d_us, unsigned int c,
			       unsigned int depth)
{
	struct backend_conf conf = BACKEND_CONF_DEFAULT;
	struct fr_err err = { "" };
	struct vio *q;

	conf.service_us = d_us;
	conf.servers = c;
	if (vio_init_conf(&q, vv, "null", &conf, depth, 4096, &err))
		fail_msg("vio_init_conf: %s", err.msg);
	assert_false(vio_is_sync(q));
	return q;
}

static void req_at(struct vio_req *r, void *buf, unsigned int i)
{
	memset(r, 0, sizeof(*r));
	r->op = VIO_READ;
	r->buf = buf;
	r->len = 4096;
	r->off = (uint64_t)i * 4096;
	r->user = r;
}

/*
 * One I/O, one server: complete D after submission, never before. A wait
 * that ends before D finds nothing; one that ends after finds it. Judged
 * against the clock, not against a schedule the machine may not keep (a
 * stalled test thread sees the I/O due already).
 */
static void test_model_service(void **state)
{
	enum { D_US = 20000 };
	struct vvol *vv = open_vol(*state, "concat", 0);
	struct vio *q = model_queue(vv, D_US, 1, 4);
	static char buf[4096];
	struct vio_req r;
	struct timespec zero = { 0, 0 }, ms = { 0, 1000000 };
	uint64_t t0, t1;
	int n;

	req_at(&r, buf, 0);
	assert_int_equal(vio_queue(q, &r), 0);
	t0 = mono();
	assert_int_equal(vio_commit(q), 0);
	/* A poll and a 1 ms wait: nothing unless D has passed. */
	n = vio_getevents(q, 0, 1, &zero);
	t1 = mono();
	assert_true(n == 0 || t1 - t0 >= D_US * 1000ull);
	if (!n) {
		n = vio_getevents(q, 1, 1, &ms);
		t1 = mono();
		assert_true(n == 0 ? t1 - t0 >= 1000000 : t1 - t0 >= D_US * 1000ull);
	}
	if (!n)
		n = vio_getevents(q, 1, 1, NULL);
	t1 = mono();
	assert_int_equal(n, 1);
	assert_ptr_equal(vio_event(q, 0), &r);
	assert_int_equal(r.error, 0);
	assert_true(t1 - t0 >= D_US * 1000ull);
	vio_free(q);
	vvol_free(vv);
}

/* 3C I/Os at once into C servers: waves at D, 2D, 3D, in order. */
static void test_model_servers(void **state)
{
	enum { C = 2,
	       N = 3 * C,
	       D_US = 3000 };
	struct vvol *vv = open_vol(*state, "concat", 0);
	struct vio *q = model_queue(vv, D_US, C, N);
	static char buf[N][4096];
	struct vio_req r[N];
	uint64_t t0, at[N];
	unsigned int i, done = 0;

	/* Before the submission: the device's clock starts there, and a test
	 * thread descheduled after it would else see its waves "early". */
	t0 = mono();
	for (i = 0; i < N; i++) {
		req_at(&r[i], buf[i], i);
		assert_int_equal(vio_queue(q, &r[i]), 0);
	}
	assert_int_equal(vio_commit(q), 0);
	while (done < N) {
		int n = vio_getevents(q, 1, 1, NULL);

		assert_int_equal(n, 1);
		/* FIFO: completions in arrival order. */
		assert_ptr_equal(vio_event(q, 0), &r[done]);
		at[done++] = mono() - t0;
	}
	for (i = 0; i < N; i++) {
		uint64_t due = (uint64_t)(i / C + 1) * D_US * 1000;

		/* Never before its wave (how late it is seen is the machine's). */
		assert_true(at[i] >= due);
	}
	vio_free(q);
	vvol_free(vv);
}

/*
 * A closed loop of N I/Os on C servers of D: the servers never idle while
 * the loop keeps the device fed, so from the start to the last completion
 * X = C / D, and X x W = N (Little's law).
 *
 * What the test thread's own stalls may cost is bounded, not guessed: a
 * slot is empty from its I/O's completion until the commit after the
 * getevents that reaps it, so between two commits the empty slots are the
 * completions since the earlier getevents began, at most C per D, plus C.
 * A server idles only with N - C + 1 slots empty, which takes
 * (N - 2C) D / C = 62 ms (60 taken) after that getevents. Each gap from a
 * getevents' start to the next commit's end past those 60 ms may idle the
 * servers (a 2 s run lost 10 % to such stalls in a loaded CI); X must be
 * C / D over the rest of the window. The spans overlap (a stall inside one
 * loop lies in two), so their union is what is set aside.
 */
struct little {
	uint64_t done, window, starved; /* I/Os; ns; ns the loop may have starved */
	double w;			/* mean time in system, s */
};

static void little_run(struct vio *q, unsigned int n_io, unsigned int ios,
		       uint64_t slack_ns, struct little *out)
{
	enum { N_MAX = 64 };
	static char buf[N_MAX][4096];
	struct vio_req r[N_MAX];
	uint64_t t_start[N_MAX], t0, t_last = 0, sum = 0, nsum = 0, prev_p, covered = 0, from;
	bool refill[N_MAX] = { false };
	unsigned int i;

	assert_true(n_io <= N_MAX);
	memset(out, 0, sizeof(*out));
	for (i = 0; i < n_io; i++) {
		req_at(&r[i], buf[i], i);
		assert_int_equal(vio_queue(q, &r[i]), 0);
	}
	t0 = mono();
	for (i = 0; i < n_io; i++)
		t_start[i] = t0;
	assert_int_equal(vio_commit(q), 0);
	prev_p = t0;
	while (out->done < ios) {
		uint64_t p = mono(), now, b;
		int n = vio_getevents(q, 1, n_io, NULL), k;

		now = mono();
		assert_true(n >= 1);
		t_last = now;
		for (k = 0; k < n; k++) {
			struct vio_req *e = vio_event(q, (unsigned int)k);
			unsigned int s = (unsigned int)(e - r);

			/* W in steady state: the refills (the first N all started at 0). */
			if (refill[s]) {
				sum += now - t_start[s];
				nsum++;
			}
			out->done++;
			/* The slot refilled at once, as fio and the runner do. */
			t_start[s] = mono();
			refill[s] = true;
			assert_int_equal(vio_queue(q, e), 0);
		}
		assert_int_equal(vio_commit(q), 0);
		b = mono();
		/* [prev_p + slack, b] may be idle; the spans overlap, count once. */
		from = prev_p + slack_ns > covered ? prev_p + slack_ns : covered;
		if (b > from) {
			out->starved += b - from;
			covered = b;
		}
		prev_p = p;
	}
	/* A late look at a completion only lengthens the window (X lower). */
	out->window = t_last - t0;
	out->w = (double)sum / (double)nsum / 1e9;
}

/* What test_model_little holds, freed by its teardown when an assertion
 * jumps out (cmocka's longjmp), so that a failure is not also a leak. */
static struct vio *little_q;
static struct vvol *little_vv;

static int teardown_little(void **state)
{
	if (little_q)
		vio_free(little_q);
	if (little_vv)
		vvol_free(little_vv);
	little_q = NULL;
	little_vv = NULL;
	return teardown(state);
}

static void test_model_little(void **state)
{
	enum { N = 64,
	       C = 2,
	       D_US = 2000,
	       IOS = 2000 };
	struct vvol *vv = little_vv = open_vol(*state, "concat", 0);
	struct vio *q = little_q = model_queue(vv, D_US, C, N);
	const uint64_t slack = (uint64_t)(N - 2 * C - 2) * D_US * 1000 / C;
	struct little l;
	double x, x_fed;

	little_run(q, N, IOS, slack, &l);
	x = (double)l.done / ((double)l.window / 1e9);
	print_message("model C=%d D=%d us N=%d: X %.0f/s (C/D %.0f), W %.3f ms, "
		      "X*W %.3f; window %.3f s, the loop may have starved the device "
		      "%.3f s of it\n",
		      C, D_US, N, x, C * 1e6 / D_US, l.w * 1e3, x * l.w,
		      (double)l.window / 1e9, (double)l.starved / 1e9);
	/* The device cannot have done more than C per D since the start. */
	assert_true(x <= C * 1e6 / D_US * 1.01);
	assert_true(x * l.w > N * 0.98 && x * l.w < N * 1.02);
	if (l.window < l.starved + 500000000ull) {
		print_message("the device fed under 0.5 s of the %.3f s: X not judged\n",
			      (double)l.window / 1e9);
		skip();
	}
	/* Fed, the servers never idled: C per D, less the C in service at the end. */
	x_fed = (double)l.done / ((double)(l.window - l.starved) / 1e9);
	assert_true(x_fed >= C * 1e6 / D_US * 0.98);
	/* q and vv: freed by teardown_little */
}

static void test_model_refusals(void **state)
{
	struct vvol *vv = open_vol(*state, "concat", 0);
	struct backend_conf c = BACKEND_CONF_DEFAULT;
	struct fr_err err = { "" };
	struct vio *q;

	c.service_us = 100;
	assert_int_equal(vio_init_conf(&q, vv, "libaio", &c, 4, 4096, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "service_us: an option of backend=null's model device, which backend=libaio does not have"));
	assert_int_equal(beconf_check(&c, NULL, vv, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "backend=io_uring does not have"));
	c = BACKEND_CONF_DEFAULT;
	c.servers = 4;
	assert_int_equal(beconf_check(&c, "null", vv, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "servers=4: "));
	assert_non_null(strstr(err.msg, "give service_us=D"));
	c.service_us = 10;
	c.servers = BACKEND_MAX_SERVERS + 1;
	assert_int_equal(beconf_check(&c, "null", vv, &err), -EINVAL);
	/* service_us=0: null as ever, complete inside queue. */
	c = BACKEND_CONF_DEFAULT;
	assert_int_equal(vio_init_conf(&q, vv, "null", &c, 4, 4096, &err), 0);
	assert_true(vio_is_sync(q));
	vio_free(q);
	vvol_free(vv);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_model_service, setup_null, teardown),
		cmocka_unit_test_setup_teardown(test_model_servers, setup_null, teardown),
		cmocka_unit_test_setup_teardown(test_model_little, setup_null, teardown_little),
		cmocka_unit_test_setup_teardown(test_model_refusals, setup_null, teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
