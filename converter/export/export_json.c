/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * export_json.c -- the points as JSON (fio2orion -format json): every
 * figure ORION's files round or leave out, in fixed units (ns, bytes,
 * seconds), keyed by name rather than by column; each point's steady
 * state, the answers under a latency bound and each ladder's knee, and
 * each host's own points for client/server results.
 */
#include "export_json.h"

#include <errno.h>
#include <jansson.h>
#include <math.h>

#include "curve.h"
#include "export_run.h"
#include "knee.h"
#include "ptsrc.h"

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
			    json_string(l->nbins		   ? (l->bins_from_clat ? "clat bins" : "lat bins")
						: l->pct_from_clat ? "clat"
								   : "lat"));
	return o;
}

/* [lo, hi], or null when the figure has no interval. */
static json_t *range_json(const struct iv_fig *f, bool known, double scale)
{
	json_t *a;

	if (!known || !isfinite(f->lo) || !isfinite(f->hi))
		return json_null();
	a = json_array();
	json_array_append_new(a, json_real(f->lo * scale));
	json_array_append_new(a, json_real(f->hi * scale));
	return a;
}

/* The class's 95 % intervals (interval.h): which, and of what. */
static json_t *interval_json(const struct pt_class *c)
{
	json_t *o = json_object();
	bool known = c->iv != IV_NONE;

	json_object_set_new(o, "kind", json_string(iv_kind_name(c->iv)));
	json_object_set_new(o, "iops", range_json(&c->iops_iv, known, 1));
	json_object_set_new(o, "mbps", range_json(&c->mbps_iv, known, 1));
	json_object_set_new(o, "lat_mean_ns", range_json(&c->lat_iv, known && c->lat_iv.lo != c->lat_iv.hi, 1));
	json_object_set_new(o, "samples", json_integer((json_int_t)c->samples));
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
	json_object_set_new(o, "interval", interval_json(c));
	return o;
}

static json_t *points_json(const struct pt_set *pts)
{
	json_t *arr = json_array();
	size_t i;

	for (i = 0; i < pts->n; i++) {
		const struct pt_point *pt = &pts->pts[i];
		json_t *o = json_object();

		json_object_set_new(o, "point", json_integer(pt->number));
		json_object_set_new(o, "small_load", json_integer(pt->s));
		json_object_set_new(o, "large_load", json_integer(pt->l));
		json_object_set_new(o, "passes", json_integer(pt->passes ? pt->passes : 1));
		json_object_set_new(o, "sources", ps_json(pts, pt));
		if (pt->small.present)
			json_object_set_new(o, "small", class_json(&pt->small));
		if (pt->large.present)
			json_object_set_new(o, "large", class_json(&pt->large));
		if (pt->ss.present) {
			json_t *ss = json_object();

			json_object_set_new(ss, "attained", json_boolean(pt->ss.attained));
			json_object_set_new(ss, "criterion", json_string(pt->ss.setting));
			json_object_set_new(ss, "window_s", json_integer(pt->ss.window_s));
			json_object_set_new(ss, "seconds", json_real(pt->ss.secs));
			json_object_set_new(ss, "jobs", json_integer(pt->ss.njobs));
			json_object_set_new(ss, "jobs_attained", json_integer(pt->ss.nattained));
			json_object_set_new(o, "steady_state", ss);
		}
		json_array_append_new(arr, o);
	}
	return arr;
}

/* The most small IOPS (@small) or large MBPS within @b, as the summary's answer line: null when none. */
static json_t *answer_json(const struct pt_set *pts, const struct kn_bound *b, bool small)
{
	const struct pt_point *pt = small ? kn_max_iops_under(pts, b) : kn_max_mbps_under(pts, b);
	const struct pt_class *c;
	json_t *o;

	if (!pt)
		return json_null();
	c = small ? &pt->small : &pt->large;
	o = json_object();
	json_object_set_new(o, small ? "iops" : "mbps", json_real(small ? c->iops : c->mbps));
	json_object_set_new(o, "lat_ms", json_real(kn_lat_ms(c, b)));
	if (b->ms2 > 0)
		json_object_set_new(o, "lat2_ms", json_real(kn_lat2_ms(c, b)));
	json_object_set_new(o, "small_load", json_integer(pt->s));
	json_object_set_new(o, "large_load", json_integer(pt->l));
	json_object_set_new(o, "point", json_integer(pt->number));
	return o;
}

json_t *xr_drift_json(const struct pt_drift *d)
{
	json_t *o, *a;
	size_t i;

	if (!d->present)
		return json_null();
	o = json_object();
	a = json_array();
	json_object_set_new(o, "from", json_string(d->ref ? "reference" : d->parts ? "parts"
										   : "passes"));
	json_object_set_new(o, "change", json_real(d->change));
	json_object_set_new(o, "lowest", json_real(d->lo));
	json_object_set_new(o, "highest", json_real(d->hi));
	json_object_set_new(o, "sd", json_real(d->sd));
	json_object_set_new(o, "df", json_integer(d->df));
	json_object_set_new(o, "points", json_integer((json_int_t)d->npoints));
	if (d->ref) {
		json_object_set_new(o, "small_load", json_integer(d->ref_s));
		json_object_set_new(o, "large_load", json_integer(d->ref_l));
	}
	for (i = 0; i < d->n; i++) {
		json_t *e = json_object();

		json_object_set_new(e, "round", json_integer(d->at[i].round));
		json_object_set_new(e, "t_s", json_real(d->at[i].t_s));
		json_object_set_new(e, "factor", json_real(d->at[i].factor));
		json_object_set_new(e, "points", json_integer((json_int_t)d->at[i].npoints));
		json_array_append_new(a, e);
	}
	json_object_set_new(o, "rounds", a);
	return o;
}

/* The step in the run's rate (limit.h's struct lm_step) as one of "limits". */
static json_t *step_json(const struct lm_step *st)
{
	json_t *o = json_object();
	char line[LM_LINE_MAX];

	json_object_set_new(o, "ladder", json_string(st->mbps ? "large" : "small"));
	json_object_set_new(o, "kind", json_string("step"));
	json_object_set_new(o, "unit", json_string(st->mbps ? "mbps" : "iops"));
	json_object_set_new(o, "from", json_real(st->from));
	json_object_set_new(o, "to", json_real(st->to));
	json_object_set_new(o, "factor", json_real(st->factor));
	json_object_set_new(o, "t_s", json_pack("[f,f]", st->t_lo, st->t_hi));
	json_object_set_new(o, "points", json_integer((json_int_t)st->npoints));
	json_object_set_new(o, "points_agree", json_integer((json_int_t)st->nagree));
	json_object_set_new(o, "measurements_before", json_integer((json_int_t)st->nbefore));
	json_object_set_new(o, "measurements_after", json_integer((json_int_t)st->nafter));
	json_object_set_new(o, "before", json_string(st->before));
	json_object_set_new(o, "rounds_before", json_pack("[i,i]", (int)st->round_lo, (int)st->round_hi));
	lm_step_line(st, line, sizeof(line));
	json_object_set_new(o, "line", json_string(line));
	return o;
}

/* The plateau's loads short of (over) the limit: {"loads": [...], "count", "lowest", "highest"}, null when none. */
static json_t *off_json(const struct lm_off *o)
{
	json_t *a;
	size_t k;

	if (!o->n)
		return json_null();
	a = json_array();
	for (k = 0; k < o->n && k < LM_SHORT_LIST; k++)
		json_array_append_new(a, json_integer(o->loads[k]));
	return json_pack("{s:o,s:i,s:f,s:f}", "loads", a, "count", (int)o->n, "lowest", o->min, "highest", o->max);
}

/* A cap's mixed cells (lmshared.c): {"together", cells, lowest, highest, within, folded}, null when not said. */
static json_t *shared_json(const struct lm_shared *h)
{
	if (!h->verdict)
		return json_null();
	return json_pack("{s:b,s:i,s:f,s:f,s:i,s:i}", "together", h->verdict > 0, "cells", (int)h->n, "lowest", h->min,
			 "highest", h->max, "within", (int)(h->n - h->nover - h->nshort), "folded", (int)h->folded);
}

/* One ladder's limit (limit.h's struct lm_limit) as one of "limits". */
static json_t *limit_json(const struct lm_limit *l)
{
	json_t *o = json_object(), *e = json_object();
	char line[LM_LINE_MAX];

	json_object_set_new(o, "ladder", json_string(l->small ? "small" : "large"));
	json_object_set_new(o, "fixed", json_integer(l->fixed));
	json_object_set_new(o, "kind", json_string(lm_kind_name(l->kind)));
	json_object_set_new(o, "unit", json_string(l->small ? "iops" : "mbps"));
	json_object_set_new(o, "value", json_real(l->value));
	json_object_set_new(o, "interval", json_pack("[f,f]", l->lo, l->hi));
	json_object_set_new(o, "from_load", json_integer(l->from));
	json_object_set_new(o, "to_load", json_integer(l->to));
	json_object_set_new(o, "loads", json_integer((json_int_t)l->nloads));
	/* The evidence, as the summary's line words it. */
	json_object_set_new(e, "lowest", json_real(l->min));
	json_object_set_new(e, "highest", json_real(l->max));
	json_object_set_new(e, "spread", json_real(l->spread));
	json_object_set_new(e, "short", off_json(&l->shorts));
	json_object_set_new(e, "over", off_json(&l->overs));
	json_object_set_new(e, "little", json_real(l->little));
	json_object_set_new(e, "little_load", json_integer(l->little_at));
	json_object_set_new(e, "little_edge", json_real(l->little_edge));
	json_object_set_new(e, "p50_ms", l->p50_ms >= 0 ? json_real(l->p50_ms) : json_null());
	json_object_set_new(e, "expect_ms", json_real(l->expect_ms));
	json_object_set_new(e, "drift",
			    l->drift ? json_pack("{s:f,s:f,s:f}", "lowest", l->drift_lo, "highest", l->drift_hi, "sd", l->drift_sd)
				     : json_null());
	json_object_set_new(e, "shared", shared_json(&l->shared));
	json_object_set_new(o, "evidence", e);
	lm_line(l, line, sizeof(line));
	json_object_set_new(o, "line", json_string(line));
	return o;
}

json_t *xr_limits_json(const struct pt_set *pts)
{
	json_t *a = json_array();
	struct lm_found f;
	size_t i;

	if (lm_find(pts, &f))
		return a;
	if (f.step.present)
		json_array_append_new(a, step_json(&f.step));
	for (i = 0; i < f.n; i++)
		json_array_append_new(a, limit_json(&f.limits[i]));
	lm_found_release(&f);
	return a;
}

int or_points_json(FILE *f, const struct or_params *p, const struct pt_set *pts)
{
	json_t *doc = json_object();
	size_t i;
	int ret;

	json_object_set_new(doc, "schema_version", json_integer(XR_SCHEMA_VERSION));
	json_object_set_new(doc, "testname", json_string(p->run->testname));
	json_object_set_new(doc, "total_points", json_integer((json_int_t)p->run->total_points));
	json_object_set_new(doc, "run", xr_run_json(p, pts));
	json_object_set_new(doc, "backend", p->backend ? json_string(p->backend) : json_null());
	json_object_set_new(doc, "points", points_json(pts));
	json_object_set_new(doc, "drift", xr_drift_json(&pts->drift));
	json_object_set_new(doc, "limits", xr_limits_json(pts));
	/* The answers under a latency bound, and each ladder's knee (trace and run.json's). */
	if (p->bound.set) {
		json_t *b = json_object();

		json_object_set_new(b, "bound", json_string(p->bound.text));
		json_object_set_new(b, "ms", json_real(p->bound.ms));
		json_object_set_new(b, "percentile", p->bound.pct > 0 ? json_real(p->bound.pct) : json_null());
		/* A second bound (MS,pNN:MS): the other statistic; null when none. */
		json_object_set_new(b, "ms2", p->bound.ms2 > 0 ? json_real(p->bound.ms2) : json_null());
		json_object_set_new(b, "percentile2", p->bound.ms2 > 0 && p->bound.pct2 > 0 ? json_real(p->bound.pct2) : json_null());
		json_object_set_new(b, "max_small_iops", answer_json(pts, &p->bound, true));
		json_object_set_new(b, "max_large_mbps", answer_json(pts, &p->bound, false));
		json_object_set_new(doc, "max_latency", b);
	}
	if (p->nknees) {
		json_t *a = json_array();

		for (i = 0; i < p->nknees; i++) {
			const struct kn_knee *k = &p->knees[i];
			json_t *o = json_object();

			json_object_set_new(o, "ladder", json_string(k->small ? "small" : "large"));
			json_object_set_new(o, "fixed", json_integer(k->fixed));
			json_object_set_new(o, "load", json_integer(k->load));
			json_object_set_new(o, "why", json_string(kn_why_name(k->why)));
			json_object_set_new(o, "next_load", json_integer(k->next_load));
			json_array_append_new(a, o);
		}
		json_object_set_new(doc, "knees", a);
	}
	/* Client/server results: each host's own points, built as the totals are. */
	if (p->run->nhosts) {
		json_t *a = json_array();

		for (i = 0; i < p->run->nhosts; i++) {
			const struct ri_host *h = &p->run->hosts[i];
			json_t *o = json_object();

			json_object_set_new(o, "name", json_string(h->name));
			json_object_set_new(o, "luns", xr_luns_json(h->luns, h->nluns));
			/* As the host's engine described itself (run.json): null where not recorded. */
			json_object_set_new(o, "fio_version", h->fio_version ? json_string(h->fio_version) : json_null());
			json_object_set_new(o, "engine_version", h->engine_version ? json_string(h->engine_version) : json_null());
			json_object_set_new(o, "backend", h->backend ? json_string(h->backend) : json_null());
			json_object_set_new(o, "kernel", h->kernel ? json_string(h->kernel) : json_null());
			json_object_set_new(o, "points", points_json(&p->host_pts[i]));
			json_array_append_new(a, o);
		}
		json_object_set_new(doc, "hosts", a);
	}
	if (p->curve && p->curve->n)
		json_object_set_new(doc, "curve", cv_json(p->curve));
	ret = json_dumpf(doc, f, JSON_INDENT(2) | JSON_REAL_PRECISION(12));
	fputc('\n', f);
	json_decref(doc);
	return ret ? -EIO : 0;
}
