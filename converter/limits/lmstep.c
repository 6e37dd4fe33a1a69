// SPDX-License-Identifier: GPL-2.0-only
/*
 * lmstep.c -- a step in the run's rate (limit.h's struct lm_step, issue
 * 44): a cap that steps down during the run (a burst allowance spent,
 * a throttle changed), found in the measurements the run's drift is
 * made of (points.h's struct pt_drift_obs: every measurement of a run
 * whose points were measured more than once, its parts, the reference's
 * re-measures, -repeat's passes, in run order).
 *
 * A cut between two consecutive measurements is a step when the points
 * measured on both sides of it read, after it, the same factor of what
 * they read before it: each such point's mean after over its mean
 * before, their median the step's factor, at least LM_STEP_MIN from 1;
 * a point agrees when its own factor is within LM_STEP_BAND of it and
 * each of its measurements on either side is within LM_STEP_BAND of
 * that side's mean (the level is kept by what follows). At least two
 * thirds of the points measured on both sides must agree, with two
 * measurements or more on each side between them, LM_STEP_POINTS (3) of
 * them or one showing each level with two measurements or more, and two
 * thirds of the points measured more than once on one side only must have
 * kept their level there (a shared VM whose rate wanders by 10-20 % between a
 * point's parts has no step: two steady rates are asked). The cut with
 * the most agreeing points less those that do not is the step; cuts
 * beside it that say as much (measurements of points measured once, or
 * of no point measured on both sides, between them) make its time a
 * window: "between 7.0 and 14.0 s of measuring".
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "limit.h"

/* A point's measurements split by the cut: their sums and counts before and after. */
struct acc {
	double sb, sa;
	unsigned int nb, na;
	size_t first; /* its first measurement's index */
};

struct cut {
	bool valid;
	long score;
	double factor, from, to;
	size_t k, agree;
};

struct work {
	const struct pt_drift_obs *o;
	size_t n, np;
	size_t *pid;  /* o[i]'s point */
	size_t *next; /* the next measurement of the same point, n: none */
	struct acc *a;
	double *r, *from, *to;
};

/* The median of @v[0..n) (sorted in place). */
static double median(double *v, size_t n)
{
	double half;

	return iv_median(v, n, &half);
}

/* Each measurement of point @p on either side of cut @c within the band of that side's mean. */
static bool keeps(const struct work *w, size_t p, size_t c)
{
	const struct acc *a = &w->a[p];
	size_t i;

	for (i = a->first; i < w->n; i = w->next[i]) {
		double m = i < c ? a->sb / a->nb : a->sa / a->na;

		if (w->o[i].x > 0 && fabs(w->o[i].x / m - 1) > LM_STEP_BAND)
			return false;
	}
	return true;
}

/* What cut @c (before measurement @c) says, from the sums in @w->a. */
static void judge(struct work *w, size_t c, struct cut *out)
{
	size_t p, k = 0, agree = 0, side = 0, steady = 0, shown = 0;
	unsigned int nb = 0, na = 0;
	double f;

	memset(out, 0, sizeof(*out));
	out->score = LONG_MIN;
	for (p = 0; p < w->np; p++)
		if (w->a[p].nb && w->a[p].na)
			w->r[k++] = (w->a[p].sa / w->a[p].na) / (w->a[p].sb / w->a[p].nb);
	if (!k)
		return;
	f = median(w->r, k);
	for (p = 0; p < w->np; p++) {
		const struct acc *a = &w->a[p];
		double r;

		if (!a->nb || !a->na) {
			/* Measured twice or more, all on one side: the rate there held? */
			if (a->nb + a->na >= 2) {
				side++;
				steady += keeps(w, p, c);
			}
			continue;
		}
		r = (a->sa / a->na) / (a->sb / a->nb);
		if (fabs(r / f - 1) <= LM_STEP_BAND && keeps(w, p, c)) {
			nb += a->nb;
			na += a->na;
			shown += a->nb >= 2 && a->na >= 2;
			w->from[agree] = a->sb / a->nb;
			w->to[agree++] = a->sa / a->na;
		}
	}
	out->k = k;
	out->agree = agree;
	out->factor = f;
	out->score = (long)agree - (long)(k - agree);
	/*
	 * Two thirds of the points on both sides agree, two measurements or
	 * more of theirs on each side, and two thirds of the points measured
	 * on one side only kept their level there: a steady rate, then
	 * another, not a system that wanders. And either LM_STEP_POINTS
	 * points agree, or one of them shows each level with two measurements
	 * or more: two points' one reading each side is what this VM's
	 * disk gives at its lowest loads between a point's two parts (x1.15
	 * and x1.17 in two of three runs of -run oltp -duration 2).
	 */
	out->valid = agree && 3 * agree >= 2 * k && fabs(f - 1) >= LM_STEP_MIN && nb >= 2 && na >= 2 &&
		3 * steady >= 2 * side && (agree >= LM_STEP_POINTS || shown);
	if (agree) {
		out->from = median(w->from, agree);
		out->to = median(w->to, agree);
	}
}

/* "1-10,12" of the sorted values @v[0..n) into @buf. */
static void ranges(char *buf, size_t len, const unsigned int *v, size_t n)
{
	size_t i = 0, at = 0;

	buf[0] = '\0';
	while (i < n && at + 24 < len) {
		size_t j = i;

		while (j + 1 < n && v[j + 1] == v[j] + 1)
			j++;
		at += (size_t)snprintf(buf + at, len - at, j > i ? "%s%u-%u" : "%s%u", i ? "," : "", v[i],
				       v[j]);
		i = j + 1;
	}
	if (i < n)
		snprintf(buf + at, len - at, ",...");
}

static int cmp_u(const void *a, const void *b)
{
	unsigned int x = *(const unsigned int *)a, y = *(const unsigned int *)b;

	return x < y ? -1 : x > y;
}

/* The measurements @o[0..c) by load, into @st->before, and their rounds. 0 or -ENOMEM. */
static int before_words(struct lm_step *st, const struct pt_drift_obs *o, size_t c)
{
	unsigned int *v = malloc((c ? c : 1) * sizeof(*v));
	bool row = true, col = true;
	size_t i, m = 0, u = 0;
	char r[96];

	if (!v)
		return -ENOMEM;
	st->round_lo = st->round_hi = c ? o[0].pass : 0;
	for (i = 0; i < c; i++) {
		row &= o[i].s && o[i].l == o[0].l;
		col &= o[i].l && o[i].s == o[0].s;
		st->round_lo = o[i].pass < st->round_lo ? o[i].pass : st->round_lo;
		st->round_hi = o[i].pass > st->round_hi ? o[i].pass : st->round_hi;
	}
	for (i = 0; i < c && (row || col); i++)
		v[m++] = row ? o[i].s : o[i].l;
	qsort(v, m, sizeof(*v), cmp_u);
	for (i = 0; i < m; i++)
		if (!u || v[i] != v[u - 1])
			v[u++] = v[i];
	ranges(r, sizeof(r), v, u);
	free(v);
	if (row)
		snprintf(st->before, sizeof(st->before), "Small=%s (Large=%u)", r, o[0].l);
	else if (col)
		snprintf(st->before, sizeof(st->before), "Large=%s (Small=%u)", r, o[0].s);
	else
		snprintf(st->before, sizeof(st->before), "points of several ladders");
	return 0;
}

/* Every cut judged; the best (the first of the most score) and the cuts beside it saying as much. */
static void best_cut(struct work *w, struct lm_step *st)
{
	struct cut cut, best = { .score = LONG_MIN };
	size_t c, at = 0, end = 0, i;

	for (c = 1; c < w->n; c++) {
		const struct pt_drift_obs *m = &w->o[c - 1];
		struct acc *a = &w->a[w->pid[c - 1]];

		if (m->x > 0) {
			a->sa -= m->x;
			a->na--;
			a->sb += m->x;
			a->nb++;
		}
		judge(w, c, &cut);
		if (cut.valid && (!best.valid || cut.score > best.score)) {
			best = cut;
			at = end = c;
		} else if (best.valid && end == c - 1 && cut.valid && cut.score == best.score &&
			   cut.k == best.k && cut.agree == best.agree) {
			end = c;
		}
	}
	if (!best.valid)
		return;
	st->present = true;
	st->factor = best.factor;
	st->from = best.from;
	st->to = best.to;
	st->npoints = best.k;
	st->nagree = best.agree;
	st->t_lo = w->o[at - 1].t0 + w->o[at - 1].secs;
	st->t_hi = w->o[end].t0;
	st->nbefore = at;
	st->nafter = w->n - end;
	for (i = 0; i < w->n && w->o[i].x <= 0; i++)
		;
	st->mbps = i < w->n && w->o[i].mbps;
}

/*
 * @d's measurements, a mixed point's (small and large I/O at once) read
 * as none when the run has points of one class: a mixed point's small
 * IOPS are the share of the device its small I/O got, which moves by
 * itself (a 100 MiB/s throttle over -run normal: 25 % between a mixed
 * point's two parts, where one class alone held within 3 %). Malloc'ed.
 */
static struct pt_drift_obs *single_class(const struct pt_drift *d)
{
	struct pt_drift_obs *o = malloc(d->nobs * sizeof(*o));
	bool single = false;
	size_t i;

	if (!o)
		return NULL;
	memcpy(o, d->obs, d->nobs * sizeof(*o));
	for (i = 0; i < d->nobs; i++)
		single |= o[i].x > 0 && !(o[i].s && o[i].l);
	for (i = 0; single && i < d->nobs; i++)
		if (o[i].s && o[i].l)
			o[i].x = 0;
	return o;
}

int lm_find_step(const struct pt_drift *d, struct lm_step *st)
{
	struct pt_drift_obs *o;
	size_t n = d->nobs;
	struct work w = { .n = n };
	size_t i, j;
	int ret = -ENOMEM;

	memset(st, 0, sizeof(*st));
	if (n < 2 || n > LM_STEP_MAX_OBS)
		return 0;
	o = single_class(d);
	w.o = o;
	w.pid = calloc(n, sizeof(*w.pid));
	w.next = calloc(n, sizeof(*w.next));
	w.a = calloc(n, sizeof(*w.a));
	w.r = calloc(3 * n, sizeof(*w.r));
	if (!o || !w.pid || !w.next || !w.a || !w.r)
		goto out;
	w.from = w.r + n;
	w.to = w.r + 2 * n;
	/* The points, each its measurements chained in run order; all after the first cut. */
	for (i = 0; i < n; i++) {
		w.next[i] = n;
		for (j = i; j-- > 0 && o[j].number != o[i].number;)
			;
		if (j == (size_t)-1) {
			w.pid[i] = w.np;
			w.a[w.np++].first = i;
		} else {
			w.pid[i] = w.pid[j];
			w.next[j] = i;
		}
		if (o[i].x > 0) {
			w.a[w.pid[i]].sa += o[i].x;
			w.a[w.pid[i]].na++;
		}
	}
	best_cut(&w, st);
	ret = st->present ? before_words(st, o, st->nbefore) : 0;
out:
	free(o);
	free(w.pid);
	free(w.next);
	free(w.a);
	free(w.r);
	return ret;
}

bool lm_step_line(const struct lm_step *st, char *buf, size_t len)
{
	const char *unit = st->mbps ? "MBPS" : "IOPS";
	int dec = st->mbps ? 2 : 0;
	char when[96], rounds[48];

	buf[0] = '\0';
	if (!st->present)
		return false;
	if (st->t_hi - st->t_lo < 0.05)
		snprintf(when, sizeof(when), "at %.1f s of measuring", st->t_lo);
	else
		snprintf(when, sizeof(when), "between %.1f and %.1f s of measuring", st->t_lo, st->t_hi);
	if (st->round_lo == st->round_hi)
		snprintf(rounds, sizeof(rounds), "round %u", st->round_lo);
	else
		snprintf(rounds, sizeof(rounds), "rounds %u-%u", st->round_lo, st->round_hi);
	snprintf(buf, len,
		 "Limit: %s I/O stepped %s from %.*f to %.*f %s (x%.3f) %s: %zu of the %zu points measured on both sides read that factor of their earlier figure (within %.0f %%), each side's measurements keeping their level; before it ran %zu measurements (%s, %s), after it %zu",
		 st->mbps ? "large" : "small", st->factor < 1 ? "down" : "up", dec, st->from, dec, st->to, unit,
		 st->factor, when, st->nagree, st->npoints, 100 * LM_STEP_BAND, st->nbefore, st->before, rounds,
		 st->nafter);
	return true;
}
