/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rnstat.h -- a clone's statistics beyond latency, kept as fio 3.33's
 * struct thread_stat keeps them, so the built-in runner's JSON carries
 * every number fio's does, with fio's meaning:
 *
 *  - bandwidth and IOPS samples (fio's io_stat: min, max, Welford mean
 *    and S), one per bwavgtime/iopsavgtime interval (500 ms), taken from
 *    the bytes and I/Os done in the interval as fio's __add_samples()
 *    takes them: rate = delta * 1000 / spent_ms (/ 1024 for KiB/s);
 *  - the depth map: I/Os in flight (counting the one being submitted)
 *    each time I/Os are handed to the kernel (io_u_mark_depth());
 *  - I/Os per submit call and per completion call (io_u_submit,
 *    io_u_complete);
 *  - completion latency (clat) in fio's ns/us/ms buckets
 *    (io_u_mark_latency()).
 *
 * Percentages are fio's stat_calc_dist() and stat_calc_lat(): a share of
 * the I/Os issued, raised to 0.1 (depths) or 0.01 (latency) when a
 * bucket is not empty but rounds below that.
 */
#ifndef FIORION_RNSTAT_H
#define FIORION_RNSTAT_H

#include <stdbool.h>
#include <stdint.h>

#define RS_MAP_NR 7    /* FIO_IO_U_MAP_NR */
#define RS_LAT_N_NR 10 /* FIO_IO_U_LAT_N_NR */
#define RS_LAT_U_NR 10 /* FIO_IO_U_LAT_U_NR */
#define RS_LAT_M_NR 12 /* FIO_IO_U_LAT_M_NR */

/* fio's struct io_stat, as used for bw and iops samples. */
struct rs_samples {
	uint64_t n, min, max;
	double mean, S;
};

struct rs_depths {
	uint64_t level[RS_MAP_NR]; /* io_u_map */
	uint64_t submit[RS_MAP_NR], complete[RS_MAP_NR];
	uint64_t total_submit, total_complete;
	uint64_t lat_n[RS_LAT_N_NR], lat_u[RS_LAT_U_NR], lat_m[RS_LAT_M_NR];
};

void rs_sample_add(struct rs_samples *s, uint64_t v);
/* fio's calc_lat(): false when there are no samples (all outputs 0). */
bool rs_sample_calc(const struct rs_samples *s, uint64_t *min, uint64_t *max,
		    double *mean, double *dev);
/*
 * One interval's rate as fio computes it: @delta units over @spent_ms
 * milliseconds, per second; @kib divides by 1024 (bandwidth in KiB/s).
 * 0 when @spent_ms is 0.
 */
uint64_t rs_rate(uint64_t delta, uint64_t spent_ms, bool kib);

/* @nr I/Os handed to the kernel with @cur_depth in flight, counting them. */
void rs_mark_depth(struct rs_depths *d, unsigned int cur_depth, unsigned int nr);
void rs_mark_submit(struct rs_depths *d, unsigned int nr);
void rs_mark_complete(struct rs_depths *d, unsigned int nr);
void rs_mark_latency(struct rs_depths *d, uint64_t clat_ns);

/* fio's stat_calc_dist(): @map as percentages of @total, into @pct. */
void rs_calc_dist(const uint64_t *map, uint64_t total, double *pct);
/* fio's stat_calc_lat(): @nr buckets as percentages of @total. */
void rs_calc_lat(const uint64_t *src, unsigned int nr, uint64_t total, double *pct);

/* fio's JSON keys for the buckets above. */
extern const char *const rs_level_keys[RS_MAP_NR];
extern const char *const rs_submit_keys[RS_MAP_NR];
extern const char *const rs_lat_keys[RS_LAT_M_NR]; /* ns and us use the first 10 */

#endif
