/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * limit.h -- what limits this storage, named from a run's ladders (issue
 * 44): a throughput limit with its evidence, and whether it is a
 * provisioned cap (a throttle, a token bucket) or the device's own
 * saturation. docs/limits.md is the rule in words, with its figures.
 *
 * A ladder (a row: small IOPS at one large load; a column: large MBPS at
 * one small load) has a limit P from load L0 when:
 *   - every load from L0 to the ladder's end reads P within LM_BAND (2 %;
 *     P the median of those loads' figures), and no load before L0 reads
 *     more than P (1 + LM_BAND): the throughput stopped rising and holds;
 *   - those loads are at least LM_MIN_LOADS (3) and the last is at least
 *     LM_SPAN (2) times L0: the limit held over a doubling of the load;
 *   - at each of them the mean latency is outstanding / P within
 *     LM_LITTLE (5 %), Little's law at the limit (for MBPS, P in I/Os: P
 *     times the cell's I/Os per MiB);
 *   - the run's points measured more than once (its parts, the reference,
 *     -repeat's passes: points.h's struct pt_drift) held their rate over
 *     the run: every round's factor and the spread within LM_BAND.
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

#define LM_BAND 0.02   /* a cap holds its rate within 2 % */
#define LM_LITTLE 0.05 /* mean latency = outstanding / cap within 5 % */
#define LM_HELD 0.5    /* p50 under half of outstanding / cap: held, not slow */
#define LM_MIN_LOADS 3 /* loads on the plateau, at least */
#define LM_SPAN 2.0    /* its last load over its first, at least */

enum lm_kind {
	LM_CAP = 0,   /* a provisioned cap: fast I/Os held for permits */
	LM_SATURATED, /* slow I/Os: the device's own limit (or an even pacer) */
	LM_LIMIT,     /* a throughput limit; no p50 to tell which */
};

/* "cap", "saturated", "limit": -format json's and run.json's "kind". */
const char *lm_kind_name(enum lm_kind k);

/* One load of a ladder, as the rule reads it. */
struct lm_step {
	unsigned int load;   /* the ladder's load (Small=, Large=) */
	double value;	     /* small IOPS or large MBPS */
	double outstanding;  /* I/Os outstanding: the load (sequential: streams x depth) */
	double ios_per_unit; /* I/Os per unit of value: 1 for IOPS, the cell's I/Os per MiB */
	double lat_ms;	     /* mean latency, ms; < 0 unknown */
	double p50_ms;	     /* median latency, ms; < 0 unknown */
	bool rated;	     /* open loop (rate, thinktime): no limit read from it */
};

struct lm_limit {
	bool small;	    /* a row (small IOPS), else a column (large MBPS) */
	unsigned int fixed; /* the other load */
	enum lm_kind kind;
	double value;	       /* P: the plateau's median figure */
	double lo, hi;	       /* its 95 % interval across the plateau's figures (t s / sqrt(n)) */
	double spread;	       /* the largest |figure / P - 1| on the plateau */
	double min, max;       /* the plateau's figures */
	unsigned int from, to; /* its first (L0) and last load */
	size_t nloads;
	double little;			   /* the largest |mean latency / (outstanding / P) - 1| */
	unsigned int little_at;		   /* at which load */
	double p50_ms, expect_ms;	   /* at L0: the median I/O's latency and outstanding / P */
	unsigned int below_from, below_to; /* the loads before L0 (0: none) */
	double below_min, below_max;	   /* their figures */
	bool drift;			   /* the run's re-measures were judged */
	double drift_lo, drift_hi, drift_sd;
};

/*
 * The rule on one ladder's steps @s[0..n), ascending by load, with the
 * run's drift @d (NULL or not present: none to judge). True and @out
 * filled when it names a limit.
 */
bool lm_judge(const struct lm_step *s, size_t n, const struct pt_drift *d, bool small,
	      unsigned int fixed, struct lm_limit *out);

/* Every ladder of @pts judged: the limits found, *@out malloc'ed (NULL when none). 0 or -ENOMEM. */
int lm_find_all(const struct pt_set *pts, struct lm_limit **out, size_t *n);

/* The summary's and the screen's line for @l ("Limit: small I/O capped at ..."). */
void lm_line(const struct lm_limit *l, char *buf, size_t len);

#endif
