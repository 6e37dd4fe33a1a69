/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cliopts.c -- fiorion's options, one table: each option's name, kind,
 * range or values, field of struct opts, -help text and default.
 * getopt's table, the defaults, the values' checks and -help come from
 * it (common/fr_opt.c); the man page and the bash completion are
 * checked against -help (tests/e2e_optdocs.sh).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "cliopts.h"
#include "curveplan.h"
#include "runner.h"
#include "version.h"

#ifndef ENGINE_INSTALL_DIR
#define ENGINE_INSTALL_DIR "/usr/local/lib/fio"
#endif

/* FR_OPT_ENUM stores an int: the enums must be int-sized. */
_Static_assert(sizeof(enum mx_run) == sizeof(int) && sizeof(enum mx_matrix) == sizeof(int) &&
		       sizeof(enum cli_runner) == sizeof(int) && sizeof(enum bk_backend) == sizeof(int) &&
		       sizeof(enum ri_arrival) == sizeof(int),
	       "FR_OPT_ENUM fields are int-sized");

/* -duration auto without :MAX: at most this many seconds a point. */
#define AUTO_MAX 60
#define STR(x) STR_(x)
#define STR_(x) #x

#define OPT(o) ((struct opts *)(o))

static void set_testname(void *o, const struct fr_opt *d, const char *v)
{
	(void)d;
	if (!*v)
		die_usage("-testname: must not be empty");
	if (v[strcspn(v, "\001\002\003\004\005\006\007\010\011\012\013\014\015\016\017\020\021\022\023\024\025\026\027\030\031\032\033\034\035\036\037\177")])
		die_usage("-testname '%s': a control character (a newline, a tab...) is not part of a name; the output files and ORION's summary carry it",
			  v);
	free(OPT(o)->ri.testname);
	OPT(o)->ri.testname = xasprintf("%s", v);
}

/* ORION's sizes in KB (a k suffix read with a note: driver/dropin.c). */
static void set_kb(void *o, const struct fr_opt *d, const char *v)
{
	*(uint64_t *)((char *)o + d->field - 1) = (uint64_t)dropin_size_kb(d->name, v, d->min, d->max);
}

/* S, or auto[:MAX]: until fio's steady state holds, at most MAX s (60). */
static void set_duration(void *o, const struct fr_opt *d, const char *v)
{
	struct ri_run *r = &OPT(o)->ri;

	if (!strncmp(v, "auto", 4) && (!v[4] || v[4] == ':')) {
		r->duration = v[4] ? (uint64_t)fr_opt_num("duration auto:MAX", v + 5, 10, 86400) : AUTO_MAX;
		r->duration_auto = r->duration;
	} else {
		r->duration = (uint64_t)fr_opt_num(d->name, v, d->min, d->max);
		r->duration_auto = 0;
	}
}

/* A value, never the next option: -storax -jobs_only is an error. */
static void set_storax(void *o, const struct fr_opt *d, const char *v)
{
	(void)o;
	fr_note("-storax %s ignored (fiorion issues I/O through its engine)", d->values[fr_opt_pick(d, v)]);
}

static void set_hugenotneeded(void *o, const struct fr_opt *d, const char *v)
{
	(void)o, (void)d, (void)v;
	fr_note("-hugenotneeded ignored (fiorion needs no huge pages)");
}

static void set_compat(void *o, const struct fr_opt *d, const char *v)
{
	(void)d;
	or_compat_take("-compat ", v, "", &OPT(o)->ri.compat);
}

static void set_orion_version(void *o, const struct fr_opt *d, const char *v)
{
	(void)d;
	if (!*v || v[strspn(v, "0123456789.")] || strlen(v) > 32)
		die_usage("-orion_version '%s': give a version number as ORION prints it (10.2.0.1.0, 11.2.0.4.0, 19.0.0.0.0)",
			  v);
	free(OPT(o)->ri.orion_version);
	OPT(o)->ri.orion_version = xasprintf("%s", v);
}

static void set_max_latency(void *o, const struct fr_opt *d, const char *v)
{
	(void)d;
	if (OPT(o)->ri.max_latency)
		die_usage("-max_latency given twice ('%s', then '%s'): give one, with both bounds in it if you want two (e.g. -max_latency 2,p100:5)",
			  OPT(o)->ri.max_latency, v);
	OPT(o)->ri.max_latency = xasprintf("%s", v);
}

/* -curve LIST: one list; a second would drop the first's points unsaid. */
static void set_curve(void *o, const struct fr_opt *d, const char *v)
{
	(void)d;
	if (OPT(o)->curve_given)
		die_usage("-curve given twice ('%s', then '%s'): give one list of all the percentages (e.g. -curve 10,50,90)",
			  OPT(o)->curve_list, v);
	OPT(o)->curve_list = v;
}

/* -fio_opt KEY=VALUE: into every point's [global]. */
static void set_fio_opt(void *o, const struct fr_opt *d, const char *v)
{
	struct fr_err err = { "" };

	(void)d;
	if (fo_add(&OPT(o)->fio_opts, v, &err))
		die_usage("%s", err.msg);
}

/* -include FILE: its KEY=VALUE lines, each as -fio_opt. */
static void set_include(void *o, const struct fr_opt *d, const char *v)
{
	struct fr_err err = { "" };

	(void)d;
	if (fo_include(&OPT(o)->fio_opts, v, &err))
		die_usage("%s", err.msg);
}

static const char *const runs[] = { "simple", "normal", "advanced", "oltp", "dss", "curve", NULL };
static const char *const types[] = { "rand", "seq", NULL };
static const char *const sims[] = { "concat", "raid0", NULL };
static const char *const runners[] = { "builtin", "fio", NULL };
static const char *const storax[] = { "skgfr", "oss", "asmlib", "odmlib", NULL };

const char *cli_run_name(enum mx_run run)
{
	return runs[run];
}

const char *cli_runner_name(enum cli_runner runner)
{
	return runners[runner];
}

#define F(m) FR_FIELD(struct opts, m)
/* One option a row, its -help text as it prints. */
/* clang-format off */
/* In -help's order. */
const struct fr_opt cli_opts[] = {
	{ .kind = FR_OPT_TEXT, .help = "ORION options (single dash, ORION's defaults):\n" },
	{ .name = "run", .kind = FR_OPT_ENUM, .arg = "LEVEL", .values = runs, .field = F(run), .given = F(have_run), .flags = FR_OPTF_NOCASE,
	  .help = "simple: small random loads, then large random loads\n"
		  "(matrix basic); normal: every combination (detailed);\n"
		  "oltp: small loads up to 20 x num_disks (row 0);\n"
		  "dss: large loads up to 20 x num_disks (column 0);\n"
		  "advanced: as the options below say (mandatory);\n"
		  "curve: the oltp ladder's maximum, then small I/O\n"
		  "at fixed arrival rates (-curve)" },
	{ .name = "testname", .kind = FR_OPT_CALL, .arg = "NAME", .field = F(ri.testname), .set = set_testname,
	  .help = "prefix of <NAME>.lun and of every output", .def = "orion" },
	{ .name = "num_disks", .kind = FR_OPT_LONG, .arg = "N", .min = 1, .max = 4096, .field = F(ri.num_disks), .flags = FR_OPTF_DEF_NOTE,
	  .help = "disks (spindles); sets the load ladders: small 1..5N,\n"
		  "large 1..2N", .def = "the number of LUNs" },
	{ .name = "size_small", .kind = FR_OPT_CALL, .arg = "KB", .min = 1, .max = 1048576, .field = F(ri.size_small), .set = set_kb,
	  .help = "small I/O size", .def = "8" },
	{ .name = "size_large", .kind = FR_OPT_CALL, .arg = "KB", .min = 1, .max = 1048576, .field = F(ri.size_large), .set = set_kb,
	  .help = "large I/O size", .def = "1024" },
	{ .name = "type", .kind = FR_OPT_ENUM_BOOL, .arg = "rand|seq", .values = types, .field = F(ri.seq), .flags = FR_OPTF_NOCASE,
	  .help = "large I/Os random, or sequential streams", .def = "rand" },
	{ .name = "num_streamIO", .kind = FR_OPT_U64, .arg = "N", .min = 1, .max = 1024, .field = F(ri.num_streamio),
	  .help = "outstanding I/Os per sequential stream", .def = "4" },
	{ .name = "simulate", .kind = FR_OPT_ENUM_BOOL, .arg = "concat|raid0", .values = sims, .field = F(ri.raid0), .flags = FR_OPTF_NOCASE,
	  .help = "how the LUNs form one volume", .def = "concat" },
	{ .name = "stripe", .kind = FR_OPT_U64, .arg = "KB", .min = 1, .max = 1048576, .field = F(ri.stripe_kb),
	  .help = "raid0 stripe depth", .def = "1024" },
	{ .name = "write", .kind = FR_OPT_DOUBLE, .arg = "PCT", .min = 0, .max = 100, .field = F(ri.write_pct),
	  .help = "percentage of writes", .def = "0" },
	{ .name = "cache_size", .kind = FR_OPT_LONG, .arg = "MB", .min = 0, .max = 1L << 30, .field = F(ri.cache_size), .flags = FR_OPTF_DEF_NOTE,
	  .help = "array cache to warm before each sequential large\n"
		  "point with unmeasured random I/O; 0 = no warming", .def = "warm for 120 s" },
	{ .name = "duration", .kind = FR_OPT_CALL, .arg = "S", .min = 1, .max = 86400, .field = F(ri.duration), .set = set_duration,
	  .help = "seconds per data point; auto[:MAX]: each point\n"
		  "runs until fio's steady state holds (IOPS slope\n"
		  "under 2 % over 5 s, after 2 s), at most MAX s\n"
		  "(auto alone: " STR(AUTO_MAX) ")", .def = "60" },
	{ .name = "matrix", .kind = FR_OPT_ENUM, .arg = "SHAPE", .min = MX_BASIC, .values = mx_matrix_words, .field = F(ri.matrix), .given = F(have_matrix), .flags = FR_OPTF_NOCASE,
	  .help = "advanced only: basic (row 0 + column 0), detailed\n"
		  "(all), point (num_small, num_large), col (num_small\n"
		  "fixed), row (num_large fixed), max (every load up to\n"
		  "num_small x num_large)", .def = "basic" },
	{ .name = "num_small", .kind = FR_OPT_LONG, .arg = "N", .min = 0, .max = 4096, .field = F(num_small),
	  .help = "small load for point, col, max" },
	{ .name = "num_large", .kind = FR_OPT_LONG, .arg = "N", .min = 0, .max = 4096, .field = F(num_large),
	  .help = "large load (seq: streams) for point, row, max" },
	{ .name = "verbose", .kind = FR_OPT_FLAG, .field = F(verbose),
	  .help = "trace each point on stdout: its job file, the job\n"
		  "sections that run (rw, bs, iodepth, numjobs, ...),\n"
		  "the fio command line (-runner fio) and its result" },
	{ .name = "storax", .kind = FR_OPT_CALL, .arg = "API", .values = storax, .flags = FR_OPTF_NOCASE, .set = set_storax,
	  .help = "ORION 11.2+'s I/O layer: skgfr, oss, asmlib or\n"
		  "odmlib; accepted and ignored (fiorion's engine)" },
	{ .name = "hugenotneeded", .kind = FR_OPT_CALL, .set = set_hugenotneeded,
	  .help = "accepted and ignored (ORION 11.2+)" },
	{ .name = "help", .kind = FR_OPT_FLAG, .field = F(help),
	  .help = "this text" },
	{ .name = "h", .kind = FR_OPT_FLAG, .field = F(help),
	  .help = "the same as -help" },
	{ .kind = FR_OPT_TEXT, .help = "\nfiorion options:\n" },
	{ .name = "version", .kind = FR_OPT_FLAG, .field = F(version),
	  .help = "fiorion's version, the fio release its engine was\n"
		  "built against and the installed fio's (-fio); a\n"
		  "mismatch is a warning" },
	{ .name = "q", .kind = FR_OPT_FLAG, .field = F(quiet),
	  .help = "quiet: no progress lines and no notes on stderr;\n"
		  "warnings and errors are still said, and ORION's\n"
		  "screen lines on stdout stay as ORION prints them" },
	{ .name = "runner", .kind = FR_OPT_ENUM, .arg = "builtin|fio", .min = CLI_BUILTIN, .values = runners, .field = F(runner), .given = F(runner_given), .flags = FR_OPTF_NOCASE,
	  .help = "who runs the job files: fiorion's built-in runner,\n"
		  "or stock fio with the fiorion engine", .def = "builtin" },
	{ .name = "fio", .kind = FR_OPT_STRING, .arg = "PATH", .field = F(fio),
	  .help = "fio binary for -runner fio, a path or a name\n"
		  "looked up in PATH", .def = "fio" },
	{ .name = "engine", .kind = FR_OPT_STRING, .arg = "PATH", .field = F(engine), .flags = FR_OPTF_DEF_NOTE,
	  .help = "the engine for -runner fio", .def = "next to this program, then its folder's\n"
		  "../lib/fio/fio-fiorion.so, then\n"
		  ENGINE_INSTALL_DIR "/fio-fiorion.so" },
	{ .name = "backend", .kind = FR_OPT_ENUM, .arg = "NAME", .min = BK_IO_URING, .values = bk_words, .field = F(backend), .flags = FR_OPTF_NOCASE | FR_OPTF_DEF_NOTE,
	  .help = "engine backend: io_uring, libaio, psync; null: no\n"
		  "I/O, and with -fio_opt service_us=D the model\n"
		  "device (docs: virtual time)", .def = "io_uring;\n"
		  "libaio, then psync, with a note when the kernel\n"
		  "refuses it" },
	{ .name = "compat", .kind = FR_OPT_CALL, .arg = "V", .field = F(ri.compat), .given = F(compat_given), .set = set_compat,
	  .help = "ORION release whose files to write: 10.2, 11.1,\n"
		  "11.2, 12.1, 12.2 or 19c, or as a banner writes it\n"
		  "(11.2.0.4, 19.3); 19c when run as orion (a\n"
		  "drop-in); FIORION_COMPAT=V does the same, -compat\n"
		  "wins", .def = "10.2" },
	{ .name = "outdir", .kind = FR_OPT_STRING, .arg = "DIR", .field = F(outdir),
	  .help = "where job files and outputs go; made when missing", .def = "." },
	{ .name = "orion_version", .kind = FR_OPT_CALL, .arg = "V", .field = F(ri.orion_version), .set = set_orion_version, .flags = FR_OPTF_DEF_NOTE,
	  .help = "the summary's first line: ORION VERSION V, a number\n"
		  "as ORION prints it, for parsers that read it", .def = "fiorion-" FIORION_VERSION },
	{ .name = "force_write", .kind = FR_OPT_FLAG, .field = F(force_write),
	  .help = "with -write: write LUNs that hold a filesystem, RAID\n"
		  "or partition signature (never a mounted one)" },
	{ .name = "prefill", .kind = FR_OPT_FLAG, .field = F(prefill),
	  .help = "before the run, write incompressible data over each\n"
		  "file LUN (devices too with -force_write): a sparse or\n"
		  "preallocated file is otherwise refused, as its reads\n"
		  "never reach the device" },
	{ .name = "resume", .kind = FR_OPT_FLAG, .field = F(resume),
	  .help = "continue the run of this -testname in -outdir: the\n"
		  "points already measured (complete JSON of this run)\n"
		  "are kept, the others run; the options must give the\n"
		  "same job files" },
	{ .name = "max_latency", .kind = FR_OPT_CALL, .arg = "B", .field = F(ri.max_latency), .set = set_max_latency,
	  .help = "the latency bound of the answer: MS (mean) or\n"
		  "pNN:MS (a percentile, e.g. p99:5, p99.9:20; p100\n"
		  "the maximum), or both, MS,pNN:MS (2,p100:5); the\n"
		  "summary gives the most small IOPS (and large MBPS)\n"
		  "within it and where; each ladder's knee is marked" },
	{ .name = "stop_at_knee", .kind = FR_OPT_FLAG, .field = F(ri.stop_at_knee),
	  .help = "stop each ladder (a row of small loads, a column of\n"
		  "large ones) once past its knee: the last load before\n"
		  "latency crosses -max_latency or IOPS (MBPS) rise by\n"
		  "less than 5 % a doubling of the load, judged on the\n"
		  "points' intervals and confirmed by the next load,\n"
		  "a step they cannot decide re-measured in pairs\n"
		  "(A B A B, up to 4); skipped cells stay empty" },
	{ .name = "repeat", .kind = FR_OPT_LONG, .arg = "N", .min = 1, .max = 20, .field = F(ri.repeat),
	  .help = "N passes over the whole plan (all points, then all\n"
		  "again); each cell is the median of its N\n"
		  "measurements, its interval the one across passes\n"
		  "(<testname>.points.csv)", .def = "1" },
	{ .name = "parts", .kind = FR_OPT_LONG, .arg = "N", .min = 1, .max = 20, .field = F(ri.parts),
	  .help = "measure each point in N parts spread over the run\n"
		  "(all points' first part, then all points' second,\n"
		  "...) in the time one pass takes: each cell is the\n"
		  "parts' pooled figure, its interval from how they\n"
		  "differ over the run; 1: whole points, the first\n"
		  "re-measured as a reference (default: one part a\n"
		  "second of -duration, at most 5)" },
	{ .name = "curve", .kind = FR_OPT_CALL, .arg = "LIST", .field = F(curve_list), .given = F(curve_given), .set = set_curve,
	  .help = "-run curve: open-loop points at these percentages\n"
		  "of the maximum small IOPS, rising, up to 100 of\n"
		  "them, over 100 an overload; the curve stops at a\n"
		  "point that does not hold its rate (under 97 %) or\n"
		  "crosses -max_latency", .def = CP_DEFAULT_LIST },
	{ .name = "arrival", .kind = FR_OPT_ENUM, .arg = "KIND", .min = RI_POISSON, .values = ri_arrival_words, .field = F(ri.curve.arrival), .given = F(arrival_given), .flags = FR_OPTF_NOCASE,
	  .help = "-run curve: poisson (exponential gaps between\n"
		  "arrivals) or uniform (fixed gaps): fio's\n"
		  "rate_process=poisson|linear", .def = "poisson" },
	{ .name = "max_iops", .kind = FR_OPT_U64, .arg = "N", .min = 1, .max = 100000000, .field = F(ri.curve.max_iops),
	  .help = "-run curve: the maximum the percentages are of;\n"
		  "the oltp ladder is not run" },
	{ .name = "depth_cap", .kind = FR_OPT_U64, .arg = "N", .min = 1, .max = 65536, .field = F(ri.curve.depth_cap), .flags = FR_OPTF_DEF_NOTE,
	  .help = "-run curve: at most N I/Os outstanding (iodepth=);\n"
		  "an arrival past it waits for a free slot", .def = "4 x\n"
		  "the load of the maximum; with -max_iops 4 x the\n"
		  "ladder's top, 20 x num_disks" },
	{ .name = "clients", .kind = FR_OPT_STRING, .arg = "LIST", .field = F(clients),
	  .help = "run every point on these hosts at once through\n"
		  "fio's client/server: HOST[:PORT],... or @FILE (one a\n"
		  "line; port 8765). Each host runs fio --server and\n"
		  "the engine; its LUNs are in <testname>.lun.HOST if\n"
		  "that exists, else <testname>.lun. Loads are per\n"
		  "host; the matrices hold the totals over the hosts,\n"
		  "each host's values are in <testname>.hosts.csv.\n"
		  "Implies -runner fio" },
	{ .name = "host_timeout", .kind = FR_OPT_UINT, .arg = "S", .min = 5, .max = 3600, .field = F(host_timeout), .given = F(host_timeout_given),
	  .help = "with -clients: seconds a host may stay silent (the\n"
		  "probe before the run; past a point's own time) before\n"
		  "it is given up", .def = "30" },
	{ .name = "fio_opt", .kind = FR_OPT_CALL, .arg = "KEY=VALUE", .set = set_fio_opt,
	  .help = "a fio option for every point's [global], after\n"
		  "fiorion's own (repeatable; KEY alone for a flag):\n"
		  "randrepeat=0, cpus_allowed=0-3, fixedbufs=1, ...\n"
		  "Options fiorion sets for ORION's meaning (bs, rw,\n"
		  "iodepth, numjobs, runtime, direct, the engine's)\n"
		  "are refused; with the built-in runner so is one it\n"
		  "does not honour (use -runner fio for it)" },
	{ .name = "include", .kind = FR_OPT_CALL, .arg = "FILE", .set = set_include,
	  .help = "the options of FILE (fio's included-file syntax:\n"
		  "KEY=VALUE lines, # comments, include lines, no\n"
		  "sections) as -fio_opt each; inlined in the job\n"
		  "files, recorded in run.json" },
	{ .name = "jobs_only", .kind = FR_OPT_FLAG, .field = F(jobs_only),
	  .help = "write the job files and stop" },
	{ .name = "placeholders", .kind = FR_OPT_FLAG, .field = F(placeholders),
	  .help = "with -jobs_only: ${LUNFILE}, ${FIORION_ENGINE} and\n"
		  "${DURATION} instead of paths and seconds" },
	{ .name = "jobfile", .kind = FR_OPT_STRING, .arg = "FILE", .field = F(jobfile),
	  .help = "run one fio job file with the built-in runner and\n"
		  "print its fio-format JSON (no -run needed)" },
	{ .name = "output", .kind = FR_OPT_STRING, .arg = "FILE", .field = F(output),
	  .help = "with -jobfile: write the JSON to FILE instead" },
};
/* clang-format on */
const size_t cli_nopts = sizeof(cli_opts) / sizeof(cli_opts[0]);

void cli_usage(FILE *f, const struct opts *o)
{
	fputs("usage: fiorion -run simple|normal|advanced|oltp|dss|curve [options]\n"
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
	      "\n",
	      f);
	fr_opt_help(f, cli_opts, cli_nopts, 21);
	fprintf(f, "\n"
		   "environment: FIORION_STUCK_TIMEOUT=S  seconds with no I/O completing\n"
		   "before the built-in runner fails the point, naming the LUN; under\n"
		   "-runner fio, seconds past the point's own before fio is stopped (%u;\n"
		   "0 = wait for ever). FIORION_COMPAT=V  the layout, as -compat (which wins),\n"
		   "for scripts that run orion as written. FIORION_DURATION=S  overrides\n"
		   "-duration: a smoke run of a script that hard-codes 60 s, said on\n"
		   "stderr, in the summary and in run.json\n"
		   "\n"
		   "exit status: 0 done, 1 a point or an output failed (the files of the\n"
		   "points done are written), 2 bad options or input, 3 a LUN refused to\n"
		   "protect what is on it, 129/130/143 interrupted by SIGHUP/SIGINT/SIGTERM\n",
		RN_STUCK_DEFAULT);
	fprintf(f, "\nlayout in force: %s\n", dropin_layout_text(o));
	exit(EXIT_OK);
}
