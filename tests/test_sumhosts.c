/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: converter/fiojson/sumhosts.c: under -sum each file's jobs take
 * the file as their host: its base name without .json or a compression
 * suffix ("/r/db1.json.gz" is db1), the names as given when two base
 * names clash (a/x.json, b/x.json); a job that names its host (a
 * --client JSON) keeps it; the points then hold each host's load (two
 * files at iodepth 4: Small=4 on two hosts, IOPS the sum); a group's jobs
 * are ordered host by host, hosts in order of first appearance; a
 * fiorion run's per-point files (pNNN-... jobs) are left as they are.
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
#include "sumhosts.h"

static char *job(const char *host)
{
	char *s;

	if (asprintf(&s,
		     "{\"jobname\": \"db\", \"groupid\": 0, \"error\": 0,%s%s%s "
		     "\"job options\": {\"iodepth\": \"4\", \"bs\": \"4k\", \"rw\": \"randread\"}, "
		     "\"read\": {\"io_bytes\": 4096000, \"io_kbytes\": 4000, \"runtime\": 1000, \"total_ios\": 1000, "
		     "\"iops\": 0, \"lat_ns\": {\"min\": 1, \"max\": 9, \"mean\": 5, \"stddev\": 0, \"N\": 1000}}, "
		     "\"write\": {\"io_bytes\": 0, \"io_kbytes\": 0, \"runtime\": 0, \"total_ios\": 0, \"iops\": 0}}",
		     host ? " \"hostname\": \"" : "", host ? host : "", host ? "\"," : "") < 0)
		abort();
	return s;
}

static void add(struct fj_set *set, const char *name, const char *host)
{
	struct fr_err err = { "" };
	char *j = job(host), *doc = cf_doc(host ? "client_stats" : "jobs", &j, 1, NULL);

	if (fj_read_buffer(set, name, doc, strlen(doc), &err))
		fail_msg("%s", err.msg);
	free(doc);
}

static void test_label(void **state)
{
	char b[64];

	(void)state;
	sh_label(b, sizeof(b), "/r/db1.json.gz");
	assert_string_equal(b, "db1");
	sh_label(b, sizeof(b), "db2.json");
	assert_string_equal(b, "db2");
	sh_label(b, sizeof(b), "h3:8765.zst");
	assert_string_equal(b, "h3:8765");
	sh_label(b, sizeof(b), "-");
	assert_string_equal(b, "-");
}

static void test_hosts(void **state)
{
	struct fj_set set = { 0 };
	struct fr_err err = { "" };
	struct pt_set pts;
	struct pt_opts po;

	(void)state;
	add(&set, "/r/a.json", NULL);
	add(&set, "/r/b.json.xz", NULL);
	add(&set, "c.json", "srv");
	assert_int_equal(sh_files_as_hosts(&set, &err), 0);
	assert_string_equal(set.jobs[0].host, "a");
	assert_string_equal(set.jobs[1].host, "b");
	assert_string_equal(set.jobs[2].host, "srv");
	assert_true(set.hosts_from_files);
	pt_opts_init(&po);
	po.sum = true;
	assert_int_equal(pt_build(&pts, &set, &po, &err), 0);
	assert_int_equal(pts.n, 1);
	assert_int_equal(pts.pts[0].s, 4);
	assert_int_equal(pts.pts[0].nhosts, 3);
	assert_int_equal((int)pts.pts[0].small.iops, 3000);

	/* Interleaved hosts: ordered host by host, first appearance first. */
	{
		size_t jobs[3] = { 2, 0, 1 };

		assert_int_equal(sh_order_by_host(&set, jobs, 3), 0);
		assert_int_equal(jobs[0], 0); /* "a" first appears at job 0 */
		assert_int_equal(jobs[1], 1);
		assert_int_equal(jobs[2], 2);
	}
	pt_set_release(&pts);
	fj_set_release(&set);
	add(&set, "h.json", "b");
	add(&set, "h.json", "a");
	add(&set, "h.json", "b");
	{
		size_t jobs[3] = { 0, 1, 2 };

		assert_int_equal(sh_order_by_host(&set, jobs, 3), 0);
		assert_int_equal(jobs[0], 0);
		assert_int_equal(jobs[1], 2); /* b's jobs together, in their order */
		assert_int_equal(jobs[2], 1);
	}
	fj_set_release(&set);

	/* fiorion's per-point files: left alone. */
	{
		struct fr_err e = { "" };
		char *doc = strdup("{\"jobs\": [{\"jobname\": \"p001-s4-l0-small\", \"groupid\": 0, \"error\": 0, "
				   "\"read\": {\"io_bytes\": 4096000, \"io_kbytes\": 4000, \"runtime\": 1000, \"total_ios\": 1000}}]}");
		assert_int_equal(fj_read_buffer(&set, "p001.json", doc, strlen(doc), &e), 0);
		free(doc);
		assert_int_equal(sh_files_as_hosts(&set, &e), 0);
		assert_null(set.jobs[0].host);
		assert_false(set.hosts_from_files);
		fj_set_release(&set);
	}
	add(&set, "a/x.json", NULL);
	add(&set, "b/x.json", NULL);
	assert_int_equal(sh_files_as_hosts(&set, &err), 0);
	assert_string_equal(set.jobs[0].host, "a/x.json");
	assert_string_equal(set.jobs[1].host, "b/x.json");
	fj_set_release(&set);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_label),
		cmocka_unit_test(test_hosts),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
