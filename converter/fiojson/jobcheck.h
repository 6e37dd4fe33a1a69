/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * jobcheck.h -- is a job of fio's JSON a measurement at all? One answer
 * for fio2orion (points.c) and for fiorion after each point.
 */
#ifndef FIORION_JOBCHECK_H
#define FIORION_JOBCHECK_H

#include <stdbool.h>

#include "fiojson.h"
#include "fr_err.h"

/*
 * 0 when job @j measured what it was asked to; else -EINVAL with @err
 * saying why it is not a data point:
 *  - fio reports an error for it ("error": 5), whether or not it did
 *    I/O first (a LUN that fails one sector fails the measurement);
 *  - it is time_based and ran short of its runtime= beyond fio's slack
 *    (250 ms or 2 %): it was cut (a stopped fio, a killed run). A job
 *    meant to end early -- steady state attained, exitall=1 -- is not
 *    cut. Asked only with @whole: fiorion's own jobs, whose runtime is
 *    known to be the measurement's (fio's results from elsewhere may
 *    have been stopped on purpose, and are taken as they are).
 */
int jc_job_measured(const struct fj_job *j, bool whole, struct fr_err *err);

/* Whether @j was cut short (the second case above). */
bool jc_job_cut(const struct fj_job *j);

#endif
