/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * openloop.h -- the built-in runner's open loop: fio's rate options
 * (rate, rate_iops, rate_process) per clone and per direction, with each
 * I/O's response time measured from its scheduled arrival.
 *
 * The schedule is fio's (backend.c: usec_for_io()), counted from the
 * clone's start: linear puts the k-th I/O of a direction at k x bs / bps
 * (fixed gaps); poisson adds exponential gaps of mean bs / bps, starting
 * at 0. Two rated directions are two arrival processes, merged by time.
 * An I/O is started at its arrival when one of the job's iodepth slots
 * is free; otherwise (all slots busy, or the runner late) as soon as it
 * can be, and its response time -- completion minus scheduled arrival --
 * counts the wait. Unlike fio, the loop never stops issuing to drain
 * what is outstanding (fio's io_u_quiesce() before it sleeps), so a slow
 * device does not slow the arrivals: no coordinated omission.
 *
 * Poisson gaps come from a generator per clone and direction, seeded
 * from the clone number with randrepeat=1 (fio's default: the same gaps
 * every run), from the clock otherwise. The mean gap is exact (fio
 * truncates 1e6 / iops to whole microseconds, which at high rates runs
 * its poisson process a little fast).
 */
#ifndef FIORION_OPENLOOP_H
#define FIORION_OPENLOOP_H

#include <stdbool.h>
#include <stdint.h>

#include <jansson.h>

#include "jobparse.h"
#include "lathist.h"

struct rn_td;

struct ol_state {
	bool poisson;
	bool on[2];	   /* directions with arrivals */
	double gap_ns[2];  /* mean gap between arrivals */
	uint64_t bps[2];   /* bytes/s */
	uint64_t bs;	   /* bytes per I/O */
	uint64_t bytes[2]; /* linear: bytes scheduled so far */
	double at[2];	   /* the next arrival, ns from the clone's start */
	uint64_t rng[2];
	/* Results: response (completion - arrival) per direction, lateness. */
	struct lathist resp[2], late;
	/*
	 * The runner's own scheduling error: start - the moment it could
	 * have started (its arrival, or the completion that freed a slot
	 * when it waited for one).
	 */
	struct lathist sched;
	uint64_t slot_waits;
	/* Arrivals scheduled in the run's window (started or not). */
	uint64_t arrivals;
};

/* The targets of @j in I/Os per second per clone ([0] reads, [1] writes; 0: none). */
void ol_targets(const struct jp_job *j, double iops[2]);

/*
 * A clone's schedule when its job is rated (jp_rated()), else NULL;
 * @clone numbers the clone for the poisson seed. Returns NULL too when
 * out of memory, with *@nomem set.
 */
struct ol_state *ol_new(const struct jp_job *j, unsigned int clone, bool *nomem);

/* The direction of the next arrival and when it is (ns from the start). */
int ol_next(const struct ol_state *s, uint64_t *at);

/* The arrival of direction @ddir was started: schedule its next. */
void ol_advance(struct ol_state *s, int ddir);

/*
 * The clone's phase as an open loop until @deadline (clock ns) or @limit
 * bytes issued (0: none), as run_loop() is the closed one's. Like fio's,
 * it lasts to @deadline when its next arrival falls past it.
 */
void ol_run(struct rn_td *td, uint64_t deadline, uint64_t limit);

/*
 * The job's "fiorion_openloop" object: arrival, rate_iops, depth_cap,
 * slot_waits, late_p99_ns (issue - arrival, waits for a slot included),
 * sched_err_p99_ns (the runner's own error, sched above) and arrivals.
 */
json_t *ol_json(const struct ol_state *s, const struct jp_job *j);

#endif
