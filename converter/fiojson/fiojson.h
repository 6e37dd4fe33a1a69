/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fiojson.h -- read fio's JSON output (fio 2.1 .. 3.x, json and json+,
 * local and client/server) into plain structs, in fixed units.
 *
 * Units after reading, whatever the fio version: bytes, nanoseconds,
 * milliseconds for runtimes. What fio did not record is marked absent
 * (has_* false, counts 0), never invented. The "All clients" entry of a
 * client/server run is a sum of the others and is skipped. A file may
 * hold text before the JSON and several concatenated documents
 * (--status-interval); the last document is the result, and the count
 * of interim ones before it is kept. A file that ends inside its last
 * document (fio stopped while writing its final report) is refused, or
 * with partial_ok its last whole report is taken and last_cut says so.
 *
 * A document may also carry a "fiorion" object: the description of the
 * run written by the fiorion driver (command line, ORION parameters,
 * LUNs). A file that holds only that object is a valid input too.
 */
#ifndef FIORION_FIOJSON_H
#define FIORION_FIOJSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fr_err.h"
#include "runinfo.h"

/* One latency histogram bucket: its value (ns) and how many I/Os. */
struct fj_bin {
	double ns;
	uint64_t count;
};

#define FJ_MAX_PCT 64

struct fj_hist; /* fjbins.h: json+ bins held once, compact */

struct fj_lat {
	bool present;
	double min, max, mean, stddev; /* ns */
	uint64_t n;		       /* samples (fio's N, else total_ios) */
	unsigned int npct;	       /* at most FJ_MAX_PCT */
	double *pct;		       /* npct percentiles, e.g. 99.9 (malloc'ed, or NULL) */
	double *pct_ns;		       /* their values, ns */
	bool pct_from_clat;	       /* lat_ns had none; these are clat's */
	size_t nbins;
	struct fj_hist *hist;	      /* nbins bins sorted by ns (fjbins.h); NULL without json+ */
	const struct fj_hist *pct_of; /* the list pct_ns were found from (ptl_finish()), or NULL */
	bool bins_from_clat;
};

struct fj_dir {
	uint64_t ios; /* completed I/Os */
	uint64_t bytes;
	uint64_t runtime_ms;
	double iops_fio;   /* fio's own iops when it gave no total_ios, else 0 */
	struct fj_lat lat; /* submission to completion (fio's lat) */
	/*
	 * fio's interval samples (iopsavgtime / bwavgtime, 500 ms by default):
	 * their mean, standard deviation and count, as fio wrote them; under
	 * group_reporting fio adds the members' means, counts and sums of
	 * squares (stat.c sum_stat(), pure_sum). Count 0: fio wrote none.
	 */
	double iops_mean, iops_sd; /* I/Os per second */
	uint64_t iops_samples;
	double bw_mean, bw_sd; /* KiB per second */
	uint64_t bw_samples;
};

enum {
	FJ_READ = 0,
	FJ_WRITE = 1
};

/*
 * fio's "steadystate" block (fio 2.16+; a job with steadystate_duration
 * set): the criterion, whether it held (fio then ended the job early) and
 * the window's per-second samples.
 */
struct fj_ss {
	bool present;
	bool attained;	       /* "attained": 1 */
	char *setting;	       /* "ss", as fio writes it: "iops_slope:2.000000%" */
	char *criterion;       /* "criterion": the figure at the end, "2.453258%" */
	unsigned int window_s; /* "duration": the rolling window, s */
	double max_deviation, slope;
	double iops_mean, bw_mean; /* "data": over the window; bw in bytes/s */
	size_t n;		   /* samples in the window (0 where fio had none yet) */
	double *iops, *bw;	   /* per second; bw in bytes/s */
};

/* The deepest queue a job may ask for (iodepth=, iodepth_level keys). */
#define FJ_MAX_DEPTH (1u << 20)

struct fj_job {
	char *name;
	int groupid;
	char *host;		/* "host:port" in client/server runs, else NULL */
	unsigned int file;	/* index of the input file */
	unsigned int doc_order; /* position in its file */
	int error;		/* fio's error for the job */

	/* Options (job overlaid on global), as fio echoed them. */
	uint64_t iodepth;		 /* what fio held (1 when it did not say) */
	uint64_t iodepth_asked;		 /* the iodepth= option, 0 when not echoed */
	const char *depth_why;		 /* why iodepth differs from the option, or NULL */
	uint64_t numjobs;		 /* 1 when fio did not say */
	char *rw;			 /* NULL when not echoed */
	double rwmixwrite;		 /* percent, or -1 when not set */
	uint64_t bs;			 /* bytes of the bs= option, 0 if absent */
	char *filename;			 /* filename= option */
	char *lunfile, *luns, *simulate; /* fiorion engine options */
	char *backend;			 /* the engine's backend= option, NULL when not set */

	/* bs=, bsrange=, bssplit= as echoed (ptkind.h reads them), or NULL. */
	char *bs_text, *bsrange, *bssplit;
	char *ioengine; /* ioengine= as echoed, or NULL */

	struct fj_dir dir[2];	 /* FJ_READ, FJ_WRITE */
	double usr_cpu, sys_cpu; /* percent */
	uint64_t job_runtime_ms;
	struct fj_ss ss;	     /* present only when fio wrote the block */
	bool exitall;		     /* exitall=1: its group ends with its first job */
	bool rated;		     /* rate=, rate_iops=, rate_min= or thinktime= set: not a closed loop */
	bool time_based;	     /* time_based=1 */
	uint64_t runtime_planned_ms; /* the runtime= option, 0 when not given */
	unsigned int clones;	     /* entries this one stands for (group_reporting) */
	/* fiorion's runner: each I/O unit's count and mean lat (ns). */
	size_t nslots;
	uint64_t *slot_ios;
	double *slot_lat_ns;
	/*
	 * The window of its IOPS and bandwidth logs (tslog.h): log_avg_msec=,
	 * or a smaller iopsavgtime=/bwavgtime= given beside it (fio's init.c:
	 * the smaller wins); 0 when log_avg_msec is not given or the two logs'
	 * windows differ.
	 */
	unsigned int log_avg_ms;
};

struct fj_set {
	struct fj_job *jobs;
	size_t njobs, capjobs;
	unsigned int nfiles;
	char **file_names; /* the name each input was read under, by index */
	int64_t *file_ms;  /* by index: its document's timestamp_ms (epoch ms), 0 = unknown */
	int64_t doc_ms;	   /* private: the last document's, until its name is added */
	char *fio_version; /* of the first file that names one */
	int64_t timestamp; /* epoch seconds of the first result, 0 = unknown */
	bool client_server;
	struct ri_run run; /* run.json, when an input carries it */
	/*
	 * The fiorion run the inputs come from: run.json's "run_id", and in
	 * every point's JSON the description=fiorion run ID that the driver
	 * writes into each job file's [global] (fio echoes it). Inputs from
	 * two runs, or a fiorion run's files beside a file that carries no
	 * identity, are refused.
	 */
	char *run_id;	   /* NULL: no input named one */
	char *run_id_file; /* the first input that named it */
	char *anon_file;   /* the first input with jobs and no identity */

	/* In: take a cut file's last whole report (-partial). */
	bool partial_ok;
	/* Out, of the file read last: interim reports skipped; whether it
	 * ended inside its final report (then the last whole one is read). */
	unsigned int last_interim;
	bool last_cut;
	/* -sum: each file's jobs name the file as their host (sumhosts.h). */
	bool hosts_from_files;
};

/*
 * Read one file and append its jobs (and run description) to @set.
 * Returns 0, or a negative errno with @err holding "FILE:LINE:COL: why"
 * for JSON that is malformed or truncated, or "FILE: ..." otherwise
 * (no JSON, no jobs, unreadable).
 */
int fj_read_file(struct fj_set *set, const char *path, struct fr_err *err);

/* Read a whole buffer (for tests); @name is used in messages. */
int fj_read_buffer(struct fj_set *set, const char *name, const char *buf,
		   size_t len, struct fr_err *err);

/* Free everything @set holds; it is then empty and reusable. */
void fj_set_release(struct fj_set *set);

/*
 * Add @one -- one input read alone into an empty set (fj_read_file()) --
 * to @set as reading that input into @set would have, field for field:
 * its jobs after @set's (their file index past @set's inputs, moved, not
 * copied), its name, its run description, identity (the same refusal of
 * two runs, in the same words), fio version and timestamp. So a file is
 * parsed once and still joins a set (the driver: each point once, the
 * run's set as it grows). 0, @one then empty; or a negative errno with
 * @err filled, @set as that read would have left it.
 */
int fj_set_take(struct fj_set *set, struct fj_set *one, struct fr_err *err);

#endif
