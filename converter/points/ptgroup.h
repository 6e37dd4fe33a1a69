/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ptgroup.h -- fio jobs in groups, one per point, before points.c makes
 * the points.
 */
#ifndef FIORION_PTGROUP_H
#define FIORION_PTGROUP_H

#include <stdbool.h>
#include <stddef.h>

#include "fiojson.h"
#include "fr_err.h"
#include "points.h"

/* A working group of jobs before it becomes a point. */
struct grp {
	unsigned int key_file; /* file (or ~0 in client/server runs) */
	int key_gid;
	unsigned int number; /* exact: pNNN */
	unsigned int s, l;   /* exact: from the name */
	bool part;	     /* exact: a -partK part (jobname.h) */
	bool ref;	     /* exact: a -refK re-measure */
	size_t *jobs;
	size_t njobs, cap;
	size_t first; /* for ordering */
};

/* Whether @j is one of the jobs pt_build() takes (-host filter). */
bool ptg_of_host(const struct fj_job *j, const struct pt_opts *o);

/*
 * @in's jobs (of -host's, when given) in groups: a point's jobs, each
 * pass of it apart (@exact: named as fiorion names them), else a file's
 * group (all files' at once for hosts or -sum); in run order. Jobs that
 * measured nothing are counted in @out->nfailed under -skip_failed.
 * Updates *@gp and *@ngp as it grows them, also on an error.
 */
int ptg_group(struct pt_set *out, const struct fj_set *in, const struct pt_opts *o, bool exact,
	      struct grp **gp, size_t *ngp, struct fr_err *err);

#endif
