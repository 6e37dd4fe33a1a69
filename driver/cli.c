/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cli.c -- fiorion's command line: the option table (cliopts.c) walked
 * (each value's range or values), then the checks across options, all
 * before anything runs; a bad one is one message and exit status 2.
 */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "cliopts.h"
#include "curveplan.h"
#include "fr_err.h"
#include "knee.h"
#include "runner.h"

/* @prog as execvp() would find it: a path, or a name in PATH. */
/* A program file @p can run: a regular file with execute permission. */
static bool runnable(const char *p)
{
	struct stat st;

	return !stat(p, &st) && S_ISREG(st.st_mode) && !access(p, X_OK);
}

static bool executable(const char *prog)
{
	const char *path = getenv("PATH"), *p;

	if (!*prog)
		return false;
	if (strchr(prog, '/'))
		return runnable(prog);
	for (p = path ? path : "/usr/bin:/bin"; *p;) {
		size_t n = strcspn(p, ":");
		char *cand = xasprintf("%.*s/%s", (int)n, n ? p : ".", prog);
		bool ok = runnable(cand);

		free(cand);
		if (ok)
			return true;
		p += n;
		if (*p == ':')
			p++;
	}
	return false;
}

/* Why -engine @p cannot be an engine fio loads, or NULL. */
static const char *not_engine(const char *p)
{
	static char eb[128];
	unsigned char magic[4] = { 0 };
	struct stat st;
	FILE *f;

	if (!*p)
		return "give the engine's path";
	if (stat(p, &st) < 0)
		return fr_strerror(-errno, eb, sizeof(eb));
	if (!S_ISREG(st.st_mode))
		return "not a regular file";
	f = fopen(p, "rbe");
	if (!f)
		return fr_strerror(-errno, eb, sizeof(eb));
	if (fread(magic, 1, sizeof(magic), f) != sizeof(magic) || memcmp(magic, "\177ELF", 4)) {
		fclose(f);
		return "not a shared object (no ELF header)";
	}
	fclose(f);
	return NULL;
}

/* Whether @path can be written: an existing file, or a new one in a writable folder. */
static bool writable_target(const char *path)
{
	struct stat st;
	char *dir, *slash;
	bool ok;

	if (!stat(path, &st)) {
		if (S_ISDIR(st.st_mode)) {
			errno = EISDIR;
			return false;
		}
		return !access(path, W_OK);
	}
	dir = strdup(path);
	if (!dir)
		return false;
	slash = strrchr(dir, '/');
	if (!slash)
		ok = !access(".", W_OK);
	else if (slash == dir)
		ok = !access("/", W_OK);
	else {
		*slash = '\0';
		ok = !access(dir, W_OK);
	}
	free(dir);
	return ok;
}

/*
 * -fio_opt and -include once the runner is known: the built-in runner
 * must honour each option; -jobs_only runs nothing, so its files are for
 * either runner unless -runner builtin says; -jobfile takes none.
 */
static void check_fio_opts(struct opts *o)
{
	bool builtin = o->runner == CLI_BUILTIN && (!o->jobs_only || o->runner_given);
	struct fr_err err = { "" };

	if (o->jobfile && (o->fio_opts.n || o->fio_opts.ninc))
		die_usage("-fio_opt, -include: for the points fiorion writes; -jobfile runs a job file as it is (put the options in it)");
	/*
	 * The model's values first: fo_check() leaves -runner fio's keys to
	 * fio. -jobs_only without -runner writes files for either runner:
	 * virtual_time=1 makes them the built-in runner's.
	 */
	if (fo_check_model(&o->fio_opts, bk_name(o->backend), builtin || (o->jobs_only && !o->runner_given), &err) ||
	    fo_check(&o->fio_opts, builtin, &err))
		die_usage("%s", err.msg);
}

/* -clients: the hosts, and what a run on them cannot take. */
static void check_clients(struct opts *o)
{
	struct fr_err err = { "" };

	if (!o->clients) {
		if (o->host_timeout_given)
			die_usage("-host_timeout: only with -clients");
		return;
	}
	if (o->jobfile)
		die_usage("-clients: not with -jobfile (which runs one job file here)");
	if (o->runner_given && o->runner != CLI_FIO)
		die_usage("-clients runs the points through fio's client/server; it takes no -runner %s (fio --server runs them on each host)",
			  cli_runner_name(o->runner));
	o->runner = CLI_FIO;
	if (o->prefill)
		die_usage("-prefill fills this host's LUNs; with -clients fill each host's LUNs there first (fio --client=HOST with rw=write, bs=1m, direct=1 on each LUN)");
	if (o->placeholders)
		die_usage("-placeholders: not with -clients (each host's job files name its LUNs)");
	if (o->engine && o->engine[0] != '/')
		die_usage("-engine '%s': with -clients give the engine's path on the hosts from '/'",
			  o->engine);
	if (hosts_parse(&o->hosts, o->clients, &err))
		die_usage("%s", err.msg);
}

/* -run advanced: -matrix and the loads it uses, given and only those. */
static void check_matrix(const struct opts *o)
{
	enum mx_matrix m = o->ri.matrix;
	bool uses_small = m == MX_POINT || m == MX_COL || m == MX_MAX;
	bool uses_large = m == MX_POINT || m == MX_ROW || m == MX_MAX;

	if (o->num_small >= 0 && !uses_small)
		die_usage("-num_small: -matrix %s ignores it (point, col and max use it)", mx_matrix_name(m));
	if (o->num_large >= 0 && !uses_large)
		die_usage("-num_large: -matrix %s ignores it (point, row and max use it)", mx_matrix_name(m));
	if (uses_small && o->num_small < 0)
		die_usage("-matrix %s needs -num_small", mx_matrix_name(m));
	if (uses_large && o->num_large < 0)
		die_usage("-matrix %s needs -num_large", mx_matrix_name(m));
	if ((m == MX_POINT || m == MX_MAX) && !o->num_small && !o->num_large)
		die_usage("-matrix %s with -num_small 0 and -num_large 0 tests nothing", mx_matrix_name(m));
}

/*
 * -parts: given, or each point in parts of at least 1 s, at most 5; a
 * run of whole points re-measures its first point 3 times (mx_parts()).
 * -jobs_only writes whole points and no re-measures unless -parts asks.
 * Neither where a point is not one time_based measurement of the
 * plan's: -repeat (passes spread it already), -duration auto (a point
 * ends when steady), -run curve, -jobfile, -placeholders (${DURATION}
 * is the point's).
 */
static void check_parts(struct opts *o)
{
	bool whole = o->ri.repeat > 1 || o->ri.duration_auto || o->ri.curve.npct || o->jobfile ||
		o->placeholders;
	const char *why = o->ri.repeat > 1 ? "-repeat spreads each point over the run already"
		: o->ri.duration_auto	   ? "-duration auto ends a point when it is steady"
		: o->ri.curve.npct	   ? "-run curve measures each rate once"
		: o->jobfile		   ? "-jobfile runs one job file once"
		: o->placeholders	   ? "-placeholders leaves the point's time to ${DURATION}"
					   : NULL;

	o->parts_given = o->ri.parts > 0;
	if (o->ri.parts > 1 && whole)
		die_usage("-parts %" PRId64 ": not here: %s", o->ri.parts, why);
	if (o->ri.parts > 1 && (uint64_t)o->ri.parts > o->ri.duration)
		die_usage("-parts %" PRId64 ": each part would run under 1 s of -duration %" PRIu64
			  " (at most %" PRIu64 " parts)",
			  o->ri.parts, o->ri.duration, o->ri.duration);
	/* -jobs_only: the plan's job files to run by hand, whole points unless asked. */
	if (o->ri.parts <= 0)
		o->ri.parts = whole || o->jobs_only ? 1
						    : (int64_t)(o->ri.duration < 5 ? (o->ri.duration ? o->ri.duration : 1) : 5);
	o->ri.refs = o->ri.parts == 1 && !(o->ri.repeat > 1 || o->ri.curve.npct || o->jobfile || o->placeholders || o->jobs_only)
		? 3
		: 0;
}

void cli_parse(struct opts *o, int argc, char **argv)
{
	/* Not given: values no option takes. The defaults are the table's. */
	*o = (struct opts){
		.ri = { .num_disks = -1, .cache_size = -1 },
		.num_small = -1,
		.num_large = -1,
	};
	fr_opt_defaults(cli_opts, cli_nopts, o);
	/* The notes of the options before a -q wait for it. */
	fr_notes_hold();
	if (fr_opt_walk(cli_opts, cli_nopts, o, argc, argv)) {
		if (optopt)
			die_usage("option %s needs a value (see fiorion -help)", argv[optind - 1]);
		die_usage("unknown option '%s' (see fiorion -help)", argv[optind - 1]);
	}
	fr_cli_set_quiet(o->quiet);
	if (optind < argc)
		die_usage("unexpected argument '%s' (options take one value each; see fiorion -help)", argv[optind]);
	dropin_env(o, argv[0], o->compat_given, o->help || o->version || o->jobfile);
	if (o->help)
		cli_usage(stdout, o);
	/* -version runs nothing: the other options need not make a run. */
	if (o->version)
		return;
	check_clients(o);
	if (o->ri.max_latency) {
		struct kn_bound b;
		struct fr_err err = { "" };

		if (kn_parse(&b, o->ri.max_latency, &err))
			die_usage("-max_latency: %s", err.msg);
	}
	if (o->output && !o->jobfile)
		die_usage("-output: only with -jobfile");
	if (o->jobfile && o->ri.repeat > 1)
		die_usage("-repeat: not with -jobfile (which runs one job file once)");
	check_fio_opts(o);
	cp_check_opts(o);
	check_parts(o);
	if (o->jobfile) {
		if (o->have_run)
			die_usage("-jobfile runs one job file; it takes no -run");
		/* Checked before the run, not found out after it. */
		if (o->output && !writable_target(o->output))
			die_usage("-output '%s': cannot be written (%s)", o->output, strerror(errno));
		return;
	}
	if (!o->have_run)
		die_usage("-run is required: simple, normal, advanced, oltp, dss or curve (see fiorion -help)");
	if (o->have_matrix && o->run != MX_ADVANCED)
		die_usage("-matrix %s: only with -run advanced (-run %s sets its own matrix)",
			  mx_matrix_name(o->ri.matrix), cli_run_name(o->run));
	if (o->run != MX_ADVANCED && (o->num_small >= 0 || o->num_large >= 0))
		die_usage("-%s: only with -run advanced and a matrix that uses it",
			  o->num_small >= 0 ? "num_small" : "num_large");
	if (o->run == MX_ADVANCED)
		check_matrix(o);
	if (o->resume && (o->jobs_only || o->placeholders))
		die_usage("-resume continues a run; it takes no -jobs_only or -placeholders");
	if (o->placeholders && !o->jobs_only)
		die_usage("-placeholders: only with -jobs_only (the job files then need LUNFILE, FIORION_ENGINE and DURATION in the environment)");
	/* Found now, not after the banner and the job files: -runner fio needs fio. */
	if (!o->jobfile && !o->jobs_only && o->runner == CLI_FIO && !executable(o->fio))
		die_usage("-fio '%s': no such program (in PATH or as a path); -runner fio runs it for every point",
			  o->fio);
	if (o->engine && !o->clients && not_engine(o->engine))
		die_usage("-engine '%s': %s; the job files load it as fio's engine", o->engine,
			  not_engine(o->engine));
}

void cli_runner_opts(struct rn_opts *ro)
{
	const char *e = getenv("FIORION_STUCK_TIMEOUT");
	char *end;
	unsigned long v;

	*ro = (struct rn_opts){ .stuck_s = RN_STUCK_DEFAULT, .stop = NULL };
	if (!e)
		return;
	v = strtoul(e, &end, 10);
	if (!*e || *end || v > 86400 || !isdigit((unsigned char)*e))
		die_usage("FIORION_STUCK_TIMEOUT=%s: give whole seconds, 0 to 86400 (0: wait for ever)", e);
	ro->stuck_s = (unsigned int)v;
}
