/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: what limits the storage (converter/limits/limit.c, issue
 * 44) on ladders whose answer is known: a throttle's cap from the first
 * load (flat within 2 %, latency = load / cap, fast median I/Os: a cap),
 * a model device's saturation (min(N, C) / D: slow median I/Os, not a
 * cap), a shared VM's rising ladder with 5-15 % dips, a gradual
 * saturation, a plateau over less than a doubling, a rate that stepped
 * down (an earlier load above the plateau), Little's law broken (fio held
 * fewer I/Os), the run's drift (held, moved), open-loop points, a
 * bandwidth cap in MBPS, an unknown median; the summary's line. A step
 * in the run's rate (lmstep.c): parts cut by a throttle changed from 4000
 * to 1000 IOPS after part 1 of Small=5, the reference's re-measures over
 * whole points (a window), none without a change or in noise.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "limit.h"
#include "lmcache.h"

#define N 20

/* A closed loop of load L at @iops[L - 1]: mean latency L / IOPS (ms), median @p50 x that (-1: none). */
static size_t ladder(struct lm_load *s, const double *iops, size_t n, double p50)
{
	size_t i;

	for (i = 0; i < n; i++) {
		s[i] = (struct lm_load){ .load = (unsigned int)i + 1, .value = iops[i], .outstanding = (double)i + 1, .ios_per_unit = 1, .lat_ms = (double)(i + 1) / iops[i] * 1000.0, .p50_ms = p50 < 0 ? -1 : p50 * (double)(i + 1) / iops[i] * 1000.0 };
	}
	return n;
}

/* 2000 IOPS within 1 % (alternating), the throttle's fast I/Os: median 8 % of the mean. */
static size_t throttle(struct lm_load *s)
{
	double v[N];
	size_t i;

	for (i = 0; i < N; i++)
		v[i] = 2000 * (1 + (i % 2 ? 0.008 : -0.006));
	return ladder(s, v, N, 0.08);
}

static void test_limit_cap(void **state)
{
	struct lm_load s[N];
	struct lm_limit l;
	char line[1024];
	size_t n = throttle(s);

	(void)state;
	assert_true(lm_judge(s, n, NULL, true, 0, &l));
	assert_int_equal(l.kind, LM_CAP);
	assert_string_equal(lm_kind_name(l.kind), "cap");
	assert_int_equal(l.from, 1);
	assert_int_equal(l.to, 20);
	assert_int_equal(l.nloads, 20);
	assert_true(fabs(l.value - 2000) < 2000 * 0.01);
	assert_true(l.spread < 0.02 && l.lo < l.value && l.hi > l.value);
	assert_true(l.little < 0.02);
	assert_int_equal(l.below_from, 0);
	lm_line(&l, line, sizeof(line));
	assert_non_null(strstr(line, "Limit: small I/O capped at 2002 IOPS from Small=1 (Large=0): Small=1..20 (20 loads) read 1988-2016 IOPS, each within 0.7 % of it"));
	assert_non_null(strstr(line, "mean latency = outstanding I/Os / cap within "));
	assert_non_null(strstr(line, "a provisioned cap (a throttle or token bucket)"));
}

/* The model device: C = 4 servers of D = 1 ms, a closed loop of N: min(N, 4) / D IOPS, every I/O D or waiting. */
static void test_limit_saturated(void **state)
{
	struct lm_load s[N];
	struct lm_limit l;
	char line[1024];
	double v[N];
	size_t i, n;

	(void)state;
	for (i = 0; i < N; i++)
		v[i] = (i + 1 < 4 ? (double)i + 1 : 4) * 1000;
	n = ladder(s, v, N, 1.0);
	assert_true(lm_judge(s, n, NULL, true, 0, &l));
	assert_int_equal(l.kind, LM_SATURATED);
	assert_int_equal(l.from, 4);
	assert_int_equal(l.below_from, 1);
	assert_int_equal(l.below_to, 3);
	assert_true(fabs(l.p50_ms - 1.0) < 1e-9 && fabs(l.expect_ms - 1.0) < 1e-9);
	lm_line(&l, line, sizeof(line));
	assert_non_null(strstr(line, "Limit: small I/O saturated at 4000 IOPS from Small=4 (Large=0)"));
	assert_non_null(strstr(line, "below it Small=1..3 read 1000-3000 IOPS"));
	assert_non_null(strstr(line, "the median I/O took 1.000 ms, 100 % of outstanding / cap (1.000 ms)"));
	assert_non_null(strstr(line, "not named a provisioned cap"));
	/* Without a median: a limit, not told apart. */
	n = ladder(s, v, N, -1);
	assert_true(lm_judge(s, n, NULL, true, 0, &l));
	assert_int_equal(l.kind, LM_LIMIT);
	lm_line(&l, line, sizeof(line));
	assert_non_null(strstr(line, "Limit: small I/O limited at 4000 IOPS"));
	assert_non_null(strstr(line, "not told apart"));
}

/* No limit: noise, a gradual saturation, too short a plateau, a step down, an open loop. */
static void test_limit_none(void **state)
{
	static const double dip[] = { 1, 0.9, 1.05, 0.88, 1, 0.95, 0.85, 1.02 };
	struct lm_load s[N];
	struct lm_limit l;
	double v[N];
	size_t i, n;

	(void)state;
	/* A shared VM's disk: still rising at 20, dips of 5-15 %. */
	for (i = 0; i < N; i++)
		v[i] = 4000 * sqrt((double)i + 1) * dip[i % 8];
	n = ladder(s, v, N, 0.8);
	assert_false(lm_judge(s, n, NULL, true, 0, &l));
	/* Noise around a flat level: +-5 %. */
	for (i = 0; i < N; i++)
		v[i] = 2000 * (i % 2 ? 1.05 : 0.95);
	n = ladder(s, v, N, 0.08);
	assert_false(lm_judge(s, n, NULL, true, 0, &l));
	/* A device saturating gradually: L / (L + 2) of 10000. */
	for (i = 0; i < N; i++)
		v[i] = 10000 * ((double)i + 1) / ((double)i + 3);
	n = ladder(s, v, N, 0.9);
	assert_false(lm_judge(s, n, NULL, true, 0, &l));
	/* Flat only from Small=12 (to 20: under a doubling). */
	for (i = 0; i < N; i++)
		v[i] = i + 1 < 12 ? 300 * ((double)i + 1) : 3600;
	n = ladder(s, v, N, 0.08);
	assert_false(lm_judge(s, n, NULL, true, 0, &l));
	/* 4000 at the first loads, then 1000: no cap held over the run. */
	for (i = 0; i < N; i++)
		v[i] = i < 3 ? 4000 : 1000;
	n = ladder(s, v, N, 0.08);
	assert_false(lm_judge(s, n, NULL, true, 0, &l));
	/* Fewer than three loads. */
	n = ladder(s, (const double[]){ 2000, 2000 }, 2, 0.08);
	assert_false(lm_judge(s, n, NULL, true, 0, &l));
	assert_false(lm_judge(s, 0, NULL, true, 0, &l));
	/* An open loop's rate is set, not found. */
	n = throttle(s);
	s[5].rated = true;
	assert_false(lm_judge(s, n, NULL, true, 0, &l));
}

/* Little's law at the cap: a latency half of load / cap (fio held half the I/Os asked) breaks it. */
static void test_limit_little(void **state)
{
	struct lm_load s[N];
	struct lm_limit l;
	size_t n = throttle(s);

	(void)state;
	s[9].lat_ms *= 1.04;
	assert_true(lm_judge(s, n, NULL, true, 0, &l));
	assert_int_equal(l.little_at, 10);
	s[9].lat_ms /= 2;
	assert_false(lm_judge(s, n, NULL, true, 0, &l));
	n = throttle(s);
	s[4].lat_ms = -1; /* unknown at Small=5: no evidence there, the plateau after it has */
	assert_true(lm_judge(s, n, NULL, true, 0, &l));
	assert_int_equal(l.from, 6);
	s[14].lat_ms = -1; /* and at Small=15: what is left spans under a doubling */
	assert_false(lm_judge(s, n, NULL, true, 0, &l));
}

/* The run's drift: re-measures that held their rate are evidence; a moved one refuses the cap. */
static void test_limit_drift(void **state)
{
	struct pt_drift_at at[4] = { { 1, 0, 1.002, 20 }, { 2, 20, 0.998, 20 } };
	struct pt_drift d = { .present = true, .sd = 0.004, .df = 20, .npoints = 20, .lo = 0.998, .hi = 1.002, .at = at, .n = 2, .parts = true };
	struct lm_load s[N];
	struct lm_limit l;
	char line[1024];
	size_t n = throttle(s);

	(void)state;
	assert_true(lm_judge(s, n, &d, true, 0, &l));
	assert_true(l.drift);
	lm_line(&l, line, sizeof(line));
	assert_non_null(strstr(line, "the run's re-measures held it (rounds 0.998-1.002 of their points' means, spread 0.4 %)"));
	d.hi = 1.052; /* one reading of a burst (the built-in runner's 1 s points), spread 3.4 % */
	d.sd = 0.034;
	assert_true(lm_judge(s, n, &d, true, 0, &l));
	d.hi = 1.16; /* a round a step away */
	assert_false(lm_judge(s, n, &d, true, 0, &l));
	d.hi = 1.002;
	d.change = 0.06; /* the rate moved over the run */
	assert_false(lm_judge(s, n, &d, true, 0, &l));
	d.change = 0;
	d.sd_rounds = 0.06; /* the rounds moved every point alike */
	assert_false(lm_judge(s, n, &d, true, 0, &l));
	d.sd_rounds = 0;
	d.sd = 0.076; /* this VM's disk, run 3 */
	assert_false(lm_judge(s, n, &d, true, 0, &l));
	d.present = false;
	assert_true(lm_judge(s, n, &d, true, 0, &l));
	assert_false(l.drift);
}

/* A bandwidth cap: 100 MBPS of 1 MiB reads (1 I/O a MiB), latency L / 100 s. */
static void test_limit_mbps(void **state)
{
	struct lm_load s[N];
	struct lm_limit l;
	char line[1024];
	double v[N];
	size_t i, n;

	(void)state;
	for (i = 0; i < N; i++)
		v[i] = 100 * (1 + (i % 3 ? 0.004 : -0.003));
	n = ladder(s, v, N, 0.03);
	assert_true(lm_judge(s, n, NULL, false, 0, &l));
	assert_int_equal(l.kind, LM_CAP);
	lm_line(&l, line, sizeof(line));
	assert_non_null(strstr(line, "Limit: large I/O capped at 100.40 MBPS from Large=1 (Small=0): Large=1..20 (20 loads) read 99.70-100.40 MBPS"));
	/* 8 KiB I/Os (128 a MiB): Little's law in I/Os, not in MiB. */
	for (i = 0; i < n; i++)
		s[i].ios_per_unit = 128;
	assert_false(lm_judge(s, n, NULL, false, 0, &l));
	for (i = 0; i < n; i++)
		s[i].lat_ms /= 128;
	assert_true(lm_judge(s, n, NULL, false, 0, &l));
	/*
	 * 1 MiB reads (1 a MiB) in 1 s parts: from Large=12 the mean latency
	 * 7 % under L / 100 s (0.11-0.19 s a round trip: the parts' edges),
	 * within 5 % + latency / 1 s; in 10 s parts, out.
	 */
	for (i = 0; i < n; i++) {
		s[i].ios_per_unit = 1;
		s[i].lat_ms = (double)(i + 1) / v[i] * 1000.0 * (i + 1 >= 12 ? 0.93 : 1);
		s[i].window_s = 1;
	}
	assert_true(lm_judge(s, n, NULL, false, 0, &l));
	assert_true(l.little > 0.06 && l.little_edge > 0.1);
	lm_line(&l, line, sizeof(line));
	assert_non_null(strstr(line, " (5 % and a measurement's edges, its mean latency / its length: up to "));
	for (i = 0; i < n; i++)
		s[i].window_s = 10;
	assert_false(lm_judge(s, n, NULL, false, 0, &l));
}

/*
 * Loads short of the cap: the block throttle at 100 MiB/s, 1 MiB reads
 * (its 100 ms slices pass 10): Large=1 and 11 read 6 % under it, the rest
 * within 1 %. A cap from Large=2, the short one named; one over it, or
 * more than a quarter short, and there is none.
 */
static void test_limit_short(void **state)
{
	struct lm_load s[N];
	struct lm_limit l;
	char line[LM_LINE_MAX];
	double v[N];
	size_t i, n;

	(void)state;
	for (i = 0; i < N; i++)
		v[i] = 101 * (1 + (i % 3 ? 0.004 : -0.003));
	v[0] = 93.9;
	v[10] = 94.5;
	n = ladder(s, v, N, 0.03);
	assert_true(lm_judge(s, n, NULL, false, 0, &l));
	assert_int_equal(l.kind, LM_CAP);
	assert_int_equal(l.from, 2);
	assert_int_equal(l.nloads, 19);
	assert_int_equal(l.shorts.n, 1);
	assert_int_equal(l.shorts.loads[0], 11);
	assert_true(l.spread < 0.01 && l.min > 100);
	assert_int_equal(l.below_from, 1);
	lm_line(&l, line, sizeof(line));
	assert_non_null(strstr(line, "read 100.70-101.40 MBPS, each within 0.7 % of it (95 % interval "));
	assert_non_null(strstr(line, "), but Large=11 read 94.50 MBPS, short of it (a load that missed the limit); below it Large=1 read 93.90 MBPS; mean latency"));
	/* Its Little's law is not asked of the short load (its latency is L / 94.5 s). */
	assert_true(l.little < 0.01);
	/* The last load short: the limit did not hold to the end. */
	v[19] = 94;
	n = ladder(s, v, N, 0.03);
	assert_false(lm_judge(s, n, NULL, false, 0, &l));
	/* Five of 19 short (over a quarter), three of the last 11 (Large=10..20, the last span of a doubling). */
	v[19] = v[10] = 101;
	v[4] = v[8] = v[12] = v[14] = v[16] = 95;
	n = ladder(s, v, N, 0.03);
	assert_false(lm_judge(s, n, NULL, false, 0, &l));
	/* Four of 19 short: named, each. */
	v[16] = 101;
	n = ladder(s, v, N, 0.03);
	assert_true(lm_judge(s, n, NULL, false, 0, &l));
	assert_int_equal(l.from, 2);
	assert_int_equal(l.shorts.n, 4);
	assert_int_equal(l.shorts.loads[0], 5);
	assert_int_equal(l.shorts.loads[3], 15);
	/*
	 * Over it: one load 3 % over (a burst, the built-in runner's point
	 * after a point within a throttle slice) is named; one 11 % over, or
	 * three of 19 (over an eighth), is no cap.
	 */
	v[4] = v[8] = v[12] = v[14] = 101;
	v[14] = 104;
	n = ladder(s, v, N, 0.03);
	assert_true(lm_judge(s, n, NULL, false, 0, &l));
	assert_int_equal(l.overs.n, 1);
	assert_int_equal(l.overs.loads[0], 15);
	assert_true(l.max < 102 && l.little < 0.01);
	lm_line(&l, line, sizeof(line));
	assert_non_null(strstr(line, ", but Large=15 read 104.00 MBPS, over it (a burst the limit let through: its measurement read more than the limit's rate); below it"));
	v[14] = 112.5;
	n = ladder(s, v, N, 0.03);
	assert_false(lm_judge(s, n, NULL, false, 0, &l));
	v[14] = v[6] = v[16] = 104;
	n = ladder(s, v, N, 0.03);
	assert_false(lm_judge(s, n, NULL, false, 0, &l));
}

/* A measurement: point @num (Small=@num), round @pass, @x IOPS, at @t0 s, 1 s long. */
static struct pt_drift_obs obs(unsigned int num, unsigned int pass, double x, double t0)
{
	return (struct pt_drift_obs){ .number = num, .s = num, .l = 0, .pass = pass, .x = x, .secs = 1, .t0 = t0 };
}

static void test_limit_step(void **state)
{
	struct pt_drift_obs o[40];
	struct pt_drift d = { .obs = o };
	struct lm_step st;
	char line[1024];
	unsigned int k;
	size_t n = 0;

	(void)state;
	/* 10 points x 2 parts: 4000 IOPS until part 1 of Small=5 ends, 1000 after. */
	for (k = 1; k <= 10; k++, n++)
		o[n] = obs(k, 1, k <= 5 ? 4000 * (1 + 0.002 * k) : 1000, (double)n);
	for (k = 1; k <= 10; k++, n++)
		o[n] = obs(k, 2, 1000 * (1 - 0.001 * k), (double)n);
	d.nobs = n;
	assert_int_equal(lm_find_step(&d, &st), 0);
	assert_true(st.present);
	assert_true(fabs(st.factor - 0.25) < 0.01);
	assert_true(fabs(st.from - 4024) < 0.5 && fabs(st.to - 997) < 0.5);
	assert_int_equal(st.nbefore, 5);
	assert_int_equal(st.nafter, 15);
	assert_int_equal(st.npoints, 5);
	assert_int_equal(st.nagree, 5);
	assert_true(st.t_lo == 5 && st.t_hi == 5);
	assert_string_equal(st.before, "Small=1-5 (Large=0)");
	assert_true(lm_step_line(&st, line, sizeof(line)));
	assert_string_equal(line, "Limit: small I/O stepped down from 4024 to 997 IOPS (x0.248) at 5.0 s of measuring: 5 of the 5 points measured on both sides read that factor of their earlier figure (within 5 %), each side's measurements keeping their level; before it ran 5 measurements (Small=1-5 (Large=0), round 1), after it 15");

	/* Whole points, the reference (Small=1) re-measured at 4, 8 and 12 s: a window. */
	n = 0;
	o[n++] = obs(1, 1, 4000, 0);
	for (k = 2; k <= 4; k++, n++)
		o[n] = obs(k, 1, 4000, (double)n);
	o[n] = obs(1, 2, 4000, (double)n);
	n++;
	for (k = 5; k <= 7; k++, n++)
		o[n] = obs(k, 1, k == 5 ? 4000 : 1000, (double)n);
	o[n] = obs(1, 3, 1000, (double)n);
	n++;
	for (k = 8; k <= 10; k++, n++)
		o[n] = obs(k, 1, 1000, (double)n);
	o[n] = obs(1, 4, 1000, (double)n);
	n++;
	d.nobs = n;
	assert_int_equal(lm_find_step(&d, &st), 0);
	assert_true(st.present);
	assert_true(st.t_lo == 5 && st.t_hi == 8);
	assert_int_equal(st.npoints, 1);
	assert_string_equal(st.before, "Small=1-4 (Large=0)");
	assert_true(lm_step_line(&st, line, sizeof(line)));
	assert_non_null(strstr(line, "between 5.0 and 8.0 s of measuring"));

	/* No change (a run that ended before the step), and noise of +-10 % between parts. */
	n = 0;
	for (k = 1; k <= 10; k++, n++)
		o[n] = obs(k, 1, 4000, (double)n);
	for (k = 1; k <= 10; k++, n++)
		o[n] = obs(k, 2, 4000 * (k % 3 == 0 ? 0.9 : k % 3 == 1 ? 1.1
								       : 1.0),
			   (double)n);
	d.nobs = n;
	assert_int_equal(lm_find_step(&d, &st), 0);
	assert_false(st.present);
	assert_false(lm_step_line(&st, line, sizeof(line)));
	assert_string_equal(line, "");

	/*
	 * A shared VM (this one's run 1 of docs/limits.md): the first 5
	 * points' second parts 1.45x their first, the others' parts apart by
	 * 10-20 % either way: no steady rate on either side, no step.
	 */
	n = 0;
	for (k = 1; k <= 10; k++, n++)
		o[n] = obs(k, 1, 1000 * k, (double)n);
	for (k = 1; k <= 10; k++, n++)
		o[n] = obs(k, 2, 1000 * k * (k <= 5 ? 1.45 : k % 2 ? 1.2
								   : 0.85),
			   (double)n);
	d.nobs = n;
	assert_int_equal(lm_find_step(&d, &st), 0);
	assert_false(st.present);
	/*
	 * This VM's disk (docs/limits.md): 20 points in 2 parts, Small=1 and
	 * 2 read 1.2x in their second part, the 18 others within 2 % of
	 * their first: two points' one reading a side is not a step; three
	 * are.
	 */
	n = 0;
	for (k = 1; k <= 20; k++, n++)
		o[n] = obs(k, 1, 1000 * k, (double)n);
	for (k = 1; k <= 20; k++, n++)
		o[n] = obs(k, 2, 1000 * k * (k <= 2 ? 1.2 : k % 2 ? 1.02
								  : 0.99),
			   (double)n);
	d.nobs = n;
	assert_int_equal(lm_find_step(&d, &st), 0);
	assert_false(st.present);
	o[22].x = 3000 * 1.2;
	assert_int_equal(lm_find_step(&d, &st), 0);
	assert_true(st.present);
	assert_int_equal(st.nagree, 3);
	/*
	 * -run normal under a 100 MiB/s throttle: three mixed points' small
	 * IOPS 1.25x in their second part (their share of the cap), the
	 * single-class points steady: no step; the same three of one class
	 * alone would be one (the cut in round 2 after Small=9: 10-12 on
	 * both sides of it, 1-9 steady before it).
	 */
	n = 0;
	for (k = 1; k <= 12; k++, n++) {
		o[n] = obs(k, 1, k <= 9 ? 12800 : 200, (double)n);
		o[n].l = k <= 9 ? 0 : 1;
	}
	for (k = 1; k <= 12; k++, n++) {
		o[n] = obs(k, 2, k <= 9 ? 12800 * (k % 2 ? 1.01 : 0.99) : 250, (double)n);
		o[n].l = k <= 9 ? 0 : 1;
	}
	d.nobs = n;
	assert_int_equal(lm_find_step(&d, &st), 0);
	assert_false(st.present);
	for (k = 0; k < n; k++)
		o[k].l = 0;
	assert_int_equal(lm_find_step(&d, &st), 0);
	assert_true(st.present);
	/* One point on both sides of a change, one measurement after it: too little. */
	n = 0;
	for (k = 1; k <= 10; k++, n++)
		o[n] = obs(k, 1, 4000, (double)n);
	for (k = 1; k <= 10; k++, n++)
		o[n] = obs(k, 2, k == 10 ? 2000 : 4000, (double)n);
	d.nobs = n;
	assert_int_equal(lm_find_step(&d, &st), 0);
	assert_false(st.present);
}

/*
 * The measurement a point's edges are judged over (step_of()): a part's
 * length when its parts were pooled (their seconds summed), a pass's under
 * -repeat (the median pass kept). Large=1..20 of 1 MiB reads at 100 MBPS,
 * the mean latency 7 % under L / 100 s from Large=12: 10 s in 5 parts
 * (2 s each) allows it, 5 passes of 10 s do not.
 */
static void test_limit_window(void **state)
{
	struct pt_point p[N];
	struct pt_set set;
	struct lm_limit *l = NULL;
	size_t i, n = 0;

	(void)state;
	memset(p, 0, sizeof(p));
	memset(&set, 0, sizeof(set));
	for (i = 0; i < N; i++) {
		struct pt_class *c = &p[i].large;

		p[i].number = (unsigned int)i + 1;
		p[i].l = (unsigned int)i + 1;
		p[i].passes = 5;
		p[i].part = true;
		c->present = true;
		c->load = (unsigned int)i + 1;
		c->mbps = 100;
		c->iops = 100;
		c->secs = 10;
		c->lat[PT_ALL].present = true;
		c->lat[PT_ALL].n = 1000;
		c->lat[PT_ALL].mean = (double)(i + 1) / 100 * 1e9 * (i + 1 >= 12 ? 0.93 : 1);
	}
	set.pts = p;
	set.n = N;
	assert_int_equal(lm_find_all(&set, &l, &n), 0);
	assert_int_equal(n, 1);
	assert_true(l[0].little_edge > 0.05);
	free(l);
	for (i = 0; i < N; i++)
		p[i].part = false;
	assert_int_equal(lm_find_all(&set, &l, &n), 0);
	assert_int_equal(n, 0);
	free(l);
}

static double p50_pct[1] = { 50 }, p50_ns[1] = { 100000 };

/* Point @p: Small=@s at @iops (8 KiB), Large=@l at @mbps (1 MiB), closed loops, latency L / X, median 0.1 ms. */
static void mixed_point(struct pt_point *p, unsigned int s, double iops, unsigned int l, double mbps)
{
	memset(p, 0, sizeof(*p));
	p->s = s;
	p->l = l;
	if (s) {
		p->small.present = true;
		p->small.load = s;
		p->small.iops = iops;
		p->small.mbps = iops / 128;
		p->small.lat[PT_ALL] = (struct fj_lat){ .present = true, .n = 1000, .mean = s / iops * 1e9 };
	}
	if (l) {
		p->large.present = true;
		p->large.load = l;
		p->large.iops = mbps;
		p->large.mbps = mbps;
		p->large.secs = 60;
		p->large.lat[PT_ALL] = (struct fj_lat){ .present = true, .n = 1000, .mean = l / mbps * 1e9, .npct = 1, .pct = p50_pct, .pct_ns = p50_ns };
	}
}

/*
 * A cap on all I/O (lmshared.c): the large column at Small=0 capped at
 * 100 MBPS, the mixed cells Small=1..3 x Large=1..4 at 100 in all (a
 * cloud disk's bytes cap): shared, and the mixed columns' own plateaus
 * (their shares) folded into it. At 150 in all: a cap on large I/O alone,
 * the mixed columns named apart.
 */
static void test_limit_shared(void **state)
{
	struct pt_point p[16];
	struct pt_set set;
	struct lm_limit *l = NULL;
	char line[LM_LINE_MAX];
	size_t n = 0, k = 0;
	unsigned int s, g;

	(void)state;
	for (g = 1; g <= 4; g++)
		mixed_point(&p[k++], 0, 0, g, 100);
	for (s = 1; s <= 3; s++)
		for (g = 1; g <= 4; g++)
			mixed_point(&p[k++], s, 128.0 * s, g, 100 - s);
	memset(&set, 0, sizeof(set));
	set.pts = p;
	set.n = k;
	assert_int_equal(lm_find_all(&set, &l, &n), 0);
	assert_int_equal(n, 1);
	assert_int_equal(l[0].kind, LM_CAP);
	assert_int_equal(l[0].fixed, 0);
	assert_int_equal(l[0].shared.verdict, 1);
	assert_int_equal(l[0].shared.n, 12);
	assert_int_equal(l[0].shared.folded, 3);
	lm_line(&l[0], line, sizeof(line));
	assert_non_null(strstr(line, "; small and large I/O together: the 12 mixed cells from Large=1 read 100.00-100.00 MBPS in all, 12 of them within 2 % of it (the furthest 0.0 %): one cap on all I/O (a cloud disk's); the plateaus of the 3 ladders of mixed cells are its shares, not named apart"));
	free(l);
	/* Each class its own: the mixed cells read 150 in all. */
	for (k = 4; k < 16; k++)
		mixed_point(&p[k], p[k].s, 6400, p[k].l, 100);
	assert_int_equal(lm_find_all(&set, &l, &n), 0);
	/* The 4 large columns, and the small rows at Large=1..4 (6400 IOPS flat, no median: "limited"). */
	assert_int_equal(n, 8);
	for (k = 0; k < n && (l[k].small || l[k].fixed); k++)
		;
	assert_true(k < n);
	assert_int_equal(l[k].shared.verdict, -1);
	lm_line(&l[k], line, sizeof(line));
	assert_non_null(strstr(line, "; not on small and large I/O together: 12 of the 12 mixed cells from Large=1 read over it in all (up to 150.00 MBPS): a cap on large I/O alone"));
	/* The mixed columns' own caps are not judged against the mixed cells: they are shares. */
	for (k = 0; k < n; k++)
		assert_true(!l[k].fixed || !l[k].shared.verdict);
	free(l);
}

/* A run of one small point at Small=1, Large=0: @ms mean latency (+-@half ms), @iops. */
static void one_point(struct pt_point *p, struct pt_set *set, double ms, double half, double iops)
{
	memset(p, 0, sizeof(*p));
	p->s = 1;
	p->small.present = true;
	p->small.load = 1;
	p->small.iops = iops;
	p->small.lat[PT_ALL].present = true;
	p->small.lat[PT_ALL].n = 1000;
	p->small.lat[PT_ALL].mean = ms * 1e6;
	p->small.lat_iv = (struct iv_fig){ .value = ms * 1e6, .lo = (ms - half) * 1e6, .hi = (ms + half) * 1e6 };
	p->small.iv = IV_WITHIN;
	memset(set, 0, sizeof(*set));
	set->pts = p;
	set->n = 1;
}

/*
 * Cache hits named by two runs (lmcache.c): a 16 MiB volume at 0.02 ms
 * against 1 GiB at 1 ms; not when the volumes are under 2x apart, the
 * floors within half (or their intervals reach it), the I/O sizes or
 * writes differ, a volume is unknown, or the loads have nothing in common.
 */
static void test_limit_cache(void **state)
{
	struct pt_point pa, pb;
	struct pt_set a, b;
	struct lm_cache_run r[2];
	struct lm_cache c;
	char line[LM_LINE_MAX];

	(void)state;
	one_point(&pa, &a, 0.02, 0.001, 48000);
	one_point(&pb, &b, 1.0, 0.05, 1000);
	r[0] = (struct lm_cache_run){ "A", &a, 16u << 20, 8, 0 };
	r[1] = (struct lm_cache_run){ "B", &b, 1u << 30, 8, 0 };
	assert_true(lm_cache(r, &c));
	assert_int_equal(c.hit, 0);
	assert_int_equal(c.s, 1);
	assert_true(fabs(c.ratio - 0.02) < 1e-9);
	lm_cache_line(&c, "A", "B", line, sizeof(line));
	assert_non_null(strstr(line, "Cache: A's volume (16.0 MiB) read small I/O at Small=1 (Large=0) in 0.020 ms (mean, 95 % interval 0.019-0.021"));
	assert_non_null(strstr(line, "0.02 of B's on a volume of 1.00 GiB (1.000 ms, 95 % interval 0.950-1.050), at 48000 IOPS against 1000: A's reads were cache hits"));
	/* Without an interval (a figure alone): said so. */
	a.pts[0].small.iv = IV_NONE;
	assert_true(lm_cache(r, &c));
	lm_cache_line(&c, "A", "B", line, sizeof(line));
	assert_non_null(strstr(line, "in 0.020 ms (mean, no interval), 0.02 of B's"));
	/* Writes: the I/Os were hits, not reads. */
	r[0].write_pct = r[1].write_pct = 100;
	assert_true(lm_cache(r, &c));
	lm_cache_line(&c, "A", "B", line, sizeof(line));
	assert_non_null(strstr(line, "Cache: A's volume (16.0 MiB) did small I/O at Small=1"));
	assert_non_null(strstr(line, "A's I/Os were cache hits"));
	r[0].write_pct = r[1].write_pct = 0;
	/* Either order: the smaller volume's reads are the hits. */
	r[0].pts = &b;
	r[0].vol = 1u << 30;
	r[1].pts = &a;
	r[1].vol = 16u << 20;
	assert_true(lm_cache(r, &c));
	assert_int_equal(c.hit, 1);
	/* Under 2x apart. */
	r[0].vol = 31u << 20;
	assert_false(lm_cache(r, &c));
	r[0].vol = 1u << 30;
	/* A floor at 0.45 of the other's, its interval reaching past half: not named; wholly under: named. */
	one_point(&pa, &a, 0.45, 0.06, 2200);
	assert_false(lm_cache(r, &c));
	one_point(&pa, &a, 0.45, 0.01, 2200);
	assert_true(lm_cache(r, &c));
	/* Other I/O sizes, writes, an unknown volume. */
	r[1].size_small_kb = 4;
	assert_false(lm_cache(r, &c));
	r[1].size_small_kb = 8;
	r[1].write_pct = 50;
	assert_false(lm_cache(r, &c));
	r[1].write_pct = 0;
	r[1].vol = 0;
	assert_false(lm_cache(r, &c));
	r[1].vol = 16u << 20;
	/* No load in common: Small=2 against Small=1. */
	pa.s = 2;
	assert_false(lm_cache(r, &c));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_limit_cap),
		cmocka_unit_test(test_limit_saturated),
		cmocka_unit_test(test_limit_none),
		cmocka_unit_test(test_limit_little),
		cmocka_unit_test(test_limit_drift),
		cmocka_unit_test(test_limit_mbps),
		cmocka_unit_test(test_limit_short),
		cmocka_unit_test(test_limit_window),
		cmocka_unit_test(test_limit_shared),
		cmocka_unit_test(test_limit_cache),
		cmocka_unit_test(test_limit_step),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
