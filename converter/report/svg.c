/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * svg.c -- line charts as inline SVG text (svg.h): the report's
 * drawing, with no knowledge of what the numbers are; heat maps are
 * svg_heat.c's, which uses this file's <svg> opening and intervals' words
 * (svg_priv.h).
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "svg.h"
#include "svg_priv.h"

/* Chart geometry, in SVG user units (the viewBox; the page scales it). */
#define CH_W 720
#define CH_LEFT 72
#define CH_RIGHT 24
#define CH_TOP 34
#define CH_PLOT_H 300
#define CH_BOTTOM 54
#define CH_LEGEND_ROW 18
#define CH_LEGEND_COLS 3
#define CH_MAX_TICKS 32

static const char *const palette[] = {
	"#0072b2",
	"#d55e00",
	"#009e73",
	"#cc79a7",
	"#e69f00",
	"#56b4e9",
	"#6b6b6b",
	"#000000",
};

#define NCOLOURS (sizeof(palette) / sizeof(palette[0]))

/* Series @i's colour and stroke-dasharray ("" = solid): see struct svg_series. */
static void series_style(const struct svg_chart *c, size_t i, const char **col,
			 const char **dash)
{
	static const char *const dashes[] = { "", " stroke-dasharray=\"2 3\"",
					      " stroke-dasharray=\"9 3 2 3\"",
					      " stroke-dasharray=\"1 6\"" };
	static const char *const runs[] = { " stroke-dasharray=\"6 4\"",
					    " stroke-dasharray=\"2 3\"",
					    " stroke-dasharray=\"9 3 2 3\"",
					    " stroke-dasharray=\"1 5\"",
					    " stroke-dasharray=\"12 4\"",
					    " stroke-dasharray=\"6 2 1 2 1 2\"",
					    " stroke-dasharray=\"3 7\"" };
	const struct svg_series *s = &c->series[i];
	size_t k = s->key ? s->key - 1 : i;

	*col = palette[k % NCOLOURS];
	*dash = s->run ? runs[(s->run - 1) % (sizeof(runs) / sizeof(runs[0]))]
		       : dashes[(k / NCOLOURS) % 4];
}

void svg_escape(FILE *f, const char *s)
{
	for (; s && *s; s++) {
		switch (*s) {
		case '&':
			fputs("&amp;", f);
			break;
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '"':
			fputs("&quot;", f);
			break;
		case '\'':
			fputs("&apos;", f);
			break;
		default:
			fputc(*s, f);
			break;
		}
	}
}

/* @v with at most @dec decimals, trailing zeros dropped. */
static void trimmed(char *buf, size_t len, double v, int dec)
{
	char *dot, *e;

	snprintf(buf, len, "%.*f", dec, v);
	dot = strchr(buf, '.');
	if (dot) {
		e = buf + strlen(buf) - 1;
		while (e > dot && *e == '0')
			*e-- = '\0';
		if (e == dot)
			*e = '\0';
	}
	if (!strcmp(buf, "-0"))
		snprintf(buf, len, "0");
}

void svg_num(char *buf, size_t len, double v, bool compact)
{
	double a = fabs(v);

	if (!len)
		return;
	buf[0] = '\0';
	if (!isfinite(v))
		return;
	if (compact && a >= 1e6) {
		size_t n;

		trimmed(buf, len, v / 1e6, 2);
		n = strlen(buf);
		snprintf(buf + n, len - n, "M");
	} else if (compact && a >= 1e4) {
		size_t n;

		trimmed(buf, len, v / 1e3, 1);
		n = strlen(buf);
		snprintf(buf + n, len - n, "k");
	} else if (a >= 1e15 || fabs(v - round(v)) < 1e-9 * (a > 1 ? a : 1)) {
		trimmed(buf, len, round(v), 0);
	} else {
		trimmed(buf, len, v, a >= 100 ? 1 : a >= 10 ? 2
				: a >= 0.01		    ? 3
							    : 6);
	}
}

double svg_step(double range, int target)
{
	double raw, mag, r;

	if (!(range > 0) || !isfinite(range) || target < 1)
		return 1;
	raw = range / target;
	mag = pow(10, floor(log10(raw)));
	r = raw / mag;
	if (r < 1.5)
		return mag;
	if (r < 3.5)
		return 2 * mag;
	if (r < 7.5)
		return 5 * mag;
	return 10 * mag;
}

/* The 1-2-5 values of decade @k: 1, 2, 5 times 10^k. */
static double one_two_five(long i)
{
	static const double m[3] = { 1, 2, 5 };
	long k = i >= 0 ? i / 3 : -((-i + 2) / 3);

	return m[i - 3 * k] * pow(10, (double)k);
}

size_t svg_ticks(double lo, double hi, bool log, double *out, size_t max,
		 double *axis_lo, double *axis_hi)
{
	size_t n = 0;

	if (!isfinite(lo) || !isfinite(hi) || hi < lo) {
		lo = 0;
		hi = 1;
	}
	if (log && lo > 0) {
		double d = log10(hi / lo);

		if (d < 3) {
			long i = (long)floor(log10(lo)) * 3;

			/* from the largest 1-2-5 value <= lo to the smallest >= hi */
			while (one_two_five(i + 1) <= lo * (1 + 1e-12))
				i++;
			*axis_lo = one_two_five(i);
			for (; n < max; i++) {
				out[n++] = one_two_five(i);
				if (out[n - 1] >= hi * (1 - 1e-12))
					break;
			}
		} else {
			long k = (long)floor(log10(lo) + 1e-12);
			long e = (long)ceil(log10(hi) - 1e-12);

			*axis_lo = pow(10, (double)k);
			for (; k <= e && n < max; k++)
				out[n++] = pow(10, (double)k);
		}
		if (n < 2 && n < max)
			out[n++] = out[0] * 10;
		*axis_hi = out[n - 1];
		return n;
	}
	if (hi <= lo)
		hi = lo + (lo != 0 ? fabs(lo) : 1);
	{
		double step = svg_step(hi - lo, 5);
		double a = floor(lo / step + 1e-9) * step;
		double b = ceil(hi / step - 1e-9) * step;
		long i;

		for (i = 0; n < max; i++) {
			double t = a + (double)i * step;

			/* snap to the step's decimals: no 0.30000000000000004 */
			t = round(t / step) * step;
			out[n++] = t;
			if (t >= b - step * 1e-9)
				break;
		}
		*axis_lo = a;
		*axis_hi = out[n - 1];
	}
	return n;
}

/* ------------------------------------------------------------- charts */

struct frame {
	double x0, x1, y0, y1; /* axis ranges */
	bool xlog, ylog;
	double left, top, w, h; /* plot area */
};

static bool usable(double v, bool log)
{
	return isfinite(v) && (!log || v > 0);
}

static double px(const struct frame *fr, double x)
{
	double t = fr->xlog ? (log10(x) - log10(fr->x0)) / (log10(fr->x1) - log10(fr->x0))
			    : (x - fr->x0) / (fr->x1 - fr->x0);

	return fr->left + t * fr->w;
}

static double py(const struct frame *fr, double y)
{
	double t = fr->ylog ? (log10(y) - log10(fr->y0)) / (log10(fr->y1) - log10(fr->y0))
			    : (y - fr->y0) / (fr->y1 - fr->y0);

	return fr->top + fr->h - t * fr->h;
}

static void axis_text(FILE *f, const struct svg_axis *a)
{
	svg_escape(f, a->label);
	if (a->unit && *a->unit) {
		fputs(" (", f);
		svg_escape(f, a->unit);
		fputs(")", f);
	}
}

/* Point @k of @s has an error bar that can be drawn. */
static bool has_err(const struct svg_series *s, size_t k, bool log)
{
	return s->err_lo && s->err_hi && usable(s->err_lo[k], log) && usable(s->err_hi[k], log);
}

/* " (95 % interval LO-HI, NOTE)" or " (no interval)" for a <title>. */
void svg_tip_interval(FILE *f, double lo, double hi, const char *note)
{
	char a[64], b[64];

	if (!isfinite(lo) || !isfinite(hi)) {
		fputs(" (no interval)", f);
		return;
	}
	svg_num(a, sizeof(a), lo, false);
	svg_num(b, sizeof(b), hi, false);
	fprintf(f, " (95 %% interval %s-%s", a, b);
	if (note) {
		fputs(", ", f);
		svg_escape(f, note);
	}
	fputc(')', f);
}

/* What data_range() spans: */
enum span_of {
	SPAN_ALL,   /* the series, bands, marks and bound lines: what the axis shows */
	SPAN_ERR,   /* the error bars alone */
	SPAN_VALUES /* the series' own values (the means), what the bars may stretch */
};

/* The data's range on one axis, over what @what names. */
static bool data_range(const struct svg_chart *c, bool xaxis, enum span_of what, double *lo,
		       double *hi)
{
	bool log = xaxis ? c->x.log : c->y.log, any = false;
	size_t i, k;

	*lo = INFINITY;
	*hi = -INFINITY;
#define TAKE(v) \
	do { \
		if (usable((v), log)) { \
			if ((v) < *lo) \
				*lo = (v); \
			if ((v) > *hi) \
				*hi = (v); \
			any = true; \
		} \
	} while (0)
	for (i = 0; i < c->nseries; i++) {
		const struct svg_series *s = &c->series[i];

		for (k = 0; k < s->n; k++) {
			if (!usable(s->x[k], c->x.log) || !usable(s->y[k], c->y.log))
				continue;
			if (what == SPAN_ERR) {
				if (!xaxis && has_err(s, k, log)) {
					TAKE(s->err_lo[k]);
					TAKE(s->err_hi[k]);
				}
				continue;
			}
			TAKE(xaxis ? s->x[k] : s->y[k]);
			if (what == SPAN_ALL && !xaxis && s->lo && s->hi && usable(s->lo[k], log) &&
			    usable(s->hi[k], log)) {
				TAKE(s->lo[k]);
				TAKE(s->hi[k]);
			}
		}
	}
	if (what != SPAN_ALL)
		return any;
	for (i = 0; i < c->nmarks; i++)
		if (usable(c->marks[i].x, c->x.log) && usable(c->marks[i].y, c->y.log))
			TAKE(xaxis ? c->marks[i].x : c->marks[i].y);
	if (!xaxis && c->hline && any)
		TAKE(c->hline_y);
	if (!xaxis && c->hline2 && any)
		TAKE(c->hline2_y);
#undef TAKE
	return any;
}

/*
 * The value axis' range [*@lo, *@hi] (the values', bands', marks' and
 * bounds') widened for the error bars, by at most SVG_ERR_REACH times
 * the range of the values themselves on each side (from 0 on an axis
 * from zero; log axes: in decades), and never below 0 on an axis from
 * zero: a bar whose interval is 100 times its mean must not flatten
 * every mean at the axis' foot. A bar reaching further is cut at the
 * axis' edge (draw_err()).
 */
static void err_reach(const struct svg_chart *c, double *lo, double *hi)
{
	bool log = c->y.log;
	double elo, ehi, vlo, vhi, a, b, span, min, max;

	if (!data_range(c, false, SPAN_ERR, &elo, &ehi) ||
	    !data_range(c, false, SPAN_VALUES, &vlo, &vhi))
		return;
	if (!log && c->y.from_zero && vlo > 0)
		vlo = 0;
	a = log ? log10(vlo) : vlo;
	b = log ? log10(vhi) : vhi;
	span = b - a;
	if (!(span > 0))
		span = log ? 1 : fabs(b) > 0 ? fabs(b)
					     : 1;
	min = a - SVG_ERR_REACH * span;
	max = b + SVG_ERR_REACH * span;
	if (log) {
		min = pow(10, min);
		max = pow(10, max);
	} else if (c->y.from_zero && vlo >= 0) {
		min = 0;
	}
	if (elo < *lo)
		*lo = elo > min ? elo : min;
	if (ehi > *hi)
		*hi = ehi < max ? ehi : max;
}

static void tip_pair(FILE *f, const struct svg_axis *a, double v)
{
	char num[64];

	svg_num(num, sizeof(num), v, false);
	svg_escape(f, a->label);
	fprintf(f, " %s", num);
	if (a->unit && *a->unit) {
		fputc(' ', f);
		svg_escape(f, a->unit);
	}
}

/* An <svg> element's opening: @cls, optional @id, its size, a <title> and the visible title at x = @left. */
void svg_open_el(FILE *f, const char *cls, const char *id, double w, double h, int font,
		 const char *title, int left)
{
	fprintf(f, "<svg class=\"%s\"%s", cls, id ? " id=\"" : "");
	if (id) {
		svg_escape(f, id);
		fputc('"', f);
	}
	fprintf(f, " viewBox=\"0 0 %.0f %.0f\" width=\"%.0f\" height=\"%.0f\" role=\"img\" font-family=\"sans-serif\" font-size=\"%d\">\n",
		w, h, w, h, font);
	fputs("<title>", f);
	svg_escape(f, title);
	fputs("</title>\n", f);
	fprintf(f, "<text class=\"chart-title\" x=\"%d\" y=\"20\" font-size=\"15\" font-weight=\"bold\">", left);
	svg_escape(f, title);
	fputs("</text>\n", f);
}

/*
 * Point @k's error bar: a vertical bar with a cap at each end, or, where
 * the interval reaches past the axis (err_reach()), cut at its edge and
 * ending in an arrow (data-cut="lo", "hi" or "both"). Returns whether
 * it was cut.
 */
static bool draw_err(FILE *f, const struct frame *fr, const struct svg_series *s, size_t k,
		     const char *col)
{
	double x = px(fr, s->x[k]), lo = py(fr, s->err_lo[k]), hi = py(fr, s->err_hi[k]);
	double bottom = fr->top + fr->h;
	/* half a pixel of slack: an end on the axis' last tick is not cut */
	bool cut_lo = lo > bottom + 0.5, cut_hi = hi < fr->top - 0.5;

	if (cut_lo)
		lo = bottom;
	if (cut_hi)
		hi = fr->top;
	fprintf(f, "<path class=\"err\"%s d=\"M%.1f %.1fV%.1f", cut_lo && cut_hi ? " data-cut=\"both\"" : cut_lo ? " data-cut=\"lo\""
			: cut_hi										 ? " data-cut=\"hi\""
														 : "",
		x, lo, hi);
	if (cut_lo)
		fprintf(f, "M%.1f %.1fl4 6l4 -6", x - 4, lo - 6);
	else
		fprintf(f, "M%.1f %.1fh8", x - 4, lo);
	if (cut_hi)
		fprintf(f, "M%.1f %.1fl4 -6l4 6", x - 4, hi + 6);
	else
		fprintf(f, "M%.1f %.1fh8", x - 4, hi);
	fprintf(f, "\" stroke=\"%s\" stroke-width=\"1.5\" fill=\"none\"/>\n", col);
	return cut_lo || cut_hi;
}

static void draw_series(FILE *f, const struct svg_chart *c, const struct frame *fr,
			size_t i)
{
	const struct svg_series *s = &c->series[i];
	const char *col, *dash;
	size_t k, m = 0;
	bool cut;
	char num[64];

	series_style(c, i, &col, &dash);
	/* The band first, under its line: lo forward, hi backward. */
	if (s->lo && s->hi) {
		size_t nb = 0;

		for (k = 0; k < s->n; k++)
			if (usable(s->x[k], c->x.log) && usable(s->lo[k], c->y.log) &&
			    usable(s->hi[k], c->y.log))
				nb++;
		if (nb >= 2) {
			fprintf(f, "<polygon class=\"band\" fill=\"%s\" fill-opacity=\"0.15\" stroke=\"none\" points=\"",
				col);
			for (k = 0; k < s->n; k++)
				if (usable(s->x[k], c->x.log) && usable(s->lo[k], c->y.log) &&
				    usable(s->hi[k], c->y.log))
					fprintf(f, "%s%.1f,%.1f", m++ ? " " : "", px(fr, s->x[k]),
						py(fr, s->lo[k]));
			for (k = s->n; k-- > 0;)
				if (usable(s->x[k], c->x.log) && usable(s->lo[k], c->y.log) &&
				    usable(s->hi[k], c->y.log))
					fprintf(f, " %.1f,%.1f", px(fr, s->x[k]), py(fr, s->hi[k]));
			fputs("\"/>\n", f);
		}
	}
	fprintf(f, "<g class=\"series\" data-name=\"");
	svg_escape(f, s->name);
	fputs("\">\n", f);
	m = 0;
	for (k = 0; k < s->n; k++)
		if (usable(s->x[k], c->x.log) && usable(s->y[k], c->y.log))
			m++;
	if (m >= 2) {
		fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\"%s points=\"", col,
			dash);
		m = 0;
		for (k = 0; k < s->n; k++)
			if (usable(s->x[k], c->x.log) && usable(s->y[k], c->y.log))
				fprintf(f, "%s%.1f,%.1f", m++ ? " " : "", px(fr, s->x[k]),
					py(fr, s->y[k]));
		fputs("\"/>\n", f);
	}
	for (k = 0; k < s->n; k++) {
		if (!usable(s->x[k], c->x.log) || !usable(s->y[k], c->y.log))
			continue;
		cut = has_err(s, k, c->y.log) ? draw_err(f, fr, s, k, col) : 0;
		fprintf(f, "<circle class=\"pt\" cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\"><title>",
			px(fr, s->x[k]), py(fr, s->y[k]), col);
		svg_escape(f, s->name);
		fputs(": ", f);
		tip_pair(f, &c->x, s->x[k]);
		fputs(", ", f);
		tip_pair(f, &c->y, s->y[k]);
		if (s->err_lo && s->err_hi)
			svg_tip_interval(f, s->err_lo[k], s->err_hi[k], s->err_note ? s->err_note[k] : NULL);
		if (cut)
			fputs(" (the bar cut at the axis' end: an arrow)", f);
		if (s->lo && s->hi && isfinite(s->lo[k]) && isfinite(s->hi[k])) {
			fputs(" (", f);
			svg_escape(f, c->band_name ? c->band_name : "band");
			svg_num(num, sizeof(num), s->lo[k], false);
			fprintf(f, " %s", num);
			svg_num(num, sizeof(num), s->hi[k], false);
			fprintf(f, " .. %s)", num);
		}
		fputs("</title></circle>\n", f);
	}
	fputs("</g>\n", f);
}

/* A bound's dashed line across the plot at @y, labelled at its right end. */
static void draw_bound(FILE *f, const struct svg_chart *c, const struct frame *fr, double v,
		       const char *label)
{
	double y;

	if (!usable(v, c->y.log))
		return;
	y = py(fr, v);
	fprintf(f, "<line class=\"bound\" x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"#b00\" stroke-dasharray=\"4 3\"/>\n",
		CH_LEFT, y, CH_W - CH_RIGHT, y);
	fprintf(f, "<text class=\"bound-label\" x=\"%d\" y=\"%.1f\" text-anchor=\"end\" fill=\"#b00\">",
		CH_W - CH_RIGHT - 4, y - 4);
	svg_escape(f, label);
	fputs("</text>\n", f);
}

static void draw_legend(FILE *f, const struct svg_chart *c, double top)
{
	size_t i, slot = 0;
	double colw = (double)(CH_W - CH_LEFT - CH_RIGHT) / CH_LEGEND_COLS;

	fputs("<g class=\"legend\">\n", f);
	for (i = 0; i < c->nseries + (c->band_name ? 1 : 0) + (c->nmarks ? 1 : 0); i++, slot++) {
		double x = CH_LEFT + (double)(slot % CH_LEGEND_COLS) * colw;
		double y = top + (double)(slot / CH_LEGEND_COLS) * CH_LEGEND_ROW;

		if (i < c->nseries) {
			const char *col, *dash;

			series_style(c, i, &col, &dash);
			fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2\"%s/>",
				x, y - 4, x + 22, y - 4, col, dash);
			fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"/>", x + 11, y - 4, col);
			fprintf(f, "<text class=\"legend-label\" x=\"%.1f\" y=\"%.1f\">", x + 28, y);
			svg_escape(f, c->series[i].name);
		} else if (c->band_name && i == c->nseries) {
			fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"22\" height=\"9\" fill=\"%s\" fill-opacity=\"0.15\"/>",
				x, y - 9, palette[0]);
			fprintf(f, "<text class=\"legend-label\" x=\"%.1f\" y=\"%.1f\">", x + 28, y);
			svg_escape(f, c->band_name);
		} else {
			fprintf(f, "<path d=\"M%.1f %.1fl6 6l-6 6l-6-6z\" fill=\"#fff\" stroke=\"#000\" stroke-width=\"2\"/>",
				x + 11, y - 10);
			fprintf(f, "<text class=\"legend-label\" x=\"%.1f\" y=\"%.1f\">knee", x + 28, y);
		}
		fputs("</text>\n", f);
	}
	fputs("</g>\n", f);
}

static size_t legend_items(const struct svg_chart *c)
{
	return c->nseries + (c->band_name ? 1 : 0) + (c->nmarks ? 1 : 0);
}

/* svg_ticks(), or on an integer axis one tick per whole number when a 1-2-5 step would split them (log: per power of two). */
static size_t axis_ticks(const struct svg_axis *a, double lo, double hi, double *t,
			 double *axis_lo, double *axis_hi)
{
	size_t n, i;

	/* A log integer axis (doubling loads): a tick at each power of two. */
	if (a->log && a->integer && lo >= 1) {
		*axis_lo = exp2(floor(log2(lo) + 1e-9));
		*axis_hi = exp2(ceil(log2(hi) - 1e-9));
		for (n = 0; n < CH_MAX_TICKS && *axis_lo * exp2((double)n) <= *axis_hi; n++)
			t[n] = *axis_lo * exp2((double)n);
		return n;
	}
	n = svg_ticks(lo, hi, a->log, t, CH_MAX_TICKS, axis_lo, axis_hi);
	if (!a->integer || a->log || n < 2 || t[1] - t[0] >= 1)
		return n;
	*axis_lo = floor(*axis_lo);
	*axis_hi = ceil(*axis_hi);
	if (*axis_hi <= *axis_lo)
		*axis_hi = *axis_lo + 1;
	for (n = 0, i = 0; n < CH_MAX_TICKS && *axis_lo + (double)i <= *axis_hi; i++)
		t[n++] = *axis_lo + (double)i;
	return n;
}

void svg_chart(FILE *f, const struct svg_chart *c)
{
	double xt[CH_MAX_TICKS], yt[CH_MAX_TICKS], xlo, xhi, ylo, yhi;
	size_t nxt, nyt, i, rows = (legend_items(c) + CH_LEGEND_COLS - 1) / CH_LEGEND_COLS;
	double height = CH_TOP + CH_PLOT_H + CH_BOTTOM + (double)rows * CH_LEGEND_ROW + 6;
	struct frame fr = { 0 };
	bool any;
	char num[64];

	svg_open_el(f, "chart", c->id, CH_W, height, 12, c->title, CH_LEFT);

	any = data_range(c, true, SPAN_ALL, &xlo, &xhi) && data_range(c, false, SPAN_ALL, &ylo, &yhi);
	if (!any) {
		xlo = c->x.log ? 1 : 0;
		xhi = 10;
		ylo = c->y.log ? 1 : 0;
		yhi = 10;
	}
	if (!c->x.log && c->x.from_zero && xlo > 0)
		xlo = 0;
	if (!c->y.log && c->y.from_zero && ylo > 0)
		ylo = 0;
	if (any)
		err_reach(c, &ylo, &yhi);
	nxt = axis_ticks(&c->x, xlo, xhi, xt, &fr.x0, &fr.x1);
	nyt = axis_ticks(&c->y, ylo, yhi, yt, &fr.y0, &fr.y1);
	fr.xlog = c->x.log;
	fr.ylog = c->y.log;
	fr.left = CH_LEFT;
	fr.top = CH_TOP;
	fr.w = CH_W - CH_LEFT - CH_RIGHT;
	fr.h = CH_PLOT_H;

	/* Grid, ticks and their labels. */
	fputs("<g class=\"axes\" stroke=\"#ddd\" stroke-width=\"1\">\n", f);
	for (i = 0; i < nxt; i++)
		fprintf(f, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\"/>\n", px(&fr, xt[i]),
			CH_TOP, px(&fr, xt[i]), CH_TOP + CH_PLOT_H);
	for (i = 0; i < nyt; i++)
		fprintf(f, "<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\"/>\n", CH_LEFT,
			py(&fr, yt[i]), CH_W - CH_RIGHT, py(&fr, yt[i]));
	fprintf(f, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" stroke=\"#444\"/>\n",
		CH_LEFT, CH_TOP, CH_W - CH_LEFT - CH_RIGHT, CH_PLOT_H);
	fputs("</g>\n<g class=\"ticks\" fill=\"#222\">\n", f);
	for (i = 0; i < nxt; i++) {
		svg_num(num, sizeof(num), xt[i], true);
		fprintf(f, "<text class=\"tick\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>\n",
			px(&fr, xt[i]), CH_TOP + CH_PLOT_H + 16, num);
	}
	for (i = 0; i < nyt; i++) {
		svg_num(num, sizeof(num), yt[i], true);
		fprintf(f, "<text class=\"tick\" x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
			CH_LEFT - 6, py(&fr, yt[i]) + 4, num);
	}
	fputs("</g>\n", f);
	fprintf(f, "<text class=\"axis-label\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">",
		fr.left + fr.w / 2, CH_TOP + CH_PLOT_H + 36);
	axis_text(f, &c->x);
	fprintf(f, "</text>\n<text class=\"axis-label\" x=\"16\" y=\"%.1f\" text-anchor=\"middle\" transform=\"rotate(-90 16 %.1f)\">",
		fr.top + fr.h / 2, fr.top + fr.h / 2);
	axis_text(f, &c->y);
	fputs("</text>\n", f);

	if (!any)
		fprintf(f, "<text class=\"nodata\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">no data</text>\n",
			fr.left + fr.w / 2, fr.top + fr.h / 2);
	if (any && c->hline)
		draw_bound(f, c, &fr, c->hline_y, c->hline_label);
	if (any && c->hline2)
		draw_bound(f, c, &fr, c->hline2_y, c->hline2_label);
	for (i = 0; any && i < c->nseries; i++)
		draw_series(f, c, &fr, i);
	for (i = 0; any && i < c->nmarks; i++) {
		const struct svg_mark *m = &c->marks[i];
		double x, y;

		if (!usable(m->x, c->x.log) || !usable(m->y, c->y.log))
			continue;
		x = px(&fr, m->x);
		y = py(&fr, m->y);
		fprintf(f, "<path class=\"knee\" d=\"M%.1f %.1fl8 8l-8 8l-8-8z\" fill=\"none\" stroke=\"#000\" stroke-width=\"2\"><title>",
			x, y - 8);
		svg_escape(f, m->label);
		fputs(": ", f);
		tip_pair(f, &c->x, m->x);
		fputs(", ", f);
		tip_pair(f, &c->y, m->y);
		fputs("</title></path>\n", f);
		/* Beside the marker when few enough not to overlap; else on hover only. */
		if (c->nmarks > 3)
			continue;
		fprintf(f, "<text class=\"knee-label\" x=\"%.1f\" y=\"%.1f\" font-weight=\"bold\"%s>",
			x + (x > fr.left + fr.w * 0.7 ? -12 : 12), y - 10,
			x > fr.left + fr.w * 0.7 ? " text-anchor=\"end\"" : "");
		svg_escape(f, m->label);
		fputs("</text>\n", f);
	}
	draw_legend(f, c, CH_TOP + CH_PLOT_H + CH_BOTTOM + 8);
	fputs("</svg>\n", f);
}
