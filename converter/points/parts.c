// SPDX-License-Identifier: GPL-2.0-only
/*
 * parts.c -- a point measured in parts spread over the run (-parts, or
 * the reference point re-measured) pooled into one cell, and the run's
 * drift from every point measured more than once.
 *
 * Pooled: the parts are one measurement cut in time. I/Os, bytes and
 * seconds add up; IOPS and MBPS are the parts' time-weighted mean (all
 * I/Os over all seconds), latencies their I/O-weighted ones, histogram
 * bins and percentiles from the parts' bins together (ptl_add()). Its
 * 95 % interval is the wider of two: within the parts (their samples
 * together: each part's standard error on its weight, Welch-Satterthwaite
 * degrees of freedom: pool_add()), and across them (t(0.975,
 * n - 1) s / sqrt(n) of the n parts' figures, from 3 parts on): parts
 * spread over minutes see what a point's own 500 ms samples cannot, the
 * system drifting under the run.
 *
 * The run's drift: a measurement's figure over its point's (the pooled
 * figure, or the median of -repeat's passes); the median over the points
 * measured more than once of their relative sds gives the spread sd of a
 * single measurement about its point's figure (df = sum of n - 1): what
 * moves most points, not one point's own noise, which its interval
 * across its own parts carries; each round
 * (part or pass K) gets the median of its measurements' ratios, in run
 * order, so what moved every point alike shows as the rounds' factors.
 * Every cell's interval is then at least the drift's floor: a point's own
 * noise over its n measurements (sd^2 / n) and the run's drift, common
 * to all of a run's parts, which no number of them averages away (the
 * rounds' factors' sd^2), t(0.975) of their Welch-Satterthwaite degrees
 * of freedom: the parts of one run share the system's state of those
 * minutes (on this VM the runs' own spread was wider than the parts'
 * sd / sqrt(5): docs/intervals.md). With no rounds of several points
 * (one point re-measured as the reference, or -repeat of one point) the
 * floor is t(0.975, df) sd / sqrt(n): one reading's own spread, over the
 * cell's measurements (1 for a cell beside the reference).
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pt_priv.h"
#include "pt_parts.h"

double pt_headline(const struct pt_point *p)
{
	return p->small.present ? p->small.iops : p->large.mbps;
}

static double headline_secs(const struct pt_point *p)
{
	return p->small.present ? p->small.secs : p->large.secs;
}

/* Mean and the 95 % half-width across @n values (iv_mean(); -1 below 3). */
static double across(const double *x, size_t n, double *mean)
{
	double half;

	*mean = iv_mean(x, n, &half);
	return n < 3 ? -1 : half;
}

/* The class's figure @v with the wider of the within (@w_half, absolute; < 0 none) and across intervals. */
static enum iv_kind widest(struct iv_fig *f, double v, double w_half, double a_half, double a_mean)
{
	double rw = w_half >= 0 && v > 0 ? w_half / v : -1;
	double ra = a_half >= 0 && a_mean > 0 ? a_half / a_mean : -1;

	iv_fig_set(f, v, rw > ra ? rw : ra);
	return ra < 0 && rw < 0 ? IV_NONE : ra > rw ? IV_PARTS
						    : IV_WITHIN;
}

/*
 * The parts' samples together: each part's standard error (its samples'
 * sum, interval.h: se^2 = var), relative, on its weight in the pooled
 * figure (its figure x its seconds), added as independent, the degrees of
 * freedom by Welch-Satterthwaite over the parts' own: so the parts' 3-4
 * samples each make one interval of 15-20 samples, not several
 * t(0.975, 3) intervals added up.
 */
struct pooled {
	double var;    /* sum of the weighted variances */
	double ws_den; /* sum of var_k^2 / df_k */
};

static void pool_add(struct pooled *p, const struct iv_sum *s, double weight)
{
	double rel2, v, df;

	if (!s->have || !(s->mean > 0) || !(s->var > 0))
		return;
	rel2 = s->var / (s->mean * s->mean);
	v = rel2 * weight * weight;
	df = s->ws_den > 0 ? s->var * s->var / s->ws_den : 1e9;
	p->var += v;
	p->ws_den += v * v / df;
}

/* The pooled half-width, in the weights' units (figure x seconds). */
static double pool_half(const struct pooled *p)
{
	if (!(p->var > 0))
		return 0;
	return iv_t975(p->ws_den > 0 ? p->var * p->var / p->ws_den : 1e9) * sqrt(p->var);
}

int ptp_pool_class(const struct pt_set *set, const size_t *idx, size_t n, struct pt_class *c,
		   char cls)
{
	double xi[PT_MAX_PASSES], xm[PT_MAX_PASSES], xl[PT_MAX_PASSES];
	double secs = 0, wi = 0, wm = 0, mi, mm, ml, hi, hm, hl;
	struct pooled pi = { 0, 0 }, pm = { 0, 0 };
	struct fj_lat acc[3];
	bool bins_ok[3] = { true, true, true }, within = true;
	uint64_t samples = 0;
	size_t k, m = 0;
	int d;

	memset(acc, 0, sizeof(acc));
	c->ios[0] = c->ios[1] = c->bytes[0] = c->bytes[1] = 0;
	for (k = 0; k < n; k++) {
		const struct pt_point *p = &set->pts[idx[k]];
		const struct pt_class *q = cls == 's' ? &p->small : &p->large;

		if (!q->present)
			continue;
		for (d = 0; d < 3; d++)
			if (ptl_add(&acc[d], &q->lat[d], &bins_ok[d])) {
				for (d = 0; d < 3; d++)
					ptl_release(&acc[d]);
				return -ENOMEM;
			}
		c->ios[0] += q->ios[0];
		c->ios[1] += q->ios[1];
		c->bytes[0] += q->bytes[0];
		c->bytes[1] += q->bytes[1];
		secs += q->secs;
		wi += q->iops * q->secs;
		wm += q->mbps * q->secs;
		if (q->iv == IV_WITHIN) {
			pool_add(&pi, &q->iv_iops, q->iops * q->secs);
			pool_add(&pm, &q->iv_bw, q->mbps * q->secs);
		} else {
			within = false;
		}
		samples += q->samples;
		xi[m] = q->iops;
		xm[m] = q->mbps;
		xl[m++] = q->lat[PT_ALL].mean;
	}
	/* @c is the base part's own class: its latencies become the parts' together. */
	for (d = 0; d < 3; d++) {
		ptl_release(&c->lat[d]);
		ptl_finish(&acc[d], bins_ok[d], NULL);
		c->lat[d] = acc[d];
	}
	c->secs = secs;
	if (secs > 0) {
		c->iops = wi / secs;
		c->mbps = wm / secs;
	}
	hi = across(xi, m, &mi);
	hm = across(xm, m, &mm);
	hl = across(xl, m, &ml);
	c->iv = widest(&c->iops_iv, c->iops, within && secs > 0 ? pool_half(&pi) / secs : -1, hi, mi);
	widest(&c->mbps_iv, c->mbps, within && secs > 0 ? pool_half(&pm) / secs : -1, hm, mm);
	c->samples = within ? samples : 0;
	if (c->rated) {
		/* Open loop: the rate is set, the latency is what moves. */
		iv_fig_set(&c->lat_iv, c->lat[PT_ALL].mean,
			   hl >= 0 && ml > 0 ? hl / ml : -1);
	} else {
		/* Little's law: at a fixed load, latency = load / IOPS. */
		double r = c->iops > 0 && c->iv != IV_NONE ? (c->iops_iv.hi - c->iops) / c->iops : -1;

		iv_fig_set(&c->lat_iv, c->lat[PT_ALL].mean, r);
		if (r >= 0) {
			c->lat_iv.lo = c->lat[PT_ALL].mean / (1 + r);
			c->lat_iv.hi = r < 1 ? c->lat[PT_ALL].mean / (1 - r) : INFINITY;
		}
	}
	return 0;
}

/* Order of observations: by the time their result was written, then as read. */
static int cmp_time(const void *a, const void *b)
{
	const struct ptp_obs *x = a, *y = b;

	if (x->ms != y->ms)
		return x->ms < y->ms ? -1 : 1;
	return x->i < y->i ? -1 : x->i > y->i;
}

/* When a measurement's result was written: its jobs' files' newest timestamp_ms. */
static int64_t written_ms(const struct pt_set *set, const struct pt_point *p)
{
	int64_t ms = 0;
	size_t k;

	for (k = 0; set->in && set->in->file_ms && k < p->nsrcs; k++) {
		unsigned int f = set->in->jobs[p->srcs[k]].file;

		if (f < set->in->nfiles && set->in->file_ms[f] > ms)
			ms = set->in->file_ms[f];
	}
	return ms;
}

int ptp_observe(const struct pt_set *set, struct ptp_obs **out, size_t *nout)
{
	struct ptp_obs *o = set->n ? calloc(set->n, sizeof(*o)) : NULL;
	double t = 0;
	size_t i, n = 0;

	*out = NULL;
	*nout = 0;
	if (set->n && !o)
		return -ENOMEM;
	for (i = 0; i < set->n; i++) {
		const struct pt_point *p = &set->pts[i];

		if (!p->pass || !(p->small.present || p->large.present))
			continue;
		o[n] = (struct ptp_obs){ .number = p->number, .s = p->s, .l = p->l, .pass = p->pass, .part = p->part, .ref = p->ref, .x = pt_headline(p), .mbps = !p->small.present, .secs = headline_secs(p), .ms = written_ms(set, p), .i = i };
		n++;
	}
	qsort(o, n, sizeof(*o), cmp_time);
	for (i = 0; i < n; i++) {
		o[i].t0 = t;
		t += o[i].secs;
	}
	*out = o;
	*nout = n;
	return 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

/* The rounds' factors: for each pass K, the median of its measurements' ratios. */
static int rounds(struct pt_drift *dr, const struct ptp_obs *o, size_t n, const double *ratio)
{
	unsigned int most = 0, k;
	double *v = malloc((n ? n : 1) * sizeof(*v));
	size_t i, m;

	if (!v)
		return -ENOMEM;
	for (i = 0; i < n; i++)
		if (ratio[i] > 0 && o[i].pass > most)
			most = o[i].pass;
	dr->at = calloc(most ? most : 1, sizeof(*dr->at));
	if (!dr->at) {
		free(v);
		return -ENOMEM;
	}
	for (k = 1; k <= most; k++) {
		struct pt_drift_at *a = &dr->at[dr->n];

		a->t_s = -1;
		for (i = 0, m = 0; i < n; i++)
			if (ratio[i] > 0 && o[i].pass == k) {
				v[m++] = ratio[i];
				if (a->t_s < 0 || o[i].t0 < a->t_s)
					a->t_s = o[i].t0;
			}
		if (!m)
			continue;
		qsort(v, m, sizeof(*v), cmp_double);
		a->round = k;
		a->npoints = m;
		a->factor = m % 2 ? v[m / 2] : (v[m / 2 - 1] + v[m / 2]) / 2;
		dr->n++;
	}
	free(v);
	return 0;
}

/*
 * The measurements' ratios to the mean of their point's measurements
 * (0: a point measured once), each point's relative sd about it into
 * @sd[] (*@df their degrees of freedom); returns the ratios (malloc'ed)
 * and in *@np how many points.
 */
static double *ratios(struct pt_set *set, const struct ptp_obs *o, size_t n, double *sd,
		      size_t *np)
{
	struct pt_drift *dr = &set->drift;
	double *ratio = calloc(n ? n : 1, sizeof(*ratio));
	bool *seen = calloc(n ? n : 1, sizeof(*seen));
	size_t i, k;

	*np = 0;
	for (i = 0; ratio && seen && i < n; i++) {
		double m = 0, ss = 0;
		size_t c = 0;

		if (seen[i])
			continue;
		for (k = i; k < n; k++)
			if (o[k].number == o[i].number && o[k].x > 0) {
				m += o[k].x;
				c++;
			}
		for (k = i; k < n; k++)
			seen[k] |= o[k].number == o[i].number;
		if (c < 2)
			continue;
		m /= (double)c;
		for (k = i; k < n; k++)
			if (o[k].number == o[i].number && o[k].x > 0) {
				ratio[k] = o[k].x / m;
				ss += (ratio[k] - 1) * (ratio[k] - 1);
				dr->parts |= o[k].part || o[k].ref;
				dr->ref |= o[k].ref;
			}
		sd[(*np)++] = sqrt(ss / (double)(c - 1));
		dr->df += (unsigned int)(c - 1);
		if (*np == 1) {
			dr->ref_s = o[i].s;
			dr->ref_l = o[i].l;
		}
	}
	free(seen);
	return ratio;
}

/* The spread of the rounds' factors, over the rounds of 2 points or more (3 such rounds at least). */
static void rounds_sd(struct pt_drift *dr)
{
	double m = 0, ss = 0;
	size_t i, k = 0;

	for (i = 0; i < dr->n; i++)
		if (dr->at[i].npoints >= 2) {
			m += dr->at[i].factor;
			k++;
		}
	if (k < 3)
		return;
	m /= (double)k;
	for (i = 0; i < dr->n; i++)
		if (dr->at[i].npoints >= 2)
			ss += (dr->at[i].factor - m) * (dr->at[i].factor - m);
	dr->sd_rounds = sqrt(ss / (double)(k - 1));
	dr->df_rounds = (unsigned int)(k - 1);
}

/*
 * The spread is the median of the points' own sds: what moves most
 * points, not one point's own noise (which its own interval, across its
 * parts, carries).
 */
int ptp_drift(struct pt_set *set, const struct ptp_obs *o, size_t n)
{
	struct pt_drift *dr = &set->drift;
	double *sd = calloc(n ? n : 1, sizeof(*sd)), *ratio = sd ? ratios(set, o, n, sd, &dr->npoints) : NULL;
	size_t i;
	int ret = 0;

	if (!ratio || !sd) {
		free(ratio);
		free(sd);
		return -ENOMEM;
	}
	dr->present = dr->df > 0;
	if (dr->present) {
		qsort(sd, dr->npoints, sizeof(*sd), cmp_double);
		dr->sd = dr->npoints % 2 ? sd[dr->npoints / 2]
					 : (sd[dr->npoints / 2 - 1] + sd[dr->npoints / 2]) / 2;
		ret = rounds(dr, o, n, ratio);
	}
	free(ratio);
	free(sd);
	if (ret || !dr->present || !dr->n)
		return ret;
	/* The measurements themselves, for what reads them after (the limits' step). */
	dr->obs = calloc(n, sizeof(*dr->obs));
	if (!dr->obs)
		return -ENOMEM;
	for (i = 0; i < n; i++)
		dr->obs[i] = (struct pt_drift_obs){ .number = o[i].number, .s = o[i].s, .l = o[i].l, .pass = o[i].pass, .x = o[i].x, .mbps = o[i].mbps, .t0 = o[i].t0, .secs = o[i].secs };
	dr->nobs = n;
	dr->lo = dr->hi = dr->at[0].factor;
	for (i = 0; i < dr->n; i++) {
		if (dr->at[i].factor < dr->lo)
			dr->lo = dr->at[i].factor;
		if (dr->at[i].factor > dr->hi)
			dr->hi = dr->at[i].factor;
	}
	dr->change = dr->at[dr->n - 1].factor / dr->at[0].factor - 1;
	rounds_sd(dr);
	return 0;
}

/* @f's interval at least @rel of its value; true when it widened. */
static bool at_least(struct iv_fig *f, bool has, double rel)
{
	if (has && f->hi - f->value >= rel * f->value * (1 - 1e-9))
		return false;
	iv_fig_set(f, f->value, rel);
	return true;
}

static void widen(struct pt_class *c, double rel)
{
	bool has = c->iv != IV_NONE;

	if (!c->present || c->rated)
		return;
	if (at_least(&c->iops_iv, has, rel)) {
		c->iv = IV_DRIFT;
		at_least(&c->mbps_iv, false, rel);
		/* Little's law, as within. */
		c->lat_iv.value = c->lat[PT_ALL].mean;
		c->lat_iv.lo = c->lat[PT_ALL].mean / (1 + rel);
		c->lat_iv.hi = rel < 1 ? c->lat[PT_ALL].mean / (1 - rel) : INFINITY;
	}
}

double ptp_drift_floor(const struct pt_drift *dr, unsigned int n)
{
	double ve, vr, df;

	if (!dr->present || !(dr->sd > 0))
		return -1;
	if (!dr->df_rounds) /* no rounds of several points: a reading's own spread, over its measurements */
		return iv_t975((double)dr->df) * dr->sd / sqrt(n ? n : 1);
	/* A point's own noise, over its n measurements, and the run's drift, common to them all. */
	ve = dr->sd * dr->sd / (n ? n : 1);
	vr = dr->sd_rounds * dr->sd_rounds;
	df = (ve + vr) * (ve + vr) / (ve * ve / dr->df + (vr > 0 ? vr * vr / dr->df_rounds : 0));
	return iv_t975(df) * sqrt(ve + vr);
}

void ptp_apply_drift(struct pt_set *set)
{
	size_t i;

	for (i = 0; i < set->n; i++) {
		struct pt_point *p = &set->pts[i];
		double rel = ptp_drift_floor(&set->drift, p->passes);

		if (rel <= 0)
			return;
		widen(&p->small, rel);
		widen(&p->large, rel);
	}
}

void pt_drift_release(struct pt_drift *d)
{
	free(d->at);
	free(d->obs);
	memset(d, 0, sizeof(*d));
}

/* "1.110 1.108 0.889" or "at 0 7 14 s": @n values of the rounds, one field each. */
static void list(char *buf, size_t len, const struct pt_drift *d, bool times)
{
	size_t i, at = 0;

	buf[0] = '\0';
	for (i = 0; i < d->n && at + 16 < len; i++)
		at += (size_t)snprintf(buf + at, len - at, "%s%.*f", i ? " " : "", times ? 0 : 3,
				       times ? d->at[i].t_s : d->at[i].factor);
}

size_t pt_drift_lines(const struct pt_drift *d, unsigned int parts, char lines[2][768])
{
	char f[160], t[160], who[96], per[96] = "";
	double once;

	if (!d->present)
		return 0;
	list(f, sizeof(f), d, false);
	list(t, sizeof(t), d, true);
	if (d->ref && d->npoints == 1)
		snprintf(who, sizeof(who), "the reference point (Small=%u, Large=%u), measured %zu times,",
			 d->ref_s, d->ref_l, d->n);
	else
		snprintf(who, sizeof(who), "%s 1..%zu of %zu points", d->parts ? "measurements" : "passes",
			 d->n, d->npoints);
	snprintf(lines[0], 768, "Drift over the run: %+.1f %% (%s read %s of %s at %s s of measuring)",
		 100 * d->change, who, f,
		 d->ref && d->npoints == 1 ? "its mean" : "their points' means (medians over the points)", t);
	once = ptp_drift_floor(d, parts ? parts : 1);
	if (d->df_rounds)
		snprintf(per, sizeof(per), "; the rounds, what moved every point alike, %.1f %% (sd, %u df)",
			 100 * d->sd_rounds, d->df_rounds);
	snprintf(lines[1], 768,
		 "Drift spread: one measurement strays %.1f %% (sd, %u df) from its point's mean%s; so every cell's 95 %% interval is at least +-%.1f %%%s",
		 100 * d->sd, d->df, per, 100 * once, parts > 1 ? " (a cell of its parts)" : "");
	return 2;
}
