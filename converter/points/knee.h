/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * knee.h -- the answer under a latency bound: each ladder's knee, and the
 * most small IOPS (large MBPS) within the bound.
 *
 * A ladder is a row of the matrix (small loads at one large load: small
 * IOPS and small latency) or a column (large loads at one small load:
 * large MBPS and large latency). Its knee is the last load before the
 * next one's latency crosses the bound, or before the next one raises the
 * throughput by less than 5 % per doubling of the load. The 5 % is
 * fiorion's own rule, its reading of seed 004's question: that ladder
 * doubles the load until IOPS no longer rise linearly with it, and names
 * no figure; fiorion asks for a plateau, not for linear growth (100 % a
 * doubling), which a device leaves long before more load stops paying.
 * A step of another size asks the same growth rate, so ORION's oltp
 * ladder, 1..7 one I/O at a time, asks 6 -> 7 for 1.1 %, 16 -> 32 for
 * 5 %: kn_flat_pct()). The rule looks only at a
 * step and the one after it, so the knee found in a whole ladder is the
 * one a run that stops one load past it (-stop_at_knee) finds: a dip
 * followed by a rise is a knee at the dip.
 *
 * Latency is fio's lat over all directions (PT_ALL): its mean, or a
 * percentile from the json+ bins, else from fio's percentile list (which
 * is clat's unless the job set lat_percentiles=1; pt_percentile()). A
 * step whose latency is unknown (-1: no latency, or no such percentile in
 * the input) cannot cross the bound: only the 5 % rule judges it, and it
 * never counts as within the bound for kn_max_iops_under().
 */
#ifndef FIORION_KNEE_H
#define FIORION_KNEE_H

#include <stdbool.h>
#include <stddef.h>

#include "fr_err.h"
#include "kntypes.h"
#include "points.h"

/* The 5 % rule: a doubling of the load that raises the throughput by less is flat. */
#define KN_FLAT_PCT 5.0

/*
 * The rise, in %, the step from load @from to load @to must give not to
 * be flat: 5 % for a doubling, (to/from)^log2(1.05) - 1 for any step
 * (the same growth rate: throughput ~ load^0.0704); KN_FLAT_PCT when
 * @from is 0 or the loads do not ascend.
 */
double kn_flat_pct(unsigned int from, unsigned int to);

struct kn_bound {
	bool set;
	double ms;  /* latency bound, ms (> 0) */
	double pct; /* 0: mean latency; else the percentile, e.g. 99 or 99.9 (100: the maximum) */
	/*
	 * A second bound given with the first ("2,p100:5": mean <= 2 ms and
	 * nothing over 5 ms, seed 004's two targets): one of the two is the
	 * mean, the other a percentile; ms2 = 0 when there is none. A point
	 * is within when it is within both.
	 */
	double ms2, pct2;
	char text[48]; /* as given: "5", "p99:5", "p99.9:0.5", "2,p100:5" */
};

/*
 * "MS", "pNN:MS" or "pNN.N:MS" (percentile 1..100, p100 the maximum), or
 * two of them separated by a comma, one the mean and one a percentile;
 * else -EINVAL naming the value.
 */
int kn_parse(struct kn_bound *b, const char *s, struct fr_err *err);

/*
 * The bound in words for the answer lines: "latency <= 2 ms",
 * "p99 latency <= 5 ms", "latency <= 2 ms and p100 latency <= 5 ms"
 * (milliseconds as the user wrote them).
 */
void kn_bound_words(char *buf, size_t len, const struct kn_bound *b);

/* @c's latency under the second bound's statistic, ms; -1 unknown or no second bound. */
double kn_lat2_ms(const struct pt_class *c, const struct kn_bound *b);

/* @c's latency (all directions, PT_ALL) under @b's statistic, in ms; -1 when unknown (no percentiles/bins in the input). Percentiles via pt_percentile() (json+ bins or fio's percentile list). */
double kn_lat_ms(const struct pt_class *c, const struct kn_bound *b);

struct kn_step {
	unsigned int load;
	double value;	/* small IOPS (rows) or large MBPS (columns) */
	double lat_ms;	/* under the bound's statistic; -1 unknown */
	double lat2_ms; /* under the second bound's (kn_bound.ms2); -1 unknown */
	/*
	 * The 95 % intervals (interval.h), when @iv: of the value, and of the
	 * mean latency. Each step is decided by iv_differ(), the test the
	 * comparison's marks make too: it crosses a mean bound only when
	 * latency / bound lies above 1 (the bound exact: the latency's own
	 * interval decides), and it is flat only when the gain, next / prev,
	 * lies below 1 + kn_flat_pct() / 100 (the two figures' relative
	 * half-widths in quadrature); a percentile is judged on its value.
	 * Without intervals the figures alone decide.
	 */
	bool iv;
	double lo, hi;
	double lat_lo_ms, lat_hi_ms;
	/*
	 * The step onto this load re-measured in pairs with the load before
	 * (-stop_at_knee, driver/pairs.h), as run.json's "paired" says:
	 * 'f' decided flat, 'l' decided over the bound, 'o' decided neither
	 * or 'u' undecided at the pairs' limit (the ladder went on past it
	 * both ways); 0: not paired, or still open (its figures decide).
	 */
	char paired;
};

/*
 * The knee of one ladder (@s ascending by load): the last load before
 * latency crosses @b (when @b->set) or before the value rises by less
 * than 5 % per doubling of the load (kn_flat_pct(), fiorion's own rule),
 * each decided on the steps' intervals when they have them and confirmed
 * by the load after (struct kn_knee); returns its index, or -1
 * (KN_OVER, or n == 0). *@why says which. With neither, the last step
 * and KN_OPEN.
 */
long kn_ladder(const struct kn_step *s, size_t n, const struct kn_bound *b, enum kn_why *why);

/*
 * The steps of the ladder at @fixed, ascending by load: a row (@small:
 * small loads at Large=@fixed) or a column (large loads at Small=@fixed),
 * each with the pairs' decision on it (kn_mark_pairs() from the run.json
 * of @pts's input). @out holds room for @pts->n steps; returns how many.
 */
size_t kn_ladder_steps(const struct pt_set *pts, bool small, unsigned int fixed,
		       const struct kn_bound *b, struct kn_step *out);
/* @s[0..n)'s steps of the ladder (@small, @fixed) marked as the pairs @p[0..np) decided. */
void kn_mark_pairs(struct kn_step *s, size_t n, bool small, unsigned int fixed,
		   const struct ri_pair *p, size_t np);

/* The knee of the steps @s of one ladder (kn_ladder()), with its loads and figures, into @k. */
void kn_judge(const struct kn_step *s, size_t n, const struct kn_bound *b, bool small,
	      unsigned int fixed, struct kn_knee *k);
/* Every ladder of @pts: each row (points with small load present, grouped by their large load) and each column (points with large load present, grouped by their small load). *@out malloc()ed. */
int kn_find_all(const struct pt_set *pts, const struct kn_bound *b, struct kn_knee **out, size_t *n, struct fr_err *err);

/* The point with the most small IOPS whose small latency (under @b) <= @b->ms; NULL when none. Same for large MBPS with large latency. */
const struct pt_point *kn_max_iops_under(const struct pt_set *pts, const struct kn_bound *b);
const struct pt_point *kn_max_mbps_under(const struct pt_set *pts, const struct kn_bound *b);

/*
 * The answer under @b (the most small IOPS, for a row @k, or large MBPS,
 * for a column, within the bound: kn_max_iops_under()) and knee @k of its
 * ladder answer two questions (the most the bound allows; the last load
 * before latency crossed it or the throughput stopped rising), and may
 * name two loads. When they do, one sentence into @buf for the trace,
 * saying why: "Best Small IOPS with latency <= 0.3 ms is at Small=6
 * (27024 IOPS), not at the knee, Small=8 (26753 IOPS): Small=6 gave more
 * IOPS than the knee, within the bound; ...". False, @buf "", when they
 * name the same load or the answer is in another ladder (its line names
 * the other load) or there is none.
 */
bool kn_answer_apart(const struct pt_set *pts, const struct kn_knee *k, const struct kn_bound *b,
		     char *buf, size_t len);

/* One sentence for a knee, for the trace and messages, e.g. "knee of the small-I/O ladder at Large=0: Small=4 (Small=5 raised IOPS by 1.2 %, under the 1.6 % asked of it: 5 % a doubling of the load)". */
void kn_describe(const struct kn_knee *k, const struct kn_bound *b, char *buf, size_t len);

#endif
