/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * html_tail.h -- the report's tail-latency chart (issue 29): p50, p99
 * and p99.9 beside the mean of the small I/Os against the small load.
 *
 * A chart of its own on a log latency axis: p99.9 is often 10-100 times
 * the mean, which on the mean chart's linear axis would press the mean
 * onto the floor. The mean chart (linear, its 95 % error bars) stays as
 * it is; this one has no error bars (an interval reaching 0 has no place
 * on a log axis; the intervals are on the mean chart). Each ladder keeps
 * one colour: mean solid, p50 dash-dot, p99 dashed, p99.9 dotted. More
 * than 3 ladders (a matrix): the first ladder only (the lowest large
 * load), and the caption says so; every point's own percentiles are on
 * its histogram.
 */
#ifndef FIORION_HTML_TAIL_H
#define FIORION_HTML_TAIL_H

#include <stdio.h>

#include "knee.h"
#include "points.h"
#include "svg.h"

/* Most ladders drawn in full on the tail chart. */
#define HT_MAX_LADDERS 3

/*
 * The chart (id "lat-tail") of @pts's small points, x on @x, latency on
 * @y made log, with the latency @bound's lines (NULL or not set: none;
 * a percentile the chart has no line of gets its line too, as "p95").
 * Nothing when no small point has a percentile. Returns 0 or -ENOMEM.
 */
int ht_chart(FILE *f, const struct pt_set *pts, struct svg_axis x, struct svg_axis y,
	     const struct kn_bound *bound);

#endif
