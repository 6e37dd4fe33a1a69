/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pt_parts.h -- parts.c for passes.c: a point's parts pooled, the run's
 * drift (points.h's struct pt_drift) and the intervals it widens.
 */
#ifndef FIORION_PT_PARTS_H
#define FIORION_PT_PARTS_H

#include <stddef.h>
#include <stdint.h>

#include "points.h"

/* A point's headline figure: small IOPS, or large MBPS without small I/O. */
double pt_headline(const struct pt_point *p);

/* One measurement of a point, before the fold, in run order. */
struct ptp_obs {
	unsigned int number, s, l, pass;
	bool part, ref;
	double x;    /* its headline figure: small IOPS, else large MBPS */
	bool mbps;   /* x is large MBPS (no small I/O) */
	double secs; /* its measured seconds */
	int64_t ms;  /* when its result was written (epoch ms; 0 unknown) */
	double t0;   /* seconds of measuring before it in the run */
	size_t i;    /* its index in the set, as read */
};

/*
 * Class @cls ('s' or 'l') of the measurements @idx[0..n) of one point
 * pooled into @c, the base measurement's own class (a copy of it, whose
 * latencies it replaces). Returns 0 or -ENOMEM.
 */
int ptp_pool_class(const struct pt_set *set, const size_t *idx, size_t n, struct pt_class *c,
		   char cls);

/* Every measurement of @set (before the fold) in run order: *@out (malloc'ed) and *@n. */
int ptp_observe(const struct pt_set *set, struct ptp_obs **out, size_t *n);

/* After the fold: @set->drift from the measurements @o[0..n). 0 or -ENOMEM. */
int ptp_drift(struct pt_set *set, const struct ptp_obs *o, size_t n);

/*
 * The drift's floor under a cell of @n measurements, relative (parts.c's
 * comment says how); -1 when the run has no drift measured.
 */
double ptp_drift_floor(const struct pt_drift *dr, unsigned int n);

/* Every cell's interval at least the drift's floor for its measurements. */
void ptp_apply_drift(struct pt_set *set);

#endif
