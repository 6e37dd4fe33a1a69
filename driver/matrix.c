/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * matrix.c -- the ORION matrix as tables and one loop per shape.
 */
#include "matrix.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#define MAX_LEVELS 4096

size_t mx_ladder(unsigned int max, unsigned int *out, size_t cap)
{
	unsigned int step, v;
	size_t n = 0;

	if (!max || !cap)
		return 0;
	step = max > 30 ? (max + 29) / 30 : 1;
	out[n++] = 1;
	for (v = step; v <= max && n < cap; v += step)
		if (v > 1)
			out[n++] = v;
	/* The top of the ladder is always tested. */
	if (out[n - 1] != max && n < cap)
		out[n++] = max;
	return n;
}

size_t mx_ladder_long(unsigned int nd, unsigned int *out, size_t cap)
{
	unsigned int v;
	size_t n = 0;

	for (v = 1; v < nd && n < cap; v++)
		out[n++] = v;
	for (v = 1; v <= 20 && n < cap; v++)
		out[n++] = v * nd;
	return n;
}

static int add(struct mx_plan *p, size_t *cap, unsigned int s, unsigned int l)
{
	if (!s && !l)
		return 0; /* (0, 0) is counted, never run */
	if (p->n == *cap) {
		size_t ncap = *cap ? *cap * 2 : 64;
		struct mx_point *n = realloc(p->pts, ncap * sizeof(*n));

		if (!n)
			return -ENOMEM;
		p->pts = n;
		*cap = ncap;
	}
	p->pts[p->n] = (struct mx_point){ .s = s, .l = l, .num = (unsigned int)p->n + 1, .pass = 1 };
	p->n++;
	return 0;
}

static unsigned int *cols(const unsigned int *v, size_t n, bool zero, size_t *out_n)
{
	unsigned int *c = malloc((n + 1) * sizeof(*c));
	size_t k = 0;

	if (!c)
		return NULL;
	if (zero)
		c[k++] = 0;
	if (n)
		memcpy(c + k, v, n * sizeof(*c));
	*out_n = k + n;
	return c;
}

int mx_plan(struct mx_plan *p, enum mx_run run, enum mx_matrix matrix,
	    unsigned int num_disks, int num_small, int num_large)
{
	unsigned int sl[MAX_LEVELS], ll[MAX_LEVELS], fs, fl;
	size_t ns = 0, nl = 0, cap = 0, i, j;
	int ret = 0;

	memset(p, 0, sizeof(*p));
	switch (run) {
	case MX_SIMPLE: matrix = MX_BASIC; break;
	case MX_NORMAL: matrix = MX_DETAILED; break;
	case MX_OLTP:
	case MX_CURVE:
		matrix = MX_ROW;
		num_large = 0;
		break;
	case MX_DSS:
		matrix = MX_COL;
		num_small = 0;
		break;
	case MX_ADVANCED: break;
	}
	p->matrix = matrix;
	fs = num_small > 0 ? (unsigned int)num_small : 0;
	fl = num_large > 0 ? (unsigned int)num_large : 0;
	if (run == MX_OLTP || run == MX_DSS) {
		ns = run == MX_OLTP ? mx_ladder_long(num_disks, sl, MAX_LEVELS) : 0;
		nl = run == MX_DSS ? mx_ladder_long(num_disks, ll, MAX_LEVELS) : 0;
	} else if (matrix == MX_MAX) {
		ns = mx_ladder(fs, sl, MAX_LEVELS);
		nl = mx_ladder(fl, ll, MAX_LEVELS);
	} else {
		ns = mx_ladder(5 * num_disks, sl, MAX_LEVELS);
		nl = mx_ladder(2 * num_disks, ll, MAX_LEVELS);
	}

	switch (matrix) {
	case MX_BASIC:
		/* ORION's order: the small row, then the large column. */
		for (i = 0; i < ns && !ret; i++)
			ret = add(p, &cap, sl[i], 0);
		for (j = 0; j < nl && !ret; j++)
			ret = add(p, &cap, 0, ll[j]);
		p->small_cols = cols(NULL, 0, true, &p->nsmall_cols);
		p->large_cols = cols(ll, nl, true, &p->nlarge_cols);
		break;
	case MX_DETAILED:
	case MX_MAX:
		for (j = 0; j <= nl && !ret; j++)
			for (i = 0; i <= ns && !ret; i++)
				ret = add(p, &cap, i ? sl[i - 1] : 0, j ? ll[j - 1] : 0);
		p->small_cols = cols(sl, ns, true, &p->nsmall_cols);
		p->large_cols = cols(ll, nl, true, &p->nlarge_cols);
		break;
	case MX_POINT:
		ret = add(p, &cap, fs, fl);
		p->small_cols = cols(&fs, 1, false, &p->nsmall_cols);
		p->large_cols = cols(&fl, 1, false, &p->nlarge_cols);
		break;
	case MX_COL:
		for (j = 0; j <= nl && !ret; j++)
			ret = add(p, &cap, fs, j ? ll[j - 1] : 0);
		p->small_cols = cols(&fs, 1, false, &p->nsmall_cols);
		p->large_cols = cols(ll, nl, true, &p->nlarge_cols);
		break;
	case MX_ROW:
		for (i = 0; i <= ns && !ret; i++)
			ret = add(p, &cap, i ? sl[i - 1] : 0, fl);
		p->small_cols = cols(sl, ns, true, &p->nsmall_cols);
		p->large_cols = cols(&fl, 1, false, &p->nlarge_cols);
		break;
	case MX_UNKNOWN: /* no shape: no point (-EINVAL below) */
		break;
	}
	/*
	 * oltp's summary lists its small loads from 1 (the 12c sample:
	 * "Small Columns:, 1, 2, ... 20"); dss likewise its large loads. The
	 * same holds for what Oracle's guide calls their advanced form: a
	 * small-only row or max (-num_large 0), a large-only col or max
	 * (-num_small 0).
	 */
	if (!ret && (run == MX_OLTP || ((matrix == MX_ROW || matrix == MX_MAX) && !fl))) {
		free(p->small_cols);
		p->small_cols = cols(sl, ns, false, &p->nsmall_cols);
	}
	if (!ret && (run == MX_DSS || ((matrix == MX_COL || matrix == MX_MAX) && !fs))) {
		free(p->large_cols);
		p->large_cols = cols(ll, nl, false, &p->nlarge_cols);
	}
	if (!ret && (!p->small_cols || !p->large_cols))
		ret = -ENOMEM;
	if (!ret && !p->n)
		ret = -EINVAL;
	if (ret) {
		mx_plan_release(p);
		return ret;
	}
	p->total = p->n + 1;
	p->per_pass = p->n;
	p->passes = 1;
	p->parts = 1;
	return 0;
}

int mx_parts(struct mx_plan *p, unsigned int parts, unsigned int refs)
{
	struct mx_point *n;
	size_t i, at, k, m = p->per_pass;

	if (parts == 1 && !refs)
		return 0;
	if (!parts || p->passes != 1 || p->parts != 1 || p->refs || (parts > 1 && refs) || !m)
		return -EINVAL;
	if (parts > 1) {
		int ret = mx_repeat(p, parts);

		for (i = m; !ret && i < p->n; i++)
			p->pts[i].part = true;
		if (!ret) {
			p->passes = 1;
			p->parts = parts;
		}
		return ret;
	}
	if (!refs)
		return 0;
	n = malloc((m + refs) * sizeof(*n));
	if (!n)
		return -ENOMEM;
	for (i = 0, at = 0, k = 1; i < m; i++) {
		n[at++] = p->pts[i];
		/* Re-measure after point m k / refs (1-based), for each k that lands here. */
		while (k <= refs && (i + 1) * refs >= k * m) {
			n[at] = p->pts[0];
			n[at].pass = (unsigned int)k + 1;
			n[at++].ref = true;
			k++;
		}
	}
	free(p->pts);
	p->pts = n;
	p->n = at;
	p->refs = refs;
	return 0;
}

size_t mx_points_in(const struct mx_plan *p, size_t upto)
{
	size_t i, k, n = 0;

	for (i = 0; i < upto && i < p->n; i++) {
		for (k = 0; k < i && p->pts[k].num != p->pts[i].num; k++)
			;
		n += k == i;
	}
	return n;
}

int mx_insert(struct mx_plan *p, size_t at, const struct mx_point *pts, size_t n)
{
	struct mx_point *np;

	if (at > p->n || p->titles)
		return -EINVAL;
	np = realloc(p->pts, (p->n + n) * sizeof(*np));
	if (!np)
		return -ENOMEM;
	memmove(np + at + n, np + at, (p->n - at) * sizeof(*np));
	memcpy(np + at, pts, n * sizeof(*np));
	p->pts = np;
	p->n += n;
	return 0;
}

int mx_repeat(struct mx_plan *p, unsigned int passes)
{
	struct mx_point *n;
	size_t i;
	unsigned int k;

	if (!passes || p->passes != 1)
		return -EINVAL;
	if (passes == 1)
		return 0;
	n = realloc(p->pts, p->per_pass * passes * sizeof(*n));
	if (!n)
		return -ENOMEM;
	for (k = 1; k < passes; k++)
		for (i = 0; i < p->per_pass; i++) {
			n[k * p->per_pass + i] = n[i];
			n[k * p->per_pass + i].pass = k + 1;
		}
	p->pts = n;
	p->n = p->per_pass * passes;
	p->passes = passes;
	return 0;
}

void mx_plan_release(struct mx_plan *p)
{
	free(p->pts);
	free(p->small_cols);
	free(p->large_cols);
	memset(p, 0, sizeof(*p));
}
