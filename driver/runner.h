/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * runner.h -- fiorion's built-in runner: execute a parsed fio job file
 * by driving the engine core through the ioengine hooks fio uses
 * (get_file_size, init, open_file, queue, commit, getevents, event,
 * close_file, cleanup), and write fio 3.33-format JSON.
 *
 * Groups (stonewall) run in order; the jobs of a group and their
 * numjobs clones run at once, one thread each, each holding exactly its
 * iodepth I/Os outstanding (closed loop) for its runtime or until its
 * size/io_size is done.
 */
#ifndef FIORION_RUNNER_H
#define FIORION_RUNNER_H

#include <stdbool.h>
#include <stdio.h>

#include "fr_err.h"
#include "jobparse.h"

/*
 * Run @f and write its JSON to @out. Returns 0, or a negative errno with
 * @err naming the job and the failure (an I/O error names the LUN and
 * offset); the JSON is written either way, with each job's error.
 * @refused (may be NULL) is set when the run failed before any I/O was
 * started: the plan could not run (a LUN, a limit, a clone count).
 */
int rn_run(const struct jp_file *f, FILE *out, bool *refused,
	   struct fr_err *err);

/*
 * Check, without any I/O, that every clone of @f can run on its volume:
 * the LUNs load, bs suits direct=1, each clone's range holds a block.
 * Returns 0, or a negative errno with @err naming the job and clone.
 */
int rn_check(const struct jp_file *f, struct fr_err *err);

#endif
