/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * html_report.c -- the HTML report of a result set (html_report.h):
 * which charts, from which points, and the run's table; the page it
 * shares with the comparison (html_compare.c) is declared in
 * html_priv.h, the charts' parts are html_chart.c's, the drawing svg.c's.
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "html_point.h"
#include "html_priv.h"
#include "html_report.h"
#include "html_series.h"
#include "html_tail.h"
#include "curve_html.h"
#include "knee.h"
#include "layout.h"
#include "limit.h"
#include "svg.h"
#include "version.h"

/* True when some line has a band value. */
static bool any_band(const struct hr_lines *L)
{
	size_t i, k;

	for (i = 0; i < L->n; i++)
		for (k = 0; L->s[i].lo && k < L->s[i].n; k++)
			if (isfinite(L->s[i].lo[k]) && isfinite(L->s[i].hi[k]))
				return true;
	return false;
}

static void drop_bands(struct hr_lines *L)
{
	size_t i;

	for (i = 0; i < L->n; i++)
		L->s[i].lo = L->s[i].hi = NULL;
}

/* ----------------------------------------------------------- the page */

static const char css[] =
	"body{font-family:sans-serif;color:#222;margin:1.5em auto;max-width:760px;padding:0 1em;line-height:1.35}\n"
	"h1{font-size:1.5em;margin-bottom:.2em}h2{font-size:1.2em;margin-top:1.6em;border-bottom:1px solid #ccc}\n"
	"figure{margin:1.2em 0}figcaption{font-size:.9em;color:#444;margin-top:.3em}\n"
	"svg.chart{display:block;width:100%;max-width:720px;height:auto}\n"
	"svg.heatmap{display:block;max-width:100%;height:auto}\n"
	"table{border-collapse:collapse;font-size:.9em;margin:.6em 0}\n"
	"th,td{border:1px solid #ccc;padding:.2em .5em;text-align:left;vertical-align:top}\n"
	"td.num{text-align:right;font-variant-numeric:tabular-nums}\n"
	"td.better{background:#e3f4e3}td.worse{background:#fbe3e3}td.nointerval{color:#888}\n"
	"tr.geomean th,tr.geomean td{border-top:2px solid #444}\n"
	"pre{background:#f6f6f6;padding:.6em;overflow-x:auto;font-size:.8em}\n"
	"p.note{font-size:.9em;color:#444}code{font-size:.95em}code.cmd span{white-space:nowrap}\n"
	"@media print{@page{size:A4;margin:12mm}\n"
	"body{margin:0;max-width:none;font-size:10pt}\n"
	"figure,table,tr{break-inside:avoid;page-break-inside:avoid}\n"
	"h2{break-after:avoid;page-break-after:avoid}\n"
	"pre{white-space:pre-wrap;font-size:7.5pt;background:none}}\n";

void hr_page_head(FILE *f, const char *title)
{
	hr_page_head_live(f, title, false);
}

void hr_page_head_live(FILE *f, const char *title, bool live)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
	      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n<title>",
	      f);
	svg_escape(f, title);
	/* A run still going: the page reloads itself (the final report has no reload). */
	fputs("</title>\n", f);
	if (live)
		fputs("<meta http-equiv=\"refresh\" content=\"5\"/>\n", f);
	fprintf(f, "<style>\n%s</style>\n</head>\n<body>\n", css);
}

void hr_page_tail(FILE *f)
{
	fputs("<p class=\"note\">Written by fiorion " FIORION_VERSION
	      " from the points' fio JSON. Values on hover; every chart and table is in this one file.</p>\n"
	      "</body>\n</html>\n",
	      f);
}

/* The latency axis in the report's unit. */
static struct svg_axis lat_axis(bool small)
{
	struct svg_axis a = small ? hr_ax_slat : hr_ax_llat;

	if (hr_lat_ns == 1e3)
		a.unit = "\u00b5s";
	return a;
}

bool hr_has_class(const struct pt_set *pts, bool small)
{
	size_t i;

	for (i = 0; i < pts->n; i++)
		if (hr_cls(&pts->pts[i], small)->present)
			return true;
	return false;
}

/* The knees of @p's ladders on one side, as marks at (IOPS or MBPS, mean latency). */
static size_t knee_marks(const struct or_params *p, const struct pt_set *pts, bool small,
			 struct svg_mark *m, char (*labels)[96], size_t max)
{
	size_t i, n = 0, rows = 0;

	/* Every ladder on this side counts: a label says which one it marks. */
	for (i = 0; i < p->nknees; i++)
		if (p->knees[i].small == small)
			rows++;
	for (i = 0; i < p->nknees && n < max; i++) {
		const struct kn_knee *k = &p->knees[i];
		const struct pt_point *pt;

		/* A ladder that ended before crossing or flattening has no knee to mark. */
		if (k->small != small || k->knee < 0 || k->why == KN_OPEN)
			continue;
		pt = small ? pt_find(pts, k->load, k->fixed) : pt_find(pts, k->fixed, k->load);
		if (!pt)
			continue;
		if (rows > 1)
			snprintf(labels[n], sizeof(labels[n]), "knee %s=%u (%s=%u)",
				 small ? "Small" : "Large", k->load, small ? "Large" : "Small",
				 k->fixed);
		else
			snprintf(labels[n], sizeof(labels[n]), "knee %s=%u",
				 small ? "Small" : "Large", k->load);
		m[n].x = hr_value(pt, small, small ? V_IOPS : V_MBPS);
		m[n].y = hr_value(pt, small, V_LAT);
		m[n].label = labels[n];
		n++;
	}
	return n;
}

#define MAX_MARKS 64

/* Every chart's caption ends with what its bars are. */
#define BARS " Bars: the 95 % interval of each point's y value, where it has one (in the marker's title with its kind, or 'no interval')."

/* Latency against throughput, the knees marked: the curve a review is decided on. */
static int tradeoff_chart(FILE *f, const struct or_params *p, const struct pt_set *pts,
			  bool small)
{
	struct hr_lines L = { 0 };
	struct svg_mark marks[MAX_MARKS];
	char labels[MAX_MARKS][96], bound[2][64], cap[768], pname[32];
	struct hr_bound b = hr_bound_parts(&p->bound);
	struct svg_chart c = {
		.id = small ? "lat-iops" : "lat-mbps",
		.title = small ? "Small I/O: latency vs IOPS" : "Large I/O: latency vs MBPS",
		.x = small ? hr_ax_iops : hr_ax_mbps,
		.y = lat_axis(small),
	};

	hr_add_ladders(&L, pts, small, small ? V_IOPS : V_MBPS, V_LAT, false, NULL,
		       small ? "Small I/O" : "Large I/O", false);
	/*
	 * A percentile bound: that percentile's lines too (dashed, each in
	 * its ladder's colour), so the bound's line has what it bounds.
	 */
	if (b.pct > 0) {
		size_t i, n = L.n;

		snprintf(pname, sizeof(pname), "p%g", b.pct);
		L.pct = b.pct;
		hr_add_ladders(&L, pts, small, small ? V_IOPS : V_MBPS, V_PCT, false, pname, NULL, 1);
		for (i = n; i < L.n; i++)
			L.s[i].err_lo = L.s[i].err_hi = NULL;
	}
	if (L.oom) {
		hr_lines_release(&L);
		return -ENOMEM;
	}
	c.series = L.s;
	c.nseries = L.n;
	c.nmarks = knee_marks(p, pts, small, marks, labels, MAX_MARKS);
	c.marks = marks;
	hr_bound_lines(&c, &p->bound, true, true, bound);
	if (p->bound.set) {
		char words[128];

		kn_bound_words(words, sizeof(words), &p->bound);
		snprintf(cap, sizeof(cap),
			 "Mean latency against %s at each point. Knees (diamonds): the last load before the next one is over the bound (%s; red dashes) or its %s rises by less than 5 %% per doubling of the load; a ladder that ended before either has none.",
			 small ? "IOPS" : "MBPS", words, small ? "IOPS" : "MBPS");
		if (b.pct > 0)
			snprintf(cap + strlen(cap), sizeof(cap) - strlen(cap),
				 " Dashed: the p%g latency the bound is on (no bars), beside its %g ms line.",
				 b.pct, b.pct_ms);
	} else if (p->nknees)
		snprintf(cap, sizeof(cap),
			 "Mean latency against %s at each point. Knees (diamonds): where the ladder stopped (-stop_at_knee): the next load raised %s by less than 5 %% per doubling of the load.",
			 small ? "IOPS" : "MBPS", small ? "IOPS" : "MBPS");
	else
		snprintf(cap, sizeof(cap),
			 "Mean latency against %s at each point, one line per %s load. No latency bound was given (-max_latency), so no knee is marked.",
			 small ? "IOPS" : "MBPS", small ? "large" : "small");
	strncat(cap, BARS, sizeof(cap) - strlen(cap) - 1);
	hr_figure(f, &c, cap);
	hr_lines_release(&L);
	return 0;
}

/*
 * The first limit of @f on one side (limit.h) as a dashed line across the
 * load chart @c, named in @label; its words after the caption @cap.
 */
static void limit_line(struct svg_chart *c, const struct lm_found *f, bool small, char *label,
		       size_t len, char *cap, size_t clen)
{
	const struct lm_limit *l = NULL;
	size_t i;

	for (i = 0; i < f->n && !l; i++)
		if (f->limits[i].small == small)
			l = &f->limits[i];
	if (!l)
		return;
	snprintf(label, len, "%s at %.*f %s from %s=%u (%s=%u)",
		 l->kind == LM_CAP ? "capped" : l->kind == LM_SATURATED ? "saturated"
									: "limited",
		 small ? 0 : 2,
		 l->value, small ? "IOPS" : "MBPS", small ? "Small" : "Large", l->from, small ? "Large" : "Small",
		 l->fixed);
	c->hline = true;
	c->hline_y = l->value;
	c->hline_label = label;
	snprintf(cap + strlen(cap), clen - strlen(cap),
		 " The red dashes: the ladder's throughput limit, %s (the summary's Limit line has its evidence: docs/limits.md).",
		 label);
}

/* The line charts of one result set. */
static int charts(FILE *f, const struct or_params *p, const struct pt_set *pts)
{
	struct hr_lines L = { 0 };
	struct svg_chart c;
	bool small = hr_has_class(pts, true), large = hr_has_class(pts, false);
	struct svg_axis sx = hr_ax_sload, lx = hr_ax_lload;
	char label[160], cap[768];
	struct lm_found found;
	int ret = lm_find(pts, &found);

	/* A doubling ladder: its load axis log2, a tick per power of two. */
	sx.log = hp_doubling(pts, true);
	lx.log = hp_doubling(pts, false);
	if (sx.log)
		sx.unit = "outstanding I/Os, log₂ scale";
	if (lx.log)
		lx.unit = "outstanding I/Os, log₂ scale";

	if (small) {
		memset(&c, 0, sizeof(c));
		hr_add_ladders(&L, pts, true, V_LOAD, V_IOPS, false, NULL, "Small I/O", false);
		c = (struct svg_chart){ .id = "iops-load", .title = "Small I/O: IOPS vs load", .x = sx, .y = hr_ax_iops, .series = L.s, .nseries = L.n };
		snprintf(cap, sizeof(cap), "Small random I/Os per second at each small load, one line per large load running beside them.");
		limit_line(&c, &found, true, label, sizeof(label), cap, sizeof(cap));
		strncat(cap, BARS, sizeof(cap) - strlen(cap) - 1);
		if (!L.oom)
			hr_figure(f, &c, cap);
		ret = L.oom ? -ENOMEM : 0;
		hr_lines_release(&L);

		hr_add_ladders(&L, pts, true, V_LOAD, V_LAT, true, NULL, "Small I/O", false);
		c = (struct svg_chart){ .id = "lat-load", .title = "Small I/O: latency vs load", .x = sx, .y = lat_axis(true), .series = L.s, .nseries = L.n };
		if (!ret && !L.oom) {
			if (any_band(&L))
				c.band_name = "p50..p99";
			else
				drop_bands(&L);
			hr_figure(f, &c, c.band_name ? "Mean latency of the small I/Os (submission to completion); the shaded band spans the 50th to the 99th percentile fio reports, which is completion latency (clat) unless the jobs set lat_percentiles=1." BARS : "Mean latency of the small I/Os (submission to completion); the input has no percentiles for a p50..p99 band." BARS);
		}
		ret = ret ? ret : L.oom ? -ENOMEM
					: 0;
		hr_lines_release(&L);
		if (!ret)
			ret = ht_chart(f, pts, sx, lat_axis(true), &p->bound);
	}
	if (!ret && large) {
		hr_add_ladders(&L, pts, false, V_LOAD, V_MBPS, false, NULL, "Large I/O", false);
		c = (struct svg_chart){ .id = "mbps-load", .title = "Large I/O: MBPS vs load", .x = lx, .y = hr_ax_mbps, .series = L.s, .nseries = L.n };
		snprintf(cap, sizeof(cap), "Large I/O throughput (MiB per second) at each large load, one line per small load running beside it.");
		limit_line(&c, &found, false, label, sizeof(label), cap, sizeof(cap));
		strncat(cap, BARS, sizeof(cap) - strlen(cap) - 1);
		if (!L.oom)
			hr_figure(f, &c, cap);
		ret = L.oom ? -ENOMEM : 0;
		hr_lines_release(&L);
	}
	if (!ret && small)
		ret = tradeoff_chart(f, p, pts, true);
	if (!ret && large)
		ret = tradeoff_chart(f, p, pts, false);
	if (!ret && pts->drift.present)
		ret = hr_drift_chart(f, pts, &found.step);
	lm_found_release(&found);
	return ret;
}

/* The points form a matrix: two loads or more (not counting 0) on each axis, and a point with both. */
static bool is_matrix(const struct pt_set *pts)
{
	int64_t *s = NULL, *l = NULL;
	size_t ns = or_levels(pts, true, false, &s), nl = or_levels(pts, false, false, &l), i;
	bool both = false;

	for (i = 0; i < pts->n; i++)
		if (pts->pts[i].s && pts->pts[i].l)
			both = true;
	free(s);
	free(l);
	return both && ns >= 2 && nl >= 2;
}

/*
 * Small IOPS over small loads (no Small=0 column: no small I/O there) by
 * large loads (0 included), and large MBPS over small loads (0 included)
 * by large loads (no Large=0 row).
 */
static int heatmaps(FILE *f, const struct pt_set *pts)
{
	int side, ret = 0;

	fputs("<h2>The matrix</h2>\n", f);
	for (side = 0; side < 2 && !ret; side++) {
		int64_t *s = NULL, *l = NULL;
		size_t ns = or_levels(pts, true, side, &s), nl = or_levels(pts, false, !side, &l), i, k;
		double *xs = calloc(ns + 1, sizeof(*xs)), *ys = calloc(nl + 1, sizeof(*ys));
		double *v = calloc(3 * ns * nl + 1, sizeof(*v));
		const char **note = calloc(ns * nl + 1, sizeof(*note));
		struct svg_heat h = {
			.id = side ? "heat-mbps" : "heat-iops",
			.title = side ? "Large MBPS at each point of the matrix"
				      : "Small IOPS at each point of the matrix",
			.xlabel = "Small",
			.ylabel = "Large",
			.unit = side ? "MBPS" : "IOPS",
			.xs = xs,
			.ys = ys,
			.nx = ns,
			.ny = nl,
			.v = v,
			.lo = v + ns * nl,
			.hi = v + 2 * ns * nl,
			.note = note,
		};

		if (!s || !l || !xs || !ys || !v || !note) {
			ret = -ENOMEM;
			goto next;
		}
		for (i = 0; i < ns; i++)
			xs[i] = (double)s[i];
		for (i = 0; i < nl; i++)
			ys[i] = (double)l[i];
		for (i = 0; i < nl; i++)
			for (k = 0; k < ns; k++) {
				const struct pt_point *pt = pt_find(pts, (unsigned int)s[k], (unsigned int)l[i]);

				size_t j = i * ns + k;
				double *lo = v + ns * nl + j, *hi = v + 2 * ns * nl + j;

				v[j] = *lo = *hi = NAN;
				if (!pt || !hr_cls(pt, !side)->present)
					continue;
				v[j] = hr_value(pt, !side, side ? V_MBPS : V_IOPS);
				if (hr_interval(pt, !side, side ? V_MBPS : V_IOPS, lo, hi))
					note[j] = hr_iv_name(hr_cls(pt, !side)->iv);
			}
		fputs("<figure>\n", f);
		svg_heatmap(f, &h);
		fputs("<figcaption>Columns: small load; rows: large load. Darker is more; a grey cell has no such I/O at that point.</figcaption>\n</figure>\n",
		      f);
next:
		free(s);
		free(l);
		free(xs);
		free(ys);
		free(v);
		free(note);
	}
	return ret;
}

/* Client/server runs: each host's own line beside the totals. */
static int host_charts(FILE *f, const struct or_params *p, const struct pt_set *pts)
{
	int side, ret = 0;

	fputs("<h2>Hosts</h2>\n", f);
	for (side = 0; side < 2 && !ret; side++) {
		bool small = !side;
		struct hr_lines L = { 0 };
		struct pt_set one;
		char title[128], cap[256];
		int64_t *lv = NULL;
		size_t nlv, h, k;
		struct svg_chart c;

		if (!hr_has_class(pts, small))
			continue;
		nlv = or_levels(pts, !small, true, &lv);
		if (!lv)
			return -ENOMEM;
		/* The first ladder with points: the other load's lowest level. */
		for (k = 0; k < nlv; k++) {
			size_t j;
			bool any = false;

			for (j = 0; j < pts->n; j++)
				if (hr_cls(&pts->pts[j], small)->present &&
				    (small ? pts->pts[j].l : pts->pts[j].s) == (uint64_t)lv[k])
					any = true;
			if (any)
				break;
		}
		snprintf(title, sizeof(title), "%s per host (%s=%lld)",
			 small ? "Small IOPS" : "Large MBPS", small ? "Large" : "Small",
			 (long long)(k < nlv ? lv[k] : 0));
		snprintf(cap, sizeof(cap),
			 "Each host's own %s at each load of the %s=%lld ladder, and the total over the hosts.",
			 small ? "IOPS" : "MBPS", small ? "Large" : "Small",
			 (long long)(k < nlv ? lv[k] : 0));
		/* One ladder: the points of the set at that level only. */
		for (h = 0; h <= p->run->nhosts && !L.oom; h++) {
			const struct pt_set *src = h ? &p->host_pts[h - 1] : pts;
			size_t j, m = 0;

			one = *src;
			one.pts = calloc(src->n + 1, sizeof(*one.pts));
			one.by_load = calloc(src->n + 1, sizeof(*one.by_load));
			if (!one.pts || !one.by_load) {
				L.oom = true;
			} else {
				for (j = 0; j < src->n; j++) {
					const struct pt_point *pt = &src->pts[src->by_load[j]];

					if (k < nlv && (small ? pt->l : pt->s) == (uint64_t)lv[k]) {
						one.pts[m] = *pt;
						one.by_load[m] = m;
						m++;
					}
				}
				one.n = m;
				hr_add_ladders(&L, &one, small, V_LOAD, small ? V_IOPS : V_MBPS, false,
					       h ? p->run->hosts[h - 1].name : "total", NULL, h == 0 ? 1 : 0);
			}
			free(one.pts);
			free(one.by_load);
		}
		free(lv);
		c = (struct svg_chart){ .id = small ? "hosts-iops" : "hosts-mbps", .title = title, .x = small ? hr_ax_sload : hr_ax_lload, .y = small ? hr_ax_iops : hr_ax_mbps, .series = L.s, .nseries = L.n };
		if (!L.oom)
			hr_figure(f, &c, cap);
		ret = L.oom ? -ENOMEM : 0;
		hr_lines_release(&L);
	}
	return ret;
}

int hr_report(FILE *f, const struct or_params *p, const struct pt_set *pts,
	      enum or_compat c, struct fr_err *err)
{
	char title[512];
	int ret;

	hr_lat_ns = or_layout(c)->usecs ? 1e3 : 1e6;
	snprintf(title, sizeof(title), "fiorion report: %s", p->run->testname);
	hr_page_head_live(f, title, p->live);
	fputs("<h1>", f);
	svg_escape(f, title);
	fputs("</h1>\n<p class=\"note\">", f);
	/* A curve's points are open-loop ones, not ORION's data points: counted apart. */
	if (p->curve && p->curve->n && pts->n)
		fprintf(f, "%zu data points and %zu open-loop curve points", pts->n, p->curve->n);
	else if (p->curve && p->curve->n)
		fprintf(f, "%zu open-loop curve points", p->curve->n);
	else
		fprintf(f, "%zu data points", pts->n);
	if (p->run->nhosts)
		fprintf(f, " on %zu hosts (loads per host, IOPS and MBPS totals over the hosts)", p->run->nhosts);
	fputs(". Small I/Os are random; IOPS = I/Os per second, MBPS = MiB per second, latency = fio's lat (submission to completion).</p>\n",
	      f);
	fputs("<h2>Charts</h2>\n", f);
	ret = charts(f, p, pts);
	if (!ret && p->curve && p->curve->n)
		ret = cv_html(f, p->curve, pts, or_layout(c)->usecs);
	if (!ret && is_matrix(pts))
		ret = heatmaps(f, pts);
	if (!ret && p->run->nhosts)
		ret = host_charts(f, p, pts);
	if (!ret)
		hp_histograms(f, pts, or_layout(c)->usecs);
	if (!ret && hs_section(f, pts) < 0)
		ret = -ENOMEM;
	if (!ret)
		ret = hr_run_table(f, p, pts, c);
	if (!ret)
		ret = hr_summary_pre(f, p, pts, c);
	hr_page_tail(f);
	hr_lat_ns = 1e6;
	return ret ? fr_errf(err, ret, "out of memory") : 0;
}
