/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fiorion.c -- ORION's command line on fio: main(). Plan the matrix of
 * data points, check that every point can run on the volume, write one
 * fio job file per point (and one for the whole matrix) with the run's
 * description, run them (pointloop.c), and write ORION's files through
 * the converter.
 *
 * Exit status: 0 done; 1 a point or an output failed (files for the
 * points already done are written); 2 bad options or input; 3 a safety
 * refusal.
 */
#include <errno.h>
#include <inttypes.h>
#include <jansson.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "fr_file.h"
#include "jobfile.h"
#include "jobparse.h"
#include "locate.h"
#include "matrix.h"
#include "orion_report.h"
#include "pointloop.h"
#include "runner.h"
#include "runset.h"
#include "version.h"
#include "vvol.h"

/* One ORION run: what main() plans, writes and runs. */
struct run {
	time_t start;
	struct vvol *vv;
	struct mx_plan plan;
	struct jf_conf jc;
	char dur[32], run_id[17];
	char **texts;		/* each point's job file */
	char *jobs_dir, *whole;
	json_t *warnings;
	long total_secs;
};

/* fiorion -jobfile FILE [-output F]. */
static int jobfile_main(const struct opts *o)
{
	struct fr_err err = { "" };
	struct jp_file jf;
	FILE *out = stdout;
	char *buf = NULL;
	size_t len = 0;
	bool refused = false;
	struct rn_opts ro;
	int ret;

	if (jp_parse_file(&jf, o->jobfile, &err)) {
		fprintf(stderr, "fiorion: %s\n", err.msg);
		return EXIT_USAGE;
	}
	cli_runner_opts(&ro);
	out = open_memstream(&buf, &len);
	ret = rn_run(&jf, &ro, out, &refused, &err);
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


/*
 * A -testname with a folder (ORION: D:\\app1\\oracleio) puts the files in
 * that folder, under the last component: /tmp/x/db writes
 * /tmp/x/db_summary.txt. A relative folder is taken under -outdir.
 */
static void testname_folder(struct opts *o)
{
	const char *slash = strrchr(o->testname, '/');
	size_t dl;

	if (!slash)
		return;
	dl = (size_t)(slash - o->testname);
	if (!slash[1])
		die_usage("-testname '%s': ends with '/'; give a name after the folder", o->testname);
	if (o->testname[0] == '/')
		o->outdir = dl ? xasprintf("%.*s", (int)dl, o->testname) : "/";
	else
		o->outdir = xasprintf("%s/%.*s", o->outdir, (int)dl, o->testname);
	o->testname = slash + 1;
}

/*
 * Everything decided before anything is written: the volume, the plan,
 * every point's job file and the check that each can run on this volume
 * (every clone's range holds a block; bs suits direct=1). A point that
 * cannot run fails now, not after the points before it ran. Bad input
 * exits EXIT_USAGE.
 */
static void plan_run(struct run *r, struct opts *o)
{
	/* ORION: <testname>.lun, as given (a .lun suffix is not stripped). */
	char *lunfile = xasprintf("%s.lun", o->testname);
	struct vvol_conf vc = { 0 };
	struct fr_err err = { "" };
	size_t i, len = 0;
	int ret;

	testname_folder(o);
	vc.lunfile = lunfile;
	vc.simulate = o->raid0 ? "raid0" : "concat";
	vc.stripe = (uint64_t)o->stripe_kb * 1024;
	if (vvol_load(&r->vv, &vc, &err))
		die_usage("%s", err.msg);
	if (o->num_disks < 0)
		o->num_disks = r->vv->nluns;
	ret = mx_plan(&r->plan, o->run, o->matrix, (unsigned int)o->num_disks,
		      (int)o->num_small, (int)o->num_large);
	if (ret == -EINVAL)
		die_usage("this -run/-matrix combination tests no point");
	if (ret)
		die_run("out of memory");
	if (!o->backend)
		o->backend = pick_backend();
	snprintf(r->dur, sizeof(r->dur), "%ld", o->duration);
	r->jc = (struct jf_conf){
		.engine = o->placeholders ? "${FIORION_ENGINE}" : find_engine(o->engine),
		.lunfile = o->placeholders ? "${LUNFILE}" : absolute(lunfile),
		.duration = o->placeholders ? "${DURATION}" : r->dur,
		.raid0 = o->raid0, .stripe_kb = (unsigned int)o->stripe_kb,
		.backend = o->backend,
		.size_small = (unsigned int)o->size_small,
		.size_large = (unsigned int)o->size_large, .seq = o->seq,
		.num_streamio = (unsigned int)o->num_streamio,
		.write_pct = (unsigned int)o->write_pct,
		.cache_size = o->cache_size, .vol_size = r->vv->size,
	};
	for (i = 0; i < r->plan.n; i++)
		r->total_secs += point_secs(o, &r->jc, &r->plan.pts[i]);
	make_run_id(r->run_id);
	if (!o->placeholders)
		r->jc.run_id = r->run_id;
	r->texts = calloc(r->plan.n ? r->plan.n : 1, sizeof(*r->texts));
	if (!r->texts)
		die_run("out of memory");
	for (i = 0; i < r->plan.n; i++) {
		const struct mx_point *p = &r->plan.pts[i];
		char *cmt = xasprintf("# fiorion %s: '%s' point %zu of %zu: small=%u large=%u\n",
				      FIORION_VERSION, o->testname, i + 1, r->plan.total, p->s, p->l);
		FILE *f = open_memstream(&r->texts[i], &len);

		if (!f)
			die_run("out of memory");
		jf_global(f, &r->jc, cmt);
		jf_point(f, &r->jc, (unsigned int)i + 1, p, true);
		fclose(f);
		free(cmt);
		if (!o->placeholders) {
			struct jp_file jf;
			char name[32];

			snprintf(name, sizeof(name), "p%03zu.fio", i + 1);
			ret = jp_parse_buffer(&jf, name, r->texts[i], &err);
			if (!ret) {
				ret = rn_check(&jf, &err);
				jp_release(&jf);
			}
			if (ret)
				die_usage("point %zu of %zu (small=%u, large=%u) cannot run on this volume: %s",
					  i + 1, r->plan.n, p->s, p->l, err.msg);
		}
	}
	free(lunfile);
}

/*
 * ORION's banner: Total Data Points + 1 minutes at its default 60 s
 * (every real sample), i.e. points x duration / 60 + 1. fiorion's own
 * estimate, from what each point really runs (warm-up included), is the
 * ETA on the progress lines.
 */
static void banner(const struct run *r, const struct opts *o)
{
	const struct or_layout *lay = or_layout(o->compat);
	long minutes = (long)r->plan.total * o->duration / 60 + 1;
	unsigned int i;

	printf("ORION: ORacle IO Numbers -- Version fiorion-%s\n", FIORION_VERSION);
	if (lay->dated) {
		/* 11.1+: the output prefix on its own line. */
		char stamp[32];
		struct tm tm;

		localtime_r(&r->start, &tm);
		strftime(stamp, sizeof(stamp), "%Y%m%d_%H%M", &tm);
		printf("%s_%s\n", o->testname, stamp);
	}
	if (lay->calibration)
		printf("Calibration will take approximately %ld minutes.\n"
		       "Using a large value for -cache_size may take longer.\n", minutes);
	else
		printf("Test will take approximately %ld minutes\n"
		       "Larger caches may take longer\n", minutes);
	if (lay->luns_stdout) {
		/* 12.2+ lists the LUNs on stdout too. */
		for (i = 0; i < r->vv->nluns; i++)
			printf("Name: %s Size: %" PRIu64 "\n", r->vv->luns[i].path, r->vv->luns[i].size);
		printf("%u files found.\n", r->vv->nluns);
	}
	fflush(stdout);
}

static void write_or_die(const char *path, const char *text, size_t len)
{
	struct fr_err err = { "" };

	if (fr_write_atomic(path, text, len, &err))
		die_run("%s", err.msg);
}

/*
 * The run's file set: the output folder, an earlier set of the same name
 * moved aside, the warnings, the banner, the job files (one per point
 * and the whole matrix) and run.json. A write that fails exits EXIT_RUN.
 */
static void write_set(struct run *r, const struct opts *o, int argc, char **argv)
{
	struct fr_err err = { "" };
	char *text = NULL, *rj, *path;
	size_t i, len = 0, w;
	json_t *s;
	FILE *f;

	if (or_make_dir(o->outdir, &err))
		die_usage("%s", err.msg);
	move_aside(o->outdir, o->testname);
	r->warnings = json_array();
	memory_luns(r->vv, r->warnings);
	json_array_foreach(r->warnings, w, s)
		fprintf(stderr, "fiorion: warning: %s\n", json_string_value(s));
	banner(r, o);

	r->jobs_dir = xasprintf("%s/%s_jobs", o->outdir, o->testname);
	if (mkdir(r->jobs_dir, 0755) < 0 && errno != EEXIST)
		die_run("cannot create '%s': %s", r->jobs_dir, strerror(errno));
	f = open_memstream(&text, &len);
	if (!f)
		die_run("out of memory");
	fprintf(f, "# fiorion %s: the whole matrix of '%s', %zu points (+ (0,0), which runs nothing);\n"
		   "# each point is one stonewalled group. One file per point: %s_jobs/pNNN.fio\n",
		FIORION_VERSION, o->testname, r->plan.n, o->testname);
	jf_global(f, &r->jc, "");
	for (i = 0; i < r->plan.n; i++)
		jf_point(f, &r->jc, (unsigned int)i + 1, &r->plan.pts[i], i == 0);
	fclose(f);
	r->whole = xasprintf("%s/%s.fio", o->outdir, o->testname);
	write_or_die(r->whole, text, len);
	free(text);
	for (i = 0; i < r->plan.n; i++) {
		path = xasprintf("%s/p%03zu.fio", r->jobs_dir, i + 1);
		write_or_die(path, r->texts[i], strlen(r->texts[i]));
		free(path);
	}
	rj = run_json(o, r->vv, &r->plan, argc, argv, r->start, r->run_id, r->warnings);
	path = xasprintf("%s/run.json", r->jobs_dir);
	write_or_die(path, rj, strlen(rj));
	free(path);
	free(rj);
}

static void run_release(struct run *r)
{
	size_t i;

	for (i = 0; r->texts && i < r->plan.n; i++)
		free(r->texts[i]);
	free(r->texts);
	free(r->jobs_dir);
	free(r->whole);
	json_decref(r->warnings);
	mx_plan_release(&r->plan);
	vvol_free(r->vv);
}

int main(int argc, char **argv)
{
	struct run r = { .start = time(NULL) };
	struct stat st;
	struct opts o;
	size_t done = 0;
	int status = EXIT_OK;

	cli_parse(&o, argc, argv);
	if (o.jobfile)
		return jobfile_main(&o);
	if (stat(o.outdir, &st) == 0 && !S_ISDIR(st.st_mode))
		die_usage("-outdir '%s': exists and is not a folder", o.outdir);
	plan_run(&r, &o);
	write_set(&r, &o, argc, argv);
	if (o.jobs_only) {
		fprintf(stderr, "fiorion: wrote %s and %zu job files in %s/\n", r.whole,
			r.plan.n, r.jobs_dir);
	} else {
		status = run_points(&o, &r.jc, &r.plan, r.jobs_dir, r.total_secs, &done);
		if (done && report(&o, r.jobs_dir, done, false))
			status = EXIT_RUN;
	}
	run_release(&r);
	if (fflush(stdout) || ferror(stdout))
		status = EXIT_RUN;
	return status;
}
