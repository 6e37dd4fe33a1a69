/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * steady.h -- fio 3.33's steady state (steadystate.c) for one clone: the
 * rolling window of per-second IOPS and bandwidth samples taken after
 * the ramp, the criterion over it (least-squares slope or largest
 * deviation from the mean, absolute or as a percentage of the mean), and
 * what stat.c writes of it. Pure: the caller reads the clock and the
 * clone's counters, and stops the clone when ss_check() says so.
 */
#ifndef FIORION_STEADY_H
#define FIORION_STEADY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "jobparse.h"

/* The bits of a running window, fio's FIO_SS_* values (steadystate.h). */
enum {
	RN_SS_ATTAINED = 1u << 3,
	RN_SS_RAMP_OVER = 1u << 4,
	RN_SS_DATA = 1u << 5,
	RN_SS_BUFFER_FULL = 1u << 7,
};

/* fio's STEADYSTATE_MSEC: the helper thread checks every clone each second. */
#define RN_SS_MSEC 1000u

/* fio's struct steadystate_data, field for field (times in ns here). */
struct rn_ss {
	double limit;
	uint64_t dur;	    /* seconds: samples in the window; 0 = off */
	uint64_t ramp_time; /* us */
	uint32_t state;	    /* JP_SS_* criterion | RN_SS_* */
	unsigned int head, tail;
	uint64_t *iops_data, *bw_data;
	double slope, deviation, criterion;
	uint64_t sum_y, sum_x, sum_x_sq, sum_xy, oldest_y;
	uint64_t prev_time; /* ns, of the last check (the epoch at first) */
	uint64_t prev_iops, prev_bytes;
};

/*
 * td_steadystate_init() and steadystate_alloc(): the window of @crit
 * (JP_SS_*) with @limit over whole seconds of @dur_us, after @ramp_us.
 * Under 1 s of duration the window is off (ss->dur 0, nothing kept).
 * Returns 0 or -ENOMEM.
 */
int ss_init(struct rn_ss *ss, unsigned int crit, double limit, uint64_t dur_us,
	    uint64_t ramp_us);
void ss_free(struct rn_ss *ss);

/*
 * steadystate_slope() or steadystate_deviation(): one second's sample
 * (@iops, @bw in bytes/s) enters the window; once it is full, the
 * criterion is computed with fio's arithmetic (its rolling sums, its
 * integer mean in the slope's percentage). Returns true when the
 * criterion is under the limit; the window then stays as it is.
 */
bool ss_add(struct rn_ss *ss, uint64_t iops, uint64_t bw);

/*
 * One clone's part of steadystate_check() at @now (ns): the ramp is over
 * ramp + 1 s after @epoch (the clone's start); the sample is the I/Os
 * and bytes done since the last check (@ios and @bytes are the clone's
 * totals) over the whole milliseconds between the two. Returns true
 * when steady state is attained now (RN_SS_ATTAINED set): the caller
 * stops the clone (fio_mark_td_terminate()). A window that is off or
 * attained takes no more checks.
 */
bool ss_check(struct rn_ss *ss, uint64_t epoch, uint64_t now, uint64_t ios,
	      uint64_t bytes);

/* steadystate_bw_mean(), steadystate_iops_mean(): over the whole window. */
uint64_t ss_bw_mean(const struct rn_ss *ss);
uint64_t ss_iops_mean(const struct rn_ss *ss);

/*
 * The window's samples oldest first, as stat.c writes "iops" and "bw"
 * (@iops and @bw hold ss->dur entries; unfilled ones are 0).
 */
void ss_window(const struct rn_ss *ss, uint64_t *iops, uint64_t *bw);

/* stat.c's strings: "ss" ("iops_slope:2.000000%") and "criterion". */
void ss_name(const struct rn_ss *ss, char *buf, size_t len);
void ss_criterion_name(const struct rn_ss *ss, char *buf, size_t len);

#endif
