/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pointhold.c -- the run's holds renewed and checked around each point
 * (pointhold.h).
 */
#include "pointhold.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "fr_err.h"
#include "vvol.h"

/* The run's volume once held: a writing run's. */
static const struct vvol *held_vv;

int ph_hold(const struct vvol *vv, struct fr_err *err)
{
	int ret = vvol_hold(vv, err);

	if (!ret)
		held_vv = vv;
	return ret;
}

int ph_renew(struct fr_err *err)
{
	return held_vv ? vvol_hold(held_vv, err) : 0;
}

int ph_after(const char *json, int failed, char **why)
{
	struct fr_err err = { "" };
	char *more, *kept = NULL;

	if (!held_vv || !vvol_check_held(held_vv, &err))
		return failed;
	if (*why && strstr(*why, err.msg))
		return failed; /* fio's engine said it already */
	if (!failed) {
		/* As point_check(): kept aside, out of the results. */
		kept = xasprintf("%s.failed", json);
		if (rename(json, kept) < 0)
			unlink(json);
	}
	more = xasprintf("%s  %s%s%s\n", *why ? *why : "", err.msg, kept ? "; its output is kept as " : "",
			 kept ? kept : "");
	free(*why);
	free(kept);
	*why = more;
	return failed ? failed : -1;
}
