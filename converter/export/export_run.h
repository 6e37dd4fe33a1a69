/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * export_run.h -- what -format json says about the run besides its
 * points: the schema's version, the run's parameters (as the summary
 * gives them, whether run.json said them or the results), the inputs,
 * the backend, and each host's LUNs. The schema: man/fio2orion.1, JSON
 * OUTPUT.
 */
#ifndef FIORION_EXPORT_RUN_H
#define FIORION_EXPORT_RUN_H

#include <jansson.h>

#include "infer.h"
#include "points.h"

/*
 * The version of -format json's layout: 1 had no schema_version; 2 adds
 * schema_version, run, backend, each host's luns and each point's
 * sources. A key's meaning never changes within a version; keys may be
 * added.
 */
#define XR_SCHEMA_VERSION 2

/* The "run" object of @p (and @pts's inputs). */
json_t *xr_run_json(const struct or_params *p, const struct pt_set *pts);

/* The LUNs @l[0..@n) as [{"name", "size"}]. */
json_t *xr_luns_json(const struct fj_lun *l, size_t n);

#endif
