/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * limit.h -- what limits this storage, named from a run's ladders (issue
 * 44): a throughput limit with its evidence, and whether it is a
 * provisioned cap (a throttle, a token bucket) or the device's own
 * saturation. docs/limits.md is the rule in words, with its figures.
 *
 * A ladder (a row: small IOPS at one large load; a column: large MBPS at
 * one small load) has a limit P from load L0 when:
 *   - L0 and the last load read P within LM_BAND (2 %; P the median of
 *     the figures from L0 to the ladder's end), and so do all of those
 *     between but at most LM_SHORT_SHARE (a quarter) under the band and
 *     LM_OVER_SHARE (an eighth) over it, none more than LM_SHORT_MAX
 *     (15 %) under or LM_OVER_MAX (10 %) over; no load before L0 reads more than P (1 + LM_BAND):
 *     the throughput stopped rising and holds. A load under the band fell
 *     short of the limit (a point starved of CPU; the block throttle's
 *     slices at 11 I/Os of 1 MiB where a 100 ms slice passes 10); one
 *     over it had a burst the limit let through (the built-in runner's
 *     point started within a 100 ms slice of the one before read 5 % over
 *     2000 IOPS). Both are named; more of them, or further over, is no
 *     plateau;
 *   - the loads within the band are at least LM_MIN_LOADS (3) and the
 *     last is at least LM_SPAN (2) times L0: the limit held over a
 *     doubling of the load;
 *   - at each within the band the mean latency is outstanding / P within
 *     LM_LITTLE (5 %), Little's law at the limit (for MBPS, P in I/Os: P
 *     times the cell's I/Os per MiB), give or take the measurement's
 *     edges: its first I/Os pass a bucket at once, its last are still in
 *     flight when it ends, each up to a round trip, so mean latency /
 *     the measurement's length is allowed on top, up to LM_EDGE_MAX (25 %)
 *     (1 MiB reads at 100 MiB/s, 20 outstanding: 0.2 s a round trip,
 *     1 s parts: 20 %);
 *   - the run's points measured more than once (its parts, the reference,
 *     -repeat's passes: points.h's struct pt_drift) held their rate over
 *     the run: its change (the last round's factor over the first's),
 *     the spread of a measurement and that of the rounds within LM_DRIFT
 *     (5 %: a step is 15 % or more, a shared VM's wander 8-23 %), and no
 *     round's factor LM_STEP_MIN (15 %) or more from 1. Not every round
 *     within 5 %: the reference alone is one point's readings, and one of
 *     them a throttle's burst (the built-in runner's 1 s points: 1.052 of
 *     the reference's mean, its other three 0.98) or a busy machine's
 *     stop moves by more.
 * Noise (a shared VM's 5-15 % dips) and a gradual saturation (a few %
 * a doubling) fail the band; a rate that moved during the run fails the
 * rounds.
 *
 * Which limit: at L0 the median I/O's latency (p50, from fio's bins or
 * percentiles) against outstanding / P, what the mean is there. Under
 * LM_HELD (half) of it, the I/Os were served fast and held for a permit:
 * a provisioned cap (LM_CAP: the kernel's block throttle, a cloud disk's
 * bucket releasing in bursts). At or over it, each I/O took about that
 * long in service: the device's own limit, its parallelism used up
 * (LM_SATURATED), which a cap pacing every I/O evenly also looks like.
 * Without a p50: LM_LIMIT, a throughput limit, not told apart.
 */
#ifndef FIORION_LIMIT_H
#define FIORION_LIMIT_H

#include <stdbool.h>
#include <stddef.h>

#include "points.h"

#define LM_BAND 0.02	    /* a cap holds its rate within 2 % */
#define LM_LITTLE 0.05	    /* mean latency = outstanding / cap within 5 % */
#define LM_DRIFT 0.05	    /* the run's re-measures held their rate within 5 % */
#define LM_HELD 0.5	    /* p50 under half of outstanding / cap: held, not slow */
#define LM_MIN_LOADS 3	    /* loads on the plateau, at least */
#define LM_SPAN 2.0	    /* its last load over its first, at least */
#define LM_SHORT_SHARE 0.25 /* loads short of the limit on its plateau, at most */
#define LM_OVER_SHARE 0.125 /* loads over it (a burst), at most */
#define LM_OVER_MAX 0.10    /* and each at most this much over P */
#define LM_SHORT_MAX 0.15   /* a short load at most this much under P */
#define LM_EDGE_MAX 0.25    /* the most a measurement's edges add to LM_LITTLE */
#define LM_SHORT_LIST 8	    /* short (over) loads named */

enum lm_kind {
	LM_CAP = 0,   /* a provisioned cap: fast I/Os held for permits */
	LM_SATURATED, /* slow I/Os: the device's own limit (or an even pacer) */
	LM_LIMIT,     /* a throughput limit; no p50 to tell which */
};

/* "cap", "saturated", "limit": -format json's and run.json's "kind". */
const char *lm_kind_name(enum lm_kind k);

/* One load of a ladder, as the rule reads it. */
struct lm_load {
	unsigned int load;   /* the ladder's load (Small=, Large=) */
	double value;	     /* small IOPS or large MBPS */
	double outstanding;  /* I/Os outstanding: the load (sequential: streams x depth) */
	double ios_per_unit; /* I/Os per unit of value: 1 for IOPS, the cell's I/Os per MiB */
	double lat_ms;	     /* mean latency, ms; < 0 unknown */
	double p50_ms;	     /* median latency, ms; < 0 unknown */
	bool rated;	     /* open loop (rate, thinktime): no limit read from it */
	double window_s;     /* seconds of one measurement of it (a part, a pass); 0 unknown */
};

struct lm_limit {
	bool small;	    /* a row (small IOPS), else a column (large MBPS) */
	unsigned int fixed; /* the other load */
	enum lm_kind kind;
	double value;	       /* P: the plateau's median figure */
	double lo, hi;	       /* its 95 % interval across the plateau's figures, loads off its band aside (t s / sqrt(n)) */
	double spread;	       /* the largest |figure / P - 1| on the plateau, loads off its band aside */
	double min, max;       /* the plateau's figures, loads off its band aside */
	unsigned int from, to; /* its first (L0) and last load */
	size_t nloads;	       /* from L0 to the end, short and over ones included */
	/* The loads short of it (under P (1 - LM_BAND)), and over it (above P (1 + LM_BAND)). */
	struct lm_off {
		size_t n;
		unsigned int loads[LM_SHORT_LIST]; /* the first of them */
		double min, max;		   /* their figures */
	} shorts, overs;
	double little;			   /* the largest |mean latency / (outstanding / P) - 1| */
	double little_edge;		   /* the most the measurements' edges added to LM_LITTLE there */
	unsigned int little_at;		   /* at which load */
	double p50_ms, expect_ms;	   /* at L0: the median I/O's latency and outstanding / P */
	unsigned int below_from, below_to; /* the loads before L0 (0: none) */
	double below_min, below_max;	   /* their figures */
	/* A cap's mixed cells (lmshared.c): small and large I/O in all against it. */
	struct lm_shared {
		int verdict;		 /* 1 shared (one cap on all I/O), -1 not (one class's), 0 not said */
		size_t n, nover, nshort; /* the mixed cells judged, over and short of the band */
		double min, max, spread; /* their totals; the largest deviation of those within */
		size_t folded;		 /* limits of mixed ladders left out as its shares (lm_shared_fold()) */
	} shared;
	bool drift; /* the run's re-measures were judged */
	double drift_lo, drift_hi, drift_sd;
};

/*
 * The rule on one ladder's steps @s[0..n), ascending by load, with the
 * run's drift @d (NULL or not present: none to judge). True and @out
 * filled when it names a limit.
 */
bool lm_judge(const struct lm_load *s, size_t n, const struct pt_drift *d, bool small,
	      unsigned int fixed, struct lm_limit *out);

/*
 * Figures against a limit P, each as d = figure / P - 1 (limit.c's
 * plateau, lmshared.c's mixed cells): how many, within LM_BAND, short of
 * it, over it, further off than LM_SHORT_MAX under or LM_OVER_MAX over;
 * the largest |d| of those within.
 */
struct lm_tally {
	size_t n, nshort, nover, nfar;
	double spread;
};

void lm_tally_add(struct lm_tally *t, double d);

/* None far off, at most LM_SHORT_SHARE of them short and LM_OVER_SHARE over: the plateau's own test. */
bool lm_tally_held(const struct lm_tally *t);

#define LM_SHARED_MIN 3 /* mixed cells for a cap's "together" to be said */

/* Whether cap @l holds small and large I/O of @pts together, into @l->shared (lmshared.c). */
void lm_shared(const struct pt_set *pts, struct lm_limit *l);

/*
 * The limits @l[0..n) without those of mixed ladders (the other load not
 * 0) when a cap of a one-class ladder is shared: they are its shares.
 * Returns how many are kept, in order.
 */
size_t lm_shared_fold(struct lm_limit *l, size_t n);

/* Its words for the limit's line ("; small and large I/O together: ..."; "" when not said). */
void lm_shared_words(const struct lm_limit *l, char *buf, size_t len);

/* Every ladder of @pts judged: the limits found, *@out malloc'ed (NULL when none). 0 or -ENOMEM. */
int lm_find_all(const struct pt_set *pts, struct lm_limit **out, size_t *n);

/* Room for one line of lm_line() or lm_step_line(). */
#define LM_LINE_MAX 2048

/* The summary's and the screen's line for @l ("Limit: small I/O capped at ..."). */
void lm_line(const struct lm_limit *l, char *buf, size_t len);

/*
 * A step in the run's rate (lmstep.c): a time T in the run's measuring
 * after which every point measured on both sides of it reads the same
 * factor of what it read before (within LM_STEP_BAND), each side's
 * measurements keeping their level, the factor at least LM_STEP_MIN from
 * 1: a cap that stepped down (a burst allowance spent, a throttle
 * changed) or up, kept by the measurements that followed.
 */
#define LM_STEP_MIN 0.15
#define LM_STEP_BAND 0.05
#define LM_STEP_POINTS 3     /* points agreeing, unless one shows each level twice */
#define LM_STEP_MAX_OBS 4096 /* more measurements than this: not looked for */

struct lm_step {
	bool present;
	double factor;			 /* after / before: the median over the points measured on both sides */
	double from, to;		 /* their figures before and after it (medians): IOPS, or MBPS when @mbps */
	bool mbps;			 /* the figures are large MBPS (points without small I/O) */
	double t_lo, t_hi;		 /* when: between these seconds of measuring (equal: at) */
	size_t npoints;			 /* points measured on both sides */
	size_t nagree;			 /* of them, reading the factor */
	size_t nbefore, nafter;		 /* measurements before and after it */
	unsigned int round_lo, round_hi; /* the rounds (parts, passes) of the measurements before it */
	char before[128];		 /* the points measured before it, by load: "Small=1-10 (Large=0)" */
};

/* The step in the measurements of drift @d, into @st (st->present false when none). 0 or -ENOMEM. */
int lm_find_step(const struct pt_drift *d, struct lm_step *st);

/* The step in words ("Limit: small I/O stepped down from 4000 to 1000 IOPS ..."): false, @buf "", when none. */
bool lm_step_line(const struct lm_step *st, char *buf, size_t len);

/* Everything a set says of its limits: each ladder's, and a step. */
struct lm_found {
	struct lm_limit *limits; /* malloc'ed, NULL when none */
	size_t n;
	struct lm_step step;
};

/* @f for @pts (lm_find_all(), lm_find_step()). 0 or -ENOMEM (@f empty). */
int lm_find(const struct pt_set *pts, struct lm_found *f);
void lm_found_release(struct lm_found *f);

/* The summary's and the screen's lines of @f, one a call: the @i-th into @buf; false past the last. */
bool lm_found_line(const struct lm_found *f, size_t i, char *buf, size_t len);

#endif
