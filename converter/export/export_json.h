/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * export_json.h -- the points as one JSON document (fio2orion -format
 * json), for tools that want the numbers rather than ORION's files.
 */
#ifndef FIORION_EXPORT_JSON_H
#define FIORION_EXPORT_JSON_H

#include <jansson.h>
#include <stdio.h>

#include "infer.h"
#include "limit.h"
#include "points.h"

/*
 * Write the test name, the number of points and every point (loads,
 * IOPS, MBPS, latencies in ns with their percentiles) to @f. Returns 0,
 * or -EIO when the document could not be written.
 */
int or_points_json(FILE *f, const struct or_params *p,
		   const struct pt_set *pts);

/*
 * The run's drift (points.h's struct pt_drift) as -format json and
 * run.json carry it: {"from": "parts" | "reference" | "passes",
 * "change", "lowest", "highest" (round factors), "sd", "df", "points",
 * ["small_load", "large_load": the reference's], "rounds": [{"round",
 * "t_s", "factor", "points"}]}; null when no point was measured twice.
 */
json_t *xr_drift_json(const struct pt_drift *d);

/*
 * What limits the storage (limit.h, lm_find()), as -format json and
 * run.json carry it: an array (empty when no ladder holds a limit) of {"ladder": "small"
 * | "large", "fixed", "kind": "cap" | "saturated" | "limit", "unit":
 * "iops" | "mbps", "value", "interval": [lo, hi], "from_load",
 * "to_load", "loads", "evidence": {"lowest", "highest", "spread",
 * "little", "little_load", "p50_ms", "expect_ms", "drift": {"lowest",
 * "highest", "sd"} | null}, "line": the summary's words}; first, a
 * step in the run's rate (struct lm_step, from @pts's drift): {"ladder", "kind": "step", "unit", "from", "to",
 * "factor", "t_s": [lo, hi] (seconds of measuring), "points",
 * "points_agree", "measurements_before", "measurements_after",
 * "before" (their loads), "rounds_before": [lo, hi], "line"}.
 */
json_t *xr_limits_json(const struct pt_set *pts);

#endif
