/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * runner.h -- fiorion's built-in runner: execute a parsed fio job file
 * by driving the engine core through the ioengine hooks fio uses
 * (get_file_size, init, open_file, queue, commit, getevents, event,
 * close_file, cleanup), and write fio 3.33-format JSON.
 *
 * Groups (stonewall) run in order; the jobs of a group and their
 * numjobs clones run at once, one thread each, each holding exactly its
 * iodepth I/Os outstanding (closed loop) for its runtime, until its
 * size/io_size is done, or until its steady state holds (fio's
 * steadystate options, judged each second per clone: steady.h); with
 * exitall, the first clone of a group to end ends the group.
 *
 * With virtual_time=1 (every job on the engine's model device) the run
 * keeps the simulated clock of fr_vclock.h, from RN_VT_T0: the same code
 * paths, stamps and sleeps on it; no CPU figures (CPU takes no time
 * there); the same numbers every time.
 */
#ifndef FIORION_RUNNER_H
#define FIORION_RUNNER_H

#include "fr_vclock.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "fr_err.h"
#include "jobparse.h"

struct rn_opts {
	/*
	 * A clone that has seen no I/O complete for this many seconds is
	 * stuck on a LUN: the run fails naming it (fio's FIO_REAP_TIMEOUT,
	 * 300). 0 waits for ever.
	 */
	unsigned int stuck_s;
	/*
	 * When set (by a signal handler) while the run goes on, the clones
	 * stop issuing I/O, their outstanding I/Os complete, and the JSON
	 * is written for the shorter interval. NULL: no such flag.
	 */
	volatile int *stop;
	/*
	 * virtual_time=1: the simulated clock starts this many ns past
	 * RN_VT_T0 (the driver's run: the time its points measured before
	 * this one, so the model's service_steps_from=run steps once a run).
	 */
	uint64_t vt_at;
};

#define RN_STUCK_DEFAULT 300u

/* Where the simulated clock starts, ns (fr_vclock.h's FR_VC_T0; rn_opts.vt_at past it). */
#define RN_VT_T0 FR_VC_T0

/*
 * Run @f and write its JSON to @out. Returns 0, or a negative errno with
 * @err naming the job and the failure (an I/O error names the LUN and
 * offset). The JSON is written, with each job's error, except when a
 * LUN is stuck (-ETIMEDOUT): then the clones' threads are left behind
 * holding their memory, and nothing is written. @refused (may be NULL)
 * is set when the run failed before any I/O was started: the plan could
 * not run (a LUN, a limit, a clone count).
 */
int rn_run(const struct jp_file *f, const struct rn_opts *o, FILE *out,
	   bool *refused, struct fr_err *err);

/*
 * Check, without any I/O, that every clone of @f can run on its volume:
 * the LUNs load, bs suits direct=1, each clone's range holds a block.
 * Returns 0, or a negative errno with @err naming the job and clone.
 */
int rn_check(const struct jp_file *f, struct fr_err *err);

/*
 * rn_check() on a volume of @size bytes whose LUNs need @align-byte
 * direct I/O, when its LUNs are on another host (-clients).
 */
int rn_check_on(const struct jp_file *f, uint64_t size, unsigned int align, struct fr_err *err);

#endif
