/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * jobfile.h -- fio job files for ORION data points.
 *
 * One point is one set of jobs that run concurrently (one fio group):
 * pNNN-sS-lL-small (random, bs = size_small, iodepth = S) and
 * pNNN-sS-lL-large (random: iodepth = L; sequential: L streams of
 * num_streamIO outstanding I/Os each, every stream on its own slice of
 * the volume), preceded by an unmeasured pNNN-sS-lL-warm group before
 * points with sequential large load when cache warming is on. Writes:
 * random jobs use rwmixwrite; sequential points make round(L*W/100) of
 * their streams write streams. Pass K >= 2 of -repeat adds -rK to each
 * job's name (pNNN-sS-lL-small-r2).
 */
#ifndef FIORION_JOBFILE_H
#define FIORION_JOBFILE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "fioopt.h"
#include "matrix.h"
#include "runinfo.h"

/*
 * -backend: the engine's backend= (plugin/backend_*.c name them);
 * BK_DEFAULT writes none, and the engine takes io_uring.
 */
enum bk_backend {
	BK_DEFAULT = 0,
	BK_IO_URING,
	BK_LIBAIO,
	BK_PSYNC,
	BK_NULL, /* no I/O; with service_us= the model device */
};
/* The words, "io_uring" .. "null", NULL-terminated: bk_words[i] is BK_IO_URING + i. */
extern const char *const bk_words[];
/* @b's word as the engine takes it; NULL for BK_DEFAULT. */
const char *bk_name(enum bk_backend b);

struct jf_conf {
	const char *engine;   /* engine .so path, or "${FIORION_ENGINE}" */
	const char *lunfile;  /* .lun path, or "${LUNFILE}" */
	const char *luns;     /* else the LUNs inline (a host's, -clients) */
	const char *duration; /* seconds, or "${DURATION}" */
	/*
	 * The run: raid0, stripe_kb, size_small, size_large (KB), seq,
	 * num_streamio, write_pct, cache_size (MB; -1 = not given: warm
	 * 120 s; 0 = none), duration_auto (fio's steady-state options).
	 */
	const struct ri_run *run;
	enum bk_backend backend;
	uint64_t vol_size;	     /* bytes: stream slices past 100 streams */
	const char *run_id;	     /* NULL: none (job files with placeholders) */
	bool allow_signatures;	     /* -force_write: the engine's allow_signatures=1 */
	const struct fio_opts *user; /* -fio_opt, -include: last in [global]; NULL: none */
	/*
	 * Issue 29: each measured job's IOPS and bandwidth over its time,
	 * fio's own logs (write_iops_log, write_bw_log, log_avg_msec=
	 * jf_log_msec()) named LOG_DIR/JOBNAME, so beside the point's JSON:
	 * LOG_DIR/JOBNAME_iops.N.log (N fio's job number in the file; with
	 * -clients fio's client adds .HOST). None when NULL, or when the
	 * user's -fio_opt/-include set a log option (theirs then).
	 */
	const char *log_dir;
	const char *log_tag; /* -clients: the host's tag (hosts.h), in the log names */
};

/*
 * The logs' averaging window, ms: fio's interval samples' own (500 ms,
 * iopsavgtime and bwavgtime's default). fio ties the two (init.c: a
 * windowed iops or bw log sets iops_avg_time or bw_avg_time to its
 * log_avg_msec), and so does the runner: any other window changes the
 * JSON's interval samples (fewer at 1000 ms: a 2 s point loses its 95 %
 * interval, e2e_intervals). A point shorter than 2 s (-duration 1) gets
 * JF_LOG_MSEC_SHORT (issue 42): at 500 ms fio writes one window (the one
 * ending at 1000 ms only if the job still runs when it is due), at 250 ms
 * three or four, so its time series is drawn, and its JSON has the >= 3
 * interval samples a "within" interval needs.
 */
#define JF_LOG_MSEC 500
#define JF_LOG_MSEC_SHORT 250

/* The window of @r's points' logs: JF_LOG_MSEC, or JF_LOG_MSEC_SHORT under 2 s. */
unsigned int jf_log_msec(const struct ri_run *r);

/*
 * The engine's options in a job file (fiorion's points and the hosts'
 * probe): the engine, the LUNs, the volume's layout, the backend, the
 * signatures override, and direct=1.
 */
struct jf_engine {
	const char *engine;  /* ioengine=external:ENGINE */
	const char *lunfile; /* lunfile=, unless ... */
	const char *luns;    /* ... luns= is given */
	bool raid0;	     /* simulate=raid0 and stripe=, else simulate=concat */
	unsigned int stripe_kb;
	enum bk_backend backend;
	bool allow_signatures;
};

/* @e's lines, in the order every fiorion job file has them. */
void jf_engine_opts(FILE *f, const struct jf_engine *e);

/* Does this point get a warm-up group? */
bool jf_has_warm(const struct jf_conf *c, const struct mx_point *p);

/* Of @streams sequential streams at -write @write_pct, how many write: round(L*W/100). */
unsigned int jf_write_streams(unsigned int streams, unsigned int write_pct);

/* The comment block and [global] section. */
void jf_global(FILE *f, const struct jf_conf *c, const char *comment);

/*
 * The sections of point @num (1-based) at @p. @first_group: the point
 * starts the file, so its first section needs no stonewall.
 */
void jf_point(FILE *f, const struct jf_conf *c, unsigned int num,
	      const struct mx_point *p, bool first_group);

/*
 * One entry of the plan's job file as fiorion writes it to
 * <testname>_jobs/pNNN[.rK].fio: a comment naming the point (and its
 * pass, part, reference or pair re-measure; @host's name under
 * -clients, else NULL), the [global] section, the point's jobs.
 * malloc'ed, NULL when out of memory.
 */
char *jf_entry_text(const struct jf_conf *c, const char *testname, const struct mx_plan *plan,
		    const struct mx_point *p, const char *host);

#endif
