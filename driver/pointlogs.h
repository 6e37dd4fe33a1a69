/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pointlogs.h -- the names of a point's fio logs made free before the
 * point runs.
 *
 * Each measured job of a point writes its IOPS and bandwidth logs into
 * <T>_jobs (jobfile.c: write_iops_log=, write_bw_log=), named
 * pNNN-sS-lL-KIND[-rK][.TAG]_iops.N.log and _bw.N.log (a -clients run's
 * fio adds .HOST). Stock fio opens them with fopen(..., "w"): through a
 * symbolic link planted under such a name it would truncate the link's
 * target, through a hard link the other file. So before fio (or the
 * built-in runner, which creates its logs new itself: rnlog.c) runs, no
 * entry may be under those names: an earlier regular file (a log of an
 * earlier try of the point: -resume) is removed -- the name only, never
 * what another name of it holds -- and anything else is refused. A link
 * in the user's own results folder under the name of a file fiorion
 * writes is not something fiorion made: it is reported, not removed, so
 * that the user sees who put it there.
 */
#ifndef FIORION_POINTLOGS_H
#define FIORION_POINTLOGS_H

#include <stddef.h>

struct fr_err;
struct mx_plan;

/*
 * Points @from to @to - 1 of @plan: every entry of @jobs_dir under the
 * name of one of their logs removed when it is a regular file. 0, or
 * -FR_ESAFETY when one is a symbolic link or not a regular file, or
 * -errno when it cannot be removed, with @err naming it and why.
 */
int point_logs_ready(const char *jobs_dir, const struct mx_plan *plan, size_t from, size_t to,
		     struct fr_err *err);

#endif
