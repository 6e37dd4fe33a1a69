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
/*
 * -resume: @path (the run's run.json) against the run these options,
 * plan and volume make, which the job files and luns.id were checked to
 * be. The report takes the run's parameters from run.json, so a resume
 * trusts it only where it agrees: it is the record of the first part
 * (its command line, start, warnings), which a resume must not rewrite,
 * and an edited or damaged one is a fact to show, not to paper over.
 * 0, or -EINVAL with @err naming the file and the first key that
 * disagrees ("\"size_small\" says 64, the options and job files say
 * 8"), or what is damaged.
 */
struct fr_err;
int run_json_check(const char *path, const struct opts *o, const struct vvol *vv,
		   const struct mx_plan *plan, struct fr_err *err);
/* Append a warning to @w for each LUN that lives in memory (tmpfs, ramfs, a RAM disk). */
void memory_luns(const struct vvol *vv, json_t *w);

/*
 * A volume smaller than a likely cache (issue 44): under
 * RS_CACHE_LIKELY_MIB, the least cache a disk drive carries today, a
 * disk's or an array's cache can hold all of it (seed 002's pitfall:
 * ORION read a 2 MB file at 231 IOPS where the disk gives 79). When
 * -cache_size was not given (@cache_size < 0), one sentence appended to
 * @w, for the start-up line and the summary.
 */
#define RS_CACHE_LIKELY_MIB 64
void small_volume(uint64_t size, long long cache_size, json_t *w);
/* 16 hex digits from the kernel's random source. */
void make_run_id(char id[17]);

#endif
