/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fio2orion.c -- fio JSON results into ORION's files (the options:
 * f2o_cli.c's table).
 *
 * Usage: fio2orion [options] FILE...   (fio2orion -help)
 *        fio2orion -compare A B [C ...] [-html] [options]
 * Exit status: 0 written, 1 writing failed, 2 bad usage or input.
 */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "export_benchfio.h"
#include "export_json.h"
#include "f2o_input.h"
#include "f2o_cli.h"
#include "curve.h"
#include "fiojson.h"
#include "fjarena.h"
#include "fjstream.h"
#include "fr_cli.h"
#include "fr_file.h"
#include "compare.h"
#include "html_report.h"
#include "knee.h"
#include "orion_report.h"
#include "points.h"
#include "setwrite.h"
#include "sumhosts.h"
#include "text_compare.h"

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

/* -export benchfio DIR: the inputs, as read, in bench-fio's layout. */
static int export_benchfio(const char *dir, const char *testname, const struct xb_input *in,
			   size_t n)
{
	struct fr_err err = { "" };
	const char *name = testname ? testname : "orion";
	int ret = xb_export_inputs(dir, name, in, n, &err);

	if (ret < 0) {
		fprintf(stderr, "fio2orion: %s\n", err.msg);
		return ret == -EINVAL || ret == -ENAMETOOLONG ? EXIT_USAGE : EXIT_RUN;
	}
	if (!fr_quiet())
		fprintf(stderr, "fio2orion: wrote %d files under %s/ in bench-fio's layout (fio-plot -i %s/%s-small/<bs> ...)\n",
			ret, dir, dir, name);
	return EXIT_OK;
}

static int load_run(struct run *r, const struct f2o_opts *o, char *arg, struct fr_err *err);

/* -compare ... -html: the page of the runs @hr[0..n) as NAME.compare.html in -outdir (no ORION glob matches it). */
static int compare_page(const struct f2o_opts *o, const struct hr_run *hr, size_t n)
{
	struct fr_err err = { "" };
	char *buf = NULL, path[PATH_MAX];
	const char *name = o->testname ? o->testname : hr[0].p->run->testname;
	size_t len = 0;
	FILE *f;
	int ret, status = EXIT_OK;

	if (snprintf(path, sizeof(path), "%s/%s.compare.html", o->outdir, name) >= (int)sizeof(path)) {
		fprintf(stderr, "fio2orion: -outdir '%s': the path is too long\n", o->outdir);
		return EXIT_USAGE;
	}
	f = open_memstream(&buf, &len);
	if (!f) {
		fputs("fio2orion: out of memory\n", stderr);
		return EXIT_RUN;
	}
	ret = hr_compare(f, hr, n, &err);
	if (fclose(f) || ret) {
		fprintf(stderr, "fio2orion: %s\n", ret ? err.msg : "out of memory");
		status = EXIT_RUN;
	} else if (or_make_dir(o->outdir, &err)) {
		fprintf(stderr, "fio2orion: %s\n", err.msg);
		status = EXIT_USAGE;
	} else if (fr_write_atomic(path, buf, len, &err)) {
		fprintf(stderr, "fio2orion: %s\n", err.msg);
		status = EXIT_RUN;
	}
	free(buf);
	return status;
}

/*
 * fio2orion -compare A B [C ...]: the runs compared, as a text table on
 * standard output, or with -html as a page (compare_page()). Changed
 * cells are no error: 0 when compared.
 */
static int compare(const struct f2o_opts *o)
{
	static const char *const labels[HR_MAX_RUNS] = { "A", "B", "C", "D", "E", "F", "G", "H" };
	size_t n = o->ncmp, k, loaded = 0;
	struct run *runs = calloc(n, sizeof(*runs));
	struct hr_run hr[HR_MAX_RUNS];
	struct fr_err err = { "" };
	int ret = 0, status = EXIT_OK;

	if (!runs) {
		fputs("fio2orion: out of memory\n", stderr);
		return EXIT_RUN;
	}
	for (k = 0; k < n && !ret; k++, loaded++)
		ret = load_run(&runs[k], o, o->cmp[k], &err);
	if (ret) {
		fprintf(stderr, "fio2orion: -compare, run %s (%s): %s\n", labels[loaded - 1],
			o->cmp[loaded - 1], err.msg);
		status = ret == -ENOMEM || ret == -EIO ? EXIT_RUN : EXIT_USAGE;
		goto out;
	}
	for (k = 0; k < n; k++)
		hr[k] = (struct hr_run){ labels[k], &runs[k].params, &runs[k].pts };
	if (o->html) {
		status = compare_page(o, hr, n);
	} else if (tc_compare(stdout, hr, n, (const char *const *)o->cmp, &err)) {
		fprintf(stderr, "fio2orion: %s\n", err.msg);
		status = EXIT_RUN;
	}
out:
	for (k = 0; k < loaded; k++)
		run_release(&runs[k]);
	free(runs);
	return status;
}

/* -format json: the document on standard output, or into @path (-o) whole or not at all. */
static int write_json(const char *path, const struct or_params *params, const struct pt_set *pts)
{
	struct fr_err err = { "" };
	char *buf = NULL;
	size_t len = 0;
	FILE *f;
	int ret;

	if (!path) {
		if (or_points_json(stdout, params, pts) || fflush(stdout) || ferror(stdout)) {
			fputs("fio2orion: cannot write standard output\n", stderr);
			return EXIT_RUN;
		}
		return EXIT_OK;
	}
	f = open_memstream(&buf, &len);
	if (!f) {
		fputs("fio2orion: out of memory\n", stderr);
		return EXIT_RUN;
	}
	ret = or_points_json(f, params, pts);
	if (fclose(f) || ret) {
		fputs("fio2orion: out of memory\n", stderr);
		free(buf);
		return EXIT_RUN;
	}
	ret = fr_write_atomic(path, buf, len, &err);
	free(buf);
	if (ret) {
		fprintf(stderr, "fio2orion: -o: %s\n", err.msg);
		return EXIT_RUN;
	}
	return EXIT_OK;
}

/* Inputs kept as they were read: each one's name and bytes. */
struct kept {
	struct xb_input *in;
	size_t n;
};

/* What each input read goes to (f2o_input.h's fi_each()). */
struct take_ctx {
	struct fj_set *set;
	const struct f2o_opts *o;
	struct fr_err *err;
	struct cv_curve *cv; /* an open-loop curve's points (curve.h) */
	/* Without -max_latency: the curve points' inputs, judged again once run.json is read. */
	struct kept curve;
	/* -export: the other inputs, exported once all are read (run.json names the run). */
	struct kept xin;
	bool whole; /* the stream reader gave this input back */
};

static int taken(struct take_ctx *c, const char *name);

/* Keep input @name (@len bytes at @buf, NUL-terminated) in @k. */
static int keep(struct take_ctx *c, struct kept *k, const char *name, const char *buf, size_t len)
{
	struct xb_input *in = realloc(k->in, (k->n + 1) * sizeof(*in));
	char *nm, *copy;

	if (!in)
		return fr_errf(c->err, -ENOMEM, "out of memory");
	k->in = in;
	nm = strdup(name);
	copy = malloc(len + 1);
	if (!nm || !copy) {
		free(nm);
		free(copy);
		return fr_errf(c->err, -ENOMEM, "out of memory");
	}
	memcpy(copy, buf, len + 1);
	in[k->n++] = (struct xb_input){ nm, copy, len };
	return 0;
}

/*
 * No -max_latency: the curve is judged against run.json's max_latency,
 * as fiorion judged it (its points were read before the bound was known).
 */
static int judge_curve(struct take_ctx *c)
{
	struct kn_bound b = { .set = false };
	struct fr_err e = { "" };
	size_t planned = c->cv->planned, i;
	int ret = 0;

	/* A bound that does not parse is run.json's warning (infer.c); the curve stays unjudged. */
	if (!c->set->run.max_latency || !c->curve.n || kn_parse(&b, c->set->run.max_latency, &e))
		return 0;
	cv_release(c->cv);
	*c->cv = (struct cv_curve){ .planned = planned, .bound = b };
	for (i = 0; !ret && i < c->curve.n; i++) {
		const struct xb_input *in = &c->curve.in[i];
		bool taken;

		ret = cv_take_buffer(c->cv, in->name, in->buf, in->len, &taken, c->err);
	}
	return ret;
}

static void kept_release(struct kept *k)
{
	size_t i;

	for (i = 0; i < k->n; i++) {
		free((char *)k->in[i].name);
		free((char *)k->in[i].buf);
	}
	free(k->in);
	*k = (struct kept){ NULL, 0 };
}

/* One input into the set; what fio2orion notes about it. */
static int take_input(void *ctx, const char *name, char *buf, size_t len)
{
	struct take_ctx *c = ctx;
	bool curve = false;
	int ret = cv_take_buffer(c->cv, name, buf, len, &curve, c->err);

	if (!ret && curve && !c->o->bound.set)
		ret = keep(c, &c->curve, name, buf, len);
	if (ret || curve)
		return ret;
	if (c->o->xdir && (ret = keep(c, &c->xin, name, buf, len)))
		return ret;
	/* The stream reader first (fast), unless it already said this input is not for it. */
	ret = c->whole ? FJS_UNSURE : fjs_read_buffer(c->set, name, buf, len, c->err);
	c->whole = false;
	if (ret == FJS_UNSURE)
		ret = fj_read_buffer(c->set, name, buf, len, c->err);
	if (ret)
		return ret;
	return taken(c, name);
}

/* A regular file read as a stream (fjstream.h); FI_WHOLE: read it whole. */
static int take_stream(void *ctx, const char *name, int fd)
{
	struct take_ctx *c = ctx;
	int ret = fjs_read_fd(c->set, name, fd, c->err);

	if (ret == FJS_UNSURE) {
		c->whole = true;
		return FI_WHOLE;
	}
	return ret ? ret : taken(c, name);
}

/* What fio2orion notes about input @name, read. */
static int taken(struct take_ctx *c, const char *name)
{
	if (c->set->last_cut)
		fprintf(stderr, "fio2orion: warning: %s ends inside its final report: converted its last whole --status-interval report (-partial), %u interim one(s) before it skipped\n",
			name, c->set->last_interim);
	else if (c->set->last_interim)
		fr_note("%s: converted its final report; skipped %u interim --status-interval report(s) before it",
			name, c->set->last_interim);
	return 0;
}

static void note_input(void *ctx, const char *msg)
{
	(void)ctx;
	fr_note("%s", msg);
}

/*
 * @n inputs (files, '-', folders: f2o_input.h) into @c's set and curve,
 * each through the stream reader when it can be (not for -export, which
 * keeps them as read). 0, or a negative errno with @c->err set.
 */
static int read_inputs(struct take_ctx *c, char *const *files, size_t n)
{
	int ret;

	c->cv->bound = c->o->bound;
	c->set->partial_ok = c->o->partial;
	ret = fi_each_stream(files, n, c->o->xdir ? NULL : take_stream, take_input, note_input, c,
			     c->err);
	return ret ? ret : judge_curve(c);
}

/* One side of a comparison, @arg: read as fio2orion reads its inputs, then its points and parameters. */
static int load_run(struct run *r, const struct f2o_opts *o, char *arg, struct fr_err *err)
{
	struct cv_curve cv = { .n = 0 };
	struct take_ctx tc = { .set = &r->set, .o = o, .err = err, .cv = &cv };
	int ret;

	memset(r, 0, sizeof(*r));
	ret = read_inputs(&tc, &arg, 1);
	kept_release(&tc.curve);
	cv_release(&cv);
	if (!ret)
		ret = pt_build(&r->pts, &r->set, &o->po, err);
	if (!ret)
		ret = or_params_init(&r->params, &r->set, &r->pts, NULL, NULL, 0, err);
	r->have_params = !ret;
	if (!ret && o->bound.set)
		ret = or_params_set_bound(&r->params, &r->pts, &o->bound, err);
	return ret;
}

/* Read @files, one result set, and write what @o asks: ORION's files, JSON or bench-fio's layout. */
static int convert(const struct f2o_opts *o, char *const *files, int nfiles)
{
	enum or_compat compat = o->compat;
	struct fj_set set = { 0 };
	struct pt_set pts = { 0 };
	struct or_params params;
	struct fr_err err = { "" };
	struct or_written written = { 0 };
	struct cv_curve cv = { .n = 0 };
	struct take_ctx tc = { .set = &set, .o = o, .err = &err, .cv = &cv };
	int i, status = EXIT_OK;

	i = read_inputs(&tc, files, (size_t)nfiles);
	if (i) {
		fprintf(stderr, "fio2orion: %s\n", err.msg);
		/* Out of memory or a read error is not the input's fault (exit 1). */
		status = i == -ENOMEM || i == -EIO ? EXIT_RUN : EXIT_USAGE;
		goto out;
	}
	if (o->xdir) {
		status = export_benchfio(o->xdir, o->testname ? o->testname : set.run.testname,
					 tc.xin.in, tc.xin.n);
		goto out;
	}
	if (o->po.sum && sh_files_as_hosts(&set, &err)) {
		fprintf(stderr, "fio2orion: %s\n", err.msg);
		status = EXIT_RUN;
		goto out;
	}
	/* The layout the run was made in, unless -compat says otherwise. */
	if (!o->compat_given && set.run.compat != OR_COMPAT_UNKNOWN)
		compat = set.run.compat;
	if ((set.njobs || !cv.n) && pt_build(&pts, &set, &o->po, &err)) {
		fprintf(stderr, "fio2orion: %s\n", err.msg);
		status = EXIT_USAGE;
		goto out;
	}
	if (pts.nsized)
		fr_note("left out %zu job(s) of another block size (-size_small, -size_large)", pts.nsized);
	if (pts.nfailed)
		fprintf(stderr, "fio2orion: warning: left out %zu job(s) that failed in fio or were cut short (-skip_failed)\n",
			pts.nfailed);
	if (or_params_init(&params, &set, &pts, o->testname,
			   set.run.argc ? NULL : o->argv + 1,
			   set.run.argc ? 0 : (size_t)(o->argc - 1), &err)) {
		fprintf(stderr, "fio2orion: %s\n", err.msg);
		status = EXIT_RUN;
		goto out;
	}
	cv_set_planned(&cv, set.run.curve.npct);
	params.curve = &cv;
	/* What ran a curve's points, where the rest did not say; -max_latency overrides the run's bound. */
	if ((cv_provenance(&cv, &params) && fr_errf(&err, -ENOMEM, "out of memory")) ||
	    (o->bound.set && or_params_set_bound(&params, &pts, &o->bound, &err))) {
		fprintf(stderr, "fio2orion: %s\n", err.msg);
		or_params_release(&params);
		status = EXIT_RUN;
		goto out;
	}
	if (o->json) {
		status = write_json(o->out, &params, &pts);
	} else if (or_make_dir(o->outdir, &err)) {
		fprintf(stderr, "fio2orion: %s\n", err.msg);
		status = EXIT_USAGE;
	} else if (or_write_all(&params, &pts, o->outdir, compat, o->html ? OR_WRITE_HTML : 0, &written, &err)) {
		fprintf(stderr, "fio2orion: %s\n", err.msg);
		status = EXIT_RUN;
	} else if (cv_alone(&cv, pts.n)) {
		char note[2 * PATH_MAX + 512];

		/* No summary to hold the curve's lines: on the screen, as fiorion's run gives them. */
		cv_summary(stdout, &cv, or_layout(compat)->usecs);
		/* No ORION file at all: the hist note would be beside the point. */
		cv_alone_note(note, sizeof(note), o->outdir, params.run->testname, or_layout(compat)->dated,
			      params.run->start ? (time_t)params.run->start : time(NULL), o->html);
		fr_note("%s", note);
	} else if (or_layout(compat)->hist && !written.hist) {
		fr_note("no latency bins in the input (run fio with --output-format=json+); _hist.txt not written");
	}
	for (i = 0; !status && !o->json && i < (int)or_nwarnings(&params); i++)
		fprintf(stderr, "fio2orion: warning: %s\n", or_warning(&params, (size_t)i));
	if (!status && written.removed[0])
		fr_note("removed %s, left by an earlier result set under these names (this one has none%s)",
			written.removed,
			written.report_removed ? "; add -html for this one's report" : "");
	or_params_release(&params);
out:
	kept_release(&tc.curve);
	kept_release(&tc.xin);
	cv_release(&cv);
	pt_set_release(&pts);
	fj_set_release(&set);
	return status;
}

/* -o FILE: only for -format json, a file in a folder that exists (checked before any input is read). */
static void check_out(const struct f2o_opts *o)
{
	char dir[PATH_MAX];
	const char *slash = strrchr(o->out, '/');
	struct stat st;

	if (!o->json)
		die_usage("-o '%s': writes -format json's document; ORION's files go to -outdir", o->out);
	if (stat(o->out, &st) == 0 && S_ISDIR(st.st_mode))
		die_usage("-o '%s': is a folder; give the file to write", o->out);
	snprintf(dir, sizeof(dir), "%.*s", slash ? (int)(slash - o->out) + (slash == o->out) : 1,
		 slash ? o->out : ".");
	if (stat(dir, &st) || !S_ISDIR(st.st_mode) || access(dir, W_OK))
		die_usage("-o '%s': the folder '%s' does not exist or cannot be written", o->out, dir);
}

int main(int argc, char **argv)
{
	struct f2o_opts o;
	struct stat st;
	int status;

	fja_install(); /* before any jansson node */
	fr_cli_init("fio2orion", false);
	status = f2o_parse(&o, argc, argv);
	if (status)
		return status;
	fr_cli_set_quiet(o.quiet);
	if (o.po.small_max >= o.po.large_min)
		die_usage("-small_max must be below -large_min");
	if (o.cmp) {
		if (o.json || o.xdir)
			die_usage("-compare: not with %s", o.json ? "-format json" : "-export");
		if (optind < argc)
			die_usage("-compare: '%s' is not one of its runs (give them all right after -compare, before the other options)",
				  argv[optind]);
		if (!o.html && (o.testname || strcmp(o.outdir, ".")))
			die_usage("-compare: %s names the page, which -html writes (without it the table goes to standard output)",
				  o.testname ? "-testname" : "-outdir");
		if (o.html && stat(o.outdir, &st) == 0 && !S_ISDIR(st.st_mode))
			die_usage("-outdir '%s': exists and is not a folder", o.outdir);
		return compare(&o);
	}
	if (o.xdir && (o.json || o.html))
		die_usage("-export benchfio writes its own files: not with -format json or -html");
	if (o.json && o.html)
		die_usage("-html: not with -format json (the report is a file beside ORION's)");
	if (optind == argc) {
		fputs("fio2orion: no input files (see fio2orion -help)\n", stderr);
		return EXIT_USAGE;
	}
	if (!o.json && stat(o.outdir, &st) == 0 && !S_ISDIR(st.st_mode))
		die_usage("-outdir '%s': exists and is not a folder", o.outdir);
	if (o.out)
		check_out(&o);
	return convert(&o, argv + optind, argc - optind);
}
