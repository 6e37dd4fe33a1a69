/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cmpmark.h -- is a cell of a comparison changed? The ratio of a run's
 * cell to the reference run's, with its 95 % interval, and the mark the
 * interval decides; the geometric mean of a class's ratios and its mark.
 * No fixed threshold anywhere: only the intervals decide.
 *
 * A cell's ratio b / a has the interval of iv_ratio() (interval.h: the
 * two figures' relative half-widths added in quadrature). It is changed
 * (better or worse, by which way the class counts as better) only when
 * that interval excludes 1, unchanged when it includes 1, and has no
 * mark when either cell has no interval. A half-width over 100 % puts
 * the lower end at 0 (a ratio is never negative).
 *
 * The geometric mean of n ratios r_i with relative half-widths h_i is
 * g = exp(sum(ln r_i) / n), and its relative half-width
 * H = sqrt(sum(h_i^2)) / n (ln r_i has half-width ~ h_i; the cells taken
 * as independent); its interval g (1 - H) .. g (1 + H) (at least 0) and mark follow
 * the cells' rule. It has no interval when some cell has none.
 */
#ifndef FIORION_CMPMARK_H
#define FIORION_CMPMARK_H

#include <stdbool.h>
#include <stddef.h>

#include "interval.h"

enum cm_mark {
	CM_NOINTERVAL = 0, /* either side without an interval: not marked */
	CM_UNCHANGED,	   /* the ratio's interval includes 1 */
	CM_BETTER,	   /* it excludes 1, the better way */
	CM_WORSE,	   /* it excludes 1, the worse way */
};

/* One ratio and what it says. */
struct cm_ratio {
	struct iv_fig r; /* ratio b / a; lo = hi = value without an interval */
	enum cm_mark mark;
};

/*
 * The ratio of @b to @a (@a_iv, @b_iv: whether each has an interval);
 * @more_is_better: a ratio above 1 is better (IOPS, MBPS), else below
 * (latency). False when @a is not positive or @b not finite (no ratio).
 */
bool cm_cell(const struct iv_fig *a, bool a_iv, const struct iv_fig *b, bool b_iv,
	     bool more_is_better, struct cm_ratio *out);

/* The counts and geometric mean of one class of one comparison. */
struct cm_class {
	size_t cells;		/* cells both runs have (ratios taken) */
	size_t n[4];		/* by enum cm_mark */
	double sum_log, sum_h2; /* over the cells */
	bool more_is_better;
};

void cm_class_init(struct cm_class *c, bool more_is_better);

/* Count @r (a cell's ratio) in @c. */
void cm_class_add(struct cm_class *c, const struct cm_ratio *r);

/* The class's geometric mean and its mark; false when it has no cell. */
bool cm_class_geomean(const struct cm_class *c, struct cm_ratio *out);

/* The mark's name, the HTML class of its cell: "changed better", "changed worse", "unchanged", "nointerval". */
const char *cm_mark_class(enum cm_mark m);

#endif
