// SPDX-License-Identifier: GPL-2.0-only
/*
 * orion_tradeoff.c -- ORION 10.2's <testname>_tradeoff.csv. Its help is
 * all there is of it (orion.md 3.7: "large MBPS / small IOPS combinations
 * that can be achieved at certain small latencies"; no real file is
 * known), so fiorion's rule, docs/files.md's: rows are small latency
 * bounds, each with the mixed point (small and large load at once)
 * within it that gives the most large MBPS, then the most small IOPS, and
 * that point's own figures.
 *
 * The bounds follow the measured latencies: a fixed 1 .. 100 ms put
 * every point of fast storage under the first bound, and every row was
 * the same point. They are the 1-2-5 series from the last value under
 * the fastest mixed point (a bare row: nothing is that fast) to the
 * first at or over the slowest (every point within); a bound whose best
 * point is the row above's adds no row, as it would repeat it.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>

#include "orion_report.h"

bool or_has_mixed(const struct pt_set *pts)
{
	size_t i;

	for (i = 0; i < pts->n; i++)
		if (pts->pts[i].small.present && pts->pts[i].large.present)
			return true;
	return false;
}

/*
 * The largest bound (ns, 11.6 days): next_bound() stays well inside
 * uint64_t up to it, so the loops over bounds end whatever the input.
 */
#define BOUND_MAX 1000000000000000ULL

/* A mixed point with a small latency: one the rows can name. */
static bool in_table(const struct pt_point *p)
{
	double ns = p->small.lat[PT_ALL].mean;

	/* A latency no bound reaches (a NaN, or past BOUND_MAX) has no row. */
	return p->small.present && p->large.present && p->small.lat[PT_ALL].n && isfinite(ns) &&
		ns >= 0 && ns <= (double)BOUND_MAX;
}

/* The 1-2-5 series in ns (from 1000, 1 us): the value after @b. */
static uint64_t next_bound(uint64_t b)
{
	uint64_t d = 1;

	while (b / d >= 10)
		d *= 10;
	return b / d == 1 ? 2 * d : b / d == 2 ? 5 * d
					       : 10 * d;
}

/* Within @bound ns: the most large MBPS, then small IOPS; of equals the first run. */
static const struct pt_point *best_within(const struct pt_set *pts, uint64_t bound)
{
	const struct pt_point *best = NULL;
	size_t i;

	for (i = 0; i < pts->n; i++) {
		const struct pt_point *p = &pts->pts[i];

		if (!in_table(p) || p->small.lat[PT_ALL].mean > (double)bound)
			continue;
		/* ORION truncates IOPS: equal in the file, equal here. */
		if (!best || p->large.mbps > best->large.mbps ||
		    (p->large.mbps == best->large.mbps &&
		     (long long)p->small.iops > (long long)best->small.iops))
			best = p;
	}
	return best;
}

/* The bound in ms with the decimals it needs: "0.005", "0.2", "1", "50". */
static void put_bound(FILE *f, uint64_t ns)
{
	int dec = ns >= 1000000 ? 0 : ns >= 100000 ? 1
		: ns >= 10000			   ? 2
						   : 3;
	char text[32];

	snprintf(text, sizeof(text), "%.*f", dec, (double)ns / 1e6);
	fprintf(f, "%11s", text);
}

void or_tradeoff_csv(FILE *f, const struct pt_set *pts)
{
	const struct pt_point *best, *prev = NULL;
	double lo = 0, hi = 0;
	uint64_t b = 1000;
	size_t i, n = 0;

	fputs("Latency(ms),   IOPS,   MBPS,  Small,  Large\n", f);
	for (i = 0; i < pts->n; i++) {
		double ns = pts->pts[i].small.lat[PT_ALL].mean;

		if (!in_table(&pts->pts[i]))
			continue;
		lo = n && lo < ns ? lo : ns;
		hi = n && hi > ns ? hi : ns;
		n++;
	}
	if (!n)
		return;
	if ((double)b < lo) {
		while ((double)next_bound(b) < lo && b < BOUND_MAX)
			b = next_bound(b);
		put_bound(f, b); /* under every point: a bare label */
		fputc('\n', f);
		b = next_bound(b);
	}
	for (;; b = next_bound(b)) {
		best = best_within(pts, b);
		if (best && best != prev) {
			put_bound(f, b);
			fprintf(f, ",%7lld,%7.2f,%7u,%7u\n", (long long)best->small.iops,
				best->large.mbps, best->s, best->l);
			prev = best;
		}
		if ((double)b >= hi || b >= BOUND_MAX)
			break;
	}
}
