/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * html_report.h -- the report a person looks at: one self-contained
 * HTML file per result set (<T>.report.html, a member of ORION's file
 * set, written by or_write_all() with OR_WRITE_HTML), and the comparison
 * of 2 to 8 result sets (fio2orion -compare A B [C ...] -html).
 *
 * Inline CSS (with print rules for A4) and inline SVG (svg.h) only: no
 * script, font, image or style from anywhere else. Charts: small IOPS
 * and small latency (mean, with the p50..p99 band when the input has
 * percentiles) against the small load, one line per large load; large
 * MBPS against the large load, one line per small load; latency against
 * IOPS (and against MBPS), each ladder's knee marked when the run has
 * knees (a latency bound, or -stop_at_knee); the matrix as heat maps
 * when the points form one; one line per host for client/server runs;
 * each point's latency histogram from json+ bins (html_point.h). A load
 * axis whose ladder doubles is log2; latency is in the layout's unit
 * (us for 11.2+ layouts).
 * Then the run's table (with steady state) and ORION's summary lines. The same input gives
 * the same bytes (the one fact from the machine writing it, its kernel,
 * is labelled as such).
 */
#ifndef FIORION_HTML_REPORT_H
#define FIORION_HTML_REPORT_H

#include <stdio.h>

#include "orion_report.h"

/*
 * The report of @pts (the run described by @p, its summary in layout
 * @c). Returns 0, or -ENOMEM with @err filled (the stream then holds
 * part of it).
 */
int hr_report(FILE *f, const struct or_params *p, const struct pt_set *pts,
	      enum or_compat c, struct fr_err *err);

#endif
