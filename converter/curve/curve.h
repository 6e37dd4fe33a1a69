/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * curve.h -- an open-loop latency curve (fiorion -run curve, issue 26)
 * read from its points' fio JSON: each point a job (or one per host) run
 * at fixed arrival rates (rate_iops=, rate_process=) with iodepth= as the
 * cap on outstanding I/Os, named cNNN-<PCT>pct-max<IOPS> (the point's
 * number, its percentage of the maximum and that maximum).
 *
 * Two latencies per point:
 *
 *   service   fio's lat_ns: from the I/O's submission to its completion
 *             (what stock fio measures, under rate_iops too);
 *   response  "fiorion_response_ns" next to lat_ns, same shape: from the
 *             I/O's scheduled arrival to its completion, so the time it
 *             waited for a free slot or behind a late submission counts.
 *             Stock fio has no such key: the response figures are then
 *             absent (empty cells, a note), never service time in
 *             disguise.
 *
 * A point holds its rate when achieved IOPS >= 97 % of the target (the sum
 * of rate_iops over directions and clones), or, where the runner counted
 * the arrivals its schedule held (fiorion_openloop's "arrivals"), when
 * the I/Os completed are >= 97 % of them: a short poisson point's count
 * varies around the target by itself (3 s at 500/s: 2.6 % a standard
 * deviation), the schedule's own count does not. One that does not hold
 * is shown, marked, and never used for an answer. Mean outstanding I/Os is Little's
 * law over the I/Os in service: achieved IOPS x mean service time.
 */
#ifndef FIORION_CURVE_H
#define FIORION_CURVE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include <jansson.h>

#include "fr_err.h"
#include "knee.h"

#define CV_MAX_POINTS 100
#define CV_HELD_FRACTION 0.97

/* One latency, ns; a figure < 0 is unknown. */
struct cv_lat {
	bool present;
	uint64_t n;
	double mean, p50, p99, p999;
	double at_bound, at_bound2; /* under the bound's statistics (ms), -1 unknown */
};

struct cv_point {
	unsigned int num;	/* cNNN */
	double pct;		/* percentage of the maximum */
	double max_iops;	/* the maximum it is a percentage of */
	double target;		/* IOPS asked: rate_iops over directions and clones */
	double achieved;	/* IOPS done: fio's iops over directions and jobs */
	bool held;		/* achieved >= CV_HELD_FRACTION x target */
	bool over;		/* crosses the bound (response time, else service) */
	struct cv_lat svc;	/* lat_ns */
	struct cv_lat rsp;	/* fiorion_response_ns; !present under stock fio */
	double outstanding;	/* achieved x svc.mean (Little's law), -1 unknown */
	unsigned int depth_cap; /* iodepth= (per clone) x clones */
	int64_t slot_waits;	/* fiorion_openloop's; -1 unknown */
	double late_p99_ns;	/* fiorion_openloop's late_p99_ns; -1 unknown */
	double arrivals;	/* fiorion_openloop's: arrivals the schedule held; -1 unknown */
	double ios;		/* I/Os completed in the rated directions */
	char arrival[16];	/* "poisson" | "uniform" */
	char fio_version[64];	/* its JSON's "fio version" ("" none; longer ones cut) */
	char backend[32];	/* its first job's backend= ("" none) */
	bool fiorion_engine;	/* its first job's ioengine= is fiorion's (or_fiorion_engine()) */
};

struct cv_curve {
	struct cv_point *pts; /* in the order they ran */
	size_t n;
	size_t planned;	       /* points the run asked for; 0 = unknown */
	struct kn_bound bound; /* -max_latency; !set = none */
	bool response;	       /* some point has response time */
	char stop[400];	       /* why the curve stopped before its last point, or "" */
};

/*
 * Read one point from fio JSON text @buf (several documents: the last),
 * judged against @b (NULL or !set: no bound). Returns 0, or with @err
 * naming @name: -EBADMSG (not JSON), -ENOENT (no job named cNNN-...),
 * -EINVAL (its jobs have no rate_iops=).
 */
int cv_point_read(struct cv_point *p, const char *name, const char *buf, size_t len,
		  const struct kn_bound *b, struct fr_err *err);

/* Whether fio job name @s is a curve point's; its number, percentage and maximum. */
bool cv_name_parse(const char *s, unsigned int *num, double *pct, double *max_iops);
/* A curve point's job name into @buf: "c003-50pct-max20000". */
void cv_name_format(char *buf, size_t len, unsigned int num, double pct, double max_iops);

/*
 * Append point @p to @c (points sorted by number) and set @c->stop when
 * it ends the curve: not held, or over the bound. Returns 0 or -ENOMEM.
 */
int cv_add(struct cv_curve *c, const struct cv_point *p);

/* The run asked for @planned points (run.json): a last one that ends nothing early. */
void cv_set_planned(struct cv_curve *c, size_t planned);

/*
 * Every pNNN.json of folder @dir (a run's <testname>_jobs/curve), in
 * order. 0 with @c->n = 0 when the folder does not exist; -errno with
 * @err otherwise.
 */
int cv_load_dir(struct cv_curve *c, const char *dir, const struct kn_bound *b,
		struct fr_err *err);

/*
 * fio2orion: when file @path is a curve point's fio JSON, add it to @c
 * (judged against @c->bound) and set *@taken; any other file is left to
 * fio's reader (*@taken false, 0). -errno with @err for a curve point
 * that cannot be read (no rate_iops=).
 */
int cv_take_file(struct cv_curve *c, const char *path, bool *taken, struct fr_err *err);
/* The same for an input already read: @buf, @len bytes, named @name. */
int cv_take_buffer(struct cv_curve *c, const char *name, const char *buf, size_t len,
		   bool *taken, struct fr_err *err);

/* <testname>.curve.csv: its header, then one row a point. */
extern const char cv_csv_header[];
void cv_csv(FILE *f, const struct cv_curve *c);
/*
 * The summary's lines: "Latency at 50 % of max (20000 IOPS): response mean
 * 0.41 ms, p99 1.90 ms; service mean 0.38 ms", a line for a point not
 * held, and why the curve stopped. None starts as an ORION result line.
 * Latencies in usecs with @usecs (the layouts that give ORION's in usecs:
 * 11.2 on), else ms.
 */
void cv_summary(FILE *f, const struct cv_curve *c, bool usecs);
/*
 * A curve alone: points of @c and no matrix point (@npoints, the set's
 * closed-loop points: -run curve -max_iops, or fio2orion given only a
 * curve's JSON). Its set is the curve's file and the report, none of
 * ORION's files: those hold a matrix of closed-loop points, and with
 * none they would be hollow (a summary with empty "Small Columns:", an
 * _iops.csv of a bare "Large/Small") where a script or a collector that
 * reads T_* takes them for a calibration that measured nothing.
 */
bool cv_alone(const struct cv_curve *c, size_t npoints);
/*
 * The sentence that says so, naming where the curve's results are: the
 * curve's file of set @testname in @outdir (layout @dated, start @t) and,
 * with @report, the report beside it.
 */
void cv_alone_note(char *buf, size_t len, const char *outdir, const char *testname, bool dated,
		   time_t t, bool report);
/* -format json's "curve" object. */
json_t *cv_json(const struct cv_curve *c);
/*
 * What ran @c's points, into @p's provenance where run.json and the
 * matrix's points said nothing (infer.h's or_prov_fill()): a curve alone
 * has no other points. 0 or -ENOMEM.
 */
struct or_params;
int cv_provenance(const struct cv_curve *c, struct or_params *p);
void cv_release(struct cv_curve *c);

#endif
