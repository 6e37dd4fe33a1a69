/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ladder.h -- -stop_at_knee and -max_latency during a run: the points
 * measured so far, each ladder's knee among them (converter/points/knee.c), the
 * points a stopped ladder skips, and what run.json says about it.
 */
#ifndef FIORION_LADDER_H
#define FIORION_LADDER_H

#include <stdbool.h>
#include <stddef.h>

#include "cli.h"
#include "matrix.h"

struct ladders;

/*
 * For a run of @plan with @o's -max_latency / -stop_at_knee; reads
 * @jobs_dir/run.json. NULL with neither option. A bad -max_latency exits
 * EXIT_USAGE (checked before the run).
 */
struct ladders *ld_new(const struct opts *o, const struct mx_plan *plan);
/*
 * Point @i (0-based) was measured: @all is the run's set with it
 * (results.h rs_set(); NULL: it could not join). @all is the ladders'
 * until they are freed, and grows only between calls. 0, or -errno.
 */
struct fj_set;
struct rs_figs;
int ld_measured(struct ladders *l, size_t i, const struct fj_set *all, const struct rs_figs *f);
/*
 * With -stop_at_knee: why point @i is not run (its row or column is past
 * its knee), as one sentence in @buf; false when it runs.
 */
bool ld_skip(struct ladders *l, size_t i, char *buf, size_t len);

enum ld_do {
	LD_RUN = 0, /* run the point */
	LD_SKIP,    /* its ladder is past its knee: not run */
	LD_PAIR,    /* first re-measure a step's two loads, alternately (pairs.h) */
};

/*
 * Before point @i runs, live: as ld_skip(), but a step about to stop a
 * ladder is first decided on paired evidence (pairs.h): LD_PAIR asks
 * for @ins[0] and @ins[1] (the step's lower and upper load, parts past
 * the plan's) to run before point @i, which is then judged again.
 */
enum ld_do ld_next(struct ladders *l, size_t i, char *buf, size_t len, struct mx_point ins[2]);

/* Points skipped. */
size_t ld_nskipped(const struct ladders *l);
/* The points (not their parts) left out: each counted once. */
size_t ld_nskipped_points(const struct ladders *l);
/*
 * run.json again, with the knees of the points measured, the ladders that
 * stopped and the Total Data Points that ran. 0, or -errno.
 */
int ld_update_run(struct ladders *l, const char *run_json);
void ld_free(struct ladders *l);

#endif
