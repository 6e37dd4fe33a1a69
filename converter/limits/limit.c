// SPDX-License-Identifier: GPL-2.0-only
/*
 * limit.c -- a throughput limit named from a run's ladders, with its
 * evidence, and whether it is a provisioned cap or the device's own
 * saturation (limit.h has the rule; docs/limits.md its figures).
 */
#include "limit.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *lm_kind_name(enum lm_kind k)
{
	switch (k) {
	case LM_CAP:
		return "cap";
	case LM_SATURATED:
		return "saturated";
	case LM_LIMIT:
	default:
		return "limit";
	}
}

/* The median of @s[0..n)'s values (@tmp: room for n; iv_median() sorts it). */
static double median(const struct lm_load *s, size_t n, double *tmp)
{
	double half;
	size_t k;

	for (k = 0; k < n; k++)
		tmp[k] = s[k].value;
	return iv_median(tmp, n, &half);
}

/* Mean latency at @s, were the throughput @p: outstanding / p, ms (-1: none). */
static double expect_ms(const struct lm_load *s, double p)
{
	double ios = p * s->ios_per_unit;

	return ios > 0 && s->outstanding > 0 ? s->outstanding / ios * 1000.0 : -1;
}

/* Where @s reads against the limit @p: -1 short of its band, 0 within, 1 over it. */
static int off_band(const struct lm_load *s, double p)
{
	return s->value < p * (1 - LM_BAND) ? -1 : s->value > p * (1 + LM_BAND) ? 1
										: 0;
}

/*
 * The plateau @s[0..n) at @p (limit.h): its first and last loads within
 * LM_BAND, the others held as lm_tally_held() asks, at least
 * LM_MIN_LOADS within. The largest deviation of those within into *@dev.
 */
static bool plateau(const struct lm_load *s, size_t n, double p, double *dev)
{
	struct lm_tally t = { 0 };
	size_t k;

	for (k = 0; k < n; k++)
		lm_tally_add(&t, s[k].value / p - 1);
	*dev = t.spread;
	return !off_band(&s[0], p) && !off_band(&s[n - 1], p) && lm_tally_held(&t) &&
		t.n - t.nshort - t.nover >= LM_MIN_LOADS;
}

/*
 * Little's law at the limit over @s[0..n) (those off its band aside),
 * each within LM_LITTLE and its measurement's edges (limit.h): the worst
 * deviation into *@dev, at *@at, the most the edges allowed into *@edge.
 */
static bool little(const struct lm_load *s, size_t n, double p, double *dev, unsigned int *at,
		   double *edge)
{
	size_t k;

	*dev = 0;
	*at = 0;
	*edge = 0;
	for (k = 0; k < n; k++) {
		double e = expect_ms(&s[k], p), d, x;

		if (off_band(&s[k], p))
			continue;
		if (e <= 0 || s[k].lat_ms < 0)
			return false;
		d = fabs(s[k].lat_ms / e - 1);
		x = s[k].window_s > 0 ? fmin(s[k].lat_ms / 1000.0 / s[k].window_s, LM_EDGE_MAX) : 0;
		if (!(d <= LM_LITTLE + x))
			return false;
		if (d >= *dev) {
			*dev = d;
			*at = s[k].load;
		}
		if (d > LM_LITTLE && x > *edge)
			*edge = x;
	}
	return true;
}

/*
 * Whether @s may be on a plateau whose first load reads @v (so P is
 * within v / (1 + LM_BAND) .. v / (1 - LM_BAND)): @s itself within the
 * band of some such P, and Little's law within LM_LITTLE and its edges
 * at some such P. What plateau() and little() ask of a plateau's first
 * and last loads, in O(1): a long ladder's L0s mostly fail here, before
 * a median is taken.
 */
static bool may_hold(const struct lm_load *s, double v)
{
	double plo = v / (1 + LM_BAND), phi = v / (1 - LM_BAND), tol, r;

	if (s->value > phi * (1 + LM_BAND) || s->value < plo * (1 - LM_BAND))
		return false;
	if (s->lat_ms < 0 || !(s->outstanding > 0) || !(s->ios_per_unit > 0))
		return false;
	/* mean latency / (outstanding / P) = r P, for P in plo .. phi */
	r = s->lat_ms / 1000.0 * s->ios_per_unit / s->outstanding;
	tol = LM_LITTLE + (s->window_s > 0 ? fmin(s->lat_ms / 1000.0 / s->window_s, LM_EDGE_MAX) : 0);
	return r * phi >= 1 - tol && r * plo <= 1 + tol;
}

/*
 * The run's re-measures held their rate (limit.h): the run's change, a
 * measurement's spread and the rounds' within LM_DRIFT, and no round
 * LM_STEP_MIN or more from 1.
 */
static bool drift_held(const struct pt_drift *d)
{
	return !d || !d->present || !d->n ||
		(fabs(d->change) <= LM_DRIFT && d->sd <= LM_DRIFT && d->sd_rounds <= LM_DRIFT &&
		 d->lo > 1 - LM_STEP_MIN && d->hi < 1 + LM_STEP_MIN);
}

/* The loads of the plateau @s[0..n) off the band of @p, into @l's shorts and overs. */
static void fill_off(const struct lm_load *s, size_t n, double p, struct lm_limit *l)
{
	size_t k;

	for (k = 0; k < n; k++) {
		struct lm_off *o = off_band(&s[k], p) < 0 ? &l->shorts : &l->overs;

		if (!off_band(&s[k], p))
			continue;
		if (o->n < LM_SHORT_LIST)
			o->loads[o->n] = s[k].load;
		o->min = o->n ? fmin(o->min, s[k].value) : s[k].value;
		o->max = o->n ? fmax(o->max, s[k].value) : s[k].value;
		o->n++;
	}
}

/* What the plateau @s[0..n) at @p says, into @l (the rule passed; @tmp: room for n). */
static void fill(const struct lm_load *s, size_t n, const struct lm_load *before, size_t nb,
		 double p, double *tmp, struct lm_limit *l)
{
	double half;
	size_t k, in = 0;

	l->value = p;
	l->from = s[0].load;
	l->to = s[n - 1].load;
	l->nloads = n;
	l->min = l->max = s[0].value;
	for (k = 0; k < n; k++) {
		if (off_band(&s[k], p))
			continue;
		l->min = fmin(l->min, s[k].value);
		l->max = fmax(l->max, s[k].value);
		tmp[in++] = s[k].value;
	}
	iv_mean(tmp, in, &half);
	l->lo = p - half;
	l->hi = p + half;
	fill_off(s, n, p, l);
	l->expect_ms = expect_ms(&s[0], p);
	l->p50_ms = s[0].p50_ms;
	if (l->p50_ms < 0)
		l->kind = LM_LIMIT;
	else
		l->kind = l->p50_ms < LM_HELD * l->expect_ms ? LM_CAP : LM_SATURATED;
	if (nb) {
		l->below_from = before[0].load;
		l->below_to = before[nb - 1].load;
		l->below_min = l->below_max = before[0].value;
		for (k = 0; k < nb; k++) {
			l->below_min = fmin(l->below_min, before[k].value);
			l->below_max = fmax(l->below_max, before[k].value);
		}
	}
}

bool lm_judge(const struct lm_load *s, size_t n, const struct pt_drift *d, bool small,
	      unsigned int fixed, struct lm_limit *out)
{
	double *tmp = malloc((n ? n : 1) * sizeof(*tmp)), *smax;
	bool found = false;
	size_t i, k;

	memset(out, 0, sizeof(*out));
	out->small = small;
	out->fixed = fixed;
	for (k = 0; k < n; k++)
		if (s[k].rated || !(s[k].value >= 0))
			n = 0; /* an open loop sets its rate: no limit read from it */
	smax = tmp ? malloc((n ? n : 1) * sizeof(*smax)) : NULL;
	/*
	 * The suffixes' largest figures: a plateau's first load is within
	 * LM_BAND of P and none above P (1 + LM_OVER_MAX), so a suffix whose
	 * largest figure is further above its first is passed over without
	 * its median (a long ladder's cost).
	 */
	for (k = n; smax && k-- > 0;)
		smax[k] = k + 1 < n ? fmax(smax[k + 1], s[k].value) : s[k].value;
	for (i = 0; smax && i + LM_MIN_LOADS <= n && !found; i++) {
		double p, dev, ldev, edge;
		unsigned int at;

		/* The plateau must hold over a doubling: a later L0 spans less. */
		if ((double)s[n - 1].load < LM_SPAN * (double)s[i].load)
			break;
		if (smax[i] > s[i].value * (1 + LM_OVER_MAX) / (1 - LM_BAND) || !may_hold(&s[i], s[i].value) ||
		    !may_hold(&s[n - 1], s[i].value))
			continue;
		p = median(&s[i], n - i, tmp);
		if (!(p > 0) || !plateau(&s[i], n - i, p, &dev))
			continue;
		/* A load before it above the limit: no limit held over the run. */
		for (k = 0; k < i && s[k].value <= p * (1 + LM_BAND); k++)
			;
		if (k < i || !little(&s[i], n - i, p, &ldev, &at, &edge))
			continue;
		if (!drift_held(d))
			break;
		fill(&s[i], n - i, s, i, p, tmp, out);
		out->spread = dev;
		out->little = ldev;
		out->little_at = at;
		out->little_edge = edge;
		if (d && d->present && d->n) {
			out->drift = true;
			out->drift_lo = d->lo;
			out->drift_hi = d->hi;
			out->drift_sd = d->sd;
		}
		found = true;
	}
	free(tmp);
	free(smax);
	return found;
}

/* One load of a ladder from point @p's class (its median latency left to classify()). */
static void step_of(const struct pt_point *p, bool small, struct lm_load *s)
{
	const struct pt_class *c = small ? &p->small : &p->large;

	s->load = small ? p->s : p->l;
	s->value = small ? c->iops : c->mbps;
	s->outstanding = (double)c->load * (c->stream_depth ? c->stream_depth : 1);
	s->ios_per_unit = small ? 1 : c->mbps > 0 ? c->iops / c->mbps
						  : 0;
	s->lat_ms = c->lat[PT_ALL].n ? c->lat[PT_ALL].mean / 1e6 : -1;
	s->p50_ms = -1;
	s->rated = c->rated;
	/* Parts pooled: their seconds summed (parts.c); -repeat's passes: the median pass's. */
	s->window_s = p->part && p->passes > 1 ? c->secs / p->passes : c->secs;
}

/* @l's kind from the median latency of its first load's class @c (pt_percentile() only here: it reads the bins). */
static void classify(struct lm_limit *l, const struct pt_class *c)
{
	double p50 = c->lat[PT_ALL].n ? pt_percentile(&c->lat[PT_ALL], 50) : -1;

	l->p50_ms = p50 >= 0 ? p50 / 1e6 : -1;
	if (l->p50_ms < 0)
		l->kind = LM_LIMIT;
	else
		l->kind = l->p50_ms < LM_HELD * l->expect_ms ? LM_CAP : LM_SATURATED;
}

/* A point of a ladder: the ladder's other load, its own, and where it is. */
struct ent {
	unsigned int fixed, load;
	size_t i;
};

static int cmp_ent(const void *a, const void *b)
{
	const struct ent *x = a, *y = b;

	if (x->fixed != y->fixed)
		return x->fixed < y->fixed ? -1 : 1;
	if (x->load != y->load)
		return x->load < y->load ? -1 : 1;
	return x->i < y->i ? -1 : x->i > y->i;
}

/* Every ladder of one side (@small) of @pts, judged; the limits found into @l from *@nl on. */
static void side(const struct pt_set *pts, bool small, struct ent *e, struct lm_load *steps,
		 struct lm_limit *l, size_t *nl)
{
	size_t i, n = 0, a, k;

	for (i = 0; i < pts->n; i++) {
		const struct pt_point *p = &pts->pts[i];

		if (small ? p->small.present && p->s : p->large.present && p->l)
			e[n++] = (struct ent){ small ? p->l : p->s, small ? p->s : p->l, i };
	}
	qsort(e, n, sizeof(*e), cmp_ent);
	for (a = 0; a < n; a = i) {
		for (i = a; i < n && e[i].fixed == e[a].fixed; i++)
			step_of(&pts->pts[e[i].i], small, &steps[i - a]);
		if (!lm_judge(steps, i - a, &pts->drift, small, e[a].fixed, &l[*nl]))
			continue;
		for (k = a; k < i && e[k].load != l[*nl].from; k++)
			;
		classify(&l[*nl], small ? &pts->pts[e[k].i].small : &pts->pts[e[k].i].large);
		lm_shared(pts, &l[*nl]);
		(*nl)++;
	}
}

int lm_find_all(const struct pt_set *pts, struct lm_limit **out, size_t *n)
{
	struct lm_load *steps = calloc(pts->n + 1, sizeof(*steps));
	struct ent *e = calloc(pts->n + 1, sizeof(*e));
	struct lm_limit *l = calloc(2 * pts->n + 1, sizeof(*l));
	size_t nl = 0;

	*out = NULL;
	*n = 0;
	if (!steps || !e || !l) {
		free(steps);
		free(e);
		free(l);
		return -ENOMEM;
	}
	side(pts, true, e, steps, l, &nl);
	side(pts, false, e, steps, l, &nl);
	free(steps);
	free(e);
	nl = lm_shared_fold(l, nl);
	if (!nl) {
		free(l);
		l = NULL;
	}
	*out = l;
	*n = nl;
	return 0;
}

/* Why this is a cap or not, in words with its figures. */
static void kind_words(const struct lm_limit *l, const char *axis, char *buf, size_t len)
{
	double pct = l->expect_ms > 0 ? 100 * l->p50_ms / l->expect_ms : 0;

	if (l->kind == LM_LIMIT)
		snprintf(buf, len, "the median latency at %s=%u is unknown: a provisioned cap and the device's own saturation are not told apart",
			 axis, l->from);
	else
		snprintf(buf, len, "at %s=%u the median I/O took %.3f ms, %.0f %% of outstanding / cap (%.3f ms): %s",
			 axis, l->from, l->p50_ms, pct, l->expect_ms,
			 l->kind == LM_CAP ? "fast I/Os held for a permit, a provisioned cap (a throttle or token bucket)"
					   : "each I/O slow in service, not held: the device's own saturation (or a cap pacing every I/O evenly), not named a provisioned cap");
}

/*
 * The loads off its band (", but Large=11 read 97.74 MBPS, short of it
 * (...)", then ", and Small=3 read 2126 IOPS, over it (...)"; ", but"
 * for the over ones when none is short) into @buf.
 */
static void off_words(const struct lm_limit *l, const char *axis, const char *unit, int dec, char *buf,
		      size_t len)
{
	static const char *const why[2][2] = {
		{ "short of it (a load that missed the limit)", "short of it (loads that missed the limit)" },
		{ "over it (a burst the limit let through: its measurement read more than the limit's rate)",
		  "over it (bursts the limit let through: their measurements read more than the limit's rate)" },
	};
	size_t k, at = 0, j;

	buf[0] = '\0';
	for (j = 0; j < 2; j++) {
		const struct lm_off *o = j ? &l->overs : &l->shorts;

		if (!o->n || at >= len)
			continue;
		at += (size_t)snprintf(buf + at, len - at, ", %s %s=", at ? "and" : "but", axis);
		for (k = 0; k < o->n && k < LM_SHORT_LIST && at < len; k++)
			at += (size_t)snprintf(buf + at, len - at, "%s%u", k ? ", " : "", o->loads[k]);
		if (at < len && o->n == 1)
			at += (size_t)snprintf(buf + at, len - at, " read %.*f %s, %s", dec, o->min, unit, why[j][0]);
		else if (at < len)
			at += (size_t)snprintf(buf + at, len - at, "%s read %.*f-%.*f %s, %s",
					       o->n > LM_SHORT_LIST ? " ..." : "", dec, o->min, dec, o->max, unit,
					       why[j][1]);
	}
}

void lm_line(const struct lm_limit *l, char *buf, size_t len)
{
	const char *axis = l->small ? "Small" : "Large", *other = l->small ? "Large" : "Small";
	const char *unit = l->small ? "IOPS" : "MBPS";
	const char *verb = l->kind == LM_CAP ? "capped" : l->kind == LM_SATURATED ? "saturated"
										  : "limited";
	int dec = l->small ? 0 : 2;
	char below[192] = "", drift[192] = "", kind[384], off[512], edge[160] = "", shared[320];

	if (l->below_from && l->below_from == l->below_to)
		snprintf(below, sizeof(below), "; below it %s=%u read %.*f %s", axis, l->below_from, dec, l->below_min,
			 unit);
	else if (l->below_from)
		snprintf(below, sizeof(below), "; below it %s=%u..%u read %.*f-%.*f %s", axis, l->below_from,
			 l->below_to, dec, l->below_min, dec, l->below_max, unit);
	if (l->drift)
		snprintf(drift, sizeof(drift), "; the run's re-measures held it (rounds %.3f-%.3f of their points' means, spread %.1f %%)",
			 l->drift_lo, l->drift_hi, 100 * l->drift_sd);
	kind_words(l, axis, kind, sizeof(kind));
	off_words(l, axis, unit, dec, off, sizeof(off));
	lm_shared_words(l, shared, sizeof(shared));
	if (l->little_edge > 0)
		snprintf(edge, sizeof(edge), " (%.0f %% and a measurement's edges, its mean latency / its length: up to %.1f %%)",
			 100 * LM_LITTLE, 100 * (LM_LITTLE + l->little_edge));
	snprintf(buf, len,
		 "Limit: %s I/O %s at %.*f %s from %s=%u (%s=%u): %s=%u..%u (%zu loads) read %.*f-%.*f %s, each within %.1f %% of it (95 %% interval %.*f-%.*f)%s%s; mean latency = outstanding I/Os / cap within %.1f %% at each (worst at %s=%u)%s%s; %s%s",
		 l->small ? "small" : "large", verb, dec, l->value, unit, axis, l->from, other, l->fixed, axis,
		 l->from, l->to, l->nloads, dec, l->min, dec, l->max, unit, 100 * l->spread, dec, l->lo, dec,
		 l->hi, off, below, 100 * l->little, axis, l->little_at, edge, drift, kind, shared);
}

int lm_find(const struct pt_set *pts, struct lm_found *f)
{
	int ret;

	memset(f, 0, sizeof(*f));
	ret = lm_find_all(pts, &f->limits, &f->n);
	if (!ret)
		ret = lm_find_step(&pts->drift, &f->step);
	if (ret)
		lm_found_release(f);
	return ret;
}

void lm_found_release(struct lm_found *f)
{
	free(f->limits);
	memset(f, 0, sizeof(*f));
}

bool lm_found_line(const struct lm_found *f, size_t i, char *buf, size_t len)
{
	if (i < f->n) {
		lm_line(&f->limits[i], buf, len);
		return true;
	}
	return i == f->n && lm_step_line(&f->step, buf, len);
}
