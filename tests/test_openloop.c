/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: the built-in runner's open loop (driver/runner/openloop.c)
 * and fio's rate options in its job parser. The schedule is fio's:
 * linear puts the k-th I/O at k x bs / bps exactly (rate in bytes wins
 * over rate_iops), poisson draws exponential gaps (mean = 1 / rate
 * within 3 standard errors, coefficient of variation 1, the first at 0)
 * and the same gaps again with randrepeat; two rated directions merge by
 * time and each keeps its own rate. rate_iops=R applies to both
 * directions, R, to reads only, ,W to writes only; a job that reads and
 * writes with one direction rated, or a bad rate_process, is refused
 * naming the option. On backend=null with service_us, a rated run writes
 * fiorion_response_ns (lat_ns's shape, with percentiles and bins) and
 * fiorion_openloop; response >= service for every percentile; an
 * unrated run writes neither.
 */
#include "testutil.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <inttypes.h>
#include <jansson.h>
#include <math.h>

#include "jobparse.h"
#include "openloop.h"
#include "runner.h"

static void parse(struct jp_file *f, const char *opts)
{
	struct fr_err err = { "" };
	char *text;

	assert_true(asprintf(&text,
			     "[j]\nioengine=external:fiorion-engine.so\nluns=/nonexistent\n"
			     "bs=4k\n%s\n",
			     opts) > 0);
	if (jp_parse_buffer(f, "t.fio", text, &err))
		fail_msg("jp_parse_buffer: %s", err.msg);
	free(text);
}

static void refused(const char *opts, const char *want)
{
	struct jp_file f = { 0 };
	struct fr_err err = { "" };
	char *text;

	assert_true(asprintf(&text, "[j]\nioengine=external:x.so\nluns=/x\nbs=4k\n%s\n", opts) > 0);
	assert_int_equal(jp_parse_buffer(&f, "t.fio", text, &err), -EINVAL);
	if (!strstr(err.msg, want))
		fail_msg("'%s': got '%s', want '%s'", opts, err.msg, want);
	jp_release(&f);
	free(text);
}

static void test_rate_options(void **state)
{
	struct jp_file f = { 0 };
	double t[2];

	(void)state;
	parse(&f, "rw=randrw\nrate_iops=100");
	ol_targets(&f.jobs[0], t);
	assert_true(t[0] == 100 && t[1] == 100);
	assert_false(f.jobs[0].rate_poisson);
	jp_release(&f);
	parse(&f, "rw=randread\nrate_iops=250,\nrate_process=poisson");
	ol_targets(&f.jobs[0], t);
	assert_true(t[0] == 250 && t[1] == 0);
	assert_true(f.jobs[0].rate_poisson);
	assert_true(jp_rated(&f.jobs[0]));
	jp_release(&f);
	/* Bytes win over I/Os: 1 MiB/s of 4 KiB is 256 I/Os a second. */
	parse(&f, "rw=randwrite\nrate=,1m\nrate_iops=,10");
	ol_targets(&f.jobs[0], t);
	assert_true(t[0] == 0 && t[1] == 256);
	jp_release(&f);
	/* A rate for a direction the job does not do: fio ignores it. */
	parse(&f, "rw=randread\nrate_iops=,50");
	assert_false(jp_rated(&f.jobs[0]));
	jp_release(&f);
	parse(&f, "rw=randread\nrate_ignore_thinktime=1");
	assert_false(jp_rated(&f.jobs[0]));
	jp_release(&f);
	refused("rw=randrw\nrate_iops=100,", "reads and writes but its rate (rate=, rate_iops=) limits only its reads");
	refused("rw=randread\nrate_process=exponential", "rate_process=exponential: give linear (fixed gaps) or poisson");
	refused("rw=randread\nrate_iops=1,2,3,4", "rate_iops=1,2,3,4: give I/Os per second");
	refused("rw=randread\nrate_iops=x", "rate_iops=x:");
	refused("rw=randread\nrate_min=1m", "option 'rate_min' is not supported by fiorion's built-in runner");
	refused("rw=randread\nrate_iops_min=10", "option 'rate_iops_min' is not supported");
	refused("rw=randread\nrate_cycle=1000", "option 'rate_cycle' is not supported");
}

static struct ol_state *sched(const char *opts, unsigned int clone)
{
	struct jp_file f = { 0 };
	struct ol_state *s;
	bool nomem;

	parse(&f, opts);
	s = ol_new(&f.jobs[0], clone, &nomem);
	assert_non_null(s);
	jp_release(&f);
	return s;
}

static void test_linear(void **state)
{
	struct ol_state *s = sched("rw=randread\nrate_iops=3000", 0);
	uint64_t at;
	unsigned int k;

	(void)state;
	for (k = 0; k < 10000; k++) {
		assert_int_equal(ol_next(s, &at), 0);
		/* fio: bytes * 1e6 / bps, here in ns: k / 3000 s, truncated. */
		assert_int_equal(at, (uint64_t)k * 1000000000ull / 3000);
		ol_advance(s, 0);
	}
	free(s);
	/* 1 MiB/s of 4 KiB: 3.90625 ms apart. */
	s = sched("rw=randread\nrate=1m", 0);
	for (k = 0; k < 5; k++) {
		assert_int_equal(ol_next(s, &at), 0);
		assert_int_equal(at, (uint64_t)k * 3906250);
		ol_advance(s, 0);
	}
	free(s);
}

/* Gaps of a poisson schedule: their mean and coefficient of variation. */
static void gaps(struct ol_state *s, unsigned int n, double *mean, double *cv, uint64_t *first)
{
	double sum = 0, sq = 0, prev = 0;
	uint64_t at;
	unsigned int k;

	for (k = 0; k <= n; k++) {
		ol_next(s, &at);
		if (!k)
			*first = at;
		else {
			double g = (double)at - prev;

			sum += g;
			sq += g * g;
		}
		prev = (double)at;
		ol_advance(s, 0);
	}
	*mean = sum / n;
	*cv = sqrt(sq / n - *mean * *mean) / *mean;
}

static void test_poisson(void **state)
{
	const unsigned int n = 200000;
	struct ol_state *a = sched("rw=randread\nrate_iops=800\nrate_process=poisson", 0);
	struct ol_state *b = sched("rw=randread\nrate_iops=800\nrate_process=poisson", 0);
	struct ol_state *c = sched("rw=randread\nrate_iops=800\nrate_process=poisson", 1);
	double mean, cv, mean_b, cv_b, mean_c, cv_c, want = 1e9 / 800;
	uint64_t first;

	(void)state;
	gaps(a, n, &mean, &cv, &first);
	assert_int_equal(first, 0);
	/* Exponential: sd = mean, so the mean of n gaps is within 3 mean / sqrt(n). */
	assert_true(fabs(mean - want) < 3 * want / sqrt(n));
	assert_true(fabs(cv - 1) < 0.02);
	/* randrepeat: the same gaps; another clone: others. */
	gaps(b, n, &mean_b, &cv_b, &first);
	gaps(c, n, &mean_c, &cv_c, &first);
	assert_true(mean_b == mean && cv_b == cv);
	assert_true(mean_c != mean);
	free(a);
	free(b);
	free(c);
}

/* Two rated directions: merged in time, each at its own rate. */
static void test_two_directions(void **state)
{
	struct ol_state *s = sched("rw=randrw\nrate_iops=300,100", 0);
	uint64_t at, prev = 0, n[2] = { 0, 0 };
	unsigned int k;

	(void)state;
	for (k = 0; k < 4000; k++) {
		int d = ol_next(s, &at);

		assert_true(at >= prev);
		prev = at;
		n[d]++;
		ol_advance(s, d);
	}
	/* In 1e9 x 4000 / 400 ns: 3000 reads, 1000 writes (one either way). */
	assert_true(n[0] >= 2999 && n[0] <= 3001);
	assert_true(n[1] >= 999 && n[1] <= 1001);
	free(s);
}

static json_t *run_json(const char *dir, const char *lun, const char *opts)
{
	struct rn_opts o = { .stuck_s = 30 };
	struct fr_err err = { "" };
	struct jp_file f = { 0 };
	bool refusd = true;
	char *json = NULL, *text;
	size_t len = 0;
	FILE *out = open_memstream(&json, &len);
	json_t *root;

	(void)dir;
	assert_true(asprintf(&text,
			     "[j]\nioengine=external:fiorion-engine.so\nbackend=null\nluns=%s\n"
			     "rw=randread\nbs=4k\ntime_based\nruntime=300ms\n%s\n",
			     lun, opts) > 0);
	if (jp_parse_buffer(&f, "t.fio", text, &err))
		fail_msg("jp_parse_buffer: %s", err.msg);
	if (rn_run(&f, &o, out, &refusd, &err))
		fail_msg("rn_run: %s", err.msg);
	fclose(out);
	root = json_loads(json, 0, NULL);
	assert_non_null(root);
	free(json);
	free(text);
	jp_release(&f);
	return root;
}

static void test_runner_json(void **state)
{
	char *dir = tu_mkdtemp(), *lun = tu_file(dir, "lun", 1 << 20, 0x5a);
	json_t *root, *job, *rd, *resp, *lat, *ol;
	const char *k;
	json_t *v;

	(void)state;
	root = run_json(dir, lun, "service_us=200\niodepth=4\nrate_iops=1000\nrate_process=poisson");
	job = json_array_get(json_object_get(root, "jobs"), 0);
	rd = json_object_get(job, "read");
	resp = json_object_get(rd, "fiorion_response_ns");
	lat = json_object_get(rd, "lat_ns");
	assert_non_null(resp);
	assert_true(json_integer_value(json_object_get(resp, "N")) == json_integer_value(json_object_get(rd, "total_ios")));
	assert_true(json_integer_value(json_object_get(resp, "N")) > 100);
	assert_non_null(json_object_get(resp, "percentile"));
	assert_non_null(json_object_get(resp, "bins"));
	assert_non_null(json_object_get(resp, "stddev"));
	/* Response counts from the arrival, service from the start: never less. */
	assert_true(json_real_value(json_object_get(resp, "mean")) >= json_real_value(json_object_get(lat, "mean")));
	assert_true(json_integer_value(json_object_get(resp, "min")) >= 200000);
	json_object_foreach(json_object_get(json_object_get(rd, "clat_ns"), "percentile"), k, v) {
		json_t *r = json_object_get(json_object_get(resp, "percentile"), k);

		assert_non_null(r);
		assert_true(json_integer_value(r) >= json_integer_value(v));
	}
	assert_non_null(json_object_get(json_object_get(job, "write"), "fiorion_response_ns"));
	ol = json_object_get(job, "fiorion_openloop");
	assert_non_null(ol);
	assert_string_equal(json_string_value(json_object_get(ol, "arrival")), "poisson");
	assert_int_equal(json_integer_value(json_array_get(json_object_get(ol, "rate_iops"), 0)), 1000);
	assert_int_equal(json_integer_value(json_array_get(json_object_get(ol, "rate_iops"), 1)), 0);
	assert_int_equal(json_integer_value(json_object_get(ol, "depth_cap")), 4);
	assert_non_null(json_object_get(ol, "slot_waits"));
	assert_non_null(json_object_get(ol, "late_p99_ns"));
	assert_non_null(json_object_get(ol, "sched_err_p99_ns"));
	/* 300 ms at 1000 a second: about 300 arrivals (poisson: +-3 sd = 52). */
	assert_true(json_integer_value(json_object_get(ol, "arrivals")) > 248 &&
		    json_integer_value(json_object_get(ol, "arrivals")) < 352);
	/* Started or not (a runner stalled at the end starts fewer). */
	assert_true(json_integer_value(json_object_get(ol, "arrivals")) >=
		    json_integer_value(json_object_get(rd, "total_ios")));
	json_decref(root);

	/* Depth 1, service 2 ms, 1000 a second: the device cannot keep up, slots are waited for. */
	root = run_json(dir, lun, "service_us=2000\niodepth=1\nrate_iops=1000");
	job = json_array_get(json_object_get(root, "jobs"), 0);
	ol = json_object_get(job, "fiorion_openloop");
	assert_string_equal(json_string_value(json_object_get(ol, "arrival")), "uniform");
	assert_true(json_integer_value(json_object_get(ol, "slot_waits")) > 50);
	/* The schedule's 300 arrivals, of which the device could serve about 150. */
	assert_int_equal(json_integer_value(json_object_get(ol, "arrivals")), 300);
	rd = json_object_get(job, "read");
	/* Service stays 2 ms; the response grows with the backlog. */
	assert_true(json_real_value(json_object_get(json_object_get(rd, "fiorion_response_ns"), "mean")) >
		    2 * json_real_value(json_object_get(json_object_get(rd, "lat_ns"), "mean")));
	json_decref(root);

	/* Unrated: neither key. */
	root = run_json(dir, lun, "iodepth=2");
	job = json_array_get(json_object_get(root, "jobs"), 0);
	assert_null(json_object_get(job, "fiorion_openloop"));
	assert_null(json_object_get(json_object_get(job, "read"), "fiorion_response_ns"));
	json_decref(root);
	free(lun);
	tu_rmtree(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_rate_options),
		cmocka_unit_test(test_linear),
		cmocka_unit_test(test_poisson),
		cmocka_unit_test(test_two_directions),
		cmocka_unit_test(test_runner_json),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
