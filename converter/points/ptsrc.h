/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ptsrc.h -- where each point's numbers come from: the measured jobs it
 * was made of (struct pt_point.srcs, indexes into pt_set.in's jobs), and
 * how -format json, <testname>.points.csv and the trace name them: each
 * job's input file, host, fio group, name, rw, bs, iodepth (as fio held
 * it), numjobs and ioengine.
 */
#ifndef FIORION_PTSRC_H
#define FIORION_PTSRC_H

#include <jansson.h>
#include <stdio.h>

#include "points.h"

/* @p's sources: the @jobs[k] whose @kinds[k] is set (of @n). 0 or -ENOMEM. */
int ps_collect(struct pt_point *p, const size_t *jobs, size_t n, const char *kinds);

/* @src's sources added to @dst's (each job once). 0 or -ENOMEM. */
int ps_join(struct pt_point *dst, const struct pt_point *src);

/* [{file, host, group, job, class, rw, bs, iodepth, numjobs, ioengine}, ...] */
json_t *ps_json(const struct pt_set *pts, const struct pt_point *p);

/* The points.csv columns after pc_header's, and a row's cells (each with its leading comma). */
extern const char ps_csv_header[];
void ps_csv(FILE *f, const struct pt_set *pts, const struct pt_point *p);

/*
 * The trace's line naming a point's jobs, inferred points only (a
 * fiorion point's jobs are named by its number):
 * "Jobs: NAME (FILE, host H, group G), ...".
 */
void ps_trace(FILE *f, const struct pt_set *pts, const struct pt_point *p);

#endif
