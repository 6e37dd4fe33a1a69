/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * curve_html.h -- the HTML report's section for an open-loop curve.
 */
#ifndef FIORION_CURVE_HTML_H
#define FIORION_CURVE_HTML_H

#include <stdbool.h>
#include <stdio.h>

#include "curve.h"
#include "points.h"

/*
 * The curve's chart (response and service latency against achieved IOPS,
 * the closed-loop ladder of @pts beside it; NULL or empty: none) and its
 * table, latency in us when @usecs (the layout's unit: 11.2+), else ms.
 * Returns 0 or -ENOMEM.
 */
int cv_html(FILE *f, const struct cv_curve *c, const struct pt_set *pts, bool usecs);

#endif
