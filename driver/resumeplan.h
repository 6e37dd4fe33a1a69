/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * resumeplan.h -- -resume's plan: the run continued, planned as it was.
 */
#ifndef FIORION_RESUMEPLAN_H
#define FIORION_RESUMEPLAN_H

#include <stddef.h>

#include "cli.h"
#include "matrix.h"

/*
 * -resume without -parts: @o's parts and re-measures from the run.json of
 * the run continued (an older fiorion's, or -jobs_only's: whole points,
 * none).
 */
void rp_parts(struct opts *o);

/* -resume's line on stderr: @resumed of @plan's measurements done, and the points they make. */
void rp_line(const struct mx_plan *plan, size_t resumed);

#endif
