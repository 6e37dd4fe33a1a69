/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ptkind.h -- each job's class (small, large or warm-up) and block
 * size, and what does not fit one ORION matrix, named before any point
 * is made.
 *
 * A job fiorion named (pNNN-sS-lL-KIND) has its name's class. Any other
 * job is small or large by its average block (I/O bytes / I/Os, else its
 * bs= option). A job whose block sizes may fall in both classes
 * (bssplit=, bsrange=, or bs= per direction, e.g. bssplit=4k/50:1m/50)
 * is refused, naming it: ORION's small and large I/O are separate
 * streams, and one job's I/Os cannot be told apart afterwards. Inputs
 * whose small (or large) jobs have different block sizes are refused,
 * naming both sizes and their files: one matrix has one small and one
 * large size. pt_opts.size_small / size_large (-size_small, -size_large)
 * pick one size instead: the jobs of that class with another size are
 * left out and counted.
 */
#ifndef FIORION_PTKIND_H
#define FIORION_PTKIND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fiojson.h"
#include "fr_err.h"
#include "points.h"

/* A job's class in pk_kinds()'s answer. */
enum pk_kind {
	PK_OUT = 0, /* left out: not of -host's, or not -size_small's / -size_large's size */
	PK_SMALL = 's',
	PK_LARGE = 'l',
	PK_WARM = 'w',
	PK_OTHER = 'x' /* failed, cut short, or unnamed among named: pt_build() says */
};

/*
 * The block sizes job @j may issue, from its bs=, bsrange= and bssplit=
 * options (for the directions its rw= does). false when no option says
 * (fio's default, or an old fio that did not echo them).
 */
bool pk_job_sizes(const struct fj_job *j, uint64_t *lo, uint64_t *hi);

/*
 * Every job of @in classed into a new array (@in->njobs entries, enum
 * pk_kind), @exact: fiorion named the jobs. *@nleft counts the jobs
 * left out by -size_small / -size_large. NULL with @err set when a job
 * cannot be classed or the sizes do not fit one matrix.
 */
char *pk_kinds(const struct fj_set *in, const struct pt_opts *o, bool exact, size_t *nleft,
	       struct fr_err *err);

#endif
