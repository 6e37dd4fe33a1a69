/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * live.h -- a run watched while it runs: <T>.status.json (fileset.h
 * FS_STATUS) rewritten every second from a thread, ORION's files, the
 * points file and the report rewritten after every point (marked as a
 * run in progress, the report reloading itself), and the ETA with the
 * per-point overhead measured so far.
 *
 * status.json stays after the run with its end: "done", "failed" or
 * "interrupted" (a signal). A finished run's other files are the ones
 * the driver always wrote: the live marks are gone from them.
 */
#ifndef FIORION_LIVE_H
#define FIORION_LIVE_H

#include <stdbool.h>
#include <stddef.h>

#include "cli.h"
#include "jobfile.h"
#include "matrix.h"

/* What the ETA is made of, in seconds (live_eta_of()). */
struct live_eta_in {
	double loop_elapsed; /* from the first point this process ran to now */
	double cur_elapsed;  /* of the point running (0: between points) */
	long done_secs;	     /* the planned seconds of the points measured here */
	size_t ndone;	     /* the points measured here (not skipped ones) */
	long left_secs;	     /* the planned seconds of the points after the current one */
	size_t nleft;	     /* the points after the current one */
	long cur_secs;	     /* the planned seconds of the current point (0: none) */
};

/*
 * Seconds to the run's end: each point left takes its planned seconds
 * plus the overhead per point measured so far (wall time of the points
 * measured less their planned seconds, over their count: start-up, cache
 * warming, host probing, the files' rewrite), the running one what is
 * left of it. Never negative.
 */
double live_eta_of(const struct live_eta_in *in);
/* The same, the overhead per point alone. */
double live_overhead_of(const struct live_eta_in *in);

/*
 * Start the live record of the run in @jobs_dir (its run.json names the
 * run id, testname and start), from point @done (-resume), with @left
 * planned seconds to go. Nothing when it cannot (a warning said once).
 */
void live_start(const struct opts *o, const struct jf_conf *jc, const struct mx_plan *plan,
		const char *jobs_dir, size_t done);
/* Point @i (0-based) starts. */
void live_point(size_t i);
/*
 * Point @i ended: measured (@json its results; the set is rewritten with
 * the @done points so far, in the background while the next point runs)
 * or, with @json NULL, skipped (-stop_at_knee).
 */
void live_point_done(size_t i, const char *json, size_t done);
/*
 * Wait for the set's rewrite running in the background, and ask for no
 * more: the run's own final write of the set comes next (report()).
 */
void live_settle(void);
/*
 * A stage with a plan of its own follows (-run curve's open-loop points):
 * the set is settled, and the calls above leave the live state as the
 * matrix left it (live_eta() gives its fallback) until live_end().
 */
void live_pause(void);
/* The ETA in seconds for the progress line; @fallback before live_start(). */
long live_eta(long fallback);
/* status.json's end state: "interrupted" for a signal @sig, "failed" for @status != 0, else "done". */
const char *live_state(int sig, int status);
/*
 * The run's end after its final files: the thread stopped, status.json
 * written with live_state(@sig, @status) for the last time, and its
 * "error": @error (why a failed run stopped, pl_failure()) or null.
 */
void live_end(int sig, int status, const char *error);

#endif
