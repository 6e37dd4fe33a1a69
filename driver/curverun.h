/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * curverun.h -- fiorion -run curve (issue 26): after the oltp ladder (or
 * -max_iops), open-loop points at percentages of the maximum, each a
 * plain fio job file in <testname>_jobs/curve/pNNN.fio run by the runner
 * the options name, stopped at the first point that does not hold its
 * rate or crosses -max_latency; then the result set is written again with
 * the curve in it (converter/curve/curve.h reads the points' JSON).
 */
#ifndef FIORION_CURVERUN_H
#define FIORION_CURVERUN_H

#include <stddef.h>

#include "cli.h"
#include "jobfile.h"
#include "matrix.h"
#include "vvol.h"

/*
 * Before anything is written or run: a curve point's job file as the
 * runner will read it (its rate options included), so a runner or
 * backend that cannot run one is EXIT_USAGE now, not after the ladder.
 */
void curve_precheck(const struct opts *o, const struct jf_conf *jc);

/* -run curve -max_iops: the plan without the ladder (Total Data Points 1, (0, 0)). */
void curve_no_ladder(struct mx_plan *plan);

/*
 * The curve after the ladder's @done points of @plan (in @jobs_dir).
 * Returns the exit status: EXIT_OK, or EXIT_RUN (a point or the files
 * failed; the points done are written), or 128 + a signal.
 */
int curve_run(const struct opts *o, const struct jf_conf *jc, const struct mx_plan *plan,
	      const char *jobs_dir, size_t done, const struct vvol *vv);

#endif
