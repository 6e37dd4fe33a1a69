/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cli.c -- fiorion's command line: ORION's options and fiorion's own,
 * each checked (range, value, combination) before anything runs; a bad
 * one is one message and exit status 2.
 */
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "fr_err.h"
#include "knee.h"
#include "runner.h"
#include "version.h"

#ifndef ENGINE_INSTALL_DIR
#define ENGINE_INSTALL_DIR "/usr/local/lib/fio"
#endif

static void usage(FILE *f, const struct opts *o)
{
	fputs(
"usage: fiorion -run simple|normal|advanced|oltp|dss [options]\n"
"\n"
"ORION: ORacle IO Numbers, on fio. Each data point holds a mix of small\n"
"random I/Os and large (random or sequential) I/Os outstanding for a\n"
"duration; a run is a matrix of points whose columns are small loads and\n"
"rows large loads. <testname>.lun lists the LUNs (devices or files), one\n"
"per line. fiorion writes one fio job file per point into\n"
"<outdir>/<testname>_jobs/ (and the whole matrix as <testname>.fio), runs\n"
"them, and writes ORION's files: <testname>_summary.txt, _iops.csv,\n"
"_mbps.csv, _lat.csv, _trace.txt (+ _tradeoff.csv, 19c: _hist.txt).\n"
"WARNING: -write destroys the data on the LUNs. A LUN that is mounted or\n"
"held (dm, md, LVM) is refused; one that holds a filesystem, RAID member\n"
"or partition table is refused unless -force_write is given (exit 3).\n"
"\n"
"ORION options (single dash, ORION's defaults):\n"
"  -run LEVEL         simple: small random loads, then large random loads\n"
"                     (matrix basic); normal: every combination (detailed);\n"
"                     oltp: small loads up to 20 x num_disks (row 0);\n"
"                     dss: large loads up to 20 x num_disks (column 0);\n"
"                     advanced: as the options below say (mandatory)\n"
"  -testname NAME     prefix of <NAME>.lun and of every output (orion)\n"
"  -num_disks N       disks (spindles); sets the load ladders: small 1..5N,\n"
"                     large 1..2N (default: the number of LUNs)\n"
"  -size_small KB     small I/O size (8)\n"
"  -size_large KB     large I/O size (1024)\n"
"  -type rand|seq     large I/Os random, or sequential streams (rand)\n"
"  -num_streamIO N    outstanding I/Os per sequential stream (4)\n"
"  -simulate concat|raid0  how the LUNs form one volume (concat)\n"
"  -stripe KB         raid0 stripe depth (1024)\n"
"  -write PCT         percentage of writes (0)\n"
"  -cache_size MB     array cache to warm before each sequential large\n"
"                     point with unmeasured random I/O; 0 = no warming\n"
"                     (not given: warm for 120 s)\n"
"  -duration S        seconds per data point (60); auto[:MAX]: each point\n"
"                     runs until fio's steady state holds (IOPS slope\n"
"                     under 2 % over 5 s, after 2 s), at most MAX s (60)\n"
"  -matrix SHAPE      advanced only: basic (row 0 + column 0), detailed\n"
"                     (all), point (num_small, num_large), col (num_small\n"
"                     fixed), row (num_large fixed), max (every load up to\n"
"                     num_small x num_large) (basic)\n"
"  -num_small N       small load for point, col, max\n"
"  -num_large N       large load (seq: streams) for point, row, max\n"
"  -verbose           trace each point on stdout: its job file, the job\n"
"                     sections that run (rw, bs, iodepth, numjobs, ...),\n"
"                     the fio command line (-runner fio) and its result\n"
"  -storax API        ORION 11.2+'s I/O layer: skgfr, oss, asmlib or\n"
"                     odmlib; accepted and ignored (fiorion's engine)\n"
"  -hugenotneeded     accepted and ignored (ORION 11.2+)\n"
"  -help              this text\n"
"\n"
"fiorion options:\n"
"  -version           fiorion's version, the fio release its engine was\n"
"                     built against and the installed fio's (-fio); a\n"
"                     mismatch is a warning\n"
"  -runner builtin|fio  who runs the job files: fiorion's built-in runner,\n"
"                     or stock fio with the fiorion engine (builtin)\n"
"  -fio PATH          fio binary for -runner fio (fio on PATH)\n"
"  -engine PATH       the engine for -runner fio (next to this program,\n"
"                     then its folder's ../lib/fio/fio-fiorion.so, then\n"
"                     " ENGINE_INSTALL_DIR "/fio-fiorion.so)\n"
"  -backend NAME      engine backend: io_uring, libaio, psync (io_uring;\n"
"                     libaio, then psync, with a note when the kernel\n"
"                     refuses it)\n"
"  -compat V          ORION release whose files to write: 10.2 (default),\n"
"                     11.1, 11.2, 12.1, 12.2 or 19c (README: the layouts);\n"
"                     FIORION_COMPAT=V does the same, -compat wins\n"
"  -outdir DIR        where job files and outputs go (.; made when missing)\n"
"  -orion_version V   the summary's first line: ORION VERSION V, a number\n"
"                     as ORION prints it, for parsers that read it\n"
"                     (default: fiorion-" FIORION_VERSION ")\n"
"  -force_write       with -write: write LUNs that hold a filesystem, RAID\n"
"                     or partition signature (never a mounted one)\n"
"  -prefill           before the run, write incompressible data over each\n"
"                     file LUN (devices too with -force_write): a sparse or\n"
"                     preallocated file is otherwise refused, as its reads\n"
"                     never reach the device\n"
"  -resume            continue the run of this -testname in -outdir: the\n"
"                     points already measured (complete JSON of this run)\n"
"                     are kept, the others run; the options must give the\n"
"                     same job files\n"
"  -max_latency B     the latency bound of the answer: MS (mean) or\n"
"                     pNN:MS (a percentile, e.g. p99:5, p99.9:20; p100\n"
"                     the maximum), or both, MS,pNN:MS (2,p100:5); the\n"
"                     summary gives the most small IOPS (and large MBPS)\n"
"                     within it and where; each ladder's knee is marked\n"
"  -stop_at_knee      stop each ladder (a row of small loads, a column of\n"
"                     large ones) once past its knee: the last load before\n"
"                     latency crosses -max_latency or IOPS (MBPS) rise by\n"
"                     less than 5 % a doubling of the load, judged on the\n"
"                     points' intervals and confirmed by the next load;\n"
"                     skipped cells stay empty\n"
"  -repeat N          N passes over the whole plan (all points, then all\n"
"                     again); each cell is the median of its N\n"
"                     measurements, its interval the one across passes\n"
"                     (<testname>_points.csv) (1)\n"
"  -clients LIST      run every point on these hosts at once through\n"
"                     fio's client/server: HOST[:PORT],... or @FILE (one a\n"
"                     line; port 8765). Each host runs fio --server and\n"
"                     the engine; its LUNs are in <testname>.lun.HOST if\n"
"                     that exists, else <testname>.lun. Loads are per\n"
"                     host; the matrices hold the totals over the hosts,\n"
"                     each host's values are in <testname>_hosts.csv.\n"
"                     Implies -runner fio\n"
"  -host_timeout S    with -clients: seconds a host may stay silent (the\n"
"                     probe before the run; past a point's own time) before\n"
"                     it is given up (30)\n"
"  -fio_opt KEY=VALUE  a fio option for every point's [global], after\n"
"                     fiorion's own (repeatable; KEY alone for a flag):\n"
"                     randrepeat=0, cpus_allowed=0-3, fixedbufs=1, ...\n"
"                     Options fiorion sets for ORION's meaning (bs, rw,\n"
"                     iodepth, numjobs, runtime, direct, the engine's)\n"
"                     are refused; with the built-in runner so is one it\n"
"                     does not honour (use -runner fio for it)\n"
"  -include FILE      the options of FILE (fio's included-file syntax:\n"
"                     KEY=VALUE lines, # comments, include lines, no\n"
"                     sections) as -fio_opt each; inlined in the job\n"
"                     files, recorded in run.json\n"
"  -jobs_only         write the job files and stop\n"
"  -placeholders      with -jobs_only: ${LUNFILE}, ${FIORION_ENGINE} and\n"
"                     ${DURATION} instead of paths and seconds\n"
"  -jobfile FILE      run one fio job file with the built-in runner and\n"
"                     print its fio-format JSON (no -run needed)\n"
"  -output FILE       with -jobfile: write the JSON to FILE instead\n"
"\n"
"environment: FIORION_STUCK_TIMEOUT=S  seconds with no I/O completing\n"
"before the built-in runner fails the point, naming the LUN; under\n"
"-runner fio, seconds past the point's own before fio is stopped (300;\n"
"0 = wait for ever). FIORION_COMPAT=V  the layout, as -compat (which wins),\n"
"for scripts that run orion as written. FIORION_DURATION=S  overrides\n"
"-duration: a smoke run of a script that hard-codes 60 s, said on\n"
"stderr, in the summary and in run.json\n"
"\n"
"exit status: 0 done, 1 a point or an output failed (the files of the\n"
"points done are written), 2 bad options or input, 3 a LUN refused to\n"
"protect what is on it, 129/130/143 interrupted by SIGHUP/SIGINT/SIGTERM\n",
	      f);
	fprintf(f, "\nlayout in force: %s\n", dropin_layout_text(o));
	exit(EXIT_OK);
}


static long parse_num(const char *opt, const char *v, long min, long max)
{
	char *end;
	long n;

	errno = 0;
	n = strtol(v, &end, 10);
	if (end == v || *end || errno)
		die_usage("-%s '%s': expected a whole number from %ld to %ld", opt, v, min, max);
	if (n < min || n > max)
		die_usage("-%s %ld: must be from %ld to %ld", opt, n, min, max);
	return n;
}


static int pick(const char *opt, const char *v, const char *const *names, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (!strcasecmp(v, names[i]))
			return i;
	{
		char list[256] = "";

		for (i = 0; i < n; i++) {
			strcat(list, names[i]);
			if (i + 1 < n)
				strcat(list, i + 2 < n ? ", " : " or ");
		}
		die_usage("-%s '%s': must be %s", opt, v, list);
	}
	return -1;
}


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
	for (p = path ? path : "/usr/bin:/bin"; *p; ) {
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

/* -fio_opt KEY=VALUE, or (@include) -include FILE. */
static void add_fio_opt(struct opts *o, const char *arg, bool include)
{
	struct fr_err err = { "" };

	if (include ? fo_include(&o->fio_opts, arg, &err) : fo_add(&o->fio_opts, arg, &err))
		die_usage("%s", err.msg);
}

/*
 * -fio_opt and -include once the runner is known: the built-in runner
 * must honour each option; -jobs_only runs nothing, so its files are for
 * either runner unless -runner builtin says; -jobfile takes none.
 */
static void check_fio_opts(struct opts *o)
{
	bool builtin = !strcmp(o->runner, "builtin") && (!o->jobs_only || o->runner_given);
	struct fr_err err = { "" };

	if (o->jobfile && (o->fio_opts.n || o->fio_opts.ninc))
		die_usage("-fio_opt, -include: for the points fiorion writes; -jobfile runs a job file as it is (put the options in it)");
	if (fo_check(&o->fio_opts, builtin, &err))
		die_usage("%s", err.msg);
}

void cli_parse(struct opts *o, int argc, char **argv)
{
	static const char *const runs[] = { "simple", "normal", "advanced", "oltp", "dss" };
	static const char *const matrices[] = { "basic", "detailed", "point", "col", "row", "max" };
	static const char *const types[] = { "rand", "seq" };
	static const char *const sims[] = { "concat", "raid0" };
	static const char *const runners[] = { "builtin", "fio" };
	static const char *const backends[] = { "io_uring", "libaio", "psync" };
	static const char *const storax[] = { "skgfr", "oss", "asmlib", "odmlib" };
	static const struct option opts[] = {
		{ "run", required_argument, NULL, 'r' },
		{ "testname", required_argument, NULL, 't' },
		{ "num_disks", required_argument, NULL, 'n' },
		{ "size_small", required_argument, NULL, 's' },
		{ "size_large", required_argument, NULL, 'L' },
		{ "type", required_argument, NULL, 'y' },
		{ "num_streamIO", required_argument, NULL, 'q' },
		{ "simulate", required_argument, NULL, 'S' },
		{ "stripe", required_argument, NULL, 'k' },
		{ "write", required_argument, NULL, 'w' },
		{ "cache_size", required_argument, NULL, 'c' },
		{ "duration", required_argument, NULL, 'd' },
		{ "matrix", required_argument, NULL, 'm' },
		{ "num_small", required_argument, NULL, 'a' },
		{ "num_large", required_argument, NULL, 'b' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "storax", required_argument, NULL, 'X' },
		{ "hugenotneeded", no_argument, NULL, 'H' },
		{ "help", no_argument, NULL, 'h' },
		{ "runner", required_argument, NULL, 'R' },
		{ "fio", required_argument, NULL, 'F' },
		{ "engine", required_argument, NULL, 'E' },
		{ "backend", required_argument, NULL, 'B' },
		{ "compat", required_argument, NULL, 'C' },
		{ "outdir", required_argument, NULL, 'o' },
		{ "jobs_only", no_argument, NULL, 'j' },
		{ "force_write", no_argument, NULL, 'W' },
		{ "prefill", no_argument, NULL, 'p' },
		{ "resume", no_argument, NULL, 'U' },
		{ "placeholders", no_argument, NULL, 'P' },
		{ "jobfile", required_argument, NULL, 'J' },
		{ "output", required_argument, NULL, 'O' },
		{ "orion_version", required_argument, NULL, 'V' },
		{ "clients", required_argument, NULL, 'K' },
		{ "max_latency", required_argument, NULL, 'x' },
		{ "stop_at_knee", no_argument, NULL, 'Z' },
		{ "repeat", required_argument, NULL, 'N' },
		{ "host_timeout", required_argument, NULL, 'T' },
		{ "version", no_argument, NULL, 'e' },
		{ "fio_opt", required_argument, NULL, 'f' },
		{ "include", required_argument, NULL, 'I' },
		{ NULL, 0, NULL, 0 },
	};
	bool compat_given = false, help = false;
	int c;

	*o = (struct opts){
		.testname = "orion", .num_disks = -1, .size_small = 8,
		.size_large = 1024, .num_streamio = 4, .stripe_kb = 1024,
		.cache_size = -1, .duration = 60, .num_small = -1,
		.num_large = -1, .runner = "builtin", .fio = "fio", .outdir = ".",
		.repeat = 1,
	};
	opterr = 0;
	while ((c = getopt_long_only(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'r': o->run = (enum mx_run)pick("run", optarg, runs, 5); o->have_run = true; break;
		case 't':
			if (!*optarg)
				die_usage("-testname: must not be empty");
			if (optarg[strcspn(optarg, "\001\002\003\004\005\006\007\010\011\012\013\014\015\016\017\020\021\022\023\024\025\026\027\030\031\032\033\034\035\036\037\177")])
				die_usage("-testname '%s': a control character (a newline, a tab...) is not part of a name; the output files and ORION's summary carry it",
					  optarg);
			o->testname = optarg;
			break;
		case 'n': o->num_disks = parse_num("num_disks", optarg, 1, 4096); break;
		case 's': o->size_small = dropin_size_kb("size_small", optarg, 1, 1048576); break;
		case 'L': o->size_large = dropin_size_kb("size_large", optarg, 1, 1048576); break;
		case 'y': o->seq = pick("type", optarg, types, 2) == 1; break;
		case 'q': o->num_streamio = parse_num("num_streamIO", optarg, 1, 1024); break;
		case 'S': o->raid0 = pick("simulate", optarg, sims, 2) == 1; break;
		case 'k': o->stripe_kb = parse_num("stripe", optarg, 1, 1048576); break;
		case 'w': o->write_pct = parse_num("write", optarg, 0, 100); break;
		case 'c': o->cache_size = parse_num("cache_size", optarg, 0, 1L << 30); break;
		case 'd':
			/* auto[:MAX]: until fio's steady state holds, at most MAX s (60). */
			if (!strncmp(optarg, "auto", 4) && (!optarg[4] || optarg[4] == ':')) {
				o->duration_auto = true;
				o->duration = optarg[4] ? parse_num("duration auto:MAX", optarg + 5, 10, 86400) : 60;
			} else {
				o->duration = parse_num("duration", optarg, 1, 86400);
				o->duration_auto = false;
			}
			break;
		case 'x':
			if (o->max_latency)
				die_usage("-max_latency given twice ('%s', then '%s'): give one, with both bounds in it if you want two (e.g. -max_latency 2,p100:5)",
					  o->max_latency, optarg);
			o->max_latency = optarg;
			break;
		case 'N': o->repeat = parse_num("repeat", optarg, 1, 20); break;
		case 'Z': o->stop_at_knee = true; break;
		case 'm': o->matrix = (enum mx_matrix)pick("matrix", optarg, matrices, 6); o->have_matrix = true; break;
		case 'a': o->num_small = parse_num("num_small", optarg, 0, 4096); break;
		case 'b': o->num_large = parse_num("num_large", optarg, 0, 4096); break;
		case 'v': o->verbose = true; break;
		case 'X':
			/* A value, never the next option: -storax -jobs_only is an error. */
			fprintf(stderr, "fiorion: note: -storax %s ignored (fiorion issues I/O through its engine)\n",
				storax[pick("storax", optarg, storax, 4)]);
			break;
		case 'H': fputs("fiorion: note: -hugenotneeded ignored (fiorion needs no huge pages)\n", stderr); break;
		case 'h': help = true; break;
		case 'e': o->version = true; break;
		case 'R':
			o->runner = runners[pick("runner", optarg, runners, 2)];
			o->runner_given = true;
			break;
		case 'K': o->clients = optarg; break;
		case 'T': o->host_timeout = (unsigned int)parse_num("host_timeout", optarg, 5, 3600); break;
		case 'F': o->fio = optarg; break;
		case 'E': o->engine = optarg; break;
		case 'B': o->backend = backends[pick("backend", optarg, backends, 3)]; break;
		case 'C':
			if (or_compat_parse(optarg, &o->compat))
				die_usage("-compat '%s': must be %s", optarg, OR_COMPAT_NAMES);
			compat_given = true;
			break;
		case 'o': o->outdir = optarg; break;
		case 'j': o->jobs_only = true; break;
		case 'W': o->force_write = true; break;
		case 'p': o->prefill = true; break;
		case 'U': o->resume = true; break;
		case 'P': o->placeholders = true; break;
		case 'J': o->jobfile = optarg; break;
		case 'O': o->output = optarg; break;
		case 'f': add_fio_opt(o, optarg, false); break;
		case 'I': add_fio_opt(o, optarg, true); break;
		case 'V':
			if (!*optarg || optarg[strspn(optarg, "0123456789.")] ||
			    strlen(optarg) > 32)
				die_usage("-orion_version '%s': give a version number as ORION prints it (10.2.0.1.0, 11.2.0.4.0, 19.0.0.0.0)",
					  optarg);
			o->orion_version = optarg;
			break;
		default:
			if (optopt)
				die_usage("option %s needs a value (see fiorion -help)", argv[optind - 1]);
			die_usage("unknown option '%s' (see fiorion -help)", argv[optind - 1]);
		}
	}
	if (optind < argc)
		die_usage("unexpected argument '%s' (options take one value each; see fiorion -help)", argv[optind]);
	dropin_env(o, compat_given, help || o->version || o->jobfile);
	if (help)
		usage(stdout, o);
	/* -version runs nothing: the other options need not make a run. */
	if (o->version)
		return;
	if (o->clients) {
		struct fr_err err = { "" };

		if (o->jobfile)
			die_usage("-clients: not with -jobfile (which runs one job file here)");
		if (o->runner_given && strcmp(o->runner, "fio"))
			die_usage("-clients runs the points through fio's client/server; it takes no -runner %s (fio --server runs them on each host)",
				  o->runner);
		o->runner = "fio";
		if (o->prefill)
			die_usage("-prefill fills this host's LUNs; with -clients fill each host's LUNs there first (fio --client=HOST with rw=write, bs=1m, direct=1 on each LUN)");
		if (o->placeholders)
			die_usage("-placeholders: not with -clients (each host's job files name its LUNs)");
		if (o->engine && o->engine[0] != '/')
			die_usage("-engine '%s': with -clients give the engine's path on the hosts from '/'",
				  o->engine);
		if (hosts_parse(&o->hosts, o->clients, &err))
			die_usage("%s", err.msg);
	} else if (o->host_timeout) {
		die_usage("-host_timeout: only with -clients");
	}
	if (!o->host_timeout)
		o->host_timeout = 30;
	if (o->max_latency) {
		struct kn_bound b;
		struct fr_err err = { "" };

		if (kn_parse(&b, o->max_latency, &err))
			die_usage("-max_latency: %s", err.msg);
	}
	if (o->output && !o->jobfile)
		die_usage("-output: only with -jobfile");
	if (o->jobfile && o->repeat > 1)
		die_usage("-repeat: not with -jobfile (which runs one job file once)");
	check_fio_opts(o);
	if (o->jobfile) {
		if (o->have_run)
			die_usage("-jobfile runs one job file; it takes no -run");
		/* Checked before the run, not found out after it. */
		if (o->output && !writable_target(o->output))
			die_usage("-output '%s': cannot be written (%s)", o->output, strerror(errno));
		return;
	}
	if (!o->have_run)
		die_usage("-run is required: simple, normal, advanced, oltp or dss (see fiorion -help)");
	if (o->have_matrix && o->run != MX_ADVANCED)
		die_usage("-matrix %s: only with -run advanced (-run %s sets its own matrix)",
			  mx_matrix_name(o->matrix), runs[o->run]);
	if (o->run != MX_ADVANCED && (o->num_small >= 0 || o->num_large >= 0))
		die_usage("-%s: only with -run advanced and a matrix that uses it",
			  o->num_small >= 0 ? "num_small" : "num_large");
	if (o->run == MX_ADVANCED) {
		enum mx_matrix m = o->matrix;
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
	if (o->resume && (o->jobs_only || o->placeholders))
		die_usage("-resume continues a run; it takes no -jobs_only or -placeholders");
	if (o->placeholders && !o->jobs_only)
		die_usage("-placeholders: only with -jobs_only (the job files then need LUNFILE, FIORION_ENGINE and DURATION in the environment)");
	/* Found now, not after the banner and the job files: -runner fio needs fio. */
	if (!o->jobfile && !o->jobs_only && !strcmp(o->runner, "fio") && !executable(o->fio))
		die_usage("-fio '%s': no such program (in PATH or as a path); -runner fio runs it for every point",
			  o->fio);
	if (o->engine && !o->clients && not_engine(o->engine))
		die_usage("-engine '%s': %s; the job files load it as fio's engine", o->engine,
			  not_engine(o->engine));
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0) {
		fputs("fiorion: out of memory\n", stderr);
		exit(EXIT_RUN);
	}
	va_end(ap);
	return s;
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
