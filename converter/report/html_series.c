// SPDX-License-Identifier: GPL-2.0-only
/*
 * html_series.c -- IOPS and MiB/s over each point's time (html_series.h),
 * drawn from tslog.h's windows as inline SVG paths (relative line-tos).
 */
#include "html_series.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "svg.h"
#include "tslog.h"

#define W 560
#define PH 110 /* a panel's height */
#define ML 52  /* left margin: the value ticks */
#define MR 10
#define MT 14 /* above a panel: its name */
#define MB 18 /* below a panel: the time ticks */
#define H (2 * (MT + PH + MB) + 14)

/* Total black; hosts in the charts' order of colours. */
static const char *const colours[] = { "#000000", "#0072b2", "#e69f00", "#009e73", "#cc79a7",
				       "#56b4e9", "#d55e00", "#f0e442", "#999999" };

/* Windows k .. k + g - 1 of @v averaged (NaN ones left out), or NaN. */
static double avg(const double *v, size_t n, size_t k, size_t g)
{
	double s = 0;
	size_t i, m = 0;

	for (i = k; i < k + g && i < n; i++)
		if (!isnan(v[i])) {
			s += v[i];
			m++;
		}
	return m ? s / (double)m : NAN;
}

static double top_of(const struct ts_point *t, bool mib)
{
	double top = 0;
	size_t i, k;

	for (i = 0; i < t->nlines; i++)
		for (k = 0; k < t->lines[i].n; k++) {
			double v = mib ? t->lines[i].mibs[k] : t->lines[i].iops[k];

			if (v > top)
				top = v;
		}
	return top;
}

/* One panel at @y0: its name, value ticks, the time axis and each line. */
static void panel(FILE *f, const struct ts_point *t, bool mib, int y0, double secs)
{
	double tk[8], lo, hi, top = top_of(t, mib), xt[12], xlo, xhi;
	size_t nt = svg_ticks(0, top > 0 ? top : 1, false, tk, 8, &lo, &hi), nx, i, k, g;
	size_t n = t->lines[0].n;
	char buf[32];

	nx = svg_ticks(0, secs, false, xt, 12, &xlo, &xhi);
	fprintf(f, "<text x=\"%d\" y=\"%d\" font-weight=\"bold\">%s</text>\n", ML, y0 + MT - 4,
		mib ? "MiB/s" : "IOPS");
	fprintf(f, "<path style=\"stroke:#444;fill:none\" d=\"M%d %dV%dH%d\"/>", ML, y0 + MT, y0 + MT + PH, W - MR);
	/* the ticks' anchors and the x or y they share set once, on their group */
	fprintf(f, "<g text-anchor=\"end\">");
	for (i = 0; i < nt; i++) {
		svg_num(buf, sizeof(buf), tk[i], true);
		fprintf(f, "<text x=\"%d\" y=\"%.0f\">%s</text>", ML - 4, y0 + MT + PH - PH * tk[i] / hi + 3, buf);
	}
	fprintf(f, "</g><g text-anchor=\"middle\">");
	for (i = 0; i < nx; i++) {
		svg_num(buf, sizeof(buf), xt[i], true);
		fprintf(f, "<text x=\"%.0f\" y=\"%d\">%s</text>", ML + (W - ML - MR) * xt[i] / xhi,
			y0 + MT + PH + 12, buf);
	}
	fputs("</g>\n", f);
	/* at most HS_MAX_VERTICES a line and HS_PANEL_VERTICES a panel: windows averaged g at a time */
	g = (n + HS_MAX_VERTICES - 1) / HS_MAX_VERTICES;
	if (g * HS_PANEL_VERTICES < n * t->nlines)
		g = (n * t->nlines + HS_PANEL_VERTICES - 1) / HS_PANEL_VERTICES;
	if (!g)
		g = 1;
	for (i = t->nlines; i-- > 0;) {
		const struct ts_line *l = &t->lines[i];
		const double *v = mib ? l->mibs : l->iops;
		long px = 0, py = 0;
		bool open = false;

		fprintf(f, "<path class=\"ts\" style=\"fill:none;stroke:%s;stroke-width:%s\" d=\"",
			colours[i % (sizeof(colours) / sizeof(colours[0]))], i ? "1.2" : "1.6");
		for (k = 0; k < l->n; k += g) {
			double a = avg(v, l->n, k, g), x;
			long ix, iy;

			if (isnan(a))
				continue;
			/* a window's vertex at its end, as fio stamps it */
			x = ML + (W - ML - MR) * ((double)(k + g > l->n ? l->n : k + g) - 1) * t->window_ms / 1000.0 / xhi;
			/*
			 * Whole pixels, each vertex relative to the one before: a
			 * 209-point matrix of 60 s points on 2 hosts stays under 2 MB.
			 */
			ix = lround(x);
			iy = lround(y0 + MT + PH - PH * a / hi);
			if (open)
				fprintf(f, " %ld,%ld", ix - px, iy - py);
			else
				fprintf(f, "M%ld,%ldl0,0", ix, iy);
			px = ix;
			py = iy;
			open = true;
		}
		fputs("\"><title>", f);
		svg_escape(f, i ? l->name : "total");
		fputs("</title></path>\n", f);
	}
}

/* min, mean and max of the total's windows. */
static size_t stats(const struct ts_line *l, bool mib, double *mn, double *mean, double *mx)
{
	size_t k, m = 0;
	double s = 0;

	*mn = *mx = NAN;
	for (k = 0; k < l->n; k++) {
		double v = mib ? l->mibs[k] : l->iops[k];

		if (isnan(v))
			continue;
		*mn = m && *mn < v ? *mn : v;
		*mx = m && *mx > v ? *mx : v;
		s += v;
		m++;
	}
	*mean = m ? s / (double)m : NAN;
	return m;
}

/*
 * A point whose logs have fewer than 2 windows with a value (a 1 s point
 * of 500 ms windows: fio writes the one that ends at 500 ms, and the one
 * at 1000 ms only when the job still runs when it is due; fiorion's 1 s
 * points log 250 ms windows since issue 42): its line.
 */
static void few(FILE *f, const struct pt_point *pt, const struct ts_point *t, size_t nw,
		const char *iops, const char *mibs)
{
	fprintf(f, "<p class=\"ts-few\">p%03u Small=%u Large=%u: ", pt->number, pt->s, pt->l);
	if (nw)
		fprintf(f, "IOPS %s, MiB/s %s in the one window of %u ms its logs have", iops, mibs,
			t->window_ms);
	else
		fprintf(f, "no window of %u ms in its logs has a value", t->window_ms);
	/* 3 windows' time: the runner's last one may end with the job, unwritten */
	fprintf(f, ": no time series drawn, it needs 2 windows or more (points of %u s or longer have them).</p>\n",
		(3 * t->window_ms + 999) / 1000);
}

static void one(FILE *f, const struct pt_point *pt, const struct ts_point *t)
{
	/* the last window's end: fio stamps a window at its end, window k at k x W */
	double secs = (double)(t->lines[0].n > 1 ? t->lines[0].n - 1 : 1) * t->window_ms / 1000.0, v[6];
	/* the hosts' names under the panels, 4 a row */
	int hh = H + (t->nlines > 1 ? 14 * (int)((t->nlines + 3) / 4) : 0);
	char b[6][32];
	size_t i;

	size_t nw = stats(&t->lines[0], false, &v[0], &v[1], &v[2]);

	stats(&t->lines[0], true, &v[3], &v[4], &v[5]);
	for (i = 0; i < 6; i++)
		svg_num(b[i], sizeof(b[i]), i == 1 || i == 4 ? round(v[i] * 10) / 10 : v[i], false);
	/*
	 * One window is a number, not a line over time: said in words
	 * rather than drawn as a plot with nothing in it.
	 */
	if (nw < 2) {
		few(f, pt, t, nw, b[1], b[4]);
		return;
	}
	fprintf(f, "<details class=\"ts\"><summary>p%03u Small=%u Large=%u: IOPS %s-%s (mean %s), MiB/s %s-%s (mean %s) over %zu windows of %u ms",
		pt->number, pt->s, pt->l, b[0], b[2], b[1], b[3], b[5], b[4], nw, t->window_ms);
	if (t->nlines > 1)
		fprintf(f, "; %zu hosts", t->nlines - 1);
	fprintf(f, "</summary>\n<svg class=\"ts\" viewBox=\"0 0 %d %d\" width=\"%d\" height=\"%d\" font-size=\"10\" role=\"img\"><title>IOPS and MiB/s of p%03u over its time</title>\n",
		W, hh, W, hh, pt->number);
	panel(f, t, false, 0, secs);
	panel(f, t, true, MT + PH + MB, secs);
	fprintf(f, "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">seconds from the point's start</text>\n",
		(ML + W - MR) / 2, H - 2);
	if (t->nlines > 1) {
		for (i = 0; i < t->nlines; i++) {
			fprintf(f, "<text class=\"ts-host\" x=\"%d\" y=\"%d\" fill=\"%s\">", ML + 8 + (int)(i % 4) * 120,
				H + 12 + (int)(i / 4) * 12, colours[i % (sizeof(colours) / sizeof(colours[0]))]);
			svg_escape(f, i ? t->lines[i].name : "total");
			fputs("</text>", f);
		}
	}
	fputs("</svg></details>\n", f);
}

int hs_section(FILE *f, const struct pt_set *pts)
{
	struct ts_dir dir = { 0 };
	size_t i;
	int n = 0, ret;

	fputs("<h2>IOPS and bandwidth over time</h2>\n", f);
	for (i = 0; i < pts->n; i++) {
		struct ts_point t;

		ret = ts_load(&t, pts, &pts->pts[i], &dir);
		if (ret == -ENOENT)
			continue;
		if (ret) {
			ts_dir_release(&dir);
			return ret;
		}
		if (!n)
			fputs("<p class=\"note\">Each point's I/Os per second and MiB per second over its time, every job of the point summed, from fio's IOPS and bandwidth logs beside its JSON (write_iops_log, write_bw_log averaged over log_avg_msec windows; fiorion's points write them with 500 ms windows, 250 ms under 2 s, the JSON's interval samples' own). A -clients run: the total (black) and each host. Open a point to see it.</p>\n",
			      f);
		one(f, &pts->pts[i], &t);
		ts_release(&t);
		n++;
	}
	ts_dir_release(&dir);
	if (!n)
		fputs("<p class=\"note\">No time series: fio's JSON has none, and no IOPS or bandwidth log of these points (write_iops_log, write_bw_log with log_avg_msec, which fiorion's points write beside their JSON) is beside the input.</p>\n",
		      f);
	return n;
}
