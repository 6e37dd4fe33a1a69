/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: fio2orion -export benchfio (converter/export/export_benchfio.c):
 * each point's small and large class, and each rw of it, in its own
 * file at bench-fio's path (series, mixed-mode folder, bs, mode-iodepth-
 * numjobs), with the input's fio version and global options; warm-up
 * and "All clients" left out; text before the JSON and concatenated
 * documents read as fio writes them; jobs without fiorion's names, two
 * points on one path and a different file in the way refused with
 * nothing written; the same export again kept.
 */
#include "testutil.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <jansson.h>
#include <sys/stat.h>

#include "export_benchfio.h"

#define JOB(name, rw, extra) \
	"{\"jobname\": \"" name "\", \"job options\": {\"rw\": \"" rw "\", " extra "}, " \
	"\"read\": {\"iops\": 10.0}, \"write\": {\"iops\": 0.0}}"

static const char doc[] =
	"fio: a warning line before the JSON\n"
	"{\"fio version\": \"fio-3.33\", \"jobs\": []}\n"
	"{\n\"fio version\": \"fio-3.33\", \"timestamp\": 1764590000,\n"
	"\"global options\": {\"ioengine\": \"external:/e.so\", \"direct\": \"1\"},\n"
	"\"jobs\": [\n" JOB("p001-s2-l0-small", "randread", "\"bs\": \"8k\", \"iodepth\": \"2\", \"numjobs\": \"1\"") ",\n" JOB("p002-s0-l2-warm", "randread", "\"bs\": \"1024k\", \"iodepth\": \"8\", \"numjobs\": \"1\"") ",\n" JOB("p002-s0-l2-large", "read", "\"bs\": \"1024k\", \"iodepth\": \"4\", \"numjobs\": \"1\"") ",\n" JOB("p002-s0-l2-large", "write", "\"bs\": \"1024k\", \"iodepth\": \"4\", \"numjobs\": \"1\"") ",\n" JOB("p003-s1-l2-small", "randrw", "\"bs\": \"8k\", \"iodepth\": \"1\", \"numjobs\": \"1\", \"rwmixwrite\": \"30\"") ",\n" JOB("p003-s1-l2-large", "read", "\"bs\": \"1024k\", \"iodepth\": \"4\", \"numjobs\": \"2\"") ",\n" JOB("p003-s1-l2-large", "read", "\"bs\": \"1024k\", \"iodepth\": \"4\", \"numjobs\": \"2\"") ",\n"
																																																																																												   "{\"jobname\": \"All clients\"}\n"
																																																																																												   "]}\n";

static json_t *load(const char *dir, const char *rel)
{
	char *p = tu_path(dir, rel);
	json_error_t je;
	json_t *j = json_load_file(p, 0, &je);

	if (!j)
		fail_msg("%s: %s", p, je.text);
	free(p);
	return j;
}

static void test_benchfio_layout(void **state)
{
	char *dir = tu_mkdtemp(), *in = tu_text(dir, "in.json", "%s", doc), *out = tu_path(dir, "out");
	struct fr_err err = { "" };
	json_t *j;

	(void)state;
	assert_int_equal(xb_export(out, "db", &in, 1, &err), 5);
	j = load(out, "db-small/8k/randread-2-1.json");
	assert_string_equal(json_string_value(json_object_get(j, "fio version")), "fio-3.33");
	assert_string_equal(json_string_value(json_object_get(json_object_get(j, "global options"), "direct")), "1");
	assert_int_equal(json_integer_value(json_object_get(json_object_get(j, "fiorion export"), "point")), 1);
	assert_int_equal(json_array_size(json_object_get(j, "jobs")), 1);
	json_decref(j);
	/* A sequential point's read and write streams apart; no warm-up job. */
	j = load(out, "db-large/1024k/read-4-1.json");
	assert_int_equal(json_array_size(json_object_get(j, "jobs")), 1);
	json_decref(j);
	j = load(out, "db-large/1024k/write-4-1.json");
	assert_string_equal(json_string_value(json_object_get(json_array_get(json_object_get(j, "jobs"), 0), "jobname")),
			    "p002-s0-l2-large");
	json_decref(j);
	/* The mixed class in bench-fio's <mode><read%> folder, under the other load. */
	j = load(out, "db-small-with-large2/randrw70/8k/randrw-1-1.json");
	json_decref(j);
	/* numjobs clones, each its own job entry, in one file. */
	j = load(out, "db-large-with-small1/1024k/read-4-2.json");
	assert_int_equal(json_array_size(json_object_get(j, "jobs")), 2);
	assert_string_equal(json_string_value(json_object_get(json_object_get(j, "fiorion export"), "class")), "large");
	json_decref(j);
	/* The same export again: the files are kept. */
	assert_int_equal(xb_export(out, "db", &in, 1, &err), 5);
	free(in);
	free(out);
	tu_rmtree(dir);
}

static void test_benchfio_refusals(void **state)
{
	char *dir = tu_mkdtemp(), *in = tu_text(dir, "in.json", "%s", doc), *out = tu_path(dir, "out");
	char *files[2], *plain, *p;
	struct fr_err err = { "" };
	struct stat st;

	(void)state;
	plain = tu_text(dir, "plain.json", "{\"fio version\": \"fio-3.33\", \"jobs\": [%s]}\n",
			JOB("seqread", "read", "\"bs\": \"4k\""));
	assert_int_equal(xb_export(out, "db", &plain, 1, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "job 'seqread' is not one of fiorion's points"));
	assert_int_not_equal(stat(out, &st), 0);
	/* Two inputs whose points land on one path: refused, nothing written. */
	p = tu_text(dir, "again.json", "{\"fio version\": \"fio-3.33\", \"jobs\": [%s]}\n",
		    JOB("p009-s2-l0-small", "randread", "\"bs\": \"8k\", \"iodepth\": \"2\", \"numjobs\": \"1\""));
	files[0] = in;
	files[1] = p;
	assert_int_equal(xb_export(out, "db", files, 2, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "points 1 and 9 would both be"));
	assert_int_not_equal(stat(out, &st), 0);
	/* A different file in the way: refused before anything is written. */
	assert_int_equal(mkdir(out, 0755), 0);
	free(p);
	p = tu_path(dir, "out/db-small");
	assert_int_equal(mkdir(p, 0755), 0);
	free(p);
	p = tu_path(dir, "out/db-small/8k");
	assert_int_equal(mkdir(p, 0755), 0);
	free(p);
	p = tu_text(dir, "out/db-small/8k/randread-2-1.json", "{}\n");
	assert_int_equal(xb_export(out, "db", &in, 1, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "randread-2-1.json' exists and is not this export's"));
	free(p);
	p = tu_path(dir, "out/db-large");
	assert_int_not_equal(stat(p, &st), 0);
	free(p);
	assert_int_equal(xb_export(out, "../x", &in, 1, &err), -EINVAL);
	free(plain);
	free(in);
	free(out);
	tu_rmtree(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_benchfio_layout),
		cmocka_unit_test(test_benchfio_refusals),
	};

	return cmocka_run_group_tests_name("benchfio", tests, NULL, NULL);
}
