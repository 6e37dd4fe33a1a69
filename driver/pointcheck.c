/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pointcheck.c -- a point's result before it counts (pointcheck.h).
 */
#include "pointcheck.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "fiojson.h"
#include "jobcheck.h"
#include "lunid.h"

int point_check(const char *json, const char *jobs_dir, struct fj_set *set, char **why)
{
	struct fr_err err = { "" };
	size_t i;
	char *failed;
	int ret;

	ret = fj_read_file(set, json, &err);
	for (i = 0; !ret && i < set->njobs; i++)
		ret = jc_job_measured(&set->jobs[i], true, &err);
	/* A LUN that changed while the point ran: it measured another volume. */
	if (!ret && jobs_dir && lunid_check(jobs_dir, &err)) {
		size_t n = strlen(err.msg);

		snprintf(err.msg + n, sizeof(err.msg) - n, " (it changed while the point ran)");
		ret = -ESTALE;
	}
	if (!ret)
		return 0;
	fj_set_release(set);
	/* pNNN.json.failed: out of the results (and of p*.json), not out of sight. */
	failed = xasprintf("%s.failed", json);
	if (rename(json, failed) < 0)
		unlink(json);
	*why = xasprintf("  %s; its output is kept as %s\n", err.msg, failed);
	free(failed);
	return -1;
}

void point_lun_note(const char *jobs_dir, char **why)
{
	struct fr_err err = { "" };
	char *more;

	if (!lunid_check(jobs_dir, &err))
		return;
	more = xasprintf("%s  %s (it changed while the point ran)\n", *why ? *why : "", err.msg);
	free(*why);
	*why = more;
}
