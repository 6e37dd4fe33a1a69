/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * lmcache.h -- a cache named by two runs of one storage (issue 44, item
 * 3): a volume whose latency floor is far under what the storage showed
 * for a larger volume was read from a cache, not from the storage.
 * docs/limits.md, "Caches", has the rule in words.
 *
 * The floor of a run is the mean latency of its small I/Os at the lowest
 * small load it measured alone (Small=S, Large=0), with its 95 %
 * interval: at one outstanding I/O, the time one I/O takes. Two runs
 * (of the same small I/O size and write percentage) name a cache when
 * the smaller volume is at most 1 / LM_CACHE_VOL of the larger and its
 * floor's interval lies wholly under LM_CACHE_FAR of the larger's: its
 * I/Os took under half the storage's time, by more than either run's
 * spread. Whether the two runs are of one storage is the user's word
 * (they compared them): the line names both volumes.
 */
#ifndef FIORION_LMCACHE_H
#define FIORION_LMCACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "points.h"

#define LM_CACHE_FAR 0.5 /* the smaller volume's floor under half the larger's */
#define LM_CACHE_VOL 2.0 /* the larger volume at least twice the smaller */

/* One run as the rule reads it. */
struct lm_cache_run {
	const char *label; /* "A", "B" */
	const struct pt_set *pts;
	uint64_t vol;		/* the volume, bytes; 0 unknown */
	uint64_t size_small_kb; /* 0 unknown */
	double write_pct;
};

struct lm_cache {
	bool present;
	size_t hit;		   /* which run (0, 1) was read from the cache: the smaller volume */
	unsigned int s;		   /* the load compared: Small=s, Large=0 */
	uint64_t vol[2];	   /* each run's volume, bytes */
	double lat_ms[2];	   /* each run's floor: mean latency at Small=s, ms */
	double lo_ms[2], hi_ms[2]; /* its 95 % interval (the figure, without one) */
	bool has_iv[2];		   /* the floor has an interval */
	double p50_ms[2];	   /* the median I/O's, ms (< 0 unknown) */
	double iops[2];
	double ratio; /* the cached floor over the storage's */
	bool writes;  /* the runs wrote (-write): "I/Os", not "reads" */
};

/* The rule (above) on runs @r[0] and @r[1]: true and @out filled when a cache is named. */
bool lm_cache(const struct lm_cache_run r[2], struct lm_cache *out);

/* Its line ("Cache: A's volume (16.0 MiB) read ..."), with the runs' labels @la, @lb. */
void lm_cache_line(const struct lm_cache *c, const char *la, const char *lb, char *buf, size_t len);

#endif
