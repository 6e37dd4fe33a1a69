/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * compare.h -- 2 to 8 runs compared: the page (html_compare.c; the
 * text table is text_compare.h), each cell's mark by cmpmark.h.
 */
#ifndef FIORION_COMPARE_H
#define FIORION_COMPARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "fr_err.h"
#include "orion_report.h"
#include "points.h"

/* The most runs a comparison takes (A, the reference, and up to 7 more). */
#define HR_MAX_RUNS 8

/* One run of a comparison. */
struct hr_run {
	const char *label; /* "A", "B", ... */
	const struct or_params *p;
	const struct pt_set *pts;
};

/*
 * The runs @r[0..n) (2 <= @n <= HR_MAX_RUNS; @r[0] is the reference, A)
 * on each chart (A's lines solid, each other run's its own dash style,
 * the 95 % intervals as error bars), and for each other run a table of
 * each cell's ratio to A (small IOPS, large MBPS, small latency) with its
 * 95 % interval, marked changed (better or worse) only when the interval
 * excludes 1, unchanged when it includes 1, not marked when a cell has
 * no interval (cmpmark.h); a geometric mean per class; the marks counted
 * per class at the top. Returns 0, or -ENOMEM (-EINVAL for a wrong @n)
 * with @err filled.
 */
int hr_compare(FILE *f, const struct hr_run *r, size_t n, struct fr_err *err);

/*
 * Whether runs @a and @b of different volumes name a cache (lmcache.h:
 * the smaller volume's latency floor under half the larger's): its
 * "Cache: ..." line into @buf (cmpcache.c).
 */
bool hr_cache_line(const struct hr_run *a, const struct hr_run *b, char *buf, size_t len);

#endif
