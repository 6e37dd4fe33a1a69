// SPDX-License-Identifier: GPL-2.0-only
/*
 * ptss.c -- a point's steady state from its jobs' "steadystate" blocks,
 * and a point's classes averaged over groups at one load (-merge mean).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "points.h"
#include "pt_priv.h"

/* Job @j is measured at point @p: its steady state and how long it ran. */
void ptss_add(struct pt_ss *ss, const struct fj_job *j)
{
	uint64_t ms = j->dir[0].runtime_ms;
	double secs;

	if (j->dir[1].runtime_ms > ms)
		ms = j->dir[1].runtime_ms;
	secs = (double)ms / 1000.0;
	unsigned int h;

	ss->njobs++;
	ss->nexitall += j->exitall;
	if (secs > ss->secs)
		ss->secs = secs;
	/* Each host's fio ends its own group: exitall is judged per host. */
	for (h = 0; h < ss->nhosts; h++)
		if ((!ss->hosts[h] && !j->host) ||
		    (ss->hosts[h] && j->host && !strcmp(ss->hosts[h], j->host)))
			break;
	if (h == ss->nhosts && h < 64) {
		ss->hosts[h] = j->host;
		ss->nhosts++;
	}
	if (!j->ss.present)
		return;
	if (j->ss.attained && h < 64 && !ss->host_attained[h]) {
		ss->host_attained[h] = true;
		ss->nhosts_attained++;
	}
	if (!ss->nwith) {
		snprintf(ss->setting, sizeof(ss->setting), "%s", j->ss.setting ? j->ss.setting : "");
		ss->window_s = j->ss.window_s;
	}
	ss->nwith++;
	ss->nattained += j->ss.attained;
}

void ptss_finish(struct pt_ss *ss)
{
	ss->present = ss->nwith > 0;
	/*
	 * With exitall=1 (fiorion's -duration auto) the first job to reach
	 * steady state ends the others of its group: the point reached it
	 * when on every host one job did.
	 */
	ss->attained = ss->present &&
		(ss->nattained == ss->njobs ||
		 (ss->nexitall == ss->njobs && ss->nhosts <= 64 &&
		  ss->nhosts_attained == ss->nhosts));
	memset(ss->hosts, 0, sizeof(ss->hosts)); /* the jobs' strings: not kept */
}

/* -merge mean: the groups at one load ran one after the other; all must attain. */
void ptss_fold(struct pt_ss *a, const struct pt_ss *b)
{
	if (!a->nwith && b->nwith) {
		memcpy(a->setting, b->setting, sizeof(a->setting));
		a->window_s = b->window_s;
	}
	a->njobs += b->njobs;
	a->nwith += b->nwith;
	a->nattained += b->nattained;
	/* Merged groups ran one after the other: exitall judged each alone. */
	a->nexitall = 0;
	if (b->secs > a->secs)
		a->secs = b->secs;
	ptss_finish(a);
}

void pt_class_mean(struct pt_class *a, const struct pt_class *b,
		   unsigned int wa)
{
	double w = (double)wa;
	int d;

	if (!b->present)
		return;
	if (!a->present) {
		/* Nothing to average with; b's scalar metrics stand. */
		a->present = true;
		a->iops = b->iops;
		a->mbps = b->mbps;
		a->secs = b->secs;
		a->avg_bs = b->avg_bs;
		return;
	}
	a->iops = (a->iops * w + b->iops) / (w + 1);
	a->mbps = (a->mbps * w + b->mbps) / (w + 1);
	a->secs = (a->secs * w + b->secs) / (w + 1);
	for (d = 0; d < 3; d++) {
		struct fj_lat *x = &a->lat[d];
		const struct fj_lat *y = &b->lat[d];

		if (!y->n)
			continue;
		if (!x->n) {
			x->mean = y->mean;
			x->min = y->min;
			x->max = y->max;
			x->stddev = y->stddev;
			x->n = y->n;
			x->present = true;
			continue;
		}
		x->mean = (x->mean * w + y->mean) / (w + 1);
		x->stddev = (x->stddev * w + y->stddev) / (w + 1);
		if (y->min < x->min)
			x->min = y->min;
		if (y->max > x->max)
			x->max = y->max;
	}
	for (d = 0; d < 2; d++) {
		a->ios[d] += b->ios[d];
		a->bytes[d] += b->bytes[d];
	}
	/* A mean of groups run one after the other: no interval is claimed. */
	a->iv = IV_NONE;
	a->samples = 0;
	iv_fig_set(&a->iops_iv, a->iops, -1);
	iv_fig_set(&a->mbps_iv, a->mbps, -1);
	iv_fig_set(&a->lat_iv, a->lat[PT_ALL].mean, -1);
	/*
	 * Per-slot lines: like nio, the counts add and the latencies combine
	 * by count, slot by slot; slots that do not pair up are dropped rather
	 * than one group's standing for both.
	 */
	if (a->nslots && a->nslots == b->nslots) {
		size_t k;

		for (k = 0; k < a->nslots; k++) {
			struct pt_slot *x = &a->slots[k];
			const struct pt_slot *y = &b->slots[k];
			uint64_t n = x->count + y->count;

			x->lat_ms = n ? (x->lat_ms * (double)x->count + y->lat_ms * (double)y->count) / (double)n : 0;
			x->count = n;
		}
	} else {
		free(a->slots);
		a->slots = NULL;
		a->nslots = 0;
	}
}
