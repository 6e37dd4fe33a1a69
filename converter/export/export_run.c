/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * export_run.c -- the run's parameters, inputs and LUNs for -format
 * json (export_run.h).
 */
#include "export_run.h"

static json_t *str_or_null(const char *s)
{
	return s ? json_string(s) : json_null();
}

static json_t *cols_json(const int64_t *c, size_t n)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; i < n; i++)
		json_array_append_new(a, json_integer(c[i]));
	return a;
}

json_t *xr_luns_json(const struct fj_lun *l, size_t n)
{
	json_t *a = json_array();
	size_t i;

	for (i = 0; i < n; i++) {
		json_t *o = json_object();

		json_object_set_new(o, "name", json_string(l[i].name));
		json_object_set_new(o, "size", json_integer((json_int_t)l[i].size));
		json_array_append_new(a, o);
	}
	return a;
}

json_t *xr_run_json(const struct or_params *p, const struct pt_set *pts)
{
	const struct ri_run *r = p->run;
	json_t *o = json_object(), *a = json_array();
	size_t i;

	json_object_set_new(o, "described", json_boolean(r->present));
	json_object_set_new(o, "orion_version", str_or_null(r->orion_version));
	json_object_set_new(o, "fio_version", str_or_null(p->fio_version));
	/* What ran the points (infer.h): null where the inputs do not say. */
	json_object_set_new(o, "runner", str_or_null(ri_runner_name(p->runner)));
	json_object_set_new(o, "engine_version", str_or_null(p->engine));
	json_object_set_new(o, "backend_asked", str_or_null(r->backend_asked));
	json_object_set_new(o, "backend_note", str_or_null(r->backend_note));
	json_object_set_new(o, "kernel", str_or_null(r->kernel));
	for (i = 0; i < r->argc; i++)
		json_array_append_new(a, json_string(r->argv[i]));
	json_object_set_new(o, "command_line", a);
	json_object_set_new(o, "size_small_kb", json_integer((json_int_t)r->size_small));
	json_object_set_new(o, "size_large_kb", json_integer((json_int_t)r->size_large));
	json_object_set_new(o, "type", json_string(r->seq ? "seq" : "rand"));
	json_object_set_new(o, "num_streamio", json_integer((json_int_t)r->num_streamio));
	json_object_set_new(o, "simulate", json_string(r->raid0 ? "raid0" : "concat"));
	json_object_set_new(o, "stripe_kb", json_integer((json_int_t)r->stripe_kb));
	json_object_set_new(o, "write_pct", json_real(r->write_pct));
	json_object_set_new(o, "cache_size_mb", r->cache_size < 0 ? json_null() : json_integer(r->cache_size));
	json_object_set_new(o, "duration_s", json_integer((json_int_t)r->duration));
	json_object_set_new(o, "small_columns", cols_json(r->small_cols, r->nsmall_cols));
	json_object_set_new(o, "large_columns", cols_json(r->large_cols, r->nlarge_cols));
	json_object_set_new(o, "start", r->start ? json_integer(r->start) : json_null());
	/* The LUNs: null when unknown (fio's client/server JSON without run.json). */
	json_object_set_new(o, "luns", p->luns_unknown ? json_null() : xr_luns_json(r->luns, r->nluns));
	json_object_set_new(o, "volume_size", json_integer((json_int_t)r->vlun_size));
	a = json_array();
	for (i = 0; pts->in && i < pts->in->nfiles; i++)
		json_array_append_new(a, json_string(pts->in->file_names[i]));
	json_object_set_new(o, "inputs", a);
	return o;
}
