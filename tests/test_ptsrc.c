/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: converter/points/ptsrc.c and export_run.c: every point names the
 * jobs it was made of. Two fio groups of one file (a small randread job,
 * numjobs 2 with group_reporting, libaio, iodepth 4; a large read job,
 * psync) give two points, each naming its file, group, job, rw, bs,
 * iodepth and numjobs and ioengine in -format json's "sources" and in
 * points.csv's columns, and the trace names the jobs; -merge mean of two
 * groups at one load names both groups' jobs; a warm-up job is never a
 * source; the document carries schema_version 2 and the run's inputs.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "conv_fixture.h"
#include "export_json.h"
#include "export_run.h"
#include "infer.h"
#include "points_csv.h"
#include "ptsrc.h"

static char *job(const char *name, int gid, const char *opts, unsigned int bs)
{
	char *s;

	if (asprintf(&s,
		     "{\"jobname\": \"%s\", \"groupid\": %d, \"error\": 0, \"job options\": {%s}, "
		     "\"read\": {\"io_bytes\": %u, \"io_kbytes\": %u, \"runtime\": 1000, \"total_ios\": 1000, \"iops\": 0, "
		     "\"lat_ns\": {\"min\": 1, \"max\": 9, \"mean\": 5, \"stddev\": 0, \"N\": 1000}}, "
		     "\"write\": {\"io_bytes\": 0, \"io_kbytes\": 0, \"runtime\": 0, \"total_ios\": 0, \"iops\": 0}}",
		     name, gid, opts, 1000 * bs, bs) < 0)
		abort();
	return s;
}

/* @f's text (a memstream) after @write. */
static char *text(void (*write)(FILE *, const struct pt_set *, const void *), const struct pt_set *pts,
		  const void *arg)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	write(f, pts, arg);
	fclose(f);
	return buf;
}

static void csv(FILE *f, const struct pt_set *pts, const void *arg)
{
	(void)arg;
	pc_write(f, pts);
}

static void trace(FILE *f, const struct pt_set *pts, const void *arg)
{
	ps_trace(f, pts, arg);
}

static void test_sources(void **state)
{
	struct fj_set set;
	struct pt_set pts;
	json_t *a, *o;
	char *j[3], *s;

	(void)state;
	j[0] = job("db", 0,
		   "\"rw\": \"randread\", \"bs\": \"8k\", \"iodepth\": \"4\", \"numjobs\": \"2\", \"ioengine\": \"libaio\"",
		   8192);
	j[1] = job("scan", 1, "\"rw\": \"read\", \"bs\": \"1m\", \"ioengine\": \"psync\"", 1 << 20);
	j[2] = job("db2", 2, "\"rw\": \"randread\", \"bs\": \"8k\", \"iodepth\": \"8\", \"ioengine\": \"libaio\"",
		   8192);
	cf_read(&set, "run.json", cf_doc("jobs", j, 3, NULL));
	cf_points(&pts, &set, PT_MERGE_MEAN, NULL);
	assert_int_equal(pts.n, 2);
	a = ps_json(&pts, &pts.pts[0]);
	assert_int_equal(json_array_size(a), 2); /* db and db2 at Small=8, -merge mean */
	o = json_array_get(a, 0);
	assert_string_equal(json_string_value(json_object_get(o, "file")), "run.json");
	assert_string_equal(json_string_value(json_object_get(o, "job")), "db");
	assert_int_equal(json_integer_value(json_object_get(o, "group")), 0);
	assert_string_equal(json_string_value(json_object_get(o, "rw")), "randread");
	assert_string_equal(json_string_value(json_object_get(o, "bs")), "8k");
	assert_int_equal(json_integer_value(json_object_get(o, "iodepth")), 4);
	assert_int_equal(json_integer_value(json_object_get(o, "numjobs")), 2);
	assert_string_equal(json_string_value(json_object_get(o, "ioengine")), "libaio");
	assert_true(json_is_null(json_object_get(o, "host")));
	assert_int_equal(json_integer_value(json_object_get(json_array_get(a, 1), "group")), 2);
	json_decref(a);
	s = text(csv, &pts, NULL);
	assert_non_null(strstr(s, ",files,hosts,groups,jobs,rw,bs,iodepth,numjobs,ioengine\n"));
	assert_non_null(strstr(s, ",\"run.json;run.json\",\";\",\"0;2\",\"db;db2\",\"randread;randread\",\"8k;8k\",\"4;8\",\"2;1\",\"libaio;libaio\"\n"));
	assert_non_null(strstr(s, ",\"run.json\",\"\",\"1\",\"scan\",\"read\",\"1m\",\"1\",\"1\",\"psync\"\n"));
	free(s);
	s = text(trace, &pts, &pts.pts[1]);
	assert_string_equal(s, "Jobs: scan (run.json, group 1)\n");
	free(s);
	pt_set_release(&pts);
	fj_set_release(&set);
}

static void test_warm_and_run(void **state)
{
	struct fj_set set;
	struct pt_set pts;
	struct or_params p;
	struct fr_err err = { "" };
	char *j[2], *buf = NULL;
	size_t len = 0;
	json_t *doc;
	FILE *f;

	(void)state;
	j[0] = job("p001-s1-l0-warm", 0, "\"bs\": \"8k\"", 8192);
	j[1] = job("p001-s1-l0-small", 0, "\"bs\": \"8k\"", 8192);
	cf_read(&set, "p001.json", cf_doc("jobs", j, 2, NULL));
	cf_points(&pts, &set, PT_MERGE_NONE, NULL);
	assert_int_equal(pts.pts[0].nsrcs, 1);
	assert_string_equal(set.jobs[pts.pts[0].srcs[0]].name, "p001-s1-l0-small");
	/* A fiorion point's jobs are named by its number: no Jobs line. */
	buf = text(trace, &pts, &pts.pts[0]);
	assert_string_equal(buf, "");
	free(buf);
	buf = NULL;
	assert_int_equal(or_params_init(&p, &set, &pts, NULL, NULL, 0, &err), 0);
	f = open_memstream(&buf, &len);
	assert_int_equal(or_points_json(f, &p, &pts), 0);
	fclose(f);
	doc = json_loads(buf, 0, NULL);
	assert_non_null(doc);
	assert_int_equal(json_integer_value(json_object_get(doc, "schema_version")), XR_SCHEMA_VERSION);
	assert_string_equal(json_string_value(json_array_get(json_object_get(json_object_get(doc, "run"), "inputs"), 0)),
			    "p001.json");
	assert_int_equal(json_integer_value(json_object_get(json_object_get(doc, "run"), "size_small_kb")), 8);
	assert_true(json_is_null(json_object_get(doc, "backend")));
	json_decref(doc);
	free(buf);
	or_params_release(&p);
	pt_set_release(&pts);
	fj_set_release(&set);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sources),
		cmocka_unit_test(test_warm_and_run),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
