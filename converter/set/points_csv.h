/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * points_csv.h -- <testname>.points.csv: one row per point, the tidy file
 * a spreadsheet or pandas reads, with each figure's interval.
 */
#ifndef FIORION_POINTS_CSV_H
#define FIORION_POINTS_CSV_H

#include <stdio.h>

#include "points.h"

/* The header line (without its newline). */
extern const char pc_header[];

/*
 * One row per point, in run order: small, large; small IOPS, large MBPS
 * and their 95 % intervals; mean latency and p50/p99/p99.9 in ms (of the
 * small I/Os, or of the large ones at a point without small I/O); the
 * point's read and write shares of its I/Os; the interval samples behind
 * the figures, the seconds measured, the passes folded in, and which
 * interval the row has ("within", "passes" or "none"). Empty cells: not
 * measured or not known.
 */
void pc_write(FILE *f, const struct pt_set *pts);

#endif
