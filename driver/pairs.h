/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pairs.h -- -stop_at_knee's paired evidence. Before a ladder is judged
 * flat or crossed at a step (its knee confirmed by the load after, as
 * knee.h says), the step's two loads are re-measured alternately, one
 * pair at a time, and the step is decided on the pairs: for a flat step
 * each pair's gain (upper load's IOPS or MBPS over the lower's, moments
 * apart, so what drifts under the run falls on both), for a crossing of
 * a mean bound the upper load's mean latency in each pair; their mean
 * with its 95 % interval (t(0.975, n - 1) s / sqrt(n), from 3 readings)
 * goes through iv_differ() (interval.h) against the rule (1 + the step's
 * kn_flat_pct()) or the bound. The first measurements of the two loads
 * count as the first pair. Decided flat or crossed: the ladder stops as
 * before; decided not: it goes on past the step; still undecided after
 * PR_MAX_PAIRS pairs: it goes on, and the run says "undecided". A
 * percentile bound is judged on its value, as before (the progress
 * figures have no percentile).
 */
#ifndef FIORION_PAIRS_H
#define FIORION_PAIRS_H

#include <stdbool.h>
#include <stddef.h>

#include "knee.h"
#include "matrix.h"
#include "results.h"

/* Pairs re-measured at most before a step is called undecided. */
#define PR_MAX_PAIRS 4

/* One measurement of a point, in run order (reference re-measures left out). */
struct pr_meas {
	unsigned int num;
	double iops, mbps;
	double lat_ms[2]; /* mean latency of its small I/Os, of its large ones */
};

struct pr_log {
	struct pr_meas *m;
	size_t n, cap;
};

/* Point @num measured: its figures @f (nothing when NULL or not ok). */
void pr_add(struct pr_log *g, unsigned int num, const struct rs_figs *f);
void pr_log_release(struct pr_log *g);

enum pr_verdict {
	PR_OPEN = 0,  /* undecided: one more pair */
	PR_STOP,      /* decided flat or crossed: the ladder stops */
	PR_ON,	      /* decided not a knee: the ladder goes on past the step */
	PR_UNDECIDED, /* the limit reached undecided: the ladder goes on */
};

/* A step re-measured in pairs. */
struct pr_pair {
	bool small;		       /* the row at Large=fixed, else the column at Small=fixed */
	unsigned int fixed, from, to;  /* the ladder, the step's two loads */
	unsigned int from_num, to_num; /* their points' numbers */
	unsigned int npairs;	       /* pairs inserted so far */
	enum kn_why why;	       /* KN_FLAT or KN_LATENCY (a mean bound) */
	enum pr_verdict verdict;
	char text[640]; /* what the pairs said, for the screen and run.json */
};

/* Judge @p on the measurements so far: its verdict and text. */
void pr_judge(struct pr_pair *p, const struct pr_log *g, const struct kn_bound *b);

/*
 * The plan grew by @ins[0..n) at @at: @jobs_dir/pairs.log says so
 * ("insert AT NUM PASS" a line), for -resume.
 */
void pr_note_insert(const char *jobs_dir, size_t at, const struct mx_point *ins, size_t n);

/* -resume: the plan grown again as @jobs_dir/pairs.log says (the points measured were planned so). */
void pr_replay(struct mx_plan *plan, const char *jobs_dir);

#endif
