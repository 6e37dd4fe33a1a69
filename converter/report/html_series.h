/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * html_series.h -- the report's IOPS and bandwidth over each point's
 * time (issue 29), from fio's logs beside the points' JSON (tslog.h):
 * per point one <details> with two panels, IOPS and MiB/s (every job of
 * the point summed, each log window one vertex), the total and, for a
 * -clients run, one line per host. Compact markup (one <path> a line, relative whole-pixel steps,
 * at most HS_MAX_VERTICES vertices a line and HS_PANEL_VERTICES a panel:
 * longer points, or many hosts, are averaged over neighbouring windows),
 * so a 209-point matrix stays under 2 MB (1.82 MB measured for 60 s
 * points on 2 hosts, test_html; more hosts: no more vertices a panel).
 * Without logs (fio2orion over JSON alone) the section says there is no
 * time series and why.
 */
#ifndef FIORION_HTML_SERIES_H
#define FIORION_HTML_SERIES_H

#include <stdio.h>

#include "points.h"

#define HS_MAX_VERTICES 120
/* ... and a panel's lines together at most this many (many hosts: coarser lines). */
#define HS_PANEL_VERTICES 200

/* The section; returns the points drawn, or -ENOMEM. */
int hs_section(FILE *f, const struct pt_set *pts);

#endif
