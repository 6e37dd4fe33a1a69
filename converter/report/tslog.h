/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tslog.h -- a point's IOPS and bandwidth over its time (issue 29), from
 * fio's own logs beside the point's JSON: write_iops_log and
 * write_bw_log averaged over log_avg_msec windows, as fiorion's points
 * write them (driver/jobfile.h: DIR/JOBNAME_iops.N.log and _bw.N.log,
 * -clients: DIR/JOBNAME.TAG_iops.N.log.HOST, the tag naming the host)
 * and as stock fio and the built-in runner (rnlog.h) name them.
 *
 * fio's JSON has no time series: without the logs a point has none, and
 * the report says so. Read for each measured job of the point (the
 * first input file's jobs only: with -repeat, pass 1): every file
 * DIR/JOBNAME[.TAG]_iops.N.log[.HOST] (N each clone), rows "time,
 * value, ddir, bs, ..." (time ms from the job's start; iops in I/Os per
 * second over the window, bw in KiB/s). The window W (the JSON's
 * fj_job.log_avg_ms where it gives one) and which window k, ending at
 * k x W, a row goes to: the rule in docs/architecture.md, "Which window
 * a log entry is in". Every clone, direction, job and host of the point
 * in one window adds up. A log of an entry per I/O (log_avg_msec=0) is
 * not a time series here: skipped.
 */
#ifndef FIORION_TSLOG_H
#define FIORION_TSLOG_H

#include <stddef.h>

#include "points.h"

/* One line: a host's (or the point's total) figures, window by window. */
struct ts_line {
	char name[80]; /* "" the total; else the host (its tag, or fio's client's name) */
	size_t n;      /* windows 0 .. n - 1 (a window without entries: NAN) */
	double *iops;  /* I/Os per second */
	double *mibs;  /* MiB per second */
};

struct ts_point {
	unsigned int window_ms;
	size_t nfiles; /* log files read */
	size_t nlines; /* lines[0]: the total; then one per host when there are two or more */
	struct ts_line *lines;
};

/* A folder's names, sorted, read once for all the points of a report. */
struct ts_dir {
	char *path;
	char **names;
	size_t n;
};

/*
 * The time series of @pt (a point of @pts). @cache: NULL, or a folder
 * listing kept between calls (zeroed at first; ts_dir_release() after).
 * Returns 0 with @out filled, -ENOENT when no log of it is there, -ENOMEM.
 */
int ts_load(struct ts_point *out, const struct pt_set *pts, const struct pt_point *pt,
	    struct ts_dir *cache);

void ts_dir_release(struct ts_dir *d);

void ts_release(struct ts_point *p);

/* fio's LOG_MSEC_SLACK (stat.c: 1 ms, 2 on Windows): how early fio may close a window. */
#define TS_SLACK_MS 2

/* The most windows kept of one point (a longer run keeps its first ones). */
#define TS_MAX_WINDOWS 100000

#endif
