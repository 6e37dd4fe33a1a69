/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cmpmark.h -- is a cell of a comparison changed? The ratio of a run's
 * cell to the reference run's, with its 95 % interval, and the mark it
 * gets; the geometric mean of a class's ratios and its mark; the cells
 * of two runs walked by load, each with its figures and mark, for the
 * page (html_compare.c) and the text table (text_compare.c) alike: the
 * one owner of every mark.
 *
 * A cell's ratio b / a and its interval are iv_differ()'s (interval.h:
 * the two figures' relative half-widths added in quadrature), against 1.
 * The rule, cm_rule()'s sentence, the one the page, -help and
 * docs/report.md state: a cell is changed (better or worse, by which way
 * the class counts as better) only when that interval excludes 1 and the
 * ratio is at least CM_CHANGE_PCT % away from 1 (0.95 or below, 1.05 or
 * above); unchanged otherwise; not marked (no interval) only when either
 * cell has no interval. A half-width over 100 % puts the lower end at 0
 * (a ratio is never negative).
 *
 * The geometric mean of n ratios r_i with relative half-widths h_i (the
 * larger side of each) is g = exp(sum(ln r_i) / n), and its relative
 * half-width H = sqrt(sum(h_i^2)) / n (ln r_i has half-width ~ h_i; the
 * cells taken as independent); its interval g (1 - H) .. g (1 + H) (at
 * least 0) is marked by the cells' rule. It has no interval when some
 * cell has none.
 */
#ifndef FIORION_CMPMARK_H
#define FIORION_CMPMARK_H

#include <stdbool.h>
#include <stddef.h>

#include "interval.h"
#include "points.h"

/*
 * How far from 1 a ratio must be, in %, for its cell to be changed (with
 * its interval excluding 1): the one place the 5 % is set.
 */
#define CM_CHANGE_PCT 5

enum cm_mark {
	CM_NOINTERVAL = 0, /* either side without an interval: not marked */
	CM_UNCHANGED,	   /* the interval holds 1, or the ratio is within CM_CHANGE_PCT % of 1 */
	CM_BETTER,	   /* changed, the better way */
	CM_WORSE,	   /* changed, the worse way */
};

/* One ratio and what it says. */
struct cm_ratio {
	struct iv_fig r; /* ratio b / a; lo = hi = value without an interval */
	enum cm_mark mark;
	/* The reason, iv_differ()'s and the rule's: "IOPS 1569 / 1961 = 0.800 (95 % interval 0.771-0.829), below 1; changed, worse: 20.0 % from 1" */
	char why[320];
};

/* The rule in one sentence (no line breaks), from CM_CHANGE_PCT. */
void cm_rule(char *buf, size_t len);

/*
 * The ratio of @b to @a (@a_iv, @b_iv: whether each has an interval) and
 * its mark by the rule; @more_is_better: a ratio above 1 is better (IOPS,
 * MBPS), else below (latency); @what names the figures in the reason
 * ("IOPS"; NULL for none). False when @a is not positive or @b not
 * finite (no ratio).
 */
bool cm_cell(const struct iv_fig *a, bool a_iv, const struct iv_fig *b, bool b_iv,
	     bool more_is_better, const char *what, struct cm_ratio *out);

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

/* The classes a comparison judges, in the order the page and the text give them. */
enum cm_kind {
	CM_IOPS,
	CM_MBPS,
	CM_LAT,
	CM_NKINDS
};

struct cm_kind_info {
	const char *name;    /* "small IOPS", "large MBPS", "small latency" */
	const char *figure;  /* "IOPS", "MBPS", "latency (ms)" */
	bool small;	     /* of the points' small class, else large */
	bool more_is_better; /* IOPS and MBPS; latency is better lower */
};

extern const struct cm_kind_info cm_kinds[CM_NKINDS];

/* One class of one cell of a comparison of run B to run A. */
struct cm_fig {
	bool in_a, in_b;      /* the run has the figure */
	double a, b;	      /* as the page shows them (IOPS truncated as ORION's files); NAN when not in */
	struct iv_fig ea, eb; /* the figures untruncated and their 95 % intervals (latency in ms);
			       * lo = hi = value without one */
	bool a_iv, b_iv;      /* each has an interval */
	bool have;	      /* both have it: a ratio was taken */
	struct cm_ratio r;
};

/* One cell (a load either run has) of a comparison: its loads and classes. */
struct cm_row {
	unsigned int s, l;
	const struct pt_point *pa, *pb; /* NULL where that run has no point */
	struct cm_fig k[CM_NKINDS];
};

/*
 * The cells of @A and @B (their union, by load), each into @row and
 * passed to @fn (when not NULL) with @arg; every ratio counted in @cm
 * (initialised here).
 */
void cm_walk(const struct pt_set *A, const struct pt_set *B,
	     void (*fn)(const struct cm_row *row, void *arg), void *arg,
	     struct cm_class cm[CM_NKINDS]);

/*
 * Class @k's counts and geometric mean in words, as the page and the
 * text give them: "B / A, small IOPS: 5 cells, 5 changed (0 better,
 * 5 worse), 0 unchanged, 0 without an interval; geometric mean 0.800
 * (95 % interval 0.799-0.801): changed, worse".
 */
void cm_class_line(char *buf, size_t len, const char *b_label, const char *a_label,
		   enum cm_kind k, const struct cm_class *c);

#endif
