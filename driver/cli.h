/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cli.h -- fiorion's options (ORION's, and fiorion's own) and the exit
 * statuses every part of the driver uses.
 */
#ifndef FIORION_CLI_H
#define FIORION_CLI_H

#include <stdbool.h>

#include "fr_cli.h"
#include "fioopt.h"
#include "dropin.h"
#include "hosts.h"
#include "matrix.h"
#include "orion_report.h"
#include "runinfo.h"

/*
 * The options. Those the run records are parsed straight into @ri
 * (struct ri_run, the run's one record): testname (owned, "orion" by
 * default; released with ri_release()), orion_version (owned, NULL =
 * fiorion's), size_small, size_large, num_streamio, stripe_kb,
 * write_pct, seq, raid0, num_disks (-1 = from the .lun file),
 * cache_size (MB, -1 = not given), duration (s), duration_auto (-duration
 * auto[:MAX]: MAX, else 0), duration_env (FIORION_DURATION=S, 0 = not
 * set), repeat (passes over the plan, 1 by default) and compat (the
 * layout, 10.2 by default). runset.c starts run.json's run from it and
 * adds the plan, the LUNs, the hosts (hosts.ri) and the run's identity.
 * What stays out of @ri is not the run's record, or not yet:
 * max_latency and stop_at_knee reach run.json through ladder.c once the
 * ladders ran (written at the start they would change run.json's bytes).
 */
struct opts {
	struct ri_run ri;
	enum mx_run run;
	bool have_run;
	enum mx_matrix matrix;
	bool have_matrix;
	long num_small, num_large; /* -1 = not given */
	bool verbose;
	const char *runner;
	const char *fio;
	const char *engine;
	const char *backend;
	const char *outdir;
	bool jobs_only;
	bool force_write; /* write LUNs that carry signatures */
	bool prefill;	  /* write over each file LUN before the run */
	bool resume;	  /* continue the run of this -outdir/-testname */
	bool placeholders;
	const char *jobfile;	   /* -jobfile: run this one file */
	const char *output;	   /* -output: its JSON goes here */
	const char *clients;	   /* -clients, as given; NULL: this host only */
	struct hostset hosts;	   /* its hosts */
	unsigned int host_timeout; /* s a host may be silent past a point's time */
	bool runner_given;	   /* -runner was on the command line */
	const char *max_latency;   /* -max_latency, as given (run.json: ladder.c, once known) */
	bool stop_at_knee;
	bool version;		  /* -version: print the versions, run nothing */
	bool help;		  /* -help: print it, run nothing */
	bool compat_given;	  /* -compat was on the command line */
	struct fio_opts fio_opts; /* -fio_opt, -include: into every [global] */
	const char *compat_from;  /* "-compat", "FIORION_COMPAT", "default" or "default as orion" */
	long duration_asked;	  /* -duration as given, when FIORION_DURATION overrode it */
	bool duration_asked_auto; /* ... and it was auto[:MAX] */
	/* -run curve (issue 26, curveplan.h); its parameters go to ri.curve */
	bool curve;		/* the oltp ladder (unless -max_iops), then the curve */
	const char *curve_list; /* -curve, as given */
	const char *arrival;	/* -arrival poisson|uniform */
	long max_iops;		/* -max_iops N; 0 = found by the ladder */
	long depth_cap;		/* -depth_cap N; 0 = 4 x the maximum's load */
};

/* Parse and check the command line; a bad option exits with EXIT_USAGE. */
void cli_parse(struct opts *o, int argc, char **argv);
/*
 * The runner's options from the environment: FIORION_STUCK_TIMEOUT=S
 * (whole seconds, 0 to 86400; 0 waits for ever). A bad value is one
 * message and EXIT_USAGE.
 */
struct rn_opts;
void cli_runner_opts(struct rn_opts *ro);
/* asprintf() that exits EXIT_RUN when memory runs out. */
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

#endif
