/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * results.c -- a run's results as they come (results.h): each point
 * parsed once, its figures, the run's set in memory, ORION's files from
 * a set.
 */
#include "results.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <jansson.h>

#include "curve.h"
#include "export_json.h"
#include "fr_file.h"
#include "orion_report.h"
#include "points.h"
#include "setwrite.h"

/* A curve alone (-run curve -max_iops): where its results are, ORION's files not being written. */
static void say_curve_alone(const struct opts *o, const struct or_params *p)
{
	char note[2 * PATH_MAX + 512];

	cv_alone_note(note, sizeof(note), o->outdir, p->run->testname, or_layout(o->ri.compat)->dated,
		      p->run->start ? (time_t)p->run->start : time(NULL), true);
	printf("%s\n", note);
}

/* The drift's lines on stderr, as fiorion's notes: stdout is ORION's screen. */
static void say_drift(const struct pt_set *pts)
{
	char lines[2][768];
	size_t i, n = pt_drift_lines(&pts->drift, pts->n ? pts->pts[0].passes : 1, lines);

	for (i = 0; i < n; i++)
		fprintf(stderr, "fiorion: %s\n", lines[i]);
}

/* The limits' lines on stderr, as the drift's. */
static void say_limits(const struct pt_set *pts)
{
	struct lm_found f;
	char line[LM_LINE_MAX];
	size_t i;

	if (lm_find(pts, &f))
		return;
	for (i = 0; lm_found_line(&f, i, line, sizeof(line)); i++)
		fprintf(stderr, "fiorion: %s\n", line);
	lm_found_release(&f);
}

/* run.json gets the run's "drift" and "limits" (export_json.h), read back and written whole. */
static int drift_run_json(const char *jobs_dir, const struct pt_set *pts)
{
	char *path = xasprintf("%s/run.json", jobs_dir), *text;
	struct fr_err err = { "" };
	json_error_t je;
	json_t *doc = json_load_file(path, 0, &je), *fr;
	int ret = -EINVAL;

	fr = json_object_get(doc, "fiorion");
	if (json_is_object(fr)) {
		json_object_set_new(fr, "drift", xr_drift_json(&pts->drift));
		json_object_set_new(fr, "limits", xr_limits_json(pts));
		text = json_dumps(doc, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
		ret = text ? fr_write_atomic(path, text, strlen(text), &err) : -ENOMEM;
		free(text);
	}
	json_decref(doc);
	free(path);
	return ret;
}

int rs_write(const struct opts *o, struct fj_set *set, const char *jobs_dir, unsigned int flags,
	     const char *partial)
{
	struct pt_set pts = { 0 };
	struct or_params params;
	struct cv_curve cv = { .n = 0 };
	struct pt_opts po;
	struct fr_err err = { "" };
	struct or_written written;
	char *path;
	size_t i;
	int ret = 0;

	pt_opts_init(&po);
	/* -run curve -max_iops has no ladder: its set is the curve's. */
	if (set->njobs || !set->run.curve.npct)
		ret = pt_build(&pts, set, &po, &err);
	if (!ret)
		ret = or_params_init(&params, set, &pts, NULL, NULL, 0, &err);
	if (!ret && set->run.curve.npct) {
		/* -run curve: its points, read back from their JSON (converter/curve/curve.h). */
		path = xasprintf("%s/curve", jobs_dir);
		cv.planned = set->run.curve.npct;
		ret = cv_load_dir(&cv, path, &params.bound, &err);
		params.curve = &cv;
		/* A curve alone: its points say what ran them. */
		if (!ret && cv_provenance(&cv, &params))
			ret = fr_errf(&err, -ENOMEM, "out of memory");
		free(path);
	}
	if (!ret) {
		params.partial = partial;
		params.live = flags & PL_LIVE;
		ret = or_write_all(&params, &pts, o->outdir, o->ri.compat, OR_WRITE_HTML, &written, &err);
		if (!ret && !flags) {
			/* The banner ends with ORION's blank line; -verbose's lines came since. */
			if (o->verbose)
				printf("\n");
			or_result_screen(stdout, &pts, o->ri.compat);
			/* The answer under -max_latency where ORION's answers are read, too. */
			or_answers(stdout, &params, &pts, o->ri.compat);
			if (pts.drift.present && !fr_quiet())
				say_drift(&pts);
			if (!fr_quiet())
				say_limits(&pts);
			if (drift_run_json(jobs_dir, &pts))
				fprintf(stderr, "fiorion: warning: %s/run.json: its drift and limits not recorded\n", jobs_dir);
		}
		for (i = 0; !ret && !(flags & PL_LIVE) && i < or_nwarnings(&params); i++)
			fprintf(stderr, "fiorion: warning: %s\n", or_warning(&params, i));
		if (!ret && !(flags & PL_LIVE) && cv_alone(&cv, pts.n))
			say_curve_alone(o, &params);
		or_params_release(&params);
	}
	if (ret)
		fprintf(stderr, "fiorion: %sORION's files: %s\n", flags & PL_LIVE ? "warning: live " : "",
			err.msg);
	cv_release(&cv);
	pt_set_release(&pts);
	return ret;
}

void rs_figures(const struct fj_set *point, struct rs_figs *f)
{
	struct pt_set pts = { 0 };
	struct pt_opts po;
	struct fr_err err = { "" };
	const struct pt_point *p;

	memset(f, 0, sizeof(*f));
	pt_opts_init(&po);
	if (pt_build(&pts, point, &po, &err) || !pts.n) {
		pt_set_release(&pts);
		return;
	}
	p = &pts.pts[0];
	f->ok = true;
	f->s = p->s;
	f->l = p->l;
	f->small = p->small.present;
	f->large = p->large.present;
	f->iops = p->small.iops;
	f->lat_ns = p->small.lat[PT_ALL].mean;
	f->mbps = p->large.mbps;
	f->lat_large_ns = p->large.lat[PT_ALL].mean;
	pt_set_release(&pts);
}

/*
 * What the set was after a point joined it: the counts and the figures
 * of its inputs that a later input leaves as they are (the first fio
 * version, timestamp, identity), so that rs_view() gives the set after
 * any point, not only after the last.
 */
struct rs_mark {
	size_t i; /* the plan entry */
	size_t njobs;
	unsigned int nfiles;
	char *fio_version, *run_id, *run_id_file, *anon_file; /* the set's own, not copied */
	int64_t timestamp;
	bool client_server;
	unsigned int last_interim;
	bool last_cut;
};

struct rs_run {
	/*
	 * rs_add() (the points' thread) against rs_view() (the live rewrite's
	 * thread): the set's arrays move when they grow. The jobs themselves
	 * do not change once added; two threads may build points from them
	 * at once (their json+ bins are counted atomically, fjbins.h).
	 */
	pthread_mutex_t mu;
	char *run_path; /* <jobs_dir>/run.json, the name report() reads it under */
	char *run_text; /* read once; parsed again for each view */
	size_t run_len;
	struct fj_set set;
	struct rs_mark *marks; /* one a point, in the order added, then... */
	size_t nmarks, capmarks;
	struct rs_mark base; /* ... the set of run.json alone */
	int ret;	     /* not 0: a view is not report()'s set, err says why */
	struct fr_err err;
	int broken;	     /* not 0: a point could not join; nothing joins since */
	struct fj_set *kept; /* rs_new()'s, by plan entry, until rs_read() takes them */
	size_t nkept;
	struct fj_set run; /* run.json alone (rs_run()), */
	int run_ret;	   /* or why it could not be read */
	struct fr_err run_err;
};

static void mark(const struct fj_set *s, size_t i, struct rs_mark *m)
{
	m->i = i;
	m->njobs = s->njobs;
	m->nfiles = s->nfiles;
	m->fio_version = s->fio_version;
	m->run_id = s->run_id;
	m->run_id_file = s->run_id_file;
	m->anon_file = s->anon_file;
	m->timestamp = s->timestamp;
	m->client_server = s->client_server;
	m->last_interim = s->last_interim;
	m->last_cut = s->last_cut;
}

struct rs_run *rs_new(const char *jobs_dir, struct fj_set *kept, size_t nkept)
{
	struct rs_run *r = calloc(1, sizeof(*r));
	size_t i;

	if (!r)
		die_run("out of memory");
	if (kept && nkept) {
		r->kept = calloc(nkept, sizeof(*r->kept));
		if (!r->kept)
			die_run("out of memory");
		for (i = 0; i < nkept; i++) {
			r->kept[i] = kept[i];
			memset(&kept[i], 0, sizeof(kept[i]));
		}
		r->nkept = nkept;
	}
	pthread_mutex_init(&r->mu, NULL);
	r->run_path = xasprintf("%s/run.json", jobs_dir);
	r->ret = fr_read_file(r->run_path, NULL, 0, FR_READ_REGULAR, &r->run_text, &r->run_len,
			      &r->err);
	if (!r->ret)
		r->ret = fj_read_buffer(&r->set, r->run_path, r->run_text, r->run_len, &r->err);
	if (r->ret) {
		/* The points still join the set: the ladders read no run.json. */
		fj_set_release(&r->set);
	} else {
		/* Its description as read: the set's own may be completed, or replaced, later. */
		r->ret = fj_read_buffer(&r->run, r->run_path, r->run_text, r->run_len, &r->err);
	}
	r->run_ret = r->ret;
	r->run_err = r->err;
	mark(&r->set, 0, &r->base);
	return r;
}

int rs_add(struct rs_run *r, size_t i, struct fj_set *point)
{
	struct fr_err err = { "" };
	/* A view parses run.json's description again: one a point carries it could not. */
	char *described = point->run.present && point->nfiles
		? xasprintf("%s carries a run description (\"fiorion\"), which the live rewrite does not keep",
			    point->file_names[0])
		: NULL;
	struct rs_mark *m;
	int ret;

	pthread_mutex_lock(&r->mu);
	ret = r->broken ? r->broken : fj_set_take(&r->set, point, &err);
	if (!ret && r->nmarks == r->capmarks) {
		size_t cap = r->capmarks ? 2 * r->capmarks : 64;

		m = realloc(r->marks, cap * sizeof(*m));
		if (!m)
			die_run("out of memory");
		r->marks = m;
		r->capmarks = cap;
	}
	if (!ret)
		mark(&r->set, i, &r->marks[r->nmarks++]);
	if (ret && !r->broken) {
		/* As report() stops at the first input it refuses, and the ladders with it. */
		r->broken = ret;
		if (!r->ret) {
			r->ret = ret;
			r->err = err;
		}
	} else if (!ret && described && !r->ret) {
		r->ret = -EINVAL;
		snprintf(r->err.msg, sizeof(r->err.msg), "%s", described);
	}
	pthread_mutex_unlock(&r->mu);
	free(described);
	fj_set_release(point);
	return ret;
}

int rs_read(struct rs_run *r, size_t i, const char *json)
{
	struct fj_set one = { 0 };
	struct fr_err err = { "" };
	int ret;

	if (i < r->nkept && r->kept[i].nfiles)
		return rs_add(r, i, &r->kept[i]);
	ret = fj_read_file(&one, json, &err);
	if (!ret)
		return rs_add(r, i, &one);
	fj_set_release(&one);
	/* report() would stop at it: so do the views, and the ladders' set. */
	pthread_mutex_lock(&r->mu);
	if (!r->broken)
		r->broken = ret;
	if (!r->ret) {
		r->ret = ret;
		r->err = err;
	}
	pthread_mutex_unlock(&r->mu);
	return ret;
}

int rs_run(const struct rs_run *r, const struct ri_run **run, struct fr_err *err)
{
	if (r->run_ret) {
		*err = r->run_err;
		return r->run_ret;
	}
	*run = &r->run.run;
	return 0;
}

const struct fj_set *rs_set(const struct rs_run *r)
{
	return r->broken ? NULL : &r->set;
}

int rs_view(struct rs_run *r, size_t upto, struct fj_set *v, struct fr_err *err)
{
	const struct rs_mark *m = &r->base;
	struct fj_set run = { 0 };
	size_t k;
	int ret;

	memset(v, 0, sizeof(*v));
	pthread_mutex_lock(&r->mu);
	ret = r->ret;
	if (ret) {
		*err = r->err;
		pthread_mutex_unlock(&r->mu);
		return ret;
	}
	/* The last point before @upto: the marks are in plan order. */
	for (k = r->nmarks; k && r->marks[k - 1].i >= upto; k--)
		;
	if (k)
		m = &r->marks[k - 1];
	v->jobs = malloc((m->njobs ? m->njobs : 1) * sizeof(*v->jobs));
	v->file_names = malloc((m->nfiles ? m->nfiles : 1) * sizeof(*v->file_names));
	if (!v->jobs || !v->file_names)
		die_run("out of memory");
	/* Copies of the jobs' structs: their strings, bins and arrays stay the set's. */
	memcpy(v->jobs, r->set.jobs, m->njobs * sizeof(*v->jobs));
	memcpy(v->file_names, r->set.file_names, m->nfiles * sizeof(*v->file_names));
	pthread_mutex_unlock(&r->mu);
	v->njobs = v->capjobs = m->njobs;
	v->nfiles = m->nfiles;
	v->fio_version = m->fio_version;
	v->run_id = m->run_id;
	v->run_id_file = m->run_id_file;
	v->anon_file = m->anon_file;
	v->timestamp = m->timestamp;
	v->client_server = m->client_server;
	v->last_interim = m->last_interim;
	v->last_cut = m->last_cut;
	/* run.json's description afresh: report() completes it from the results (infer.h). */
	ret = fj_read_buffer(&run, r->run_path, r->run_text, r->run_len, err);
	v->run = run.run;
	memset(&run.run, 0, sizeof(run.run));
	fj_set_release(&run);
	if (ret)
		rs_view_release(v);
	return ret;
}

void rs_view_release(struct fj_set *v)
{
	/* Only what rs_view() made: the arrays and the run; the rest is the set's. */
	free(v->jobs);
	free(v->file_names);
	ri_release(&v->run);
	memset(v, 0, sizeof(*v));
}

void rs_free(struct rs_run *r)
{
	size_t i;

	if (!r)
		return;
	fj_set_release(&r->set);
	fj_set_release(&r->run);
	for (i = 0; i < r->nkept; i++)
		fj_set_release(&r->kept[i]);
	free(r->kept);
	free(r->marks);
	free(r->run_text);
	free(r->run_path);
	pthread_mutex_destroy(&r->mu);
	free(r);
}
