/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * infer.h -- what ORION's summary says about a run, taken from the
 * driver's description of it, or inferred from the fio results.
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
 * One host of a client/server run: what run.json says of it, and its own
 * points (pt_build() of the same jobs with pt_opts.host set, so a host's
 * values come from the code that makes the totals).
 */
struct or_host {
	char *name;	     /* "host:port", as fio's JSON names it */
	char *fio_version;   /* NULL = unknown */
	struct fj_lun *luns; /* run.json's; none for plain fio JSON */
	size_t nluns;
	uint64_t vlun_size;
	struct pt_set pts; /* empty when the input has none of its jobs */
};

/* What the summary says about the run (from the driver, or inferred). */
struct or_params {
	/*
	 * Not NULL when the run stopped before its last point (a failed
	 * point, a signal): one sentence, printed after Total Data Points in
	 * the summary and after TEST START in the trace. Not owned.
	 */
	const char *partial;
	char *version;		/* text after "ORION VERSION " */
	char *testname;
	char **argv;		/* Commandline: tokens */
	size_t argc;
	uint64_t size_small, size_large;	/* KB */
	bool seq;		/* large I/O in sequential streams */
	uint64_t num_streamio;
	bool raid0;
	uint64_t stripe_kb;
	double write_pct;
	bool write_asked;	/* write_pct is -write (run.json), not inferred */
	int64_t cache_size;	/* MB, -1 = not entered */
	uint64_t duration;	/* seconds */
	int64_t *small_cols, *large_cols;
	size_t nsmall_cols, nlarge_cols;
	int64_t *plan_small, *plan_large;	/* run.json's planned loads per axis, NULL = unknown */
	size_t nplan_small, nplan_large;
	uint64_t total_points;
	struct fj_lun *luns;
	size_t nluns;
	uint64_t vlun_size;
	int64_t start;		/* epoch seconds, for 19c names */
	/*
	 * Why these numbers may not be the storage's: the run's own (a LUN in
	 * memory) and what the results show (a volume the declared array
	 * cache holds whole, a small latency no device gives). Printed at the
	 * end of the summary and the trace, as "Warning: ..." lines.
	 */
	char **warnings;
	size_t nwarnings;
	/*
	 * The hosts of a client/server run, else none: run.json's "hosts",
	 * then any other host the jobs name, in order of first appearance.
	 */
	struct or_host *hosts;
	size_t nhosts;
	/*
	 * The answers (issue 15): the latency bound (run.json's
	 * "max_latency", or fio2orion's -max_latency through
	 * or_params_set_bound()), whether the ladders stopped past their
	 * knee, run.json's "stopped" sentences, and each ladder's knee,
	 * found (kn_find_all()) when there is a bound or the ladders stopped
	 * at their knee; else none, and the files are ORION's.
	 */
	struct kn_bound bound;
	bool stop_at_knee;
	char **stopped;
	size_t nstopped;
	struct kn_knee *knees;
	size_t nknees;
	/*
	 * For the HTML report only (ORION's files never print these): the
	 * results' "fio version" ("fiorion-X" when the built-in runner made
	 * them), the engine's backend= option of the first job (NULL: the
	 * engine's default or not a fiorion job), run.json's matrix and
	 * kernel (the driving host's uname; NULL: not recorded).
	 */
	char *kernel;
	char *fio_version;
	char *backend;
	char *matrix;
};

/*
 * Fill @p from @in's run description when it has one, else infer it
 * from the points and the jobs' options (LUNs from lunfile=/luns=/
 * filename=, sized by stat when they exist). @testname and @argv
 * override when not NULL. In a client/server run each host's points are
 * built with @pts's options (@pts->opts) and that host's filter. Free
 * with or_params_release().
 */
int or_params_init(struct or_params *p, const struct fj_set *in,
		   const struct pt_set *pts, const char *testname,
		   char **argv, size_t argc, struct fr_err *err);

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
 * has on that axis (run.json's "small_levels"/"large_levels"), so that
 * ORION's header lists the whole planned ladder even where cells are
 * empty (an interrupted, knee-stopped or failed run). @p NULL: the
 * points' only.
 */
size_t or_plan_levels(const struct or_params *p, const struct pt_set *pts, bool small,
		      bool with_zero, int64_t **out);

#endif
