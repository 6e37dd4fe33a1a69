/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * svg.h -- draw charts as inline SVG text: line charts (axes with units
 * and 1-2-5 ticks, series as polyline + markers, a legend, an optional
 * band and marked points) and heat maps. Knows nothing of ORION or fio.
 *
 * Every marker and heat map cell carries an SVG <title> with its values
 * (shown on hover). All text is escaped for XML. A point whose x or y is
 * not finite (or not positive on a log axis) is left out, so NaN or inf
 * is never printed. The same input gives the same bytes. The output has
 * no xmlns and no external reference: it is meant to sit inside HTML.
 */
#ifndef FIORION_SVG_H
#define FIORION_SVG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Write @s with & < > " ' escaped (NULL writes nothing). */
void svg_escape(FILE *f, const char *s);

/*
 * A readable number: integers as such (thousands as "12k", "1.5M" when
 * @compact), else up to 3 significant decimals; "" for NaN/inf.
 */
void svg_num(char *buf, size_t len, double v, bool compact);

/* The 1-2-5 step nearest to @range / @target (a power of ten times 1, 2 or 5). */
double svg_step(double range, int target);

/*
 * Ticks of an axis over [@lo, @hi] (@lo <= @hi): at most @max values in
 * @out, multiples of a 1-2-5 step (linear), or powers of ten with 2 and 5
 * between them when the range spans under three decades (@log, @lo > 0).
 * *@axis_lo and *@axis_hi get the axis' ends (the outer ticks). Returns
 * how many.
 */
size_t svg_ticks(double lo, double hi, bool log, double *out, size_t max,
		 double *axis_lo, double *axis_hi);

struct svg_axis {
	const char *label; /* "Small load" */
	const char *unit;  /* "outstanding I/Os", or NULL */
	bool log;	   /* log scale; with @integer (loads): log2, a tick per power of two */
	bool from_zero;	   /* a linear axis starts at 0 (when the data are >= 0) */
	bool integer;	   /* whole numbers only (loads): no tick between them */
};

/*
 * How far error bars may stretch a chart's value axis past the range of
 * its series' values (the means, from 0 on an axis from zero; bands,
 * marks and bound lines widen the axis on their own), in that range, on
 * each side: 2. On an axis from zero (the report's IOPS, MBPS and
 * latency axes) the bars take it to at most 3 times the largest value,
 * so the values fill at least a third of its height.
 */
#define SVG_ERR_REACH 2.0

struct svg_series {
	const char *name;
	const double *x, *y; /* @n points */
	size_t n;
	const double *lo, *hi; /* a band under the line (e.g. p50..p99), or NULL */
	/*
	 * run: 0, or a comparison's run k + 1 (k >= 1; 1 is B): its own dash
	 * style for every line (B "6 4", C "2 3", D "9 3 2 3", E "1 5",
	 * F "12 4", G "6 2 1 2 1 2", H "3 7"; up to 8 runs); else the line is
	 * solid for its first 8 colours, then dotted, dash-dotted,
	 * long-dotted (32 styles). @key: 0 = by position in the chart; k + 1
	 * = the colour of position k (a comparison's runs give a ladder the
	 * same colour).
	 */
	unsigned int run;
	unsigned int key;
	/*
	 * Error bars: the 95 % interval of each y, drawn as a vertical bar
	 * with caps (<path class="err">) and named in the marker's <title>
	 * ("(95 % interval 1200-1270, within)", the words after the comma
	 * @err_note[k]'s, when @err_note and it are not NULL); NaN where a
	 * point has none: no bar, and the title says "(no interval)". NULL:
	 * no bars and nothing said. The bars widen the value axis by at
	 * most SVG_ERR_REACH times the range of the series' values, on each
	 * side (in decades on a log axis; never below 0 on an axis from
	 * zero): a bar reaching further is cut at the axis' edge, ends in an
	 * arrow there (data-cut="hi", "lo" or "both") and its title adds
	 * "(the bar cut at the axis' end: an arrow)" after its interval.
	 */
	const double *err_lo, *err_hi;
	const char *const *err_note;
};

/* A point marked apart from the series (a knee): distinct marker + label. */
struct svg_mark {
	double x, y;
	const char *label; /* beside the marker and in its <title> */
};

struct svg_chart {
	const char *id; /* the <svg> id= (escaped), or NULL */
	const char *title;
	struct svg_axis x, y;
	const struct svg_series *series;
	size_t nseries;
	const struct svg_mark *marks;
	size_t nmarks;
	bool hline; /* a dashed horizontal line at @hline_y (a bound) */
	double hline_y;
	const char *hline_label;
	bool hline2; /* a second bound's line (a mean and a percentile bound) */
	double hline2_y;
	const char *hline2_label;
	const char *band_name; /* the legend's name of the bands, or NULL */
};

/*
 * Write the chart @c as one <svg class="chart"> element: markers are
 * <circle class="pt"> (an error bar <path class="err"> under each that
 * has an interval), marks <path class="knee"> (labelled beside it
 * when there are at most 3, else in its <title> only), axis labels <text
 * class="axis-label">. A chart without a finite point says "no data".
 */
void svg_chart(FILE *f, const struct svg_chart *c);

struct svg_heat {
	const char *id, *title;
	const char *xlabel, *ylabel; /* the columns' and the rows' names */
	const char *unit;	     /* of the values: "IOPS" */
	const double *xs, *ys;	     /* @nx column and @ny row headings */
	size_t nx, ny;
	const double *v; /* @ny rows of @nx values; NaN: no cell */
	/*
	 * Each value's 95 % interval and its note, as struct svg_series'
	 * err_lo, err_hi and err_note (NaN: "no interval"); NULL: none said.
	 */
	const double *lo, *hi;
	const char *const *note;
};

/*
 * Write the heat map @h as one <svg class="heatmap">: <rect class="cell">
 * per value (coloured from the smallest to the largest) with a <title>
 * ("Small=4, Large=2: 1234 IOPS", then its interval when @h has them:
 * " (95 % interval 1200-1270, within)" or " (no interval)"), the value
 * written in the cell when it fits, and a colour scale.
 */
void svg_heatmap(FILE *f, const struct svg_heat *h);

#endif
