// SPDX-License-Identifier: GPL-2.0-only
/*
 * html_tail.c -- the tail-latency chart (html_tail.h): the lines of
 * html_report.c's ladders (hr_add_ladders) at the mean and three
 * percentiles, on a log latency axis, without error bars.
 */
#include "html_tail.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "html_priv.h"

/* The small points at the lowest large load that has small points. */
static int first_ladder(const struct pt_set *pts, struct pt_set *one, unsigned int *level)
{
	size_t j, m = 0;
	bool any = false;

	for (j = 0; j < pts->n; j++)
		if (pts->pts[j].small.present && (!any || pts->pts[j].l < *level)) {
			*level = pts->pts[j].l;
			any = true;
		}
	*one = *pts;
	one->pts = calloc(pts->n + 1, sizeof(*one->pts));
	one->by_load = calloc(pts->n + 1, sizeof(*one->by_load));
	if (!one->pts || !one->by_load) {
		free(one->pts);
		free(one->by_load);
		return -ENOMEM;
	}
	for (j = 0; j < pts->n; j++) {
		const struct pt_point *pt = &pts->pts[pts->by_load[j]];

		if (pt->small.present && pt->l == *level) {
			one->pts[m] = *pt;
			one->by_load[m] = m;
			m++;
		}
	}
	one->n = m;
	return 0;
}

static size_t ladders(const struct pt_set *pts)
{
	int64_t *lv = NULL;
	size_t n = or_levels(pts, false, true, &lv), i, k, used = 0;

	for (i = 0; lv && i < n; i++)
		for (k = 0; k < pts->n; k++)
			if (pts->pts[k].small.present && pts->pts[k].l == (uint64_t)lv[i]) {
				used++;
				break;
			}
	free(lv);
	return used;
}

static bool any_pct(const struct pt_set *pts)
{
	size_t i;

	for (i = 0; i < pts->n; i++)
		if (pts->pts[i].small.present && isfinite(hr_value(&pts->pts[i], true, V_P99)))
			return true;
	return false;
}

int ht_chart(FILE *f, const struct pt_set *pts, struct svg_axis x, struct svg_axis y,
	     const struct kn_bound *bound)
{
	/* name, value, svg_series.run: mean solid, p50 "9 3 2 3", p99 "6 4", p99.9 "2 3" */
	static const struct {
		const char *name;
		enum hr_val v;
		unsigned int run;
	} lines[] = { { "mean", V_LAT, 0 }, { "p50", V_P50, 3 }, { "p99", V_P99, 1 }, { "p99.9", V_P999, 2 } };
	struct hr_lines L = { 0 };
	struct pt_set one = { 0 };
	const struct pt_set *src = pts;
	struct hr_bound b = hr_bound_parts(bound);
	unsigned int level = 0;
	bool cut = false;
	char cap[1024], unit[64], pname[32], lab[2][64];
	size_t i;

	if (!any_pct(pts))
		return 0;
	if (ladders(pts) > HT_MAX_LADDERS) {
		if (first_ladder(pts, &one, &level))
			return -ENOMEM;
		src = &one;
		cut = true;
	}
	for (i = 0; i < sizeof(lines) / sizeof(lines[0]) && !L.oom; i++)
		hr_add_ladders(&L, src, true, V_LOAD, lines[i].v, false, lines[i].name, NULL,
			       lines[i].run);
	/* A bound on a percentile the chart has no line of (p95, p100): its line too, sparse dots. */
	if (b.pct > 0 && b.pct != 50 && b.pct != 99 && b.pct != 99.9 && !L.oom) {
		snprintf(pname, sizeof(pname), "p%g", b.pct);
		L.pct = b.pct;
		hr_add_ladders(&L, src, true, V_LOAD, V_PCT, false, pname, NULL, 4);
	}
	/* The mean's colours by position; the others' (run != 0) take them by key. */
	for (i = 0; i < L.n; i++) {
		L.s[i].err_lo = L.s[i].err_hi = NULL;
		L.s[i].err_note = NULL;
	}
	snprintf(unit, sizeof(unit), "%s, log scale", y.unit ? y.unit : "");
	y.unit = unit;
	y.log = true;
	y.from_zero = false;
	if (!L.oom) {
		struct svg_chart c = { .id = "lat-tail", .title = "Small I/O: latency percentiles vs load", .x = x, .y = y, .series = L.s, .nseries = L.n };
		int n;

		hr_bound_lines(&c, bound, true, true, lab);
		n = snprintf(cap, sizeof(cap),
			     "The mean latency of the small I/Os (solid) and the 50th (dash-dot), 99th (dashed) and 99.9th (dotted) percentiles, each ladder in one colour, on a log latency axis so the tail and the mean are both readable. "
			     "Percentiles are of lat (submission to completion) where the jobs kept lat's bins or percentiles (fiorion's points set lat_percentiles=1), else of clat; from json+ bins when the input has them. No error bars: the mean's 95 %% intervals are on the chart above.");

		if (b.pct > 0 && n > 0 && (size_t)n < sizeof(cap))
			n += snprintf(cap + n, sizeof(cap) - (size_t)n,
				      " Red dashes: the latency bound (-max_latency %s), the p%g line the one it judges.",
				      bound->text, b.pct);
		else if (b.mean_ms > 0 && n > 0 && (size_t)n < sizeof(cap))
			n += snprintf(cap + n, sizeof(cap) - (size_t)n,
				      " Red dashes: the latency bound (-max_latency %s), on the mean.", bound->text);
		if (cut && n > 0 && (size_t)n < sizeof(cap))
			snprintf(cap + n, sizeof(cap) - (size_t)n,
				 " Only the Large=%u ladder is drawn (the run has more than %d); every point's percentiles are on its histogram below.",
				 level, HT_MAX_LADDERS);
		hr_figure(f, &c, cap);
	}
	cut = L.oom;
	free(one.pts);
	free(one.by_load);
	hr_lines_release(&L);
	return cut ? -ENOMEM : 0;
}
