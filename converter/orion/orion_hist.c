// SPDX-License-Identifier: GPL-2.0-only
/*
 * orion_hist.c -- ORION 12.1+'s <testname>_hist.txt: each point's read
 * and write latency histogram in power-of-two microsecond buckets.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "fjbins.h"
#include "orion_hist.h"

#define HIST_TOP 268435456ULL /* 2^28 us, ORION's catch-all bound */

/* Counts per power-of-two us bucket: [0,32), [32,64), ... */
static unsigned int bucket_of(double ns)
{
	double us = ns / 1000.0;
	unsigned int b = 0;

	if (us < 32)
		return 0;
	while (b < 23 && us >= (double)(32ULL << (b + 1)))
		b++;
	return b + 1;
}

bool or_hist_table(FILE *f, const struct pt_class *c)
{
	uint64_t cnt[2][26] = { { 0 } }, tot[2] = { 0, 0 }, cum[2] = { 0, 0 };
	unsigned int last = 0, b, d;
	struct fjh_it it;
	struct fj_bin x;

	if (!c->lat[PT_READ].nbins && !c->lat[PT_WRITE].nbins)
		return false;
	for (d = 0; d < 2; d++)
		for (fjh_begin(&it, &c->lat[d]); fjh_next(&it, &x);) {
			b = bucket_of(x.ns);
			cnt[d][b] += x.count;
			tot[d] += x.count;
			if (b > last)
				last = b;
		}
	fputs("        Latency:                         # of IOs (read)          # of IOs (write)\n", f);
	for (b = 0; b <= last + 1; b++) {
		unsigned long long lo = b ? 32ULL << (b - 1) : 0;
		unsigned long long hi = b <= last ? 32ULL << b : HIST_TOP;
		uint64_t n[2];

		for (d = 0; d < 2; d++) {
			n[d] = b <= last ? cnt[d][b] : 0;
			cum[d] += n[d];
		}
		fprintf(f, "%9llu - %-11lluus:%16llu (%6.2f%%)%15llu (%6.2f%%)\n",
			lo, hi, (unsigned long long)n[0],
			tot[0] ? 100.0 * (double)cum[0] / (double)tot[0] : 0.0,
			(unsigned long long)n[1],
			tot[1] ? 100.0 * (double)cum[1] / (double)tot[1] : 0.0);
	}
	return true;
}

bool or_hist(FILE *f, const struct pt_set *pts)
{
	bool any = false;
	size_t i;

	for (i = 0; i < pts->n; i++) {
		const struct pt_point *p = &pts->pts[i];

		if (p->small.present && (p->small.lat[0].nbins || p->small.lat[1].nbins)) {
			fprintf(f, "%sSmall Read / Write Latency Histogram @ Small=%u and Large=%u%s\n",
				any ? "\n" : "", p->s, p->l, OR_CLAT_NOTE(&p->small));
			or_hist_table(f, &p->small);
			any = true;
		}
		if (p->large.present && (p->large.lat[0].nbins || p->large.lat[1].nbins)) {
			fprintf(f, "%sLarge Read / Write Latency Histogram @ Small=%u and Large=%u%s\n",
				any ? "\n" : "", p->s, p->l, OR_CLAT_NOTE(&p->large));
			or_hist_table(f, &p->large);
			any = true;
		}
	}
	return any;
}
