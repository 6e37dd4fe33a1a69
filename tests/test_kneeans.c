/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: the answer under a latency bound and the knee of its
 * ladder (converter/points/knee.c, kn_answer_apart()): they answer two
 * questions (the most IOPS the bound allows; the last load before the
 * latency crossed it or IOPS stopped rising) and may name two loads; the
 * sentence the trace then gives, for each way that happens, and none
 * when they agree or the answer is in another ladder. Recorded rows of
 * fio 3.x jobs; the knee rule itself is tests/test_knee.c's.
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
#include "knee.h"
#include "points.h"
#include "conv_fixture.h"

static struct kn_bound bound(const char *s)
{
	struct kn_bound b;

	if (kn_parse(&b, s, NULL))
		fail_msg("bad bound '%s'", s);
	return b;
}

/* One fio 3.x job of fiorion's, 60 s of @iops small reads at @lat_ms mean latency. */
static char *job(const char *name, int depth, long iops, double lat_ms)
{
	char *s;
	long ios = iops * 60;

	if (asprintf(&s, "{\"jobname\": \"%s\", \"groupid\": 0, \"job options\": "
			 "{\"iodepth\": \"%d\", \"bs\": \"8192\", \"rw\": \"randread\"}, "
			 "\"read\": {\"io_bytes\": %ld, \"io_kbytes\": %ld, \"runtime\": 60000, "
			 "\"total_ios\": %ld, \"iops\": 0, \"lat_ns\": {\"min\": 1, \"max\": %f, "
			 "\"mean\": %f, \"stddev\": 0, \"N\": %ld}}, "
			 "\"write\": {\"io_bytes\": 0, \"io_kbytes\": 0, \"runtime\": 0, \"total_ios\": 0, \"iops\": 0}}",
		     name, depth, ios * 8192, ios * 8, ios, lat_ms * 4e6, lat_ms * 1e6, ios) < 0)
		abort();
	return s;
}

/* One row at Large=0 of 60 s points: {load, IOPS, mean latency ms}, load 0 ends it. */
struct row_pt {
	int s;
	long iops;
	double lat_ms;
};

static void build_row(struct fj_set *set, struct pt_set *pts, const struct row_pt *r)
{
	char *jobs[16], name[32];
	int n;

	for (n = 0; r[n].s; n++) {
		snprintf(name, sizeof(name), "p%03d-s%d-l0-small", n + 1, r[n].s);
		jobs[n] = job(name, r[n].s, r[n].iops, r[n].lat_ms);
	}
	cf_build(set, pts, jobs, n, NULL, PT_MERGE_NONE);
}

/*
 * kn_answer_apart(): the answer (the most IOPS within the bound) and the
 * knee of its ladder name two loads only with a sentence saying why, in
 * each way they can: a hiccup past the answer (the ladder), a
 * tie, a flat knee with more IOPS later, a ladder back under the bound
 * past its crossing, a ladder with no knee; none when they agree.
 */
static void test_knee_answer_apart(void **state)
{
	static const struct {
		const char *bound;
		struct row_pt row[10];
		const char *want; /* NULL: they agree */
	} t[] = {
		/* 4 crosses (a hiccup), 5 is back under with less than 3's IOPS, 6 and 7 cross. */
		{ "0.3",
		  { { 1, 5000, 0.2 }, { 2, 10000, 0.2 }, { 3, 12000, 0.25 }, { 4, 9000, 0.44 }, { 5, 11900, 0.29 }, { 6, 11000, 0.55 }, { 7, 11000, 0.64 } },
		  "Best Small IOPS with latency <= 0.3 ms is at Small=3 (12000 IOPS), not at the knee, Small=5 (11900 IOPS): Small=3 gave the most IOPS of the loads within the bound, more than the knee; the knee is the last load before the latency crossed the bound, confirmed by the load after" },
		/* The same IOPS at 2 and at the knee 4: the first is the answer. */
		{ "1",
		  { { 1, 1000, 0.5 }, { 2, 2000, 0.5 }, { 3, 1500, 2 }, { 4, 2000, 0.9 }, { 5, 2100, 2 }, { 6, 2100, 3 } },
		  "Best Small IOPS with latency <= 1 ms is at Small=2 (2000 IOPS), not at the knee, Small=4 (2000 IOPS): Small=2 gave as many IOPS as the knee, and the answer takes the first load to give the most; the knee is the last load before the latency crossed the bound, confirmed by the load after" },
		/* Flat from 2 (confirmed at 8), then +8.9 % at 16, all within 1 ms. */
		{ "1",
		  { { 1, 1000, 0.5 }, { 2, 2000, 0.5 }, { 4, 2010, 0.6 }, { 8, 2020, 0.7 }, { 16, 2200, 0.9 } },
		  "Best Small IOPS with latency <= 1 ms is at Small=16 (2200 IOPS), not at the knee, Small=2 (2000 IOPS): past the knee IOPS rose by less than 5 % a doubling of the load, yet Small=16 gave more within the bound; the knee is where more load stopped paying, the answer the most IOPS the bound allows" },
		/* Crossed at 3, confirmed at 4, back under at 5 with more. */
		{ "1",
		  { { 1, 1000, 0.5 }, { 2, 2000, 0.5 }, { 3, 2100, 1.5 }, { 4, 2100, 1.9 }, { 5, 2500, 0.9 } },
		  "Best Small IOPS with latency <= 1 ms is at Small=5 (2500 IOPS), not at the knee, Small=2 (2000 IOPS): past the knee the latency crossed the bound at Small=3, yet Small=5 is back within it with more IOPS; the knee is the last load before the latency crossed the bound, confirmed by the load after" },
		/* Over from the first load: no knee; 3 is within. */
		{ "1",
		  { { 1, 1000, 1.5 }, { 2, 1500, 1.6 }, { 3, 1600, 0.9 } },
		  "Best Small IOPS with latency <= 1 ms is at Small=3 (1600 IOPS), in a ladder with no knee: its first loads were over the bound, Small=3 is within it" },
		/* Knee and answer at 2. */
		{ "1", { { 1, 1000, 0.5 }, { 2, 2000, 0.9 }, { 3, 2100, 1.5 }, { 4, 2100, 1.9 } }, NULL },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		struct kn_bound b = bound(t[i].bound);
		struct fj_set set;
		struct pt_set pts;
		struct kn_knee *k;
		char buf[600];
		size_t n;

		build_row(&set, &pts, t[i].row);
		assert_int_equal(kn_find_all(&pts, &b, &k, &n, NULL), 0);
		assert_int_equal(n, 1);
		assert_int_equal(kn_answer_apart(&pts, &k[0], &b, buf, sizeof(buf)), t[i].want != NULL);
		assert_string_equal(buf, t[i].want ? t[i].want : "");
		/* Without a bound there is no answer to differ. */
		assert_false(kn_answer_apart(&pts, &k[0], NULL, buf, sizeof(buf)));
		free(k);
		pt_set_release(&pts);
		fj_set_release(&set);
	}
	/*
	 * The answer in another ladder: row Large=0's knee is Small=2, the
	 * most IOPS within 1 ms are Small=4's at Large=1; that answer's line
	 * names Large=1 itself, and row 1's knee is Small=4.
	 */
	{
		struct kn_bound b = bound("1");
		struct fj_set set;
		struct pt_set pts;
		struct kn_knee *k;
		char *jobs[5], buf[600];
		size_t n;

		jobs[0] = job("p001-s2-l0-small", 2, 2000, 0.5);
		jobs[1] = job("p002-s4-l0-small", 4, 2100, 1.5);
		jobs[2] = job("p003-s8-l0-small", 8, 2100, 2);
		jobs[3] = job("p004-s2-l1-small", 2, 2200, 0.6);
		jobs[4] = job("p005-s4-l1-small", 4, 2500, 0.9);
		cf_build(&set, &pts, jobs, 5, NULL, PT_MERGE_NONE);
		assert_int_equal(kn_find_all(&pts, &b, &k, &n, NULL), 0);
		assert_int_equal(n, 2);
		assert_int_equal(k[0].load, 2);
		assert_int_equal(kn_max_iops_under(&pts, &b)->number, 5);
		for (i = 0; i < n; i++)
			assert_false(kn_answer_apart(&pts, &k[i], &b, buf, sizeof(buf)));
		free(k);
		pt_set_release(&pts);
		fj_set_release(&set);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_knee_answer_apart),
	};

	return cmocka_run_group_tests_name("kneeans", tests, NULL, NULL);
}
