/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ladder.c -- -stop_at_knee and -max_latency during a run. A ladder is a
 * row of the matrix (small loads at one large load: small IOPS and
 * latency) or a column (large loads at one small load: large MBPS and
 * latency). After each point, the points measured so far are read as the
 * converter reads them; before each point, its row and its column are
 * looked at: one that has passed its knee (converter/points/knee.c: the next
 * load crossed the bound, or raised the throughput by less than 5 % a
 * doubling, by its interval, and the load after it confirmed that) is
 * stopped, and the point is not run. -repeat: passes 2..N run the points
 * pass 1 ran. At the end run.json gets the knees,
 * the stopped ladders and the Total Data Points that ran.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fiojson.h"
#include "fr_file.h"
#include "knee.h"
#include "ladder.h"
#include "points.h"
#include "runinfo.h"

struct stop {
	bool small; /* the row at Large=fixed, else the column at Small=fixed */
	unsigned int fixed;
	unsigned int first; /* the first load not run */
	size_t skipped;
	char why[512];
};

struct ladders {
	const struct mx_plan *plan;
	bool *skipped; /* by point number - 1: pass 1 did not run it */
	size_t nskipped_pass1;
	struct kn_bound b;
	bool stop_at_knee;
	struct pt_set pts; /* the points measured so far (of ld_measured()'s set) */
	struct stop *stops;
	size_t nstops, nskipped;
};

struct ladders *ld_new(const struct opts *o, const struct mx_plan *plan)
{
	struct ladders *l;
	struct fr_err err = { "" };

	if (!o->ri.max_latency && !o->ri.stop_at_knee)
		return NULL;
	l = calloc(1, sizeof(*l));
	if (!l)
		die_run("out of memory");
	l->plan = plan;
	l->stop_at_knee = o->ri.stop_at_knee;
	l->skipped = calloc(plan->per_pass + 1, sizeof(*l->skipped));
	if (!l->skipped)
		die_run("out of memory");
	if (o->ri.max_latency && kn_parse(&l->b, o->ri.max_latency, &err))
		die_usage("-max_latency: %s", err.msg);
	return l;
}

int ld_measured(struct ladders *l, size_t i, const struct fj_set *all)
{
	struct pt_opts po;
	struct fr_err err = { "" };

	(void)i;
	if (!l)
		return 0;
	if (!all)
		return -EINVAL;
	pt_set_release(&l->pts);
	pt_opts_init(&po);
	return pt_build(&l->pts, all, &po, &err);
}

/* Has the ladder passed its knee among its loads below @below? Fills @k for the message. */
static bool past_knee(const struct ladders *l, bool small, unsigned int fixed,
		      unsigned int below, struct kn_knee *k)
{
	struct kn_step *s = calloc(l->pts.n + 1, sizeof(*s));
	size_t n;

	if (!s)
		die_run("out of memory");
	n = kn_ladder_steps(&l->pts, small, fixed, &l->b, s);
	while (n && s[n - 1].load >= below) /* ascending: the loads run so far */
		n--;
	memset(k, 0, sizeof(*k));
	if (n)
		kn_judge(s, n, &l->b, small, fixed, k);
	free(s);
	/* A crossing stops the ladder once the next load has confirmed it. */
	return n && k->why != KN_OPEN && k->confirmed;
}

/* Count a point a stopped ladder skips; true when the ladder stops now. */
static bool note_stop(struct ladders *l, const struct kn_knee *k, unsigned int load)
{
	struct stop *st;
	size_t i;

	for (i = 0; i < l->nstops; i++)
		if (l->stops[i].small == k->small && l->stops[i].fixed == k->fixed) {
			l->stops[i].skipped++;
			return false;
		}
	st = realloc(l->stops, (l->nstops + 1) * sizeof(*st));
	if (!st)
		die_run("out of memory");
	l->stops = st;
	st = &st[l->nstops++];
	memset(st, 0, sizeof(*st));
	st->small = k->small;
	st->fixed = k->fixed;
	st->first = load;
	st->skipped = 1;
	kn_describe(k, &l->b, st->why, sizeof(st->why));
	return true;
}

bool ld_skip(struct ladders *l, size_t i, char *buf, size_t len)
{
	const struct mx_point *p;
	struct kn_knee k;

	if (!l || !l->stop_at_knee || !l->pts.n)
		return false;
	p = &l->plan->pts[i];
	/* -repeat: later passes run what the first ran. */
	if (p->pass > 1) {
		if (!l->skipped[p->num - 1])
			return false;
		snprintf(buf, len, "pass 1 did not run it (its ladder had passed its knee)");
		l->nskipped++;
		return true;
	}
	if ((p->s && past_knee(l, true, p->l, p->s, &k)) ||
	    (p->l && past_knee(l, false, p->s, p->l, &k))) {
		char why[400];

		kn_describe(&k, &l->b, why, sizeof(why));
		if (note_stop(l, &k, k.small ? p->s : p->l))
			snprintf(buf, len, "its ladder is past its knee (%s)", why);
		else
			snprintf(buf, len, "the %s ladder at %s=%u stopped",
				 k.small ? "small-I/O" : "large-I/O", k.small ? "Large" : "Small", k.fixed);
		l->nskipped++;
		l->nskipped_pass1++;
		l->skipped[p->num - 1] = true;
		return true;
	}
	return false;
}

size_t ld_nskipped(const struct ladders *l)
{
	return l ? l->nskipped : 0;
}

int ld_update_run(struct ladders *l, const char *run_json)
{
	struct fj_set set = { 0 };
	struct fr_err err = { "" };
	struct kn_knee *k = NULL;
	struct ri_run *r;
	size_t n = 0, i;
	char *text;
	int ret;

	if (!l)
		return 0;
	ret = fj_read_file(&set, run_json, &err);
	if (ret)
		return ret;
	r = &set.run;
	if (l->b.set && !r->max_latency)
		r->max_latency = strdup(l->b.text);
	r->stop_at_knee = l->stop_at_knee;
	/* A resumed run's run.json has them from its first part: recounted here. */
	for (i = 0; i < r->nstopped; i++)
		free(r->stopped[i]);
	free(r->stopped);
	r->stopped = NULL;
	r->nstopped = 0;
	free(r->knees);
	r->knees = NULL;
	r->nknees = 0;
	if (l->nstops) {
		r->stopped = calloc(l->nstops, sizeof(*r->stopped));
		if (!r->stopped)
			die_run("out of memory");
		for (i = 0; i < l->nstops; i++) {
			const struct stop *s = &l->stops[i];

			if (asprintf(&r->stopped[i],
				     "Ladder stopped past its knee: %s; %zu of its points not run (from %s=%u).",
				     s->why, s->skipped, s->small ? "Small" : "Large", s->first) < 0)
				die_run("out of memory");
			r->nstopped++;
		}
	}
	/* ORION's Total Data Points: the plan's, (0, 0) included, less what was skipped. */
	r->total_points = l->plan->total - l->nskipped_pass1;
	if (l->pts.n && kn_find_all(&l->pts, &l->b, &k, &n, &err) == 0 && n) {
		r->knees = k;
		r->nknees = n;
	} else {
		free(k);
	}
	text = ri_write(r);
	ret = text ? fr_write_atomic(run_json, text, strlen(text), &err) : -ENOMEM;
	if (ret)
		fprintf(stderr, "fiorion: cannot write %s: %s\n", run_json, err.msg);
	free(text);
	fj_set_release(&set);
	return ret;
}

void ld_free(struct ladders *l)
{
	if (!l)
		return;
	pt_set_release(&l->pts);
	free(l->stops);
	free(l->skipped);
	free(l);
}
