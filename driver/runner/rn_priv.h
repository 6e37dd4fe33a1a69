/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rn_priv.h -- the built-in runner's per-clone state, shared by its run
 * loops (runner.c, openloop.c), its I/O units (rnio.c) and its JSON
 * writer (rnjson.c); not for other users.
 */
#ifndef FIORION_RN_PRIV_H
#define FIORION_RN_PRIV_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include <jansson.h>

#include "clock.h"
#include "fr_vclock.h"
#include "jobparse.h"
#include "lathist.h"
#include "rnlog.h"
#include "rnstat.h"
#include "steady.h"
#include "fr_err.h"
#include "vio.h"

struct du_set;
struct ol_state;
struct vvol;
struct vvol_conf;

enum {
	RN_Q_QUEUED = 0,
	RN_Q_COMPLETED = 1
};

enum {
	DIR_READ = 0,
	DIR_WRITE = 1
};

struct rn_io {
	struct vio_req req;
	uint64_t t_start, t_issue; /* ns */
	uint64_t t_sched;	   /* an open loop's arrival (ns), else 0 */
	int ddir;
	bool sync;	    /* completed inside queue: no slat */
	uint64_t slot_ios;  /* I/Os this unit (ORION's slot) completed ... */
	double slot_lat_ns; /* ... and the sum of their lat */
	struct rn_io *next;
};

/* One direction of one clone. */
struct rn_stats {
	/* I/Os and bytes done: stored atomically, the parent samples them. */
	uint64_t ios, bytes;
	uint64_t issued; /* I/Os handed to the backend (fio's total_io_u) */
	struct lathist lat, clat, slat;
	/* Per-interval samples (fio's bw_stat, iops_stat): the parent's. */
	struct rs_samples bw, iops;
};

/* The parent's sampling state for one clone and one kind (bw or iops). */
struct rn_sampler {
	uint64_t t;	  /* when the last interval ended */
	uint64_t last[2]; /* the counters then, per direction */
};

/*
 * A group's start line: clones set themselves up (LUNs, queue, buffers),
 * say so, and wait; the parent starts them all at once when every clone
 * is ready, as fio holds its jobs until all are set up. Every clone of
 * the group then runs in the same window: t_go to t_go + runtime.
 */
struct rn_start {
	pthread_mutex_t lock;
	pthread_cond_t cond;
	unsigned int ready; /* clones set up, or failed setting up */
	bool go, abort;
	uint64_t t_go;
	/* The group's clones, for exitall: the first to end stops the rest. */
	struct rn_td **peers;
	size_t npeers;
};

struct rn_td {
	const struct jp_job *job;
	struct rn_start *start_line;
	unsigned int clone;
	unsigned int number; /* fio's thread_number: from 1, in the file's order */
	const struct rn_engine_ops *ops;
	struct vvol *vv;
	struct vio *q;
	uint64_t file_size;
	uint64_t start, len; /* the job's range of the file */
	uint64_t limit;	     /* bytes to issue, 0 = until runtime */
	uint64_t seq_pos;
	/*
	 * fio's random map (norandommap=0): each block once per pass. A
	 * full-period LCG over the next power of two, skipping values past
	 * the last block, visits every block exactly once in O(1) memory.
	 */
	bool map;
	uint64_t map_x, map_mask, map_a, map_c;
	struct rn_io *ios, *free_ios;
	void *bufs;
	unsigned int inflight;
	uint64_t rng;
	struct rn_stats st[2];
	struct du_set *du; /* the parent's, to add the LUNs' devices to */
	struct rs_depths depths;
	struct rn_sampler bw_smp, iops_smp;
	struct rn_ss ss; /* its steady-state window: the parent's */
	uint64_t t0, t_end;
	double usr_s, sys_s; /* from its start to its end, as fio */
	uint64_t ctx, majf, minf;
	int error;
	char msg[1024];
	bool verifying;
	pthread_t thr;
	int done;	     /* set (atomically) when the clone's thread ends */
	uint64_t progress;   /* now_ns() of the last completion (atomic) */
	int abandoned;	     /* set (atomically) by a parent giving up on it */
	int stopping;	     /* set (atomically) by the parent: stop issuing I/O */
	bool ready;	     /* under start_line->lock */
	unsigned int nluns;  /* of its volume, for the open-file budget */
	char lun_names[512]; /* 'a', 'b': for the parent's messages */
	bool q_sync;	     /* its backend completes inside queue */
	struct ol_state *ol; /* its open loop (openloop.h), NULL: closed */
	struct rl_set log;   /* its fio logs (rnlog.h) */
};

/* The hooks, as fio's struct ioengine_ops names them. */
struct rn_engine_ops {
	const char *name;
	int (*get_file_size)(struct rn_td *td, struct fr_err *err);
	int (*init)(struct rn_td *td, struct fr_err *err);
	int (*open_file)(struct rn_td *td, struct fr_err *err);
	int (*queue)(struct rn_td *td, struct rn_io *io);
	int (*commit)(struct rn_td *td);
	/* @t bounds the wait (NULL: until @min are complete). */
	int (*getevents)(struct rn_td *td, unsigned int min, unsigned int max,
			 const struct timespec *t);
	struct rn_io *(*event)(struct rn_td *td, unsigned int i);
	void (*close_file)(struct rn_td *td);
	void (*cleanup)(struct rn_td *td);
};

/*
 * The runner's clock for its stamps: the kernel's (clock.h), or the
 * simulated one under virtual_time=1 (fr_vclock.h).
 */
static inline uint64_t now_ns(void)
{
	if (__builtin_expect(fr_vc_on, 0))
		return fr_vc_now();
	return clk_ns();
}

/*
 * b - a in ns, never negative: stamps taken on two CPUs (the thread moved
 * between them) may be a few ns out of order with the TSC clock.
 */
static inline uint64_t since(uint64_t a, uint64_t b)
{
	return (int64_t)(b - a) > 0 ? b - a : 0;
}

/*
 * Whether @j's random choices come from fixed seeds: randseed= given,
 * fio's randrepeat (the default), or the simulated clock (a virtual run
 * is the same every time); else from the time (runner.c, openloop.c).
 */
static inline bool rn_fixed_seed(const struct jp_job *j)
{
	return j->randseed_set || j->randrepeat || fr_vc_on;
}

/*
 * A nap of @ns on the runner's clock: a sleep, or on the simulated clock
 * a wait at @rank (FR_VC_RUN for a clone, FR_VC_LOOK for the parent).
 */
static inline void rn_nap(uint64_t ns, enum fr_vc_rank rank)
{
	struct timespec ts = { (time_t)(ns / 1000000000u), (long)(ns % 1000000000u) };

	if (fr_vc_on)
		fr_vc_sleep_until(fr_vc_now() + ns, rank);
	else
		nanosleep(&ts, NULL);
}

/* rnio.c: a clone's I/O units, for both loops (runner.c, openloop.c). */
/* The clone's iodepth units and their buffers (random bytes or the verify pattern). */
int rn_setup_ios(struct rn_td *td, struct fr_err *err);
/* The clone fails with @error and the message, unless it failed already. */
void rn_fail(struct rn_td *td, int error, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/*
 * Start one I/O in a free slot: direction @ddir (-1: the job's mix),
 * @t_sched its scheduled arrival (0: none). False when none could be
 * started (td->error is set).
 */
bool rn_start_io(struct rn_td *td, int ddir, uint64_t t_sched, uint64_t *issued, uint64_t *t);
/* Take a completed I/O: stamp, statistics, progress. Returns the stamp. */
uint64_t rn_take_completion(struct rn_td *td, struct rn_io *io);
/* End the thread when the parent gave up on the clone. */
void rn_leave_if_abandoned(const struct rn_td *td);

/* hooks.c: the hooks over the engine core. */
extern const struct rn_engine_ops rn_core_ops;
/* The volume a job names: its lunfile/luns (engine) or its filename. */
void rn_vol_conf(const struct jp_job *j, struct vvol_conf *c);
/* direct=1 needs bs to be a multiple of the LUNs' block size. */
int rn_check_bs(const struct jp_job *j, const struct vvol *vv, struct fr_err *err);

/* workload.c */
uint64_t rn_rand(struct rn_td *td); /* xorshift64*, per clone */
uint64_t rn_pct_of(uint64_t size, unsigned int pct, uint64_t align);
/* The clone's range of the file (td->start, td->len, td->limit, the map). */
int rn_plan_range(struct rn_td *td, struct fr_err *err);
/* The next block of the random map: a permutation of [0, blocks). */
uint64_t rn_map_next(struct rn_td *td, uint64_t blocks);
void rn_pattern_bytes(const struct jp_job *j, unsigned char p[4]);
void rn_fill_pattern(const struct jp_job *j, unsigned char *b, uint64_t len);
bool rn_check_pattern(const struct jp_job *j, const unsigned char *b, uint64_t len,
		      uint64_t *bad);
/* The next I/O's direction, length and offset. */
void rn_next_io(struct rn_td *td, struct rn_io *io);
/* The next I/O's length and offset, its direction @ddir (an open loop's). */
void rn_next_io_dir(struct rn_td *td, struct rn_io *io, int ddir);

/*
 * The result document of clones @tds (all of @f's, in order), with
 * disk_util from @du (may be NULL), @elapsed seconds on the runner's
 * clock; its timestamps are the time of day now, as fio's.
 */
json_t *rn_json(const struct jp_file *f, struct rn_td *const *tds, size_t n,
		const struct du_set *du, double elapsed);

#endif
