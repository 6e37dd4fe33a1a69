/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * matrix.h -- ORION's matrix of data points: which (small, large) loads a
 * run tests, in ORION's order.
 *
 * Ladders (design.md): small loads 1..5N and large loads 1..2N for
 * -num_disks N, stepping by ceil(max/30) after level 1 when a ladder
 * would exceed 30 levels (N=8: small 1, 2, 4, .., 40); oltp/dss use
 * {1..N-1} U {N, 2N, .., 20N}. The plan always counts (0, 0), which runs
 * nothing, as ORION's "Total Data Points" does.
 */
#ifndef FIORION_MATRIX_H
#define FIORION_MATRIX_H

#include <stdbool.h>
#include <stddef.h>

#include "mxshape.h" /* enum mx_matrix, mx_matrix_name() */

enum mx_run {
	MX_SIMPLE,
	MX_NORMAL,
	MX_ADVANCED,
	MX_OLTP,
	MX_DSS,
	MX_CURVE /* -run curve: cli.c makes it MX_OLTP and the curve after it */
};

struct mx_point {
	unsigned int s, l; /* outstanding small I/Os; large I/Os or streams */
	unsigned int num;  /* the point's number, pNNN (1..) */
	unsigned int pass; /* -repeat: its pass, 1..passes; -parts: its part, 1.. */
	bool part;	   /* pass > 1 is a part of one measurement (mx_parts()) */
	bool ref;	   /* pass > 1 is the reference re-measured (mx_parts()) */
};

struct mx_plan {
	enum mx_matrix matrix; /* after -run resolved it */
	struct mx_point *pts;  /* points to run, in order, without (0, 0) */
	size_t n;
	size_t total;			       /* ORION's Total Data Points: n + (0, 0) */
	size_t per_pass;		       /* distinct points (n / passes) */
	unsigned int passes;		       /* -repeat: the plan's points run this many times */
	unsigned int parts;		       /* -parts: each point in this many rounds (1: whole) */
	unsigned int refs;		       /* parts of point 1 re-measured later (mx_parts()) */
	unsigned int *small_cols, *large_cols; /* the summary's column lines */
	size_t nsmall_cols, nlarge_cols;
	/*
	 * Each point's name in the progress lines, e.g. "curve point 2 of 6
	 * (50 % of max: 20000 IOPS)"; NULL: "point I of N (small=S, large=L)".
	 */
	char **titles;
};

/*
 * Plan the points of @run/@matrix for @num_disks disks; @num_small and
 * @num_large are used by point/col/row/max (-1 = not given). Returns 0
 * or -EINVAL (a combination that tests nothing) or -ENOMEM.
 */
int mx_plan(struct mx_plan *p, enum mx_run run, enum mx_matrix matrix,
	    unsigned int num_disks, int num_small, int num_large);

void mx_plan_release(struct mx_plan *p);

/*
 * -repeat @passes: the plan's points @passes times over, all points once
 * and then all again (drift spreads over every cell alike); point i of
 * pass k is pts[(k - 1) * per_pass + i], numbered as in pass 1. Total
 * stays ORION's (distinct points). Returns 0, -EINVAL (@passes 0) or
 * -ENOMEM.
 */
int mx_repeat(struct mx_plan *p, unsigned int passes);

/*
 * -parts @parts: each point measured in @parts parts, the plan's points
 * in rounds (all points' part 1, then all points' part 2, ...), so each
 * cell spreads over the run's time as -repeat's passes do, at the time
 * one pass takes; part k of point i is pts[(k - 1) * per_pass + i], its
 * pass k with part set. With @parts 1 and @refs > 0 the plan's first
 * point is re-measured @refs times instead, spread evenly over the run
 * (after point n k / refs for k = 1..refs: the last at its end), as its
 * passes 2..refs + 1 with ref set: the run's drift, measured on a
 * reference, apart from the point's cell. Not with
 * -repeat (@p's passes 1). Returns 0, -EINVAL or -ENOMEM.
 */
int mx_parts(struct mx_plan *p, unsigned int parts, unsigned int refs);

/*
 * The distinct points (by number) among the plan's first @upto entries:
 * a point in parts, re-measured or paired counts once.
 */
size_t mx_points_in(const struct mx_plan *p, size_t upto);

/*
 * @n points run before the plan's point @at (those from @at on move
 * up): -stop_at_knee's pairs re-measured (driver/ladder.c). Returns 0,
 * -EINVAL (@at past the end; a plan with titles) or -ENOMEM.
 */
int mx_insert(struct mx_plan *p, size_t at, const struct mx_point *pts, size_t n);

/*
 * The load ladder 1..max stepped as ORION does; writes at most @cap
 * levels into @out and returns the count.
 */
size_t mx_ladder(unsigned int max, unsigned int *out, size_t cap);

/* oltp/dss ladder for @n disks: {1..n-1} U {n, 2n, .., 20n}. */
size_t mx_ladder_long(unsigned int n, unsigned int *out, size_t cap);

#endif
