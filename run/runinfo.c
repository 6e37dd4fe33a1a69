/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * runinfo.c -- run.json written and read in one place (see runinfo.h).
 */
#include "runinfo.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "fr_num.h"
#include "jval.h"

static int64_t *int_array(json_t *a, size_t *n)
{
	int64_t *out;
	json_t *v;
	size_t i;

	*n = 0;
	if (!json_is_array(a) || !json_array_size(a))
		return NULL;
	out = calloc(json_array_size(a), sizeof(*out));
	if (!out)
		return NULL;
	json_array_foreach(a, i, v)
		out[i] = fr_to_i64(json_number_value(v));
	*n = json_array_size(a);
	return out;
}

static json_t *ints(const int64_t *v, size_t n)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; i < n; i++)
		json_array_append_new(a, json_integer((json_int_t)v[i]));
	return a;
}

static void put_str(json_t *o, const char *key, const char *v)
{
	if (v)
		json_object_set_new(o, key, json_string(v));
}

/* A list of strings, written only when there is one. */
static void put_strs(json_t *o, const char *key, char *const *v, size_t n)
{
	json_t *a;
	size_t i;

	if (!n)
		return;
	a = json_array();
	for (i = 0; i < n; i++)
		json_array_append_new(a, json_string(v[i]));
	json_object_set_new(o, key, a);
}

static void get_strs(json_t *o, const char *key, char ***v, size_t *n)
{
	json_t *a = json_object_get(o, key), *e;
	size_t i;

	*v = NULL;
	*n = 0;
	if (!json_is_array(a) || !json_array_size(a) ||
	    !(*v = calloc(json_array_size(a), sizeof(**v))))
		return;
	json_array_foreach(a, i, e)
		(*v)[i] = jv_strdup(json_is_string(e) ? json_string_value(e) : "");
	*n = json_array_size(a);
}

static json_t *luns_json(const struct fj_lun *luns, size_t n)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; i < n; i++) {
		json_t *l = json_object();

		json_object_set_new(l, "name", json_string(luns[i].name ? luns[i].name : ""));
		json_object_set_new(l, "size", json_integer((json_int_t)luns[i].size));
		json_array_append_new(a, l);
	}
	return a;
}

/* A LUN list ([{"name", "size"}]); a name that is not a string is "". */
static struct fj_lun *read_luns(json_t *a, size_t *n)
{
	struct fj_lun *luns;
	json_t *v;
	size_t i;

	*n = 0;
	if (!json_is_array(a) || !json_array_size(a))
		return NULL;
	luns = calloc(json_array_size(a), sizeof(*luns));
	if (!luns)
		return NULL;
	for (i = 0; i < json_array_size(a); i++) {
		v = json_array_get(a, i);
		luns[i].name = jv_strdup(jv_str(v, "name") ? jv_str(v, "name") : "");
		luns[i].size = fr_to_u64(jv_num(v, "size", 0));
	}
	*n = json_array_size(a);
	return luns;
}

static void free_luns(struct fj_lun *luns, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		free(luns[i].name);
	free(luns);
}

/* The hosts of a multi-host run; an entry without a string name is skipped. */
static void read_hosts(struct ri_run *r, json_t *a)
{
	json_t *v;
	size_t i;

	if (!json_is_array(a) || !json_array_size(a))
		return;
	r->hosts = calloc(json_array_size(a), sizeof(*r->hosts));
	if (!r->hosts)
		return;
	for (i = 0; i < json_array_size(a); i++) {
		struct ri_host *h = &r->hosts[r->nhosts];

		v = json_array_get(a, i);

		if (!json_is_object(v) || !jv_str(v, "name"))
			continue;
		h->name = strdup(jv_str(v, "name"));
		if (!h->name)
			continue;
		h->fio_version = jv_strdup(jv_str(v, "fio"));
		h->luns = read_luns(json_object_get(v, "luns"), &h->nluns);
		h->vlun_size = fr_to_u64(jv_num(v, "vlun_size", 0));
		h->engine_version = jv_strdup(jv_str(v, "engine"));
		h->backend = jv_strdup(jv_str(v, "backend"));
		h->kernel = jv_strdup(jv_str(v, "kernel"));
		r->nhosts++;
	}
}

/* A load: a count of outstanding I/Os, clamped to unsigned int. */
static unsigned int load_of(double x)
{
	uint64_t v = fr_to_u64(x);

	return v > UINT_MAX ? UINT_MAX : (unsigned int)v;
}

/* Each ladder's knee; an entry without a known "ladder" or a string "why" is skipped. */
static void read_knees(struct ri_run *r, json_t *a)
{
	json_t *v;
	size_t i;

	if (!json_is_array(a) || !json_array_size(a))
		return;
	r->knees = calloc(json_array_size(a), sizeof(*r->knees));
	if (!r->knees)
		return;
	for (i = 0; i < json_array_size(a); i++) {
		struct kn_knee *k = &r->knees[r->nknees];
		const char *ladder;

		v = json_array_get(a, i);
		ladder = jv_str(v, "ladder");
		if (!json_is_object(v) || !ladder || !kn_why_parse(jv_str(v, "why"), &k->why) ||
		    (strcmp(ladder, "small") && strcmp(ladder, "large")))
			continue;
		k->small = !strcmp(ladder, "small");
		k->fixed = load_of(jv_num(v, "fixed", 0));
		k->load = load_of(jv_num(v, "load", 0));
		r->nknees++;
	}
}

static const char pair_marks[] = "flou";
static const char *const pair_words[] = { "flat", "latency", "on", "undecided" };

static json_t *pair_json(const struct ri_pair *p)
{
	const char *at = p->decided ? strchr(pair_marks, p->decided) : NULL;

	return json_pack("{s:s,s:I,s:I,s:I,s:I,s:s,s:s}", "ladder", p->small ? "small" : "large",
			 "fixed", (json_int_t)p->fixed, "from", (json_int_t)p->from, "to", (json_int_t)p->to,
			 "pairs", (json_int_t)p->pairs, "decided", at ? pair_words[at - pair_marks] : "open",
			 "why", p->why ? p->why : "");
}

static void read_pairs(struct ri_run *r, json_t *a)
{
	size_t i, k;

	if (!json_is_array(a) || !json_array_size(a))
		return;
	r->paired = calloc(json_array_size(a), sizeof(*r->paired));
	for (i = 0; r->paired && i < json_array_size(a); i++) {
		json_t *v = json_array_get(a, i);
		struct ri_pair *p = &r->paired[r->npaired];
		const char *ladder = jv_str(v, "ladder"), *d = jv_str(v, "decided");

		if (!json_is_object(v) || !ladder || (strcmp(ladder, "small") && strcmp(ladder, "large")))
			continue;
		p->small = !strcmp(ladder, "small");
		p->fixed = load_of(jv_num(v, "fixed", 0));
		p->from = load_of(jv_num(v, "from", 0));
		p->to = load_of(jv_num(v, "to", 0));
		p->pairs = load_of(jv_num(v, "pairs", 0));
		for (k = 0; d && k < 4; k++)
			if (!strcmp(d, pair_words[k]))
				p->decided = pair_marks[k];
		p->why = jv_strdup(jv_str(v, "why"));
		r->npaired++;
	}
}

void ri_host_release(struct ri_host *h)
{
	free(h->name);
	free(h->fio_version);
	free_luns(h->luns, h->nluns);
	free(h->engine_version);
	free(h->backend);
	free(h->kernel);
	memset(h, 0, sizeof(*h));
}

const char *ri_runner_name(enum ri_runner r)
{
	if (r == RI_RUNNER_BUILTIN)
		return "built-in";
	return r == RI_RUNNER_FIO ? "fio" : NULL;
}

static enum ri_runner runner_parse(const char *s)
{
	if (s && !strcmp(s, "built-in"))
		return RI_RUNNER_BUILTIN;
	return s && !strcmp(s, "fio") ? RI_RUNNER_FIO : RI_RUNNER_UNKNOWN;
}

/* What ran the points (issue 42): each key only when recorded. */
static void prov_write(json_t *o, const struct ri_run *r)
{
	put_str(o, "runner", ri_runner_name(r->runner));
	put_str(o, "fio", r->fio_version);
	put_str(o, "engine", r->engine_version);
	put_str(o, "backend", r->backend);
	put_str(o, "backend_asked", r->backend_asked);
	put_str(o, "backend_note", r->backend_note);
}

static void prov_read(struct ri_run *r, json_t *o)
{
	r->runner = runner_parse(jv_str(o, "runner"));
	r->fio_version = jv_strdup(jv_str(o, "fio"));
	r->engine_version = jv_strdup(jv_str(o, "engine"));
	r->backend = jv_strdup(jv_str(o, "backend"));
	r->backend_asked = jv_strdup(jv_str(o, "backend_asked"));
	r->backend_note = jv_strdup(jv_str(o, "backend_note"));
}

const char *const ri_arrival_words[] = { "poisson", "uniform", NULL };

const char *ri_arrival_name(enum ri_arrival a)
{
	return a == RI_POISSON || a == RI_UNIFORM ? ri_arrival_words[a - RI_POISSON] : NULL;
}

enum ri_arrival ri_arrival_parse(const char *s)
{
	size_t i;

	for (i = 0; s && ri_arrival_words[i]; i++)
		if (!strcmp(s, ri_arrival_words[i]))
			return (enum ri_arrival)(RI_POISSON + i);
	return RI_ARRIVAL_UNKNOWN;
}

/* -run curve's parameters (issue 26): "curve", only when there is one. */
static void curve_write(json_t *o, const struct ri_curve *c)
{
	json_t *a = json_array();
	size_t i;

	if (!c->npct) {
		json_decref(a);
		return;
	}
	for (i = 0; i < c->npct; i++)
		json_array_append_new(a, json_real(c->pct[i]));
	/* s*: an arrival not recorded is left out, as an unknown compat or matrix. */
	json_object_set_new(o, "curve",
			    json_pack("{s:o,s:s*,s:I,s:I}", "percent", a, "arrival", ri_arrival_name(c->arrival),
				      "max_iops", (json_int_t)c->max_iops, "depth_cap",
				      (json_int_t)c->depth_cap));
}

static void curve_read(struct ri_curve *c, json_t *o)
{
	json_t *a = json_object_get(o, "percent"), *v;
	size_t i;

	memset(c, 0, sizeof(*c));
	json_array_foreach(a, i, v)
		if (json_is_number(v) && c->npct < RI_CURVE_MAX)
			c->pct[c->npct++] = json_number_value(v);
	c->arrival = ri_arrival_parse(jv_str(o, "arrival"));
	c->max_iops = fr_to_u64(jv_num(o, "max_iops", 0));
	c->depth_cap = fr_to_u64(jv_num(o, "depth_cap", 0));
}

char *ri_write(const struct ri_run *r)
{
	json_t *doc = json_object(), *o = json_object(), *a = json_array();
	char *s;
	size_t i;

	put_str(o, "version", r->version);
	put_str(o, "testname", r->testname);
	put_str(o, "run_id", r->run_id);
	put_str(o, "orion version", r->orion_version);
	put_str(o, "compat", or_compat_name(r->compat));
	for (i = 0; i < r->argc; i++)
		json_array_append_new(a, json_string(r->argv[i]));
	json_object_set_new(o, "command line", a);
	put_strs(o, "fio options", r->fio_opts, r->nfio_opts);
	put_strs(o, "include", r->includes, r->nincludes);
	json_object_set_new(o, "size_small", json_integer((json_int_t)r->size_small));
	json_object_set_new(o, "size_large", json_integer((json_int_t)r->size_large));
	put_str(o, "type", r->seq ? "seq" : "rand");
	json_object_set_new(o, "num_streamIO", json_integer((json_int_t)r->num_streamio));
	put_str(o, "simulate", r->raid0 ? "raid0" : "concat");
	json_object_set_new(o, "stripe", json_integer((json_int_t)r->stripe_kb));
	json_object_set_new(o, "write", json_integer((json_int_t)r->write_pct));
	json_object_set_new(o, "cache_size", json_integer((json_int_t)r->cache_size));
	json_object_set_new(o, "duration", json_integer((json_int_t)r->duration));
	put_str(o, "matrix", mx_matrix_name(r->matrix));
	json_object_set_new(o, "num_disks", json_integer((json_int_t)r->num_disks));
	json_object_set_new(o, "small_columns", ints(r->small_cols, r->nsmall_cols));
	if (r->small_levels)
		json_object_set_new(o, "small_levels", ints(r->small_levels, r->nsmall_levels));
	if (r->large_levels)
		json_object_set_new(o, "large_levels", ints(r->large_levels, r->nlarge_levels));
	json_object_set_new(o, "large_columns", ints(r->large_cols, r->nlarge_cols));
	json_object_set_new(o, "total_points", json_integer((json_int_t)r->total_points));
	json_object_set_new(o, "luns", luns_json(r->luns, r->nluns));
	json_object_set_new(o, "vlun_size", json_integer((json_int_t)r->vlun_size));
	a = json_array();
	for (i = 0; i < r->nwarnings; i++)
		json_array_append_new(a, json_string(r->warnings[i]));
	json_object_set_new(o, "warnings", a);
	json_object_set_new(o, "start", json_integer((json_int_t)r->start));
	put_str(o, "kernel", r->kernel);
	if (r->nhosts) {
		a = json_array();
		for (i = 0; i < r->nhosts; i++) {
			const struct ri_host *h = &r->hosts[i];
			json_t *e = json_object();

			put_str(e, "name", h->name);
			put_str(e, "fio", h->fio_version);
			json_object_set_new(e, "luns", luns_json(h->luns, h->nluns));
			json_object_set_new(e, "vlun_size", json_integer((json_int_t)h->vlun_size));
			put_str(e, "engine", h->engine_version);
			put_str(e, "backend", h->backend);
			put_str(e, "kernel", h->kernel);
			json_array_append_new(a, e);
		}
		json_object_set_new(o, "hosts", a);
	}
	put_str(o, "max_latency", r->max_latency);
	if (r->repeat > 1)
		json_object_set_new(o, "repeat", json_integer((json_int_t)r->repeat));
	if (r->parts > 1)
		json_object_set_new(o, "parts", json_integer((json_int_t)r->parts));
	if (r->refs > 0)
		json_object_set_new(o, "refs", json_integer((json_int_t)r->refs));
	if (r->stop_at_knee)
		json_object_set_new(o, "stop_at_knee", json_true());
	if (r->nstopped) {
		a = json_array();
		for (i = 0; i < r->nstopped; i++)
			json_array_append_new(a, json_string(r->stopped[i] ? r->stopped[i] : ""));
		json_object_set_new(o, "stopped", a);
	}
	if (r->npaired) {
		a = json_array();
		for (i = 0; i < r->npaired; i++)
			json_array_append_new(a, pair_json(&r->paired[i]));
		json_object_set_new(o, "paired", a);
	}
	if (r->nknees) {
		a = json_array();
		for (i = 0; i < r->nknees; i++) {
			const struct kn_knee *k = &r->knees[i];
			json_t *e = json_object();

			json_object_set_new(e, "ladder", json_string(k->small ? "small" : "large"));
			json_object_set_new(e, "fixed", json_integer((json_int_t)k->fixed));
			json_object_set_new(e, "load", json_integer((json_int_t)k->load));
			json_object_set_new(e, "why", json_string(kn_why_name(k->why)));
			json_array_append_new(a, e);
		}
		json_object_set_new(o, "knees", a);
	}
	if (r->duration_auto)
		json_object_set_new(o, "duration_auto", json_integer((json_int_t)r->duration_auto));
	if (r->duration_env)
		json_object_set_new(o, "duration_env", json_integer((json_int_t)r->duration_env));
	curve_write(o, &r->curve);
	prov_write(o, r);
	json_object_set_new(doc, "fiorion", o);
	s = json_dumps(doc, JSON_INDENT(2));
	json_decref(doc);
	return s;
}

void ri_read(struct ri_run *r, json_t *o)
{
	json_t *a, *v;
	size_t i;

	r->present = true;
	r->version = jv_strdup(jv_str(o, "version"));
	r->run_id = jv_strdup(jv_str(o, "run_id"));
	r->orion_version = jv_strdup(jv_str(o, "orion version"));
	r->kernel = jv_strdup(jv_str(o, "kernel"));
	r->testname = jv_strdup(jv_str(o, "testname"));
	a = json_object_get(o, "command line");
	if (json_is_array(a) && json_array_size(a)) {
		r->argv = calloc(json_array_size(a), sizeof(*r->argv));
		if (r->argv) {
			json_array_foreach(a, i, v)
				r->argv[i] = jv_strdup(json_is_string(v) ? json_string_value(v) : "");
			r->argc = json_array_size(a);
		}
	}
	get_strs(o, "fio options", &r->fio_opts, &r->nfio_opts);
	get_strs(o, "include", &r->includes, &r->nincludes);
	r->size_small = fr_to_u64(jv_num(o, "size_small", 0));
	r->size_large = fr_to_u64(jv_num(o, "size_large", 0));
	r->seq = jv_str(o, "type") && !strcmp(jv_str(o, "type"), "seq");
	r->raid0 = jv_str(o, "simulate") && !strcasecmp(jv_str(o, "simulate"), "raid0");
	r->stripe_kb = fr_to_u64(jv_num(o, "stripe", 0));
	r->num_streamio = fr_to_u64(jv_num(o, "num_streamIO", 0));
	r->write_pct = jv_num(o, "write", 0);
	r->cache_size = fr_to_i64(jv_num(o, "cache_size", -1));
	r->duration = fr_to_u64(jv_num(o, "duration", 0));
	r->small_cols = int_array(json_object_get(o, "small_columns"), &r->nsmall_cols);
	r->large_cols = int_array(json_object_get(o, "large_columns"), &r->nlarge_cols);
	r->small_levels = int_array(json_object_get(o, "small_levels"), &r->nsmall_levels);
	r->large_levels = int_array(json_object_get(o, "large_levels"), &r->nlarge_levels);
	r->total_points = fr_to_u64(jv_num(o, "total_points", 0));
	/* A word that is not a shape is as good as none ("not recorded"). */
	if (!jv_str(o, "matrix") || mx_matrix_parse(jv_str(o, "matrix"), &r->matrix))
		r->matrix = MX_UNKNOWN;
	r->num_disks = fr_to_i64(jv_num(o, "num_disks", 0));
	r->luns = read_luns(json_object_get(o, "luns"), &r->nluns);
	r->vlun_size = fr_to_u64(jv_num(o, "vlun_size", 0));
	/* A word that is not a layout is as good as none (fio2orion then writes 10.2). */
	if (!jv_str(o, "compat") || or_compat_parse(jv_str(o, "compat"), &r->compat))
		r->compat = OR_COMPAT_UNKNOWN;
	a = json_object_get(o, "warnings");
	if (json_is_array(a) && json_array_size(a)) {
		r->warnings = calloc(json_array_size(a), sizeof(*r->warnings));
		if (r->warnings) {
			json_array_foreach(a, i, v)
				if (json_is_string(v))
					r->warnings[r->nwarnings++] = jv_strdup(json_string_value(v));
		}
	}
	r->start = fr_to_i64(jv_num(o, "start", 0));
	read_hosts(r, json_object_get(o, "hosts"));
	r->max_latency = jv_strdup(jv_str(o, "max_latency"));
	r->stop_at_knee = json_is_true(json_object_get(o, "stop_at_knee"));
	r->repeat = fr_to_i64(jv_num(o, "repeat", 1));
	r->parts = fr_to_i64(jv_num(o, "parts", 1));
	r->refs = fr_to_i64(jv_num(o, "refs", 0));
	a = json_object_get(o, "stopped");
	r->stopped = json_array_size(a) ? calloc(json_array_size(a), sizeof(*r->stopped)) : NULL;
	for (i = 0; r->stopped && i < json_array_size(a); i++) {
		v = json_array_get(a, i);
		if (json_is_string(v))
			r->stopped[r->nstopped++] = jv_strdup(json_string_value(v));
	}
	read_pairs(r, json_object_get(o, "paired"));
	read_knees(r, json_object_get(o, "knees"));
	r->duration_auto = fr_to_u64(jv_num(o, "duration_auto", 0));
	r->duration_env = fr_to_u64(jv_num(o, "duration_env", 0));
	curve_read(&r->curve, json_object_get(o, "curve"));
	prov_read(r, o);
}

void ri_release(struct ri_run *r)
{
	size_t i;

	free(r->version);
	free(r->run_id);
	free(r->orion_version);
	free(r->kernel);
	free(r->testname);
	for (i = 0; i < r->argc; i++)
		free(r->argv[i]);
	free(r->argv);
	for (i = 0; i < r->nfio_opts; i++)
		free(r->fio_opts[i]);
	free(r->fio_opts);
	for (i = 0; i < r->nincludes; i++)
		free(r->includes[i]);
	free(r->includes);
	free(r->small_cols);
	free(r->large_cols);
	free(r->small_levels);
	free(r->large_levels);
	free_luns(r->luns, r->nluns);
	for (i = 0; i < r->nhosts; i++)
		ri_host_release(&r->hosts[i]);
	free(r->hosts);
	for (i = 0; i < r->nwarnings; i++)
		free(r->warnings[i]);
	free(r->warnings);
	free(r->max_latency);
	for (i = 0; i < r->nstopped; i++)
		free(r->stopped[i]);
	free(r->stopped);
	for (i = 0; i < r->npaired; i++)
		free(r->paired[i].why);
	free(r->paired);
	free(r->knees);
	free(r->fio_version);
	free(r->engine_version);
	free(r->backend);
	free(r->backend_asked);
	free(r->backend_note);
	memset(r, 0, sizeof(*r));
}
