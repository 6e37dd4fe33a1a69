/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * clock.h -- the built-in runner's clock: monotonic nanoseconds, read
 * once per stamp (three per asynchronous I/O, two per synchronous one).
 *
 * Where the kernel keeps its own time with the CPU's time-stamp counter
 * (x86-64, clocksource "tsc": invariant, and synchronised across CPUs, or
 * the kernel would not use it), a stamp is one rdtsc scaled to ns with a
 * factor measured against CLOCK_MONOTONIC_RAW -- what fio does with its
 * default clocksource=cpu. A read costs ~9 ns there against ~21 ns for
 * clock_gettime() on this project's VM, which is most of what the runner
 * spends per I/O on the null backend. Elsewhere it is clock_gettime().
 * Either way clk_ns() advances as the kernel's clocks do, to within a few
 * ppm (tests/test_clock.c). Two threads' readings may differ by a
 * few ns out of order (the counters of two CPUs are synchronised, not
 * one): compare stamps of different threads as signed differences.
 */
#ifndef FIORION_CLOCK_H
#define FIORION_CLOCK_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#if defined(__x86_64__)
#include <x86intrin.h>
#endif

struct clk {
	bool tsc;	    /* stamps are scaled rdtsc */
	uint64_t tsc0, ns0; /* a reading of both at calibration */
	uint64_t mult;	    /* ns per cycle, as a 32.32 fixed point */
};

extern struct clk clk_state;

/* Choose the clock and calibrate it (50 ms, once; later calls return). */
void clk_init(void);

/* Which clock clk_ns() reads: "tsc" or "clock_gettime". */
const char *clk_source(void);

static inline uint64_t clk_mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

static inline uint64_t clk_raw_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

static inline uint64_t clk_ns(void)
{
#if defined(__x86_64__)
	if (clk_state.tsc) {
		/* Signed: another CPU's counter may read a little behind. */
		int64_t d = (int64_t)(__rdtsc() - clk_state.tsc0);

		return clk_state.ns0 + (uint64_t)(int64_t)(((__int128)d * clk_state.mult) >> 32);
	}
#endif
	return clk_mono_ns();
}

#endif
