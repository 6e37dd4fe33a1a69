// SPDX-License-Identifier: GPL-2.0-only
/*
 * text_compare.c -- a comparison as a plain text table (see
 * text_compare.h); its cells, figures and marks are cm_walk()'s
 * (cmpmark.h), the ones the page shows.
 */
#include "text_compare.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cmpmark.h"
#include "svg.h"

/* A figure and its interval: "1961.5 (1890.3-2032.3)"; "-" when the run has none. */
static void fig_text(char *buf, size_t len, bool in, const struct iv_fig *e, bool iv)
{
	char a[48], b[48], c[48];

	if (!in || !isfinite(e->value)) {
		snprintf(buf, len, "-");
		return;
	}
	svg_num(a, sizeof(a), e->value, false);
	if (!iv) {
		snprintf(buf, len, "%s (no interval)", a);
		return;
	}
	svg_num(b, sizeof(b), e->lo, false);
	svg_num(c, sizeof(c), e->hi, false);
	snprintf(buf, len, "%s (%s-%s)", a, b, isfinite(e->hi) ? c : "infinity");
}

/* The ratio as the page's cell gives it: "0.800 (0.771-0.829)", "1.000 (no interval)", "-". */
static void ratio_text(char *buf, size_t len, const struct cm_fig *f)
{
	if (!f->have)
		snprintf(buf, len, "-");
	else if (f->r.mark == CM_NOINTERVAL)
		snprintf(buf, len, "%.3f (no interval)", f->r.r.value);
	else
		snprintf(buf, len, "%.3f (%.3f-%.3f)", f->r.r.value, f->r.r.lo, f->r.r.hi);
}

/* The mark in words: changed better, changed worse, unchanged, no interval; "-" without a ratio. */
static const char *mark_text(const struct cm_fig *f)
{
	if (!f->have)
		return "-";
	return f->r.mark == CM_NOINTERVAL ? "no interval" : cm_mark_class(f->r.mark);
}

/* The table's columns: cell, A, B, ratio; their widths (the widest text of each). */
enum {
	TC_CELL,
	TC_A,
	TC_B,
	TC_RATIO,
	TC_NCOLS
};

struct tc_table {
	FILE *f; /* NULL while measuring */
	int w[TC_NCOLS];
};

/* A row: its four columns, padded to @t's widths, and the mark; or, measuring, the widths taken. */
static void tc_line(struct tc_table *t, const char *const col[TC_NCOLS], const char *mark)
{
	size_t i;

	for (i = 0; i < TC_NCOLS; i++) {
		int n = (int)strlen(col[i]);

		if (!t->f && n > t->w[i])
			t->w[i] = n;
		else if (t->f)
			fprintf(t->f, "%-*s  ", t->w[i], col[i]);
	}
	if (t->f)
		fprintf(t->f, "%s\n", mark);
}

/* One cell's rows: a row per class either run has. */
static void row_text(const struct cm_row *w, void *arg)
{
	struct tc_table *t = arg;
	size_t k;

	for (k = 0; k < CM_NKINDS; k++) {
		const struct cm_fig *x = &w->k[k];
		char cell[64], a[160], b[160], r[64];
		const char *col[TC_NCOLS] = { cell, a, b, r };

		if (!x->in_a && !x->in_b)
			continue;
		snprintf(cell, sizeof(cell), "Small=%u Large=%u %s", w->s, w->l, cm_kinds[k].name);
		fig_text(a, sizeof(a), x->in_a, &x->ea, x->a_iv);
		fig_text(b, sizeof(b), x->in_b, &x->eb, x->b_iv);
		ratio_text(r, sizeof(r), x);
		tc_line(t, col, mark_text(x));
	}
}

/* Run @b against @a: the header, a row per cell and class, then each class's line. */
static void one_table(FILE *f, const struct hr_run *a, const struct hr_run *b)
{
	struct cm_class cm[CM_NKINDS];
	struct tc_table t = { NULL, { 0 } };
	char ratio[64], line[512];
	const char *head[TC_NCOLS] = { "Cell", a->label, b->label, ratio };
	size_t k;

	snprintf(ratio, sizeof(ratio), "%s / %s", b->label, a->label);
	fprintf(f, "\n%s / %s: each cell (figures with their 95 %% intervals; latency in ms)\n",
		b->label, a->label);
	/* Measure, then write: the same cells and marks both times. */
	tc_line(&t, head, "Mark");
	cm_walk(a->pts, b->pts, row_text, &t, cm);
	t.f = f;
	tc_line(&t, head, "Mark");
	cm_walk(a->pts, b->pts, row_text, &t, cm);
	for (k = 0; k < CM_NKINDS; k++) {
		cm_class_line(line, sizeof(line), b->label, a->label, (enum cm_kind)k, &cm[k]);
		fprintf(f, "%s\n", line);
	}
}

int tc_compare(FILE *f, const struct hr_run *r, size_t n, const char *const *src,
	       struct fr_err *err)
{
	char rule[512];
	size_t k;

	if (n < 2 || n > HR_MAX_RUNS)
		return fr_errf(err, -EINVAL, "a comparison takes 2 to %d runs, not %zu", HR_MAX_RUNS, n);
	fputs("fiorion comparison\n", f);
	for (k = 0; k < n; k++) {
		fprintf(f, "%s: %s", r[k].label, r[k].p->run->testname);
		if (src && src[k])
			fprintf(f, " (%s)", src[k]);
		fprintf(f, ", %zu points%s\n", r[k].pts->n, k ? "" : ", the reference");
	}
	for (k = 1; k < n; k++) {
		char cache[1024];

		if (hr_cache_line(&r[0], &r[k], cache, sizeof(cache)))
			fprintf(f, "\n%s\n", cache);
		one_table(f, &r[0], &r[k]);
	}
	cm_rule(rule, sizeof(rule));
	fprintf(f, "\nThe marks: %s\n", rule);
	if (fflush(f) || ferror(f))
		return fr_errf(err, -EIO, "could not write the comparison: %s", strerror(errno));
	return 0;
}
