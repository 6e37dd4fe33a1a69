/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * html_chart.c -- what every chart of the report and the comparison
 * draws from (html_priv.h): a point's values as the charts plot them and
 * their intervals, the lines of a chart built from a set's ladders, a
 * chart in its <figure>, the axes. The report (html_report.c), its
 * sections (html_tail.c, curve_html.c) and the comparison
 * (html_compare.c) use these; they use none of those.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "html_priv.h"
#include "svg.h"

double hr_lat_ns = 1e6;

const struct pt_class *hr_cls(const struct pt_point *pt, bool small)
{
	return small ? &pt->small : &pt->large;
}

/* @v of @pt's small or large class: NAN when unknown. */
double hr_value(const struct pt_point *pt, bool small, enum hr_val v)
{
	const struct pt_class *c = hr_cls(pt, small);
	const struct fj_lat *l = &c->lat[PT_ALL];
	double x;

	switch (v) {
	case V_LOAD:
		return small ? pt->s : pt->l;
	case V_IOPS:
		return floor(c->iops); /* as _iops.csv: ORION truncates */
	case V_MBPS:
		return c->mbps;
	case V_LAT:
		return l->n ? l->mean / hr_lat_ns : NAN;
	case V_P50:
	case V_P99:
	case V_P999:
		if (!l->n)
			return NAN;
		x = pt_percentile(l, v == V_P50 ? 50.0 : v == V_P99 ? 99.0
								    : 99.9);
		return x >= 0 ? x / hr_lat_ns : NAN;
	case V_PCT:
		break;
	}
	return NAN;
}

double hr_pct_value(const struct pt_point *pt, bool small, double pct)
{
	const struct kn_bound b = { .set = true, .pct = pct, .ms = 1 };
	double ms = kn_lat_ms(hr_cls(pt, small), &b);

	return ms >= 0 ? ms * 1e6 / hr_lat_ns : NAN;
}

struct hr_bound hr_bound_parts(const struct kn_bound *b)
{
	struct hr_bound h = { 0 };

	if (!b || !b->set)
		return h;
	if (b->pct > 0) {
		h.pct = b->pct;
		h.pct_ms = b->ms;
		h.mean_ms = b->ms2 > 0 && b->pct2 <= 0 ? b->ms2 : 0;
	} else {
		h.mean_ms = b->ms;
		h.pct = b->ms2 > 0 ? b->pct2 : 0;
		h.pct_ms = b->ms2 > 0 ? b->ms2 : 0;
	}
	return h;
}

void hr_bound_lines(struct svg_chart *c, const struct kn_bound *b, bool mean, bool pct,
		    char lab[2][64])
{
	struct hr_bound h = hr_bound_parts(b);
	double *y = &c->hline_y;
	const char **l = &c->hline_label;
	bool *on = &c->hline;

	if (mean && h.mean_ms > 0) {
		snprintf(lab[0], 64, "bound %g ms (mean)", h.mean_ms);
		*on = true;
		*y = h.mean_ms * 1e6 / hr_lat_ns;
		*l = lab[0];
		/* a percentile's line too: the chart's second */
		y = &c->hline2_y;
		l = &c->hline2_label;
		on = &c->hline2;
	}
	if (pct && h.pct_ms > 0) {
		snprintf(lab[1], 64, "bound %g ms (p%g)", h.pct_ms, h.pct);
		*on = true;
		*y = h.pct_ms * 1e6 / hr_lat_ns;
		*l = lab[1];
	}
}

const char *hr_iv_name(enum iv_kind k)
{
	return iv_kind_name(k);
}

bool hr_interval(const struct pt_point *pt, bool small, enum hr_val v, double *lo, double *hi)
{
	const struct pt_class *c = hr_cls(pt, small);
	const struct iv_fig *f = v == V_IOPS ? &c->iops_iv : v == V_MBPS ? &c->mbps_iv
									 : &c->lat_iv;
	double unit = v == V_LAT ? hr_lat_ns : 1;

	if (!c->present || c->iv == IV_NONE || (v != V_IOPS && v != V_MBPS && v != V_LAT))
		return false;
	/* Latency within a point follows IOPS by Little's law: not for rated jobs. */
	if (v == V_LAT && (!c->lat[PT_ALL].n || (c->iv == IV_WITHIN && c->rated)))
		return false;
	if (!isfinite(f->lo) || !isfinite(f->hi))
		return false;
	*lo = f->lo / unit;
	*hi = f->hi / unit;
	return true;
}

void hr_lines_release(struct hr_lines *L)
{
	size_t i;

	for (i = 0; i < L->n; i++) {
		free(L->names[i]);
		free(L->bufs[i]);
		free(L->notes[i]);
	}
	free(L->s);
	free(L->names);
	free(L->bufs);
	free(L->notes);
	memset(L, 0, sizeof(*L));
}

/* A new line of @n points (x, y, error bars and, with @band, lo and hi). */
static struct svg_series *line_add(struct hr_lines *L, const char *name, size_t n, bool band)
{
	struct svg_series *s;
	double *b;

	if (L->n == L->cap) {
		size_t cap = L->cap ? 2 * L->cap : 8;
		struct svg_series *ns = realloc(L->s, cap * sizeof(*ns));
		char **nn;
		double **nb;
		const char ***nt;

		if (ns)
			L->s = ns;
		nn = ns ? realloc(L->names, cap * sizeof(*nn)) : NULL;
		if (nn)
			L->names = nn;
		nb = nn ? realloc(L->bufs, cap * sizeof(*nb)) : NULL;
		if (nb)
			L->bufs = nb;
		nt = nb ? realloc(L->notes, cap * sizeof(*nt)) : NULL;
		if (!nt) {
			L->oom = true;
			return NULL;
		}
		L->notes = nt;
		L->cap = cap;
	}
	b = calloc(n ? 6 * n : 1, sizeof(*b));
	L->names[L->n] = strdup(name);
	L->bufs[L->n] = b;
	L->notes[L->n] = calloc(n ? n : 1, sizeof(**L->notes));
	if (!b || !L->names[L->n] || !L->notes[L->n]) {
		free(b);
		free(L->names[L->n]);
		free(L->notes[L->n]);
		L->oom = true;
		return NULL;
	}
	s = &L->s[L->n++];
	memset(s, 0, sizeof(*s));
	s->name = L->names[L->n - 1];
	s->x = b;
	s->y = b + n;
	s->err_lo = b + 4 * n;
	s->err_hi = b + 5 * n;
	s->err_note = L->notes[L->n - 1];
	if (band) {
		s->lo = b + 2 * n;
		s->hi = b + 3 * n;
	}
	return s;
}

/*
 * One line per ladder of @pts: rows (@small: small loads at each large
 * load) or columns (large loads at each small load), plotting @yv
 * against @xv; names "@prefix Large=L" (or the prefix alone when there is
 * one ladder, or "@one" without a prefix). @band adds p50..p99; an
 * IOPS, MBPS or latency line gets its points' 95 % intervals as error
 * bars.
 */
void hr_add_ladders(struct hr_lines *L, const struct pt_set *pts, bool small,
		    enum hr_val xv, enum hr_val yv, bool band, const char *prefix,
		    const char *one, unsigned int run)
{
	int64_t *lv = NULL;
	size_t nlv = or_levels(pts, !small, true, &lv), i, k, nused = 0, made = 0;

	if (!lv) {
		L->oom = pts->n > 0;
		return;
	}
	for (i = 0; i < nlv; i++)
		for (k = 0; k < pts->n; k++) {
			const struct pt_point *pt = &pts->pts[k];

			if (hr_cls(pt, small)->present && (small ? pt->l : pt->s) == (uint64_t)lv[i]) {
				nused++;
				break;
			}
		}
	for (i = 0; i < nlv; i++) {
		struct svg_series *s;
		double *x, *y, *lo, *hi, *elo, *ehi;
		const char **note;
		char name[256];
		size_t m = 0;

		for (k = 0; k < pts->n; k++) {
			const struct pt_point *pt = &pts->pts[pts->by_load[k]];

			if (hr_cls(pt, small)->present && (small ? pt->l : pt->s) == (uint64_t)lv[i])
				m++;
		}
		if (!m)
			continue;
		if (nused == 1)
			snprintf(name, sizeof(name), "%s", prefix ? prefix : one);
		else
			snprintf(name, sizeof(name), "%s%s%s=%lld", prefix ? prefix : "",
				 prefix ? " " : "", small ? "Large" : "Small", (long long)lv[i]);
		s = line_add(L, name, m, band);
		if (!s)
			break;
		s->run = run;
		/* A comparison's later run: its k-th ladder takes the first run's k-th colour. */
		if (run)
			s->key = (unsigned int)++made;
		x = (double *)s->x;
		y = (double *)s->y;
		lo = (double *)s->lo;
		hi = (double *)s->hi;
		elo = (double *)s->err_lo;
		ehi = (double *)s->err_hi;
		note = (const char **)s->err_note;
		for (k = 0; k < pts->n; k++) {
			const struct pt_point *pt = &pts->pts[pts->by_load[k]];

			if (!hr_cls(pt, small)->present || (small ? pt->l : pt->s) != (uint64_t)lv[i])
				continue;
			x[s->n] = hr_value(pt, small, xv);
			y[s->n] = yv == V_PCT ? hr_pct_value(pt, small, L->pct) : hr_value(pt, small, yv);
			if (band) {
				lo[s->n] = hr_value(pt, small, V_P50);
				hi[s->n] = hr_value(pt, small, V_P99);
			}
			elo[s->n] = ehi[s->n] = NAN;
			if (hr_interval(pt, small, yv, &elo[s->n], &ehi[s->n]))
				note[s->n] = hr_iv_name(hr_cls(pt, small)->iv);
			s->n++;
		}
	}
	free(lv);
}

void hr_figure(FILE *f, const struct svg_chart *c, const char *caption)
{
	fputs("<figure>\n", f);
	svg_chart(f, c);
	if (caption) {
		fputs("<figcaption>", f);
		svg_escape(f, caption);
		fputs("</figcaption>\n", f);
	}
	fputs("</figure>\n", f);
}

const struct svg_axis hr_ax_sload = { "Small load", "outstanding I/Os", false, true, true };
const struct svg_axis hr_ax_lload = { "Large load", "outstanding I/Os", false, true, true };
const struct svg_axis hr_ax_iops = { "Small IOPS", "I/Os per second", false, true, false };
const struct svg_axis hr_ax_mbps = { "Large MBPS", "MiB per second", false, true, false };
const struct svg_axis hr_ax_slat = { "Small latency", "ms", false, true, false };
const struct svg_axis hr_ax_llat = { "Large latency", "ms", false, true, false };
