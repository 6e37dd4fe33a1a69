/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * jobcheck.c -- failed and cut jobs are not data points (jobcheck.h).
 */
#include "jobcheck.h"

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>

bool jc_job_cut(const struct fj_job *j)
{
	uint64_t slack;

	if (!j->time_based || !j->runtime_planned_ms || j->exitall ||
	    (j->ss.present && j->ss.attained))
		return false;
	slack = j->runtime_planned_ms / 50;
	if (slack < 250)
		slack = 250;
	return j->job_runtime_ms + slack < j->runtime_planned_ms;
}

int jc_job_measured(const struct fj_job *j, bool whole, struct fr_err *err)
{
	char eb[128];

	if (j->error) {
		uint64_t ios = j->dir[0].ios + j->dir[1].ios;

		if (ios)
			return fr_errf(err, -EINVAL,
				       "job '%s' failed in fio (error %d: %s) after %" PRIu64 " I/Os in %" PRIu64 " ms: it is not a data point",
				       j->name, j->error, fr_strerror(j->error, eb, sizeof(eb)), ios,
				       j->job_runtime_ms);
		return fr_errf(err, -EINVAL,
			       "job '%s' failed in fio (error %d: %s) and did no I/O: it is not a data point",
			       j->name, j->error, fr_strerror(j->error, eb, sizeof(eb)));
	}
	if (whole && jc_job_cut(j))
		return fr_errf(err, -EINVAL,
			       "job '%s' ran %" PRIu64 " ms of its planned %" PRIu64 " ms (time_based, no steady state or exitall to end it early): it was cut short, not measured",
			       j->name, j->job_runtime_ms, j->runtime_planned_ms);
	return 0;
}
