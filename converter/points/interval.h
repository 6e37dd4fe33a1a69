/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * interval.h -- how sure a figure is: 95 % intervals for a point's IOPS
 * and MBPS.
 *
 * Within a point ("within"): fio samples each job's IOPS and bandwidth
 * every iopsavgtime / bwavgtime (500 ms by default). A job entry that
 * stands for k clones (group_reporting) carries fio's sums over them
 * (stat.c sum_stat() with pure_sum): mean = the clones' summed mean,
 * samples = k x n intervals, stddev^2 = sum of the clones' squared
 * deviations / (k n - 1). So the entry's per-interval total has variance
 * stddev^2 (k n - 1) / (n - 1) (the clones taken as independent), and its
 * mean over n intervals a standard error sqrt(that / n). A class adds its
 * entries (and directions) as independent; the 95 % interval is the
 * summed mean +- t(0.975, df) x se, df by Welch-Satterthwaite, applied to
 * the cell's figure as a relative half-width. It assumes the intervals
 * are independent samples of one rate; it says nothing of drift between
 * runs. Fewer than 3 intervals in an entry, or an entry without samples,
 * and the class has none.
 *
 * Across passes ("passes", -repeat N): the cell is the median of the N
 * measurements and its interval the median +- t(0.975, N - 1) s / sqrt(N)
 * of the N values (the passes taken as independent).
 */
#ifndef FIORION_INTERVAL_H
#define FIORION_INTERVAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Which interval a figure has. */
enum iv_kind {
	IV_NONE = 0, /* no samples to judge by */
	IV_WITHIN,   /* from fio's interval samples within the point */
	IV_PASSES,   /* across -repeat passes */
	IV_PARTS,    /* across the parts of a point spread over the run (-parts) */
	IV_DRIFT,    /* the run's drift: how re-measured loads moved over the run */
};

/* The kind's name in the files: "none", "within", "passes", "parts", "drift". */
const char *iv_kind_name(enum iv_kind k);

/* A figure and its 95 % interval (lo = hi = value when kind is IV_NONE). */
struct iv_fig {
	double value, lo, hi;
};

/* Adding up the entries of a class while a point is built. */
struct iv_sum {
	double mean;	  /* summed per-interval mean */
	double var;	  /* summed variance of the mean (se^2) */
	double ws_den;	  /* Welch-Satterthwaite: sum of var_i^2 / df_i */
	uint64_t samples; /* intervals seen (over entries) */
	bool have;	  /* some entry was added */
	bool missing;	  /* some entry had too few samples */
};

/* t distribution's 97.5 % quantile for @df degrees of freedom (df >= 1). */
double iv_t975(double df);

/*
 * Add one job entry's samples: fio's mean, stddev and sample count for
 * an entry standing for @clones clones.
 */
void iv_sum_add(struct iv_sum *s, double mean, double sd, uint64_t samples,
		unsigned int clones);

/*
 * The relative half-width of the sum's 95 % interval (0.02 = +-2 %);
 * false when the sum has no interval (nothing added, too few samples).
 */
bool iv_sum_rel(const struct iv_sum *s, double *rel);

/* @f as @value +- @rel (relative), or with no interval when @rel < 0. */
void iv_fig_set(struct iv_fig *f, double value, double rel);

/*
 * Mean of @v[0..n) and the half-width of its 95 % interval across the n
 * values (t(n-1) s / sqrt(n); 0 when n < 2).
 */
double iv_mean(const double *v, size_t n, double *half);

/*
 * Median of @v[0..n) and the half-width of its 95 % interval across the
 * n values (t(n-1) s / sqrt(n); 0 when n < 2). @v is sorted in place.
 */
double iv_median(double *v, size_t n, double *half);

/*
 * The ratio @b / @a and its 95 % interval: its lower end from @b's lower
 * side and @a's upper side, its upper end from @b's upper side and @a's
 * lower side, each pair of relative half-widths added in quadrature (for
 * symmetric intervals, the two relative half-widths in quadrature; with
 * one figure exact, the other's interval scaled). The lower end stops at
 * 0. Returns false when @a is not positive or @b not finite; a figure
 * without an interval counts as exact (callers say so: iv_differ()).
 */
bool iv_ratio(const struct iv_fig *a, const struct iv_fig *b, struct iv_fig *r);

/*
 * Whether two figures differ: the one rule the knee, -stop_at_knee, the
 * comparison's marks and the report read (iv_differ()).
 */
enum iv_side {
	IV_UNDECIDED = 0, /* the ratio's interval holds the threshold */
	IV_ABOVE,	  /* its whole interval lies above the threshold */
	IV_BELOW,	  /* its whole interval lies below it */
	IV_NOINTERVAL,	  /* a figure has no interval: see iv_verdict.by_figure */
};

/* What iv_differ() found, and why, in words. */
struct iv_verdict {
	struct iv_fig r;	/* the ratio b / a; lo = hi = value without an interval */
	enum iv_side side;	/* as returned */
	enum iv_side by_figure; /* the ratio alone: IV_ABOVE, IV_BELOW, or IV_UNDECIDED when equal */
	char why[200];		/* e.g. "IOPS 2481 / 10337 = 0.240 (95 % interval 0.214-0.266), below 0.95" */
};

/*
 * Does figure @b differ from figure @a by more than threshold @thr on
 * their ratio b / a? @a_iv, @b_iv: whether each figure has a 95 %
 * interval (an exact figure, such as a latency bound, has one of no
 * width). The ratio's interval is iv_ratio()'s. Returns, and puts in
 * @v->side:
 *   IV_ABOVE      the ratio's whole interval lies above @thr;
 *   IV_BELOW      its whole interval lies below @thr;
 *   IV_UNDECIDED  the interval holds @thr (or the ratio equals it);
 *   IV_NOINTERVAL @a or @b has no interval: @v->by_figure says on which
 *                 side of @thr the ratio alone lies, and @v->why says the
 *                 figures alone decide.
 * "Equal" is within 1e-12 of @thr (relative), so a ratio of exactly
 * 1.05 against 1.05 is neither above nor below whatever the rounding.
 * @a at 0 (or @b not finite): no ratio to take an interval of,
 * IV_NOINTERVAL, the ratio infinite when @b is above 0 and 1 when @b is
 * 0 too (equal figures). @what names the figures in
 * @v->why ("IOPS"; NULL for none); @v may not be NULL.
 */
enum iv_side iv_differ(const struct iv_fig *a, bool a_iv, const struct iv_fig *b, bool b_iv,
		       double thr, const char *what, struct iv_verdict *v);

/* What the evidence there is says: @v->side, or by the figure alone when there is no interval. */
enum iv_side iv_verdict_side(const struct iv_verdict *v);

#endif
