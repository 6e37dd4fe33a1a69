/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * results.h -- a run's results as they come. Each point's JSON is parsed
 * once, after the point ran (point_check() reads it); that one parse
 * gives the point's figures (the progress line, status.json) and joins
 * the run's set, kept in memory with run.json (read once): the ladders
 * build their points from it, and the live rewrite its files, so that
 * the rewrite after point 300 reads no file of points 1..299 again.
 * ORION's files are written from a set here, the live rewrite's or the
 * one report() reads from the disk at the run's end.
 */
#ifndef FIORION_RESULTS_H
#define FIORION_RESULTS_H

#include <stdbool.h>
#include <stddef.h>

#include "cli.h"
#include "fiojson.h"

/* rs_write()'s (and report()'s) @flags. */
enum {
	PL_QUIET = 1, /* no result block on stdout */
	/* The rewrite of a run still going (live.h): quiet, no warnings, the report reloads. */
	PL_LIVE = 2,
};

/*
 * ORION's files (and the points file and the report) in @o->outdir from
 * @set: run.json's description and the points' jobs, in the order
 * report() reads them; -run curve's points from @jobs_dir/curve. Without
 * @flags, the result block on stdout and the warnings on stderr. A
 * failure is said on stderr. 0, or a negative errno.
 */
int rs_write(const struct opts *o, struct fj_set *set, const char *jobs_dir, unsigned int flags,
	     const char *partial);

/* What one point measured: the progress line's figures and status.json's "last". */
struct rs_figs {
	bool ok; /* its points built (else nothing below is set) */
	unsigned int s, l;
	bool small, large;   /* which classes it has */
	double iops;	     /* small I/Os per second */
	double lat_ns;	     /* their mean latency, all directions */
	double mbps;	     /* large MiB per second */
	double lat_large_ns; /* their mean latency, all directions */
};

/* @f from @point, one point's JSON read alone. */
void rs_figures(const struct fj_set *point, struct rs_figs *f);

/* The run's set in memory. */
struct rs_run;

/*
 * For the run in @jobs_dir: its run.json read now, once. A run.json that
 * cannot be read is kept as the error rs_view() gives, as report()
 * would have; the points still join the set (the ladders need no
 * run.json). @kept: -resume's first @nkept plan entries as its check
 * read them (an empty set for one skipped), taken for rs_read(), or
 * NULL. Never NULL.
 */
struct rs_run *rs_new(const char *jobs_dir, struct fj_set *kept, size_t nkept);
/*
 * Plan entry @i measured: @point (its JSON read alone; emptied) joins the
 * set. 0, or a negative errno with the reason kept for rs_view(): the
 * set as report() would read it then is no longer in memory.
 */
int rs_add(struct rs_run *r, size_t i, struct fj_set *point);
/*
 * Plan entry @i's JSON @json (a -resume's point measured before) added
 * as rs_add(): the set rs_new() kept of it, else the file read.
 */
int rs_read(struct rs_run *r, size_t i, const char *json);
/*
 * run.json's description as rs_new() read it (*@run, while @r lives), or
 * the error of that read (@err filled).
 */
int rs_run(const struct rs_run *r, const struct ri_run **run, struct fr_err *err);
/* The set so far, for the thread that adds to it (the ladders); NULL after a failed rs_add(). */
const struct fj_set *rs_set(const struct rs_run *r);
/*
 * From any thread: *@v as report() would read the disk after the plan's
 * first @upto entries, without reading it: run.json's description
 * parsed afresh (report() fills it in), the jobs, names and strings
 * borrowed from the set (released by rs_view_release() only, while @r
 * lives). 0, or a negative errno with @err filled (the reason kept).
 */
int rs_view(struct rs_run *r, size_t upto, struct fj_set *v, struct fr_err *err);
void rs_view_release(struct fj_set *v);
void rs_free(struct rs_run *r);

#endif
