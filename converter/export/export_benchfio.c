/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * export_benchfio.c -- fio2orion -export benchfio: the points' classes
 * as bench-fio lays its results out, for fio-plot.
 */
#include "export_benchfio.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "fr_file.h"
#include "jobname.h"
#include "jscan.h"
#include "outdir.h"

/* One file of the export: its path, the point it holds, its document. */
struct xb_out {
	char *path;
	unsigned int point;
	json_t *doc;
};

struct xb {
	struct xb_out *out;
	size_t n;
	const char *dir, *testname;
};

/* An option as fio echoed it: the job's own, else the document's global. */
static const char *opt(json_t *job, json_t *global, const char *key)
{
	json_t *v = json_object_get(json_object_get(job, "job options"), key);

	if (!json_is_string(v))
		v = json_object_get(global, key);
	return json_is_string(v) ? json_string_value(v) : NULL;
}

/* fio's names for the mixed modes, which bench-fio gives a folder of their own. */
static int mixed(const char *rw)
{
	return !strcmp(rw, "randrw") || !strcmp(rw, "rw") || !strcmp(rw, "readwrite");
}

/* A path element from an option's value: no '/', not empty. */
static int safe(const char *s)
{
	return *s && !strchr(s, '/') && strcmp(s, ".") && strcmp(s, "..");
}

static struct xb_out *out_for(struct xb *x, const char *path, unsigned int point,
			      json_t *doc, struct fr_err *err)
{
	struct xb_out *o;
	size_t i;

	for (i = 0; i < x->n; i++) {
		if (strcmp(x->out[i].path, path))
			continue;
		if (x->out[i].point != point) {
			fr_errf(err, -EINVAL,
				"-export benchfio: points %u and %u would both be %s (the same class, loads and options: inputs from two runs? export one run at a time)",
				x->out[i].point, point, path);
			return NULL;
		}
		return &x->out[i];
	}
	o = realloc(x->out, (x->n + 1) * sizeof(*o));
	if (!o) {
		fr_errf(err, -ENOMEM, "out of memory");
		return NULL;
	}
	x->out = o;
	o = &o[x->n];
	o->path = strdup(path);
	o->point = point;
	o->doc = json_object();
	if (!o->path || !o->doc) {
		free(o->path);
		json_decref(o->doc);
		fr_errf(err, -ENOMEM, "out of memory");
		return NULL;
	}
	x->n++;
	/* What fio-plot reads from the top of a result, as the input had it. */
	json_object_set(o->doc, "fio version", json_object_get(doc, "fio version"));
	if (json_object_get(doc, "timestamp"))
		json_object_set(o->doc, "timestamp", json_object_get(doc, "timestamp"));
	json_object_set_new(o->doc, "global options",
			    json_deep_copy(json_object_get(doc, "global options")) ?: json_object());
	json_object_set_new(o->doc, "jobs", json_array());
	return o;
}

/* Place one job of input @name. */
static int add_job(struct xb *x, const char *name, json_t *doc, json_t *job,
		   struct fr_err *err)
{
	const char *jn = json_string_value(json_object_get(job, "jobname"));
	json_t *global = json_object_get(doc, "global options");
	const char *rw, *depth, *nj, *bs, *mix = NULL;
	char series[256], mixdir[64] = "", path[PATH_MAX], *end;
	struct jn_name n;
	struct xb_out *o;
	long rmix = 50;
	int k;

	if (!jn)
		return fr_errf(err, -EINVAL, "%s: a job without a jobname", name);
	if (!strcmp(jn, "All clients"))
		return 0;
	if (jn_parse(jn, &n) && n.ref)
		return 0; /* the drift's reference re-measured: no cell of its own */
	/* A point's parts (-parts, pairs) are its jobs, all in its file. */
	if (!jn_parse(jn, &n) || (n.pass > 1 && !n.part))
		return fr_errf(err, -EINVAL,
			       "%s: job '%s' is not one of fiorion's points (pNNN-sS-lL-small|large): -export benchfio keeps each point's small and large classes apart, which needs fiorion's job names",
			       name, jn);
	if (n.kind == JN_WARM)
		return 0;
	if (json_is_array(global))
		global = json_array_get(global, 0);
	rw = opt(job, global, "rw") ?: opt(job, global, "readwrite") ?
								     : "read";
	depth = opt(job, global, "iodepth") ?: "1";
	nj = opt(job, global, "numjobs") ?: "1";
	bs = opt(job, global, "bs") ?: opt(job, global, "blocksize") ?
								     : "4k";
	if (!safe(rw) || !safe(depth) || !safe(nj) || !safe(bs))
		return fr_errf(err, -EINVAL, "%s: job '%s': rw, iodepth, numjobs or bs is not a folder or file name", name, jn);
	if (mixed(rw)) {
		if ((mix = opt(job, global, "rwmixread")))
			rmix = strtol(mix, &end, 10);
		else if ((mix = opt(job, global, "rwmixwrite")))
			rmix = 100 - strtol(mix, &end, 10);
		snprintf(mixdir, sizeof(mixdir), "%s%ld/", rw, rmix);
	}
	if (n.kind == JN_SMALL)
		k = n.l ? snprintf(series, sizeof(series), "%s-small-with-large%u", x->testname, n.l)
			: snprintf(series, sizeof(series), "%s-small", x->testname);
	else
		k = n.s ? snprintf(series, sizeof(series), "%s-large-with-small%u", x->testname, n.s)
			: snprintf(series, sizeof(series), "%s-large", x->testname);
	if (k < 0 || (size_t)k >= sizeof(series) ||
	    (size_t)snprintf(path, sizeof(path), "%s/%s/%s%s/%s-%s-%s.json", x->dir, series,
			     mixdir, bs, rw, depth, nj) >= sizeof(path))
		return fr_errf(err, -ENAMETOOLONG, "-export benchfio: a path under '%s' is too long", x->dir);
	o = out_for(x, path, n.num, doc, err);
	if (!o)
		return -EINVAL;
	if (!json_object_get(o->doc, "fiorion export")) {
		json_t *fe = json_pack("{s:i, s:s, s:i, s:i}", "point", (int)n.num, "class",
				       n.kind == JN_SMALL ? "small" : "large",
				       "small_load", (int)n.s, "large_load", (int)n.l);

		json_object_set_new(o->doc, "fiorion export", fe);
	}
	json_array_append(json_object_get(o->doc, "jobs"), job);
	return 0;
}

/* Every job of the last document of input @name, @len bytes at @buf. */
static int add_input(struct xb *x, const char *name, const char *buf, size_t len,
		     struct fr_err *err)
{
	struct js_span *spans = NULL;
	size_t pos, last, nspans = 0, i;
	json_t *doc = NULL;
	int ret = 0;

	pos = js_first_doc(buf, len);
	for (last = pos; pos < len; pos = js_next_doc(buf, len, pos)) {
		json_decref(doc);
		doc = json_object();
		last = pos;
		pos = js_scan_doc(buf, len, pos, doc, &spans, &nspans);
		if (!pos) {
			ret = js_error_at(name, buf, len, last, err);
			goto out;
		}
	}
	for (i = 0; doc && i < nspans && !ret; i++) {
		json_error_t je;
		json_t *job = json_loadb(buf + spans[i].start, spans[i].end - spans[i].start, 0, &je);

		if (!job) {
			ret = js_error_at(name, buf, len, last, err);
			break;
		}
		ret = add_job(x, name, doc, job, err);
		json_decref(job);
	}
out:
	json_decref(doc);
	free(spans);
	return ret;
}

/* mkdir -p of @path's folder. */
static int make_parent(const char *path, struct fr_err *err)
{
	char dir[PATH_MAX];
	char *slash;

	snprintf(dir, sizeof(dir), "%s", path);
	slash = strrchr(dir, '/');
	if (!slash)
		return 0;
	*slash = '\0';
	return or_make_dir(dir, err);
}

/* 1: @path holds exactly @text; 0: no such file; -EINVAL: something else is there. */
static int same(const char *path, const char *text, struct fr_err *err)
{
	struct fr_err e2 = { "" };
	size_t len = 0;
	char *old = NULL;
	int ret = fr_read_file(path, NULL, 0, FR_READ_REGULAR, &old, &len, &e2);

	if (ret == -ENOENT)
		return 0;
	if (!ret && len == strlen(text) && !memcmp(old, text, len))
		ret = 1;
	else
		ret = fr_errf(err, -EINVAL,
			      "-export benchfio: '%s' exists and is not this export's (give a new or empty folder; nothing was written)",
			      path);
	free(old);
	return ret;
}

static int write_all(struct xb *x, struct fr_err *err)
{
	char **texts = calloc(x->n, sizeof(*texts));
	size_t i;
	int ret = 0, *skip = calloc(x->n, sizeof(*skip));

	if (!texts || !skip) {
		free(texts);
		free(skip);
		return fr_errf(err, -ENOMEM, "out of memory");
	}
	/* Everything checked before the first byte is written. */
	for (i = 0; i < x->n && !ret; i++) {
		texts[i] = json_dumps(x->out[i].doc, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
		if (!texts[i])
			ret = fr_errf(err, -ENOMEM, "out of memory");
		else if ((skip[i] = same(x->out[i].path, texts[i], err)) < 0)
			ret = skip[i];
	}
	for (i = 0; i < x->n && !ret; i++)
		if (skip[i] != 1 && !(ret = make_parent(x->out[i].path, err)))
			ret = fr_write_atomic(x->out[i].path, texts[i], strlen(texts[i]), err);
	for (i = 0; i < x->n; i++)
		free(texts[i]);
	free(texts);
	free(skip);
	return ret;
}

/* @n inputs, each @files[i] read from its file, else given in @in[i]. */
static int export(const char *dir, const char *testname, char *const *files,
		  const struct xb_input *in, size_t n, struct fr_err *err)
{
	struct xb x = { .dir = dir, .testname = testname };
	size_t i, len;
	int ret = 0;

	if (!safe(testname))
		return fr_errf(err, -EINVAL, "-export benchfio: the test name '%s' is not a folder name", testname);
	for (i = 0; i < n && !ret; i++) {
		char *buf = NULL;

		if (in) {
			ret = add_input(&x, in[i].name, in[i].buf, in[i].len, err);
			continue;
		}
		ret = fr_read_file(files[i], NULL, 0, FR_READ_REGULAR, &buf, &len, err);
		if (!ret)
			ret = add_input(&x, files[i], buf, len, err);
		free(buf);
	}
	if (!ret && !x.n)
		ret = fr_errf(err, -EINVAL, "-export benchfio: no measured job in the input (only warm-up?)");
	if (!ret)
		ret = write_all(&x, err);
	for (i = 0; i < x.n; i++) {
		free(x.out[i].path);
		json_decref(x.out[i].doc);
	}
	free(x.out);
	return ret ? ret : (int)i;
}

int xb_export(const char *dir, const char *testname, char *const *files, size_t n,
	      struct fr_err *err)
{
	return export(dir, testname, files, NULL, n, err);
}

int xb_export_inputs(const char *dir, const char *testname, const struct xb_input *in, size_t n,
		     struct fr_err *err)
{
	return export(dir, testname, NULL, in, n, err);
}
