/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fio2orion.c -- fio JSON results into ORION's files.
 *
 * Usage: fio2orion [options] FILE...   (fio2orion -help)
 *        fio2orion -compare A B [C ...] -html [options]
 * Exit status: 0 written, 1 writing failed, 2 bad usage or input.
 */
#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <glob.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "export_benchfio.h"
#include "fiojson.h"
#include "fr_cli.h"
#include "fr_file.h"
#include "fr_size.h"
#include "html_report.h"
#include "knee.h"
#include "orion_report.h"
#include "points.h"
#include "version.h"

static void usage(FILE *f, int status)
{
	fputs("usage: fio2orion [options] FILE...\n"
	      "       fio2orion -compare A B [C ...] -html [options]\n"
	      "\n"
	      "Converts fio JSON results (fio 2.1 .. 3.x; json or json+; local or\n"
	      "--client runs) into Oracle ORION's files. Several FILEs form one\n"
	      "result set (one JSON per point; one per host with -sum). Jobs named by fiorion\n"
	      "(pNNN-sS-lL-small|large|warm) map to their points exactly; any other\n"
	      "result maps one fio group to one point, each job small or large by\n"
	      "its average block size, with load = iodepth x clones (a sequential\n"
	      "large job: its clones, ORION's streams, of iodepth I/Os each).\n"
	      "--client runs: loads are per host, totals summed from each host's own\n"
	      "entries (never fio's \"All clients\"), and NAME_hosts.csv gives each host's.\n"
	      "\n"
	      "options:\n"
	      "  -testname NAME      prefix of the output files (default: the run's,\n"
	      "                      else orion)\n"
	      "  -outdir DIR         where the files go (default .; made when missing)\n"
	      "  -compat V           ORION layout: 10.2, 11.1, 11.2, 12.1, 12.2, 19c\n"
	      "                      (default: the run's, else 10.2). 10.2 writes\n"
	      "                      NAME_summary.txt, _iops.csv, _mbps.csv, _lat.csv\n"
	      "                      (ms), _trace.txt and, when some point mixes small\n"
	      "                      and large load, _tradeoff.csv; 19c (no tradeoff) prefixes\n"
	      "                      NAME_YYYYMMDD_HHMM_, gives latency in us, adds the\n"
	      "                      latency lines and histogram, and _hist.txt (json+)\n"
	      "  -small_max SIZE     largest average block of a small job (default 64k)\n"
	      "  -large_min SIZE     smallest average block of a large job (default 128k)\n"
	      "  -merge last|mean    two groups at the same (small, large) load: keep\n"
	      "                      the last, or average them (default: an error)\n"
	      "  -sum                the FILEs ran at the same time (one per host): the\n"
	      "                      same group in each is one point, loads and\n"
	      "                      throughputs add, latency combines by I/O count\n"
	      "  -skip_failed        leave out jobs that failed in fio (an error) or\n"
	      "                      were cut short, with a warning; by default they\n"
	      "                      are refused\n"
	      "  -format orion|json  orion: ORION's files (default); json: the points\n"
	      "                      as one JSON document on standard output, with\n"
	      "                      each class's 95 % intervals, each point's passes\n"
	      "                      and steady state, the answers and knees\n"
	      "                      under the latency bound, each host's points\n"
	      "  -max_latency B      the latency bound of the answer (default: the\n"
	      "                      run's): MS (mean latency) or pNN:MS (a\n"
	      "                      percentile, e.g. p99:5, p99.9:0.5; p100 the\n"
	      "                      maximum), or both, MS,pNN:MS (2,p100:5); the\n"
	      "                      summary adds the most small IOPS (and large\n"
	      "                      MBPS) within it and where, the trace each\n"
	      "                      ladder's knee\n"
	      "  -html               also write NAME_report.html (named as the other\n"
	      "                      files): one self-contained page with the charts\n"
	      "                      (IOPS, MBPS and latency against load, latency\n"
	      "                      against IOPS with the knees, the matrix as heat\n"
	      "                      maps, each host's lines), the run's table and\n"
	      "                      the summary; without it an earlier NAME_report.html\n"
	      "                      under these names is removed (fiorion always\n"
	      "                      writes it)\n"
	      "  -compare A B [C ...]  with -html: compare 2 to 8 runs, each a fiorion\n"
	      "                      NAME_jobs/ folder (run.json and the per-point\n"
	      "                      JSON) or an output folder holding one; writes\n"
	      "                      NAME_compare.html (NAME: -testname, else A's) with\n"
	      "                      every run on each chart and each cell's ratio to A\n"
	      "                      with its 95 % interval, marked changed only when\n"
	      "                      the interval excludes 1, a geometric mean per\n"
	      "                      class and the marks counted\n"
	      "  -export benchfio DIR  instead of ORION's files, each point's small and\n"
"                      large class as its own fio JSON file in bench-fio's\n"
"                      layout, for fio-plot: DIR/NAME-small/BS/MODE-\n"
"                      IODEPTH-NUMJOBS.json (NAME-small-with-largeL/ under\n"
"                      a large load L; NAME-large/, NAME-large-with-smallS/\n"
"                      likewise); fiorion's named jobs only, warm-up left\n"
"                      out; a different file in the way is refused\n"
"  -help               this text\n"
	      "  -version            fiorion's version, the fio release its engine was\n"
	      "                      built against and the installed fio's\n"
	      "\n"
	      "exit status: 0 done, 1 an output file could not be written,\n"
	      "2 bad options or input (the message names the file, line and column)\n",
	      f);
	exit(status);
}

/*
 * -version: fiorion's version, the fio release its engine was built
 * against and the installed fio's (fio on PATH); a mismatch is a warning.
 */
static int print_version(void)
{
	static const struct fr_version v = {
		.title = "fio2orion (fiorion) " FIORION_VERSION,
		.built_against = FIORION_FIO_VERSION, .fio = "fio",
	};

	return fr_print_version(&v);
}

/* A size like 64k or 131072; anything else is a usage error. */
static uint64_t parse_size_opt(const char *name, const char *v)
{
	uint64_t n;

	if (fr_parse_size(v, &n))
		die_usage("-%s '%s': expected a size such as 64k or 131072", name, v);
	if (!n || n > (1ULL << 40))
		die_usage("-%s '%s': must be between 1 byte and 1 TiB", name, v);
	return n;
}

/* One run of a comparison: its JSON, points and parameters. */
struct run {
	struct fj_set set;
	struct pt_set pts;
	struct or_params params;
	bool have_params;
};

static void run_release(struct run *r)
{
	if (r->have_params)
		or_params_release(&r->params);
	pt_set_release(&r->pts);
	fj_set_release(&r->set);
}

static bool has_run_json(const char *dir)
{
	char path[PATH_MAX + 16];
	struct stat st;

	snprintf(path, sizeof(path), "%s/run.json", dir);
	return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/*
 * The folder of kept JSON of @arg: @arg itself when it holds run.json,
 * else its one <testname>_jobs/ folder that does. 0, or -EINVAL with
 * @err saying what is there.
 */
static int jobs_folder(const char *arg, char *out, size_t len, struct fr_err *err)
{
	struct dirent *e;
	DIR *d;
	int n = 0;

	if (has_run_json(arg)) {
		snprintf(out, len, "%s", arg);
		return 0;
	}
	d = opendir(arg);
	if (!d)
		return fr_errf_errno(err, "-compare '%s': cannot open the folder", arg);
	while ((e = readdir(d))) {
		size_t k = strlen(e->d_name);
		char path[PATH_MAX];

		if (k <= 5 || strcmp(e->d_name + k - 5, "_jobs"))
			continue;
		snprintf(path, sizeof(path), "%s/%s", arg, e->d_name);
		if (!has_run_json(path))
			continue;
		if (n++) {
			/* Said before closedir(): e->d_name is the stream's. */
			fr_errf(err, -EINVAL,
				"-compare '%s': holds several runs (%s and %s); name one *_jobs/ folder",
				arg, out + strlen(arg) + 1, e->d_name);
			closedir(d);
			return -EINVAL;
		}
		snprintf(out, len, "%s", path);
	}
	closedir(d);
	if (!n)
		return fr_errf(err, -EINVAL,
			       "-compare '%s': no run.json there, nor a *_jobs/ folder holding one (give a fiorion run's <testname>_jobs/ folder or its output folder)",
			       arg);
	return 0;
}

/* Read one side of a comparison: run.json and the points' JSON. */
static int load_run(struct run *r, const char *arg, const struct pt_opts *po,
		    const struct kn_bound *bound, struct fr_err *err)
{
	char dir[PATH_MAX], pat[PATH_MAX + 32];
	glob_t g;
	size_t i;
	int ret;

	memset(r, 0, sizeof(*r));
	ret = jobs_folder(arg, dir, sizeof(dir), err);
	if (ret)
		return ret;
	snprintf(pat, sizeof(pat), "%s/run.json", dir);
	ret = fj_read_file(&r->set, pat, err);
	snprintf(pat, sizeof(pat), "%s/p[0-9][0-9][0-9]*.json", dir);
	if (!ret && glob(pat, 0, NULL, &g) == 0) {
		for (i = 0; !ret && i < g.gl_pathc; i++)
			ret = fj_read_file(&r->set, g.gl_pathv[i], err);
		globfree(&g);
	}
	if (!ret)
		ret = pt_build(&r->pts, &r->set, po, err);
	if (!ret)
		ret = or_params_init(&r->params, &r->set, &r->pts, NULL, NULL, 0, err);
	r->have_params = !ret;
	if (!ret && bound->set)
		ret = or_params_set_bound(&r->params, &r->pts, bound, err);
	return ret;
}

/* -export FORMAT DIR: DIR is the word after the format (getopt's optind). */
static const char *export_dir(const char *format, int argc, char **argv)
{
	if (strcmp(format, "benchfio"))
		die_usage("-export '%s': the one format is benchfio (bench-fio's layout, for fio-plot)", format);
	if (optind >= argc || argv[optind][0] == '-')
		die_usage("-export benchfio: expected the folder to write");
	return argv[optind++];
}

/* -export benchfio DIR: the inputs (read once already) in bench-fio's layout. */
static int export_benchfio(const char *dir, const char *testname, char *const *files, size_t n)
{
	struct fr_err err = { "" };
	const char *name = testname ? testname : "orion";
	int ret = xb_export(dir, name, files, n, &err);

	if (ret < 0) {
		fprintf(stderr, "fio2orion: %s\n", err.msg);
		return ret == -EINVAL || ret == -ENAMETOOLONG ? EXIT_USAGE : EXIT_RUN;
	}
	fprintf(stderr, "fio2orion: wrote %d files under %s/ in bench-fio's layout (fio-plot -i %s/%s-small/<bs> ...)\n",
		ret, dir, dir, name);
	return EXIT_OK;
}

/* fio2orion -compare A B [C ...] -html: NAME_compare.html in @outdir. */
static int compare(char *const *dirs, size_t n, const char *testname, const char *outdir,
		   const struct pt_opts *po, const struct kn_bound *bound)
{
	static const char *const labels[HR_MAX_RUNS] = {"A", "B", "C", "D", "E", "F", "G", "H"};
	struct run *runs = calloc(n, sizeof(*runs));
	struct hr_run hr[HR_MAX_RUNS];
	struct fr_err err = {""};
	char *buf = NULL, path[PATH_MAX];
	size_t len = 0, k, loaded = 0;
	const char *name;
	FILE *f;
	int ret = 0, status = EXIT_OK;

	if (!runs) {
		fputs("fio2orion: out of memory\n", stderr);
		return EXIT_RUN;
	}
	for (k = 0; k < n && !ret; k++, loaded++)
		ret = load_run(&runs[k], dirs[k], po, bound, &err);
	if (ret) {
		fprintf(stderr, "fio2orion: %s\n", err.msg);
		status = ret == -ENOMEM ? EXIT_RUN : EXIT_USAGE;
		goto out;
	}
	for (k = 0; k < n; k++)
		hr[k] = (struct hr_run){labels[k], &runs[k].params, &runs[k].pts};
	name = testname ? testname : runs[0].params.testname;
	if (snprintf(path, sizeof(path), "%s/%s_compare.html", outdir, name) >= (int)sizeof(path)) {
		fprintf(stderr, "fio2orion: -outdir '%s': the path is too long\n", outdir);
		status = EXIT_USAGE;
		goto out;
	}
	f = open_memstream(&buf, &len);
	if (!f) {
		fputs("fio2orion: out of memory\n", stderr);
		status = EXIT_RUN;
		goto out;
	}
	ret = hr_compare(f, hr, n, &err);
	if (fclose(f) || ret) {
		fprintf(stderr, "fio2orion: %s\n", ret ? err.msg : "out of memory");
		status = EXIT_RUN;
	} else if (or_make_dir(outdir, &err)) {
		fprintf(stderr, "fio2orion: %s\n", err.msg);
		status = EXIT_USAGE;
	} else if (fr_write_atomic(path, buf, len, &err)) {
		fprintf(stderr, "fio2orion: %s\n", err.msg);
		status = EXIT_RUN;
	}
	free(buf);
out:
	for (k = 0; k < loaded; k++)
		run_release(&runs[k]);
	free(runs);
	return status;
}

/*
 * -compare A B [C ...] (getopt has just taken A): the run folders are A
 * and the words after it up to the next option, 2 to HR_MAX_RUNS of them
 * (else exit 2, one line). *@first is A's place in @argv.
 */
static size_t compare_args(int argc, char **argv, char *const **first)
{
	char n[32];
	size_t k = 1;

	*first = argv + optind - 1;
	while (optind < argc && argv[optind][0] != '-') {
		optind++;
		k++;
	}
	if (k < 2)
		die_usage("-compare '%s': expected at least two folders, A and B", optarg);
	snprintf(n, sizeof(n), "%zu", k);
	if (k > HR_MAX_RUNS)
		die_usage("-compare: at most 8 runs (A and up to 7 more), not %s", n);
	return k;
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{"testname", required_argument, NULL, 't'},
		{"outdir", required_argument, NULL, 'o'},
		{"compat", required_argument, NULL, 'c'},
		{"small_max", required_argument, NULL, 's'},
		{"large_min", required_argument, NULL, 'l'},
		{"merge", required_argument, NULL, 'm'},
		{"format", required_argument, NULL, 'f'},
		{"help", no_argument, NULL, 'h'},
		{"skip_failed", no_argument, NULL, 'S'},
		{"sum", no_argument, NULL, 'U'},
		{"max_latency", required_argument, NULL, 'x'},
		{"html", no_argument, NULL, 'H'},
		{"compare", required_argument, NULL, 'C'},
		{"version", no_argument, NULL, 'V'},
		{"export", required_argument, NULL, 'X'},
		{NULL, 0, NULL, 0},
	};
	const char *testname = NULL, *outdir = ".", *xdir = NULL;
	char *const *cmp = NULL;
	size_t ncmp = 0;
	unsigned int flags = 0;
	enum or_compat compat = OR_COMPAT_102;
	bool compat_given = false;
	struct fj_set set = { 0 };
	struct pt_set pts = { 0 };
	struct or_params params;
	struct pt_opts po;
	struct fr_err err = { "" };
	struct stat st;
	bool json = false;
	struct or_written written = { 0 };
	struct kn_bound bound;
	int c, i, status = EXIT_OK;

	fr_cli_init("fio2orion", false);
	memset(&bound, 0, sizeof(bound));
	pt_opts_init(&po);
	opterr = 0;
	while ((c = getopt_long_only(argc, argv, "", opts, NULL)) != -1) {
		switch (c) {
		case 't':
			if (!*optarg)
				die_usage("-testname: must not be empty");
			testname = optarg;
			break;
		case 'o':
			outdir = optarg;
			break;
		case 'c':
			if (or_compat_parse(optarg, &compat))
				die_usage("-compat '%s': must be %s", optarg, OR_COMPAT_NAMES);
			compat_given = true;
			break;
		case 's':
			po.small_max = parse_size_opt("small_max", optarg);
			break;
		case 'S':
			po.skip_failed = true;
			break;
		case 'U':
			po.sum = true;
			break;
		case 'l':
			po.large_min = parse_size_opt("large_min", optarg);
			break;
		case 'm':
			if (!strcmp(optarg, "last"))
				po.merge = PT_MERGE_LAST;
			else if (!strcmp(optarg, "mean"))
				po.merge = PT_MERGE_MEAN;
			else
				die_usage("-merge '%s': must be last or mean", optarg);
			break;
		case 'x':
			if (kn_parse(&bound, optarg, &err))
				die_usage("-max_latency %s", err.msg);
			break;
		case 'f':
			if (!strcmp(optarg, "json"))
				json = true;
			else if (strcmp(optarg, "orion"))
				die_usage("-format '%s': must be orion or json", optarg);
			break;
		case 'h':
			usage(stdout, EXIT_OK);
			break;
		case 'V':
			return print_version();
		case 'H':
			flags |= OR_WRITE_HTML;
			break;
		case 'X':
			xdir = export_dir(optarg, argc, argv);
			break;
		case 'C':
			ncmp = compare_args(argc, argv, &cmp);
			break;
		default:
			if (optopt)
				fprintf(stderr, "fio2orion: option -%s needs a value\n",
					argv[optind - 1][1] == '-' ? argv[optind - 1] + 2
								   : argv[optind - 1] + 1);
			else
				fprintf(stderr, "fio2orion: unknown option '%s' (see fio2orion -help)\n",
					argv[optind - 1]);
			return EXIT_USAGE;
		}
	}
	if (cmp) {
		if (!(flags & OR_WRITE_HTML))
			die_usage("-compare writes an HTML report: add -html");
		if (json)
			die_usage("-compare: not with -format json");
		if (optind < argc)
			die_usage("-compare takes run folders, not files ('%s')", argv[optind]);
		if (stat(outdir, &st) == 0 && !S_ISDIR(st.st_mode))
			die_usage("-outdir '%s': exists and is not a folder", outdir);
		return compare(cmp, ncmp, testname, outdir, &po, &bound);
	}
	if (xdir && (json || (flags & OR_WRITE_HTML)))
		die_usage("-export benchfio writes its own files: not with -format json or -html");
	if (json && (flags & OR_WRITE_HTML))
		die_usage("-html: not with -format json (the report is a file beside ORION's)");
	if (optind == argc) {
		fputs("fio2orion: no input files (see fio2orion -help)\n", stderr);
		return EXIT_USAGE;
	}
	if (po.small_max >= po.large_min)
		die_usage("-small_max must be below -large_min");
	if (!json && stat(outdir, &st) == 0 && !S_ISDIR(st.st_mode))
		die_usage("-outdir '%s': exists and is not a folder", outdir);

	for (i = optind; i < argc; i++) {
		if (fj_read_file(&set, argv[i], &err)) {
			fprintf(stderr, "fio2orion: %s\n", err.msg);
			status = EXIT_USAGE;
			goto out;
		}
	}
	if (xdir) {
		status = export_benchfio(xdir, testname ? testname : set.run.testname,
					 argv + optind, (size_t)(argc - optind));
		goto out;
	}
	/* The layout the run was made in, unless -compat says otherwise. */
	if (!compat_given && set.run.compat && or_compat_parse(set.run.compat, &compat))
		compat = OR_COMPAT_102;
	if (pt_build(&pts, &set, &po, &err)) {
		fprintf(stderr, "fio2orion: %s\n", err.msg);
		status = EXIT_USAGE;
		goto out;
	}
	if (pts.nfailed)
		fprintf(stderr, "fio2orion: warning: left out %zu job(s) that failed in fio or were cut short (-skip_failed)\n",
			pts.nfailed);
	if (or_params_init(&params, &set, &pts, testname,
			   set.run.argc ? NULL : argv + 1,
			   set.run.argc ? 0 : (size_t)(argc - 1), &err)) {
		fprintf(stderr, "fio2orion: %s\n", err.msg);
		status = EXIT_RUN;
		goto out;
	}
	/* -max_latency overrides the run's bound. */
	if (bound.set && or_params_set_bound(&params, &pts, &bound, &err)) {
		fprintf(stderr, "fio2orion: %s\n", err.msg);
		or_params_release(&params);
		status = EXIT_RUN;
		goto out;
	}
	if (json) {
		if (or_points_json(stdout, &params, &pts) || fflush(stdout) ||
		    ferror(stdout)) {
			fputs("fio2orion: cannot write standard output\n", stderr);
			status = EXIT_RUN;
		}
	} else if (or_make_dir(outdir, &err)) {
		fprintf(stderr, "fio2orion: %s\n", err.msg);
		status = EXIT_USAGE;
	} else if (or_write_all(&params, &pts, outdir, compat, flags, &written, &err)) {
		fprintf(stderr, "fio2orion: %s\n", err.msg);
		status = EXIT_RUN;
	} else if (or_layout(compat)->hist && !written.hist) {
		fputs("fio2orion: note: no latency bins in the input (run fio with --output-format=json+); _hist.txt not written\n",
		      stderr);
	}
	for (i = 0; !status && !json && i < (int)params.nwarnings; i++)
		fprintf(stderr, "fio2orion: warning: %s\n", params.warnings[i]);
	if (!status && written.removed[0])
		fprintf(stderr, "fio2orion: note: removed %s, left by an earlier result set under these names (this one has none%s)\n",
			written.removed,
			written.report_removed ? "; add -html for this one's report" : "");
	or_params_release(&params);
out:
	pt_set_release(&pts);
	fj_set_release(&set);
	return status;
}
