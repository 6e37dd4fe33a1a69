/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * html_compare.c -- the comparison of 2 to 8 result sets (html_report.h's
 * hr_compare()): every run on each chart, and each cell's ratio to the
 * first run (A) with its 95 % interval and its mark, a geometric mean per
 * class and the marks counted, all cmpmark.h's (cm_walk(), the one owner
 * of the marks, which text_compare.c reads too); the page and chart
 * helpers are html_report.c's (html_priv.h).
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cmpmark.h"
#include "html_priv.h"
#include "compare.h"
#include "html_report.h"

/* A ratio's <td>: "0.800 (0.785-0.815)" with its mark as the cell's class. */
static void ratio_cell(FILE *f, const struct cm_ratio *r)
{
	if (!r) {
		fputs("<td class=\"num\">-</td>", f);
		return;
	}
	fprintf(f, "<td class=\"num %s\">%.3f", cm_mark_class(r->mark), r->r.value);
	if (r->mark == CM_NOINTERVAL)
		fputs(" (no interval)</td>", f);
	else
		fprintf(f, " (%.3f-%.3f)</td>", r->r.lo, r->r.hi);
}

static void value_cell(FILE *f, double v)
{
	char num[64];

	svg_num(num, sizeof(num), v, false);
	fprintf(f, "<td class=\"num\">%s</td>", isfinite(v) ? num : "-");
}

/* A row of the table: "Small, Large, then A, B and B/A of each class". */
static void row_html(const struct cm_row *w, void *arg)
{
	FILE *f = arg;
	size_t k;

	fprintf(f, "<tr><td class=\"num\">%u</td><td class=\"num\">%u</td>", w->s, w->l);
	for (k = 0; k < CM_NKINDS; k++) {
		value_cell(f, w->k[k].a);
		value_cell(f, w->k[k].b);
		ratio_cell(f, w->k[k].have ? &w->k[k].r : NULL);
	}
	fputs("</tr>\n", f);
}

/* "B / A, small IOPS: 17 cells, 0 changed (0 better, 0 worse), 17 unchanged, 0 without an interval; geometric mean ..." */
static void counts(FILE *f, const struct hr_run *a, const struct hr_run *b)
{
	struct cm_class cm[CM_NKINDS];
	char line[512];
	size_t k;

	cm_walk(a->pts, b->pts, NULL, NULL, cm);
	for (k = 0; k < CM_NKINDS; k++) {
		cm_class_line(line, sizeof(line), b->label, a->label, (enum cm_kind)k, &cm[k]);
		fputs("<li class=\"count\">", f);
		svg_escape(f, line);
		fputs("</li>\n", f);
	}
}

/* The table of each cell's ratio of run @b to @a, the geometric means last. */
static void ratio_table(FILE *f, const struct hr_run *a, const struct hr_run *b)
{
	static const char *const col[CM_NKINDS] = { "IOPS", "MBPS", "latency (ms)" };
	struct cm_class cm[CM_NKINDS];
	size_t k;

	fputs("<h2>Each cell, ", f);
	svg_escape(f, b->label);
	fputs(" / ", f);
	svg_escape(f, a->label);
	fputs("</h2>\n<table class=\"ratios\">\n<tr><th>Small</th><th>Large</th>", f);
	for (k = 0; k < CM_NKINDS; k++) {
		fputs("<th>", f);
		svg_escape(f, a->label);
		fprintf(f, " %s</th><th>", col[k]);
		svg_escape(f, b->label);
		fprintf(f, " %s</th><th>%s ", col[k], k == CM_LAT ? "latency" : col[k]);
		svg_escape(f, b->label);
		fputc('/', f);
		svg_escape(f, a->label);
		fputs(" (95 % interval)</th>", f);
	}
	fputs("</tr>\n", f);
	cm_walk(a->pts, b->pts, row_html, f, cm);
	fputs("<tr class=\"geomean\"><th colspan=\"2\">geometric mean</th>", f);
	for (k = 0; k < CM_NKINDS; k++) {
		struct cm_ratio g;

		fputs("<td></td><td></td>", f);
		ratio_cell(f, cm_class_geomean(&cm[k], &g) ? &g : NULL);
	}
	fputs("</tr>\n</table>\n", f);
}

static void luns_text(char *buf, size_t len, const struct or_params *p)
{
	size_t i, n = 0;

	snprintf(buf, len, "%s", p->run->nluns ? "" : "not recorded");
	for (i = 0; i < p->run->nluns && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s (%llu bytes)", i ? ", " : "",
				      p->run->luns[i].name, (unsigned long long)p->run->luns[i].size);
}

/* How many cells of @pts have each kind of interval, in words. */
static void intervals_text(char *buf, size_t len, const struct pt_set *pts)
{
	size_t n[3] = { 0, 0, 0 }, i;

	for (i = 0; i < pts->n; i++) {
		if (pts->pts[i].small.present)
			n[pts->pts[i].small.iv]++;
		if (pts->pts[i].large.present)
			n[pts->pts[i].large.iv]++;
	}
	snprintf(buf, len, "%zu within the point, %zu across passes, %zu none", n[IV_WITHIN],
		 n[IV_PASSES], n[IV_NONE]);
}

static void compare_table(FILE *f, const struct hr_run *r, size_t n)
{
	char buf[4096];
	size_t k;

	fputs("<h2>The runs</h2>\n<table class=\"run\">\n<tr><th></th>", f);
	for (k = 0; k < n; k++) {
		fputs("<th>", f);
		svg_escape(f, r[k].label);
		fputs("</th>", f);
	}
	fputs("</tr>\n", f);
#define EACH(head, expr) \
	do { \
		fputs("<tr><th>" head "</th>", f); \
		for (k = 0; k < n; k++) { \
			const struct or_params *p = r[k].p; \
			(void)p; \
			expr; \
			fputs("<td>", f); \
			svg_escape(f, buf); \
			fputs("</td>", f); \
		} \
		fputs("</tr>\n", f); \
	} while (0)
	EACH("Test name", snprintf(buf, sizeof(buf), "%s", p->run->testname));
	EACH("Command line", hr_cmdline(buf, sizeof(buf), p));
	EACH("Start", hr_when_text(buf, sizeof(buf), p->run->start));
	EACH("Points", snprintf(buf, sizeof(buf), "%zu (%s)", r[k].pts->n, mx_matrix_name(p->run->matrix) ? mx_matrix_name(p->run->matrix) : "matrix not recorded"));
	EACH("Intervals (cells)", intervals_text(buf, sizeof(buf), r[k].pts));
	EACH("fio version", snprintf(buf, sizeof(buf), "%s", p->fio_version ? p->fio_version : "not recorded"));
	EACH("Runner", snprintf(buf, sizeof(buf), "%s", hr_runner_text(p)));
	EACH("Engine", snprintf(buf, sizeof(buf), "%s%s", p->engine ? "fiorion engine " : "", p->engine ? p->engine : "not recorded"));
	EACH("Backend", hr_backend_text(buf, sizeof(buf), p, "default or not recorded"));
	EACH("Kernel", snprintf(buf, sizeof(buf), "%s", p->run->kernel ? p->run->kernel : "not recorded"));
	EACH("LUNs", luns_text(buf, sizeof(buf), p));
#undef EACH
	fputs("</table>\n", f);
}

/* The page's opening: title, how the lines are drawn, how the marks are decided, the counts. */
static void intro(FILE *f, const struct hr_run *r, size_t n)
{
	static const char *const dash[HR_MAX_RUNS] = {
		"solid (dotted beyond its 8th ladder)", "dashed (6 4)", "dotted (2 3)",
		"dash-dotted (9 3 2 3)", "finely dotted (1 5)", "long-dashed (12 4)",
		"dash-dot-dotted (6 2 1 2 1 2)", "sparsely dashed (3 7)"
	};
	char title[2048], rule[512];
	size_t k, m = 0;

	m = (size_t)snprintf(title, sizeof(title), "fiorion comparison:");
	for (k = 0; k < n && m < sizeof(title); k++)
		m += (size_t)snprintf(title + m, sizeof(title) - m, "%s %s: %s", k ? " vs" : "",
				      r[k].label, r[k].p->run->testname);
	hr_page_head(f, title);
	fputs("<h1>", f);
	svg_escape(f, title);
	fputs("</h1>\n<p class=\"note\">Lines: ", f);
	for (k = 0; k < n; k++) {
		fputs(k ? "; " : "", f);
		svg_escape(f, r[k].label);
		fprintf(f, "'s %s", dash[k]);
	}
	fputs(". The k-th ladder of each run has the same colour; bars are each point's 95 % interval. IOPS = I/Os per second, MBPS = MiB per second, latency = fio's lat (mean, submission to completion).</p>\n",
	      f);
	fputs("<h2>Changes against ", f);
	svg_escape(f, r[0].label);
	fputs("</h2>\n<p class=\"note legend\">How a cell is marked: ", f);
	cm_rule(rule, sizeof(rule));
	svg_escape(f, rule);
	fputs(" Green: changed, better; red: changed, worse (more IOPS or MBPS, less latency is better); grey: <i>no interval</i>. A class's geometric mean is exp(mean of the cells' log ratios) over the cells both runs have; its relative half-width is the root of the sum of the cells' squared relative half-widths divided by their number (the cells taken as independent), marked by the same rule; it has no interval when some cell has none.</p>\n<ul class=\"counts\">\n",
	      f);
	for (k = 1; k < n; k++)
		counts(f, &r[0], &r[k]);
	fputs("</ul>\n", f);
	for (k = 1; k < n; k++) {
		char cache[1024];

		if (!hr_cache_line(&r[0], &r[k], cache, sizeof(cache)))
			continue;
		fputs("<p class=\"note cache\">", f);
		svg_escape(f, cache);
		fputs("</p>\n", f);
	}
	fputs("<h2>Charts</h2>\n", f);
}

int hr_compare(FILE *f, const struct hr_run *r, size_t n, struct fr_err *err)
{
	static const struct {
		const char *id, *title;
		bool small;
		enum hr_val xv, yv;
	} ch[] = {
		{ "iops-load", "Small I/O: IOPS vs load", true, V_LOAD, V_IOPS },
		{ "lat-load", "Small I/O: latency vs load", true, V_LOAD, V_LAT },
		{ "mbps-load", "Large I/O: MBPS vs load", false, V_LOAD, V_MBPS },
		{ "lat-iops", "Small I/O: latency vs IOPS", true, V_IOPS, V_LAT },
		{ "lat-mbps", "Large I/O: latency vs MBPS", false, V_MBPS, V_LAT },
	};
	char pre[HR_MAX_RUNS][300];
	size_t i, k;

	if (n < 2 || n > HR_MAX_RUNS)
		return fr_errf(err, -EINVAL, "a comparison takes 2 to %d runs, not %zu", HR_MAX_RUNS, n);
	intro(f, r, n);
	for (k = 0; k < n; k++)
		snprintf(pre[k], sizeof(pre[k]), "%s: %s", r[k].label, r[k].p->run->testname);
	for (i = 0; i < sizeof(ch) / sizeof(ch[0]); i++) {
		struct hr_lines L = { 0 };
		struct svg_chart c = {
			.id = ch[i].id,
			.title = ch[i].title,
			.x = ch[i].xv == V_LOAD ? (ch[i].small ? hr_ax_sload : hr_ax_lload)
						: (ch[i].small ? hr_ax_iops : hr_ax_mbps),
			.y = ch[i].yv == V_LAT ? (ch[i].small ? hr_ax_slat : hr_ax_llat)
					       : (ch[i].small ? hr_ax_iops : hr_ax_mbps),
		};
		bool any = false;

		for (k = 0; k < n; k++)
			any |= hr_has_class(r[k].pts, ch[i].small);
		if (!any)
			continue;
		for (k = 0; k < n; k++)
			hr_add_ladders(&L, r[k].pts, ch[i].small, ch[i].xv, ch[i].yv, false, pre[k],
				       NULL, (unsigned int)k);
		if (L.oom) {
			hr_lines_release(&L);
			hr_page_tail(f);
			return fr_errf(err, -ENOMEM, "out of memory");
		}
		c.series = L.s;
		c.nseries = L.n;
		hr_figure(f, &c, NULL);
		hr_lines_release(&L);
	}
	for (k = 1; k < n; k++)
		ratio_table(f, &r[0], &r[k]);
	fputs("<p class=\"note\">Each ratio with its 95 % interval; - where a run has no such I/O at that cell. The marks: see <i>Changes</i> above.</p>\n",
	      f);
	compare_table(f, r, n);
	hr_page_tail(f);
	return 0;
}
