/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: fio's steady state in the converter: the "steadystate"
 * block read from real fio 3.33 output (09: attained, the job ended at
 * 4.9 s of 10; 10: not attained, ran its 4 s), a point's steady state
 * over its measured jobs (several jobs, small and large, warm-up left
 * out, -merge mean), and the lines the trace (per point) and the summary
 * (over the run) give; nothing when the jobs had no block.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fiojson.h"
#include "orion_report.h"
#include "conv_fixture.h"
#include "points.h"

#define DATA "tests/data/fio-json/"

static char *summary_of(const struct or_params *p, const struct pt_set *pts)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	or_summary(f, p, pts, OR_COMPAT_102);
	fclose(f);
	return buf;
}

static char *trace_of(const struct or_params *p, const struct pt_set *pts)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	or_trace(f, p, pts);
	fclose(f);
	return buf;
}

/* Read @file, build its points (-merge as @merge), and the run's parameters. */
static void load(const char *file, struct fj_set *set, struct pt_set *pts, struct or_params *p)
{
	struct fr_err err = { "" };
	struct pt_opts po;

	memset(set, 0, sizeof(*set));
	if (fj_read_file(set, file, &err))
		fail_msg("%s", err.msg);
	pt_opts_init(&po);
	if (pt_build(pts, set, &po, &err))
		fail_msg("%s", err.msg);
	if (or_params_init(p, set, pts, "t", NULL, 0, &err))
		fail_msg("%s", err.msg);
}

static void release(struct fj_set *set, struct pt_set *pts, struct or_params *p)
{
	or_params_release(p);
	pt_set_release(pts);
	fj_set_release(set);
}

static void test_ss_attained_fixture(void **state)
{
	struct fj_set set;
	struct pt_set pts;
	struct or_params p;
	const struct fj_ss *ss;
	char *s, *t;

	(void)state;
	load(DATA "09-steadystate-attained.json", &set, &pts, &p);
	ss = &set.jobs[0].ss;
	assert_true(ss->present);
	assert_true(ss->attained);
	assert_string_equal(ss->setting, "iops:20.000000%");
	assert_string_equal(ss->criterion, "2.453258%");
	assert_int_equal(ss->window_s, 3);
	assert_true(ss->max_deviation == 1072.0);
	assert_true(ss->iops_mean == 43697);
	assert_true(ss->bw_mean == 357971539);
	assert_int_equal(ss->n, 3);
	assert_true(ss->iops[0] == 43985 && ss->iops[2] == 44481);
	assert_true(ss->bw[1] == 349189125);

	assert_true(pts.pts[0].ss.present);
	assert_true(pts.pts[0].ss.attained);
	assert_int_equal(pts.pts[0].ss.njobs, 1);
	assert_int_equal(pts.pts[0].ss.window_s, 3);
	assert_true(pts.pts[0].ss.secs == 4.894);
	t = trace_of(&p, &pts);
	assert_non_null(strstr(t, " READ\nSteady state (iops:20%, 3 s window): reached after 4.9 s\n\n"));
	s = summary_of(&p, &pts);
	assert_non_null(strstr(s, "Total Data Points: 2\nSteady state reached at all 1 points\n\n"));
	free(s);
	free(t);
	release(&set, &pts, &p);
}

static void test_ss_not_attained_fixture(void **state)
{
	struct fj_set set;
	struct pt_set pts;
	struct or_params p;
	const struct fj_ss *ss;
	char *s, *t;

	(void)state;
	load(DATA "10-steadystate-not-attained.json", &set, &pts, &p);
	ss = &set.jobs[0].ss;
	assert_true(ss->present);
	assert_false(ss->attained);
	assert_string_equal(ss->setting, "iops_slope:0.001000%");
	assert_string_equal(ss->criterion, "0.000000%");
	/* The window was not full: fio's zeros. */
	assert_int_equal(ss->n, 3);
	assert_true(ss->iops[2] == 0);
	assert_true(pts.pts[0].ss.present);
	assert_false(pts.pts[0].ss.attained);
	t = trace_of(&p, &pts);
	assert_non_null(strstr(t, " READ\nSteady state (iops_slope:0.001%, 3 s window): not reached; ran its full 4 s\n\n"));
	s = summary_of(&p, &pts);
	assert_non_null(strstr(s, "Total Data Points: 2\nSteady state not reached at 1 of 1 points (ran to the limit): (S=4, L=0)\n\n"));
	free(s);
	free(t);
	release(&set, &pts, &p);
}

/* No block, no line: a plain fio result is converted as before. */
static void test_ss_absent(void **state)
{
	struct fj_set set;
	struct pt_set pts;
	struct or_params p;
	char *s, *t;

	(void)state;
	load(DATA "08-jsonplus.json", &set, &pts, &p);
	assert_false(set.jobs[0].ss.present);
	assert_null(set.jobs[0].ss.setting);
	assert_false(pts.pts[0].ss.present);
	s = summary_of(&p, &pts);
	t = trace_of(&p, &pts);
	assert_null(strstr(s, "Steady state"));
	assert_null(strstr(t, "Steady state"));
	free(s);
	free(t);
	release(&set, &pts, &p);
}

/* One fio 3.x job: @ios reads in @runtime_ms; @ss a "steadystate" object or "". */
static char *job(const char *name, int gid, int depth, int bs, long ios, long runtime_ms,
		 const char *ss)
{
	char *s;

	if (asprintf(&s, "{\"jobname\": \"%s\", \"groupid\": %d, \"job options\": "
			 "{\"iodepth\": \"%d\", \"bs\": \"%d\", \"rw\": \"randread\"}, "
			 "\"read\": {\"io_bytes\": %ld, \"io_kbytes\": %ld, \"runtime\": %ld, "
			 "\"total_ios\": %ld, \"iops\": 0, \"lat_ns\": {\"min\": 1, \"max\": 9, "
			 "\"mean\": 5e5, \"stddev\": 0, \"N\": %ld}}, "
			 "\"write\": {\"io_bytes\": 0, \"io_kbytes\": 0, \"runtime\": 0, \"total_ios\": 0, \"iops\": 0}%s%s}",
		     name, gid, depth, bs, ios * bs, ios * bs / 1024, runtime_ms, ios, ios,
		     *ss ? ", \"steadystate\": " : "", ss) < 0)
		abort();
	return s;
}

/* fio's block: @set as fio writes it, @att 0/1; window 5 s. */
static char *ss(const char *set, int att)
{
	char *s;

	if (asprintf(&s, "{\"ss\": \"%s\", \"duration\": 5, \"attained\": %d, \"criterion\": \"1.2%%\", "
			 "\"max_deviation\": 0.0, \"slope\": 0.5, \"data\": {\"bw_mean\": 1, \"iops_mean\": 1, "
			 "\"iops\": [1, 2, 3, 4, 5], \"bw\": [1, 2, 3, 4, 5]}}",
		     set, att) < 0)
		abort();
	return s;
}

static void build(struct fj_set *set, struct pt_set *pts, struct or_params *p, char **jobs,
		  int n, enum pt_merge merge)
{
	struct fr_err err = { "" };

	cf_build(set, pts, jobs, n, NULL, merge);
	if (or_params_init(p, set, pts, "t", NULL, 0, &err))
		fail_msg("%s", err.msg);
}

/*
 * A run with -duration auto: five points, some of several jobs.
 *   p001 (1,0): one job, attained at 9.4 s; its warm-up job did not (never counted)
 *   p002 (2,0): one job, not attained: ran its 60 s
 *   p003 (2,1): small attained at 20 s, large not: the point did not reach it
 *   p004 (4,0): two small jobs, both attained (7 s, 12.3 s): reached after 12.3 s
 *   p005 (8,0): no block (not counted)
 */
static void test_ss_multi_job(void **state)
{
	char *jobs[9], *s, *t;
	struct fj_set set;
	struct pt_set pts;
	struct or_params p;
	char *a, *n;

	(void)state;
	jobs[0] = job("p001-s1-l0-warm", 0, 1, 8192, 100, 2000, n = ss("iops_slope:2.000000%", 0));
	free(n);
	jobs[1] = job("p001-s1-l0-small", 0, 1, 8192, 9400, 9400, a = ss("iops_slope:2.000000%", 1));
	free(a);
	jobs[2] = job("p002-s2-l0-small", 0, 2, 8192, 120000, 60000, n = ss("iops_slope:2.000000%", 0));
	free(n);
	jobs[3] = job("p003-s2-l1-small", 0, 2, 8192, 20000, 20000, a = ss("iops_slope:2.000000%", 1));
	free(a);
	jobs[4] = job("p003-s2-l1-large", 0, 1, 1048576, 6000, 60000, n = ss("iops_slope:2.000000%", 0));
	free(n);
	jobs[5] = job("p004-s4-l0-small", 0, 2, 8192, 7000, 7000, a = ss("iops_slope:2.000000%", 1));
	free(a);
	jobs[6] = job("p004-s4-l0-small", 0, 2, 8192, 12300, 12300, a = ss("iops_slope:2.000000%", 1));
	free(a);
	jobs[7] = job("p005-s8-l0-small", 0, 8, 8192, 60000, 60000, "");
	jobs[8] = job("p006-s0-l2-large", 0, 2, 1048576, 6000, 30000, a = ss("bw_slope:1048576.000000", 1));
	free(a);
	build(&set, &pts, &p, jobs, 9, PT_MERGE_NONE);
	assert_int_equal(pts.n, 6);
	assert_true(pts.pts[0].ss.attained);
	assert_int_equal(pts.pts[0].ss.njobs, 1); /* the warm-up job is not measured */
	assert_false(pts.pts[2].ss.attained);
	assert_int_equal(pts.pts[2].ss.njobs, 2);
	assert_int_equal(pts.pts[2].ss.nattained, 1);
	assert_true(pts.pts[3].ss.attained);
	assert_int_equal(pts.pts[3].ss.njobs, 2);
	assert_true(pts.pts[3].ss.secs == 12.3);
	assert_false(pts.pts[4].ss.present);

	t = trace_of(&p, &pts);
	assert_non_null(strstr(t, "dur   9.40 s READ\nSteady state (iops_slope:2%, 5 s window): reached after 9.4 s\n\n"));
	assert_non_null(strstr(t, "dur  60.00 s READ\nSteady state (iops_slope:2%, 5 s window): not reached; ran its full 60 s\n\n"));
	/* A mixed point: after both classes' lines. */
	assert_non_null(strstr(t, "ran (large): my   1 oth   2 iops 100 size 1024 K lat   0.50 ms bw = 100.00 MBps dur  60.00 s READ\n"
				  "Steady state (iops_slope:2%, 5 s window): not reached by 1 of its 2 jobs; ran its full 60 s\n\n"));
	assert_non_null(strstr(t, "dur  12.30 s READ\nSteady state (iops_slope:2%, 5 s window): reached after 12.3 s\n\n"));
	assert_non_null(strstr(t, "dur  60.00 s READ\n\nPoint 6 (small=8, large=0) of 7\n"));
	/* A criterion that is not a percentage, trailing zeros dropped. */
	assert_non_null(strstr(t, "Steady state (bw_slope:1048576, 5 s window): reached after 30 s\n"));
	s = summary_of(&p, &pts);
	assert_non_null(strstr(s, "Total Data Points: 7\n"
				  "Steady state not reached at 2 of 5 points (ran to the limit): (S=2, L=0), (S=2, L=1)\n\n"));
	free(s);
	free(t);
	release(&set, &pts, &p);
}

/* @j with exitall=1 in its options (fiorion's -duration auto job files). */
static char *exitall(char *j)
{
	const char *from = "\"rw\": \"randread\"}";
	char *at = strstr(j, from), *s;

	assert_non_null(at);
	if (asprintf(&s, "%.*s\"rw\": \"randread\", \"exitall\": \"1\"}%s", (int)(at - j), j,
		     at + strlen(from)) < 0)
		abort();
	free(j);
	return s;
}

/*
 * exitall=1: the first job to reach steady state ends the point's others,
 * which then have not attained it: the point reached it. Without exitall
 * (two jobs that ran on independently) it did not; with exitall on two
 * hosts, each host's fio must have had a job reach it.
 */
static void test_ss_exitall(void **state)
{
	char *jobs[6], *a, *n;
	struct fj_set set;
	struct pt_set pts;
	struct or_params p;

	(void)state;
	jobs[0] = exitall(job("p001-s2-l1-small", 0, 2, 8192, 9000, 9000, a = ss("iops_slope:2.000000%", 1)));
	free(a);
	jobs[1] = exitall(job("p001-s2-l1-large", 0, 1, 1048576, 900, 9000, n = ss("iops_slope:2.000000%", 0)));
	free(n);
	jobs[2] = job("p002-s4-l1-small", 0, 4, 8192, 9000, 9000, a = ss("iops_slope:2.000000%", 1));
	free(a);
	jobs[3] = job("p002-s4-l1-large", 0, 1, 1048576, 6000, 60000, n = ss("iops_slope:2.000000%", 0));
	free(n);
	build(&set, &pts, &p, jobs, 4, PT_MERGE_NONE);
	assert_int_equal(pts.n, 2);
	assert_true(pts.pts[0].ss.attained);
	assert_true(pts.pts[0].ss.secs == 9.0);
	assert_false(pts.pts[1].ss.attained);
	release(&set, &pts, &p);
}

/* -merge mean: groups at one load that ran one after the other must all reach it. */
static void test_ss_merge_mean(void **state)
{
	char *jobs[3], *a, *n;
	struct fj_set set;
	struct pt_set pts;
	struct or_params p;

	(void)state;
	jobs[0] = job("a", 0, 4, 8192, 1000, 3000, a = ss("iops:20.500000%", 1));
	free(a);
	jobs[1] = job("b", 1, 4, 8192, 1000, 10000, n = ss("iops:20.500000%", 0));
	free(n);
	jobs[2] = job("c", 2, 8, 8192, 1000, 3000, a = ss("iops:20.500000%", 1));
	free(a);
	build(&set, &pts, &p, jobs, 3, PT_MERGE_MEAN);
	assert_int_equal(pts.n, 2);
	assert_int_equal(pts.pts[0].s, 4);
	assert_int_equal(pts.pts[0].ss.njobs, 2);
	assert_int_equal(pts.pts[0].ss.nattained, 1);
	assert_false(pts.pts[0].ss.attained);
	assert_true(pts.pts[0].ss.secs == 10.0);
	assert_true(pts.pts[1].ss.attained);
	{
		char *t = trace_of(&p, &pts), *s = summary_of(&p, &pts);

		assert_non_null(strstr(t, "Steady state (iops:20.5%, 5 s window): not reached by 1 of its 2 jobs; ran its full 10 s\n"));
		assert_non_null(strstr(t, "Steady state (iops:20.5%, 5 s window): reached after 3 s\n"));
		assert_non_null(strstr(s, "Steady state not reached at 1 of 2 points (ran to the limit): (S=4, L=0)\n"));
		free(t);
		free(s);
	}
	release(&set, &pts, &p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ss_attained_fixture),
		cmocka_unit_test(test_ss_not_attained_fixture),
		cmocka_unit_test(test_ss_absent),
		cmocka_unit_test(test_ss_multi_job),
		cmocka_unit_test(test_ss_merge_mean),
		cmocka_unit_test(test_ss_exitall),
	};

	return cmocka_run_group_tests_name("ssjson", tests, NULL, NULL);
}
