/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * infer.h -- what ORION's summary says about a run: the driver's
 * description of it (runinfo.h's struct ri_run), completed from the fio
 * results where it says nothing, and what only the results add.
 *
 * A fiorion run carries its ORION parameters (the "fiorion" object); any
 * other fio result only has its jobs, and the parameters are what those
 * jobs show: the block sizes, the loads, the share written, the LUNs
 * named in the job options (sized by stat() where they exist here).
 */
#ifndef FIORION_INFER_H
#define FIORION_INFER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fiojson.h"
#include "knee.h"
#include "points.h"

/*
 * What the summary says about a run: the run itself (struct ri_run, the
 * input's run.json, completed by or_params_init() where it said nothing)
 * and what only the results add.
 */
struct cv_curve;
struct or_params {
	/*
	 * Not NULL when the run stopped before its last point (a failed
	 * point, a signal): one sentence, printed after Total Data Points in
	 * the summary and after TEST START in the trace. Not owned.
	 */
	const char *partial;
	/*
	 * The run is still going (the driver's rewrite after each point):
	 * the report reloads itself and says "Run in progress" for @partial.
	 * False for every finished set, whose files it leaves as they were.
	 */
	bool live;
	/*
	 * The run: the input's description (@in->run of or_params_init(), not
	 * owned), with what it did not say inferred from the results and the
	 * jobs' options (the block sizes, loads, share written, LUNs named in
	 * the job options, sized by stat() where they exist here; its
	 * orion_version the summary's ORION VERSION text, its start the
	 * results' when run.json has none). Its hosts: run.json's, then any
	 * other host the jobs name, in order of first appearance.
	 */
	struct ri_run *run;
	bool write_asked;  /* run->write_pct is -write (run.json), not inferred */
	bool luns_unknown; /* client/server JSON without run.json: no host's LUNs */
	/*
	 * Why these numbers may not be the storage's, after the run's own
	 * (run->warnings: a LUN in memory): what the results show (a volume
	 * the declared array cache holds whole, a small latency no device
	 * gives). or_nwarnings()/or_warning() give both, in that order;
	 * printed at the end of the summary and the trace, as "Warning: ...".
	 */
	char **warnings;
	size_t nwarnings;
	/* Each of run->hosts' own points (pt_build() with that host's filter): empty when the input has none of its jobs. */
	struct pt_set *host_pts;
	/*
	 * The answers (issue 15): the latency bound (run.json's
	 * "max_latency", or fio2orion's -max_latency through
	 * or_params_set_bound()) and each ladder's knee, found
	 * (kn_find_all()) when there is a bound or the ladders stopped at
	 * their knee (run->stop_at_knee); else none, and the files are
	 * ORION's.
	 */
	struct kn_bound bound;
	struct kn_knee *knees;
	size_t nknees;
	/*
	 * What ran the points (issue 42), for the report and -format json
	 * (ORION's files never print these): run.json's where it says
	 * (runinfo.h), else what the points' JSON gives (or_prov_fill()).
	 * @fio_version: the results' "fio version" ("fiorion-X" when the
	 * built-in runner made them), else run.json's runner's. @runner:
	 * run.json's, else that version's ("fiorion-" the built-in runner,
	 * any other fio). @engine: the engine's version, run.json's, else
	 * the built-in runner's own (its core is the engine). @backend:
	 * run.json's, else the first job's backend= option, else io_uring
	 * for jobs on fiorion's engine (the engine's default, which has no
	 * fallback: @backend_default). NULL / RI_RUNNER_UNKNOWN: the inputs
	 * do not say (a stock fio engine has no backend).
	 */
	char *fio_version;
	char *backend;
	bool backend_default;
	enum ri_runner runner;
	char *engine;
	/* -run curve's open-loop points (curve.h), NULL = none. Not owned. */
	const struct cv_curve *curve;
};

/*
 * Complete @p's provenance (above) from one input's "fio version"
 * (@fio_version), its first job's backend= (@backend) and whether its
 * jobs ran on fiorion's engine (@fiorion_jobs), where run.json and the
 * inputs before said nothing: or_params_init() gives the matrix's, a
 * curve's points theirs (cv_provenance()). 0 or -ENOMEM.
 */
int or_prov_fill(struct or_params *p, const char *fio_version, const char *backend,
		 bool fiorion_jobs);
/*
 * Whether a job's ioengine= (as fio echoed it; NULL: none) is fiorion's
 * engine: its file's name says so (fiorion-engine.so in a build,
 * fio-fiorion.so installed).
 */
bool or_fiorion_engine(const char *ioengine);

/* The run's warnings and then the results': how many, and the @i-th. */
size_t or_nwarnings(const struct or_params *p);
const char *or_warning(const struct or_params *p, size_t i);

/*
 * Fill @p for @in's run, completing @in->run where it says nothing (all
 * of it when the input has no run description) from the points and the
 * jobs' options (LUNs from lunfile=/luns=/filename=, sized by stat when
 * they exist). @testname and @argv override the run's when not NULL. In
 * a client/server run each host's points are built with @pts's options
 * (@pts->opts) and that host's filter. Once per @in; free with
 * or_params_release() (then @in, with fj_set_release()).
 */
int or_params_init(struct or_params *p, struct fj_set *in,
		   const struct pt_set *pts, const char *testname,
		   char **argv, size_t argc, struct fr_err *err);

/* Free what or_params_init() added to @p (not the run). */
void or_params_release(struct or_params *p);

/*
 * The latency bound of the answers: @b (copied; not set = none), and the
 * knees of @pts again under it. 0, or -ENOMEM with @err filled.
 */
int or_params_set_bound(struct or_params *p, const struct pt_set *pts,
			const struct kn_bound *b, struct fr_err *err);

/*
 * The distinct loads of the points on the small (@small) or the large
 * axis, ascending, with 0 first when @with_zero: the summary's Small and
 * Large Columns when the run did not give them, and the columns and rows
 * of ORION's CSV files. *@out is malloc'ed (NULL, and 0 returned, when
 * memory ran out).
 */
size_t or_levels(const struct pt_set *pts, bool small, bool with_zero,
		 int64_t **out);

/*
 * The CSV files' columns and rows: or_levels() with the loads @p's plan
 * has on that axis (run.json's "small_levels"/"large_levels", @p->run's), so that
 * ORION's header lists the whole planned ladder even where cells are
 * empty (an interrupted, knee-stopped or failed run). @p NULL: the
 * points' only.
 */
size_t or_plan_levels(const struct or_params *p, const struct pt_set *pts, bool small,
		      bool with_zero, int64_t **out);

#endif
