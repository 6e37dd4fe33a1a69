/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * f2o_cli.c -- fio2orion's options, one table: each option's name, kind,
 * range or values, field of struct f2o_opts, -help text and default.
 * getopt's table, the defaults, the values' checks and -help come from
 * it (common/fr_opt.c); the man page and the bash completion are
 * checked against -help (tests/e2e_optdocs.sh).
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cmpmark.h"
#include "f2o_cli.h"
#include "fr_cli.h"
#include "compare.h"
#include "html_report.h"
#include "version.h"

/* FR_OPT_ENUM stores an int: the enum must be int-sized. */
_Static_assert(sizeof(enum pt_merge) == sizeof(int), "FR_OPT_ENUM fields are int-sized");

#define OPT(o) ((struct f2o_opts *)(o))
#define STR(x) STR_(x)
#define STR_(x) #x

static void set_compat(void *o, const struct fr_opt *d, const char *v)
{
	(void)d;
	or_compat_take("-compat ", v, "", &OPT(o)->compat);
}

static void set_max_latency(void *o, const struct fr_opt *d, const char *v)
{
	struct fr_err err = { "" };

	(void)d;
	if (kn_parse(&OPT(o)->bound, v, &err))
		die_usage("-max_latency %s", err.msg);
}

/*
 * -compare A B [C ...] (getopt has just taken A): the run folders are A
 * and the words after it up to the next option, 2 to HR_MAX_RUNS of them.
 */
static void set_compare(void *o, const struct fr_opt *d, const char *v)
{
	char **argv = OPT(o)->argv;
	size_t k = 1;

	(void)d;
	OPT(o)->cmp = argv + optind - 1;
	while (optind < OPT(o)->argc && argv[optind][0] != '-') {
		optind++;
		k++;
	}
	if (k < 2)
		die_usage("-compare '%s': expected at least two folders, A and B", v);
	if (k > HR_MAX_RUNS)
		die_usage("-compare: at most 8 runs (A and up to 7 more), not %zu", k);
	OPT(o)->ncmp = k;
}

/* -export FORMAT DIR: DIR is the word after the format (getopt's optind). */
static void set_export(void *o, const struct fr_opt *d, const char *v)
{
	(void)d;
	if (strcmp(v, "benchfio"))
		die_usage("-export '%s': the one format is benchfio (bench-fio's layout, for fio-plot)", v);
	if (optind >= OPT(o)->argc || OPT(o)->argv[optind][0] == '-')
		die_usage("-export benchfio: expected the folder to write");
	OPT(o)->xdir = OPT(o)->argv[optind++];
}

static void set_help(void *o, const struct fr_opt *d, const char *v)
{
	(void)o, (void)d, (void)v;
	f2o_usage(stdout);
}

/*
 * -version: fiorion's version, the fio release its engine was built
 * against and the installed fio's (fio on PATH); a mismatch is a warning.
 */
static void set_version(void *o, const struct fr_opt *d, const char *v)
{
	static const struct fr_version ver = {
		.title = "fio2orion (fiorion) " FIORION_VERSION,
		.built_against = FIORION_FIO_VERSION,
		.fio = "fio",
	};

	(void)o, (void)d, (void)v;
	exit(fr_print_version(&ver));
}

static const char *const merges[] = { "last", "mean", NULL };
static const char *const formats[] = { "orion", "json", NULL };

#define F(m) FR_FIELD(struct f2o_opts, m)
/* One option a row, its -help text as it prints. */
/* clang-format off */
/* In -help's order. */
const struct fr_opt f2o_opts[] = {
	{ .name = "testname", .kind = FR_OPT_STRING, .arg = "NAME", .field = F(testname), .flags = FR_OPTF_NONEMPTY | FR_OPTF_DEF_NOTE,
	  .help = "prefix of the output files", .def = "the run's, else orion" },
	{ .name = "outdir", .kind = FR_OPT_STRING, .arg = "DIR", .field = F(outdir),
	  .help = "where the files go; made when missing", .def = "." },
	{ .name = "compat", .kind = FR_OPT_CALL, .arg = "V", .field = F(compat), .given = F(compat_given), .set = set_compat,
	  .help = "ORION layout: 10.2, 11.1, 11.2, 12.1, 12.2, 19c\n"
		  "(not given: the run's, if it names one). 10.2 writes\n"
		  "NAME_summary.txt, _iops.csv, _mbps.csv, _lat.csv\n"
		  "(ms), _trace.txt and, when some point mixes small\n"
		  "and large load, _tradeoff.csv; 19c (no tradeoff) prefixes\n"
		  "NAME_YYYYMMDD_HHMM_, gives latency in us, adds the\n"
		  "latency lines and histogram, and _hist.txt (json+)", .def = "10.2" },
	{ .name = "small_max", .kind = FR_OPT_SIZE, .arg = "SIZE", .min = 1, .max = 1L << 40, .field = F(po.small_max),
	  .help = "largest average block of a small job", .def = STR(PT_SMALL_MAX_KIB) "k" },
	{ .name = "large_min", .kind = FR_OPT_SIZE, .arg = "SIZE", .min = 1, .max = 1L << 40, .field = F(po.large_min),
	  .help = "smallest average block of a large job", .def = STR(PT_LARGE_MIN_KIB) "k" },
	{ .name = "size_small", .kind = FR_OPT_SIZE, .arg = "SIZE", .min = 1, .max = 1L << 40, .field = F(po.size_small),
	  .help = "inputs whose small jobs have different block\n"
		  "sizes are refused; this keeps the small jobs of\n"
		  "SIZE and leaves out the others (counted in a note)" },
	{ .name = "size_large", .kind = FR_OPT_SIZE, .arg = "SIZE", .min = 1, .max = 1L << 40, .field = F(po.size_large),
	  .help = "likewise for the large jobs" },
	{ .name = "merge", .kind = FR_OPT_ENUM, .arg = "last|mean", .min = PT_MERGE_LAST, .values = merges, .field = F(po.merge), .flags = FR_OPTF_DEF_NOTE,
	  .help = "two groups at the same (small, large) load: keep\n"
		  "the last, or average them", .def = "an error" },
	{ .name = "sum", .kind = FR_OPT_FLAG, .field = F(po.sum),
	  .help = "the FILEs ran at the same time (one per host):\n"
		  "each file is a host named after it, mapped as a\n"
		  "--client run's: the same group in each is one\n"
		  "point, loads per host, throughputs add, latency\n"
		  "combines by I/O count, each file's LUNs listed" },
	{ .name = "skip_failed", .kind = FR_OPT_FLAG, .field = F(po.skip_failed),
	  .help = "leave out jobs that failed in fio (an error) or\n"
		  "were cut short, with a warning; by default they\n"
		  "are refused" },
	{ .name = "partial", .kind = FR_OPT_FLAG, .field = F(partial),
	  .help = "a file that ends inside its final report (fio\n"
		  "stopped while writing it) is refused; this\n"
		  "converts its last whole --status-interval report,\n"
		  "with a warning" },
	{ .name = "format", .kind = FR_OPT_ENUM_BOOL, .arg = "orion|json", .values = formats, .field = F(json),
	  .help = "orion: ORION's files; json: the points as one\n"
		  "JSON document on standard output, with each\n"
		  "class's 95 % intervals, each point's passes and\n"
		  "steady state and sources (its jobs), the answers\n"
		  "and knees under the latency bound, each host's\n"
		  "points and LUNs, the run's parameters and backend\n"
		  "(schema_version 2: man fio2orion)", .def = "orion" },
	{ .name = "o", .kind = FR_OPT_STRING, .arg = "FILE", .field = F(out), .flags = FR_OPTF_NONEMPTY,
	  .help = "with -format json: write the document to FILE\n"
		  "(whole, or not at all) instead of standard output" },
	{ .name = "q", .kind = FR_OPT_FLAG, .field = F(quiet),
	  .help = "quiet: no notes (what was skipped or left out, a\n"
		  "file removed) and no progress lines (-export's\n"
		  "count) on stderr; warnings and errors are still\n"
		  "said, and what goes to stdout stays" },
	{ .name = "max_latency", .kind = FR_OPT_CALL, .arg = "B", .field = F(bound), .set = set_max_latency, .flags = FR_OPTF_DEF_NOTE,
	  .help = "the latency bound of the answer: MS (mean\n"
		  "latency) or pNN:MS (a percentile, e.g. p99:5,\n"
		  "p99.9:0.5; p100 the maximum), or both, MS,pNN:MS\n"
		  "(2,p100:5); the summary adds the most small IOPS\n"
		  "(and large MBPS) within it and where, the trace\n"
		  "each ladder's knee", .def = "the run's" },
	{ .name = "html", .kind = FR_OPT_FLAG, .field = F(html),
	  .help = "also write NAME.report.html (named as the other\n"
		  "files): one self-contained page with the charts\n"
		  "(IOPS, MBPS and latency against load, latency\n"
		  "against IOPS with the knees, the matrix as heat\n"
		  "maps, each host's lines), the run's table and\n"
		  "the summary; without it an earlier NAME.report.html\n"
		  "under these names is removed (fiorion always\n"
		  "writes it)" },
	{ .name = "compare", .kind = FR_OPT_CALL, .arg = "A B [C ...]", .set = set_compare,
	  .help = "compare 2 to 8 runs, each given as a FILE is (a\n"
		  "fiorion NAME_jobs/ folder, an output folder\n"
		  "holding one, a fio JSON file): each cell's ratio\n"
		  "to A with its 95 % interval and its mark (the rule\n"
		  "below), a geometric mean per class and the marks\n"
		  "counted; without -html as a text table on standard\n"
		  "output, with -html as NAME.compare.html (NAME:\n"
		  "-testname, else A's) with every run on each chart;\n"
		  "exit status 0 when compared, changed cells or not" },
	{ .name = "export", .kind = FR_OPT_CALL, .arg = "benchfio DIR", .field = F(xdir), .set = set_export,
	  .help = "instead of ORION's files, each point's small and\n"
		  "large class as its own fio JSON file in bench-fio's\n"
		  "layout, for fio-plot: DIR/NAME-small/BS/MODE-\n"
		  "IODEPTH-NUMJOBS.json (NAME-small-with-largeL/ under\n"
		  "a large load L; NAME-large/, NAME-large-with-smallS/\n"
		  "likewise); fiorion's named jobs only, warm-up left\n"
		  "out; a different file in the way is refused" },
	{ .name = "help", .kind = FR_OPT_CALL, .set = set_help,
	  .help = "this text" },
	{ .name = "h", .kind = FR_OPT_CALL, .set = set_help,
	  .help = "the same as -help" },
	{ .name = "version", .kind = FR_OPT_CALL, .set = set_version,
	  .help = "fiorion's version, the fio release its engine was\n"
		  "built against and the installed fio's" },
};
/* clang-format on */
const size_t f2o_nopts = sizeof(f2o_opts) / sizeof(f2o_opts[0]);

/* @head and then @text's words, in lines of at most @width columns. */
static void wrap(FILE *f, const char *head, const char *text, int width)
{
	const char *w = text;
	int col = fprintf(f, "%s", head);

	while (*w) {
		int n = (int)strcspn(w, " ");

		if (col + 1 + n > width) {
			fputc('\n', f);
			col = 0;
		} else {
			fputc(' ', f);
			col++;
		}
		col += fprintf(f, "%.*s", n, w);
		w += n;
		w += strspn(w, " ");
	}
	fputc('\n', f);
}

void f2o_usage(FILE *f)
{
	char rule[512];

	fputs("usage: fio2orion [options] FILE...\n"
	      "       fio2orion -compare A B [C ...] [-html] [options]\n"
	      "\n"
	      "Converts fio JSON results (fio 2.1 .. 3.x; json or json+; local or\n"
	      "--client runs) into Oracle ORION's files. Several FILEs form one\n"
	      "result set (one JSON per point; one per host with -sum). A FILE may be\n"
	      "- (standard input) or any stream, gzip, xz or zstd data (by content),\n"
	      "or a folder: a fiorion run's NAME_jobs/ (run.json and its points), an\n"
	      "output folder holding one (that run), or any other folder (every fio\n"
	      "JSON in it, by name); -compare's runs are given alike. Jobs named by\n"
	      "fiorion (pNNN-sS-lL-small|large|warm) map to their points exactly;\n"
	      "any other result maps one fio group to one point, each job small or\n"
	      "large by its average block size, with load = iodepth x clones (a\n"
	      "sequential large job: its clones, ORION's streams, of iodepth I/Os\n"
	      "each).\n"
	      "--client runs: loads are per host, totals summed from each host's own\n"
	      "entries (never fio's \"All clients\"), and NAME.hosts.csv gives each host's.\n"
	      "\n"
	      "options:\n",
	      f);
	fr_opt_help(f, f2o_opts, f2o_nopts, 22);
	cm_rule(rule, sizeof(rule));
	fputc('\n', f);
	wrap(f, "-compare's marks:", rule, 72);
	fputs("\n"
	      "exit status: 0 done, 1 an output file could not be written,\n"
	      "2 bad options or input (the message names the file, line and column)\n",
	      f);
	exit(EXIT_OK);
}

int f2o_parse(struct f2o_opts *o, int argc, char **argv)
{
	*o = (struct f2o_opts){ .argc = argc, .argv = argv };
	pt_opts_init(&o->po);
	fr_opt_defaults(f2o_opts, f2o_nopts, o);
	if (!fr_opt_walk(f2o_opts, f2o_nopts, o, argc, argv))
		return 0;
	if (optopt)
		fprintf(stderr, "fio2orion: option -%s needs a value\n",
			argv[optind - 1][1] == '-' ? argv[optind - 1] + 2 : argv[optind - 1] + 1);
	else
		fprintf(stderr, "fio2orion: unknown option '%s' (see fio2orion -help)\n", argv[optind - 1]);
	return EXIT_USAGE;
}
