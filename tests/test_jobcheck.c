/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: which jobs of fio's JSON are data points (jobcheck.c)
 * and the job counts fiojson takes: a job with fio's error 5 is refused
 * whether or not it did I/O, naming the error and the I/Os; a
 * time_based job 1335 ms into a 4000 ms runtime is cut, one 20 ms short
 * of it is not (fio's slack), nor one ended early by steady state or
 * exitall, nor any job when the runtime is not known to be the
 * measurement's (whole=false); numjobs "-1", "0", "4097" and
 * "18446744073709551615", an iodepth of 2^21 and an iodepth_level key of
 * 10^23 are refused as counts fio does not take; runtime units.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fiojson.h"
#include "jobcheck.h"

/*
 * Read one fio document with job options @opts (JSON members), @extra
 * members of the job and @runtime_ms; returns fj_read_file()'s answer.
 */
static int read_doc(struct fj_set *set, const char *opts, const char *extra,
		    unsigned int runtime_ms, struct fr_err *err)
{
	char path[] = "/tmp/fiorion-jobcheck.XXXXXX";
	int fd = mkstemp(path), ret;
	FILE *f;

	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	assert_non_null(f);
	fprintf(f, "{\"fio version\": \"fio-3.36\", \"jobs\": [{\"jobname\": \"p001-s1-l0-small\", "
		   "\"groupid\": 0, \"error\": 0, \"job options\": {%s}, %s%s"
		   "\"job_runtime\": %u, \"read\": {\"io_bytes\": 8192000, \"total_ios\": 1000, "
		   "\"runtime\": %u, \"iops\": 250}, \"write\": {\"io_bytes\": 0, \"total_ios\": 0, "
		   "\"runtime\": 0, \"iops\": 0}}]}\n",
		opts, extra, *extra ? ", " : "", runtime_ms, runtime_ms);
	fclose(f);
	memset(set, 0, sizeof(*set));
	ret = fj_read_file(set, path, err);
	unlink(path);
	return ret;
}

static void test_failed_job(void **state)
{
	struct fj_set set;
	struct fr_err err = { "" };

	(void)state;
	assert_int_equal(read_doc(&set, "\"rw\": \"randread\"", "", 52, &err), 0);
	set.jobs[0].error = 5;
	assert_int_equal(jc_job_measured(&set.jobs[0], false, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "job 'p001-s1-l0-small' failed in fio (error 5: input/output error) after 1000 I/Os in 52 ms"));
	set.jobs[0].dir[0].ios = 0;
	assert_int_equal(jc_job_measured(&set.jobs[0], true, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "and did no I/O"));
	fj_set_release(&set);
}

static void test_cut_job(void **state)
{
	const char *o = "\"rw\": \"randread\", \"time_based\": \"1\", \"runtime\": \"4\"";
	struct fj_set set;
	struct fr_err err = { "" };

	(void)state;
	assert_int_equal(read_doc(&set, o, "", 1335, &err), 0);
	assert_int_equal(set.jobs[0].runtime_planned_ms, 4000);
	assert_true(jc_job_cut(&set.jobs[0]));
	assert_int_equal(jc_job_measured(&set.jobs[0], true, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "ran 1335 ms of its planned 4000 ms"));
	/* fio's own results from elsewhere are taken as they are. */
	assert_int_equal(jc_job_measured(&set.jobs[0], false, &err), 0);
	fj_set_release(&set);
	/* Within fio's slack. */
	assert_int_equal(read_doc(&set, o, "", 3980, &err), 0);
	assert_int_equal(jc_job_measured(&set.jobs[0], true, &err), 0);
	fj_set_release(&set);
	/* Meant to end early. */
	assert_int_equal(read_doc(&set, "\"rw\": \"randread\", \"time_based\": \"1\", \"runtime\": \"4\", \"exitall\": \"1\"",
				  "", 1335, &err),
			 0);
	assert_int_equal(jc_job_measured(&set.jobs[0], true, &err), 0);
	fj_set_release(&set);
	assert_int_equal(read_doc(&set, o, "", 1335, &err), 0);
	set.jobs[0].ss.present = set.jobs[0].ss.attained = true;
	assert_int_equal(jc_job_measured(&set.jobs[0], true, &err), 0);
	fj_set_release(&set);
	/* Not time_based: a size-bounded job ends when its size is done. */
	assert_int_equal(read_doc(&set, "\"rw\": \"read\", \"runtime\": \"4\"", "", 1335, &err), 0);
	assert_int_equal(jc_job_measured(&set.jobs[0], true, &err), 0);
	fj_set_release(&set);
}

static void test_runtime_units(void **state)
{
	static const struct {
		const char *v;
		uint64_t ms;
	} c[] = {
		{ "4", 4000 },
		{ "4s", 4000 },
		{ "1500ms", 1500 },
		{ "2m", 120000 },
		{ "3000000us", 3000 },
		{ "1h", 3600000 },
		{ "soon", 0 },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(c) / sizeof(c[0]); i++) {
		char o[128];
		struct fj_set set;
		struct fr_err err = { "" };

		snprintf(o, sizeof(o), "\"time_based\": \"1\", \"runtime\": \"%s\"", c[i].v);
		assert_int_equal(read_doc(&set, o, "", 1000, &err), 0);
		assert_int_equal(set.jobs[0].runtime_planned_ms, c[i].ms);
		fj_set_release(&set);
	}
}

static void test_impossible_counts(void **state)
{
	static const char *const bad[] = { "-1", "0", "4097", "18446744073709551615", "1e3", "" };
	struct fj_set set;
	struct fr_err err = { "" };
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char o[128];

		snprintf(o, sizeof(o), "\"numjobs\": \"%s\"", bad[i]);
		if (read_doc(&set, o, "", 1000, &err) != -EINVAL)
			fail_msg("numjobs '%s': %s", bad[i], err.msg);
		assert_non_null(strstr(err.msg, "job 'p001-s1-l0-small': numjobs = "));
		assert_non_null(strstr(err.msg, ": not a job count fio takes (1 .. 4096)"));
		fj_set_release(&set);
	}
	assert_int_equal(read_doc(&set, "\"numjobs\": \"4096\"", "", 1000, &err), 0);
	assert_int_equal(set.jobs[0].numjobs, 4096);
	fj_set_release(&set);
	assert_int_equal(read_doc(&set, "\"iodepth\": \"2097152\"", "", 1000, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "job 'p001-s1-l0-small': its iodepth (option or iodepth_level) is not a depth fio takes (1 .. 1048576)"));
	fj_set_release(&set);
	assert_int_equal(read_doc(&set, "\"rw\": \"read\"",
				  "\"iodepth_level\": {\"1\": 0.5, \"100000000000000000000000\": 99.5}",
				  1000, &err),
			 -EINVAL);
	fj_set_release(&set);
	assert_int_equal(read_doc(&set, "\"rw\": \"read\"",
				  "\"iodepth_level\": {\"1\": 0.5, \">=64\": 99.5}", 1000, &err),
			 0);
	assert_int_equal(set.jobs[0].iodepth, 64);
	fj_set_release(&set);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_failed_job),
		cmocka_unit_test(test_cut_job),
		cmocka_unit_test(test_runtime_units),
		cmocka_unit_test(test_impossible_counts),
	};

	return cmocka_run_group_tests_name("jobcheck", tests, NULL, NULL);
}
