/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * knee.c -- each ladder's knee and the best point within a latency bound
 * (see knee.h for the rule and what an unknown latency does).
 */
#include "knee.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Digits with at most one '.', at least one digit: the only numbers taken. */
static bool plain_number(const char *s, size_t n)
{
	size_t i, digits = 0, dots = 0;

	for (i = 0; i < n; i++) {
		if (isdigit((unsigned char)s[i]))
			digits++;
		else if (s[i] == '.')
			dots++;
		else
			return false;
	}
	return digits && dots <= 1;
}

int kn_parse(struct kn_bound *b, const char *s, struct fr_err *err)
{
	const char *ms = s, *colon;
	double pct = 0, v;

	memset(b, 0, sizeof(*b));
	if (!s || !*s)
		return fr_errf(err, -EINVAL, "'': expected MS, pNN:MS or pNN.N:MS (a latency bound in ms), e.g. 5, p99:5 or p99.9:0.5");
	if (strlen(s) >= sizeof(b->text))
		return fr_errf(err, -EINVAL, "'%s': too long for a latency bound (MS, pNN:MS or pNN.N:MS)", s);
	if (s[0] == 'p') {
		colon = strchr(s, ':');
		if (!colon || !plain_number(s + 1, (size_t)(colon - s - 1)))
			return fr_errf(err, -EINVAL, "'%s': expected MS, pNN:MS or pNN.N:MS (a latency bound in ms), e.g. 5, p99:5 or p99.9:0.5", s);
		pct = strtod(s + 1, NULL);
		if (!(pct >= 1 && pct <= 99.9999))
			return fr_errf(err, -EINVAL, "'%s': the percentile must be from 1 to 99.9999", s);
		ms = colon + 1;
	}
	if (!plain_number(ms, strlen(ms)))
		return fr_errf(err, -EINVAL, "'%s': expected MS, pNN:MS or pNN.N:MS (a latency bound in ms), e.g. 5, p99:5 or p99.9:0.5", s);
	v = strtod(ms, NULL);
	if (!(v > 0) || !isfinite(v))
		return fr_errf(err, -EINVAL, "'%s': the latency bound must be above 0 ms", s);
	b->set = true;
	b->ms = v;
	b->pct = pct;
	snprintf(b->text, sizeof(b->text), "%s", s);
	return 0;
}

double kn_lat_ms(const struct pt_class *c, const struct kn_bound *b)
{
	const struct fj_lat *l;
	double ns;

	if (!c || !c->present)
		return -1;
	l = &c->lat[PT_ALL];
	if (!l->n)
		return -1;
	if (!b || !b->set || b->pct <= 0)
		return l->mean / 1e6;
	ns = pt_percentile(l, b->pct);
	return ns < 0 ? -1 : ns / 1e6;
}

const char *kn_why_name(enum kn_why w)
{
	switch (w) {
	case KN_LATENCY:
		return "latency";
	case KN_FLAT:
		return "flat";
	case KN_OVER:
		return "over";
	case KN_OPEN:
	default:
		return "open";
	}
}

static bool over(const struct kn_bound *b, double lat_ms)
{
	return b && b->set && lat_ms >= 0 && lat_ms > b->ms;
}

/* How much @to raised the throughput over @from, in %; under kn_flat_pct() is flat. */
static double rise_pct(double from, double to)
{
	if (from <= 0)
		return to > 0 ? INFINITY : 0;
	return (to - from) * 100.0 / from;
}

double kn_flat_pct(unsigned int from, unsigned int to)
{
	if (!from || to <= from)
		return KN_FLAT_PCT;
	/* Rounded to 1e-9 %: a doubling asks exactly 5 %, not 5.000000000000004. */
	return round((pow((double)to / from, log2(1 + KN_FLAT_PCT / 100)) - 1) * 1e11) / 1e9;
}

long kn_ladder(const struct kn_step *s, size_t n, const struct kn_bound *b, enum kn_why *why)
{
	enum kn_why w = KN_OPEN;
	long at = -1;
	size_t i;

	if (!n)
		goto out;
	if (over(b, s[0].lat_ms)) {
		w = KN_OVER;
		goto out;
	}
	for (i = 0; i + 1 < n; i++) {
		if (over(b, s[i + 1].lat_ms)) {
			w = KN_LATENCY;
			at = (long)i;
			goto out;
		}
		if (rise_pct(s[i].value, s[i + 1].value) < kn_flat_pct(s[i].load, s[i + 1].load)) {
			w = KN_FLAT;
			at = (long)i;
			goto out;
		}
	}
	at = (long)n - 1;
out:
	if (why)
		*why = w;
	return at;
}

static int cmp_u(const void *a, const void *b)
{
	unsigned int x = *(const unsigned int *)a, y = *(const unsigned int *)b;

	return x < y ? -1 : x > y;
}

static int cmp_step(const void *a, const void *b)
{
	return cmp_u(&((const struct kn_step *)a)->load, &((const struct kn_step *)b)->load);
}

size_t kn_ladder_steps(const struct pt_set *pts, bool small, unsigned int fixed,
		       const struct kn_bound *b, struct kn_step *out)
{
	size_t i, n = 0;

	for (i = 0; i < pts->n; i++) {
		const struct pt_point *p = &pts->pts[i];
		const struct pt_class *c = small ? &p->small : &p->large;
		unsigned int load = small ? p->s : p->l;

		if (!c->present || !load || (small ? p->l : p->s) != fixed)
			continue;
		out[n].load = load;
		out[n].value = small ? c->iops : c->mbps;
		out[n].lat_ms = kn_lat_ms(c, b);
		n++;
	}
	qsort(out, n, sizeof(*out), cmp_step);
	return n;
}

void kn_judge(const struct kn_step *s, size_t n, const struct kn_bound *b, bool small,
	      unsigned int fixed, struct kn_knee *k)
{
	long at = kn_ladder(s, n, b, &k->why);
	size_t j = (size_t)(at + 1);

	k->small = small;
	k->fixed = fixed;
	k->knee = at;
	k->nsteps = (unsigned int)n;
	k->lat_ms = k->next_lat_ms = -1;
	if (at >= 0) {
		k->load = s[at].load;
		k->value = s[at].value;
		k->lat_ms = s[at].lat_ms;
	}
	if (j < n) {
		k->next_load = s[j].load;
		k->next_value = s[j].value;
		k->next_lat_ms = s[j].lat_ms;
	}
}

int kn_find_all(const struct pt_set *pts, const struct kn_bound *b, struct kn_knee **out, size_t *n, struct fr_err *err)
{
	struct kn_step *steps = calloc(pts->n + 1, sizeof(*steps));
	unsigned int *fixed = calloc(pts->n + 1, sizeof(*fixed));
	struct kn_knee *k = calloc(2 * pts->n + 1, sizeof(*k));
	size_t nk = 0, i, nf;
	int side;

	*out = NULL;
	*n = 0;
	if (!steps || !fixed || !k) {
		free(steps);
		free(fixed);
		free(k);
		return fr_errf(err, -ENOMEM, "out of memory");
	}
	for (side = 0; side < 2; side++) {
		bool small = side == 0;

		/* The ladders of this side: the distinct other loads, ascending. */
		for (i = 0, nf = 0; i < pts->n; i++) {
			const struct pt_point *p = &pts->pts[i];

			if ((small ? p->small.present && p->s : p->large.present && p->l))
				fixed[nf++] = small ? p->l : p->s;
		}
		qsort(fixed, nf, sizeof(*fixed), cmp_u);
		for (i = 0; i < nf; i++) {
			struct kn_knee *x = &k[nk];
			size_t m;

			if (i && fixed[i] == fixed[i - 1])
				continue;
			m = kn_ladder_steps(pts, small, fixed[i], b, steps);
			if (!m)
				continue;
			kn_judge(steps, m, b, small, fixed[i], x);
			nk++;
		}
	}
	free(steps);
	free(fixed);
	*out = k;
	*n = nk;
	return 0;
}

static const struct pt_point *max_under(const struct pt_set *pts, const struct kn_bound *b,
					bool small)
{
	const struct pt_point *best = NULL;
	double best_v = 0;
	size_t i;

	if (!b || !b->set)
		return NULL;
	for (i = 0; i < pts->n; i++) {
		const struct pt_point *p = &pts->pts[i];
		const struct pt_class *c = small ? &p->small : &p->large;
		double lat = kn_lat_ms(c, b), v = small ? c->iops : c->mbps;

		if (!c->present || lat < 0 || lat > b->ms)
			continue;
		/* The first in run order wins a tie, as ORION's extremes. */
		if (!best || v > best_v) {
			best = p;
			best_v = v;
		}
	}
	return best;
}

const struct pt_point *kn_max_iops_under(const struct pt_set *pts, const struct kn_bound *b)
{
	return max_under(pts, b, true);
}

const struct pt_point *kn_max_mbps_under(const struct pt_set *pts, const struct kn_bound *b)
{
	return max_under(pts, b, false);
}

/* "p99 latency" or "latency" (the mean). */
static void stat_name(char *buf, size_t len, const struct kn_bound *b)
{
	if (b && b->set && b->pct > 0)
		snprintf(buf, len, "p%g latency", b->pct);
	else
		snprintf(buf, len, "latency");
}

void kn_describe(const struct kn_knee *k, const struct kn_bound *b, char *buf, size_t len)
{
	const char *kind = k->small ? "small-I/O" : "large-I/O";
	const char *axis = k->small ? "Small" : "Large";
	const char *other = k->small ? "Large" : "Small";
	const char *metric = k->small ? "IOPS" : "MBPS";
	bool bound = b && b->set;
	char st[32];
	double r;

	stat_name(st, sizeof(st), b);
	if (!k->nsteps) {
		snprintf(buf, len, "the %s ladder at %s=%u has no points", kind, other, k->fixed);
		return;
	}
	switch (k->why) {
	case KN_OVER:
		snprintf(buf, len, "no knee in the %s ladder at %s=%u: even its first load, %s=%u, is over the bound (%s %.2f ms, over %g ms)",
			 kind, other, k->fixed, axis, k->next_load, st, k->next_lat_ms, b ? b->ms : 0.0);
		return;
	case KN_LATENCY:
		snprintf(buf, len, "knee of the %s ladder at %s=%u: %s=%u (%s=%u took the %s to %.2f ms, over %g ms)",
			 kind, other, k->fixed, axis, k->load, axis, k->next_load, st, k->next_lat_ms,
			 b ? b->ms : 0.0);
		return;
	case KN_FLAT:
		r = rise_pct(k->value, k->next_value);
		if (r >= 0)
			snprintf(buf, len, "knee of the %s ladder at %s=%u: %s=%u (%s=%u raised %s by %.1f %%, under the %.1f %% asked of it: %g %% a doubling of the load)",
				 kind, other, k->fixed, axis, k->load, axis, k->next_load, metric, r,
				 kn_flat_pct(k->load, k->next_load), KN_FLAT_PCT);
		else
			snprintf(buf, len, "knee of the %s ladder at %s=%u: %s=%u (%s=%u lowered %s by %.1f %%)",
				 kind, other, k->fixed, axis, k->load, axis, k->next_load, metric, -r);
		return;
	case KN_OPEN:
	default:
		if (bound)
			snprintf(buf, len, "knee of the %s ladder at %s=%u: %s=%u, its %s load (the ladder ended before its %s crossed %g ms or %s rose by less than %g %% a doubling of the load)",
				 kind, other, k->fixed, axis, k->load, k->nsteps > 1 ? "last" : "only", st,
				 b->ms, metric, KN_FLAT_PCT);
		else
			snprintf(buf, len, "knee of the %s ladder at %s=%u: %s=%u, its %s load (the ladder ended before %s rose by less than %g %% a doubling of the load)",
				 kind, other, k->fixed, axis, k->load, k->nsteps > 1 ? "last" : "only", metric,
				 KN_FLAT_PCT);
		return;
	}
}
