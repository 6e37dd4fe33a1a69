/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: an open-loop curve read from hand-made fio JSON
 * (converter/curve/curve.c, curve_out.c): the points' names; a point with the
 * runner's keys (fiorion_response_ns next to lat_ns, fiorion_openloop)
 * and one as stock fio writes it (service time only: response cells
 * empty, a note); the 97 % rule at its edge; a read/write mix (targets
 * per direction, means by I/O count, percentiles from merged json+ bins
 * and none without bins); held judged on the runner's arrival count when
 * it gives one; the -max_latency bound on response time and
 * the stop sentence; files that are not curve points; a folder of
 * points; .curve.csv, the summary's lines (none an ORION result line)
 * and -format json's object.
 */
#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "curve.h"
#include "curve_html.h"
#include "testutil.h"

/* One direction's latency object: N, mean and p50/p99/p99.9 in ns, optional bins. */
static void lat(FILE *f, const char *key, unsigned long n, double mean, double p50, double p99,
		double p999, const char *bins)
{
	fprintf(f,
		"\"%s\": {\"min\": 1000, \"max\": %.0f, \"mean\": %.1f, \"stddev\": 10.0, \"N\": %lu,"
		" \"percentile\": {\"50.000000\": %.0f, \"99.000000\": %.0f, \"99.900000\": %.0f}%s%s}",
		key, p999 * 2, mean, n, p50, p99, p999, bins ? ", \"bins\": " : "", bins ? bins : "");
}

struct dir {
	double iops;
	unsigned long n;
	double mean, p50, p99, p999;
	const char *bins;
	bool rsp; /* fiorion_response_ns too: mean x 1.5, percentiles x 2 */
};

/* A point's fio JSON: job @name, @rw, @rate, the directions, an openloop block or none. */
static char *doc(const char *name, const char *rw, const char *rate, const struct dir *r,
		 const struct dir *w, const char *openloop)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	const struct dir none = { 0 };
	const struct dir *d[2] = { r ? r : &none, w ? w : &none };
	int k;

	fprintf(f, "some text fio printed first\n{\n\"fio version\": \"fio-3.33\",\n"
		   "\"global options\": {\"rate_process\": \"poisson\"},\n"
		   "\"jobs\": [{\"jobname\": \"%s\", \"groupid\": 0, \"error\": 0,\n"
		   "\"job options\": {\"rw\": \"%s\", \"bs\": \"8k\", \"iodepth\": \"32\"%s%s%s},\n",
		name, rw, rate ? ", \"rate_iops\": \"" : "", rate ? rate : "", rate ? "\"" : "");
	for (k = 0; k < 2; k++) {
		fprintf(f, "\"%s\": {\"io_bytes\": %lu, \"iops\": %.3f, \"total_ios\": %lu, ",
			k ? "write" : "read", d[k]->n * 8192, d[k]->iops, d[k]->n);
		lat(f, "lat_ns", d[k]->n, d[k]->mean, d[k]->p50, d[k]->p99, d[k]->p999, d[k]->bins);
		if (d[k]->rsp) {
			fputs(", ", f);
			lat(f, "fiorion_response_ns", d[k]->n, d[k]->mean * 1.5, d[k]->p50 * 2,
			    d[k]->p99 * 2, d[k]->p999 * 2, d[k]->bins);
		}
		fputs("},\n", f);
	}
	fprintf(f, "%s%s\"job_runtime\": 2000}]\n}\n", openloop ? openloop : "", openloop ? ",\n" : "");
	fclose(f);
	return buf;
}

static int read_doc(struct cv_point *p, char *text, const struct kn_bound *b)
{
	struct fr_err err = { "" };
	int ret = cv_point_read(p, "p.json", text, strlen(text), b, &err);

	if (ret)
		printf("# %s\n", err.msg);
	free(text);
	return ret;
}

static void test_names(void **state)
{
	unsigned int num;
	double pct, max;
	char buf[64];

	(void)state;
	cv_name_format(buf, sizeof(buf), 3, 12.5, 20000);
	assert_string_equal(buf, "c003-12.5pct-max20000");
	assert_true(cv_name_parse(buf, &num, &pct, &max));
	assert_int_equal(num, 3);
	assert_true(pct == 12.5 && max == 20000);
	assert_true(cv_name_parse("c120-110pct-max5", &num, &pct, &max));
	assert_false(cv_name_parse("p001-s1-l0-small", &num, &pct, &max));
	assert_false(cv_name_parse("c001-50pct", &num, &pct, &max));
	assert_false(cv_name_parse("c001-0pct-max100", &num, &pct, &max));
	assert_false(cv_name_parse("c001-50pct-max100x", &num, &pct, &max));
	assert_false(cv_name_parse(NULL, &num, &pct, &max));
}

/* The built-in runner's JSON: both latencies, the open-loop block. */
static void test_runner_point(void **state)
{
	const struct dir r = { 9950, 19900, 400000, 300000, 1900000, 3000000, NULL, true };
	struct cv_point p;

	(void)state;
	assert_int_equal(read_doc(&p, doc("c002-50pct-max20000", "randread", "10000", &r, NULL, "\"fiorion_openloop\": {\"arrival\": \"uniform\", \"rate_iops\": [10000, 0], \"depth_cap\": 32, \"slot_waits\": 12, \"late_p99_ns\": 5000}"),
				  NULL),
			 0);
	assert_int_equal(p.num, 2);
	assert_true(p.pct == 50 && p.max_iops == 20000 && p.target == 10000);
	assert_true(p.achieved == 9950 && p.held);
	assert_true(p.svc.present && p.svc.n == 19900 && p.svc.mean == 400000);
	assert_true(p.svc.p50 == 300000 && p.svc.p99 == 1900000 && p.svc.p999 == 3000000);
	assert_true(p.rsp.present && p.rsp.mean == 600000 && p.rsp.p99 == 3800000);
	/* Little's law over the I/Os in service: 9950/s x 0.4 ms. */
	assert_true(fabs(p.outstanding - 3.98) < 1e-9);
	assert_int_equal(p.depth_cap, 32);
	assert_int_equal(p.slot_waits, 12);
	assert_true(p.late_p99_ns == 5000);
	assert_string_equal(p.arrival, "uniform");
}

/* Stock fio: service time only; rate_process from the global options. */
static void test_stock_fio_point(void **state)
{
	const struct dir r = { 1999, 3998, 55000, 33000, 577000, 1800000, NULL, false };
	struct cv_curve c = { .planned = 2 };
	struct cv_point p;
	char *text = NULL;
	size_t len = 0;
	FILE *f;

	(void)state;
	assert_int_equal(read_doc(&p, doc("c001-10pct-max20000", "randread", "2000", &r, NULL, NULL), NULL), 0);
	assert_false(p.rsp.present);
	assert_true(p.svc.present && p.held);
	assert_int_equal(p.slot_waits, -1);
	assert_string_equal(p.arrival, "poisson");
	assert_int_equal(cv_add(&c, &p), 0);
	assert_false(c.response);
	f = open_memstream(&text, &len);
	cv_csv(f, &c);
	fclose(f);
	assert_non_null(strstr(text, "10,2000,1999.0,yes,,,,,0.0550,0.5770,0.11,32,,poisson,no response time: stock fio measures service time only\n"));
	free(text);
	f = open_memstream(&text, &len);
	cv_summary(f, &c, false);
	fclose(f);
	assert_non_null(strstr(text, "\nLatency at 10 % of max (2000 IOPS): response not measured; service mean 0.06 ms, p99 0.58 ms\n"));
	assert_non_null(strstr(text, "\nResponse time not measured: stock fio gives service time only"));
	free(text);
	/* The report's section in the layout's unit: ms, or us (12.x, 19c) as the rest of the report. */
	f = open_memstream(&text, &len);
	assert_int_equal(cv_html(f, &c, NULL, false), 0);
	fclose(f);
	assert_non_null(strstr(text, "<th>service mean ms</th>"));
	assert_non_null(strstr(text, "<td>0.055</td><td>0.577</td>"));
	assert_non_null(strstr(text, "Small latency (ms)"));
	free(text);
	f = open_memstream(&text, &len);
	assert_int_equal(cv_html(f, &c, NULL, true), 0);
	fclose(f);
	assert_non_null(strstr(text, "<th>service mean \u00b5s</th>"));
	assert_non_null(strstr(text, "<td>55.000</td><td>577.000</td>"));
	assert_null(strstr(text, "(ms)"));
	assert_null(strstr(text, " ms<"));
	free(text);
	cv_release(&c);
}

/* 97 % of the target holds; under it does not, and ends the curve. */
static void test_held_edge(void **state)
{
	struct dir r = { 9700, 19400, 100000, 90000, 200000, 300000, NULL, true };
	struct cv_curve c = { .planned = 3 };
	struct cv_point p;

	(void)state;
	assert_int_equal(read_doc(&p, doc("c001-50pct-max20000", "randread", "10000", &r, NULL, NULL), NULL), 0);
	assert_true(p.held);
	assert_int_equal(cv_add(&c, &p), 0);
	assert_string_equal(c.stop, "");
	r.iops = 9699;
	assert_int_equal(read_doc(&p, doc("c002-50pct-max20000", "randread", "10000", &r, NULL, NULL), NULL), 0);
	assert_false(p.held);
	assert_int_equal(cv_add(&c, &p), 0);
	assert_non_null(strstr(c.stop, "Curve stopped at 50 % of max: 9699 IOPS achieved of 10000 asked"));
	assert_non_null(strstr(c.stop, "not held"));
	cv_release(&c);
}

/* rate_iops=R,W on a mix: per direction; means by count; percentiles from bins only. */
static void test_mix(void **state)
{
	const char *rb = "{\"100000\": 50, \"200000\": 49, \"5000000\": 1}";
	const char *wb = "{\"300000\": 99, \"9000000\": 1}";
	struct dir r = { 6000, 100, 120000, 100000, 200000, 5000000, rb, false };
	struct dir w = { 4000, 100, 400000, 300000, 9000000, 9000000, wb, false };
	struct cv_point p;

	(void)state;
	assert_int_equal(read_doc(&p, doc("c001-50pct-max20000", "randrw", "6000,4000", &r, &w, NULL), NULL), 0);
	assert_true(p.target == 10000 && p.achieved == 10000);
	assert_true(p.svc.mean == 260000);
	/*
	 * 200 samples merged: 100k x50, 200k x49, 300k x99, 5M, 9M. p50 and
	 * p99 (the 100th and 198th) fall in 300k's bucket, p99.9 in 9M's;
	 * neither direction's own list says so.
	 */
	assert_true(fabs(p.svc.p50 - 300000) / 300000 < 1.0 / 64);
	assert_true(fabs(p.svc.p99 - 300000) / 300000 < 1.0 / 64);
	assert_true(fabs(p.svc.p999 - 9000000) / 9000000 < 1.0 / 64);
	r.bins = NULL;
	assert_int_equal(read_doc(&p, doc("c001-50pct-max20000", "randrw", "6000,4000", &r, &w, NULL), NULL), 0);
	assert_true(p.svc.p99 < 0 && p.svc.mean == 260000);
	/* One value on a mix: fio applies it to each direction. */
	assert_int_equal(read_doc(&p, doc("c001-50pct-max20000", "randrw", "5000", &r, &w, NULL), NULL), 0);
	assert_true(p.target == 10000);
	/* randread: the write half of rate_iops=R is no target. */
	assert_int_equal(read_doc(&p, doc("c001-50pct-max20000", "randread", "5000", &r, NULL, NULL), NULL), 0);
	assert_true(p.target == 5000);
}

/* -max_latency p99:3 judged on response time (p99 3.8 ms), not service (1.9 ms). */
static void test_bound(void **state)
{
	const struct dir r = { 10000, 20000, 400000, 300000, 1900000, 3000000, NULL, true };
	struct fr_err err = { "" };
	struct cv_curve c = { .planned = 4 };
	struct kn_bound b;
	struct cv_point p;

	(void)state;
	assert_int_equal(kn_parse(&b, "p99:3", &err), 0);
	c.bound = b;
	assert_int_equal(read_doc(&p, doc("c003-80pct-max12500", "randread", "10000", &r, NULL, NULL), &b), 0);
	assert_true(p.held && p.over);
	assert_true(fabs(p.rsp.at_bound - 3.8) < 1e-9 && fabs(p.svc.at_bound - 1.9) < 1e-9);
	assert_int_equal(cv_add(&c, &p), 0);
	assert_string_equal(c.stop, "Curve stopped at 80 % of max: response latency 3.800 ms crosses -max_latency p99:3");
	/* The last point the run asked for ends nothing early. */
	cv_set_planned(&c, 1);
	assert_string_equal(c.stop, "");
	cv_set_planned(&c, 0); /* unknown: the last point read ended it */
	assert_non_null(strstr(c.stop, "crosses -max_latency p99:3"));
	cv_release(&c);
	/* Not held and over the bound: both said. */
	{
		const struct dir slow = { 9000, 18000, 400000, 300000, 1900000, 3000000, NULL, true };

		assert_int_equal(read_doc(&p, doc("c001-80pct-max12500", "randread", "10000", &slow, NULL, NULL), &b), 0);
		assert_true(!p.held && p.over);
		assert_int_equal(cv_add(&c, &p), 0);
		assert_string_equal(c.stop, "Curve stopped at 80 % of max: 9000 IOPS achieved of 10000 asked (under 97 %), the rate was not held; response latency 3.800 ms crosses -max_latency p99:3");
	}
	cv_release(&c);
}

/* The runner's arrival count judges held: free of a poisson count's own noise. */
static void test_arrivals(void **state)
{
	struct dir r = { 9500, 28500, 100000, 90000, 200000, 300000, NULL, true };
	struct cv_curve c = { .planned = 3 };
	struct cv_point p;

	(void)state;
	/* 95 % of the target, but every arrival of the schedule completed. */
	assert_int_equal(read_doc(&p, doc("c001-50pct-max20000", "randread", "10000", &r, NULL, "\"fiorion_openloop\": {\"arrivals\": 28500, \"slot_waits\": 0}"),
				  NULL),
			 0);
	assert_true(p.held && p.ios == 28500 && p.arrivals == 28500);
	/* The target met by the count, but 4 % of the arrivals never completed. */
	r.iops = 10000;
	r.n = 28800;
	assert_int_equal(read_doc(&p, doc("c002-60pct-max20000", "randread", "12000", &r, NULL, "\"fiorion_openloop\": {\"arrivals\": 30000, \"slot_waits\": 900}"),
				  NULL),
			 0);
	assert_false(p.held);
	assert_int_equal(cv_add(&c, &p), 0);
	assert_string_equal(c.stop, "Curve stopped at 60 % of max: 28800 I/Os completed of 30000 arrivals (under 97 %), the rate was not held");
	cv_release(&c);
}

static void test_not_curve(void **state)
{
	const struct dir r = { 100, 200, 1000, 1000, 1000, 1000, NULL, false };
	struct cv_point p;

	(void)state;
	assert_int_equal(read_doc(&p, doc("p001-s1-l0-small", "randread", NULL, &r, NULL, NULL), NULL), -ENOENT);
	assert_int_equal(read_doc(&p, doc("c001-50pct-max200", "randread", NULL, &r, NULL, NULL), NULL), -EINVAL);
	assert_int_equal(read_doc(&p, strdup("{\"jobs\": [}"), NULL), -EBADMSG);
}

/* A folder of points in order; fio2orion's take; the summary and JSON. */
static void test_dir_and_outputs(void **state)
{
	const struct dir r1 = { 2000, 4000, 100000, 90000, 300000, 500000, NULL, true };
	const struct dir r2 = { 5000, 10000, 200000, 150000, 900000, 2000000, NULL, true };
	char *dir = tu_mkdtemp(), *t1, *t2, *p1, *p2, *other, *text = NULL, *line;
	struct fr_err err = { "" };
	struct cv_curve c = { .planned = 2 }, d = { .n = 0 };
	bool taken;
	size_t len = 0;
	json_t *j;
	FILE *f;

	(void)state;
	t1 = doc("c001-20pct-max10000", "randread", "2000", &r1, NULL, NULL);
	t2 = doc("c002-50pct-max10000", "randread", "5000", &r2, NULL, NULL);
	p2 = tu_text(dir, "p002.json", "%s", t2);
	p1 = tu_text(dir, "p001.json", "%s", t1);
	other = tu_text(dir, "run.json", "{\"fiorion\": {\"testname\": \"t\"}}\n");
	assert_int_equal(cv_load_dir(&c, dir, NULL, &err), 0);
	assert_int_equal(c.n, 2);
	assert_true(c.pts[0].pct == 20 && c.pts[1].pct == 50 && c.response);
	assert_int_equal(cv_take_file(&d, p2, &taken, &err), 0);
	assert_true(taken);
	assert_int_equal(cv_take_file(&d, other, &taken, &err), 0);
	assert_false(taken);
	assert_int_equal(cv_take_file(&d, p1, &taken, &err), 0);
	assert_true(taken && d.n == 2 && d.pts[0].num == 1);
	f = open_memstream(&text, &len);
	cv_summary(f, &c, false);
	fclose(f);
	assert_non_null(strstr(text, "Latency at 50 % of max (5000 IOPS): response mean 0.30 ms, p99 1.80 ms; service mean 0.20 ms\n"));
	for (line = text; line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
		assert_true(strncmp(line, "Maximum", 7) && strncmp(line, "Minimum", 7));
		assert_true(strncmp(line, "Best", 4));
	}
	free(text);
	/* Under the layouts that give ORION's latencies in usecs (11.2 on), the curve's too. */
	f = open_memstream(&text, &len);
	cv_summary(f, &c, true);
	fclose(f);
	assert_non_null(strstr(text, "Latency at 50 % of max (5000 IOPS): response mean 300.00 usecs, p99 1800.00 usecs; service mean 200.00 usecs\n"));
	free(text);
	j = cv_json(&c);
	assert_int_equal(json_array_size(json_object_get(j, "points")), 2);
	assert_true(json_is_true(json_object_get(j, "response_measured")));
	assert_true(json_is_null(json_object_get(j, "stopped")));
	json_decref(j);
	cv_release(&c);
	cv_release(&d);
	/* No curve folder: no points, no error; planned on no points is nothing. */
	cv_set_planned(&d, 3);
	assert_string_equal(d.stop, "");
	assert_int_equal(cv_load_dir(&c, "/nonexistent/curve", NULL, &err), 0);
	assert_int_equal(c.n, 0);
	unlink(p1), unlink(p2), unlink(other);
	free(t1), free(t2), free(p1), free(p2), free(other);
	tu_rmtree(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_names),
		cmocka_unit_test(test_runner_point),
		cmocka_unit_test(test_stock_fio_point),
		cmocka_unit_test(test_held_edge),
		cmocka_unit_test(test_mix),
		cmocka_unit_test(test_bound),
		cmocka_unit_test(test_arrivals),
		cmocka_unit_test(test_not_curve),
		cmocka_unit_test(test_dir_and_outputs),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
