/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * runinfo.h -- what a fiorion run was: the one in-memory run (struct
 * ri_run, typed: booleans, numbers, kn_knee knees, its hosts) and the one
 * owner of run.json. The driver parses its options straight into one
 * (struct opts' ri), completes it with the plan, LUNs and hosts and
 * writes it (ri_write()); fio2orion and the driver's report read it back
 * (ri_read(), from fio JSON documents that carry a top-level "fiorion"
 * object), and infer.h completes it from the results where it says
 * nothing (struct or_params points at it). Every key, in that object:
 *
 *   version        fiorion's version that made the run ("0.1")
 *   run_id         16 hex digits; also description=fiorion run <id> in
 *                  every job file (fio echoes it in each point's JSON)
 *   orion version  the text of the summary's ORION VERSION line
 *                  (-orion_version; optional: "fiorion-<version>" else)
 *   testname, compat ("10.2", "11.1", "11.2", "12.1", "12.2", "19c":
 *                  enum or_compat, layout.h),
 *   command line   [the ORION command line's tokens]
 *   size_small, size_large (KB), type ("rand" | "seq"), num_streamIO,
 *   simulate ("concat" | "raid0"), stripe (KB), write (%),
 *   cache_size (MB, -1 = not entered), duration (s), matrix ("basic",
 *   "detailed", "point", "col", "row", "max": enum mx_matrix,
 *   mxshape.h), num_disks,
 *   small_columns, large_columns ([loads]), total_points,
 *   luns           [{"name": path, "size": bytes}], vlun_size (bytes),
 *   warnings       [sentences about the LUNs], start (epoch seconds)
 *   kernel         uname of the host that drove the run: "Linux 6.1.0-13-
 *                  amd64 x86_64" (sysname, release, machine; optional)
 *   hosts          multi-host runs (-clients) only, else the key is left
 *                  out: [{"name": "host:port" as fio's JSON names the
 *                  host, "fio": the host's fio version (optional),
 *                  "luns": [{"name": path, "size": bytes}],
 *                  "vlun_size": bytes, and as the host's engine
 *                  described itself (each optional: an older engine does
 *                  not say): "engine" its version, "backend" the one it
 *                  runs, "kernel" the host's uname as above}]
 *
 * What ran the points (issue 42), written by a run that runs them (not
 * -jobs_only, whose files any runner may run later), each optional:
 *
 *   runner         "built-in" (fiorion's built-in runner) | "fio" (stock
 *                  fio with the engine; -clients: fio --client)
 *   fio            -runner fio: the version of the fio that ran them
 *                  ("fio-3.33"; -clients: the client's, each host's in
 *                  hosts)
 *   engine         the engine's version: fiorion's own under the built-in
 *                  runner (its core is linked in), the engine file's
 *                  under -runner fio; -clients: each host's, in hosts
 *   backend        the backend the engine ran ("io_uring", "libaio",
 *                  "psync", "null")
 *   backend_asked  the backend asked, when the kernel refused it and the
 *                  driver fell back to "backend" ("io_uring")
 *   backend_note   why, as the driver noted it ("the kernel refused
 *                  io_uring (operation not permitted)")
 *
 * Keys of the answers (issue 15), each written only when set, so a run
 * without -max_latency, -stop_at_knee or -duration auto has none of them:
 *
 *   max_latency    the latency bound as given ("5", "p99:5", "p99.9:0.5";
 *                  knee.h's kn_parse() reads it)
 *   stop_at_knee   true when each ladder stopped past its (confirmed) knee
 *   stopped        [sentences: a ladder that stopped early, and why]
 *   paired         [{"ladder": "small" | "large", "fixed", "from", "to":
 *                  a step -stop_at_knee re-measured in pairs, "pairs":
 *                  how many, "decided": "flat" | "latency" (a knee's
 *                  step) | "on" (not one) | "undecided" | "open", "why":
 *                  the sentence}] (written by the driver; the knee reads
 *                  the decisions, the summary and the trace the sentences)
 *                  (written by the driver, printed by the summary)
 *   knees          [{"ladder": "small" | "large", "fixed": the other
 *                  load, "load": the knee's load (0: none), "why":
 *                  "latency" | "flat" | "open" | "over"}]
 *   duration_auto  the MAX seconds of -duration auto[:MAX]
 *   curve          -run curve's parameters (struct ri_curve, issue 26)
 *   repeat         -repeat N: passes over the plan (absent: 1)
 *   parts          -parts N: each point measured in N parts, in rounds
 *                  over the run (absent: 1, whole points)
 *   refs           the first point re-measured this many times over a
 *                  run of whole points (absent: 0)
 *
 * Keys a reader does not find take the defaults noted in struct ri_run;
 * a LUN entry (luns, and each host's) without a string "name" is named
 * "", and a hosts entry that is not an object with a string "name" is
 * skipped, as warnings and stopped sentences that are not strings are, and
 * knees entries without "ladder" "small" or "large" and a "why" of those four;
 * a "compat", "matrix", "runner" or curve "arrival" that is not one of
 * the words above reads as not recorded (OR_COMPAT_UNKNOWN, MX_UNKNOWN,
 * RI_RUNNER_UNKNOWN, RI_ARRIVAL_UNKNOWN) and is not written back;
 * tests/data/golden/make-inputs.py writes these keys and no others.
 */
#ifndef FIORION_RUNINFO_H
#define FIORION_RUNINFO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "kntypes.h"
#include "layout.h"
#include "mxshape.h"

struct fj_lun {
	char *name;
	uint64_t size;
};

/*
 * The most hosts one run may have (-clients): the driver refuses more
 * (driver/hosts.c), and the converter reads the logs of as many
 * (tslog.c).
 */
#define RI_MAX_HOSTS 256

/* One host of a multi-host run. */
struct ri_host {
	char *name;	   /* "host:port", as fio's JSON names it */
	char *fio_version; /* the host's fio, NULL = unknown */
	struct fj_lun *luns;
	size_t nluns;
	uint64_t vlun_size;
	/* As the host's engine described itself (fr_describe.h); NULL = unknown. */
	char *engine_version;
	char *backend;
	char *kernel;
};

/* Free what ri_read() (or the driver's probe) gave host @h; @h is then empty. */
void ri_host_release(struct ri_host *h);

/* run.json's "runner": who ran the points. */
enum ri_runner {
	RI_RUNNER_UNKNOWN = 0, /* not recorded (or not a word below): not written back */
	RI_RUNNER_BUILTIN,     /* "built-in": fiorion's built-in runner */
	RI_RUNNER_FIO,	       /* "fio": stock fio with the engine */
};
/* @r's word; NULL for RI_RUNNER_UNKNOWN. */
const char *ri_runner_name(enum ri_runner r);

/*
 * -run curve (issue 26): run.json's "curve" {"percent": [..], "arrival"
 * ("poisson" | "uniform"), "max_iops" (0: found by the oltp ladder),
 * "depth_cap" (0: 4 x the load of the maximum)}, written only when
 * npct > 0.
 */
#define RI_CURVE_MAX 100
/* -arrival, run.json's "arrival": how a curve point's arrivals are spaced. */
enum ri_arrival {
	RI_ARRIVAL_UNKNOWN = 0, /* not recorded (or not a word below): not written back */
	RI_POISSON,		/* "poisson": exponential gaps (fio's rate_process=poisson) */
	RI_UNIFORM,		/* "uniform": fixed gaps (rate_process=linear) */
};
/* The words, "poisson", "uniform", NULL-terminated: ri_arrival_words[i] is RI_POISSON + i. */
extern const char *const ri_arrival_words[];
/* @a's word; NULL for RI_ARRIVAL_UNKNOWN. */
const char *ri_arrival_name(enum ri_arrival a);
/* @s ("poisson", "uniform", as written; NULL: none) as an arrival; RI_ARRIVAL_UNKNOWN otherwise. */
enum ri_arrival ri_arrival_parse(const char *s);
struct ri_curve {
	size_t npct;
	double pct[RI_CURVE_MAX]; /* -curve: percentages of the maximum, in order */
	enum ri_arrival arrival;
	uint64_t max_iops;  /* -max_iops; 0 = the oltp ladder's maximum */
	uint64_t depth_cap; /* -depth_cap; 0 = 4 x the maximum's load */
};

/* A ladder's step -stop_at_knee re-measured in pairs (driver/pairs.h), and what they decided. */
struct ri_pair {
	bool small;		      /* the row at Large=fixed, else the column at Small=fixed */
	unsigned int fixed, from, to; /* the ladder, the step's two loads */
	unsigned int pairs;	      /* pairs re-measured */
	char decided;		      /* 'f' flat, 'l' crossed the bound, 'o' on (no knee), 'u' undecided, 0 open */
	char *why;		      /* the sentence */
};

struct ri_run {
	bool present;	     /* a run description was read */
	char *version;	     /* fiorion's, NULL = unknown */
	char *run_id;	     /* NULL = none (job files with placeholders) */
	char *orion_version; /* override of the summary's version line */
	char *testname;
	char **argv; /* the ORION command line tokens */
	size_t argc;
	char **fio_opts; /* -fio_opt and -include: KEY=VALUE in every [global] */
	size_t nfio_opts;
	char **includes; /* the -include files, as given */
	size_t nincludes;
	uint64_t size_small, size_large; /* KB */
	bool seq;			 /* large I/O in sequential streams: run.json's type "seq" (else "rand") */
	bool raid0;			 /* the volume is RAID-0: simulate "raid0" (else "concat") */
	uint64_t stripe_kb;
	uint64_t num_streamio;
	double write_pct;
	int64_t cache_size;    /* MB, -1 = not entered */
	uint64_t duration;     /* seconds */
	enum mx_matrix matrix; /* MX_UNKNOWN: not recorded */
	int64_t num_disks;     /* 0 = unknown */
	int64_t *small_cols, *large_cols;
	size_t nsmall_cols, nlarge_cols;
	int64_t *small_levels, *large_levels; /* every load the plan has on each axis, NULL = unknown */
	size_t nsmall_levels, nlarge_levels;
	uint64_t total_points; /* 0 = not given */
	struct fj_lun *luns;
	size_t nluns;
	uint64_t vlun_size;
	int64_t start;	       /* epoch seconds the run started, 0 = unknown */
	char *kernel;	       /* uname of the driving host, NULL = unknown */
	enum or_compat compat; /* the layout the run wrote ("10.2" .. "19c"); OR_COMPAT_UNKNOWN: not recorded */
	char **warnings;       /* what the driver found about the LUNs */
	size_t nwarnings;
	struct ri_host *hosts; /* multi-host runs (-clients), else NULL */
	size_t nhosts;
	char *max_latency; /* the bound as given, NULL = none */
	bool stop_at_knee;
	char **stopped; /* ladders stopped early, one sentence each */
	size_t nstopped;
	struct ri_pair *paired; /* steps re-measured in pairs */
	size_t npaired;
	struct kn_knee *knees; /* kn_find_all()'s; run.json keeps small, fixed, load, why */
	size_t nknees;
	uint64_t duration_auto; /* -duration auto[:MAX]: MAX s; 0 = not auto */
	int64_t repeat;		/* -repeat N: passes over the plan; 1 (or less) = one */
	int64_t parts;		/* -parts N: each point in N parts (rounds); 0 = not given, 1 = whole */
	int64_t refs;		/* re-measures of the first point over a run of whole points */
	uint64_t duration_env;	/* FIORION_DURATION=S overrode -duration; 0 = not */
	struct ri_curve curve;	/* -run curve (issue 26); npct 0 = none */
	/* What ran the points (issue 42); NULL / RI_RUNNER_UNKNOWN = not recorded. */
	enum ri_runner runner;
	char *fio_version;    /* "fio": -runner fio's fio */
	char *engine_version; /* "engine" */
	char *backend;	      /* "backend": the backend the engine ran */
	char *backend_asked;  /* "backend_asked": refused by the kernel, fallen back from */
	char *backend_note;   /* "backend_note": why */
};

/* run.json's text for @r ({"fiorion": {...}}), or NULL when memory runs out. */
char *ri_write(const struct ri_run *r);

/* Fill @r from a "fiorion" object (@o); keys not there take their defaults. */
void ri_read(struct ri_run *r, json_t *o);

/* Free what ri_read() allocated; @r is then empty. */
void ri_release(struct ri_run *r);

#endif
