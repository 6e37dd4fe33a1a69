/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: the knee on points built from fio JSON (converter/points/
 * knee.c, split from test_knee.c, whose ladders are recorded series):
 * percentile bounds from json+ bins and from fio's percentile list; every
 * ladder of a matrix; the knee's sentence; the answer lines of the
 * summary and the knee marks of the trace (from run.json's max_latency
 * and from or_params_set_bound(), as fio2orion -max_latency); run.json's
 * keys.
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

#include "fiojson.h"
#include "knee.h"
#include "orion_report.h"
#include "points.h"
#include "runinfo.h"
#include "conv_fixture.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

static struct kn_bound bound(const char *s)
{
	struct kn_bound b;

	if (kn_parse(&b, s, NULL))
		fail_msg("bad bound '%s'", s);
	return b;
}

/* ------------------------------------------------- points from fio JSON */

/*
 * One fio 3.x job of fiorion's (pNNN-sS-lL-small|large): @ios reads of
 * @bs bytes in @runtime_ms, lat mean @lat_ns; @extra goes into lat_ns
 * (json+ "bins" or a "percentile" list), "" for none.
 */
static char *job(const char *name, int depth, int bs, long ios, long runtime_ms,
		 double lat_ns, const char *extra)
{
	char *s;

	if (asprintf(&s, "{\"jobname\": \"%s\", \"groupid\": 0, \"job options\": "
			 "{\"iodepth\": \"%d\", \"bs\": \"%d\", \"rw\": \"randread\"}, "
			 "\"read\": {\"io_bytes\": %ld, \"io_kbytes\": %ld, \"runtime\": %ld, "
			 "\"total_ios\": %ld, \"iops\": 0, \"lat_ns\": {\"min\": 1, \"max\": %f, "
			 "\"mean\": %f, \"stddev\": 0, \"N\": %ld%s%s}}, "
			 "\"write\": {\"io_bytes\": 0, \"io_kbytes\": 0, \"runtime\": 0, \"total_ios\": 0, \"iops\": 0}}",
		     name, depth, bs, ios * bs, ios * bs / 1024, runtime_ms, ios, lat_ns * 4,
		     lat_ns, ios, *extra ? ", " : "", extra) < 0)
		abort();
	return s;
}

/* @jobs (freed) and an optional "fiorion" object body into @set and @pts. */
static void build(struct fj_set *set, struct pt_set *pts, char **jobs, int n, const char *run)
{
	char *obj = NULL;

	if (run)
		assert_true(asprintf(&obj, "{%s}", run) > 0);
	cf_build(set, pts, jobs, n, obj, PT_MERGE_NONE);
	free(obj);
}

/*
 * A row at Large=0 whose mean latency stays low while the tail grows:
 * json+ bins with 1 % of the I/Os slow. Mean: 1, 1.2, 1.5, 2 ms; p99
 * (fio's rule on the bins): 2, 4, 8, 16 ms. IOPS 1000, 1800, 3000, 3600.
 */
static void build_tail_row(struct fj_set *set, struct pt_set *pts, const char *run)
{
	char *jobs[4];

	jobs[0] = job("p001-s1-l0-small", 1, 8192, 60000, 60000, 1e6,
		      "\"bins\": {\"900000\": 98000, \"2000000\": 1500, \"3000000\": 500}");
	jobs[1] = job("p002-s2-l0-small", 2, 8192, 108000, 60000, 1.2e6,
		      "\"bins\": {\"1000000\": 98000, \"4000000\": 1500, \"5000000\": 500}");
	jobs[2] = job("p003-s4-l0-small", 4, 8192, 180000, 60000, 1.5e6,
		      "\"bins\": {\"1200000\": 98000, \"8000000\": 1500, \"9000000\": 500}");
	jobs[3] = job("p004-s8-l0-small", 8, 8192, 216000, 60000, 2e6,
		      "\"bins\": {\"1500000\": 98000, \"16000000\": 1500, \"17000000\": 500}");
	build(set, pts, jobs, 4, run);
}

static void test_knee_percentile_bins(void **state)
{
	struct kn_bound mean = bound("5"), p99 = bound("p99:5"), p50 = bound("p50:1.1");
	struct fj_set set;
	struct pt_set pts;
	struct kn_knee *k;
	size_t n;

	(void)state;
	build_tail_row(&set, &pts, NULL);
	assert_int_equal(pts.n, 4);
	assert_true(kn_lat_ms(&pts.pts[0].small, &mean) == 1.0);
	assert_true(kn_lat_ms(&pts.pts[0].small, &p99) == 2.0);
	assert_true(kn_lat_ms(&pts.pts[3].small, &p99) == 16.0);
	assert_true(kn_lat_ms(&pts.pts[3].small, &p50) == 1.5);
	/* Without a bound (or with one not set), the mean. */
	assert_true(kn_lat_ms(&pts.pts[1].small, NULL) == 1.2);
	/* A class that is not there has no latency. */
	assert_true(kn_lat_ms(&pts.pts[1].large, &p99) == -1);

	/* The mean stays within 5 ms: the knee is the 5 % rule's (3000 -> 3600 is +20 %: open). */
	assert_int_equal(kn_find_all(&pts, &mean, &k, &n, NULL), 0);
	assert_int_equal(n, 1);
	assert_true(k[0].small);
	assert_int_equal(k[0].fixed, 0);
	assert_int_equal(k[0].why, KN_OPEN);
	assert_int_equal(k[0].load, 8);
	assert_int_equal(k[0].knee, 3);
	assert_int_equal(k[0].next_load, 0);
	free(k);
	/* p99 crosses 5 ms at Small=4 (8 ms): the knee is 2. */
	assert_int_equal(kn_find_all(&pts, &p99, &k, &n, NULL), 0);
	assert_int_equal(n, 1);
	assert_int_equal(k[0].why, KN_LATENCY);
	assert_int_equal(k[0].knee, 1);
	assert_int_equal(k[0].load, 2);
	assert_true(k[0].value == 1800.0);
	assert_true(k[0].lat_ms == 4.0);
	assert_int_equal(k[0].next_load, 4);
	assert_true(k[0].next_lat_ms == 8.0);
	assert_int_equal(k[0].nsteps, 4);
	free(k);
	/* The answer: the most IOPS with p99 <= 5 ms is Small=2's; with the mean, Small=8's. */
	assert_int_equal(kn_max_iops_under(&pts, &p99)->s, 2);
	assert_int_equal(kn_max_iops_under(&pts, &mean)->s, 8);
	assert_null(kn_max_mbps_under(&pts, &p99));
	p99 = bound("p99:1");
	assert_null(kn_max_iops_under(&pts, &p99));
	assert_null(kn_max_iops_under(&pts, NULL));
	pt_set_release(&pts);
	fj_set_release(&set);
}

/* fio's percentile list (no bins): the value at the percentile, else between neighbours, else unknown. */
static void test_knee_percentile_list(void **state)
{
	struct kn_bound p99 = bound("p99:5"), p995 = bound("p99.5:5"), p9999 = bound("p99.9999:5");
	struct fj_set set;
	struct pt_set pts;
	char *jobs[1];

	(void)state;
	jobs[0] = job("p001-s1-l0-small", 1, 8192, 60000, 60000, 1e6,
		      "\"percentile\": {\"50.000000\": 900000, \"99.000000\": 3000000, \"99.900000\": 6000000}");
	build(&set, &pts, jobs, 1, NULL);
	assert_true(kn_lat_ms(&pts.pts[0].small, &p99) == 3.0);
	/* 99.5 is 5/9 of the way from 99 to 99.9: 3 + 5/9 x 3 ms. */
	assert_true(kn_lat_ms(&pts.pts[0].small, &p995) > 4.66 &&
		    kn_lat_ms(&pts.pts[0].small, &p995) < 4.67);
	/* Beyond the list: unknown, so never within the bound. */
	assert_true(kn_lat_ms(&pts.pts[0].small, &p9999) == -1);
	assert_null(kn_max_iops_under(&pts, &p9999));
	pt_set_release(&pts);
	fj_set_release(&set);
}

/*
 * A matrix: rows at Large=0 and Large=1, columns at Small=0, 2 and 4.
 *   (1,0) 1000 IOPS 1 ms   (2,0) 1900 2 ms   (4,0) 1950 6 ms
 *   (0,1) 100 MBPS 10 ms   (0,2) 180 12 ms   (0,4) 185 30 ms
 *   (2,1) 1200 IOPS 3 ms + 80 MBPS 15 ms     (4,1) 2000 IOPS 9 ms + 60 MBPS 25 ms
 */
static void build_matrix(struct fj_set *set, struct pt_set *pts, const char *run)
{
	char *jobs[10];

	jobs[0] = job("p001-s1-l0-small", 1, 8192, 60000, 60000, 1e6, "");
	jobs[1] = job("p002-s2-l0-small", 2, 8192, 114000, 60000, 2e6, "");
	jobs[2] = job("p003-s4-l0-small", 4, 8192, 117000, 60000, 6e6, "");
	jobs[3] = job("p004-s0-l1-large", 1, 1048576, 6000, 60000, 10e6, "");
	jobs[4] = job("p005-s0-l2-large", 2, 1048576, 10800, 60000, 12e6, "");
	jobs[5] = job("p006-s0-l4-large", 4, 1048576, 11100, 60000, 30e6, "");
	jobs[6] = job("p007-s2-l1-small", 2, 8192, 72000, 60000, 3e6, "");
	jobs[7] = job("p007-s2-l1-large", 1, 1048576, 4800, 60000, 15e6, "");
	jobs[8] = job("p008-s4-l1-small", 4, 8192, 120000, 60000, 9e6, "");
	jobs[9] = job("p008-s4-l1-large", 1, 1048576, 3600, 60000, 25e6, "");
	build(set, pts, jobs, 10, run);
}

static void test_knee_find_all(void **state)
{
	struct kn_bound b = bound("5");
	struct fj_set set;
	struct pt_set pts;
	struct kn_knee *k;
	size_t n;

	(void)state;
	build_matrix(&set, &pts, NULL);
	assert_int_equal(kn_find_all(&pts, &b, &k, &n, NULL), 0);
	/* Rows at Large=0, 1; columns at Small=0, 2, 4. */
	assert_int_equal(n, 5);
	/* Row 0: 4 is over 5 ms: the knee is 2. */
	assert_true(k[0].small);
	assert_int_equal(k[0].fixed, 0);
	assert_int_equal(k[0].load, 2);
	assert_int_equal(k[0].why, KN_LATENCY);
	assert_int_equal(k[0].nsteps, 3);
	/* Row 1: 2 at 3 ms, 4 at 9 ms. */
	assert_true(k[1].small);
	assert_int_equal(k[1].fixed, 1);
	assert_int_equal(k[1].load, 2);
	assert_int_equal(k[1].why, KN_LATENCY);
	/* Column 0: over 5 ms from Large=1 on. */
	assert_false(k[2].small);
	assert_int_equal(k[2].fixed, 0);
	assert_int_equal(k[2].why, KN_OVER);
	assert_int_equal(k[2].knee, -1);
	assert_int_equal(k[2].load, 0);
	assert_int_equal(k[2].next_load, 1);
	assert_true(k[2].next_lat_ms == 10.0);
	assert_int_equal(k[3].fixed, 2);
	assert_int_equal(k[3].why, KN_OVER);
	assert_int_equal(k[4].fixed, 4);
	assert_int_equal(k[4].nsteps, 1);
	free(k);
	/* No bound: the 5 % rule. Row 0: 1900 -> 1950 is +2.6 %; column 0: 180 -> 185. */
	assert_int_equal(kn_find_all(&pts, NULL, &k, &n, NULL), 0);
	assert_int_equal(n, 5);
	assert_int_equal(k[0].why, KN_FLAT);
	assert_int_equal(k[0].load, 2);
	assert_int_equal(k[0].next_load, 4);
	assert_int_equal(k[1].why, KN_OPEN);
	assert_int_equal(k[1].load, 4);
	assert_int_equal(k[2].why, KN_FLAT);
	assert_int_equal(k[2].load, 2);
	assert_true(k[2].value == 180.0);
	/* The column at Small=2 has one point: its knee, open. */
	assert_int_equal(k[3].why, KN_OPEN);
	assert_int_equal(k[3].fixed, 2);
	assert_int_equal(k[3].load, 1);
	assert_int_equal(k[3].knee, 0);
	assert_int_equal(k[3].nsteps, 1);
	free(k);
	/* The answers: within 5 ms, Small=2 at Large=0 (1900 IOPS); no large point. */
	assert_int_equal(kn_max_iops_under(&pts, &b)->number, 2);
	assert_null(kn_max_mbps_under(&pts, &b));
	b = bound("12");
	assert_int_equal(kn_max_mbps_under(&pts, &b)->number, 5);
	assert_int_equal(kn_max_iops_under(&pts, &b)->number, 8);
	pt_set_release(&pts);
	fj_set_release(&set);
}

static void test_knee_describe(void **state)
{
	struct kn_bound b5 = bound("5"), p99 = bound("p99:5");
	struct kn_knee flat = { .small = true, .fixed = 0, .knee = 2, .load = 4, .why = KN_FLAT, .value = 1000, .next_load = 5, .next_value = 1012, .nsteps = 6, .confirmed = true, .confirm_load = 6 };
	struct kn_knee dip = flat, lat = flat, over = flat, open = flat, one = flat, empty = flat;
	char buf[512];

	(void)state;
	kn_describe(&flat, NULL, buf, sizeof(buf));
	assert_string_equal(buf, "knee of the small-I/O ladder at Large=0: Small=4 (Small=5 raised IOPS by 1.2 %, under the 1.6 % asked of it: 5 % a doubling of the load); flat, confirmed at Small=6");
	dip.next_value = 980;
	kn_describe(&dip, &b5, buf, sizeof(buf));
	assert_string_equal(buf, "knee of the small-I/O ladder at Large=0: Small=4 (Small=5 lowered IOPS by 2.0 %); flat, confirmed at Small=6");
	lat.why = KN_LATENCY;
	lat.small = false;
	lat.fixed = 2;
	lat.next_lat_ms = 6.2;
	kn_describe(&lat, &p99, buf, sizeof(buf));
	assert_string_equal(buf, "knee of the large-I/O ladder at Small=2: Large=4 (Large=5 took the p99 latency to 6.20 ms, over 5 ms); crossed, confirmed at Large=6");
	kn_describe(&lat, &b5, buf, sizeof(buf));
	assert_string_equal(buf, "knee of the large-I/O ladder at Small=2: Large=4 (Large=5 took the latency to 6.20 ms, over 5 ms); crossed, confirmed at Large=6");
	over.why = KN_OVER;
	over.knee = -1;
	over.load = 0;
	over.next_load = 1;
	over.next_lat_ms = 7.25;
	kn_describe(&over, &b5, buf, sizeof(buf));
	assert_string_equal(buf, "no knee in the small-I/O ladder at Large=0: even its first load, Small=1, is over the bound (latency 7.25 ms, over 5 ms); crossed, confirmed at Small=6");
	/* Evidence: unconfirmed at the ladder's end; noise the ladder went past. */
	lat.confirmed = false;
	lat.noise_load = 3;
	lat.noise_interval = true;
	kn_describe(&lat, &b5, buf, sizeof(buf));
	assert_string_equal(buf, "knee of the large-I/O ladder at Small=2: Large=4 (within noise at Large=3, continued; Large=5 took the latency to 6.20 ms, over 5 ms); not confirmed: the ladder ended");
	open.why = KN_OPEN;
	open.load = 32;
	open.next_load = 0;
	kn_describe(&open, &p99, buf, sizeof(buf));
	assert_string_equal(buf, "knee of the small-I/O ladder at Large=0: Small=32, its last load (the ladder ended before its p99 latency crossed 5 ms or IOPS rose by less than 5 % a doubling of the load)");
	kn_describe(&open, NULL, buf, sizeof(buf));
	assert_string_equal(buf, "knee of the small-I/O ladder at Large=0: Small=32, its last load (the ladder ended before IOPS rose by less than 5 % a doubling of the load)");
	one = open;
	one.nsteps = 1;
	one.small = false;
	kn_describe(&one, NULL, buf, sizeof(buf));
	assert_string_equal(buf, "knee of the large-I/O ladder at Small=0: Large=32, its only load (the ladder ended before MBPS rose by less than 5 % a doubling of the load)");
	empty.nsteps = 0;
	kn_describe(&empty, NULL, buf, sizeof(buf));
	assert_string_equal(buf, "the small-I/O ladder at Large=0 has no points");
	/* A short buffer is cut, never overrun. */
	kn_describe(&flat, NULL, buf, 8);
	assert_string_equal(buf, "knee of");
	assert_string_equal(kn_why_name(KN_OPEN), "open");
	assert_string_equal(kn_why_name(KN_LATENCY), "latency");
	assert_string_equal(kn_why_name(KN_FLAT), "flat");
	assert_string_equal(kn_why_name(KN_OVER), "over");
}

/* ------------------------------------------------------ ORION's files */

static char *summary_of(const struct or_params *p, const struct pt_set *pts, enum or_compat c)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	or_summary(f, p, pts, c);
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

/* run.json's max_latency: the answer lines after ORION's, knees in the trace. */
static void test_knee_report_run_bound(void **state)
{
	struct fj_set set;
	struct pt_set pts;
	struct or_params p;
	struct fr_err err = { "" };
	char *s, *t;

	(void)state;
	build_matrix(&set, &pts, "\"testname\": \"m\", \"max_latency\": \"5\", \"stop_at_knee\": true, "
				 "\"stopped\": [\"The small-I/O ladder at Large=0 stopped one load past its knee.\", 7]");
	assert_int_equal(or_params_init(&p, &set, &pts, NULL, NULL, 0, &err), 0);
	assert_true(p.bound.set);
	assert_true(p.run->stop_at_knee);
	assert_int_equal(p.run->nstopped, 1);
	assert_int_equal(p.nknees, 5);
	s = summary_of(&p, &pts, OR_COMPAT_102);
	assert_non_null(strstr(s, "Total Data Points: 9\n"
				  "The small-I/O ladder at Large=0 stopped one load past its knee.\n\n"));
	assert_non_null(strstr(s, "Minimum Small Latency=1.00 @ Small=1 and Large=0\n"
				  "Best Small IOPS with latency <= 5 ms = 1900 @ Small=2 and Large=0\n"
				  "Best Large MBPS with latency <= 5 ms = none\n"));
	free(s);
	/* 19c: the lines after a blank line, as the block's other parts. */
	s = summary_of(&p, &pts, OR_COMPAT_19C);
	assert_non_null(strstr(s, "Small Read Latency: avg=1000.000 us, min=0.001 us, max=4000.000 us, std dev=0.000 us @ Small=1 and Large=0\n"
				  "\n"
				  "Best Small IOPS with latency <= 5 ms = 1900 @ Small=2 and Large=0\n"));
	free(s);
	t = trace_of(&p, &pts);
	/* After the knee point's block (Small=2, Large=0 is point 2), before the next header. */
	assert_non_null(strstr(t, "lat   2.00 ms bw =  14.84 MBps dur  60.00 s READ\n"
				  "Knee of the small-I/O ladder at Large=0: Small=2 (Small=4 took the latency to 6.00 ms, over 5 ms); not confirmed: the ladder ended\n"
				  "\nPoint 3 (small=2, large=0) of 9\n"));
	/* A ladder over the bound from its first load: marked at that load. */
	assert_non_null(strstr(t, "lat  10.00 ms bw = 100.00 MBps dur  60.00 s READ\n"
				  "No knee in the large-I/O ladder at Small=0: even its first load, Large=1, is over the bound (latency 10.00 ms, over 5 ms); crossed, confirmed at Large=2\n\n"));
	/* A mixed point can be the knee of its row and hold its column's mark. */
	assert_non_null(strstr(t, "Knee of the small-I/O ladder at Large=1: Small=2 (Small=4 took the latency to 9.00 ms, over 5 ms); not confirmed: the ladder ended\n"
				  "No knee in the large-I/O ladder at Small=2: even its first load, Large=1, is over the bound (latency 15.00 ms, over 5 ms); not confirmed: the ladder ended\n"));
	free(t);

	/* fio2orion -max_latency p99:...: overrides; no percentiles here, so unknown. */
	{
		struct kn_bound b = bound("p99:20");

		assert_int_equal(or_params_set_bound(&p, &pts, &b, &err), 0);
		s = summary_of(&p, &pts, OR_COMPAT_102);
		assert_non_null(strstr(s, "Best Small IOPS with p99 latency <= 20 ms = none (p99 latency unknown at 5 of 5 points)\n"
					  "Best Large MBPS with p99 latency <= 20 ms = none (p99 latency unknown at 5 of 5 points)\n"));
		free(s);
		/* A mean bound again: the large answer. */
		b = bound("12");
		assert_int_equal(or_params_set_bound(&p, &pts, &b, &err), 0);
		s = summary_of(&p, &pts, OR_COMPAT_102);
		assert_non_null(strstr(s, "Best Small IOPS with latency <= 12 ms = 2000 @ Small=4 and Large=1\n"
					  "Best Large MBPS with latency <= 12 ms = 180.00 @ Small=0 and Large=2\n"));
		free(s);
	}
	or_params_release(&p);
	pt_set_release(&pts);
	fj_set_release(&set);
}

/*
 * Without a bound and without stop_at_knee: no answer lines, no knee
 * marks (ORION's files). With stop_at_knee alone: the 5 % rule's knees
 * in the trace, no answer lines. A bad bound in run.json: a warning.
 */
static void test_knee_report_without(void **state)
{
	struct fj_set set;
	struct pt_set pts;
	struct or_params p;
	struct fr_err err = { "" };
	char *s, *t;

	(void)state;
	build_tail_row(&set, &pts, "\"testname\": \"t\"");
	assert_int_equal(or_params_init(&p, &set, &pts, NULL, NULL, 0, &err), 0);
	assert_int_equal(p.nknees, 0);
	s = summary_of(&p, &pts, OR_COMPAT_102);
	t = trace_of(&p, &pts);
	assert_null(strstr(s, "with latency"));
	assert_null(strstr(s, "Steady state"));
	assert_null(strstr(t, "nee "));
	free(s);
	free(t);
	or_params_release(&p);
	fj_set_release(&set);
	pt_set_release(&pts);

	build_tail_row(&set, &pts, "\"testname\": \"t\", \"stop_at_knee\": true");
	assert_int_equal(or_params_init(&p, &set, &pts, NULL, NULL, 0, &err), 0);
	s = summary_of(&p, &pts, OR_COMPAT_102);
	t = trace_of(&p, &pts);
	assert_null(strstr(s, "with latency"));
	assert_non_null(strstr(t, "dur  60.00 s READ\nKnee of the small-I/O ladder at Large=0: Small=8, its last load (the ladder ended before IOPS rose by less than 5 % a doubling of the load)\n\nPoint 5 (small=8, large=0) of 5\n"));
	free(s);
	free(t);
	or_params_release(&p);
	fj_set_release(&set);
	pt_set_release(&pts);

	build_tail_row(&set, &pts, "\"testname\": \"t\", \"max_latency\": \"p99:x\"");
	assert_int_equal(or_params_init(&p, &set, &pts, NULL, NULL, 0, &err), 0);
	assert_false(p.bound.set);
	assert_int_equal(p.nwarnings, 1);
	assert_string_equal(p.warnings[0], "run.json's max_latency 'p99:x': expected MS, pNN:MS or pNN.N:MS (a latency bound in ms, p100 the maximum), e.g. 5, p99:5 or p99.9:0.5, or a mean and a percentile bound together, e.g. 2,p100:5; the summary gives no answer under it");
	or_params_release(&p);
	fj_set_release(&set);
	pt_set_release(&pts);

	/* A percentile bound from run.json, on json+ bins. */
	build_tail_row(&set, &pts, "\"testname\": \"t\", \"max_latency\": \"p99:5\"");
	assert_int_equal(or_params_init(&p, &set, &pts, NULL, NULL, 0, &err), 0);
	s = summary_of(&p, &pts, OR_COMPAT_102);
	assert_non_null(strstr(s, "\nBest Small IOPS with p99 latency <= 5 ms = 1800 @ Small=2 and Large=0\n"));
	/* No large point: no large line. */
	assert_null(strstr(s, "Best Large MBPS with"));
	free(s);
	or_params_release(&p);
	fj_set_release(&set);
	pt_set_release(&pts);
}

/* ----------------------------------------------------------- run.json */

static void test_knee_runinfo(void **state)
{
	char *stopped[] = { "The small-I/O ladder at Large=0 stopped one load past its knee: ...", "second" };
	struct kn_knee knees[] = { { .small = true, .fixed = 0, .load = 4, .why = KN_LATENCY },
				   { .small = false, .fixed = 2, .load = 0, .why = KN_OVER } };
	struct ri_run r = { 0 }, back = { 0 };
	json_error_t je;
	json_t *doc, *o;
	char *text;

	(void)state;
	r.testname = "t";
	/* Without the options: none of the keys. */
	text = ri_write(&r);
	assert_non_null(text);
	doc = json_loads(text, 0, &je);
	o = json_object_get(doc, "fiorion");
	assert_null(json_object_get(o, "max_latency"));
	assert_null(json_object_get(o, "stop_at_knee"));
	assert_null(json_object_get(o, "stopped"));
	assert_null(json_object_get(o, "knees"));
	assert_null(json_object_get(o, "duration_auto"));
	ri_read(&back, o);
	assert_null(back.max_latency);
	assert_false(back.stop_at_knee);
	assert_int_equal(back.nstopped + back.nknees + back.duration_auto, 0);
	ri_release(&back);
	json_decref(doc);
	free(text);

	r.max_latency = "p99:5";
	r.stop_at_knee = true;
	r.stopped = stopped;
	r.nstopped = 2;
	r.knees = knees;
	r.nknees = 2;
	r.duration_auto = 60;
	text = ri_write(&r);
	doc = json_loads(text, 0, &je);
	o = json_object_get(doc, "fiorion");
	assert_string_equal(json_string_value(json_object_get(o, "max_latency")), "p99:5");
	assert_true(json_is_true(json_object_get(o, "stop_at_knee")));
	assert_int_equal(json_integer_value(json_object_get(o, "duration_auto")), 60);
	assert_string_equal(json_string_value(json_object_get(json_array_get(json_object_get(o, "knees"), 1), "ladder")), "large");
	/* Entries the reader skips: not an object, an unknown ladder, no why, an unknown why. */
	json_array_append_new(json_object_get(o, "knees"), json_string("x"));
	json_array_append_new(json_object_get(o, "knees"), json_pack("{s:s, s:i, s:i, s:s}", "ladder", "row", "fixed", 1, "load", 2, "why", "flat"));
	json_array_append_new(json_object_get(o, "knees"), json_pack("{s:s, s:i, s:i}", "ladder", "small", "fixed", 1, "load", 2));
	json_array_append_new(json_object_get(o, "knees"), json_pack("{s:s, s:i, s:i, s:s}", "ladder", "small", "fixed", 1, "load", 2, "why", "steep"));
	json_array_append_new(json_object_get(o, "stopped"), json_integer(3));
	ri_read(&back, o);
	assert_string_equal(back.max_latency, "p99:5");
	assert_true(back.stop_at_knee);
	assert_int_equal(back.nstopped, 2);
	assert_string_equal(back.stopped[0], stopped[0]);
	assert_int_equal(back.nknees, 2);
	assert_true(back.knees[0].small);
	assert_int_equal(back.knees[0].fixed, 0);
	assert_int_equal(back.knees[0].load, 4);
	assert_int_equal(back.knees[0].why, KN_LATENCY);
	assert_false(back.knees[1].small);
	assert_int_equal(back.knees[1].fixed, 2);
	assert_int_equal(back.knees[1].why, KN_OVER);
	assert_int_equal(back.duration_auto, 60);
	ri_release(&back);
	json_decref(doc);
	free(text);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_knee_percentile_bins),
		cmocka_unit_test(test_knee_percentile_list),
		cmocka_unit_test(test_knee_find_all),
		cmocka_unit_test(test_knee_describe),
		cmocka_unit_test(test_knee_report_run_bound),
		cmocka_unit_test(test_knee_report_without),
		cmocka_unit_test(test_knee_runinfo),
	};

	return cmocka_run_group_tests_name("knee on fio JSON", tests, NULL, NULL);
}
