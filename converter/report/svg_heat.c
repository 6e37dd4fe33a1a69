/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * svg_heat.c -- heat maps as inline SVG text (svg.h's svg_heatmap()):
 * the matrix's cells coloured from the smallest value to the largest.
 * The <svg> opening and the intervals' words are svg.c's (svg_priv.h).
 */
#include <math.h>
#include <stdio.h>

#include "svg.h"
#include "svg_priv.h"

#define HM_LEFT 80
#define HM_TOP 34
#define HM_PLOT_W 600
#define HM_PLOT_H 360
#define HM_MAX_CW 64.0
#define HM_MAX_CH 30.0

/* Light to dark blue, @t in [0, 1]. */
static void heat_colour(char *buf, size_t len, double t)
{
	static const unsigned char stop[3][3] = {
		{ 0xf7, 0xfb, 0xff },
		{ 0x6b, 0xae, 0xd6 },
		{ 0x08, 0x30, 0x6b },
	};
	int k = t < 0.5 ? 0 : 1, j;
	double u = t < 0.5 ? t * 2 : (t - 0.5) * 2;
	unsigned int c[3];

	for (j = 0; j < 3; j++)
		c[j] = (unsigned int)lround(stop[k][j] + (stop[k + 1][j] - stop[k][j]) * u);
	snprintf(buf, len, "#%02x%02x%02x", c[0], c[1], c[2]);
}

void svg_heatmap(FILE *f, const struct svg_heat *h)
{
	double vmin = INFINITY, vmax = -INFINITY, cw, ch, width, height;
	size_t r, k, nv = 0;
	char num[64], col[16];
	bool inside;

	for (k = 0; k < h->nx * h->ny; k++)
		if (isfinite(h->v[k])) {
			if (h->v[k] < vmin)
				vmin = h->v[k];
			if (h->v[k] > vmax)
				vmax = h->v[k];
			nv++;
		}
	cw = h->nx ? HM_PLOT_W / (double)h->nx : HM_MAX_CW;
	ch = h->ny ? HM_PLOT_H / (double)h->ny : HM_MAX_CH;
	if (cw > HM_MAX_CW)
		cw = HM_MAX_CW;
	if (ch > HM_MAX_CH)
		ch = HM_MAX_CH;
	inside = cw >= 44 && ch >= 16;
	width = HM_LEFT + cw * (double)h->nx + 24;
	if (width < 420)
		width = 420;
	height = HM_TOP + ch * (double)h->ny + 90;

	svg_open_el(f, "heatmap", h->id, width, height, 11, h->title, HM_LEFT);
	for (r = 0; r < h->ny; r++) {
		/* The first row at the bottom, as on a chart's y axis. */
		double y = HM_TOP + ch * (double)(h->ny - 1 - r);

		svg_num(num, sizeof(num), h->ys[r], false);
		fprintf(f, "<text class=\"tick\" x=\"%d\" y=\"%.1f\" text-anchor=\"end\">%s</text>\n",
			HM_LEFT - 6, y + ch / 2 + 4, num);
		for (k = 0; k < h->nx; k++) {
			double v = h->v[r * h->nx + k], t;
			double x = HM_LEFT + cw * (double)k;
			char xs[64];

			svg_num(xs, sizeof(xs), h->xs[k], false);
			if (!isfinite(v)) {
				fprintf(f, "<rect class=\"empty\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"#eee\" stroke=\"#fff\"><title>",
					x, y, cw, ch);
				svg_escape(f, h->xlabel);
				fprintf(f, "=%s, ", xs);
				svg_escape(f, h->ylabel);
				fprintf(f, "=%s: no point</title></rect>\n", num);
				continue;
			}
			t = vmax > vmin ? (v - vmin) / (vmax - vmin) : 0.5;
			heat_colour(col, sizeof(col), t);
			fprintf(f, "<rect class=\"cell\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%s\" stroke=\"#fff\"><title>",
				x, y, cw, ch, col);
			svg_escape(f, h->xlabel);
			fprintf(f, "=%s, ", xs);
			svg_escape(f, h->ylabel);
			fprintf(f, "=%s: ", num);
			svg_num(xs, sizeof(xs), v, false);
			fprintf(f, "%s ", xs);
			svg_escape(f, h->unit);
			if (h->lo && h->hi)
				svg_tip_interval(f, h->lo[r * h->nx + k], h->hi[r * h->nx + k],
						 h->note ? h->note[r * h->nx + k] : NULL);
			fputs("</title></rect>\n", f);
			if (inside) {
				svg_num(xs, sizeof(xs), v, true);
				fprintf(f, "<text class=\"cell-value\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" fill=\"%s\">%s</text>\n",
					x + cw / 2, y + ch / 2 + 4, t > 0.55 ? "#fff" : "#000", xs);
			}
		}
	}
	/* Column headings under the cells; every one when they fit. */
	for (k = 0; k < h->nx; k++) {
		size_t every = cw >= 24 ? 1 : (size_t)ceil(24 / cw);

		if (k % every)
			continue;
		svg_num(num, sizeof(num), h->xs[k], false);
		fprintf(f, "<text class=\"tick\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>\n",
			HM_LEFT + cw * ((double)k + 0.5), HM_TOP + ch * (double)h->ny + 14, num);
	}
	fprintf(f, "<text class=\"axis-label\" x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">",
		HM_LEFT + cw * (double)h->nx / 2, HM_TOP + ch * (double)h->ny + 32);
	svg_escape(f, h->xlabel);
	fprintf(f, "</text>\n<text class=\"axis-label\" x=\"16\" y=\"%.1f\" text-anchor=\"middle\" transform=\"rotate(-90 16 %.1f)\">",
		HM_TOP + ch * (double)h->ny / 2, HM_TOP + ch * (double)h->ny / 2);
	svg_escape(f, h->ylabel);
	fputs("</text>\n", f);

	/* The colour scale: five swatches from the smallest to the largest. */
	fputs("<g class=\"scale\">\n", f);
	for (k = 0; nv && k < 5; k++) {
		heat_colour(col, sizeof(col), (double)k / 4);
		fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"24\" height=\"10\" fill=\"%s\" stroke=\"#999\"/>\n",
			HM_LEFT + 70 + 24.0 * (double)k, HM_TOP + ch * (double)h->ny + 48, col);
	}
	if (nv) {
		svg_num(num, sizeof(num), vmin, true);
		fprintf(f, "<text x=\"%d\" y=\"%.1f\">", HM_LEFT, HM_TOP + ch * (double)h->ny + 57);
		svg_escape(f, h->unit);
		fprintf(f, " %s</text>\n", num);
		svg_num(num, sizeof(num), vmax, true);
		fprintf(f, "<text x=\"%.1f\" y=\"%.1f\">%s</text>\n", HM_LEFT + 70 + 24.0 * 5 + 6,
			HM_TOP + ch * (double)h->ny + 57, num);
	} else {
		fprintf(f, "<text class=\"nodata\" x=\"%d\" y=\"%.1f\">no data</text>\n", HM_LEFT,
			HM_TOP + ch * (double)h->ny + 57);
	}
	fputs("</g>\n</svg>\n", f);
}
