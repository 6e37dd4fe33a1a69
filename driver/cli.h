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
#include "jobfile.h"
#include "matrix.h"
#include "orion_report.h"
#include "runinfo.h"

/* -runner: who runs the job files. */
enum cli_runner {
	CLI_BUILTIN, /* fiorion's built-in runner */
	CLI_FIO,     /* stock fio with the fiorion engine (-clients: fio --client) */
};

/*
 * The command line. What the run records is parsed straight into @ri
 * (struct ri_run, the run's one record and run.json's source):
 * testname, orion_version, the sizes, -type, -simulate, -stripe,
 * -write, -cache_size, -duration (and FIORION_DURATION's duration_env),
 * -num_disks (-1 until the .lun file gives it), -repeat, -compat, the
 * matrix shape (-matrix; the plan's once planned), -max_latency and
 * -stop_at_knee (run.json gets them once the ladders ran: ladder.c),
 * and -run curve's arrival, max_iops and depth_cap (its percentages
 * once -curve is read: cp_check_opts()). runset.c adds the plan, the
 * LUNs, the fio options, the hosts and the run's identity. What stays
 * here is how the command line was given (given flags, values as typed
 * for their messages) and how to run, which run.json does not record.
 */
struct opts {
	struct ri_run ri;
	enum mx_run run; /* -run curve: MX_OLTP once checked (its ladder), ri.curve.npct > 0 */
	bool have_run;
	bool have_matrix;	   /* -matrix was given (ri.matrix) */
	long num_small, num_large; /* -1 = not given; the plan's columns are run.json's */
	bool verbose;
	bool quiet; /* -q: no progress lines, no notes (fr_quiet()) */
	enum cli_runner runner;
	const char *fio;
	const char *engine;
	enum bk_backend backend;
	const char *outdir;
	bool jobs_only;
	bool force_write; /* write LUNs that carry signatures */
	bool prefill;	  /* write over each file LUN before the run */
	bool resume;	  /* continue the run of this -outdir/-testname */
	bool parts_given; /* -parts on the command line (else cli.c's default, or -resume's run's) */
	bool placeholders;
	const char *jobfile;	      /* -jobfile: run this one file */
	const char *output;	      /* -output: its JSON goes here */
	const char *clients;	      /* -clients, as given; NULL: this host only */
	struct hostset hosts;	      /* its hosts (each one's record: hosts.ri) */
	unsigned int host_timeout;    /* s a host may be silent past a point's time */
	bool host_timeout_given;      /* -host_timeout was on the command line */
	bool runner_given;	      /* -runner was on the command line */
	bool version;		      /* -version: print the versions, run nothing */
	bool help;		      /* -help: print it, run nothing */
	bool compat_given;	      /* -compat was on the command line */
	struct fio_opts fio_opts;     /* -fio_opt, -include: into every [global] (run.json: as text) */
	enum dropin_from compat_from; /* where ri.compat came from */
	long duration_asked;	      /* -duration as given, when FIORION_DURATION overrode it */
	bool duration_asked_auto;     /* ... and it was auto[:MAX] */
	const char *curve_list;	      /* -curve, as given (ri.curve.pct once read) */
	bool curve_given;	      /* -curve was on the command line */
	bool arrival_given;	      /* -arrival was (ri.curve.arrival) */
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

#endif
