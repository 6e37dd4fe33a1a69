/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rnlog.h -- fio's logs from the built-in runner: write_bw_log,
 * write_iops_log, write_lat_log, write_hist_log with log_avg_msec,
 * log_max_value, log_offset, log_hist_msec, log_hist_coarseness and
 * per_job_logs, the files fio 3.33 writes for the same job file.
 *
 * Names (init.c: gen_log_name()): PREFIX_KIND.N.log, N the clone's
 * number in the file (fio's thread_number, from 1, clones of a job one
 * after another), PREFIX the option's value or the job's name; with
 * per_job_logs=0 PREFIX_KIND.log, every clone appending to it. KIND is
 * bw, iops, lat, clat, slat (write_lat_log writes all three; a
 * synchronous engine's slat log is empty, as fio's) or clat_hist.
 *
 * Lines (iolog.c: flush_samples()): "time, value, ddir, bs, prio", with
 * log_offset "time, value, ddir, bs, offset, prio"; time in ms from the
 * job's start, prio 0. Values: lat, clat, slat in ns; bw in KiB/s over
 * an interval, or per I/O (log_avg_msec=0) fio's bytes * 10^6 / clat ns;
 * iops in I/Os per second over an interval, or 1 per I/O. With
 * log_avg_msec each window's entry is its samples' mean rounded (or its
 * maximum with log_max_value), bs and offset 0 (stat.c:
 * add_log_sample()). The histogram log (iolog.c: flush_hist_samples()):
 * "time, ddir, bs, b0, b1, ..." the clat histogram's buckets (fio's
 * 1856, summed 2^coarseness at a time) counted since the entry before,
 * one entry per direction every log_hist_msec (none when 0).
 *
 * A log is kept in memory and written when its run ends, as fio's.
 */
#ifndef FIORION_RNLOG_H
#define FIORION_RNLOG_H

#include <stdbool.h>
#include <stdint.h>

#include "fr_err.h"
#include "jobparse.h"

struct rl_log;

/* How one log makes its entries. */
struct rl_params {
	unsigned int avg_ms;	  /* 0: an entry per sample */
	bool log_max;		  /* a window's maximum, not its mean */
	bool offset;		  /* the offset column */
	bool inline_;		  /* a latency log: a window ends on time, no slack */
	bool append;		  /* per_job_logs=0: append to the file */
	unsigned int hist_ms;	  /* a histogram log: ms between entries */
	unsigned int hist_coarse; /* log_hist_coarseness */
};

/* A log to write to @path; NULL when out of memory. */
struct rl_log *rl_log_new(const char *path, const struct rl_params *p);
/* stat.c: add_log_sample(): a sample @val at @t_ms (ms from the job's start). */
void rl_log_add(struct rl_log *l, uint64_t t_ms, int ddir, uint64_t val, uint64_t bs,
		uint64_t off);
/*
 * stat.c: add_clat_sample()'s histogram part: a clat sample at @t_ms,
 * @bins the direction's whole clat histogram (LH_NR buckets) after it.
 */
void rl_log_hist(struct rl_log *l, uint64_t t_ms, int ddir, uint64_t bs, const uint64_t *bins);
/* stat.c: finalize_logs(): each direction's open window, at @t_ms. */
void rl_log_finish(struct rl_log *l, uint64_t t_ms);
/* Write the file (iolog.c: flush_log()). 0, or -errno with @err. */
int rl_log_write(struct rl_log *l, struct fr_err *err);
/* Its entries so far (for tests). */
uint64_t rl_log_entries(const struct rl_log *l);
void rl_log_free(struct rl_log *l);

/* One clone's logs. */
struct rl_set {
	bool any; /* some log asked for: the only test on the I/O path */
	struct rl_log *bw, *iops, *lat, *clat, *slat, *hist;
	bool unit_bw, unit_iops; /* an entry per I/O (log_avg_msec=0), else per interval */
};

/*
 * The logs job @j asks for, of its clone @num (fio's thread_number,
 * from 1). Refuses, before any I/O, a file whose directory cannot be
 * written. 0, or -errno with @err.
 */
int rl_open(struct rl_set *s, const struct jp_job *j, unsigned int num, struct fr_err *err);

/* One completed I/O (io_u.c: account_io_completion()). */
struct rl_rec {
	uint64_t t_ms, slat_t_ms; /* completion, issue: ms from the job's start */
	int ddir;
	uint64_t bs, off;
	uint64_t lat_ns, clat_ns, slat_ns;
	bool has_slat;		   /* an asynchronous I/O's */
	const uint64_t *clat_bins; /* the direction's clat histogram after it */
};
void rl_io(struct rl_set *s, const struct rl_rec *r);

/* An interval's rate from the parent's sampler (stat.c: __add_samples()). */
void rl_rate(struct rl_set *s, bool bw, uint64_t t_ms, int ddir, uint64_t rate, uint64_t bs);

/*
 * The clone ended at @t_ms: close the windows of the logs it keeps
 * (@rates false: latency and per-I/O logs), or of the parent's
 * interval logs (@rates true, once the clone's group is over).
 */
void rl_finish(struct rl_set *s, uint64_t t_ms, bool rates);
/* Write every log of @s. 0, or -errno with @err naming the file. */
int rl_write(struct rl_set *s, struct fr_err *err);
void rl_close(struct rl_set *s);

#endif
