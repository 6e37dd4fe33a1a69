/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: converter/points/ptkind.c through ptkind.h and pt_build(): a
 * job's block sizes from bs= (per direction, for the directions its rw=
 * does), bsrange= and bssplit= (a 0 % share never issued); a job whose
 * sizes span small and large (bssplit=4k/50:1m/50, bsrange=4k-1m, a 4k
 * read and 1m write bs=) is refused naming the job, its option and the
 * sizes, one within a class is taken; small jobs of 4 KiB in one file and
 * 8 KiB in another are refused naming both sizes and files, and
 * -size_small 4k keeps the 4 KiB ones, counting the one left out.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "conv_fixture.h"
#include "ptkind.h"

/* A fio 3.x job: @ios I/Os of @bs bytes, its options @opts (JSON members). */
static char *job(const char *name, int gid, const char *opts, unsigned int bs, long ios)
{
	char *s;

	if (asprintf(&s,
		     "{\"jobname\": \"%s\", \"groupid\": %d, \"error\": 0, \"job options\": {%s}, "
		     "\"read\": {\"io_bytes\": %ld, \"io_kbytes\": %ld, \"runtime\": 1000, \"total_ios\": %ld, \"iops\": 0, "
		     "\"lat_ns\": {\"min\": 1, \"max\": 9, \"mean\": 5, \"stddev\": 0, \"N\": %ld}}, "
		     "\"write\": {\"io_bytes\": 0, \"io_kbytes\": 0, \"runtime\": 0, \"total_ios\": 0, \"iops\": 0}}",
		     name, gid, opts, ios * bs, ios * bs / 1024, ios, ios) < 0)
		abort();
	return s;
}

/* The sizes of one job with options @opts. */
static bool sizes(const char *opts, uint64_t *lo, uint64_t *hi)
{
	struct fj_set set;
	char *j = job("x", 0, opts, 4096, 10);
	bool any;

	cf_read(&set, "t.json", cf_doc("jobs", &j, 1, NULL));
	any = pk_job_sizes(&set.jobs[0], lo, hi);
	fj_set_release(&set);
	return any;
}

static void test_sizes(void **state)
{
	uint64_t lo, hi;

	(void)state;
	assert_false(sizes("\"rw\": \"randread\"", &lo, &hi));
	assert_true(sizes("\"bs\": \"8k\"", &lo, &hi));
	assert_int_equal(lo, 8192);
	assert_int_equal(hi, 8192);
	/* bs per direction: a read job issues only its read size. */
	assert_true(sizes("\"rw\": \"randread\", \"bs\": \"4k,1m\"", &lo, &hi));
	assert_int_equal(hi, 4096);
	assert_true(sizes("\"rw\": \"randrw\", \"bs\": \"4k,1m\"", &lo, &hi));
	assert_int_equal(lo, 4096);
	assert_int_equal(hi, 1 << 20);
	assert_true(sizes("\"rw\": \"write\", \"bs\": \"4k,1m\"", &lo, &hi));
	assert_int_equal(lo, 1 << 20);
	assert_true(sizes("\"bsrange\": \"4k-64k\"", &lo, &hi));
	assert_int_equal(lo, 4096);
	assert_int_equal(hi, 65536);
	assert_true(sizes("\"bssplit\": \"4k/50:1m/50\"", &lo, &hi));
	assert_int_equal(lo, 4096);
	assert_int_equal(hi, 1 << 20);
	/* A 0 % share is never issued; a size with no share takes the rest. */
	assert_true(sizes("\"bssplit\": \"4k/0:8k/50:16k\"", &lo, &hi));
	assert_int_equal(lo, 8192);
	assert_int_equal(hi, 16384);
}

/* pt_build() of one file's @n jobs; its answer, @err its words. */
static int build(char **jobs, int n, uint64_t size_small, size_t *nsized, struct fr_err *err)
{
	struct fj_set set;
	struct pt_set pts;
	struct pt_opts po;
	int ret;

	cf_read(&set, "t.json", cf_doc("jobs", jobs, n, NULL));
	pt_opts_init(&po);
	po.size_small = size_small;
	ret = pt_build(&pts, &set, &po, err);
	if (!ret)
		*nsized = pts.nsized;
	pt_set_release(&pts);
	fj_set_release(&set);
	return ret;
}

static void test_span_refused(void **state)
{
	static const char *const spans[] = {
		"\"bssplit\": \"4k/50:1m/50\"",
		"\"bsrange\": \"4k-1m\"",
		"\"rw\": \"randrw\", \"bs\": \"4k,1m\"",
	};
	struct fr_err err = { "" };
	size_t k, nsized;
	char *j;

	(void)state;
	for (k = 0; k < sizeof(spans) / sizeof(spans[0]); k++) {
		j = job("mixed", 3, spans[k], 8192, 100);
		assert_int_equal(build(&j, 1, 0, &nsized, &err), -EINVAL);
		assert_non_null(strstr(err.msg, "job 'mixed' (group 3, t.json)"));
		assert_non_null(strstr(err.msg, "span small and large"));
		assert_non_null(strstr(err.msg, "4 KiB to 1 MiB"));
	}
	assert_non_null(strstr(err.msg, "bs=4k,1m"));
	/* Within one class: taken. */
	j = job("small", 0, "\"bssplit\": \"4k/50:8k/50\"", 6144, 100);
	assert_int_equal(build(&j, 1, 0, &nsized, &err), 0);
}

/* Two files, small jobs of 4 KiB and of 8 KiB. */
static int two_files(uint64_t size_small, size_t *nsized, size_t *npts, struct fr_err *err)
{
	struct fj_set set = { 0 };
	struct pt_set pts;
	struct pt_opts po;
	char *a = job("four", 0, "\"bs\": \"4k\"", 4096, 100);
	char *b = job("eight", 0, "\"bs\": \"8k\", \"iodepth\": \"2\"", 8192, 100);
	char *da = cf_doc("jobs", &a, 1, NULL), *db = cf_doc("jobs", &b, 1, NULL);
	int ret;

	assert_int_equal(fj_read_buffer(&set, "a.json", da, strlen(da), err), 0);
	assert_int_equal(fj_read_buffer(&set, "b.json", db, strlen(db), err), 0);
	free(da);
	free(db);
	pt_opts_init(&po);
	po.size_small = size_small;
	ret = pt_build(&pts, &set, &po, err);
	if (!ret) {
		*nsized = pts.nsized;
		*npts = pts.n;
		assert_int_equal(pts.pts[0].small.avg_bs, size_small);
	}
	pt_set_release(&pts);
	fj_set_release(&set);
	return ret;
}

static void test_sizes_differ(void **state)
{
	struct fr_err err = { "" };
	size_t nsized = 0, npts = 0;

	(void)state;
	assert_int_equal(two_files(0, &nsized, &npts, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "small jobs have different block sizes"));
	assert_non_null(strstr(err.msg, "4 KiB (job 'four', group 0, a.json)"));
	assert_non_null(strstr(err.msg, "8 KiB (job 'eight', group 0, b.json)"));
	assert_non_null(strstr(err.msg, "-size_small"));
	assert_int_equal(two_files(4096, &nsized, &npts, &err), 0);
	assert_int_equal(nsized, 1);
	assert_int_equal(npts, 1);
	assert_int_equal(two_files(8192, &nsized, &npts, &err), 0);
	assert_int_equal(nsized, 1);
	/* No job of the size asked: nothing measured. */
	assert_int_equal(two_files(16384, &nsized, &npts, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "no measured jobs"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sizes),
		cmocka_unit_test(test_span_refused),
		cmocka_unit_test(test_sizes_differ),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
