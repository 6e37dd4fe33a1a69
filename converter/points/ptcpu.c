// SPDX-License-Identifier: GPL-2.0-only
/*
 * ptcpu.c -- CPU per I/O of each point and of the run (ptcpu.h).
 */
#include "ptcpu.h"

#include <stdio.h>

struct pc_cpu pc_point(const struct pt_set *pts, const struct pt_point *pt)
{
	struct pc_cpu c = { 0 };
	size_t i;

	for (i = 0; pts->in && i < pt->nsrcs; i++) {
		const struct fj_job *j;
		double secs;

		if (pt->srcs[i] >= pts->in->njobs)
			continue;
		j = &pts->in->jobs[pt->srcs[i]];
		if (!j->job_runtime_ms)
			continue;
		secs = (double)j->job_runtime_ms / 1000.0;
		c.present = true;
		c.usr_s += j->usr_cpu / 100.0 * secs;
		c.sys_s += j->sys_cpu / 100.0 * secs;
		c.ios += j->dir[FJ_READ].ios + j->dir[FJ_WRITE].ios;
	}
	return c;
}

void pc_text(char *buf, size_t len, const struct pt_set *pts)
{
	double usr = 0, sys = 0, lo = 0, hi = 0;
	uint64_t ios = 0;
	size_t i, n = 0;
	int used;

	for (i = 0; i < pts->n; i++) {
		struct pc_cpu c = pc_point(pts, &pts->pts[i]);
		double per;

		if (!c.present || !c.ios)
			continue;
		usr += c.usr_s;
		sys += c.sys_s;
		ios += c.ios;
		per = (c.usr_s + c.sys_s) / (double)c.ios * 1e6;
		if (!n || per < lo)
			lo = per;
		if (!n || per > hi)
			hi = per;
		n++;
	}
	if (!n) {
		snprintf(buf, len, "not recorded (the input has no job_runtime with usr_cpu and sys_cpu)");
		return;
	}
	used = snprintf(buf, len, "usr %.2f \u00b5s + sys %.2f \u00b5s per I/O over %zu point%s (%.3g s of CPU for %llu I/Os)",
			usr / (double)ios * 1e6, sys / (double)ios * 1e6, n, n == 1 ? "" : "s", usr + sys,
			(unsigned long long)ios);
	if (used < 0 || (size_t)used >= len)
		return;
	if (n > 1)
		used += snprintf(buf + used, len - (size_t)used, "; per point %.2f-%.2f \u00b5s", lo, hi);
	if (used >= 0 && (size_t)used < len)
		snprintf(buf + used, len - (size_t)used,
			 ". fio's usr_cpu and sys_cpu x job_runtime over the I/Os: the jobs' own threads only");
}
