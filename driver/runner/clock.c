/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * clock.c -- choosing and calibrating the runner's clock (clock.h).
 */
#include "clock.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct clk clk_state;

static pthread_once_t once = PTHREAD_ONCE_INIT;

/* True when the kernel itself keeps time with the TSC. */
static bool kernel_uses_tsc(void)
{
	char buf[64] = "";
	FILE *f = fopen("/sys/devices/system/clocksource/clocksource0/current_clocksource", "re");

	if (!f)
		return false;
	if (!fgets(buf, sizeof(buf), f))
		buf[0] = '\0';
	fclose(f);
	buf[strcspn(buf, "\n")] = '\0';
	return !strcmp(buf, "tsc");
}

#if defined(__x86_64__)
/*
 * One simultaneous reading of both clocks: the CLOCK_MONOTONIC read
 * bracketed by two counter reads, the tightest bracket of 8 tries (a VM
 * exit inside one would skew it by microseconds), its middle as the
 * counter's value at that instant.
 */
static void pair(uint64_t *ns, uint64_t *tsc)
{
	uint64_t best = UINT64_MAX;
	unsigned int i;

	for (i = 0; i < 8; i++) {
		uint64_t a = __rdtsc(), n = clk_raw_ns(), b = __rdtsc();

		if (b > a && b - a < best) {
			best = b - a;
			*ns = n;
			*tsc = a + (b - a) / 2;
		}
	}
}
#endif

/*
 * The scale, from two readings 50 ms apart: each instant is known to a
 * few ns, so the factor is within ~0.2 ppm of the kernel's (a 60 s point
 * is timed to ~12 us; a 1 ms latency to well under a ns). Against
 * CLOCK_MONOTONIC_RAW: the counter as the kernel scales it, without the
 * NTP slewing CLOCK_MONOTONIC may be undergoing (chrony slews by up to
 * 8%), which a short calibration would otherwise freeze into every stamp.
 */
static void calibrate(void)
{
#if defined(__x86_64__)
	const struct timespec pause = { 0, 50 * 1000 * 1000 };
	const char *e = getenv("FIORION_CLOCK");
	uint64_t n0 = 0, n1 = 0, c0 = 0, c1 = 0;

	/* FIORION_CLOCK=clock_gettime: never the TSC (for comparisons). */
	if ((e && !strcmp(e, "clock_gettime")) || !kernel_uses_tsc())
		return;
	pair(&n0, &c0);
	nanosleep(&pause, NULL);
	pair(&n1, &c1);
	if (c1 <= c0 || n1 <= n0)
		return;
	clk_state.mult = (uint64_t)((((unsigned __int128)(n1 - n0)) << 32) / (c1 - c0));
	clk_state.tsc0 = c1;
	clk_state.ns0 = n1;
	clk_state.tsc = clk_state.mult != 0;
#endif
}

void clk_init(void)
{
	pthread_once(&once, calibrate);
}

const char *clk_source(void)
{
	return clk_state.tsc ? "tsc" : "clock_gettime";
}
