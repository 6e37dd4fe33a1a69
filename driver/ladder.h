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
int ld_measured(struct ladders *l, size_t i, const struct fj_set *all);
/*
 * With -stop_at_knee: why point @i is not run (its row or column is past
 * its knee), as one sentence in @buf; false when it runs.
 */
bool ld_skip(struct ladders *l, size_t i, char *buf, size_t len);
/* Points skipped. */
size_t ld_nskipped(const struct ladders *l);
/*
 * run.json again, with the knees of the points measured, the ladders that
 * stopped and the Total Data Points that ran. 0, or -errno.
 */
int ld_update_run(struct ladders *l, const char *run_json);
void ld_free(struct ladders *l);

#endif
