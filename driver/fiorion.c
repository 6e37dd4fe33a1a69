/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fiorion.c -- ORION's command line on fio: plan the matrix of data
 * points, write one fio job file per point (and one for the whole
 * matrix), run them, and write ORION's files through the converter.
 *
 * Exit status: 0 done, 1 a point failed (files for the points already
 * done are written), 2 bad options or input.
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "fr_file.h"
#include "version.h"
#include "fiojson.h"
#include "jobfile.h"
#include "matrix.h"
#include "orion_report.h"
#include "backend.h"
#include "jobparse.h"
#include "points.h"
#include "runner.h"
#include "vvol.h"

#ifndef ENGINE_INSTALL_DIR
#define ENGINE_INSTALL_DIR "/usr/local/lib/fiorion"
#endif

enum { EXIT_OK = 0, EXIT_RUN = 1, EXIT_USAGE = 2, EXIT_SAFETY = 3 };

struct opts {
	enum mx_run run;
	bool have_run;
	const char *testname;
	long num_disks;		/* -1 = from the .lun file */
	long size_small, size_large;	/* KB */
	bool seq;
	long num_streamio;
	bool raid0;
	long stripe_kb;
	long write_pct;
	long cache_size;	/* MB, -1 = not given */
	long duration;
	enum mx_matrix matrix;
	bool have_matrix;
	long num_small, num_large;	/* -1 = not given */
	bool verbose;
	const char *runner;
	const char *fio;
	const char *engine;
	const char *backend;
	enum or_compat compat;
	const char *outdir;
	bool jobs_only;
	bool placeholders;
	const char *jobfile;	/* -jobfile: run this one file */
	const char *output;	/* -output: its JSON goes here */
	const char *orion_version;	/* the summary's ORION VERSION line */
};

static void usage(FILE *f, int status)
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
"WARNING: -write destroys the data on the LUNs.\n"
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
"  -duration S        seconds per data point (60)\n"
"  -matrix SHAPE      advanced only: basic (row 0 + column 0), detailed\n"
"                     (all), point (num_small, num_large), col (num_small\n"
"                     fixed), row (num_large fixed), max (every load up to\n"
"                     num_small x num_large) (basic)\n"
"  -num_small N       small load for point, col, max\n"
"  -num_large N       large load (seq: streams) for point, row, max\n"
"  -verbose           trace each point on stdout: its job file, the job\n"
"                     sections that run (rw, bs, iodepth, numjobs, ...),\n"
"                     the fio command line (-runner fio) and its result\n"
"  -storax, -hugenotneeded  accepted and ignored (ORION 11.2+)\n"
"  -help              this text\n"
"\n"
"fiorion options:\n"
"  -runner builtin|fio  who runs the job files: fiorion's built-in runner,\n"
"                     or stock fio with the fiorion engine (builtin)\n"
"  -fio PATH          fio binary for -runner fio (fio on PATH)\n"
"  -engine PATH       fiorion-engine.so for -runner fio (next to this\n"
"                     program, then " ENGINE_INSTALL_DIR ")\n"
"  -backend NAME      engine backend: io_uring, libaio, psync (io_uring;\n"
"                     libaio, then psync, with a note when the kernel\n"
"                     refuses it)\n"
"  -compat V          ORION release whose files to write: 10.2 (default),\n"
"                     11.1, 11.2, 12.1, 12.2 or 19c (README: the layouts)\n"
"  -outdir DIR        where job files and outputs go (.; made when missing)\n"
"  -orion_version V   the summary's first line: ORION VERSION V, a number\n"
"                     as ORION prints it, for parsers that read it\n"
"                     (default: fiorion-" FIORION_VERSION ")\n"
"  -jobs_only         write the job files and stop\n"
"  -placeholders      with -jobs_only: ${LUNFILE}, ${FIORION_ENGINE} and\n"
"                     ${DURATION} instead of paths and seconds\n"
"  -jobfile FILE      run one fio job file with the built-in runner and\n"
"                     print its fio-format JSON (no -run needed)\n"
"  -output FILE       with -jobfile: write the JSON to FILE instead\n"
"\n"
"environment: FIORION_STUCK_TIMEOUT=S  seconds with no I/O completing\n"
"before the built-in runner fails the point, naming the LUN (300; 0 =\n"
"wait for ever)\n"
"\n"
"exit status: 0 done, 1 a point failed (the files of the points done are\n"
"written), 2 bad options or input\n",
	      f);
	exit(status);
}

static void die_usage(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void die_usage(const char *fmt, ...)
{
	va_list ap;

	fputs("fiorion: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(EXIT_USAGE);
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

static void parse(struct opts *o, int argc, char **argv)
{
	static const char *const runs[] = { "simple", "normal", "advanced", "oltp", "dss" };
	static const char *const matrices[] = { "basic", "detailed", "point", "col", "row", "max" };
	static const char *const types[] = { "rand", "seq" };
	static const char *const sims[] = { "concat", "raid0" };
	static const char *const runners[] = { "builtin", "fio" };
	static const char *const backends[] = { "io_uring", "libaio", "psync" };
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
		{ "placeholders", no_argument, NULL, 'P' },
		{ "jobfile", required_argument, NULL, 'J' },
		{ "output", required_argument, NULL, 'O' },
		{ "orion_version", required_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	*o = (struct opts){
		.testname = "orion", .num_disks = -1, .size_small = 8,
		.size_large = 1024, .num_streamio = 4, .stripe_kb = 1024,
		.cache_size = -1, .duration = 60, .num_small = -1,
		.num_large = -1, .runner = "builtin", .fio = "fio", .outdir = ".",
	};
	opterr = 0;
	while ((c = getopt_long_only(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 'r': o->run = (enum mx_run)pick("run", optarg, runs, 5); o->have_run = true; break;
		case 't':
			if (!*optarg)
				die_usage("-testname: must not be empty");
			o->testname = optarg;
			break;
		case 'n': o->num_disks = parse_num("num_disks", optarg, 1, 4096); break;
		case 's': o->size_small = parse_num("size_small", optarg, 1, 1048576); break;
		case 'L': o->size_large = parse_num("size_large", optarg, 1, 1048576); break;
		case 'y': o->seq = pick("type", optarg, types, 2) == 1; break;
		case 'q': o->num_streamio = parse_num("num_streamIO", optarg, 1, 1024); break;
		case 'S': o->raid0 = pick("simulate", optarg, sims, 2) == 1; break;
		case 'k': o->stripe_kb = parse_num("stripe", optarg, 1, 1048576); break;
		case 'w': o->write_pct = parse_num("write", optarg, 0, 100); break;
		case 'c': o->cache_size = parse_num("cache_size", optarg, 0, 1L << 30); break;
		case 'd': o->duration = parse_num("duration", optarg, 1, 86400); break;
		case 'm': o->matrix = (enum mx_matrix)pick("matrix", optarg, matrices, 6); o->have_matrix = true; break;
		case 'a': o->num_small = parse_num("num_small", optarg, 0, 4096); break;
		case 'b': o->num_large = parse_num("num_large", optarg, 0, 4096); break;
		case 'v': o->verbose = true; break;
		case 'X': fprintf(stderr, "fiorion: note: -storax %s ignored (fiorion issues I/O through its engine)\n", optarg); break;
		case 'H': fputs("fiorion: note: -hugenotneeded ignored (fiorion needs no huge pages)\n", stderr); break;
		case 'h': usage(stdout, EXIT_OK); break;
		case 'R': o->runner = runners[pick("runner", optarg, runners, 2)]; break;
		case 'F': o->fio = optarg; break;
		case 'E': o->engine = optarg; break;
		case 'B': o->backend = backends[pick("backend", optarg, backends, 3)]; break;
		case 'C':
			if (or_compat_parse(optarg, &o->compat))
				die_usage("-compat '%s': must be %s", optarg, OR_COMPAT_NAMES);
			break;
		case 'o': o->outdir = optarg; break;
		case 'j': o->jobs_only = true; break;
		case 'P': o->placeholders = true; break;
		case 'J': o->jobfile = optarg; break;
		case 'O': o->output = optarg; break;
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
	if (o->output && !o->jobfile)
		die_usage("-output: only with -jobfile");
	if (o->jobfile) {
		if (o->have_run)
			die_usage("-jobfile runs one job file; it takes no -run");
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
	if (o->placeholders && !o->jobs_only)
		die_usage("-placeholders: only with -jobs_only (the job files then need LUNFILE, FIORION_ENGINE and DURATION in the environment)");
}

/* ------------------------------------------------------------ paths */

static char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *xasprintf(const char *fmt, ...)
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

static char *absolute(const char *p)
{
	char *r = realpath(p, NULL);

	return r ? r : strdup(p);
}

/* The engine: -engine, next to this program, build/, the install dir. */
static char *find_engine(const char *given)
{
	char self[PATH_MAX], *dir, *cand;
	ssize_t n;

	if (given)
		return absolute(given);
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (n > 0) {
		self[n] = '\0';
		dir = strrchr(self, '/');
		if (dir) {
			*dir = '\0';
			cand = xasprintf("%s/fiorion-engine.so", self);
			if (!access(cand, R_OK))
				return cand;
			free(cand);
			cand = xasprintf("%s/../lib/fiorion/fiorion-engine.so", self);
			if (!access(cand, R_OK)) {
				char *r = absolute(cand);

				free(cand);
				return r;
			}
			free(cand);
		}
	}
	return strdup(ENGINE_INSTALL_DIR "/fiorion-engine.so");
}

/* ------------------------------------------------------------- run.json */

static json_t *uint_array(const unsigned int *v, size_t n)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; i < n; i++)
		json_array_append_new(a, json_integer(v[i]));
	return a;
}

static char *run_json(const struct opts *o, const struct vvol *vv,
		      const struct mx_plan *plan, int argc, char **argv,
		      time_t start, const char *run_id, json_t *warnings)
{
	json_t *doc = json_object(), *r = json_object(), *a = json_array();
	char *s;
	unsigned int i;

	for (i = 1; i < (unsigned int)argc; i++)
		json_array_append_new(a, json_string(argv[i]));
	json_object_set_new(r, "version", json_string(FIORION_VERSION));
	json_object_set_new(r, "testname", json_string(o->testname));
	/* Job files with placeholders carry no identity: neither does run.json. */
	if (!o->placeholders)
		json_object_set_new(r, "run_id", json_string(run_id));
	if (o->orion_version)
		json_object_set_new(r, "orion version", json_string(o->orion_version));
	json_object_set_new(r, "compat", json_string(or_layout(o->compat)->name));
	json_object_set_new(r, "command line", a);
	json_object_set_new(r, "size_small", json_integer(o->size_small));
	json_object_set_new(r, "size_large", json_integer(o->size_large));
	json_object_set_new(r, "type", json_string(o->seq ? "seq" : "rand"));
	json_object_set_new(r, "num_streamIO", json_integer(o->num_streamio));
	json_object_set_new(r, "simulate", json_string(o->raid0 ? "raid0" : "concat"));
	json_object_set_new(r, "stripe", json_integer(o->stripe_kb));
	json_object_set_new(r, "write", json_integer(o->write_pct));
	json_object_set_new(r, "cache_size", json_integer(o->cache_size));
	json_object_set_new(r, "duration", json_integer(o->duration));
	json_object_set_new(r, "matrix", json_string(mx_matrix_name(plan->matrix)));
	json_object_set_new(r, "num_disks", json_integer(o->num_disks));
	json_object_set_new(r, "small_columns", uint_array(plan->small_cols, plan->nsmall_cols));
	json_object_set_new(r, "large_columns", uint_array(plan->large_cols, plan->nlarge_cols));
	json_object_set_new(r, "total_points", json_integer((json_int_t)plan->total));
	a = json_array();
	for (i = 0; i < vv->nluns; i++) {
		json_t *l = json_object();

		json_object_set_new(l, "name", json_string(vv->luns[i].path));
		json_object_set_new(l, "size", json_integer((json_int_t)vv->luns[i].size));
		json_array_append_new(a, l);
	}
	json_object_set_new(r, "luns", a);
	json_object_set_new(r, "vlun_size", json_integer((json_int_t)vv->size));
	json_object_set_new(r, "warnings", json_incref(warnings));
	json_object_set_new(r, "start", json_integer((json_int_t)start));
	json_object_set_new(doc, "fiorion", r);
	s = json_dumps(doc, JSON_INDENT(2));
	json_decref(doc);
	return s;
}

/*
 * The default backend is io_uring; when the kernel refuses it (disabled
 * by sysctl, seccomp, an old kernel), fall back to libaio, then psync,
 * with a note, rather than fail every point.
 */
static const char *pick_backend(void)
{
	static const char *const order[] = { "io_uring", "libaio", "psync" };
	char eb[128];
	size_t i;

	for (i = 0; i < 3; i++) {
		const struct backend_ops *ops = backend_find(order[i]);
		struct backend be = { .ops = ops };
		int ret = ops->init(&be, 4);

		if (!ret) {
			ops->exit(&be);
			return i ? order[i] : NULL;
		}
		if (i < 2)
			fprintf(stderr, "fiorion: note: the kernel refused %s (%s); trying %s\n",
				order[i], fr_strerror(ret, eb, sizeof(eb)), order[i + 1]);
	}
	return "psync";
}

/* ------------------------------------------------------------ running */

static void fmt_hms(char *buf, size_t len, long secs)
{
	snprintf(buf, len, "%ld:%02ld:%02ld", secs / 3600, secs / 60 % 60, secs % 60);
}

/* Seconds a point takes: its duration plus its warm-up (when bounded by time). */
static long point_secs(const struct opts *o, const struct jf_conf *jc,
		       const struct mx_point *p)
{
	long s = o->duration;

	if (jf_has_warm(jc, p) && o->cache_size < 0)
		s += 120;
	return s;
}

static bool printable(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 && *s != '\t')
			return false;
	return true;
}

/*
 * fio's messages from its stderr, for an error message: the last few
 * "fio..." lines (fio: and fiorion: lines; fio also prints raw buffer
 * bytes around I/O errors, which are dropped).
 */
static char *tail_of(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[1024], keep[6][1024];
	int n = 0, i;
	size_t len = 1;
	char *out;

	if (!f)
		return strdup("");
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		if (!*line || !printable(line) || strncmp(line, "fio", 3))
			continue;
		if (n == 6)
			memmove(keep[0], keep[1], sizeof(keep[0]) * 5);
		snprintf(keep[n < 6 ? n : 5], sizeof(keep[0]), "%s", line);
		if (n < 6)
			n++;
	}
	fclose(f);
	for (i = 0; i < n; i++)
		len += strlen(keep[i]) + 3;
	out = calloc(1, len);
	for (i = 0; out && i < n; i++) {
		strcat(out, "  ");
		strcat(out, keep[i]);
		strcat(out, "\n");
	}
	return out ? out : strdup("");
}

/*
 * -verbose (ORION: "prints tracing information to standard output"):
 * the point's job file and the sections that run, as written.
 */
static void verbose_point(size_t i, size_t n, const struct mx_point *p, const char *job,
			  const char *runner)
{
	char line[1024];
	bool jobs = false;
	FILE *f = fopen(job, "re");

	printf("fiorion: point %zu of %zu (small=%u, large=%u): %s, run by %s\n", i, n, p->s,
	       p->l, job, runner);
	while (f && fgets(line, sizeof(line), f)) {
		if (line[0] == '[' && strncmp(line, "[global]", 8))
			jobs = true;
		if (jobs && line[0] != '#' && line[0] != '\n')
			printf("  %s", line);
	}
	if (f)
		fclose(f);
	fflush(stdout);
}

/* Run stock fio on one job file: stdout = JSON, stderr kept. */
static int run_fio(const struct opts *o, const char *job, const char *json,
		   const char *err, char **why)
{
	pid_t pid;
	int st;

	if (o->verbose)
		printf("  fio command: %s --output-format=json+ %s > %s 2> %s\n",
		       o->fio, job, json, err);
	fflush(NULL);
	pid = fork();
	if (pid < 0) {
		*why = xasprintf("cannot start fio: %s\n", strerror(errno));
		return -1;
	}
	if (pid == 0) {
		int out = open(json, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
		int e = open(err, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

		if (out < 0 || e < 0 || dup2(out, 1) < 0 || dup2(e, 2) < 0)
			_exit(126);
		execlp(o->fio, o->fio, "--output-format=json+", job, (char *)NULL);
		fprintf(stderr, "fiorion: cannot run '%s': %s\n", o->fio, strerror(errno));
		_exit(127);
	}
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
		return 0;
	*why = tail_of(err);
	if (WIFSIGNALED(st)) {
		char *w = xasprintf("%s  (fio killed by signal %d)\n", *why, WTERMSIG(st));

		free(*why);
		*why = w;
	}
	return -1;
}

/* Run one job file with the built-in runner; its JSON goes to @json. */
static int run_builtin(const char *job, const char *json, char **why)
{
	struct fr_err err = { "" };
	struct jp_file jf;
	char *buf = NULL;
	size_t len = 0;
	FILE *f;
	int ret;

	ret = jp_parse_file(&jf, job, &err);
	if (ret) {
		*why = xasprintf("  %s\n", err.msg);
		return -1;
	}
	f = open_memstream(&buf, &len);
	ret = rn_run(&jf, f, NULL, &err);
	fclose(f);
	/* A stuck clone's thread is left behind and may still read the job. */
	if (ret != -ETIMEDOUT)
		jp_release(&jf);
	if (!ret)
		ret = fr_write_atomic(json, buf, len, &err);
	free(buf);
	if (ret) {
		*why = xasprintf("  %s\n", err.msg);
		return -1;
	}
	return 0;
}

/* fiorion -jobfile FILE [-output F]. */
static int jobfile_main(const struct opts *o)
{
	struct fr_err err = { "" };
	struct jp_file jf;
	FILE *out = stdout;
	char *buf = NULL;
	size_t len = 0;
	bool refused = false;
	int ret;

	if (jp_parse_file(&jf, o->jobfile, &err)) {
		fprintf(stderr, "fiorion: %s\n", err.msg);
		return EXIT_USAGE;
	}
	out = open_memstream(&buf, &len);
	ret = rn_run(&jf, out, &refused, &err);
	fclose(out);
	/* A stuck clone's thread is left behind and may still read the job. */
	if (ret != -ETIMEDOUT)
		jp_release(&jf);
	if (o->output) {
		struct fr_err werr = { "" };
		int w = fr_write_atomic(o->output, buf, len, &werr);

		if (w) {
			fprintf(stderr, "fiorion: %s\n", werr.msg);
			ret = w;
		}
	} else if (fwrite(buf, 1, len, stdout) != len || fflush(stdout)) {
		fputs("fiorion: cannot write the JSON to standard output\n", stderr);
		ret = -EIO;
	}
	free(buf);
	if (ret && err.msg[0])
		fprintf(stderr, "fiorion: %s\n", err.msg);
	/* A plan that could not start (a LUN, a limit) is bad input: 2. */
	return ret ? (refused ? EXIT_USAGE : EXIT_RUN) : EXIT_OK;
}

/* What one point measured, for the progress line. */
static void point_result(const char *json, char *buf, size_t len)
{
	struct fj_set set = { 0 };
	struct pt_set pts = { 0 };
	struct pt_opts po;
	struct fr_err err = { "" };
	const struct pt_point *p;

	buf[0] = '\0';
	pt_opts_init(&po);
	if (fj_read_file(&set, json, &err) || pt_build(&pts, &set, &po, &err)) {
		fj_set_release(&set);
		return;
	}
	p = &pts.pts[0];
	if (p->small.present && p->large.present)
		snprintf(buf, len, "%lld IOPS, %.2f ms, %.2f MBPS",
			 (long long)p->small.iops, p->small.lat[PT_ALL].mean / 1e6,
			 p->large.mbps);
	else if (p->small.present)
		snprintf(buf, len, "%lld IOPS, %.2f ms", (long long)p->small.iops,
			 p->small.lat[PT_ALL].mean / 1e6);
	else if (p->large.present)
		snprintf(buf, len, "%.2f MBPS", p->large.mbps);
	pt_set_release(&pts);
	fj_set_release(&set);
}

/* "a file on tmpfs" or "a file on ramfs" when @path lives in memory, else NULL. */
static const char *memory_fs(const char *path)
{
	struct statfs sf;

	if (statfs(path, &sf) < 0)
		return NULL;
	if ((unsigned long)sf.f_type == 0x01021994UL)	/* TMPFS_MAGIC */
		return "a file on tmpfs";
	if ((unsigned long)sf.f_type == 0x858458f6UL)	/* RAMFS_MAGIC */
		return "a file on ramfs";
	return NULL;
}

/*
 * A LUN in memory gives memory's numbers (seeds 000/002: ORION's classic
 * pitfall): a file on tmpfs or ramfs, a zram or ram (brd) block device, a
 * loop device backed by a file in memory. Appends one sentence per such
 * LUN to @w (a JSON array), for the start-up line and the summary.
 */
static void memory_luns(const struct vvol *vv, json_t *w)
{
	unsigned int i;

	for (i = 0; i < vv->nluns; i++) {
		const char *path = vv->luns[i].path, *what = NULL;
		char sys[128], link[PATH_MAX], backing[PATH_MAX] = "";
		struct stat st;
		ssize_t n;

		if (stat(path, &st) < 0)
			continue;
		if (S_ISREG(st.st_mode)) {
			what = memory_fs(path);
		} else if (S_ISBLK(st.st_mode)) {
			const char *dev;

			snprintf(sys, sizeof(sys), "/sys/dev/block/%u:%u", major(st.st_rdev),
				 minor(st.st_rdev));
			n = readlink(sys, link, sizeof(link) - 1);
			if (n <= 0)
				continue;
			link[n] = '\0';
			dev = strrchr(link, '/') ? strrchr(link, '/') + 1 : link;
			if (!strncmp(dev, "zram", 4))
				what = "a zram device (compressed RAM)";
			else if (!strncmp(dev, "ram", 3))
				what = "a RAM disk (brd)";
			else if (!strncmp(dev, "loop", 4)) {
				FILE *f;
				char *bf = xasprintf("/sys/block/%s/loop/backing_file", dev);

				f = fopen(bf, "re");
				free(bf);
				if (f) {
					if (fgets(backing, sizeof(backing), f))
						backing[strcspn(backing, "\n")] = '\0';
					fclose(f);
				}
				if (backing[0] && memory_fs(backing))
					what = "a loop device over a file in memory";
			}
		}
		if (what) {
			char *s = xasprintf("LUN '%s' is %s: O_DIRECT there is a memory copy, so these are the memory's numbers, not a storage device's",
					    path, what);

			json_array_append_new(w, json_string(s));
			free(s);
		}
	}
}

/* Read run.json and every point's JSON, write ORION's files. */
static int report(const struct opts *o, const char *jobs_dir, size_t done,
		  bool quiet)
{
	struct fj_set set = { 0 };
	struct pt_set pts = { 0 };
	struct or_params params;
	struct pt_opts po;
	struct fr_err err = { "" };
	char *path;
	struct or_written written;
	size_t i;
	int ret;

	path = xasprintf("%s/run.json", jobs_dir);
	ret = fj_read_file(&set, path, &err);
	free(path);
	for (i = 1; !ret && i <= done; i++) {
		path = xasprintf("%s/p%03zu.json", jobs_dir, i);
		ret = fj_read_file(&set, path, &err);
		free(path);
	}
	pt_opts_init(&po);
	if (!ret)
		ret = pt_build(&pts, &set, &po, &err);
	if (!ret)
		ret = or_params_init(&params, &set, &pts, NULL, NULL, 0, &err);
	if (!ret) {
		ret = or_write_all(&params, &pts, o->outdir, o->compat, &written, &err);
		if (!ret && !quiet) {
			printf("\n");
			or_result_block(stdout, &pts, o->compat);
		}
		for (i = 0; !ret && i < params.nwarnings; i++)
			fprintf(stderr, "fiorion: warning: %s\n", params.warnings[i]);
		or_params_release(&params);
	}
	if (ret)
		fprintf(stderr, "fiorion: cannot write ORION's files: %s\n", err.msg);
	pt_set_release(&pts);
	fj_set_release(&set);
	return ret;
}

/*
 * The run's identity: 16 hex digits from the kernel's random source. It
 * goes into run.json and, as description=fiorion run ID, into every job
 * file's [global], which fio echoes in its JSON: the converter refuses
 * inputs from two runs.
 */
static void make_run_id(char id[17])
{
	unsigned char r[8];
	unsigned int i;
	int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);

	if (fd < 0 || read(fd, r, sizeof(r)) != (ssize_t)sizeof(r)) {
		uint64_t x = (uint64_t)time(NULL) * 6364136223846793005ULL ^ (uint64_t)getpid();

		memcpy(r, &x, sizeof(r));
	}
	if (fd >= 0)
		close(fd);
	for (i = 0; i < sizeof(r); i++)
		snprintf(id + 2 * i, 3, "%02x", r[i]);
}

/* ORION's files for @name, and fiorion's own, that a new run replaces. */
static const char *const set_members[] = {
	"_jobs", ".fio", "_summary.txt", "_iops.csv", "_mbps.csv", "_lat.csv",
	"_trace.txt", "_tradeoff.csv", "_hist.txt",
};

/*
 * A run starts from a clean set: an earlier run's files under the same
 * name (its <name>_jobs/ folder with the per-point JSON, the whole-matrix
 * file and ORION's files) are moved together into
 * <dir>/<name>_run_<when it started>/, and the move is said. Nothing is
 * deleted. Exits 3 (a refusal to overwrite results) when they cannot be
 * moved.
 */
/* "<name>_YYYYMMDD_HHMM_<member>" (11.1+ names): its member, else NULL. */
static const char *dated_member(const char *ent, const char *name)
{
	size_t n = strlen(name), k;
	const char *p = ent + n;

	if (strncmp(ent, name, n) || p[0] != '_')
		return NULL;
	for (k = 1; k <= 13; k++)
		if (k == 9 ? p[k] != '_' : !(p[k] >= '0' && p[k] <= '9'))
			return NULL;
	return p + 14;	/* "_summary.txt", ... */
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The entries of @dir that belong to @name's file set, or NULL. */
static char **set_files(const char *dir, const char *name, size_t *n)
{
	char **v = NULL;
	struct dirent *e;
	DIR *dp = opendir(dir);

	*n = 0;
	while (dp && (e = readdir(dp))) {
		const char *m = !strncmp(e->d_name, name, strlen(name)) ? e->d_name + strlen(name) : NULL;
		const char *dm = dated_member(e->d_name, name);
		size_t k;
		bool in = false;

		for (k = 0; k < sizeof(set_members) / sizeof(set_members[0]); k++)
			if ((m && !strcmp(m, set_members[k])) || (dm && !strcmp(dm, set_members[k])))
				in = true;
		if (!in)
			continue;
		v = realloc(v, (*n + 1) * sizeof(*v));
		if (!v)
			die_usage("out of memory");
		v[(*n)++] = xasprintf("%s", e->d_name);
	}
	if (dp)
		closedir(dp);
	if (*n)
		qsort(v, *n, sizeof(*v), cmp_str);
	return v;
}

/*
 * A run starts from a clean set: an earlier run's files under the same
 * name (its <name>_jobs/ folder with the per-point JSON, the whole-matrix
 * file and ORION's files, plain or dated as 11.1+ name them) are moved
 * together into <dir>/<name>_run_<when it started>/, and the move is
 * said. Nothing is deleted. Exits 3 (a refusal to overwrite results)
 * when they cannot be moved.
 */
static void move_aside(const char *dir, const char *name)
{
	char *aside = NULL, *rj, when[32], moved[1024] = "", **files;
	struct fj_set set = { 0 };
	struct fr_err err = { "" };
	struct stat st;
	size_t k, n;
	time_t t = 0;
	struct tm tm;
	int suffix;

	files = set_files(dir, name, &n);
	if (!n)
		return;
	for (k = 0; k < n; k++) {
		char *path = xasprintf("%s/%s", dir, files[k]);

		if (lstat(path, &st) == 0 && (!t || st.st_mtime < t))
			t = st.st_mtime;
		free(path);
	}
	rj = xasprintf("%s/%s_jobs/run.json", dir, name);
	if (fj_read_file(&set, rj, &err) == 0 && set.run.start > 0)
		t = (time_t)set.run.start;
	fj_set_release(&set);
	free(rj);
	localtime_r(&t, &tm);
	strftime(when, sizeof(when), "%Y%m%d_%H%M%S", &tm);
	for (suffix = 1; suffix < 1000; suffix++) {
		free(aside);
		aside = suffix == 1 ? xasprintf("%s/%s_run_%s", dir, name, when)
				    : xasprintf("%s/%s_run_%s.%d", dir, name, when, suffix);
		if (mkdir(aside, 0777) == 0)
			break;
		if (errno != EEXIST || suffix == 999) {
			fprintf(stderr, "fiorion: an earlier run's files named '%s' are in %s; cannot make %s to move them aside (%s); refusing to overwrite them\n",
				name, dir, aside, strerror(errno));
			exit(EXIT_SAFETY);
		}
	}
	for (k = 0; k < n; k++) {
		char *path = xasprintf("%s/%s", dir, files[k]);
		char *to = xasprintf("%s/%s", aside, files[k]);
		size_t m = strlen(moved);

		if (rename(path, to) < 0) {
			fprintf(stderr, "fiorion: cannot move the earlier run's '%s' to %s/ (%s); refusing to overwrite it\n",
				path, aside, strerror(errno));
			exit(EXIT_SAFETY);
		}
		snprintf(moved + m, sizeof(moved) - m, "%s%s", m ? ", " : "", files[k]);
		free(path);
		free(to);
		free(files[k]);
	}
	free(files);
	fprintf(stderr, "fiorion: an earlier run's files (%s) moved to %s/\n", moved, aside);
	free(aside);
}

int main(int argc, char **argv)
{
	struct opts o;
	struct vvol_conf vc = { 0 };
	struct vvol *vv = NULL;
	struct fr_err err = { "" };
	struct mx_plan plan;
	struct jf_conf jc;
	char *lunfile, *engine, *jobs_dir, *text = NULL, *whole, *rj, dur[32];
	char run_id[17], **texts;
	json_t *warnings;
	size_t len = 0, i, done = 0;
	long total_secs = 0, left, orion_minutes;
	bool tty = isatty(2);
	time_t start = time(NULL);
	struct stat st;
	FILE *f;
	int ret, status = EXIT_OK;

	parse(&o, argc, argv);
	if (o.jobfile)
		return jobfile_main(&o);
	if (stat(o.outdir, &st) == 0 && !S_ISDIR(st.st_mode))
		die_usage("-outdir '%s': exists and is not a folder", o.outdir);

	/* ORION: <testname>.lun, as given (a .lun suffix is not stripped). */
	lunfile = xasprintf("%s.lun", o.testname);
	/*
	 * A -testname with a folder (ORION: D:\app1\oracleio) puts the files
	 * in that folder, under the last component: /tmp/x/db writes
	 * /tmp/x/db_summary.txt. A relative folder is taken under -outdir.
	 */
	{
		const char *slash = strrchr(o.testname, '/');

		if (slash) {
			size_t dl = (size_t)(slash - o.testname);

			if (!slash[1])
				die_usage("-testname '%s': ends with '/'; give a name after the folder",
					  o.testname);
			if (o.testname[0] == '/')
				o.outdir = dl ? xasprintf("%.*s", (int)dl, o.testname) : "/";
			else
				o.outdir = xasprintf("%s/%.*s", o.outdir, (int)dl, o.testname);
			o.testname = slash + 1;
		}
	}
	vc.lunfile = lunfile;
	vc.simulate = o.raid0 ? "raid0" : "concat";
	vc.stripe = (uint64_t)o.stripe_kb * 1024;
	ret = vvol_load(&vv, &vc, &err);
	if (ret)
		die_usage("%s", err.msg);
	if (o.num_disks < 0)
		o.num_disks = vv->nluns;
	ret = mx_plan(&plan, o.run, o.matrix, (unsigned int)o.num_disks,
		      (int)o.num_small, (int)o.num_large);
	if (ret == -EINVAL)
		die_usage("this -run/-matrix combination tests no point");
	if (ret)
		die_usage("out of memory");

	if (!o.backend)
		o.backend = pick_backend();
	engine = find_engine(o.engine);
	snprintf(dur, sizeof(dur), "%ld", o.duration);
	jc = (struct jf_conf){
		.engine = o.placeholders ? "${FIORION_ENGINE}" : engine,
		.lunfile = o.placeholders ? "${LUNFILE}" : absolute(lunfile),
		.duration = o.placeholders ? "${DURATION}" : dur,
		.raid0 = o.raid0, .stripe_kb = (unsigned int)o.stripe_kb,
		.backend = o.backend,
		.size_small = (unsigned int)o.size_small,
		.size_large = (unsigned int)o.size_large, .seq = o.seq,
		.num_streamio = (unsigned int)o.num_streamio,
		.write_pct = (unsigned int)o.write_pct,
		.cache_size = o.cache_size, .vol_size = vv->size,
	};
	for (i = 0; i < plan.n; i++)
		total_secs += point_secs(&o, &jc, &plan.pts[i]);
	make_run_id(run_id);
	if (!o.placeholders)
		jc.run_id = run_id;

	/*
	 * Every point's job file, and the check that each can run on this
	 * volume (every clone's range holds a block; bs suits direct=1),
	 * before anything is written or run: a point that cannot run fails
	 * now, not after the points before it ran.
	 */
	texts = calloc(plan.n ? plan.n : 1, sizeof(*texts));
	if (!texts)
		die_usage("out of memory");
	for (i = 0; i < plan.n; i++) {
		char *cmt = xasprintf("# fiorion %s: '%s' point %zu of %zu: small=%u large=%u\n",
				      FIORION_VERSION, o.testname, i + 1, plan.total,
				      plan.pts[i].s, plan.pts[i].l);

		f = open_memstream(&texts[i], &len);
		jf_global(f, &jc, cmt);
		jf_point(f, &jc, (unsigned int)i + 1, &plan.pts[i], true);
		fclose(f);
		free(cmt);
		if (!o.placeholders) {
			struct jp_file jf;
			char name[32];

			snprintf(name, sizeof(name), "p%03zu.fio", i + 1);
			ret = jp_parse_buffer(&jf, name, texts[i], &err);
			if (!ret) {
				ret = rn_check(&jf, &err);
				jp_release(&jf);
			}
			if (ret)
				die_usage("point %zu of %zu (small=%u, large=%u) cannot run on this volume: %s",
					  i + 1, plan.n, plan.pts[i].s, plan.pts[i].l, err.msg);
		}
	}

	if (or_make_dir(o.outdir, &err))
		die_usage("%s", err.msg);
	move_aside(o.outdir, o.testname);
	warnings = json_array();
	memory_luns(vv, warnings);
	{
		size_t w;
		json_t *s;

		json_array_foreach(warnings, w, s)
			fprintf(stderr, "fiorion: warning: %s\n", json_string_value(s));
	}
	/*
	 * ORION's banner: Total Data Points + 1 minutes at its default 60 s
	 * (every real sample, orion.md 2.6), i.e. points x duration / 60 + 1.
	 * fiorion's own estimate, from what each point really runs (warm-up
	 * included), is the ETA on the progress lines.
	 */
	orion_minutes = (long)plan.total * o.duration / 60 + 1;
	printf("ORION: ORacle IO Numbers -- Version fiorion-%s\n", FIORION_VERSION);
	if (or_layout(o.compat)->dated) {
		/* 11.1+: the output prefix on its own line. */
		char stamp[32];
		struct tm tm;

		localtime_r(&start, &tm);
		strftime(stamp, sizeof(stamp), "%Y%m%d_%H%M", &tm);
		printf("%s_%s\n", o.testname, stamp);
	}
	if (or_layout(o.compat)->calibration)
		printf("Calibration will take approximately %ld minutes.\n"
		       "Using a large value for -cache_size may take longer.\n", orion_minutes);
	else
		printf("Test will take approximately %ld minutes\n"
		       "Larger caches may take longer\n", orion_minutes);
	if (or_layout(o.compat)->luns_stdout) {
		/* 12.2+ lists the LUNs on stdout too (orion.md 2.9, 3.4). */
		for (i = 0; i < vv->nluns; i++)
			printf("Name: %s Size: %" PRIu64 "\n", vv->luns[i].path, vv->luns[i].size);
		printf("%u files found.\n", vv->nluns);
	}
	fflush(stdout);

	/* Job files: one per point, and the whole matrix. */
	jobs_dir = xasprintf("%s/%s_jobs", o.outdir, o.testname);
	if (mkdir(jobs_dir, 0755) < 0 && errno != EEXIST)
		die_usage("cannot create '%s': %s", jobs_dir, strerror(errno));
	f = open_memstream(&text, &len);
	fprintf(f, "# fiorion %s: the whole matrix of '%s', %zu points (+ (0,0), which runs nothing);\n"
		   "# each point is one stonewalled group. One file per point: %s_jobs/pNNN.fio\n",
		FIORION_VERSION, o.testname, plan.n, o.testname);
	jf_global(f, &jc, "");
	for (i = 0; i < plan.n; i++)
		jf_point(f, &jc, (unsigned int)i + 1, &plan.pts[i], i == 0);
	fclose(f);
	whole = xasprintf("%s/%s.fio", o.outdir, o.testname);
	if (fr_write_atomic(whole, text, len, &err))
		die_usage("%s", err.msg);
	free(text);
	for (i = 0; i < plan.n; i++) {
		char *path = xasprintf("%s/p%03zu.fio", jobs_dir, i + 1);

		if (fr_write_atomic(path, texts[i], strlen(texts[i]), &err))
			die_usage("%s", err.msg);
		free(texts[i]);
		free(path);
	}
	free(texts);
	rj = run_json(&o, vv, &plan, argc, argv, start, run_id, warnings);
	{
		char *path = xasprintf("%s/run.json", jobs_dir);

		if (fr_write_atomic(path, rj, strlen(rj), &err))
			die_usage("%s", err.msg);
		free(path);
	}
	free(rj);
	if (o.jobs_only) {
		fprintf(stderr, "fiorion: wrote %s and %zu job files in %s/\n", whole,
			plan.n, jobs_dir);
		goto out;
	}

	left = total_secs;
	for (i = 0; i < plan.n; i++) {
		const struct mx_point *p = &plan.pts[i];
		char *job = xasprintf("%s/p%03zu.fio", jobs_dir, i + 1);
		char *json = xasprintf("%s/p%03zu.json", jobs_dir, i + 1);
		char *errf = xasprintf("%s/p%03zu.err", jobs_dir, i + 1);
		char *why = NULL, res[128], eta[32];

		fmt_hms(eta, sizeof(eta), left);
		if (o.verbose)
			verbose_point(i + 1, plan.n, p, job, strcmp(o.runner, "fio") ? "the built-in runner" : "fio");
		if (tty)
			fprintf(stderr, "\r\033[Kfiorion: point %zu of %zu (small=%u, large=%u) running, ETA %s",
				i + 1, plan.n, p->s, p->l, eta);
		if (strcmp(o.runner, "fio") ? run_builtin(job, json, &why)
					     : run_fio(&o, job, json, errf, &why)) {
			if (tty)
				fputc('\n', stderr);
			fprintf(stderr, "fiorion: point %zu of %zu (small=%u, large=%u) failed; %s said:\n%s",
				i + 1, plan.n, p->s, p->l,
				strcmp(o.runner, "fio") ? "the built-in runner" : "fio", why);
			if (done)
				fprintf(stderr, "fiorion: job file %s; ORION's files cover the %zu points done\n",
					job, done);
			else
				fprintf(stderr, "fiorion: job file %s; no point completed, no ORION files written\n",
					job);
			free(why);
			free(job);
			free(json);
			free(errf);
			status = EXIT_RUN;
			break;
		}
		done++;
		left -= point_secs(&o, &jc, p);
		point_result(json, res, sizeof(res));
		if (o.verbose) {
			printf("  result: %s\n", res);
			fflush(stdout);
		}
		fmt_hms(eta, sizeof(eta), left);
		fprintf(stderr, "%sfiorion: point %zu of %zu (small=%u, large=%u): %s; ETA %s%s",
			tty ? "\r\033[K" : "", i + 1, plan.n, p->s, p->l, res, eta,
			tty && i + 1 < plan.n ? "" : "\n");
		free(job);
		free(json);
		free(errf);
	}
	if (done && report(&o, jobs_dir, done, false))
		status = EXIT_RUN;
out:
	mx_plan_release(&plan);
	vvol_free(vv);
	if (fflush(stdout) || ferror(stdout))
		status = EXIT_RUN;
	return status;
}
