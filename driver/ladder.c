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
#include "pairs.h"
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
	/* Paired evidence (pairs.h): the measurements in run order, each step re-measured. */
	bool pairing;
	struct pr_log log;
	struct pr_pair *pairs;
	size_t npairs;
	unsigned int *next_pass;	      /* by point number: the pass its next pair measurement takes */
	unsigned int pairs_run, pairs_budget; /* pairs inserted, and the most the run may insert */
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
	/* -repeat's passes are medians: a pair is a part, pooled; -clients: one job file a host. */
	l->pairing = l->stop_at_knee && o->ri.repeat <= 1 && !o->clients && !plan->titles;
	if (l->pairing) {
		size_t i;

		l->next_pass = calloc(plan->per_pass + 2, sizeof(*l->next_pass));
		if (!l->next_pass)
			die_run("out of memory");
		for (i = 0; i < plan->n; i++)
			if (plan->pts[i].num <= plan->per_pass &&
			    plan->pts[i].pass >= l->next_pass[plan->pts[i].num])
				l->next_pass[plan->pts[i].num] = plan->pts[i].pass + 1;
		/* The pairs take at most PR_BUDGET_PCT of the plan's time (a pair: two of its measurements). */
		l->pairs_budget = (unsigned int)(plan->n * PR_BUDGET_PCT / 100 / 2);
		if (l->pairs_budget < PR_MAX_PAIRS)
			l->pairs_budget = PR_MAX_PAIRS;
	}
	return l;
}

int ld_measured(struct ladders *l, size_t i, const struct fj_set *all, const struct rs_figs *f)
{
	struct pt_opts po;
	struct fr_err err = { "" };

	if (!l)
		return 0;
	if (l->pairing && !l->plan->pts[i].ref)
		pr_add(&l->log, l->plan->pts[i].num, f);
	if (!all)
		return -EINVAL;
	pt_set_release(&l->pts);
	pt_opts_init(&po);
	return pt_build(&l->pts, all, &po, &err);
}

/* run.json's mark of what pair @p decided (struct ri_pair's decided). */
static char decided(const struct pr_pair *p)
{
	switch (p->verdict) {
	case PR_STOP:
		return p->why == KN_LATENCY ? 'l' : 'f';
	case PR_ON:
		return 'o';
	case PR_UNDECIDED:
		return 'u';
	default:
		return 0;
	}
}

/* @p as run.json keeps it (its why borrowed). */
static struct ri_pair ri_of(const struct pr_pair *p)
{
	return (struct ri_pair){ .small = p->small, .fixed = p->fixed, .from = p->from, .to = p->to, .pairs = p->npairs, .decided = decided(p), .why = (char *)p->text };
}

/* The steps the pairs decided, so the knee reads their decision. */
static void mark_pairs(const struct ladders *l, bool small, unsigned int fixed, struct kn_step *s,
		       size_t n)
{
	size_t i;

	for (i = 0; i < l->npairs; i++) {
		struct ri_pair r = ri_of(&l->pairs[i]);

		kn_mark_pairs(s, n, small, fixed, &r, 1);
	}
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
	mark_pairs(l, small, fixed, s, n);
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

/* The number of the plan's point at (@s, @l) (pass 1), 0 when none. */
static unsigned int num_at(const struct mx_plan *plan, unsigned int s, unsigned int l)
{
	size_t i;

	for (i = 0; i < plan->n; i++)
		if (plan->pts[i].s == s && plan->pts[i].l == l && plan->pts[i].pass == 1)
			return plan->pts[i].num;
	return 0;
}

/*
 * The pair record of the step @from -> @to of a ladder (@why: KN_FLAT or
 * KN_LATENCY), made when new; NULL when such a step is not paired (a
 * percentile bound, loads not in the plan, no pairing in this run).
 */
static struct pr_pair *pair_of(struct ladders *l, bool small, unsigned int fixed,
			       unsigned int from, unsigned int to, enum kn_why why)
{
	bool create = l->pairs_run < l->pairs_budget; /* spent: the steps paired already only */
	struct pr_pair *p;
	size_t i;

	if (!l->pairing || !from || !to || (why != KN_FLAT && why != KN_LATENCY) ||
	    (why == KN_LATENCY && l->b.pct > 0))
		return NULL;
	for (i = 0; i < l->npairs; i++)
		if (l->pairs[i].small == small && l->pairs[i].fixed == fixed &&
		    l->pairs[i].from == from && l->pairs[i].to == to)
			return &l->pairs[i];
	if (!create)
		return NULL;
	p = realloc(l->pairs, (l->npairs + 1) * sizeof(*p));
	if (!p)
		die_run("out of memory");
	l->pairs = p;
	p = &p[l->npairs];
	memset(p, 0, sizeof(*p));
	p->small = small;
	p->fixed = fixed;
	p->from = from;
	p->to = to;
	p->why = why;
	p->from_num = small ? num_at(l->plan, from, fixed) : num_at(l->plan, fixed, from);
	p->to_num = small ? num_at(l->plan, to, fixed) : num_at(l->plan, fixed, to);
	if (!p->from_num || !p->to_num)
		return NULL;
	l->npairs++;
	return p;
}

/*
 * The step of the ladder that a noise note @k points at, to decide in
 * pairs: when the load's own interval said noise, the step onto it
 * (from the load before); when the load after did not confirm it, the
 * step from it to that load, if that one's figure is flat or over the
 * bound (a step that rises plainly needs no pairs). *@from and *@to, and
 * *@why; false when there is none.
 */
static bool noise_step(const struct ladders *l, const struct kn_knee *k, unsigned int *from,
		       unsigned int *to, enum kn_why *why)
{
	struct kn_step *s = calloc(l->pts.n + 1, sizeof(*s));
	size_t n, i;
	bool found = false;

	if (!s)
		die_run("out of memory");
	n = kn_ladder_steps(&l->pts, k->small, k->fixed, &l->b, s);
	mark_pairs(l, k->small, k->fixed, s, n);
	for (i = 1; i < n && !found; i++) {
		size_t at = k->noise_interval ? i : i + 1;

		if (s[i].load != k->noise_load || at >= n || s[at].paired)
			continue;
		*from = s[at - 1].load;
		*to = s[at].load;
		*why = l->b.set && s[at].lat_ms > l->b.ms ? KN_LATENCY : KN_FLAT;
		found = *why == KN_LATENCY ||
			s[at].value < s[at - 1].value * (1 + kn_flat_pct(*from, *to) / 100);
	}
	free(s);
	return found;
}

/* Point number @num's next pair measurement: a part past the plan's. */
static struct mx_point pair_point(struct ladders *l, unsigned int num)
{
	size_t i;

	for (i = 0; i < l->plan->n; i++)
		if (l->plan->pts[i].num == num && l->plan->pts[i].pass == 1) {
			struct mx_point p = l->plan->pts[i];

			p.pass = l->next_pass[num]++;
			p.part = true;
			p.ref = false;
			return p;
		}
	die_run("point %u is not in the plan", num);
}

/*
 * The ladder (@small, @fixed) below @below: past its knee (true, @k the
 * knee), or a step to decide first (*@pp: re-measure it, one more pair,
 * when its verdict is open), or neither. A step the pairs decide is
 * marked (mark_pairs()) and the ladder judged again.
 */
static bool ladder_past(struct ladders *l, bool small, unsigned int fixed, unsigned int below,
			struct kn_knee *k, struct pr_pair **pp)
{
	int guard;

	*pp = NULL;
	for (guard = 0; guard < 256; guard++) {
		struct pr_pair *p = NULL;
		bool past = past_knee(l, small, fixed, below, k);
		unsigned int from, to;
		enum kn_why why;

		if (past)
			p = pair_of(l, small, fixed, k->load, k->next_load, k->why);
		else if (k->noise_load && noise_step(l, k, &from, &to, &why))
			p = pair_of(l, small, fixed, from, to, why);
		/* No step to pair, or the run's pairs spent: the intervals judge, as without pairs. */
		if (!p || p->verdict == PR_SPENT)
			return past;
		if (p->verdict == PR_OPEN) {
			pr_judge(p, &l->log, &l->b);
			if (p->verdict == PR_OPEN && l->pairs_run >= l->pairs_budget) {
				pr_out_of_budget(p, l->pairs_budget);
				if (!fr_quiet())
					fprintf(stderr, "fiorion: %s\n", p->text);
				return past;
			}
			if (p->verdict != PR_OPEN && !fr_quiet())
				fprintf(stderr, "fiorion: %s\n", p->text);
		}
		if (p->verdict == PR_OPEN) {
			*pp = p;
			return false;
		}
		if (past && p->verdict == PR_STOP) {
			*pp = p;
			return true;
		}
		/* Decided (or undecided at the limit): marked now, the ladder judged again. */
	}
	return false;
}

/*
 * Point @i's ladders judged: LD_RUN, LD_SKIP (past a knee; @buf says
 * why) or, with @pair, LD_PAIR (@ins: the two loads of the step to
 * decide, to run before point @i).
 */
static enum ld_do judge_point(struct ladders *l, size_t i, char *buf, size_t len, bool pair,
			      struct mx_point ins[2])
{
	const struct mx_point *p = &l->plan->pts[i];
	struct pr_pair *pp = NULL, *open = NULL;
	struct kn_knee k;
	bool past = false;
	char why[400];
	int side;

	for (side = 0; side < 2 && !past && !open; side++) {
		bool small = side == 0;

		if (small ? !p->s : !p->l)
			continue;
		if (!pair) {
			past = past_knee(l, small, small ? p->l : p->s, small ? p->s : p->l, &k);
			continue;
		}
		past = ladder_past(l, small, small ? p->l : p->s, small ? p->s : p->l, &k, &pp);
		if (!past && pp)
			open = pp;
	}
	if (open) {
		open->npairs++;
		l->pairs_run++;
		ins[0] = pair_point(l, open->from_num);
		ins[1] = pair_point(l, open->to_num);
		if (!fr_quiet())
			fprintf(stderr, "fiorion: %s=%u and %s=%u re-measured as pair %u of at most %d, to decide the step between them\n",
				open->small ? "Small" : "Large", open->from, open->small ? "Small" : "Large",
				open->to, open->npairs, PR_MAX_PAIRS);
		return LD_PAIR;
	}
	if (!past)
		return LD_RUN;
	kn_describe(&k, &l->b, why, sizeof(why));
	if (note_stop(l, &k, k.small ? p->s : p->l))
		snprintf(buf, len, "its ladder is past its knee (%s%s%s)", why, pp ? "; " : "",
			 pp ? pp->text : "");
	else
		snprintf(buf, len, "the %s ladder at %s=%u stopped", k.small ? "small-I/O" : "large-I/O",
			 k.small ? "Large" : "Small", k.fixed);
	l->nskipped++;
	l->nskipped_pass1++;
	l->skipped[p->num - 1] = true;
	return LD_SKIP;
}

static enum ld_do next(struct ladders *l, size_t i, char *buf, size_t len, bool pair,
		       struct mx_point ins[2])
{
	const struct mx_point *p;

	if (!l || !l->stop_at_knee || !l->pts.n)
		return LD_RUN;
	p = &l->plan->pts[i];
	/* -repeat: later passes run what the first ran; parts, references and pairs too. */
	if (p->pass > 1) {
		if (!l->skipped[p->num - 1])
			return LD_RUN;
		snprintf(buf, len, "pass 1 did not run it (its ladder had passed its knee)");
		l->nskipped++;
		return LD_SKIP;
	}
	return judge_point(l, i, buf, len, pair, ins);
}

bool ld_skip(struct ladders *l, size_t i, char *buf, size_t len)
{
	struct mx_point ins[2];

	return next(l, i, buf, len, false, ins) == LD_SKIP;
}

enum ld_do ld_next(struct ladders *l, size_t i, char *buf, size_t len, struct mx_point ins[2])
{
	return next(l, i, buf, len, true, ins);
}

size_t ld_nskipped(const struct ladders *l)
{
	return l ? l->nskipped : 0;
}

size_t ld_nskipped_points(const struct ladders *l)
{
	return l ? l->nskipped_pass1 : 0;
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
	for (i = 0; i < r->npaired; i++)
		free(r->paired[i].why);
	free(r->paired);
	r->paired = NULL;
	r->npaired = 0;
	if (l->npairs) {
		r->paired = calloc(l->npairs, sizeof(*r->paired));
		if (!r->paired)
			die_run("out of memory");
		for (i = 0; i < l->npairs; i++) {
			r->paired[i] = ri_of(&l->pairs[i]);
			if (!(r->paired[i].why = strdup(l->pairs[i].text)))
				die_run("out of memory");
			r->npaired++;
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
	pr_log_release(&l->log);
	free(l->pairs);
	free(l->next_pass);
	free(l);
}
