/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * html_compare.c -- the comparison of two result sets (html_report.h's
 * hr_compare()): both runs on each chart and each cell's ratio B/A; the
 * page and chart helpers are html_report.c's (html_priv.h).
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "html_priv.h"
#include "html_report.h"

static void ratio_cell(FILE *f, double a, double b, bool more_is_better)
{
	char num[64];
	double r;

	if (!isfinite(a) || !isfinite(b) || a <= 0) {
		fputs("<td class=\"num\">-</td>", f);
		return;
	}
	r = b / a;
	snprintf(num, sizeof(num), "%.3f", r);
	if (more_is_better ? r > 1.05 : r < 0.95)
		fprintf(f, "<td class=\"num better\">%s</td>", num);
	else if (more_is_better ? r < 0.95 : r > 1.05)
		fprintf(f, "<td class=\"num worse\">%s</td>", num);
	else
		fprintf(f, "<td class=\"num\">%s</td>", num);
}

static void value_cell(FILE *f, double v)
{
	char num[64];

	svg_num(num, sizeof(num), v, false);
	fprintf(f, "<td class=\"num\">%s</td>", isfinite(v) ? num : "-");
}

static double cell_val(const struct pt_point *pt, bool small, enum hr_val v)
{
	return pt && hr_cls(pt, small)->present ? hr_value(pt, small, v) : NAN;
}

static void ratio_table(FILE *f, const struct hr_run *a, const struct hr_run *b)
{
	const struct pt_set *A = a->pts, *B = b->pts;
	size_t i = 0, j = 0;

	fputs("<h2>Each cell, B / A</h2>\n<table class=\"ratios\">\n<tr><th>Small</th><th>Large</th>"
	      "<th>A IOPS</th><th>B IOPS</th><th>IOPS B/A</th>"
	      "<th>A MBPS</th><th>B MBPS</th><th>MBPS B/A</th>"
	      "<th>A latency (ms)</th><th>B latency (ms)</th><th>latency B/A</th></tr>\n",
	      f);
	while (i < A->n || j < B->n) {
		const struct pt_point *pa = i < A->n ? &A->pts[A->by_load[i]] : NULL;
		const struct pt_point *pb = j < B->n ? &B->pts[B->by_load[j]] : NULL;
		const struct pt_point *x;
		int cmp;

		if (pa && pb)
			cmp = pa->s != pb->s	 ? (pa->s < pb->s ? -1 : 1)
				: pa->l != pb->l ? (pa->l < pb->l ? -1 : 1)
						 : 0;
		else
			cmp = pa ? -1 : 1;
		if (cmp < 0)
			pb = NULL;
		else if (cmp > 0)
			pa = NULL;
		x = pa ? pa : pb;
		fprintf(f, "<tr><td class=\"num\">%u</td><td class=\"num\">%u</td>", x->s, x->l);
		value_cell(f, cell_val(pa, true, V_IOPS));
		value_cell(f, cell_val(pb, true, V_IOPS));
		ratio_cell(f, cell_val(pa, true, V_IOPS), cell_val(pb, true, V_IOPS), true);
		value_cell(f, cell_val(pa, false, V_MBPS));
		value_cell(f, cell_val(pb, false, V_MBPS));
		ratio_cell(f, cell_val(pa, false, V_MBPS), cell_val(pb, false, V_MBPS), true);
		value_cell(f, cell_val(pa, true, V_LAT));
		value_cell(f, cell_val(pb, true, V_LAT));
		ratio_cell(f, cell_val(pa, true, V_LAT), cell_val(pb, true, V_LAT), false);
		fputs("</tr>\n", f);
		if (pa)
			i++;
		if (pb)
			j++;
	}
	fputs("</table>\n<p class=\"note\">Green: B better by more than 5 % (more IOPS or MBPS, less latency); red: worse by more than 5 %; - where a run has no such I/O at that cell.</p>\n",
	      f);
}

static void luns_text(char *buf, size_t len, const struct or_params *p)
{
	size_t i, n = 0;

	snprintf(buf, len, "%s", p->nluns ? "" : "not recorded");
	for (i = 0; i < p->nluns && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s (%llu bytes)", i ? ", " : "",
				      p->luns[i].name, (unsigned long long)p->luns[i].size);
}

static void compare_table(FILE *f, const struct hr_run *a, const struct hr_run *b)
{
	const struct hr_run *r[2] = {a, b};
	char buf[4096];
	int k;

	fputs("<h2>The runs</h2>\n<table class=\"run\">\n<tr><th></th><th>", f);
	svg_escape(f, a->label);
	fputs("</th><th>", f);
	svg_escape(f, b->label);
	fputs("</th></tr>\n", f);
#define BOTH(head, expr) \
	do { \
		fputs("<tr><th>" head "</th>", f); \
		for (k = 0; k < 2; k++) { \
			const struct or_params *p = r[k]->p; \
			(void)p; \
			expr; \
			fputs("<td>", f); \
			svg_escape(f, buf); \
			fputs("</td>", f); \
		} \
		fputs("</tr>\n", f); \
	} while (0)
	BOTH("Test name", snprintf(buf, sizeof(buf), "%s", p->testname));
	BOTH("Command line", hr_cmdline(buf, sizeof(buf), p));
	BOTH("Start", hr_when_text(buf, sizeof(buf), p->start));
	BOTH("Points", snprintf(buf, sizeof(buf), "%zu (%s)", r[k]->pts->n, p->matrix ? p->matrix : "matrix not recorded"));
	BOTH("fio version", snprintf(buf, sizeof(buf), "%s", p->fio_version ? p->fio_version : "not recorded"));
	BOTH("Runner", snprintf(buf, sizeof(buf), "%s", hr_runner_text(p)));
	BOTH("Backend", snprintf(buf, sizeof(buf), "%s", p->backend ? p->backend : "default or not recorded"));
	BOTH("LUNs", luns_text(buf, sizeof(buf), p));
#undef BOTH
	fputs("</table>\n", f);
}

int hr_compare(FILE *f, const struct hr_run *a, const struct hr_run *b, struct fr_err *err)
{
	static const struct {
		const char *id, *title;
		bool small;
		enum hr_val xv, yv;
	} ch[] = {
		{"iops-load", "Small I/O: IOPS vs load", true, V_LOAD, V_IOPS},
		{"lat-load", "Small I/O: latency vs load", true, V_LOAD, V_LAT},
		{"mbps-load", "Large I/O: MBPS vs load", false, V_LOAD, V_MBPS},
		{"lat-iops", "Small I/O: latency vs IOPS", true, V_IOPS, V_LAT},
		{"lat-mbps", "Large I/O: latency vs MBPS", false, V_MBPS, V_LAT},
	};
	const struct hr_run *r[2] = {a, b};
	char title[1024], pre[2][300];
	size_t i;
	int k;

	snprintf(title, sizeof(title), "fiorion comparison: %s: %s vs %s: %s", a->label,
		 a->p->testname, b->label, b->p->testname);
	hr_page_head(f, title);
	fputs("<h1>", f);
	svg_escape(f, title);
	fputs("</h1>\n<p class=\"note\">", f);
	svg_escape(f, a->label);
	fputs("'s lines are solid (dotted beyond its 8th ladder), ", f);
	svg_escape(f, b->label);
	fputs("'s dashed; the k-th ladder of each run has the same colour. IOPS = I/Os per second, MBPS = MiB per second, latency = fio's lat (mean, submission to completion).</p>\n<h2>Charts</h2>\n",
	      f);
	for (k = 0; k < 2; k++)
		snprintf(pre[k], sizeof(pre[k]), "%s: %s", r[k]->label, r[k]->p->testname);
	for (i = 0; i < sizeof(ch) / sizeof(ch[0]); i++) {
		struct hr_lines L = {0};
		struct svg_chart c = {
			.id = ch[i].id,
			.title = ch[i].title,
			.x = ch[i].xv == V_LOAD ? (ch[i].small ? hr_ax_sload : hr_ax_lload)
						: (ch[i].small ? hr_ax_iops : hr_ax_mbps),
			.y = ch[i].yv == V_LAT ? (ch[i].small ? hr_ax_slat : hr_ax_llat)
					       : (ch[i].small ? hr_ax_iops : hr_ax_mbps),
		};

		if (!hr_has_class(a->pts, ch[i].small) && !hr_has_class(b->pts, ch[i].small))
			continue;
		for (k = 0; k < 2; k++)
			hr_add_ladders(&L, r[k]->pts, ch[i].small, ch[i].xv, ch[i].yv, false, pre[k],
				       NULL, k == 1);
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
	ratio_table(f, a, b);
	compare_table(f, a, b);
	hr_page_tail(f);
	return 0;
}
