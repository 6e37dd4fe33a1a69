/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * export_json.c -- the points as JSON (fio2orion -format json): every
 * figure ORION's files round or leave out, in fixed units (ns, bytes,
 * seconds), keyed by name rather than by column.
 */
#include "export_json.h"

#include <errno.h>
#include <jansson.h>

static json_t *lat_json(const struct fj_lat *l)
{
	json_t *o = json_object(), *pct = json_object();
	unsigned int k;

	json_object_set_new(o, "n", json_integer((json_int_t)l->n));
	json_object_set_new(o, "mean_ns", json_real(l->mean));
	json_object_set_new(o, "min_ns", json_real(l->min));
	json_object_set_new(o, "max_ns", json_real(l->max));
	json_object_set_new(o, "stddev_ns", json_real(l->stddev));
	for (k = 0; k < l->npct; k++) {
		char key[32];

		snprintf(key, sizeof(key), "%f", l->pct[k]);
		json_object_set_new(pct, key, json_real(l->pct_ns[k]));
	}
	json_object_set_new(o, "percentiles_ns", pct);
	/* Which latency the percentiles are of, and whence: fio gives clat's. */
	json_object_set_new(o, "percentiles_from",
			    json_string(l->nbins ? (l->bins_from_clat ? "clat bins" : "lat bins")
						 : l->pct_from_clat ? "clat" : "lat"));
	return o;
}

static json_t *class_json(const struct pt_class *c)
{
	json_t *o = json_object();

	json_object_set_new(o, "load", json_integer(c->load));
	json_object_set_new(o, "iops", json_real(c->iops));
	json_object_set_new(o, "mbps", json_real(c->mbps));
	json_object_set_new(o, "seconds", json_real(c->secs));
	json_object_set_new(o, "block_size", json_integer((json_int_t)c->avg_bs));
	json_object_set_new(o, "ios_read", json_integer((json_int_t)c->ios[0]));
	json_object_set_new(o, "ios_write", json_integer((json_int_t)c->ios[1]));
	json_object_set_new(o, "lat_read", lat_json(&c->lat[PT_READ]));
	json_object_set_new(o, "lat_write", lat_json(&c->lat[PT_WRITE]));
	json_object_set_new(o, "lat", lat_json(&c->lat[PT_ALL]));
	return o;
}

int or_points_json(FILE *f, const struct or_params *p, const struct pt_set *pts)
{
	json_t *doc = json_object(), *arr = json_array();
	size_t i;
	int ret;

	json_object_set_new(doc, "testname", json_string(p->testname));
	json_object_set_new(doc, "total_points", json_integer((json_int_t)p->total_points));
	for (i = 0; i < pts->n; i++) {
		const struct pt_point *pt = &pts->pts[i];
		json_t *o = json_object();

		json_object_set_new(o, "point", json_integer(pt->number));
		json_object_set_new(o, "small_load", json_integer(pt->s));
		json_object_set_new(o, "large_load", json_integer(pt->l));
		if (pt->small.present)
			json_object_set_new(o, "small", class_json(&pt->small));
		if (pt->large.present)
			json_object_set_new(o, "large", class_json(&pt->large));
		json_array_append_new(arr, o);
	}
	json_object_set_new(doc, "points", arr);
	ret = json_dumpf(doc, f, JSON_INDENT(2) | JSON_REAL_PRECISION(12));
	fputc('\n', f);
	json_decref(doc);
	return ret ? -EIO : 0;
}
