/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * resumeplan.c -- -resume plans the run it continues as that run was
 * planned (its parts, its re-measures: resumeplan.h), and says how far it
 * got.
 */
#include "resumeplan.h"

#include <stdio.h>
#include <stdlib.h>

#include "fiojson.h"
#include "fr_cli.h"

/*
 * -resume without -parts: the run continued is planned as it was (its
 * run.json's parts and re-measures; a run of an older fiorion, or one
 * -jobs_only wrote, has whole points and none).
 */
void rp_parts(struct opts *o)
{
	char *path = xasprintf("%s/%s_jobs/run.json", o->outdir, o->ri.testname);
	struct fj_set set = { 0 };
	struct fr_err err = { "" };

	if (!fj_read_file(&set, path, &err) && set.run.present) {
		o->ri.parts = set.run.parts > 1 ? set.run.parts : 1;
		o->ri.refs = set.run.refs > 0 ? set.run.refs : 0;
	}
	fj_set_release(&set);
	free(path);
}

/* -resume's line: the points measured already, and their measurements when a point has several. */
void rp_line(const struct mx_plan *plan, size_t resumed)
{
	const struct mx_point *p = resumed < plan->n ? &plan->pts[resumed] : NULL;
	char pass[48] = "";

	if (p && p->pass > 1)
		snprintf(pass, sizeof(pass), ", its measurement %u", p->pass);
	if (plan->n > plan->per_pass)
		fprintf(stderr, "fiorion: -resume: %zu of %zu measurements done already (%zu of %zu points); running from point %u%s\n",
			resumed, plan->n, mx_points_in(plan, resumed), plan->per_pass,
			p ? p->num : (unsigned int)plan->per_pass, pass);
	else
		fprintf(stderr, "fiorion: -resume: %zu of %zu points measured already; running from point %zu\n",
			resumed, plan->n, resumed + 1);
}
