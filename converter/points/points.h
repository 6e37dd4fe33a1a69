/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * points.h -- ORION data points from fio jobs.
 *
 * A point is the set of jobs that ran concurrently at one (small load,
 * large load) pair. fiorion's own jobs are recognised by name
 * (pNNN-sS-lL-small|large|warm; warm jobs are never counted). Any other
 * fio result is mapped by inference: one fio group (same groupid; in a
 * client/server run the hosts of a group are summed) is one point, each
 * job is small or large by its average block size, and its load is
 * iodepth x clones.
 *
 * Client/server runs: loads are per host (every host holds S small and L
 * large I/Os at a point); IOPS and MBPS are the sums of each host's own
 * entries and latency combines all the hosts' I/Os (fio's "All clients"
 * entry is never read). Inferred points take one host's load when every
 * host of the group holds the same; when they differ the load is the sum
 * and the point says so (uneven_hosts). pt_opts.host keeps one host's
 * jobs: that host's own points, by the same code as the totals.
 *
 * Metrics follow ORION: IOPS = completed I/Os / measured seconds
 * (summed over the jobs of a class), MBPS = bytes / 2^20 / seconds,
 * latency = fio's lat (submission to completion), combined over jobs
 * and directions weighted by I/O count.
 */
#ifndef FIORION_POINTS_H
#define FIORION_POINTS_H

#include "fiojson.h"
#include "interval.h"

enum pt_merge {
	PT_MERGE_NONE = 0, /* two groups at the same (S, L): error */
	PT_MERGE_LAST,	   /* the later one wins */
	PT_MERGE_MEAN,	   /* average the metrics */
};

/* The classes' bounds by default, KiB (fio2orion's -small_max, -large_min print them). */
#define PT_SMALL_MAX_KIB 64
#define PT_LARGE_MIN_KIB 128

struct pt_opts {
	uint64_t small_max; /* bytes; avg block <= this is small (PT_SMALL_MAX_KIB) */
	uint64_t large_min; /* bytes; avg block >= this is large (PT_LARGE_MIN_KIB) */
	enum pt_merge merge;
	bool skip_failed; /* leave out jobs fio failed to run, else refuse */
	bool sum;	  /* the files ran at once: groups add up across them */
	const char *host; /* only this host's jobs ("host:port"), each group
				 * its own point (never merged by load); NULL = all */

	/* Bytes: keep only the small (large) jobs of this size (ptkind.h); 0 = all. */
	uint64_t size_small, size_large;
};

/* One outstanding-I/O slot (a clone entry), for the trace's Index lines. */
struct pt_slot {
	uint64_t count;
	double lat_ms;
};

enum {
	PT_READ = 0,
	PT_WRITE = 1,
	PT_ALL = 2
};

/* The small or the large side of a point. */
struct pt_class {
	bool present;
	unsigned int load;	 /* outstanding I/Os: S or L (sequential: streams) */
	unsigned int asked_load; /* what the options asked, when fio held less */
	const char *depth_why;	 /* why (fiojson's depth_why), or NULL */
	uint64_t ios[2];	 /* read, write */
	uint64_t bytes[2];
	double iops;		 /* I/Os per second, all directions */
	double mbps;		 /* MiB per second */
	double secs;		 /* measured seconds (longest job) */
	uint64_t avg_bs;	 /* bytes */
	double req_write;	 /* requested write %, -1 unknown */
	double req_w_sum;	 /* private: sum of load x job's write % */
	unsigned int req_w_load; /* private: load of the jobs that say */
	struct fj_lat lat[3];	 /* PT_READ, PT_WRITE, PT_ALL; n = 0 if none */
	size_t nslots;
	struct pt_slot *slots; /* NULL unless the input had per-slot entries */
	unsigned int njobs;
	bool rand; /* random (else sequential) */
	/*
	 * How sure the figures are (interval.h): the kind, IOPS, MBPS and
	 * mean latency (ns, all directions) with their 95 % intervals, the
	 * interval samples (within) or passes behind them. The latency's
	 * interval within a point follows IOPS's by Little's law (closed
	 * loop at a fixed load); rate-limited jobs (open loop) have none.
	 */
	enum iv_kind iv;
	struct iv_fig iops_iv, mbps_iv, lat_iv;
	uint64_t samples;	      /* interval samples (within), 0 otherwise */
	bool rated;		      /* a job was rate-limited or had think time */
	struct iv_sum iv_iops, iv_bw; /* private: while building */
	unsigned int stream_depth;    /* sequential large I/O: I/Os per stream (iodepth) */
};

/*
 * fio's steady state at a point (the jobs' "steadystate" blocks): whether
 * every measured job of it attained it, the criterion and window, and
 * how long the point ran.
 */
struct pt_ss {
	bool present;			      /* some measured job had a steadystate block */
	bool attained;			      /* every measured job had one and attained it, or
				 * (exitall=1) on every host one job did and ended the rest */
	unsigned int njobs;		      /* measured jobs (small and large, no warm-up) */
	unsigned int nwith;		      /* of them, with a steadystate block */
	unsigned int nattained;		      /* of them, attained */
	unsigned int nexitall;		      /* of them, with exitall=1 */
	unsigned int nhosts, nhosts_attained; /* hosts (1 when local), and those with one attained */
	const char *hosts[64];		      /* while building only: the jobs' host names */
	bool host_attained[64];
	char setting[64];      /* the first block's "ss": "iops_slope:2.000000%" */
	unsigned int window_s; /* its window ("duration"), s */
	double secs;	       /* how long the point ran: its longest job, s */
};

/*
 * The run's drift (issue 43), from the points measured more than once
 * (-parts, the reference re-measured, -repeat): each measurement over
 * its point's figure (small IOPS, else large MBPS), so what moved every
 * point alike over the run's time shows, and how far a single reading
 * strays from its point's.
 */
struct pt_drift_at {
	unsigned int round; /* part or pass K */
	double t_s;	    /* when its first measurement began: s of measuring before it */
	double factor;	    /* median over the points of measurement / point's figure */
	size_t npoints;	    /* the points measured in it */
};

/*
 * One measurement the drift is made of (issue 44: kept for the limits'
 * step, converter/limits/lmstep.c), in run order: its point, loads and
 * round, its headline figure, when it began and how long it ran.
 */
struct pt_drift_obs {
	unsigned int number, s, l, pass; /* its point (pNNN), loads, part or pass K */
	double x;			 /* small IOPS, else large MBPS */
	bool mbps;			 /* x is large MBPS (no small I/O) */
	double t0, secs;		 /* s of measuring before it; its own */
};

struct pt_drift {
	bool present;		/* some point was measured at least twice */
	double sd;		/* relative sd of a measurement about its point's mean, pooled */
	unsigned int df;	/* its degrees of freedom: sum of (measurements - 1) */
	double sd_rounds;	/* sd of the rounds' factors: what moved every point alike (0: none) */
	unsigned int df_rounds; /* rounds of 2 points or more, - 1 (0: too few to say) */
	size_t npoints;		/* the points measured more than once */
	double change;		/* the last round's factor over the first's, - 1 */
	double lo, hi;		/* the lowest and the highest round factor */
	struct pt_drift_at *at; /* by round, in run order (malloc'ed) */
	size_t n;
	bool parts;		   /* from -parts or the reference's parts (else -repeat passes) */
	bool ref;		   /* the reference alone: one point re-measured over a run of whole points */
	unsigned int ref_s, ref_l; /* that point's loads */
	struct pt_drift_obs *obs;  /* every measurement of the run, in run order (malloc'ed) */
	size_t nobs;
};

struct pt_point {
	unsigned int number; /* pNNN, or order of appearance */
	unsigned int s, l;
	struct pt_class small, large;
	unsigned int merged; /* groups folded in (-merge) */
	int group;	     /* pNNN, or fio's groupid: a host's own point is
				 * the one with the same group */
	unsigned int nhosts; /* hosts whose jobs make the point (0: local) */
	bool uneven_hosts;   /* inferred: the hosts held different loads, so
				 * S and L are sums over them */
	struct pt_ss ss;     /* fio's steady state, when its jobs had it */
	unsigned int passes; /* -repeat, -parts: measurements folded in (1 = one) */
	unsigned int pass;   /* while building: this measurement's pass (1..) */
	bool part;	     /* while building: a -partK part; after: its parts pooled */
	bool ref;	     /* while building: a -refK re-measure (the drift's only) */
	size_t *srcs;	     /* the measured jobs it was made of: indexes into pt_set.in's jobs */
	size_t nsrcs;
};

struct pt_set {
	struct pt_point *pts; /* in run order */
	size_t n;
	size_t *by_load;     /* indexes of pts sorted by (s, l), for pt_find() */
	bool exact;	     /* named by fiorion (pNNN-...) */
	size_t nfailed;	     /* jobs left out by skip_failed */
	size_t nsized;	     /* jobs left out by size_small / size_large */
	size_t nuneven;	     /* points with uneven_hosts */
	struct pt_opts opts; /* what built it (opts.host not owned) */

	/* The jobs it was built from (not owned): pt_point.srcs index them. */
	const struct fj_set *in;

	struct pt_drift drift; /* the run's drift (parts.c) */
};

/* Defaults: small <= PT_SMALL_MAX_KIB, large >= PT_LARGE_MIN_KIB, no merging. */
void pt_opts_init(struct pt_opts *o);

/*
 * Build the points of @in (of host @o->host only, when set). Returns 0,
 * or a negative errno with @err naming the job or the clash (block size
 * between the bounds, two groups at one (S, L) without -merge, no
 * measured job at all).
 */
int pt_build(struct pt_set *out, const struct fj_set *in,
	     const struct pt_opts *o, struct fr_err *err);

void pt_set_release(struct pt_set *set);

/* Free what a drift holds. */
void pt_drift_release(struct pt_drift *d);

/*
 * The drift in words, the summary's and the screen's lines ("Drift over
 * the run: ...", "Drift spread: ..."), for a set whose cells have up to
 * @parts measurements: how many (0 when there is none).
 */
size_t pt_drift_lines(const struct pt_drift *d, unsigned int parts, char lines[2][768]);

/* Free what one point holds (its classes' bins and slots). */
void pt_point_release(struct pt_point *p);

/* The most passes of one point (-repeat). */
#define PT_MAX_PASSES 64

/*
 * Fold the passes of each point (same number, pass 1..N) into one cell
 * (passes.c; pt_build() calls it). Returns 0 or a negative errno with
 * @err naming the point.
 */
int pt_fold_passes(struct pt_set *set, struct fr_err *err);

/* The point at (@s, @l), or NULL. */
const struct pt_point *pt_find(const struct pt_set *set, unsigned int s,
			       unsigned int l);

/* The point made of group @group (struct pt_point.group), or NULL. */
const struct pt_point *pt_find_group(const struct pt_set *set, int group);

/*
 * Latency value at percentile @p (e.g. 99.0) of @lat in ns: from its
 * bins when it has them, else from its percentile list (exact key, or
 * linear between neighbours). Returns -1 when unknown.
 */
double pt_percentile(const struct fj_lat *lat, double p);

#endif
