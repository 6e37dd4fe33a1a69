/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * knee.c -- each ladder's knee and the best point within a latency bound
 * (see knee.h for the rule and what an unknown latency does).
 */
#include "knee.h"
#include "interval.h"

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

#define KN_SYNTAX "expected MS, pNN:MS or pNN.N:MS (a latency bound in ms, p100 the maximum), e.g. 5, p99:5 or p99.9:0.5, or a mean and a percentile bound together, e.g. 2,p100:5"

/* One bound, "MS" or "pNN:MS", of @s (@whole for messages) into *@pct, *@ms. */
static int parse_one(const char *s, const char *whole, double *pct, double *ms,
		     struct fr_err *err)
{
	const char *m = s, *colon;
	double v;

	*pct = 0;
	if (s[0] == 'p') {
		colon = strchr(s, ':');
		if (!colon || !plain_number(s + 1, (size_t)(colon - s - 1)))
			return fr_errf(err, -EINVAL, "'%s': " KN_SYNTAX, whole);
		*pct = strtod(s + 1, NULL);
		if (!(*pct >= 1 && *pct <= 100))
			return fr_errf(err, -EINVAL, "'%s': the percentile must be from 1 to 100 (p100: the maximum)", whole);
		m = colon + 1;
	}
	if (!plain_number(m, strlen(m)))
		return fr_errf(err, -EINVAL, "'%s': " KN_SYNTAX, whole);
	v = strtod(m, NULL);
	if (!(v > 0) || !isfinite(v))
		return fr_errf(err, -EINVAL, "'%s': the latency bound must be above 0 ms", whole);
	*ms = v;
	return 0;
}

int kn_parse(struct kn_bound *b, const char *s, struct fr_err *err)
{
	char first[48];
	const char *comma;
	int ret;

	memset(b, 0, sizeof(*b));
	if (!s || !*s)
		return fr_errf(err, -EINVAL, "'': " KN_SYNTAX);
	if (strlen(s) >= sizeof(b->text))
		return fr_errf(err, -EINVAL, "'%s': too long for a latency bound (" KN_SYNTAX ")", s);
	comma = strchr(s, ',');
	snprintf(first, sizeof(first), "%.*s", comma ? (int)(comma - s) : (int)strlen(s), s);
	ret = parse_one(first, s, &b->pct, &b->ms, err);
	if (!ret && comma) {
		ret = parse_one(comma + 1, s, &b->pct2, &b->ms2, err);
		if (!ret && (b->pct > 0) == (b->pct2 > 0))
			ret = fr_errf(err, -EINVAL, "'%s': two bounds must be a mean and a percentile (e.g. 2,p100:5), not two %s",
				      s, b->pct > 0 ? "percentiles" : "means");
	}
	if (ret) {
		memset(b, 0, sizeof(*b));
		return ret;
	}
	b->set = true;
	snprintf(b->text, sizeof(b->text), "%s", s);
	return 0;
}

/* "p99 latency" or "latency" (the mean), for percentile @pct. */
static void stat_words(char *buf, size_t len, double pct)
{
	if (pct > 0)
		snprintf(buf, len, "p%g latency", pct);
	else
		snprintf(buf, len, "latency");
}

void kn_bound_words(char *buf, size_t len, const struct kn_bound *b)
{
	char st[32], st2[32], ms[48];
	const char *colon, *comma;

	if (!b || !b->set) {
		snprintf(buf, len, "no bound");
		return;
	}
	/* The milliseconds as written: "5" of "p99:5", "2" and "5" of "2,p100:5". */
	comma = strchr(b->text, ',');
	snprintf(ms, sizeof(ms), "%.*s", comma ? (int)(comma - b->text) : (int)strlen(b->text), b->text);
	colon = strchr(ms, ':');
	stat_words(st, sizeof(st), b->pct);
	if (!comma) {
		snprintf(buf, len, "%s <= %s ms", st, colon ? colon + 1 : ms);
		return;
	}
	stat_words(st2, sizeof(st2), b->pct2);
	snprintf(buf, len, "%s <= %s ms and %s <= %s ms", st, colon ? colon + 1 : ms, st2,
		 strchr(comma, ':') ? strchr(comma, ':') + 1 : comma + 1);
}

/* @c's latency at statistic @pct (0: the mean; 100: the maximum), ms; -1 unknown. */
static double lat_at(const struct pt_class *c, double pct)
{
	const struct fj_lat *l;
	double ns;

	if (!c || !c->present)
		return -1;
	l = &c->lat[PT_ALL];
	if (!l->n)
		return -1;
	if (pct <= 0)
		return l->mean / 1e6;
	if (pct >= 100)
		return l->max > 0 ? l->max / 1e6 : -1;
	ns = pt_percentile(l, pct);
	return ns < 0 ? -1 : ns / 1e6;
}

double kn_lat_ms(const struct pt_class *c, const struct kn_bound *b)
{
	return lat_at(c, b && b->set ? b->pct : 0);
}

double kn_lat2_ms(const struct pt_class *c, const struct kn_bound *b)
{
	return b && b->set && b->ms2 > 0 ? lat_at(c, b->pct2) : -1;
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

/* What one step says: nothing, a crossing or a flat step, or either by its figure only (noise). */
enum verdict {
	V_NONE,
	V_CROSS,
	V_FLAT,
	V_NOISE
};

/*
 * Is latency @lat (its interval @lo..@hi when @iv) over bound @ms? Over
 * when latency / bound lies above 1 (iv_differ(): the bound is an exact
 * figure); V_NOISE when only the figure is over.
 */
static enum verdict lat_over(double lat, bool iv, double lo, double hi, double ms)
{
	const struct iv_fig bound = { ms, ms, ms }, l = { lat, iv ? lo : lat, iv ? hi : lat };
	struct iv_verdict v;

	if (!(ms > 0) || lat < 0)
		return V_NONE;
	iv_differ(&bound, true, &l, iv, 1, "latency", &v);
	if (v.by_figure != IV_ABOVE)
		return V_NONE;
	return v.side == IV_UNDECIDED ? V_NOISE : V_CROSS;
}

/*
 * Is step @s over @b: V_CROSS by the evidence (the mean latency's
 * interval, a percentile's value), V_NOISE by its figure only, else
 * V_NONE.
 */
static enum verdict over_by(const struct kn_bound *b, const struct kn_step *s)
{
	enum verdict mean, pct;

	if (!b || !b->set)
		return V_NONE;
	/* Which of the step's two latencies is the mean's, which the percentile's. */
	mean = lat_over(b->pct > 0 ? s->lat2_ms : s->lat_ms, s->iv, s->lat_lo_ms, s->lat_hi_ms,
			b->pct > 0 ? b->ms2 : b->ms);
	/* A percentile has no interval here (fio gives none): its value decides. */
	pct = lat_over(b->pct > 0 ? s->lat_ms : s->lat2_ms, false, 0, 0,
		       b->pct > 0 ? b->ms : b->ms2);
	if (mean == V_CROSS || pct == V_CROSS)
		return V_CROSS;
	return mean == V_NOISE ? V_NOISE : V_NONE;
}

/* Is step @s over @b by its figures (@sure: and by the mean latency's interval)? */
static bool over(const struct kn_bound *b, const struct kn_step *s, bool sure)
{
	enum verdict v = over_by(b, s);

	return v == V_CROSS || (!sure && v == V_NOISE);
}

/*
 * Step @a to step @c, @c's latency and the gain between them: flat when
 * the gain c / a lies below 1 + kn_flat_pct() (iv_differ(), on the two
 * figures' intervals when both have them).
 */
static enum verdict judge(const struct kn_step *a, const struct kn_step *c, const struct kn_bound *b)
{
	const struct iv_fig fa = { a->value, a->lo, a->hi }, fc = { c->value, c->lo, c->hi };
	enum verdict o;
	struct iv_verdict v;

	/* Paired evidence decided it: a knee's step, or on past it (undecided too). */
	if (c->paired)
		return c->paired == 'f' ? V_FLAT : c->paired == 'l' ? V_CROSS
								    : V_NONE;
	o = over_by(b, c);
	if (o != V_NONE)
		return o;
	iv_differ(&fa, a->iv, &fc, c->iv, 1 + kn_flat_pct(a->load, c->load) / 100, NULL, &v);
	if (v.by_figure != IV_BELOW)
		return V_NONE;
	/* Flat only when the gain's interval lies below the rule, too. */
	return v.side == IV_UNDECIDED ? V_NOISE : V_FLAT;
}

struct walk {
	long at;
	enum kn_why why;
	bool confirmed;
	size_t confirm; /* the step that confirmed (when confirmed) */
	long noise;	/* the first step judged noise, -1 none */
	bool noise_interval;
};

static void note_noise(struct walk *w, size_t i, bool interval)
{
	if (w->noise < 0) {
		w->noise = (long)i;
		w->noise_interval = interval;
	}
}

/*
 * The ladder's knee: the first step i whose next step crosses (or is
 * flat) by its interval and whose step after that says the same; a
 * figure that crossed within its noise, or a crossing the next load did
 * not confirm, is noted and the ladder goes on. At the end of the steps
 * a crossing cannot be confirmed: it stands, unconfirmed.
 */
static void walk(const struct kn_step *s, size_t n, const struct kn_bound *b, struct walk *w)
{
	size_t i;

	memset(w, 0, sizeof(*w));
	w->at = -1;
	w->noise = -1;
	w->why = KN_OPEN;
	if (!n)
		return;
	if (over(b, &s[0], false)) {
		if (!over(b, &s[0], true)) {
			note_noise(w, 0, true);
		} else if (n < 2 || over(b, &s[1], true)) {
			w->why = KN_OVER;
			w->confirmed = n >= 2;
			w->confirm = n >= 2 ? 1 : 0;
			return;
		} else {
			note_noise(w, 0, false);
		}
	}
	for (i = 0; i + 1 < n; i++) {
		enum verdict v = judge(&s[i], &s[i + 1], b), v2;

		if (v == V_NONE)
			continue;
		if (v == V_NOISE) {
			note_noise(w, i + 1, true);
			continue;
		}
		if (i + 2 >= n) {
			w->at = (long)i;
			w->why = v == V_CROSS ? KN_LATENCY : KN_FLAT;
			return; /* the ladder's last step: unconfirmed */
		}
		/* A crossing holds when the next load is over too; a flat step when
		 * the next step is flat or over. */
		v2 = judge(&s[i + 1], &s[i + 2], b);
		if (v == V_CROSS ? over(b, &s[i + 2], true) : (v2 == V_CROSS || v2 == V_FLAT)) {
			w->at = (long)i;
			w->why = v == V_CROSS ? KN_LATENCY : KN_FLAT;
			w->confirmed = true;
			w->confirm = i + 2;
			return;
		}
		note_noise(w, i + 1, false);
	}
	w->at = (long)n - 1;
}

long kn_ladder(const struct kn_step *s, size_t n, const struct kn_bound *b, enum kn_why *why)
{
	struct walk w;

	walk(s, n, b, &w);
	if (why)
		*why = w.why;
	return w.at;
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
		const struct iv_fig *f = small ? &c->iops_iv : &c->mbps_iv;

		out[n].load = load;
		out[n].value = small ? c->iops : c->mbps;
		out[n].lat_ms = kn_lat_ms(c, b);
		out[n].lat2_ms = kn_lat2_ms(c, b);
		out[n].iv = c->iv != IV_NONE;
		out[n].lo = f->lo;
		out[n].hi = f->hi;
		out[n].lat_lo_ms = c->lat_iv.lo / 1e6;
		out[n].lat_hi_ms = c->lat_iv.hi / 1e6;
		out[n].paired = 0;
		n++;
	}
	qsort(out, n, sizeof(*out), cmp_step);
	if (pts->in)
		kn_mark_pairs(out, n, small, fixed, pts->in->run.paired, pts->in->run.npaired);
	return n;
}

void kn_mark_pairs(struct kn_step *s, size_t n, bool small, unsigned int fixed,
		   const struct ri_pair *p, size_t np)
{
	size_t i, k;

	for (i = 0; i < np; i++) {
		if (p[i].small != small || p[i].fixed != fixed || !p[i].decided)
			continue;
		for (k = 1; k < n; k++)
			if (s[k].load == p[i].to && s[k - 1].load == p[i].from)
				s[k].paired = p[i].decided;
	}
}

void kn_judge(const struct kn_step *s, size_t n, const struct kn_bound *b, bool small,
	      unsigned int fixed, struct kn_knee *k)
{
	struct walk w;
	long at;
	size_t j;

	walk(s, n, b, &w);
	at = w.at;
	j = (size_t)(at + 1);
	k->why = w.why;
	k->confirmed = w.confirmed;
	k->confirm_load = w.confirmed ? s[w.confirm].load : 0;
	k->noise_load = w.noise >= 0 ? s[w.noise].load : 0;
	k->noise_interval = w.noise_interval;
	k->small = small;
	k->fixed = fixed;
	k->knee = at;
	k->nsteps = (unsigned int)n;
	k->lat_ms = k->next_lat_ms = k->next_lat2_ms = -1;
	if (at >= 0) {
		k->load = s[at].load;
		k->value = s[at].value;
		k->lat_ms = s[at].lat_ms;
	}
	if (j < n) {
		k->next_load = s[j].load;
		k->next_value = s[j].value;
		k->next_lat_ms = s[j].lat_ms;
		k->next_lat2_ms = s[j].lat2_ms;
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
		double lat = kn_lat_ms(c, b), lat2 = kn_lat2_ms(c, b);
		double v = small ? c->iops : c->mbps;

		if (!c->present || lat < 0 || lat > b->ms ||
		    (b->ms2 > 0 && (lat2 < 0 || lat2 > b->ms2)))
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

/* "27024 IOPS" or "180.00 MBPS": a figure as the answer line gives it (ORION truncates IOPS). */
static void figure(char *buf, size_t len, bool small, double v)
{
	if (small)
		snprintf(buf, len, "%lld IOPS", (long long)v);
	else
		snprintf(buf, len, "%.2f MBPS", v);
}

/* What the knee is the last load before, for kn_answer_apart(). */
static const char *knee_before(const struct kn_knee *k)
{
	switch (k->why) {
	case KN_LATENCY:
		return k->confirmed ? "the last load before the latency crossed the bound, confirmed by the load after"
				    : "the last load before the latency crossed the bound";
	case KN_FLAT:
		return k->small ? "the last load before IOPS rose by less than 5 % a doubling of the load"
				: "the last load before MBPS rose by less than 5 % a doubling of the load";
	default:
		return "the ladder's last load";
	}
}

/*
 * Why the answer (at load @bl, figure @bv) is not knee @k (its point's
 * class @kc): the knee is no answer itself (over the bound by a figure
 * the ladder went past, or its latency unknown), or the answer lies
 * before it or past it.
 */
static void apart_why(char *buf, size_t len, const struct kn_knee *k, const struct pt_class *kc,
		      const struct kn_bound *b, unsigned int bl, double bv)
{
	const char *axis = k->small ? "Small" : "Large";
	const char *metric = k->small ? "IOPS" : "MBPS";
	double lat = kn_lat_ms(kc, b), lat2 = kn_lat2_ms(kc, b);

	if (lat < 0 || (b->ms2 > 0 && lat2 < 0))
		snprintf(buf, len, "the knee's latency is unknown, and the answer takes only points known to be within the bound");
	else if (lat > b->ms || (b->ms2 > 0 && lat2 > b->ms2))
		snprintf(buf, len, "the knee itself is over the bound by its figure (%.2f ms), a crossing the ladder went past (within noise, or not confirmed by the next load); the answer takes only points within the bound",
			 lat > b->ms ? lat : lat2);
	else if (bl < k->load && bv > k->value)
		snprintf(buf, len, "%s=%u gave the most %s of the loads within the bound, more than the knee; the knee is %s",
			 axis, bl, metric, knee_before(k));
	else if (bl < k->load)
		snprintf(buf, len, "%s=%u gave as many %s as the knee, and the answer takes the first load to give the most; the knee is %s",
			 axis, bl, metric, knee_before(k));
	else if (k->why == KN_FLAT)
		snprintf(buf, len, "past the knee %s rose by less than 5 %% a doubling of the load, yet %s=%u gave more within the bound; the knee is where more load stopped paying, the answer the most %s the bound allows",
			 metric, axis, bl, metric);
	else
		snprintf(buf, len, "past the knee the latency crossed the bound at %s=%u, yet %s=%u is back within it with more %s; the knee is %s",
			 axis, k->next_load, axis, bl, metric, knee_before(k));
}

bool kn_answer_apart(const struct pt_set *pts, const struct kn_knee *k, const struct kn_bound *b,
		     char *buf, size_t len)
{
	const struct pt_point *best = max_under(pts, b, k->small), *kp;
	const char *axis = k->small ? "Small" : "Large";
	unsigned int bl = best ? (k->small ? best->s : best->l) : 0;
	double bv = best ? (k->small ? best->small.iops : best->large.mbps) : 0;
	char words[128], fb[48], fk[48], why[400];

	buf[0] = '\0';
	/* The answer in another ladder names the other load itself. */
	if (!best || (k->small ? best->l : best->s) != k->fixed || (k->knee >= 0 && bl == k->load))
		return false;
	kn_bound_words(words, sizeof(words), b);
	figure(fb, sizeof(fb), k->small, bv);
	if (k->knee < 0) {
		snprintf(buf, len, "Best %s with %s is at %s=%u (%s), in a ladder with no knee: its first loads were over the bound, %s=%u is within it",
			 k->small ? "Small IOPS" : "Large MBPS", words, axis, bl, fb, axis, bl);
		return true;
	}
	kp = k->small ? pt_find(pts, k->load, k->fixed) : pt_find(pts, k->fixed, k->load);
	if (!kp)
		return false;
	figure(fk, sizeof(fk), k->small, k->value);
	apart_why(why, sizeof(why), k, k->small ? &kp->small : &kp->large, b, bl, bv);
	snprintf(buf, len, "Best %s with %s is at %s=%u (%s), not at the knee, %s=%u (%s): %s",
		 k->small ? "Small IOPS" : "Large MBPS", words, axis, bl, fb, axis, k->load, fk, why);
	return true;
}

/*
 * The knee's evidence, split so that its line names the loads in the
 * order they ran: @pre the noise the ladder went past ("within noise at
 * Small=4, continued; "), always at or under the knee's load, so it goes
 * first, before the step after the knee; @post the confirming load after
 * it ("; crossed, confirmed at Small=N").
 */
static void evidence(const struct kn_knee *k, const char *axis, char *pre, size_t plen,
		     char *post, size_t len)
{
	pre[0] = post[0] = '\0';
	if (k->noise_load)
		snprintf(pre, plen, "%s at %s=%u, continued; ",
			 k->noise_interval ? "within noise" : "not confirmed by the next load", axis,
			 k->noise_load);
	if (k->why != KN_OPEN && k->confirmed)
		snprintf(post, len, "; %s, confirmed at %s=%u", k->why == KN_FLAT ? "flat" : "crossed",
			 axis, k->confirm_load);
	else if (k->why != KN_OPEN)
		snprintf(post, len, "; not confirmed: the ladder ended");
}

void kn_describe(const struct kn_knee *k, const struct kn_bound *b, char *buf, size_t len)
{
	const char *kind = k->small ? "small-I/O" : "large-I/O";
	const char *axis = k->small ? "Small" : "Large";
	const char *other = k->small ? "Large" : "Small";
	const char *metric = k->small ? "IOPS" : "MBPS";
	bool bound = b && b->set;
	char st[32], pre[96], ev[96], words[128];
	double r, lat = k->next_lat_ms, ms = b ? b->ms : 0;

	/* Which of two bounds the step crossed: the first, else the second. */
	stat_words(st, sizeof(st), b && b->set ? b->pct : 0);
	if (bound && b->ms2 > 0 && !(k->next_lat_ms > b->ms) && k->next_lat2_ms > b->ms2) {
		stat_words(st, sizeof(st), b->pct2);
		lat = k->next_lat2_ms;
		ms = b->ms2;
	}
	/* "p99 latency crossed 5 ms" / "latency crossed 2 ms or its p100 latency 5 ms" */
	if (bound) {
		char s1[32], s2[32];

		stat_words(s1, sizeof(s1), b->pct);
		stat_words(s2, sizeof(s2), b->pct2);
		if (b->ms2 > 0)
			snprintf(words, sizeof(words), "%s crossed %g ms or its %s %g ms", s1, b->ms, s2, b->ms2);
		else
			snprintf(words, sizeof(words), "%s crossed %g ms", s1, b->ms);
	}
	evidence(k, axis, pre, sizeof(pre), ev, sizeof(ev));
	if (!k->nsteps) {
		snprintf(buf, len, "the %s ladder at %s=%u has no points", kind, other, k->fixed);
		return;
	}
	switch (k->why) {
	case KN_OVER:
		snprintf(buf, len, "no knee in the %s ladder at %s=%u: even its first load, %s=%u, is over the bound (%s %.2f ms, over %g ms)%s",
			 kind, other, k->fixed, axis, k->next_load, st, lat, ms, ev);
		return;
	case KN_LATENCY:
		snprintf(buf, len, "knee of the %s ladder at %s=%u: %s=%u (%s%s=%u took the %s to %.2f ms, over %g ms)%s",
			 kind, other, k->fixed, axis, k->load, pre, axis, k->next_load, st, lat, ms, ev);
		return;
	case KN_FLAT:
		r = rise_pct(k->value, k->next_value);
		if (r >= 0)
			snprintf(buf, len, "knee of the %s ladder at %s=%u: %s=%u (%s%s=%u raised %s by %.1f %%, under the %.1f %% asked of it: %g %% a doubling of the load)%s",
				 kind, other, k->fixed, axis, k->load, pre, axis, k->next_load, metric, r,
				 kn_flat_pct(k->load, k->next_load), KN_FLAT_PCT, ev);
		else
			snprintf(buf, len, "knee of the %s ladder at %s=%u: %s=%u (%s%s=%u lowered %s by %.1f %%)%s",
				 kind, other, k->fixed, axis, k->load, pre, axis, k->next_load, metric, -r, ev);
		return;
	case KN_OPEN:
	default:
		if (bound)
			snprintf(buf, len, "knee of the %s ladder at %s=%u: %s=%u, its %s load (%sthe ladder ended before its %s or %s rose by less than %g %% a doubling of the load)%s",
				 kind, other, k->fixed, axis, k->load, k->nsteps > 1 ? "last" : "only", pre, words,
				 metric, KN_FLAT_PCT, ev);
		else
			snprintf(buf, len, "knee of the %s ladder at %s=%u: %s=%u, its %s load (%sthe ladder ended before %s rose by less than %g %% a doubling of the load)%s",
				 kind, other, k->fixed, axis, k->load, k->nsteps > 1 ? "last" : "only", pre, metric,
				 KN_FLAT_PCT, ev);
		return;
	}
}
