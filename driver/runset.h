/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * runset.h -- a run's identity, description (run.json) and file set.
 */
#ifndef FIORION_RUNSET_H
#define FIORION_RUNSET_H

#include <jansson.h>
#include <time.h>

#include "cli.h"
#include "history.h"
#include "lockfile.h"
#include "matrix.h"
#include "vvol.h"

/* run.json's text: the run's options, plan, LUNs, warnings and identity. */
char *run_json(const struct opts *o, const struct vvol *vv,
	       const struct mx_plan *plan, int argc, char **argv,
	       time_t start, char *run_id, json_t *warnings);
/* Append a warning to @w for each LUN that lives in memory (tmpfs, ramfs, a RAM disk). */
void memory_luns(const struct vvol *vv, json_t *w);
/* 16 hex digits from the kernel's random source. */
void make_run_id(char id[17]);

#endif
