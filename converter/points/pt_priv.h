/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pt_priv.h -- points.c's helpers in their own files: latency combined
 * over a point's jobs (ptlat.c; pt_percentile() is in points.h), its
 * steady state and -merge mean (ptss.c).
 */
#ifndef FIORION_PT_PRIV_H
#define FIORION_PT_PRIV_H

#include <stdbool.h>

#include "fiojson.h"
#include "points.h"

/*
 * Fold @src into @dst: count, min, max and bins exactly; mean, variance
 * and percentiles as sums weighted by the count until ptl_finish().
 * *@bins_ok goes false when a job without bins joins. Returns 0 or
 * -ENOMEM.
 */
int ptl_add(struct fj_lat *dst, const struct fj_lat *src, bool *bins_ok);

/* Free what @l holds (bins, percentiles) and zero it. */
void ptl_release(struct fj_lat *l);

/* Divide out what ptl_add() summed; drop the bins unless @bins_ok. */
void ptl_finish(struct fj_lat *l, bool bins_ok, const struct fj_lat *twin);

/* Job @j is measured at a point: its steady state and how long it ran. */
void ptss_add(struct pt_ss *ss, const struct fj_job *j);
/* Whether the point attained steady state, once every job is added. */
void ptss_finish(struct pt_ss *ss);
/* -merge mean: @b's steady state folded into @a's (all must attain). */
void ptss_fold(struct pt_ss *a, const struct pt_ss *b);
/* -merge mean: @b averaged into @a, which stands for @wa groups already. */
void pt_class_mean(struct pt_class *a, const struct pt_class *b, unsigned int wa);

#endif
