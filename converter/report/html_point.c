// SPDX-License-Identifier: GPL-2.0-only
/*
 * html_point.c -- each point's latency histogram (html_point.h): fio's
 * json+ bins folded into half-octave buckets on a log axis, the mean and
 * p50/p99/p99.9 (from the same bins, pt_percentile()) as vertical lines.
 * Compact markup: the bars one <path>, so a 209-point matrix stays far
 * under 2 MB.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fjbins.h"
#include "html_point.h"
#include "infer.h"
#include "svg.h"

#define W 480
#define H 150
#define ML 8  /* left margin */
#define MR 8  /* right margin */
#define MT 8  /* top margin */
#define MB 34 /* bottom margin: ticks and the axis label */

double hp_edge(int k)
{
	return pow(2.0, k / 2.0);
}

static int bucket_of(double ns)
{
	return ns < 1 ? 0 : (int)floor(2.0 * log2(ns) + 1e-9);
}

bool hp_fold(const struct fj_lat *l, struct hp_hist *h)
{
	struct fjh_it it;
	struct fj_bin b;
	int lo = -1, hi = -1;

	memset(h, 0, sizeof(*h));
	if (!l->nbins)
		return false;
	for (fjh_begin(&it, l); fjh_next(&it, &b);)
		if (b.count) {
			int k = bucket_of(b.ns);

			if (lo < 0 || k < lo)
				lo = k;
			if (k > hi)
				hi = k;
		}
	if (lo < 0)
		return false;
	/* A span wider than the buckets (never from fio: 1 ns .. 2^64 ns is 128) keeps the top. */
	if (hi - lo + 1 > HP_MAX_BUCKETS)
		lo = hi - HP_MAX_BUCKETS + 1;
	h->k0 = lo;
	h->n = (size_t)(hi - lo + 1);
	for (fjh_begin(&it, l); fjh_next(&it, &b);) {
		int k = bucket_of(b.ns);

		if (k < lo)
			k = lo;
		h->count[k - lo] += b.count;
		h->total += b.count;
	}
	return true;
}

/* x of @ns on the histogram's log axis. */
static double xpos(const struct hp_hist *h, double ns)
{
	double a = h->k0, b = h->k0 + (double)h->n, k = 2.0 * log2(ns > 1 ? ns : 1);

	if (k < a)
		k = a;
	if (k > b)
		k = b;
	return ML + (W - ML - MR) * (k - a) / (b - a);
}

/* Ticks at 1-2-5 times powers of ten of the unit inside the axis. */
static void ticks(FILE *f, const struct hp_hist *h, double unit, const char *uname)
{
	double lo = hp_edge(h->k0) / unit, hi = hp_edge(h->k0 + (int)h->n) / unit, d;
	static const double m[] = { 1, 2, 5 };
	int e;
	size_t i;
	char buf[32];

	for (e = (int)floor(log10(lo)); e <= (int)ceil(log10(hi)); e++)
		for (i = 0; i < 3; i++) {
			d = m[i] * pow(10.0, e);
			if (d < lo || d > hi || (h->n > 16 && m[i] == 2))
				continue;
			svg_num(buf, sizeof(buf), d, true);
			fprintf(f, "<text x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>",
				xpos(h, d * unit), H - MB + 13, buf);
		}
	fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">", W / 2, H - 4);
	svg_escape(f, uname);
	fputs("</text>\n", f);
}

/* The mean and the percentiles as vertical lines, each with a <title>. */
static void marks(FILE *f, const struct fj_lat *l, const struct hp_hist *h, double unit,
		  const char *uname)
{
	static const struct {
		const char *name, *style;
		double p;
	} m[] = {
		{ "mean", "stroke:#000", -1 },
		{ "p50", "stroke:#1f77b4;stroke-dasharray:4 2", 50 },
		{ "p99", "stroke:#d62728;stroke-dasharray:4 2", 99 },
		{ "p99.9", "stroke:#9467bd;stroke-dasharray:1 2", 99.9 },
	};
	size_t i;
	char buf[32];

	for (i = 0; i < sizeof(m) / sizeof(m[0]); i++) {
		double ns = m[i].p < 0 ? l->mean : pt_percentile(l, m[i].p);
		double x;

		if (!(ns > 0))
			continue;
		x = xpos(h, ns);
		svg_num(buf, sizeof(buf), ns / unit, false);
		fprintf(f, "<line class=\"%s\" x1=\"%.1f\" x2=\"%.1f\" y1=\"%d\" y2=\"%d\" style=\"%s\"><title>%s %s ",
			i ? "pct" : "mean", x, x, MT, H - MB, m[i].style, m[i].name, buf);
		svg_escape(f, uname);
		fputs("</title></line>", f);
	}
	fputc('\n', f);
}

/* One class's histogram in a <details>. */
static void one(FILE *f, const struct pt_point *pt, bool small, const struct hp_hist *h,
		bool usecs)
{
	const struct fj_lat *l = &(small ? &pt->small : &pt->large)->lat[PT_ALL];
	const char *what = l->bins_from_clat ? "clat" : "lat";
	const char *uname = usecs ? "\u00b5s" : "ms";
	double unit = usecs ? 1e3 : 1e6, top = 0, bw = (double)(W - ML - MR) / (double)h->n;
	char p50[32], p99[32], p999[32], mean[32];
	size_t i;

	for (i = 0; i < h->n; i++)
		if (h->count[i] > top)
			top = (double)h->count[i];
	svg_num(mean, sizeof(mean), l->mean / unit, false);
	svg_num(p50, sizeof(p50), pt_percentile(l, 50) / unit, false);
	svg_num(p99, sizeof(p99), pt_percentile(l, 99) / unit, false);
	svg_num(p999, sizeof(p999), pt_percentile(l, 99.9) / unit, false);
	fprintf(f, "<details class=\"hist\"><summary>p%03u Small=%u Large=%u, %s I/O: %s (%s) mean %s, p50 %s, p99 %s, p99.9 %s; %llu I/Os</summary>\n",
		pt->number, pt->s, pt->l, small ? "small" : "large", what, uname, mean, p50, p99,
		p999, (unsigned long long)h->total);
	fprintf(f, "<svg class=\"hist\" viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" font-size=\"10\" role=\"img\"><title>%s histogram of p%03u %s I/O</title>\n",
		W, H, W, H, what, pt->number, small ? "small" : "large");
	fputs("<path class=\"bars\" style=\"fill:#9ecae1;stroke:#3182bd;stroke-width:.5\" d=\"", f);
	for (i = 0; i < h->n; i++) {
		double y;

		if (!h->count[i])
			continue;
		y = (H - MB) - (H - MB - MT) * (double)h->count[i] / top;
		fprintf(f, "M%.1f %dV%.1fh%.1fV%dZ", ML + bw * (double)i, H - MB, y, bw, H - MB);
	}
	fprintf(f, "\"/>\n<line x1=\"%d\" x2=\"%d\" y1=\"%d\" y2=\"%d\" style=\"stroke:#444\"/>", ML,
		W - MR, H - MB, H - MB);
	marks(f, l, h, unit, uname);
	ticks(f, h, unit, uname);
	fputs("</svg></details>\n", f);
}

size_t hp_histograms(FILE *f, const struct pt_set *pts, bool usecs)
{
	struct hp_hist h;
	size_t i, n = 0;
	int side;

	fputs("<h2>Latency histograms</h2>\n<p class=\"note\">Each point's I/Os by latency from fio's json+ bins, in half-octave buckets on a log axis: lat (submission to completion) where the jobs kept lat bins, else clat (labelled). Lines: the mean (solid), p50, p99 and p99.9 (dashed, from the same bins). Open a point to see it.</p>\n",
	      f);
	for (i = 0; i < pts->n; i++)
		for (side = 0; side < 2; side++) {
			const struct pt_point *pt = &pts->pts[i];
			const struct pt_class *c = side ? &pt->large : &pt->small;

			if (!c->present || !hp_fold(&c->lat[PT_ALL], &h))
				continue;
			one(f, pt, !side, &h, usecs);
			n++;
		}
	if (!n)
		fputs("<p class=\"note\">The input has no latency bins (fio's --output-format=json+ writes them), so no histogram.</p>\n",
		      f);
	return n;
}

bool hp_doubling(const struct pt_set *pts, bool small)
{
	int64_t *lv = NULL;
	size_t n = or_levels(pts, small, false, &lv), i, steps = 0;
	bool dbl = lv != NULL;

	for (i = 1; dbl && i < n; i++)
		if (lv[i] == 2 * lv[i - 1])
			steps++;
		else if (!(i == n - 1 && lv[i] < 2 * lv[i - 1]))
			dbl = false;
	free(lv);
	/* at least two doublings (1 2 4), a capped last level not counted */
	return dbl && steps >= 2;
}

void hp_steady_text(char *buf, size_t len, const struct pt_set *pts)
{
	size_t i, with = 0, got = 0, used, listed = 0;
	const struct pt_ss *first = NULL;

	for (i = 0; i < pts->n; i++)
		if (pts->pts[i].ss.present) {
			with++;
			got += pts->pts[i].ss.attained;
			if (!first)
				first = &pts->pts[i].ss;
		}
	if (!first) {
		snprintf(buf, len, "not checked (no job set fio's steadystate)");
		return;
	}
	used = (size_t)snprintf(buf, len, "attained at %zu of %zu points checked (%zu points in all; %s over %u s)",
				got, with, pts->n, first->setting[0] ? first->setting : "criterion not recorded",
				first->window_s);
	for (i = 0; i < pts->n && used < len; i++) {
		const struct pt_point *pt = &pts->pts[i];

		if (!pt->ss.present || pt->ss.attained)
			continue;
		if (listed == 8) {
			used += (size_t)snprintf(buf + used, len - used, ", ...");
			break;
		}
		used += (size_t)snprintf(buf + used, len - used, "%s p%03u", listed ? "," : "; not at",
					 pt->number);
		listed++;
	}
}
