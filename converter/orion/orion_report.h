/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * orion_report.h -- write ORION's files from points.
 *
 * Layouts (byte rules in shared/reference/orion.md section 3):
 *   10.2  <T>_summary.txt, _iops.csv, _mbps.csv, _lat.csv (ms, %7.2f),
 *         _trace.txt, and _tradeoff.csv when some point has both small
 *         and large load;
 *   19c   the same files prefixed <T>_<YYYYMMDD>_<HHMM>_, latency in
 *         microseconds with 3 decimals, the Small Read/Write Latency
 *         lines and the latency histogram in the summary, and _hist.txt
 *         (only when the input has json+ bins).
 * A client/server run (one host or more) adds <T>.hosts.csv (named as
 * the layout's other files): each host's own values at each point; the
 * summary says how many hosts and what the totals mean, and the trace
 * gives each host's figures after each point's lines. Without hosts the
 * files are exactly ORION's. With OR_WRITE_HTML the set has one more
 * file, fiorion's own: <T>.report.html (named as the others).
 * Each file is written whole or not at all (a temporary name, renamed).
 *
 * These format, and or_write_all() (setwrite.h) writes the formatted set; what the
 * run's parameters are is infer.h's business, and the points as JSON
 * export_json.h's.
 */
#ifndef FIORION_ORION_REPORT_H
#define FIORION_ORION_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "fiojson.h"
#include "layout.h"
#include "limit.h"
#include "points.h"

/*
 * The rest of what fio2orion and the driver call around the formatters:
 * the run's parameters (struct or_params, or_params_init()), _hist.txt
 * (orion_hist.h) and the output folder. Included here so that one header
 * serves them.
 */
#include "infer.h"
#include "orion_hist.h"
#include "outdir.h"

/* Per-file writers, to any stream. */
void or_summary(FILE *f, const struct or_params *p, const struct pt_set *pts,
		enum or_compat c);
/* The same, naming the hosts file @hosts_file (as the set writes it). */
void or_summary_named(FILE *f, const struct or_params *p, const struct pt_set *pts,
		      enum or_compat c, const char *hosts_file);
void or_iops_csv(FILE *f, const struct pt_set *pts);
/*
 * A matrix (@which: 'i' iops, 'm' mbps, 'l' lat in layout @c) with the
 * run's planned ladders as its header and row labels (run.json's levels,
 * or_plan_levels(); @p may be NULL: the measured loads), as the set has it.
 */
void or_plan_csv(FILE *f, const struct or_params *p, const struct pt_set *pts, char which,
		 enum or_compat c);
void or_lat_csv(FILE *f, const struct pt_set *pts, enum or_compat c);
void or_mbps_csv(FILE *f, const struct pt_set *pts);
void or_trace(FILE *f, const struct or_params *p, const struct pt_set *pts);
/*
 * _tradeoff.csv (orion_tradeoff.c): per small latency bound of the 1-2-5
 * series over the mixed points' range, the most large MBPS (then small
 * IOPS) within it; a bare label where no point is that fast.
 */
void or_tradeoff_csv(FILE *f, const struct pt_set *pts);
/*
 * .hosts.csv: "Point,Small,Large,Host,Small IOPS,Small Latency (ms),Large
 * MBPS" ("(us)" in the layouts that give latency in us, with lat.csv's
 * decimals), then one row per point and host in run order, each host's
 * own figures; a cell is empty where the host has none of that class.
 */
void or_hosts_csv(FILE *f, const struct or_params *p, const struct pt_set *pts,
		  enum or_compat c);

/* True when some point has both small and large load. */
bool or_has_mixed(const struct pt_set *pts);

/* The result block of layout @c's summary (Maximum Large MBPS=... on). */
void or_result_block(FILE *f, const struct pt_set *pts, enum or_compat c);
/* The same on the screen, as the release prints it there (struct or_layout). */
void or_result_screen(FILE *f, const struct pt_set *pts, enum or_compat c);
/*
 * After ORION's result lines, in the summary and on the screen: the most
 * small IOPS and large MBPS within -max_latency ("Best Small IOPS with
 * latency <= 5 ms = ..."); nothing without a bound.
 */
void or_answers(FILE *f, const struct or_params *p, const struct pt_set *pts, enum or_compat c);
/*
 * The run's drift (pt_drift_lines()): a blank line and its two lines,
 * in the summary and on the screen; nothing when no point was measured
 * twice.
 */
void or_drift(FILE *f, const struct pt_set *pts);
/*
 * What limits the storage (limit.h, lm_find()): a blank line and a
 * "Limit: ..." line for each ladder that holds a limit, and one for a
 * step in the run's rate, after the drift; nothing when there is neither.
 */
void or_limits(FILE *f, const struct pt_set *pts);

#endif
