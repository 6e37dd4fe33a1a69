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
#include "matrix.h"

struct rs_figs;
struct rs_run;

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
 * run id, testname and start), from point @done (-resume), with
 * @left_secs planned seconds to go; the set is rewritten from @rs, the
 * run's set in memory (results.h; it outlives live_end()). Nothing when
 * it cannot (a warning said once), or without @rs.
 */
void live_start(const struct opts *o, const struct mx_plan *plan, const char *jobs_dir, size_t done,
		long left_secs, struct rs_run *rs);
/* Point @i (0-based) starts; it is planned to take @secs. */
void live_point(size_t i, long secs);
/*
 * Point @i (planned @secs) ended: measured (@fig its figures; it has
 * joined the run's set, which is rewritten with the @done points so
 * far, in the background while the next point runs) or, with @fig NULL,
 * skipped (-stop_at_knee).
 */
void live_point_done(size_t i, const struct rs_figs *fig, size_t done, long secs);
/*
 * A rewrite of the set formats all the points so far, not only the last
 * one's: with the points in memory (results.h) it still grows with them
 * (the points built, every file formatted, the report's logs read), so
 * a rewrite after every point is quadratic in the run. Measured on the
 * model device: 4 ms at 300 points (up to 30 ms while a point's threads
 * run beside it), against 1.5 to 5 ms of CPU a point takes in virtual
 * time -- there the rewrites would cost more than the points. Points of
 * a real run last seconds to minutes, and every one is rewritten. So the
 * next rewrite starts no sooner than LIVE_REWRITE_SHARE times the last
 * one's length after the last one started: at most a twentieth of the
 * time goes to it, the files lag the points by at most twenty rewrites'
 * length, and the run's end writes the set whole (report()). Returns that
 * time from the last rewrite's monotonic @start and its length @took, in
 * seconds.
 */
#define LIVE_REWRITE_SHARE 20
double live_rewrite_next(double start, double took);
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
/*
 * -run curve's @n open-loop points follow (each @pct[k] % of the maximum,
 * @target[k] IOPS, planned @secs): live_pause(), and then status.json
 * counts them after the matrix's ("points", "points_done"), shows the
 * one running in "current" ({point, curve_point, percent, target_iops,
 * elapsed_s, planned_s}) and its ETA over the curve's points left;
 * live_point() and live_point_done() take the curve's points (@i the
 * curve's, 0-based; @done the curve's measured). The progress lines keep
 * their own ETA (live_eta() gives its fallback).
 */
void live_curve(size_t n, const double *pct, const unsigned long *target, long secs);
/*
 * Curve point @p measured: status.json's "last" ({point, curve_point,
 * percent, target_iops, iops achieved, held, response_ms (null: the
 * runner did not measure it), service_ms}).
 */
struct cv_point;
void live_curve_point(const struct cv_point *p);
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
