// SPDX-License-Identifier: GPL-2.0-only
/*
 * points_csv.c -- <testname>.points.csv (see points_csv.h).
 */
#include "points_csv.h"

#include <math.h>

#include "ptsrc.h"

const char pc_header[] =
	"small,large,iops,iops_lo,iops_hi,mbps,mbps_lo,mbps_hi,lat_ms,lat_p50_ms,lat_p99_ms,"
	"lat_p999_ms,read_pct,write_pct,samples,runtime_s,passes,interval,"
	"files,hosts,groups,jobs,rw,bs,iodepth,numjobs,ioengine"; /* ptsrc.h: the point's jobs */

/* ",%.*f" or "," when @v is not a finite figure. */
static void cellf(FILE *f, double v, int decimals)
{
	if (isfinite(v) && v >= 0)
		fprintf(f, ",%.*f", decimals, v);
	else
		fputc(',', f);
}

static void pct_ms(FILE *f, const struct fj_lat *lat, double pct)
{
	double ns = pt_percentile(lat, pct);

	cellf(f, ns >= 0 ? ns / 1e6 : -1, 4);
}

static void row(FILE *f, const struct pt_set *pts, const struct pt_point *p)
{
	const struct pt_class *s = &p->small, *l = &p->large;
	const struct pt_class *lc = s->present ? s : l;
	uint64_t r = s->ios[0] + l->ios[0], w = s->ios[1] + l->ios[1];
	enum iv_kind iv = lc->iv;
	double secs = s->secs > l->secs ? s->secs : l->secs;

	/* Both classes at once: the row's interval is the weaker of the two. */
	if (s->present && l->present && l->iv < iv)
		iv = l->iv;
	fprintf(f, "%u,%u", p->s, p->l);
	if (s->present) {
		cellf(f, s->iops, 1);
		cellf(f, iv ? s->iops_iv.lo : -1, 1);
		cellf(f, iv ? s->iops_iv.hi : -1, 1);
	} else {
		fputs(",,,", f);
	}
	if (l->present) {
		cellf(f, l->mbps, 2);
		cellf(f, iv ? l->mbps_iv.lo : -1, 2);
		cellf(f, iv ? l->mbps_iv.hi : -1, 2);
	} else {
		fputs(",,,", f);
	}
	if (lc->present && lc->lat[PT_ALL].n) {
		cellf(f, lc->lat[PT_ALL].mean / 1e6, 4);
		pct_ms(f, &lc->lat[PT_ALL], 50.0);
		pct_ms(f, &lc->lat[PT_ALL], 99.0);
		pct_ms(f, &lc->lat[PT_ALL], 99.9);
	} else {
		fputs(",,,,", f);
	}
	cellf(f, r + w ? 100.0 * (double)r / (double)(r + w) : -1, 1);
	cellf(f, r + w ? 100.0 * (double)w / (double)(r + w) : -1, 1);
	if (lc->samples)
		fprintf(f, ",%llu", (unsigned long long)lc->samples);
	else
		fputc(',', f);
	cellf(f, secs, 3);
	fprintf(f, ",%u,%s", p->passes ? p->passes : 1, iv_kind_name(iv));
	ps_csv(f, pts, p);
	fputc('\n', f);
}

void pc_write(FILE *f, const struct pt_set *pts)
{
	size_t i;

	fprintf(f, "%s\n", pc_header);
	for (i = 0; i < pts->n; i++)
		row(f, pts, &pts->pts[i]);
}
