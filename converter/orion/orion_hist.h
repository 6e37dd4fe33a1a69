/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * orion_hist.h -- ORION 12.1+'s <testname>_hist.txt (orion_hist.c), and
 * one class's histogram table, which the summary prints too
 * (orion_report.c).
 */
#ifndef FIORION_ORION_HIST_H
#define FIORION_ORION_HIST_H

#include <stdbool.h>
#include <stdio.h>

#include "points.h"

/*
 * After a histogram's title: the bins are lat's (submission to
 * completion, as the latency lines above it), or else fio kept only
 * clat's (jobs without lat_percentiles=1) and the title says so.
 */
#define OR_CLAT_NOTE(cls) ((cls)->lat[PT_ALL].bins_from_clat ? " (clat: completion only; the jobs did not set lat_percentiles=1)" : "")

/* Returns false (and writes nothing) when no point has bins. */
bool or_hist(FILE *f, const struct pt_set *pts);
/* One class's histogram table (as or_hist() and the 19c screen print it). */
bool or_hist_table(FILE *f, const struct pt_class *c);

#endif
