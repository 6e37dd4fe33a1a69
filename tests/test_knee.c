/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: the knee under a latency bound (converter/points/knee.c) on
 * recorded series: a ladder that crosses the bound, one that flattens
 * (< 5 % a doubling of the load; unit steps ask less), one that never
 * does, one over the bound from its first load, noisy ones (a dip then a
 * rise), unknown latency (-1); the bound's syntax; the steps decided by
 * iv_differ() (interval.h), the comparison's rule too: a gain whose
 * ratio's interval (the two half-widths in quadrature) lies below the
 * rule is flat, a latency whose own interval lies above the exact bound
 * crosses it. The knee on points from fio JSON: test_knee_json.c.
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

/* Ladders as {load, value, lat_ms}: the fields after them are zero (no interval). */
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"

#include "interval.h"
#include "knee.h"

/* ------------------------------------------------------------ kn_parse */

static void test_knee_parse(void **state)
{
	static const struct {
		const char *s;
		double ms, pct;
	} good[] = {
		{ "5", 5, 0 },
		{ "0.25", 0.25, 0 },
		{ "10.", 10, 0 },
		{ "p99:5", 5, 99 },
		{ "p99.9:0.5", 0.5, 99.9 },
		{ "p99.9999:1", 1, 99.9999 },
		{ "p1:20", 20, 1 },
		{ "p50:2.5", 2.5, 50 },
		{ "p100:5", 5, 100 },
	};
	static const struct {
		const char *s, *why;
	} bad[] = {
		{ "", "expected MS, pNN:MS or pNN.N:MS" },
		{ "abc", "'abc': expected MS, pNN:MS or pNN.N:MS" },
		{ "5ms", "'5ms': expected" },
		{ "-1", "'-1': expected" },
		{ "inf", "'inf': expected" },
		{ "nan", "'nan': expected" },
		{ "0x10", "'0x10': expected" },
		{ "1e3", "'1e3': expected" },
		{ "p99", "'p99': expected" },
		{ "p99:", "'p99:': expected" },
		{ "p:5", "'p:5': expected" },
		{ "P99:5", "'P99:5': expected" },
		{ "p99:5:1", "'p99:5:1': expected" },
		{ "p1.2.3:5", "'p1.2.3:5': expected" },
		{ "p100.5:5", "'p100.5:5': the percentile must be from 1 to 100" },
		{ "p0.5:5", "'p0.5:5': the percentile must be from 1 to 100" },
		{ "p101:5", "the percentile must be from 1 to 100" },
		{ "2,3", "'2,3': two bounds must be a mean and a percentile (e.g. 2,p100:5), not two means" },
		{ "p99:2,p100:5", "not two percentiles" },
		{ "2,", "'2,': expected" },
		{ "2,p100:5,7", "'2,p100:5,7': expected" },
		{ ",2", "',2': expected" },
		{ "0", "'0': the latency bound must be above 0 ms" },
		{ "p99:0.000", "'p99:0.000': the latency bound must be above 0 ms" },
		{ "123456789012345678901234567890123456789012345678", "too long for a latency bound" },
	};
	struct kn_bound b;
	struct fr_err err;
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(good) / sizeof(good[0]); i++) {
		err.msg[0] = '\0';
		if (kn_parse(&b, good[i].s, &err))
			fail_msg("'%s' refused: %s", good[i].s, err.msg);
		assert_true(b.set);
		assert_true(b.ms == good[i].ms);
		assert_true(b.pct == good[i].pct);
		assert_string_equal(b.text, good[i].s);
	}
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err.msg[0] = '\0';
		assert_int_equal(kn_parse(&b, bad[i].s, &err), -EINVAL);
		assert_false(b.set);
		if (!strstr(err.msg, bad[i].why))
			fail_msg("'%s': message '%s' lacks '%s'", bad[i].s, err.msg, bad[i].why);
	}
	/* NULL is "" (no value). */
	assert_int_equal(kn_parse(&b, NULL, NULL), -EINVAL);
	/* Seed 004's two targets: mean <= 2 ms and nothing over 5 ms, in either order. */
	assert_int_equal(kn_parse(&b, "2,p100:5", &err), 0);
	assert_true(b.ms == 2 && b.pct == 0 && b.ms2 == 5 && b.pct2 == 100);
	{
		char w[128];

		kn_bound_words(w, sizeof(w), &b);
		assert_string_equal(w, "latency <= 2 ms and p100 latency <= 5 ms");
		assert_int_equal(kn_parse(&b, "p99.9:0.50,0.3", &err), 0);
		assert_true(b.ms == 0.5 && b.pct == 99.9 && b.ms2 == 0.3 && b.pct2 == 0);
		kn_bound_words(w, sizeof(w), &b);
		assert_string_equal(w, "p99.9 latency <= 0.50 ms and latency <= 0.3 ms");
	}
}

/* ---------------------------------------------------------- kn_ladder */

#define N(a) (sizeof(a) / sizeof((a)[0]))

static struct kn_bound bound(const char *s)
{
	struct kn_bound b;

	if (kn_parse(&b, s, NULL))
		fail_msg("bad bound '%s'", s);
	return b;
}

/* An HDD-like ladder (small IOPS, mean latency in ms) at loads 1, 2, 4, 8, 16, 32. */
static const struct kn_step hdd[] = {
	{ 1, 180, 5.5 },
	{ 2, 300, 6.6 },
	{ 4, 420, 9.5 },
	{ 8, 520, 15.3 },
	{ 16, 560, 28.5 },
	{ 32, 575, 55.6 },
};

static void test_knee_crosses_bound(void **state)
{
	struct kn_bound b = bound("10");
	enum kn_why why = KN_OPEN;

	(void)state;
	/* Load 8 is over 10 ms: the knee is 4, the last load before it. */
	assert_int_equal(kn_ladder(hdd, N(hdd), &b, &why), 2);
	assert_int_equal(why, KN_LATENCY);
	/* A tighter bound: 2 -> 4 crosses 7 ms. */
	b = bound("7");
	assert_int_equal(kn_ladder(hdd, N(hdd), &b, &why), 1);
	assert_int_equal(why, KN_LATENCY);
	/* A bound equal to a latency is within it (<=). */
	b = bound("9.5");
	assert_int_equal(kn_ladder(hdd, N(hdd), &b, &why), 2);
	assert_int_equal(why, KN_LATENCY);
}

static void test_knee_flattens(void **state)
{
	struct kn_bound none = { 0 }, loose = bound("1000");
	enum kn_why why = KN_OPEN;

	(void)state;
	/* 520 -> 560 is +7.7 %, 560 -> 575 is +2.7 %: the knee is 16. */
	assert_int_equal(kn_ladder(hdd, N(hdd), &none, &why), 4);
	assert_int_equal(why, KN_FLAT);
	/* NULL bound: the same, by the 5 % rule alone. */
	assert_int_equal(kn_ladder(hdd, N(hdd), NULL, &why), 4);
	assert_int_equal(why, KN_FLAT);
	/* A bound no load reaches changes nothing. */
	assert_int_equal(kn_ladder(hdd, N(hdd), &loose, &why), 4);
	assert_int_equal(why, KN_FLAT);
	/* Exactly +5 % is rising; +4.99 % is flat. */
	{
		const struct kn_step a[] = { { 1, 100, 1 }, { 2, 105, 1 }, { 4, 110.2, 1 } };
		const struct kn_step c[] = { { 1, 100, 1 }, { 2, 104.99, 1 } };

		assert_int_equal(kn_ladder(a, N(a), &none, &why), 1);
		assert_int_equal(why, KN_FLAT); /* 105 -> 110.2 is +4.95 % */
		assert_int_equal(kn_ladder(c, N(c), &none, &why), 0);
		assert_int_equal(why, KN_FLAT);
	}
	/*
	 * Steps other than a doubling ask the same growth rate, 5 % a
	 * doubling: ORION's oltp ladder climbs 1..7 one I/O at a time, where
	 * 6 -> 7 asks 1.09 %, 2 -> 3 asks 2.90 %, 16 -> 32 5 %, 8 -> 32 10.25 %.
	 */
	assert_true(fabs(kn_flat_pct(6, 7) - 1.0909644) < 1e-6);
	assert_true(fabs(kn_flat_pct(2, 3) - 2.8951597) < 1e-6);
	assert_true(kn_flat_pct(16, 32) == 5.0);
	assert_true(kn_flat_pct(8, 32) == 10.25);
	assert_true(kn_flat_pct(0, 1) == KN_FLAT_PCT); /* no ratio from 0 */
	assert_true(kn_flat_pct(4, 4) == KN_FLAT_PCT);
	{
		/* A disk gaining slowly at unit steps keeps going ... */
		const struct kn_step oltp[] = { { 5, 50000, 0.1 }, { 6, 53100, 0.11 }, { 7, 54480, 0.13 }, { 8, 60000, 0.13 } };
		/* ... and stops when a unit step gains under 1.09 %, and the next too ... */
		const struct kn_step stall[] = { { 5, 50000, 0.1 }, { 6, 53100, 0.11 }, { 7, 53600, 0.13 }, { 8, 53700, 0.13 } };
		/* ... but not on one flat step that the next load does not confirm. */
		const struct kn_step blip[] = { { 5, 50000, 0.1 }, { 6, 53100, 0.11 }, { 7, 53600, 0.13 }, { 8, 60000, 0.13 } };
		/* 2 -> 3: +3.5 % rises (seed 000's row), +2.8 % is flat. */
		const struct kn_step s000[] = { { 1, 100, 1 }, { 2, 150, 1 }, { 3, 155.25, 1 } };
		const struct kn_step s000f[] = { { 1, 100, 1 }, { 2, 150, 1 }, { 3, 154.2, 1 } };

		assert_int_equal(kn_ladder(oltp, N(oltp), &none, &why), 3);
		assert_int_equal(why, KN_OPEN);
		assert_int_equal(kn_ladder(stall, N(stall), &none, &why), 1);
		assert_int_equal(why, KN_FLAT); /* 53100 -> 53600 is +0.94 %, then +0.19 % */
		assert_int_equal(kn_ladder(blip, N(blip), &none, &why), 3);
		assert_int_equal(why, KN_OPEN);
		assert_int_equal(kn_ladder(s000, N(s000), &none, &why), 2);
		assert_int_equal(why, KN_OPEN);
		assert_int_equal(kn_ladder(s000f, N(s000f), &none, &why), 1);
		assert_int_equal(why, KN_FLAT);
	}
	/* Latency crossing and flat at the same step: latency is the reason. */
	{
		const struct kn_step a[] = { { 1, 100, 1 }, { 2, 101, 12 } };

		assert_int_equal(kn_ladder(a, N(a), &loose, &why), 0);
		assert_int_equal(why, KN_FLAT);
		loose = bound("10");
		assert_int_equal(kn_ladder(a, N(a), &loose, &why), 0);
		assert_int_equal(why, KN_LATENCY);
	}
}

static void test_knee_open(void **state)
{
	/* An SSD ladder that keeps scaling: no knee before it ends. */
	static const struct kn_step ssd[] = {
		{ 1, 9000, 0.11 },
		{ 2, 17500, 0.11 },
		{ 4, 33000, 0.12 },
		{ 8, 60000, 0.13 },
	};
	struct kn_bound b = bound("1");
	enum kn_why why = KN_LATENCY;

	(void)state;
	assert_int_equal(kn_ladder(ssd, N(ssd), &b, &why), 3);
	assert_int_equal(why, KN_OPEN);
	assert_int_equal(kn_ladder(ssd, N(ssd), NULL, &why), 3);
	assert_int_equal(why, KN_OPEN);
	/* One step: it is the knee, open. */
	assert_int_equal(kn_ladder(ssd, 1, &b, &why), 0);
	assert_int_equal(why, KN_OPEN);
	/* No steps: none, open. */
	why = KN_FLAT;
	assert_int_equal(kn_ladder(ssd, 0, &b, &why), -1);
	assert_int_equal(why, KN_OPEN);
	/* @why may be NULL. */
	assert_int_equal(kn_ladder(ssd, N(ssd), &b, NULL), 3);
}

static void test_knee_over_from_first(void **state)
{
	struct kn_bound b = bound("5");
	enum kn_why why = KN_OPEN;

	(void)state;
	/* Load 1 is already at 5.5 ms. */
	assert_int_equal(kn_ladder(hdd, N(hdd), &b, &why), -1);
	assert_int_equal(why, KN_OVER);
	/* Without a bound there is no "over". */
	assert_int_equal(kn_ladder(hdd, N(hdd), NULL, &why), 4);
	assert_int_equal(why, KN_FLAT);
}

static void test_knee_noisy(void **state)
{
	/*
	 * A dip at 4, then a rise: a crossing must hold at one more load
	 * (seed 004: "consistently"), so the dip is noise and the ladder
	 * goes on; it ends without a knee.
	 */
	static const struct kn_step dip[] = {
		{ 1, 200, 2 },
		{ 2, 380, 2.1 },
		{ 4, 370, 4.3 },
		{ 8, 700, 4.6 },
		{ 16, 900, 7 },
	};
	/* Latency noise: one load over the bound, the next under it again. */
	static const struct kn_step spike[] = {
		{ 1, 200, 2 },
		{ 2, 390, 2.1 },
		{ 4, 760, 11 },
		{ 8, 1400, 4.6 },
	};
	struct kn_bound b = bound("10");
	enum kn_why why = KN_OPEN;

	(void)state;
	assert_int_equal(kn_ladder(dip, N(dip), &b, &why), 4);
	assert_int_equal(why, KN_OPEN);
	assert_int_equal(kn_ladder(spike, N(spike), &b, &why), 3);
	assert_int_equal(why, KN_OPEN);
	/*
	 * The prefix up to the crossing has it at its last step, unconfirmed:
	 * -stop_at_knee (which stops only on a confirmed knee) runs the next
	 * load and finds the noise.
	 */
	{
		struct kn_knee k;

		assert_int_equal(kn_ladder(dip, 3, &b, &why), 1);
		assert_int_equal(why, KN_FLAT);
		kn_judge(dip, 3, &b, true, 0, &k);
		assert_false(k.confirmed);
		kn_judge(dip, N(dip), &b, true, 0, &k);
		assert_false(k.confirmed);
		assert_int_equal(k.why, KN_OPEN);
		assert_int_equal(k.noise_load, 4);
		assert_false(k.noise_interval);
		kn_judge(spike, N(spike), &b, true, 0, &k);
		assert_int_equal(k.noise_load, 4);
	}
	assert_int_equal(kn_ladder(spike, 3, &b, &why), 1);
	assert_int_equal(why, KN_LATENCY);
}

/*
 * Intervals decide: a latency over the bound whose interval reaches
 * below it is noise; a gain under the flatness rule whose interval
 * reaches above it is noise; both are noted and the ladder goes on.
 */
static void test_knee_intervals(void **state)
{
	/* load, value, lat, lat2, iv, lo, hi, lat_lo, lat_hi */
	static const struct kn_step wide[] = {
		{ 1, 1000, 1.0, -1, true, 950, 1050, 0.95, 1.05 },
		{ 2, 1900, 1.05, -1, true, 1800, 2000, 1.0, 1.1 },
		{ 4, 1930, 2.07, -1, true, 1700, 2200, 1.8, 2.3 }, /* flat (+1.6 %) and over 2 ms by value, not by interval */
		{ 8, 3500, 2.3, -1, true, 3400, 3600, 1.9, 2.7 },  /* over 2 ms by value, not by interval */
		{ 16, 3550, 4.5, -1, true, 3500, 3600, 4.4, 4.6 },
		{ 32, 3560, 9.0, -1, true, 3520, 3600, 8.8, 9.2 },
	};
	struct kn_bound b = bound("2");
	struct kn_knee k;

	(void)state;
	kn_judge(wide, N(wide), &b, true, 0, &k);
	assert_int_equal(k.why, KN_LATENCY);
	assert_int_equal(k.load, 8);
	assert_true(k.confirmed);
	assert_int_equal(k.confirm_load, 32);
	assert_int_equal(k.noise_load, 4);
	assert_true(k.noise_interval);
	{
		char buf[512];

		kn_describe(&k, &b, buf, sizeof(buf));
		assert_string_equal(buf, "knee of the small-I/O ladder at Large=0: Small=8 (within noise at Small=4, continued; Small=16 took the latency to 4.50 ms, over 2 ms); crossed, confirmed at Small=32");
	}
	/* Without intervals the figures alone decide: Small=4 is over 2 ms, and so is 8: the knee is 2. */
	{
		struct kn_step bare[N(wide)];
		size_t i;

		for (i = 0; i < N(wide); i++) {
			bare[i] = wide[i];
			bare[i].iv = false;
		}
		kn_judge(bare, N(bare), &b, true, 0, &k);
		assert_int_equal(k.load, 2);
		assert_int_equal(k.why, KN_LATENCY);
		assert_true(k.confirmed);
		assert_int_equal(k.confirm_load, 8);
	}
	/* A crossing whose next load is back under the bound is not confirmed, even flat. */
	{
		struct kn_step back[] = {
			{ 1, 1000, 1.0 },
			{ 2, 1950, 1.5 },
			{ 4, 3800, 2.5 },
			{ 8, 3810, 1.9 },
			{ 16, 7000, 1.9 },
		};

		b = bound("2");
		kn_judge(back, N(back), &b, true, 0, &k);
		assert_int_equal(k.why, KN_OPEN);
		assert_int_equal(k.noise_load, 4);
		assert_false(k.noise_interval);
	}
	/* Two bounds: mean <= 2 ms and p100 <= 5 ms; the maximum crosses first. */
	{
		struct kn_step two[] = {
			{ 1, 1000, 1.0, 3.0 },
			{ 2, 1950, 1.1, 4.0 },
			{ 4, 3800, 1.2, 6.0 },
			{ 8, 7000, 1.3, 7.0 },
		};
		char buf[512];

		b = bound("2,p100:5");
		kn_judge(two, N(two), &b, true, 0, &k);
		assert_int_equal(k.why, KN_LATENCY);
		assert_int_equal(k.load, 2);
		assert_true(k.confirmed);
		kn_describe(&k, &b, buf, sizeof(buf));
		assert_string_equal(buf, "knee of the small-I/O ladder at Large=0: Small=2 (Small=4 took the p100 latency to 6.00 ms, over 5 ms); crossed, confirmed at Small=8");
	}
}

/*
 * Unknown latency (-1: none measured, or no such percentile in the
 * input) cannot cross the bound: the 5 % rule alone judges that step,
 * and the first load is not "over".
 */
static void test_knee_unknown_latency(void **state)
{
	static const struct kn_step u[] = { { 1, 100, -1 }, { 2, 200, -1 }, { 4, 400, -1 } };
	static const struct kn_step mix[] = { { 1, 100, 1 }, { 2, 200, -1 }, { 4, 400, 9 }, { 8, 800, 2 } };
	static const struct kn_step flat[] = { { 1, 100, -1 }, { 2, 102, -1 } };
	struct kn_bound b = bound("5");
	enum kn_why why = KN_FLAT;

	(void)state;
	assert_int_equal(kn_ladder(u, N(u), &b, &why), 2);
	assert_int_equal(why, KN_OPEN);
	/* 4 is over 5 ms, 8 is not again: not confirmed, no knee. */
	assert_int_equal(kn_ladder(mix, N(mix), &b, &why), 3);
	assert_int_equal(why, KN_OPEN);
	assert_int_equal(kn_ladder(flat, N(flat), &b, &why), 0);
	assert_int_equal(why, KN_FLAT);
}

/*
 * The steps are decided by iv_differ(), the comparison's own test. A gain
 * is flat when the interval of next / prev, the two relative half-widths
 * in quadrature, lies below 1 + the rule: 1000 +-2 % to 1020 +-2 % is
 * 1.020 (1 +- 2.83 %), up to 1.0489, under 1.05: flat (the ends' worst
 * case, 1040.4 / 980 = 1.0616, would have called it noise). 1000 +-3 % to
 * 1020 +-3 % reaches 1.0632: noise. A latency crosses an exact bound
 * when its own interval's lower end lies above it, whatever its upper
 * side: 2.1 ms (2.01 .. 2.5) over 2 ms crosses, 2.1 ms (1.99 .. 2.2) is
 * noise.
 */
static void test_knee_differ(void **state)
{
	/* load, value, lat, lat2, iv, lo, hi, lat_lo, lat_hi */
	static const struct kn_step tight[] = {
		{ 1, 500, 1.0, -1, true, 490, 510, 0.98, 1.02 },
		{ 2, 1000, 1.0, -1, true, 980, 1020, 0.98, 1.02 },
		{ 4, 1020, 1.9, -1, true, 999.6, 1040.4, 1.86, 1.94 },
		{ 8, 1025, 3.8, -1, true, 1004.5, 1045.5, 3.72, 3.88 },
	};
	static const struct kn_step loose[] = {
		{ 1, 500, 1.0, -1, true, 485, 515, 0.97, 1.03 },
		{ 2, 1000, 1.0, -1, true, 970, 1030, 0.97, 1.03 },
		{ 4, 1020, 1.9, -1, true, 989.4, 1050.6, 1.84, 1.96 },
		{ 8, 1100, 3.8, -1, true, 1067, 1133, 3.69, 3.92 },
	};
	static const struct kn_step lat[] = {
		{ 1, 1000, 1.0, -1, true, 990, 1010, 0.99, 1.01 },
		{ 2, 2000, 2.1, -1, true, 1980, 2020, 2.01, 2.5 },
		{ 4, 4000, 2.2, -1, true, 3960, 4040, 2.05, 2.6 },
	};
	struct kn_step noisy[3];
	struct kn_bound none = { 0 }, b = bound("2");
	struct kn_knee k;
	struct iv_verdict v;
	const struct iv_fig a = { 1000, 980, 1020 }, c = { 1020, 999.6, 1040.4 };

	(void)state;
	/* The test itself: 1.020 (0.991-1.049), below 1.05. */
	assert_int_equal(iv_differ(&a, true, &c, true, 1.05, "IOPS", &v), IV_BELOW);
	assert_string_equal(v.why, "IOPS 1020 / 1000 = 1.020 (95 % interval 0.991-1.049), below 1.05");
	kn_judge(tight, N(tight), &none, true, 0, &k);
	assert_int_equal(k.why, KN_FLAT);
	assert_int_equal(k.load, 2);
	assert_true(k.confirmed);
	assert_int_equal(k.confirm_load, 8);
	assert_int_equal(k.noise_load, 0);
	/* +-3 %: both steps within noise, no knee */
	kn_judge(loose, N(loose), &none, true, 0, &k);
	assert_int_equal(k.why, KN_OPEN);
	assert_int_equal(k.noise_load, 4);
	assert_true(k.noise_interval);
	/* The latency's own lower end against the exact bound: crossed at 2, confirmed at 4. */
	kn_judge(lat, N(lat), &b, true, 0, &k);
	assert_int_equal(k.why, KN_LATENCY);
	assert_int_equal(k.load, 1);
	assert_true(k.confirmed);
	memcpy(noisy, lat, sizeof(noisy));
	noisy[1].lat_lo_ms = 1.99;
	noisy[1].lat_hi_ms = 2.2;
	kn_judge(noisy, N(noisy), &b, true, 0, &k);
	assert_int_equal(k.noise_load, 2);
	assert_true(k.noise_interval);
	assert_int_equal(k.why, KN_LATENCY);
	assert_int_equal(k.load, 2);
	assert_false(k.confirmed);
	/* Without intervals the figures alone decide, and the reason says so. */
	assert_int_equal(iv_differ(&a, false, &c, true, 1.05, "IOPS", &v), IV_NOINTERVAL);
	assert_int_equal(v.by_figure, IV_BELOW);
	assert_int_equal(iv_verdict_side(&v), IV_BELOW);
	assert_string_equal(v.why, "IOPS 1020 / 1000 = 1.020, no interval (1000 has none): by the figures alone, below 1.05");
	noisy[1] = lat[1];
	noisy[1].iv = false;
	kn_judge(noisy, N(noisy), &b, true, 0, &k);
	assert_int_equal(k.why, KN_LATENCY);
	assert_int_equal(k.load, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_knee_parse),
		cmocka_unit_test(test_knee_crosses_bound),
		cmocka_unit_test(test_knee_flattens),
		cmocka_unit_test(test_knee_open),
		cmocka_unit_test(test_knee_over_from_first),
		cmocka_unit_test(test_knee_noisy),
		cmocka_unit_test(test_knee_intervals),
		cmocka_unit_test(test_knee_unknown_latency),
		cmocka_unit_test(test_knee_differ),
	};

	return cmocka_run_group_tests_name("knee", tests, NULL, NULL);
}
