/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pairs.c -- -stop_at_knee's paired evidence (pairs.h): before a ladder
 * stops at a step judged flat or crossed, the step's two loads are
 * re-measured alternately, A B A B, and the step is decided on what
 * drift cannot fake: each pair's own ratio (or the upper load's latency
 * in each pair), measured moments apart.
 */
#include "pairs.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "interval.h"

void pr_add(struct pr_log *g, unsigned int num, const struct rs_figs *f)
{
	struct pr_meas *m;

	if (!f || !f->ok)
		return;
	if (g->n == g->cap) {
		size_t cap = g->cap ? 2 * g->cap : 64;

		m = realloc(g->m, cap * sizeof(*m));
		if (!m)
			die_run("out of memory");
		g->m = m;
		g->cap = cap;
	}
	g->m[g->n++] = (struct pr_meas){ num, f->iops, f->mbps, { f->lat_ns / 1e6, f->lat_large_ns / 1e6 } };
}

void pr_log_release(struct pr_log *g)
{
	free(g->m);
	memset(g, 0, sizeof(*g));
}

/* The @j-th measurement of point @num in run order, or NULL. */
static const struct pr_meas *nth(const struct pr_log *g, unsigned int num, size_t j)
{
	size_t i;

	for (i = 0; i < g->n; i++)
		if (g->m[i].num == num && !j--)
			return &g->m[i];
	return NULL;
}

/* Mean +- t(n - 1) s / sqrt(n) of @x[0..n) as a figure with its interval (iv_mean()). */
static struct iv_fig across(const double *x, size_t n)
{
	double h, m = iv_mean(x, n, &h);

	return (struct iv_fig){ m, m - h, m + h };
}

/* The pairs' values: each pair's gain (upper / lower load), or the upper load's latency (ms). */
static size_t values(const struct pr_pair *p, const struct pr_log *g, double *x, size_t cap)
{
	size_t j, n = 0;

	for (j = 0; n < cap; j++) {
		const struct pr_meas *a = nth(g, p->from_num, j), *b = nth(g, p->to_num, j);
		double va, vb;

		if (!a || !b)
			break;
		va = p->small ? a->iops : a->mbps;
		vb = p->small ? b->iops : b->mbps;
		if (p->why == KN_LATENCY)
			x[n++] = b->lat_ms[p->small ? 0 : 1];
		else if (va > 0)
			x[n++] = vb / va;
	}
	return n;
}

void pr_judge(struct pr_pair *p, const struct pr_log *g, const struct kn_bound *b)
{
	static const struct iv_fig one = { 1, 1, 1 };
	double x[PR_MAX_PAIRS + 1], thr = 0;
	const char *name = p->small ? "Small" : "Large";
	struct iv_verdict v;
	struct iv_fig f, bound;
	size_t n = values(p, g, x, PR_MAX_PAIRS + 1);
	enum iv_side side;

	p->verdict = PR_OPEN;
	if (n < 3) {
		/* Three values at least: t(0.975, 2) is the first interval worth the word. */
		if (p->npairs >= PR_MAX_PAIRS)
			p->verdict = PR_UNDECIDED;
		snprintf(p->text, sizeof(p->text), "%s=%u and %s=%u re-measured in %u pairs: %zu readings of each, too few to decide",
			 name, p->from, name, p->to, p->npairs, n);
		return;
	}
	f = across(x, n);
	if (p->why == KN_LATENCY) {
		bound = (struct iv_fig){ b->ms, b->ms, b->ms };
		side = iv_differ(&bound, true, &f, true, 1.0, "latency (ms)", &v);
	} else {
		thr = 1 + kn_flat_pct(p->from, p->to) / 100;
		side = iv_differ(&one, true, &f, true, thr, "gain", &v);
	}
	if (side == (p->why == KN_LATENCY ? IV_ABOVE : IV_BELOW))
		p->verdict = PR_STOP;
	else if (side == IV_ABOVE || side == IV_BELOW)
		p->verdict = PR_ON;
	else if (p->npairs >= PR_MAX_PAIRS)
		p->verdict = PR_UNDECIDED;
	snprintf(p->text, sizeof(p->text),
		 "%s ladder at %s=%u: %s=%u and %s=%u re-measured alternately, %u pair%s (%zu readings each): %s %.4g (95 %% interval %.4g-%.4g), %s %.4g%s: %s",
		 p->small ? "small-I/O" : "large-I/O", p->small ? "Large" : "Small", p->fixed, name,
		 p->from, name, p->to, p->npairs, p->npairs == 1 ? "" : "s", n,
		 p->why == KN_LATENCY ? "mean latency (ms) at the upper load" : "gain, upper over lower load,",
		 f.value, f.lo, f.hi,
		 side == IV_ABOVE ? "above" : side == IV_BELOW ? "below"
							       : "holding",
		 p->why == KN_LATENCY ? b->ms : thr, p->why == KN_LATENCY ? " ms, the bound" : " (5 % a doubling)",
		 p->verdict == PR_STOP		      ? (p->why == KN_LATENCY ? "crossed, decided" : "flat, decided")
			 : p->verdict == PR_ON	      ? "not a knee, decided: the ladder goes on"
			 : p->verdict == PR_UNDECIDED ? "undecided at the limit of pairs: the ladder goes on"
						      : "undecided: one more pair");
}

void pr_out_of_budget(struct pr_pair *p, unsigned int budget)
{
	char *at = strstr(p->text, ": undecided: one more pair");

	p->verdict = PR_SPENT;
	if (at)
		*at = '\0';
	snprintf(p->text + strlen(p->text), sizeof(p->text) - strlen(p->text),
		 ": undecided, the run's pairs spent (%u, %d %% of its time): its intervals judge it", budget,
		 PR_BUDGET_PCT);
}

void pr_note_insert(const char *jobs_dir, size_t at, const struct mx_point *ins, size_t n)
{
	char *log = xasprintf("%s/pairs.log", jobs_dir);
	FILE *f = fopen(log, "a");
	size_t k;

	for (k = 0; f && k < n; k++)
		if (fprintf(f, "insert %zu %u %u\n", at + k, ins[k].num, ins[k].pass) < 0)
			break;
	if (!f || k < n || fclose(f))
		die_run("cannot write %s", log);
	free(log);
}

void pr_replay(struct mx_plan *plan, const char *jobs_dir)
{
	char *path = xasprintf("%s/pairs.log", jobs_dir);
	FILE *f = fopen(path, "r");
	unsigned int num, pass;
	size_t at, i;

	while (f && fscanf(f, "insert %zu %u %u\n", &at, &num, &pass) == 3) {
		struct mx_point p;

		for (i = 0; i < plan->n; i++)
			if (plan->pts[i].num == num && plan->pts[i].pass == 1)
				break;
		if (i == plan->n || at > plan->n)
			die_usage("-resume: %s names point %u, which this plan has not", path, num);
		p = plan->pts[i];
		p.pass = pass;
		p.part = true;
		p.ref = false;
		if (mx_insert(plan, at, &p, 1))
			die_run("out of memory");
	}
	if (f)
		fclose(f);
	free(path);
}
