/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rngroup.h -- a group of the built-in runner's clones started together
 * and waited for: the start line, the parent's sampling and steady-state
 * passes while they run, the stuck-device limit, the open-file budget.
 * runner.c creates the clones and their threads; this is the parent's
 * part once they exist.
 */
#ifndef FIORION_RNGROUP_H
#define FIORION_RNGROUP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fr_err.h"
#include "steady.h"

struct rn_start;
struct rn_td;

/*
 * helper_thread.c's "steadystate" timer: steadystate_check() every
 * STEADYSTATE_MSEC, the phase set when the run starts (fio's helper
 * thread starts before its jobs), on only when a job has a steady-state
 * duration (steadystate_enabled).
 */
struct ss_timer {
	bool on;
	uint64_t expires; /* ns */
};

#define SS_NS ((uint64_t)RN_SS_MSEC * 1000000)

/*
 * Every clone holds its LUNs open (and io_uring a ring descriptor) for
 * the whole group: raise the soft limit on open files to what clones
 * [first, n) need when the hard limit allows; else refuse before any
 * I/O. Returns 0, or -EMFILE with @err set.
 */
int rn_open_file_budget(struct rn_td **tds, size_t first, size_t n,
			struct fr_err *err);

/*
 * Start clones [first, n) together once they are set up (or call them
 * off when @abort or a clone failed setting up), then wait for them to
 * end, sampling them and judging their steady state on @tm; *@stop set
 * stops them. A clone stuck @stuck_s seconds (0: no limit) abandons the
 * group. Returns 0, or -ETIMEDOUT with @err set (threads left behind).
 */
/* Every clone of the group on start line @s stops issuing I/O (exitall, a stop). */
void rn_stop_group(const struct rn_start *s);

/* A clone's last bw/iops interval (and log row), once it has ended. */
void rn_sample_last(struct rn_td *td);

int rn_start_group(struct rn_start *s, struct rn_td **tds, size_t first,
		   size_t n, bool abort, unsigned int stuck_s, volatile int *stop,
		   struct ss_timer *tm, struct fr_err *err);

#endif
