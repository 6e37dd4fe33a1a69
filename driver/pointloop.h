/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pointloop.h -- running a plan's points and writing ORION's files.
 */
#ifndef FIORION_POINTLOOP_H
#define FIORION_POINTLOOP_H

#include <stdbool.h>
#include <stddef.h>

#include "cli.h"
#include "jobfile.h"
#include "matrix.h"
#include "results.h"

/* Seconds a point takes: its duration plus its warm-up (when bounded by time). */
long point_secs(const struct opts *o, const struct jf_conf *jc, const struct mx_point *p);
/*
 * Run the points of @plan (job files pNNN.fio in @jobs_dir), in order,
 * from point *@done + 1 (0: the first; -resume: after those measured),
 * until one fails; *@done is then how many are measured. Each point's
 * JSON is read once, and joins @rs, the run's set (results.h; NULL: a
 * stage whose points are not the run's), which the ladders @ld and the
 * live rewrite use. Returns EXIT_OK or EXIT_RUN.
 */
struct ladders;
int run_points(const struct opts *o, const struct jf_conf *jc, struct mx_plan *plan,
	       const char *jobs_dir, long total_secs, struct ladders *ld, struct rs_run *rs,
	       size_t *done);
/*
 * Read run.json and the first @done points' JSON, write ORION's files
 * (rs_write(); @flags PL_QUIET, PL_LIVE); @partial (NULL: the run was
 * whole) says why it stopped early, or that the run goes on (PL_LIVE).
 */
int report(const struct opts *o, const struct mx_plan *plan, const char *jobs_dir, size_t done,
	   unsigned int flags, const char *partial);
/*
 * A plan entry's file in @jobs_dir: pNNN.EXT, and pNNN.rK.EXT for pass K
 * >= 2 of -repeat (json, err, out, skip, fio).
 */
char *point_file(const char *jobs_dir, const struct mx_point *p, const char *ext);
/* Entry @p's job file for host @h with -clients (pNNN[.rK].TAG.fio), else its one job file. */
char *job_path(const char *jobs_dir, const struct opts *o, const struct mx_point *p, size_t h);
/* The signal that stopped the run (SIGINT, SIGTERM), or 0. */
int pl_stop_signal(void);
/*
 * Why run_points() stopped at a point, on one line, as stderr said it
 * ("point 2 of 7 (small=2, large=0): read error on LUN ..."), or NULL.
 */
const char *pl_failure(void);

#endif
