/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: the built-in runner's steady state (driver/runner/steady.c)
 * gives fio 3.33's verdicts and numbers on recorded series: the two
 * windows stock fio wrote in tests/data/fio-json/09- and 10-steadystate-*,
 * a series that settles and one that never does (slopes worked by hand),
 * percentage against absolute limits, noisy series against the textbook
 * least-squares slope and largest deviation computed window by window,
 * fio's integer mean in the slope's percentage, zero and 1 s windows, the
 * window's order in the JSON, the ramp and the per-check rates; and the
 * job file options (steadystate, steadystate_duration,
 * steadystate_ramp_time with their aliases, exitall) parse as fio's and
 * bad values are refused naming file, line and option; options are
 * echoed under fio's names, not the aliases used.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <math.h>
#include <string.h>
#include <cmocka.h>

#include "jobparse.h"
#include "steady.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define SEC 1000000000ULL

/* cmocka's assert_near() compares floats: these are doubles. */
#define assert_near(a, b, eps) \
	do { \
		double a_ = (a), b_ = (b); \
		if (!(fabs(a_ - b_) <= (eps))) \
			fail_msg("%s = %.17g, want %.17g (within %g)", #a, a_, b_, (double)(eps)); \
	} while (0)

static void init(struct rn_ss *ss, unsigned int crit, double limit, unsigned int dur_s)
{
	assert_int_equal(ss_init(ss, crit, limit, dur_s * 1000000ULL, 0), 0);
}

/* Feed @n samples; returns the 1-based sample at which it held, or 0. */
static unsigned int feed(struct rn_ss *ss, const uint64_t *iops, const uint64_t *bw, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (ss_add(ss, iops[i], bw ? bw[i] : iops[i] * 8192))
			return i + 1;
	return 0;
}

static void assert_window(const struct rn_ss *ss, const uint64_t *want_iops, const uint64_t *want_bw)
{
	uint64_t wi[16], wb[16];
	unsigned int l;

	assert_true(ss->dur <= 16);
	ss_window(ss, wi, wb);
	for (l = 0; l < ss->dur; l++) {
		assert_int_equal(wi[l], want_iops[l]);
		if (want_bw)
			assert_int_equal(wb[l], want_bw[l]);
	}
}

/* 09-steadystate-attained.json: iops:20%, 3 s; fio wrote these numbers. */
static void test_fio_recorded_attained(void **state)
{
	static const uint64_t iops[] = { 43985, 42625, 44481 };
	static const uint64_t bw[] = { 360333197, 349189125, 364392296 };
	struct rn_ss ss;
	char b[64];

	(void)state;
	init(&ss, JP_SS_IOPS | JP_SS_PCT, 20, 3);
	assert_int_equal(feed(&ss, iops, bw, 3), 3);
	ss.state |= RN_SS_ATTAINED; /* as ss_check() sets it */
	ss_name(&ss, b, sizeof(b));
	assert_string_equal(b, "iops:20.000000%");
	ss_criterion_name(&ss, b, sizeof(b));
	assert_string_equal(b, "2.453258%");
	assert_near(ss.deviation, 1072.0, 0);
	assert_near(ss.slope, 0.0, 0);
	assert_int_equal(ss_iops_mean(&ss), 43697);
	assert_int_equal(ss_bw_mean(&ss), 357971539);
	assert_window(&ss, iops, bw);
	ss_free(&ss);
}

/* 10-steadystate-not-attained.json: the job ended with 2 of 3 samples. */
static void test_fio_recorded_not_attained(void **state)
{
	static const uint64_t iops[] = { 41855, 45263, 0 };
	static const uint64_t bw[] = { 342883171, 370796652, 0 };
	struct rn_ss ss;
	char b[64];

	(void)state;
	init(&ss, JP_SS_IOPS | JP_SS_SLOPE | JP_SS_PCT, 0.001, 3);
	assert_int_equal(feed(&ss, iops, bw, 2), 0);
	ss_name(&ss, b, sizeof(b));
	assert_string_equal(b, "iops_slope:0.001000%");
	ss_criterion_name(&ss, b, sizeof(b));
	assert_string_equal(b, "0.000000%");
	assert_int_equal(ss_iops_mean(&ss), 29039);
	assert_int_equal(ss_bw_mean(&ss), 237893274);
	assert_window(&ss, iops, bw);
	ss_free(&ss);
}

/*
 * A job that ramps up and levels off, window 5 (x = 0..4: sum_x 10,
 * sum_x^2 30), by hand:
 *   [50 80 100 102 101]   sum_y 433  sum_xy  990  slope 12.4  12.4/86  = 14.42 %
 *   [80 100 102 101 103]  sum_y 486  sum_xy 1019  slope  4.7   4.7/97  =  4.85 %
 *   [100 102 101 103 102] sum_y 508  sum_xy 1021  slope  0.5   0.5/101 =  0.495 %
 * iops_slope:1% holds at the 7th sample; the absolute iops_slope:5 holds
 * a second earlier (4.7 < 5) though 4.85 % would not pass 1 %.
 */
static const uint64_t settling[] = { 50, 80, 100, 102, 101, 103, 102, 104, 103 };

static void test_slope_settles(void **state)
{
	static const uint64_t last[] = { 100, 102, 101, 103, 102 };
	struct rn_ss ss;
	char b[64];

	(void)state;
	init(&ss, JP_SS_IOPS | JP_SS_SLOPE | JP_SS_PCT, 1, 5);
	assert_int_equal(feed(&ss, settling, NULL, N(settling)), 7);
	ss.state |= RN_SS_ATTAINED;
	assert_int_equal(ss.sum_y, 508);
	assert_int_equal(ss.sum_xy, 1021);
	assert_near(ss.slope, 0.5, 1e-12);
	assert_near(ss.criterion, 50.0 / 101, 1e-12);
	ss_criterion_name(&ss, b, sizeof(b));
	assert_string_equal(b, "0.495050%");
	assert_window(&ss, last, NULL);
	ss_free(&ss);
}

static void test_slope_absolute_vs_pct(void **state)
{
	struct rn_ss ss;
	char b[64];

	(void)state;
	init(&ss, JP_SS_IOPS | JP_SS_SLOPE, 5, 5);
	assert_int_equal(feed(&ss, settling, NULL, N(settling)), 6);
	assert_near(ss.slope, 4.7, 1e-12);
	assert_near(ss.criterion, 4.7, 1e-12);
	ss_name(&ss, b, sizeof(b));
	assert_string_equal(b, "iops_slope:5.000000");
	ss_criterion_name(&ss, b, sizeof(b));
	assert_string_equal(b, "4.700000");
	ss_free(&ss);
	/* 5 % of the mean: the second window's 4.85 % already passes. */
	init(&ss, JP_SS_IOPS | JP_SS_SLOPE | JP_SS_PCT, 5, 5);
	assert_int_equal(feed(&ss, settling, NULL, N(settling)), 6);
	assert_near(ss.criterion, 470.0 / 97, 1e-12);
	ss_free(&ss);
	/* The deviation forms on the same series: [80..103] is 17 off its mean 97.2. */
	init(&ss, JP_SS_IOPS, 18, 5);
	assert_int_equal(feed(&ss, settling, NULL, N(settling)), 6);
	assert_near(ss.deviation, 97.2 - 80, 1e-9);
	ss_free(&ss);
	init(&ss, JP_SS_IOPS | JP_SS_PCT, 2, 5);
	assert_int_equal(feed(&ss, settling, NULL, N(settling)), 7);
	assert_near(ss.deviation, 101.6 - 100, 1e-9);
	assert_near(ss.criterion, 100 * 1.6 / 101.6, 1e-9);
	ss_free(&ss);
}

/* The textbook slope and largest deviation of one window, with fio's integer mean in the slope's %. */
struct ref {
	double slope, dev, crit;
	bool holds;
};

static struct ref reference(const uint64_t *y, unsigned int n, unsigned int crit, double limit)
{
	double xm = (n - 1) / 2.0, ym, sxy = 0, sxx = 0;
	uint64_t sum = 0;
	struct ref r = { 0, 0, 0, false };
	unsigned int i;

	for (i = 0; i < n; i++)
		sum += y[i];
	ym = (double)sum / n;
	for (i = 0; i < n; i++) {
		sxy += (i - xm) * ((double)y[i] - ym);
		sxx += (i - xm) * (i - xm);
		if (fabs((double)y[i] - ym) > r.dev)
			r.dev = fabs((double)y[i] - ym);
	}
	r.slope = sxy / sxx;
	if (crit & JP_SS_SLOPE) {
		r.crit = crit & JP_SS_PCT ? 100 * r.slope / (double)(sum / n) : r.slope;
		r.holds = fabs(r.crit) < limit;
	} else {
		r.crit = crit & JP_SS_PCT ? 100 * r.dev / ym : r.dev;
		r.holds = r.crit < limit;
	}
	return r;
}

static uint64_t lcg(uint64_t *s)
{
	*s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
	return *s >> 33;
}

/*
 * Noisy series (±5 % around a level, a slow drift in some) under every
 * form, window by window against the reference: the same criterion,
 * slope and deviation, and the same first window that holds.
 */
static void test_noisy_against_reference(void **state)
{
	static const struct {
		unsigned int crit;
		double limit;
		unsigned int dur;
		double drift; /* per sample, of the level */
	} t[] = {
		{ JP_SS_IOPS | JP_SS_SLOPE | JP_SS_PCT, 0.05, 5, 0 },
		{ JP_SS_IOPS | JP_SS_SLOPE | JP_SS_PCT, 0.02, 10, 0 },
		{ JP_SS_IOPS | JP_SS_SLOPE | JP_SS_PCT, 1.2, 5, 0.03 },
		{ JP_SS_IOPS | JP_SS_PCT, 3, 5, 0 },
		{ JP_SS_IOPS | JP_SS_PCT, 2.5, 4, 0 },
		{ JP_SS_IOPS, 300, 5, 0 },
		{ JP_SS_IOPS | JP_SS_SLOPE, 5, 6, 0 },
		{ JP_SS_BW | JP_SS_SLOPE | JP_SS_PCT, 0.3, 5, 0.01 },
		{ JP_SS_BW | JP_SS_PCT, 3, 5, 0 },
		{ JP_SS_BW | JP_SS_SLOPE, 100000, 5, 0 },
		{ JP_SS_BW, 2 * 1048576.0, 5, 0 },
	};
	unsigned int c, seed;

	(void)state;
	for (c = 0; c < N(t); c++) {
		for (seed = 1; seed <= 20; seed++) {
			uint64_t s = seed * 7919 + c, iops[60], bw[60];
			unsigned int i, want = 0, got = 0;
			struct rn_ss ss;

			for (i = 0; i < 60; i++) {
				double level = 10000 * (1 + t[c].drift * i);

				iops[i] = (uint64_t)(level * (0.95 + (double)(lcg(&s) % 1001) / 10000));
				bw[i] = iops[i] * 8192 + lcg(&s) % 8192;
			}
			init(&ss, t[c].crit, t[c].limit, t[c].dur);
			for (i = 0; i < 60 && !got; i++) {
				const uint64_t *y = t[c].crit & JP_SS_IOPS ? iops : bw;
				bool held = ss_add(&ss, iops[i], bw[i]);
				struct ref r;

				if (i + 1 < t[c].dur) {
					assert_false(held);
					continue;
				}
				r = reference(y + i + 1 - t[c].dur, t[c].dur, t[c].crit, t[c].limit);
				if (t[c].crit & JP_SS_SLOPE) {
					assert_near(ss.slope, r.slope, 1e-6 * fmax(1, fabs(r.slope)));
					assert_near(ss.criterion, r.crit, 1e-6 * fmax(1, fabs(r.crit)));
				} else {
					assert_near(ss.deviation, r.dev, 1e-6 * fmax(1, r.dev));
					assert_near(ss.criterion, r.crit, 1e-6 * fmax(1, r.crit));
				}
				if (r.holds && !want)
					want = i + 1;
				if (held)
					got = i + 1;
			}
			assert_int_equal(got, want);
			ss_free(&ss);
		}
	}
}

/*
 * Never settles: IOPS growing 10 % a second keep a slope near 9.5 % of
 * the mean, and a job swinging between 100 and 300 keeps deviating
 * 50 %. (The swing's slope is 0 on odd windows: iops_slope passes it.)
 */
static void test_never_settles(void **state)
{
	uint64_t grow[60], swing[60];
	struct rn_ss ss;
	unsigned int i;
	double y = 1000;

	(void)state;
	for (i = 0; i < 60; i++, y *= 1.1) {
		grow[i] = (uint64_t)y;
		swing[i] = i % 2 ? 300 : 100;
	}
	init(&ss, JP_SS_IOPS | JP_SS_SLOPE | JP_SS_PCT, 2, 5);
	for (i = 0; i < 60; i++) {
		assert_false(ss_add(&ss, grow[i], grow[i] * 4096));
		if (i >= 4)
			assert_true(ss.criterion > 8 && ss.criterion < 11);
	}
	ss_free(&ss);
	init(&ss, JP_SS_IOPS | JP_SS_PCT, 20, 5);
	assert_int_equal(feed(&ss, swing, NULL, 60), 0);
	assert_near(ss.deviation, 120, 1e-9); /* 5 samples: mean 180 or 220 */
	ss_free(&ss);
	init(&ss, JP_SS_IOPS | JP_SS_SLOPE | JP_SS_PCT, 2, 5);
	assert_int_equal(feed(&ss, swing, NULL, 60), 5);
	assert_near(ss.slope, 0, 0);
	ss_free(&ss);
	/* iops_slope:0.0001%: noise alone never gets a slope that flat. */
	init(&ss, JP_SS_IOPS | JP_SS_SLOPE | JP_SS_PCT, 0.0001, 5);
	{
		uint64_t s = 42, v[60];

		for (i = 0; i < 60; i++)
			v[i] = 40000 + lcg(&s) % 2000;
		assert_int_equal(feed(&ss, v, NULL, 60), 0);
	}
	ss_free(&ss);
}

/*
 * fio divides the slope by sum_y / dur in whole units: [3, 4] has slope 1
 * and mean 3.5, and fio's percentage is 100 / 3, not 100 / 3.5. The
 * deviation divides by the exact mean.
 */
static void test_integer_mean(void **state)
{
	static const uint64_t y[] = { 3, 4 };
	struct rn_ss ss;

	(void)state;
	init(&ss, JP_SS_IOPS | JP_SS_SLOPE | JP_SS_PCT, 30, 2);
	assert_int_equal(feed(&ss, y, NULL, 2), 0);
	assert_near(ss.slope, 1, 1e-12);
	assert_near(ss.criterion, 100.0 / 3, 1e-12);
	ss_free(&ss);
	init(&ss, JP_SS_IOPS | JP_SS_PCT, 30, 2);
	assert_int_equal(feed(&ss, y, NULL, 2), 2);
	assert_near(ss.criterion, 100 * 0.5 / 3.5, 1e-12);
	ss_free(&ss);
}

/*
 * Edges: a job doing no I/O never holds a percentage (0/0), holds an
 * absolute deviation; a 1 s window's slope is 0/0 (never holds), its
 * deviation 0 (holds at once); under 1 s of duration there is no window.
 */
static void test_edges(void **state)
{
	static const uint64_t zero[] = { 0, 0, 0, 0 };
	static const uint64_t one[] = { 5000 };
	struct rn_ss ss;

	(void)state;
	init(&ss, JP_SS_IOPS | JP_SS_SLOPE | JP_SS_PCT, 2, 3);
	assert_int_equal(feed(&ss, zero, zero, 4), 0);
	assert_true(isnan(ss.criterion));
	ss_free(&ss);
	init(&ss, JP_SS_IOPS | JP_SS_PCT, 2, 3);
	assert_int_equal(feed(&ss, zero, zero, 4), 0);
	ss_free(&ss);
	init(&ss, JP_SS_IOPS, 1, 3);
	assert_int_equal(feed(&ss, zero, zero, 4), 3);
	ss_free(&ss);
	init(&ss, JP_SS_IOPS | JP_SS_SLOPE, 1e9, 1);
	assert_int_equal(feed(&ss, one, NULL, 1), 0);
	assert_true(isnan(ss.slope));
	ss_free(&ss);
	init(&ss, JP_SS_IOPS | JP_SS_PCT, 0.5, 1);
	assert_int_equal(feed(&ss, one, NULL, 1), 1);
	ss_free(&ss);
	assert_int_equal(ss_init(&ss, JP_SS_IOPS, 1, 999999, 0), 0);
	assert_int_equal(ss.dur, 0);
	assert_false(ss_check(&ss, 0, 5 * SEC, 100, 100));
	assert_int_equal(ss_init(&ss, JP_SS_IOPS, 1, 5500000, 0), 0);
	assert_int_equal(ss.dur, 5); /* whole seconds */
	assert_int_equal(ss.sum_x, 10);
	assert_int_equal(ss.sum_x_sq, 30);
	ss_free(&ss);
}

/*
 * stat.c's order: oldest first. Not full: as filled, zeros after; full
 * and missed: the ring's head is one past the oldest; held: at it.
 */
static void test_window_order(void **state)
{
	static const uint64_t y[] = { 1, 2, 3, 4, 5, 6, 7 };
	static const uint64_t part[] = { 1, 2, 0 }, last3[] = { 3, 4, 5 }, last4[] = { 4, 5, 6, 7 };
	struct rn_ss ss;

	(void)state;
	init(&ss, JP_SS_IOPS, 0, 3); /* deviation < 0: never */
	feed(&ss, y, NULL, 2);
	assert_window(&ss, part, NULL);
	feed(&ss, y + 2, NULL, 3);
	assert_window(&ss, last3, NULL);
	ss_free(&ss);
	/* Held at the 7th sample (deviation 1.5 < 1.6) after the ring wrapped. */
	init(&ss, JP_SS_IOPS, 1.6, 4);
	assert_int_equal(feed(&ss, (const uint64_t[]){ 1, 9, 1, 4, 5, 6, 7 }, NULL, 7), 7);
	ss.state |= RN_SS_ATTAINED;
	assert_window(&ss, last4, NULL);
	ss_free(&ss);
}

/*
 * steadystate_check() for one clone: nothing is sampled until ramp + 1 s
 * after the start; each sample is 1000 x the I/Os (bytes) since the last
 * check over its whole milliseconds, truncated; the clone is told to
 * stop once, when the window holds.
 */
static void test_check_ramp_and_rates(void **state)
{
	struct rn_ss ss;
	const uint64_t e = 77 * SEC; /* the epoch */

	(void)state;
	assert_int_equal(ss_init(&ss, JP_SS_IOPS | JP_SS_PCT, 1, 2000000, 2000000), 0);
	ss.prev_time = e;
	assert_false(ss_check(&ss, e, e + SEC / 2, 100, 100 * 4096));
	assert_false(ss_check(&ss, e, e + 3 * SEC / 2, 300, 300 * 4096));
	assert_false(ss_check(&ss, e, e + 5 * SEC / 2, 500, 500 * 4096));
	assert_false(ss.state & RN_SS_RAMP_OVER);
	assert_int_equal(ss.iops_data[0], 0);
	/* 3.7505 s: ramp over; 1250.5 ms is 1250; 1001 I/Os -> 800.8 -> 800. */
	assert_false(ss_check(&ss, e, e + 37505 * SEC / 10000, 1501, 1501 * 4096));
	assert_true(ss.state & RN_SS_RAMP_OVER);
	assert_int_equal(ss.iops_data[0], 800);
	assert_int_equal(ss.bw_data[0], 1000ULL * 1001 * 4096 / 1250);
	/* 999 ms later, 799 I/Os: 799.79 -> 799; [800, 799] deviates 0.0625 %. */
	assert_true(ss_check(&ss, e, e + 37505 * SEC / 10000 + 999 * SEC / 1000 + 1000, 2300, 2300 * 4096));
	assert_true(ss.state & RN_SS_ATTAINED);
	assert_int_equal(ss.iops_data[1], 799);
	assert_false(ss_check(&ss, e, e + 10 * SEC, 9000, 9000 * 4096));
	ss_free(&ss);
	/* No ramp: the first check samples from the start. */
	assert_int_equal(ss_init(&ss, JP_SS_BW | JP_SS_SLOPE | JP_SS_PCT, 1, 3000000, 0), 0);
	ss.prev_time = e;
	assert_true(ss.state & RN_SS_RAMP_OVER);
	assert_false(ss_check(&ss, e, e + 3 * SEC / 10, 90, 90 * 8192));
	assert_int_equal(ss.iops_data[0], 300);
	assert_int_equal(ss.bw_data[0], 300 * 8192);
	ss_free(&ss);
}

/* ------------------------------------------------------------ options */

static int parse(struct jp_file *f, const char *opts, struct fr_err *err)
{
	char buf[1024];

	snprintf(buf, sizeof(buf), "[j]\nioengine=libaio\nfilename=/x\n%s\n", opts);
	return jp_parse_buffer(f, "s.fio", buf, err);
}

static void test_options(void **state)
{
	static const struct {
		const char *text;
		unsigned int crit;
		double limit;
		uint64_t dur, ramp;
	} good[] = {
		{ "steadystate=iops_slope:2%\nsteadystate_duration=5s\nsteadystate_ramp_time=2s",
		  JP_SS_IOPS | JP_SS_SLOPE | JP_SS_PCT, 2, 5000000, 2000000 },
		{ "ss=bw:10m\nss_dur=3\nss_ramp=500ms", JP_SS_BW, 10485760, 3000000, 500000 },
		{ "ss=iops:150", JP_SS_IOPS, 150, 0, 0 },
		{ "ss=iops:20%\nss_dur=1m", JP_SS_IOPS | JP_SS_PCT, 20, 60000000, 0 },
		{ "ss=bw_slope:1.5%", JP_SS_BW | JP_SS_SLOPE | JP_SS_PCT, 1.5, 0, 0 },
		{ "ss=bw_slope:4096", JP_SS_BW | JP_SS_SLOPE, 4096, 0, 0 },
		{ "ss=iops: 2.5 %", JP_SS_IOPS | JP_SS_PCT, 2.5, 0, 0 },
		/* options.c's default criterion */
		{ "steadystate_duration=10", JP_SS_IOPS | JP_SS_SLOPE | JP_SS_PCT, 0.01, 10000000, 0 },
	};
	static const char *const bad[] = {
		"ss=iops",
		"ss=iops:",
		"ss=latency:2%",
		"ss=IOPS:2%",
		"ss=iops:abc",
		"ss=iops:-1",
		"ss=iops:2%x",
		"ss=iops:nan",
		"ss=bw:1x",
		"ss=iops_slope2%",
		"ss_dur=5x",
		"ss_dur=-1",
		"ss_ramp=1y",
		"steadystate",
		"steadystate_duration",
		"exitall=0",
		"exitall=yes",
		"steadystate_check_interval=1s",
	};
	struct fr_err err;
	struct jp_file f;
	unsigned int i;

	(void)state;
	for (i = 0; i < N(good); i++) {
		err.msg[0] = '\0';
		if (parse(&f, good[i].text, &err))
			fail_msg("'%s': %s", good[i].text, err.msg);
		assert_int_equal(f.jobs[0].ss_crit, good[i].crit);
		assert_near(f.jobs[0].ss_limit, good[i].limit, 0);
		assert_int_equal(f.jobs[0].ss_dur_us, good[i].dur);
		assert_int_equal(f.jobs[0].ss_ramp_us, good[i].ramp);
		jp_release(&f);
	}
	for (i = 0; i < N(bad); i++) {
		char key[64];

		err.msg[0] = '\0';
		if (!parse(&f, bad[i], &err)) {
			jp_release(&f);
			fail_msg("'%s' was taken", bad[i]);
		}
		snprintf(key, sizeof(key), "%.*s", (int)strcspn(bad[i], "="), bad[i]);
		if (!strstr(err.msg, "s.fio:4:") || !strstr(err.msg, key))
			fail_msg("'%s': the message names no line or option: %s", bad[i], err.msg);
	}
	assert_non_null(strstr(err.msg, "not supported")); /* fio 3.33 has no check interval */
	parse(&f, "ss=iops:abc", &err);
	assert_non_null(strstr(err.msg, "iops_slope"));
}

/*
 * td_steadystate_init(): the jobs of a group must have the same steady
 * state (all off counts); stonewall starts another group. exitall, set
 * by any job, is every job's.
 */
static void test_group_rules(void **state)
{
	struct fr_err err;
	struct jp_file f;
	const char *head = "[global]\nioengine=libaio\nfilename=/x\n";
	char buf[1024];

	(void)state;
	snprintf(buf, sizeof(buf), "%s[a]\nss=iops:2%%\nss_dur=5\n[b]\nss=iops:2%%\nss_dur=5\n", head);
	assert_int_equal(jp_parse_buffer(&f, "g.fio", buf, &err), 0);
	jp_release(&f);
	snprintf(buf, sizeof(buf), "%s[a]\nss=iops:2%%\nss_dur=5\n[b]\nss=iops:3%%\nss_dur=5\n", head);
	assert_true(jp_parse_buffer(&f, "g.fio", buf, &err) < 0);
	assert_non_null(strstr(err.msg, "g.fio:7: job 'b'"));
	assert_non_null(strstr(err.msg, "job 'a' of the same group"));
	snprintf(buf, sizeof(buf), "%s[a]\nss_dur=5\n[b]\n", head);
	assert_true(jp_parse_buffer(&f, "g.fio", buf, &err) < 0);
	snprintf(buf, sizeof(buf), "%s[a]\nss_dur=5\n[b]\nss_dur=5500ms\n", head);
	assert_int_equal(jp_parse_buffer(&f, "g.fio", buf, &err), 0);
	jp_release(&f);
	snprintf(buf, sizeof(buf), "%s[a]\nss_dur=5\n[b]\nstonewall\n[c]\nstonewall\nss=bw:1m\nss_dur=2\n", head);
	assert_int_equal(jp_parse_buffer(&f, "g.fio", buf, &err), 0);
	assert_false(f.jobs[0].exitall);
	jp_release(&f);
	snprintf(buf, sizeof(buf), "%s[a]\n[b]\nexitall\n[c]\nstonewall\n", head);
	assert_int_equal(jp_parse_buffer(&f, "g.fio", buf, &err), 0);
	assert_true(f.jobs[0].exitall && f.jobs[1].exitall && f.jobs[2].exitall);
	jp_release(&f);
}

/* parse.c: add_to_dump_list() echoes fio's name of an option, never the alias used. */
static void test_echoed_names(void **state)
{
	static const char text[] = "[global]\nioengine=libaio\nfilename=/x\nss_dur=3\n"
				   "[j]\nss=iops:2%\nss_ramp=1\nreadwrite=randread\nexitall\n";
	static const char *const own[] = { "steadystate", "steadystate_ramp_time", "rw", "exitall" };
	struct fr_err err;
	struct jp_file f;
	unsigned int i;

	(void)state;
	assert_int_equal(jp_parse_buffer(&f, "e.fio", text, &err), 0);
	assert_int_equal(f.nglobal, 3);
	assert_string_equal(f.global[2].key, "steadystate_duration");
	assert_int_equal(f.jobs[0].nown, N(own));
	for (i = 0; i < N(own); i++)
		assert_string_equal(f.jobs[0].own[i].key, own[i]);
	assert_string_equal(f.jobs[0].own[0].val, "iops:2%");
	jp_release(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fio_recorded_attained),
		cmocka_unit_test(test_fio_recorded_not_attained),
		cmocka_unit_test(test_slope_settles),
		cmocka_unit_test(test_slope_absolute_vs_pct),
		cmocka_unit_test(test_noisy_against_reference),
		cmocka_unit_test(test_never_settles),
		cmocka_unit_test(test_integer_mean),
		cmocka_unit_test(test_edges),
		cmocka_unit_test(test_window_order),
		cmocka_unit_test(test_check_ramp_and_rates),
		cmocka_unit_test(test_options),
		cmocka_unit_test(test_group_rules),
		cmocka_unit_test(test_echoed_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
