/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rnstat.c -- fio 3.33's thread_stat counters outside latency histograms
 * (see rnstat.h); each rule names the fio function it follows.
 */
#include "rnstat.h"

#include <math.h>

const char *const rs_level_keys[RS_MAP_NR] = { "1", "2", "4", "8", "16", "32", ">=64" };
const char *const rs_submit_keys[RS_MAP_NR] = { "0", "4", "8", "16", "32", "64", ">=64" };
const char *const rs_lat_keys[RS_LAT_M_NR] = {
	"2", "4", "10", "20", "50", "100", "250", "500", "750", "1000", "2000", ">=2000"
};

/* stat.h: add_stat_sample() */
void rs_sample_add(struct rs_samples *s, uint64_t v)
{
	double val = (double)v, delta;

	if (!s->n || v > s->max)
		s->max = v;
	if (!s->n || v < s->min)
		s->min = v;
	delta = val - s->mean;
	if (delta != 0) {
		s->mean += delta / ((double)s->n + 1.0);
		s->S += delta * (val - s->mean);
	}
	s->n++;
}

/* stat.c: calc_lat() */
bool rs_sample_calc(const struct rs_samples *s, uint64_t *min, uint64_t *max,
		    double *mean, double *dev)
{
	if (!s->n) {
		*min = *max = 0;
		*mean = *dev = 0;
		return false;
	}
	*min = s->min;
	*max = s->max;
	*mean = s->mean;
	*dev = s->n > 1 ? sqrt(s->S / ((double)s->n - 1.0)) : 0;
	return true;
}

/* stat.c: __add_samples() */
uint64_t rs_rate(uint64_t delta, uint64_t spent_ms, bool kib)
{
	if (!spent_ms)
		return 0;
	return kib ? delta * 1000 / spent_ms / 1024 : delta * 1000 / spent_ms;
}

/* io_u.c: io_u_mark_depth() */
void rs_mark_depth(struct rs_depths *d, unsigned int cur_depth, unsigned int nr)
{
	unsigned int idx;

	if (cur_depth >= 64)
		idx = 6;
	else if (cur_depth >= 32)
		idx = 5;
	else if (cur_depth >= 16)
		idx = 4;
	else if (cur_depth >= 8)
		idx = 3;
	else if (cur_depth >= 4)
		idx = 2;
	else if (cur_depth >= 2)
		idx = 1;
	else
		idx = 0;
	d->level[idx] += nr;
}

/* io_u.c: __io_u_mark_map() */
static void mark_map(uint64_t *map, unsigned int nr)
{
	unsigned int idx;

	if (nr > 64)
		idx = 6;
	else if (nr > 32)
		idx = 5;
	else if (nr > 16)
		idx = 4;
	else if (nr > 8)
		idx = 3;
	else if (nr > 4)
		idx = 2;
	else if (nr > 0)
		idx = 1;
	else
		idx = 0;
	map[idx]++;
}

void rs_mark_submit(struct rs_depths *d, unsigned int nr)
{
	mark_map(d->submit, nr);
	d->total_submit++;
}

void rs_mark_complete(struct rs_depths *d, unsigned int nr)
{
	mark_map(d->complete, nr);
	d->total_complete++;
}

/*
 * io_u.c: io_u_mark_lat_nsec/usec/msec(): bucket k holds values below
 * the k-th bound of 2, 4, 10, 20, 50, 100, 250, 500, 750, 1000 (2000,
 * and above for ms).
 */
static unsigned int lat_idx(uint64_t v, unsigned int nr)
{
	static const uint64_t bound[RS_LAT_M_NR - 1] = {
		2, 4, 10, 20, 50, 100, 250, 500, 750, 1000, 2000
	};
	unsigned int i;

	for (i = 0; i < nr - 1; i++)
		if (v < bound[i])
			return i;
	return nr - 1;
}

void rs_mark_latency(struct rs_depths *d, uint64_t ns)
{
	if (ns < 1000)
		d->lat_n[lat_idx(ns, RS_LAT_N_NR)]++;
	else if (ns < 1000000)
		d->lat_u[lat_idx(ns / 1000, RS_LAT_U_NR)]++;
	else
		d->lat_m[lat_idx(ns / 1000000, RS_LAT_M_NR)]++;
}

/* stat.c: stat_calc_dist() */
void rs_calc_dist(const uint64_t *map, uint64_t total, double *pct)
{
	unsigned int i;

	for (i = 0; i < RS_MAP_NR; i++) {
		pct[i] = total ? (double)map[i] / (double)total * 100.0 : 0;
		if (total && map[i] && pct[i] < 0.1)
			pct[i] = 0.1;
	}
}

/* stat.c: stat_calc_lat() */
void rs_calc_lat(const uint64_t *src, unsigned int nr, uint64_t total, double *pct)
{
	unsigned int i;

	for (i = 0; i < nr; i++) {
		pct[i] = total ? (double)src[i] / (double)total * 100.0 : 0;
		if (total && src[i] && pct[i] < 0.01)
			pct[i] = 0.01;
	}
}
