/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * html_point.h -- the report's per-point depth (issue 29): each point's
 * latency histogram from fio's json+ bins (lat where the job kept lat
 * bins, else clat, labelled which) with its mean, p50, p99 and p99.9
 * marked, in the layout's latency unit. Inline SVG, no script: each
 * point in a <details> a reader opens.
 */
#ifndef FIORION_HTML_POINT_H
#define FIORION_HTML_POINT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "points.h"

/* Half-octave buckets: bucket k spans [2^(k/2), 2^((k+1)/2)) ns. */
#define HP_MAX_BUCKETS 128

struct hp_hist {
	int k0;	  /* the first bucket's k */
	size_t n; /* buckets, k0 .. k0 + n - 1 */
	uint64_t count[HP_MAX_BUCKETS];
	uint64_t total; /* the bins' I/Os: every one lands in a bucket */
};

/*
 * The bins of @l folded into half-octave buckets in *@h. False when @l
 * has no bins (no json+) or none with a count.
 */
bool hp_fold(const struct fj_lat *l, struct hp_hist *h);

/* The lower edge of bucket @k, ns. */
double hp_edge(int k);

/*
 * The section "Latency histograms": one <details> per point and class
 * with bins, in run order; latency in µs when @usecs, else ms. When no
 * point has bins, a note says so (fio's json+ output has them). Returns
 * the histograms written.
 */
size_t hp_histograms(FILE *f, const struct pt_set *pts, bool usecs);

/*
 * The loads on the small (@small) or large side double: each level above
 * 0 twice the one before, at least two such steps (1 2 4); the last may
 * be less than twice (a ladder's cap). The report then draws that load axis log2.
 */
bool hp_doubling(const struct pt_set *pts, bool small);

/*
 * The run table's steady-state cell: at how many points every job
 * attained fio's steady state, the criterion and window, and the first
 * 8 points that did not; or that no job set steadystate.
 */
void hp_steady_text(char *buf, size_t len, const struct pt_set *pts);

#endif
