// SPDX-License-Identifier: GPL-2.0-only
/*
 * html_drift.c -- the run's drift (issue 43) as a chart of the report
 * (html_priv.h): each round's factor (the median over the points measured
 * more than once of a measurement over its point's mean: parts.c)
 * against the seconds of measuring before the round, a line at 1.0 (no
 * drift), the change from the first round to the last in the title.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "html_priv.h"
#include "limit.h"
#include "points.h"
#include "svg.h"

static const struct svg_axis ax_time = { "Measuring time before the round", "s", false, true, false };
static const struct svg_axis ax_factor = { "Drift factor", "measurement / its point's mean", false,
					   false, false };

/* What the rounds are, for the title and the line's name ("parts 1..4 of 5 points"). */
static void source_words(char *buf, size_t len, const struct pt_drift *d)
{
	if (d->ref)
		snprintf(buf, len, "the reference point (Small=%u, Large=%u) measured %zu times",
			 d->ref_s, d->ref_l, d->n);
	else
		snprintf(buf, len, "%s 1..%zu of %zu points", d->parts ? "parts" : "passes", d->n,
			 d->npoints);
}

int hr_drift_chart(FILE *f, const struct pt_set *pts, const struct lm_step *st)
{
	const struct pt_drift *d = &pts->drift;
	char title[256], who[160], name[200], cap[1400], hl[64], ml[64];
	struct svg_mark mark;
	double *x, *y;
	struct svg_series s = { 0 };
	struct svg_chart c;
	size_t i;

	if (!d->present || !d->n)
		return 0;
	x = calloc(d->n, sizeof(*x));
	y = calloc(d->n, sizeof(*y));
	if (!x || !y) {
		free(x);
		free(y);
		return -ENOMEM;
	}
	for (i = 0; i < d->n; i++) {
		x[i] = d->at[i].t_s;
		y[i] = d->at[i].factor;
	}
	source_words(who, sizeof(who), d);
	snprintf(title, sizeof(title), "Drift over the run: %+.1f %%, from %s", 100 * d->change, who);
	snprintf(name, sizeof(name), "%s", d->ref ? "the reference point" : "median over the points");
	snprintf(hl, sizeof(hl), "1.0: no drift");
	s.name = name;
	s.x = x;
	s.y = y;
	s.n = d->n;
	c = (struct svg_chart){ .id = "drift",
				.title = title,
				.x = ax_time,
				.y = ax_factor,
				.series = &s,
				.nseries = 1,
				.hline = true,
				.hline_y = 1.0,
				.hline_label = hl };
	if (st && st->present) {
		/* The step (lmstep.c): marked where it began, at the rounds' level there. */
		mark.x = st->t_lo;
		mark.y = 1.0;
		for (i = 0; i < d->n; i++)
			if (d->at[i].t_s <= st->t_lo)
				mark.y = d->at[i].factor;
		snprintf(ml, sizeof(ml), "step x%.2f at %.0f s", st->factor, st->t_lo);
		mark.label = ml;
		c.marks = &mark;
		c.nmarks = 1;
	}
	if (d->ref)
		snprintf(cap, sizeof(cap),
			 "The reference point (Small=%u, Large=%u), re-measured over a run of whole points: each of its %zu measurements over their mean, against the seconds of measuring before it. The change in the title is the last over the first, - 1.",
			 d->ref_s, d->ref_l, d->n);
	else
		snprintf(cap, sizeof(cap),
			 "Each %s (%s K of every point, in run order): the median over the %zu points measured more than once of a measurement over its point's mean, against the seconds of measuring before the %s began. The change in the title is the last %s's over the first's, - 1.",
			 d->parts ? "round" : "pass", d->parts ? "part" : "pass", d->npoints,
			 d->parts ? "round" : "pass", d->parts ? "round" : "pass");
	snprintf(cap + strlen(cap), sizeof(cap) - strlen(cap),
		 " One measurement strays %.1f %% (sd, %u df) from its point's mean: every cell's 95 %% interval is at least t x that / sqrt(its measurements). The red line at 1.0: no drift.",
		 100 * d->sd, d->df);
	if (st && st->present)
		snprintf(cap + strlen(cap), sizeof(cap) - strlen(cap),
			 " The diamond: a step in the rate, x%.3f (%.0f to %.0f %s) %s %.1f s of measuring, kept by the measurements after it (the summary's Limit line).",
			 st->factor, st->from, st->to, st->mbps ? "MBPS" : "IOPS",
			 st->t_hi - st->t_lo < 0.05 ? "at" : "from", st->t_lo);
	hr_figure(f, &c, cap);
	free(x);
	free(y);
	return 0;
}
