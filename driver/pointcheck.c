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

int point_check(const char *json, char **why)
{
	struct fj_set set = { 0 };
	struct fr_err err = { "" };
	size_t i, n = strlen(json);
	char *failed;
	int ret;

	ret = fj_read_file(&set, json, &err);
	for (i = 0; !ret && i < set.njobs; i++)
		ret = jc_job_measured(&set.jobs[i], true, &err);
	fj_set_release(&set);
	if (!ret)
		return 0;
	/* pNNN.json -> pNNN.failed.json: out of the results, not out of sight. */
	failed = n > 5 && !strcmp(json + n - 5, ".json")
			 ? xasprintf("%.*s.failed.json", (int)(n - 5), json)
			 : xasprintf("%s.failed", json);
	if (rename(json, failed) < 0)
		unlink(json);
	*why = xasprintf("  %s; its output is kept as %s\n", err.msg, failed);
	free(failed);
	return -1;
}
