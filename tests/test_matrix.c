/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: ORION's matrix of data points for -num_disks 1, 2, 4, 8
 * against the counts confirmed by real ORION output (orion.md 2.5):
 * simple 8 (N=1), 29 (N=4), 38 (N=8, small 1, 2, 4, .., 40), normal 18
 * (N=1); and oltp, dss, point, row, col, max, their order, and the
 * job sections written for small, large, mixed, sequential and warmed
 * points; the engine's options (jf_engine_opts()).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "jobfile.h"
#include "matrix.h"

struct count_case {
	enum mx_run run;
	enum mx_matrix matrix;
	unsigned int n;
	int num_small, num_large;
	size_t total; /* ORION's Total Data Points, (0,0) counted */
};

static void test_matrix_counts(void **state)
{
	static const struct count_case t[] = {
		{ MX_SIMPLE, MX_BASIC, 1, -1, -1, 8 },
		{ MX_SIMPLE, MX_BASIC, 2, -1, -1, 15 },
		{ MX_SIMPLE, MX_BASIC, 4, -1, -1, 29 },
		{ MX_SIMPLE, MX_BASIC, 8, -1, -1, 38 },
		{ MX_SIMPLE, MX_BASIC, 6, -1, -1, 43 }, /* 19c: 44 minutes */
		{ MX_NORMAL, MX_DETAILED, 1, -1, -1, 18 },
		{ MX_NORMAL, MX_DETAILED, 2, -1, -1, 55 },
		{ MX_NORMAL, MX_DETAILED, 4, -1, -1, 189 },
		{ MX_NORMAL, MX_DETAILED, 8, -1, -1, 22 * 17 },
		{ MX_ADVANCED, MX_BASIC, 1, -1, -1, 8 },
		{ MX_OLTP, MX_BASIC, 1, -1, -1, 21 }, /* 12c book: 1..20 */
		{ MX_OLTP, MX_BASIC, 3, -1, -1, 23 }, /* 24 minutes */
		{ MX_OLTP, MX_BASIC, 4, -1, -1, 24 },
		{ MX_DSS, MX_BASIC, 1, -1, -1, 21 },
		{ MX_DSS, MX_BASIC, 8, -1, -1, 28 },
		{ MX_ADVANCED, MX_POINT, 4, 32, 32, 2 },
		{ MX_ADVANCED, MX_POINT, 4, 0, 3, 2 },
		{ MX_ADVANCED, MX_COL, 1, 0, -1, 3 },  /* 0 + large 1..2 */
		{ MX_ADVANCED, MX_COL, 2, 4, -1, 6 },  /* (4,0..4) + (0,0) */
		{ MX_ADVANCED, MX_ROW, 5, -1, 0, 26 }, /* small 1..25 */
		{ MX_ADVANCED, MX_ROW, 1, -1, 2, 7 },
		{ MX_ADVANCED, MX_MAX, 1, 20, 0, 21 }, /* seed 000: 1..20 */
		{ MX_ADVANCED, MX_MAX, 1, 0, 10, 11 },
		{ MX_ADVANCED, MX_MAX, 1, 3, 2, 12 },
		{ MX_ADVANCED, MX_MAX, 1, 40, 0, 22 }, /* stepped like a ladder */
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		struct mx_plan p;

		assert_int_equal(mx_plan(&p, t[i].run, t[i].matrix, t[i].n,
					 t[i].num_small, t[i].num_large),
				 0);
		if (p.total != t[i].total)
			fail_msg("case %zu (N=%u): %zu points, want %zu", i,
				 t[i].n, p.total, t[i].total);
		mx_plan_release(&p);
	}
}

static void test_matrix_ladders(void **state)
{
	unsigned int v[64];
	size_t n;

	(void)state;
	n = mx_ladder(40, v, 64);
	assert_int_equal(n, 21);
	assert_int_equal(v[0], 1);
	assert_int_equal(v[1], 2);
	assert_int_equal(v[2], 4);
	assert_int_equal(v[20], 40);
	n = mx_ladder(30, v, 64);
	assert_int_equal(n, 30);
	assert_int_equal(v[29], 30);
	n = mx_ladder(100, v, 64); /* step 4: 1, 4, 8, .., 100 */
	assert_int_equal(n, 26);
	assert_int_equal(v[1], 4);
	assert_int_equal(v[25], 100);
	n = mx_ladder(61, v, 64); /* step 3, top kept */
	assert_int_equal(v[n - 1], 61);
	n = mx_ladder_long(4, v, 64); /* 1, 2, 3, 4, 8, .., 80 */
	assert_int_equal(n, 23);
	assert_int_equal(v[3], 4);
	assert_int_equal(v[4], 8);
	assert_int_equal(v[22], 80);
	assert_int_equal(mx_ladder(0, v, 64), 0);
}

/* simple, N=4: the small row 1..20, then the large column 1..8. */
static void test_matrix_order(void **state)
{
	struct mx_plan p;
	size_t i;

	(void)state;
	assert_int_equal(mx_plan(&p, MX_SIMPLE, MX_BASIC, 4, -1, -1), 0);
	for (i = 0; i < 20; i++) {
		assert_int_equal(p.pts[i].s, i + 1);
		assert_int_equal(p.pts[i].l, 0);
	}
	for (i = 20; i < 28; i++) {
		assert_int_equal(p.pts[i].s, 0);
		assert_int_equal(p.pts[i].l, i - 19);
	}
	assert_int_equal(p.nsmall_cols, 1);
	assert_int_equal(p.small_cols[0], 0);
	assert_int_equal(p.nlarge_cols, 9);
	mx_plan_release(&p);
	/* The 12c oltp sample: "Small Columns:, 1, 2, ... 20", "Large Columns:, 0", 21 points. */
	assert_int_equal(mx_plan(&p, MX_OLTP, MX_BASIC, 1, -1, -1), 0);
	assert_int_equal(p.nsmall_cols, 20);
	assert_int_equal(p.small_cols[0], 1);
	assert_int_equal(p.small_cols[19], 20);
	assert_int_equal(p.nlarge_cols, 1);
	assert_int_equal(p.large_cols[0], 0);
	assert_int_equal(p.total, 21);
	mx_plan_release(&p);
	/* Its advanced forms follow the same rule: row or max with -num_large 0. */
	assert_int_equal(mx_plan(&p, MX_ADVANCED, MX_ROW, 1, -1, 0), 0);
	assert_int_equal(p.nsmall_cols, 5);
	assert_int_equal(p.small_cols[0], 1);
	assert_int_equal(p.nlarge_cols, 1);
	assert_int_equal(p.large_cols[0], 0);
	mx_plan_release(&p);
	assert_int_equal(mx_plan(&p, MX_ADVANCED, MX_MAX, 1, 20, 0), 0);
	assert_int_equal(p.nsmall_cols, 20);
	assert_int_equal(p.small_cols[0], 1);
	assert_int_equal(p.small_cols[19], 20);
	assert_int_equal(p.nlarge_cols, 1);
	assert_int_equal(p.large_cols[0], 0);
	mx_plan_release(&p);
	/* and dss's: col or max with -num_small 0 list large loads from 1. */
	assert_int_equal(mx_plan(&p, MX_ADVANCED, MX_MAX, 1, 0, 10), 0);
	assert_int_equal(p.nlarge_cols, 10);
	assert_int_equal(p.large_cols[0], 1);
	assert_int_equal(p.nsmall_cols, 1);
	assert_int_equal(p.small_cols[0], 0);
	mx_plan_release(&p);
	assert_int_equal(mx_plan(&p, MX_ADVANCED, MX_COL, 2, 0, -1), 0);
	assert_int_equal(p.nlarge_cols, 4);
	assert_int_equal(p.large_cols[0], 1);
	mx_plan_release(&p);
	/* A row at a large load keeps small load 0 (the point with no small I/O). */
	assert_int_equal(mx_plan(&p, MX_ADVANCED, MX_ROW, 1, -1, 1), 0);
	assert_int_equal(p.nsmall_cols, 6);
	assert_int_equal(p.small_cols[0], 0);
	mx_plan_release(&p);
	assert_int_equal(mx_plan(&p, MX_NORMAL, MX_DETAILED, 1, -1, -1), 0);
	/* Row by row: (1,0)..(5,0), (0,1), (1,1), .. (5,2). */
	assert_int_equal(p.pts[0].s, 1);
	assert_int_equal(p.pts[5].s, 0);
	assert_int_equal(p.pts[5].l, 1);
	assert_int_equal(p.pts[16].s, 5);
	assert_int_equal(p.pts[16].l, 2);
	mx_plan_release(&p);
	assert_int_equal(mx_plan(&p, MX_ADVANCED, MX_POINT, 1, 0, 0), -EINVAL);
}

static char *render(const struct jf_conf *c, const struct mx_point *p)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	jf_point(f, c, 7, p, true);
	fclose(f);
	return buf;
}

static void test_matrix_job_sections(void **state)
{
	struct ri_run run = { .size_small = 8, .size_large = 1024, .num_streamio = 4, .cache_size = 0 };
	struct jf_conf c = { .engine = "/e.so", .lunfile = "/t.lun", .duration = "60", .run = &run, .vol_size = 1ULL << 30 };
	struct mx_point mixed = { .s = 3, .l = 2 }, seq = { .s = 0, .l = 4 };
	char *s;

	(void)state;
	s = render(&c, &mixed);
	assert_string_equal(s,
			    "\n[p007-s3-l2-small]\nrw=randread\nbs=8k\niodepth=3\nnumjobs=1\n"
			    "\n[p007-s3-l2-large]\nrw=randread\nbs=1024k\niodepth=2\nnumjobs=1\n");
	free(s);
	run.write_pct = 30;
	s = render(&c, &mixed);
	assert_non_null(strstr(s, "rw=randrw\nrwmixwrite=30\nbs=8k\niodepth=3\nnumjobs=1\n"));
	free(s);
	/* Sequential: 4 streams, round(4 x 30%) = 1 of them writes. */
	run.seq = true;
	s = render(&c, &seq);
	assert_string_equal(s,
			    "\n[p007-s0-l4-large]\nrw=read\nbs=1024k\niodepth=4\nnumjobs=3\n"
			    "size=25%\noffset_increment=25%\n"
			    "\n[p007-s0-l4-large]\nrw=write\nbs=1024k\niodepth=4\nnumjobs=1\n"
			    "offset=75%\nsize=25%\noffset_increment=25%\n");
	free(s);
	/* Warming: junk writes (write test) for 2 minutes, its own group. */
	run.cache_size = -1;
	s = render(&c, &seq);
	assert_true(strncmp(s, "\n[p007-s0-l4-warm]\nrw=randwrite\nbs=1024k\niodepth=16\nnumjobs=1\nruntime=120\n"
			       "\n[p007-s0-l4-large]\nstonewall=1\nrw=read\n",
			    98) == 0);
	free(s);
	run.cache_size = 256;
	s = render(&c, &seq);
	assert_non_null(strstr(s, "time_based=0\nruntime=0\nio_size=256m\n"));
	free(s);
	run.seq = false;
	assert_false(jf_has_warm(&c, &seq));
}

/*
 * The engine's options (jf_engine_opts()), as the points' [global] and
 * the hosts' probe both write them: a concat volume from a .lun file,
 * then inline LUNs on raid0 with a backend and the signatures override.
 */
/* -parts: rounds; -parts 1: the first point re-measured; pairs inserted; points counted once. */
static void test_matrix_parts(void **state)
{
	struct mx_plan p;
	const struct mx_point ins[2] = { { .s = 2, .l = 0, .num = 2, .pass = 5, .part = true },
					 { .s = 3, .l = 0, .num = 3, .pass = 5, .part = true } };
	size_t i;

	(void)state;
	assert_int_equal(mx_plan(&p, MX_SIMPLE, MX_BASIC, 1, -1, -1), 0);
	assert_int_equal(p.n, 7);
	assert_int_equal(mx_parts(&p, 3, 0), 0);
	assert_int_equal(p.n, 21);
	assert_int_equal(p.parts, 3);
	assert_int_equal(p.passes, 1);
	for (i = 0; i < p.n; i++) {
		assert_int_equal(p.pts[i].num, i % 7 + 1);
		assert_int_equal(p.pts[i].pass, i / 7 + 1);
		assert_int_equal(p.pts[i].part, i >= 7);
		assert_false(p.pts[i].ref);
	}
	assert_int_equal(mx_points_in(&p, 7), 7);
	assert_int_equal(mx_points_in(&p, 21), 7);
	assert_int_equal(mx_points_in(&p, 3), 3);
	assert_int_equal(mx_insert(&p, 3, ins, 2), 0);
	assert_int_equal(p.n, 23);
	assert_int_equal(p.pts[3].num, 2);
	assert_int_equal(p.pts[3].pass, 5);
	assert_int_equal(p.pts[5].num, 4);
	assert_int_equal(mx_points_in(&p, 5), 3);
	assert_int_equal(mx_insert(&p, 24, ins, 1), -EINVAL);
	mx_plan_release(&p);

	/* Whole points, 3 re-measures of point 1: after points 3, 5 and 7 of 7. */
	assert_int_equal(mx_plan(&p, MX_SIMPLE, MX_BASIC, 1, -1, -1), 0);
	assert_int_equal(mx_parts(&p, 1, 3), 0);
	assert_int_equal(p.n, 10);
	assert_int_equal(p.refs, 3);
	assert_true(p.pts[3].ref && p.pts[3].num == 1 && p.pts[3].pass == 2);
	assert_true(p.pts[6].ref && p.pts[6].num == 1 && p.pts[6].pass == 3);
	assert_true(p.pts[9].ref && p.pts[9].num == 1 && p.pts[9].pass == 4);
	assert_int_equal(p.pts[4].num, 4);
	assert_int_equal(mx_points_in(&p, 10), 7);
	/* Not twice, nor with -repeat. */
	assert_int_equal(mx_parts(&p, 2, 0), -EINVAL);
	mx_plan_release(&p);
	assert_int_equal(mx_plan(&p, MX_SIMPLE, MX_BASIC, 1, -1, -1), 0);
	assert_int_equal(mx_repeat(&p, 2), 0);
	assert_int_equal(mx_parts(&p, 1, 0), 0);
	assert_int_equal(mx_parts(&p, 2, 0), -EINVAL);
	mx_plan_release(&p);
}

static void test_engine_opts(void **state)
{
	struct jf_engine e = { .engine = "/e.so", .lunfile = "/t.lun", .stripe_kb = 64 };
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	(void)state;
	f = open_memstream(&buf, &len);
	jf_engine_opts(f, &e);
	fclose(f);
	assert_string_equal(buf, "ioengine=external:/e.so\nlunfile=/t.lun\nsimulate=concat\ndirect=1\n");
	free(buf);
	e.luns = "/a:/b";
	e.raid0 = true;
	e.backend = BK_PSYNC;
	e.allow_signatures = true;
	f = open_memstream(&buf, &len);
	jf_engine_opts(f, &e);
	fclose(f);
	assert_string_equal(buf, "ioengine=external:/e.so\nluns=/a:/b\nsimulate=raid0\nstripe=64k\n"
				 "backend=psync\nallow_signatures=1\ndirect=1\n");
	free(buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_matrix_counts),
		cmocka_unit_test(test_matrix_ladders),
		cmocka_unit_test(test_matrix_order),
		cmocka_unit_test(test_matrix_job_sections),
		cmocka_unit_test(test_matrix_parts),
		cmocka_unit_test(test_engine_opts),
	};

	return cmocka_run_group_tests_name("matrix", tests, NULL, NULL);
}
