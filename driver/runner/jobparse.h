/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * jobparse.h -- fio job files, the subset fiorion writes, with fio's
 * meaning for each option.
 *
 * Syntax: [sections], [global], key=value, keys without a value (true),
 * '#' and ';' comments, ${VAR} from the environment, fio's size (k, m,
 * g, t; KiB = 1024; also %, of the volume) and time (us, ms, s, m, h;
 * seconds when bare) suffixes. Options apply as fio applies them: a
 * [global] section to the jobs after it. An option outside the subset is
 * an error naming it, the file and the line; nothing is silently ignored.
 */
#ifndef FIORION_JOBPARSE_H
#define FIORION_JOBPARSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "backend.h"
#include "fr_err.h"

/* Most clones of one job (numjobs), as fio's REAL_MAX_JOBS. */
#define JP_MAX_CLONES_N 4096
#define JP_MAX_CLONES ((unsigned int)JP_MAX_CLONES_N)

/*
 * fio's steady-state criterion (steadystate=), its FIO_SS_* bits with
 * fio's values: IOPS or BW, SLOPE for the *_slope forms, PCT when the
 * limit is a percentage. steady.h adds the bits of a running window.
 */
enum {
	JP_SS_IOPS = 1u << 0,
	JP_SS_BW = 1u << 1,
	JP_SS_SLOPE = 1u << 2,
	JP_SS_PCT = 1u << 6,
};

enum jp_rw {
	JP_READ,
	JP_WRITE,
	JP_RANDREAD,
	JP_RANDWRITE,
	JP_RW,
	JP_RANDRW,
};

/* A byte quantity that may be a percentage of the file's size. */
struct jp_size {
	uint64_t bytes;
	unsigned int pct; /* 1..100 when given as a percentage, else 0 */
	bool set;
};

struct jp_kv {
	char *key, *val; /* val NULL: given without a value */
	unsigned int line;
};

struct jp_job {
	char *name;
	unsigned int line; /* of its [section] */
	int groupid;
	struct jp_kv *own; /* the job's own options, for "job options" (fio's names, not aliases) */
	size_t nown;

	/* Engine and target. */
	char *ioengine;	 /* as written */
	char *engine_so; /* external:PATH, else NULL */
	char *lunfile, *luns, *simulate, *backend;
	char **files; /* filename=: fio's names, each line's added (fr_lunlist_fio()) */
	unsigned int nfiles;
	uint64_t stripe;

	/* Workload. */
	enum jp_rw rw;
	unsigned int rwmixwrite; /* percent */
	uint64_t bs;
	unsigned int iodepth, numjobs;
	bool direct, time_based, randrepeat, norandommap;
	bool randseed_set; /* fio's randseed=N: the seed of every random choice */
	uint64_t randseed;
	uint64_t runtime_us; /* 0 = none */
	struct jp_size size, io_size, offset, offset_increment;
	bool verify_pattern; /* verify=pattern */
	uint32_t pattern;
	unsigned int pattern_len; /* bytes of pattern */
	bool do_verify;
	bool allow_signatures;	   /* the engine's: write LUNs that carry signatures */
	struct backend_conf uring; /* fio's io_uring options (hipri, fixedbufs, ...) */

	/*
	 * Steady state (steadystate, steadystate_duration, _ramp_time; fio's
	 * default criterion iops_slope:0.01%). It is on when the duration
	 * is at least 1 s (fio keeps whole seconds of it).
	 */
	unsigned int ss_crit; /* JP_SS_IOPS or JP_SS_BW, | JP_SS_SLOPE, | JP_SS_PCT */
	double ss_limit;      /* percent, IOPS, or bytes/s */
	uint64_t ss_dur_us, ss_ramp_us;
	/*
	 * exitall: when a clone ends, the rest of its group stop. fio keeps
	 * it for the whole run, so one job's sets it for every job.
	 */
	bool exitall;

	/*
	 * fio's rate options, per clone and direction ([0] reads, [1]
	 * writes; 0: that direction unrated): rate in bytes/s wins over
	 * rate_iops, as in fio's init.c: __setup_rate(). A job rated in a
	 * direction it does runs an open loop (openloop.h).
	 */
	uint64_t rate[2];
	unsigned int rate_iops[2];
	bool rate_poisson;   /* rate_process=poisson (else linear) */
	bool rate_ign_think; /* rate_ignore_thinktime: no thinktime here, no effect */

	/* Reporting. */
	char *description;		     /* NULL: none */
	unsigned int bw_avg_ms, iops_avg_ms; /* bwavgtime, iopsavgtime */
	bool disk_util;
	bool lat_percentiles;	       /* lat_ns gets percentiles and (json+) bins, as fio's */
	bool bw_avg_set, iops_avg_set; /* bwavgtime, iopsavgtime given */

	/*
	 * fio's logs (rnlog.h): write_bw_log, write_iops_log,
	 * write_lat_log, write_hist_log, each with its file name prefix
	 * (NULL: the option not given; "": the job's name), and how
	 * entries are made.
	 */
	char *bw_log, *iops_log, *lat_log, *hist_log;
	unsigned int log_avg_ms;		/* log_avg_msec: 0 = one entry per I/O */
	unsigned int log_hist_ms;		/* log_hist_msec */
	unsigned int log_hist_coarse;		/* log_hist_coarseness */
	bool log_max, log_offset, per_job_logs; /* log_max_value, log_offset, per_job_logs */
};

struct jp_file {
	struct jp_job *jobs;
	size_t njobs;
	struct jp_kv *global; /* every [global] option, for "global options" */
	size_t nglobal;
	int ngroups;
};

/* Whether @j issues I/O in direction @ddir (0 reads, 1 writes). */
static inline bool jp_does(const struct jp_job *j, int ddir)
{
	bool mixed = j->rw == JP_RW || j->rw == JP_RANDRW;

	if (ddir == 0)
		return mixed ? j->rwmixwrite < 100 : j->rw == JP_READ || j->rw == JP_RANDREAD;
	return mixed ? j->rwmixwrite > 0 : j->rw == JP_WRITE || j->rw == JP_RANDWRITE;
}

/* Whether @j has a rate in direction @ddir. */
static inline bool jp_rated_dir(const struct jp_job *j, int ddir)
{
	return j->rate[ddir] || j->rate_iops[ddir];
}

/* Whether @j runs an open loop: rated in a direction it does. */
static inline bool jp_rated(const struct jp_job *j)
{
	return (jp_does(j, 0) && jp_rated_dir(j, 0)) || (jp_does(j, 1) && jp_rated_dir(j, 1));
}

/*
 * Parse @path. Returns 0, or a negative errno with @err as
 * "FILE:LINE: ..." (unknown option, bad value, unset ${VAR}, ...).
 */
int jp_parse_file(struct jp_file *f, const char *path, struct fr_err *err);
int jp_parse_buffer(struct jp_file *f, const char *name, const char *text,
		    struct fr_err *err);
void jp_release(struct jp_file *f);

const char *jp_rw_name(enum jp_rw rw);

/* Whether the built-in runner takes option @key (a name or an alias). */
bool jp_option_known(const char *key);

/*
 * -runner fio with the user's own fio options (-fio_opt, -include): the
 * driver checks each point's job file with this parser before anything
 * runs, and @keys (@n of them, kept until the next call) are fio's to
 * judge: they are passed over, not applied and not refused.
 */
void jp_leave_to_fio(const char *const *keys, size_t n);

#endif
