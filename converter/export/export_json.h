/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * export_json.h -- the points as one JSON document (fio2orion -format
 * json), for tools that want the numbers rather than ORION's files.
 */
#ifndef FIORION_EXPORT_JSON_H
#define FIORION_EXPORT_JSON_H

#include <stdio.h>

#include "infer.h"
#include "points.h"

/*
 * Write the test name, the number of points and every point (loads,
 * IOPS, MBPS, latencies in ns with their percentiles) to @f. Returns 0,
 * or -EIO when the document could not be written.
 */
int or_points_json(FILE *f, const struct or_params *p,
		   const struct pt_set *pts);

#endif
