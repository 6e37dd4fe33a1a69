/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * points.c -- group fio jobs into ORION points and combine their
 * metrics. Combining latency over jobs keeps what can be kept exactly
 * (count, mean, min, max, variance, histogram bins); percentiles are
 * recomputed from merged bins when json+ gave them, else they are the
 * I/O-weighted mean of the jobs' percentiles (an approximation, the only
 * one here).
 */
#include "jobcheck.h"
#include "points.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "interval.h"
#include "par.h"
#include "jobname.h"
#include "pt_priv.h"
#include "ptgroup.h"
#include "ptmap.h"
#include "ptkind.h"
#include "ptsrc.h"
#include "sumhosts.h"

/* Groups worth a second thread (add_points()). */
#define PT_PAR_MIN 64

void pt_opts_init(struct pt_opts *o)
{
	memset(o, 0, sizeof(*o)); /* every option off unless set below */
	o->small_max = PT_SMALL_MAX_KIB * 1024;
	o->large_min = PT_LARGE_MIN_KIB * 1024;
	o->merge = PT_MERGE_NONE;
}

static uint64_t job_ios(const struct fj_job *j)
{
	return j->dir[0].ios + j->dir[1].ios;
}

static bool job_rand(const struct fj_job *j)
{
	return !j->rw || strstr(j->rw, "rand") || !strcmp(j->rw, "randrw");
}
#define SEQ_STREAMS(j, large) ((large) && !job_rand(j) && (j)->iodepth) /* load: streams (clones) */

/* Requested write percentage of a job, -1 when unknown. */
static double job_req_write(const struct fj_job *j)
{
	if (!j->rw)
		return -1;
	if (!strcmp(j->rw, "write") || !strcmp(j->rw, "randwrite") ||
	    !strcmp(j->rw, "trimwrite"))
		return 100;
	if (!strcmp(j->rw, "read") || !strcmp(j->rw, "randread"))
		return 0;
	return j->rwmixwrite >= 0 ? j->rwmixwrite : 50;
}

/* The load the job's options asked for, when fio held @load. */
static unsigned int asked_of(const struct fj_job *j, unsigned int load)
{
	if (!j->depth_why)
		return load;
	return (unsigned int)(j->iodepth_asked * (load / (j->iodepth ? j->iodepth : 1)));
}

static bool same_host(const struct fj_job *a, const struct fj_job *b)
{
	return (!a->host && !b->host) || (a->host && b->host && !strcmp(a->host, b->host));
}

static int class_add(struct pt_class *c, const struct fj_job *j,
		     unsigned int load, bool *bins_ok, bool large)
{
	int d, ret, streams = SEQ_STREAMS(j, large);

	c->present = true;
	c->load += streams ? load / j->iodepth : load;
	c->asked_load += streams ? load / j->iodepth : asked_of(j, load);
	c->stream_depth = streams ? j->iodepth : c->stream_depth;
	if (j->depth_why)
		c->depth_why = j->depth_why;
	c->njobs++;
	for (d = 0; d < 2; d++) {
		const struct fj_dir *x = &j->dir[d];
		double secs = (double)x->runtime_ms / 1000.0;

		c->ios[d] += x->ios;
		c->bytes[d] += x->bytes;
		if (x->iops_fio > 0)
			c->iops += x->iops_fio;
		else if (secs > 0)
			c->iops += (double)x->ios / secs;
		if (secs > 0) {
			c->mbps += (double)x->bytes / 1048576.0 / secs;
		}
		if (secs > c->secs)
			c->secs = secs;
		ret = ptl_add(&c->lat[d], &x->lat, &bins_ok[d]);
		if (!ret)
			ret = ptl_add(&c->lat[PT_ALL], &x->lat, &bins_ok[PT_ALL]);
		if (ret)
			return ret;
	}
	if (!job_rand(j))
		c->rand = false;
	/*
	 * The requested write share of the class: each job's, weighted by
	 * the I/Os it holds (-type seq -write 50: half the streams write).
	 */
	if (job_req_write(j) >= 0) {
		c->req_w_sum += job_req_write(j) * load;
		c->req_w_load += load;
	}
	return 0;
}

/* Job @j's interval samples, for an entry standing for @clones clones. */
static void class_samples(struct pt_class *c, const struct fj_job *j, unsigned int clones)
{
	int d;

	for (d = 0; d < 2; d++) {
		const struct fj_dir *x = &j->dir[d];

		if (!x->ios)
			continue;
		iv_sum_add(&c->iv_iops, x->iops_mean, x->iops_sd, x->iops_samples, clones);
		iv_sum_add(&c->iv_bw, x->bw_mean, x->bw_sd, x->bw_samples, clones);
	}
	c->rated |= j->rated;
}

/* The class's intervals within the point (interval.h). */
static void class_intervals(struct pt_class *c)
{
	double ri = -1, rb = -1;

	if (iv_sum_rel(&c->iv_iops, &ri) && iv_sum_rel(&c->iv_bw, &rb)) {
		c->iv = IV_WITHIN;
		c->samples = c->iv_iops.samples;
	} else {
		ri = rb = -1;
	}
	iv_fig_set(&c->iops_iv, c->iops, ri);
	iv_fig_set(&c->mbps_iv, c->mbps, rb);
	/* Little's law: at a fixed load, latency = load / IOPS. */
	iv_fig_set(&c->lat_iv, c->lat[PT_ALL].mean, c->rated ? -1 : ri);
	if (ri >= 0 && !c->rated) {
		c->lat_iv.lo = c->lat[PT_ALL].mean / (1 + ri);
		c->lat_iv.hi = ri < 1 ? c->lat[PT_ALL].mean / (1 - ri) : INFINITY;
	}
}

static void class_finish(struct pt_class *c, const bool *bins_ok)
{
	uint64_t ios = c->ios[0] + c->ios[1];
	int k;

	for (k = 0; k < 3; k++) /* all directions: of one direction's bins, that one's percentiles */
		ptl_finish(&c->lat[k], bins_ok[k],
			   k != PT_ALL						 ? NULL
				   : c->lat[PT_READ].hist == c->lat[PT_ALL].hist ? &c->lat[PT_READ]
										 : &c->lat[PT_WRITE]);
	if (c->req_w_load)
		c->req_write = c->req_w_sum / c->req_w_load;
	c->avg_bs = ios ? (c->bytes[0] + c->bytes[1]) / ios : c->avg_bs;
	class_intervals(c);
}

/* Entries with the same name in a group: fewer than numjobs = group_reporting. */
static unsigned int clones_of(const struct fj_set *in, const struct grp *g,
			      size_t idx)
{
	const struct fj_job *j = &in->jobs[g->jobs[idx]];
	unsigned int same = 0;
	size_t k;

	if (j->numjobs <= 1)
		return 1;
	for (k = 0; k < g->njobs; k++) {
		const struct fj_job *o = &in->jobs[g->jobs[k]];

		if (!strcmp(o->name, j->name) && o->file == j->file && same_host(o, j))
			same++;
	}
	return same >= j->numjobs ? 1 : (unsigned int)j->numjobs;
}

/*
 * ORION's trace has one Index line per outstanding-I/O slot. fiorion's
 * runner records each I/O unit's count and latency ("fiorion_slots");
 * stock fio keeps per-slot numbers only when each job entry is one slot
 * (iodepth 1, no group_reporting), and then each entry is an Index line.
 */
static int add_slots(struct pt_class *c, const struct fj_set *in,
		     const struct grp *g, const char *kinds,
		     const unsigned int *loads, char kind)
{
	size_t k, n = 0, total = 0;

	if (!c->njobs)
		return 0;
	for (k = 0; k < g->njobs; k++) {
		const struct fj_job *j = &in->jobs[g->jobs[k]];

		if (kinds[k] != kind)
			continue;
		if (!j->nslots || j->clones != 1) {
			total = 0;
			break;
		}
		total += j->nslots;
	}
	if (total) {
		c->slots = calloc(total, sizeof(*c->slots));
		if (!c->slots)
			return -ENOMEM;
		for (k = 0; k < g->njobs; k++) {
			const struct fj_job *j = &in->jobs[g->jobs[k]];
			size_t s;

			if (kinds[k] != kind)
				continue;
			for (s = 0; s < j->nslots; s++, n++) {
				c->slots[n].count = j->slot_ios[s];
				c->slots[n].lat_ms = j->slot_lat_ns[s] / 1e6;
			}
		}
		c->nslots = n;
		return 0;
	}
	for (k = 0; k < g->njobs; k++)
		if (kinds[k] == kind && loads[k] != 1)
			return 0;
	c->slots = calloc(c->njobs, sizeof(*c->slots));
	if (!c->slots)
		return -ENOMEM;
	for (k = 0; k < g->njobs; k++) {
		const struct fj_job *j = &in->jobs[g->jobs[k]];
		uint64_t ios = job_ios(j);
		double sum = 0;
		int d;

		if (kinds[k] != kind)
			continue;
		for (d = 0; d < 2; d++)
			sum += j->dir[d].lat.mean * (double)j->dir[d].ios;
		c->slots[n].count = ios;
		c->slots[n].lat_ms = ios ? sum / (double)ios / 1e6 : 0;
		n++;
	}
	c->nslots = n;
	return 0;
}

/* Hosts among the jobs of @g (0 when none names one: a local run). */
static unsigned int hosts_of(const struct fj_set *in, const struct grp *g)
{
	unsigned int n = 0;
	size_t k, m;

	for (k = 0; k < g->njobs; k++) {
		const struct fj_job *j = &in->jobs[g->jobs[k]];

		if (!j->host)
			continue;
		for (m = 0; m < k && !same_host(&in->jobs[g->jobs[m]], j); m++)
			;
		n += m == k;
	}
	return n;
}

/*
 * A client/server group mapped by inference: loads are per host. When
 * every host of the group holds the same load of class @kind, that load
 * is the class's; else the sum over the hosts stands and *@uneven is set.
 */
static void per_host_load(struct pt_class *c, const struct fj_set *in,
			  const struct grp *g, const char *kinds,
			  const unsigned int *loads, char kind, bool *uneven)
{
	unsigned int first = 0, first_asked = 0;
	bool have = false;
	size_t k, m;

	if (!c->present)
		return;
	for (k = 0; k < g->njobs; k++) {
		const struct fj_job *j = &in->jobs[g->jobs[k]];
		unsigned int load = 0, asked = 0;

		/* Each host once, at its first job in the group. */
		for (m = 0; m < k && !same_host(&in->jobs[g->jobs[m]], j); m++)
			;
		if (m < k)
			continue;
		for (m = k; m < g->njobs; m++) {
			const struct fj_job *o = &in->jobs[g->jobs[m]];

			if (kinds[m] == kind && same_host(o, j)) {
				load += SEQ_STREAMS(o, kind == 'l') ? loads[m] / o->iodepth : loads[m];
				asked += SEQ_STREAMS(o, kind == 'l') ? loads[m] / o->iodepth : asked_of(o, loads[m]);
			}
		}
		if (!have) {
			first = load;
			first_asked = asked;
			have = true;
		} else if (load != first || asked != first_asked) {
			*uneven = true;
			return;
		}
	}
	c->load = first;
	c->asked_load = first_asked;
}

static int make_point(struct pt_point *p, const struct fj_set *in,
		      const struct grp *g, const char *all_kinds, bool exact,
		      struct fr_err *err)
{
	bool bins_small[3] = { true, true, true }, bins_large[3] = { true, true, true };
	unsigned int *loads;
	char *kinds;
	size_t k;
	int ret = 0;

	memset(p, 0, sizeof(*p));
	p->small.req_write = p->large.req_write = -1;
	p->small.rand = p->large.rand = true;
	kinds = calloc(g->njobs + 1, 1);
	loads = calloc(g->njobs + 1, sizeof(*loads));
	if (!kinds || !loads) {
		free(kinds);
		free(loads);
		return fr_errf(err, -ENOMEM, "out of memory");
	}
	for (k = 0; k < g->njobs && !ret; k++) {
		const struct fj_job *j = &in->jobs[g->jobs[k]];
		unsigned int load, clones;
		char kind;

		kind = all_kinds[g->jobs[k]];
		if (kind == PK_WARM || kind == PK_OUT)
			continue;
		kinds[k] = kind;
		ptss_add(&p->ss, j);
		clones = clones_of(in, g, k);
		load = (unsigned int)(j->iodepth * clones);
		loads[k] = load;
		class_samples(kind == 's' ? &p->small : &p->large, j, clones);
		ret = kind == 's' ? class_add(&p->small, j, load, bins_small, false)
				  : class_add(&p->large, j, load, bins_large, true);
		if (ret)
			fr_errf(err, ret, "out of memory");
	}
	p->nhosts = hosts_of(in, g);
	if (!ret && !exact && p->nhosts > 1) {
		per_host_load(&p->small, in, g, kinds, loads, 's', &p->uneven_hosts);
		per_host_load(&p->large, in, g, kinds, loads, 'l', &p->uneven_hosts);
	}
	if (!ret)
		ret = add_slots(&p->small, in, g, kinds, loads, 's');
	if (!ret)
		ret = add_slots(&p->large, in, g, kinds, loads, 'l');
	if (ret == -ENOMEM)
		fr_errf(err, ret, "out of memory");
	if (!ret && ps_collect(p, g->jobs, g->njobs, kinds))
		ret = fr_errf(err, -ENOMEM, "out of memory");
	free(kinds);
	free(loads);
	if (ret) {
		pt_point_release(p);
		return ret;
	}
	class_finish(&p->small, bins_small);
	class_finish(&p->large, bins_large);
	ptss_finish(&p->ss);
	p->group = g->key_gid;
	if (exact) {
		p->number = g->number;
		p->s = g->s;
		p->l = g->l;
		/* The name is the truth; jobs may be absent for a class. */
		p->small.load = g->s;
		p->large.load = g->l;
		p->small.present = p->small.present && g->s;
		p->large.present = p->large.present && g->l;
	} else {
		p->s = p->small.present ? p->small.load : 0;
		p->l = p->large.present ? p->large.load : 0;
	}
	return 0;
}

static int cmp_load(const void *a, const void *b, void *ctx)
{
	const struct pt_set *set = ctx;
	const struct pt_point *x = &set->pts[*(const size_t *)a];
	const struct pt_point *y = &set->pts[*(const size_t *)b];

	if (x->s != y->s)
		return x->s < y->s ? -1 : 1;
	return x->l < y->l ? -1 : x->l > y->l;
}

static int index_points(struct pt_set *set, struct fr_err *err)
{
	size_t i;

	set->by_load = malloc(set->n * sizeof(*set->by_load));
	if (!set->by_load)
		return fr_errf(err, -ENOMEM, "out of memory");
	for (i = 0; i < set->n; i++)
		set->by_load[i] = i;
	qsort_r(set->by_load, set->n, sizeof(*set->by_load), cmp_load, set);
	return 0;
}

/*
 * Point @p of group @i of @g into @out: a new point, or under -merge the
 * one with its loads (last, or the mean); two with the same loads and no
 * -merge are an error. @p is @out's or released either way.
 */
static int add_point(struct pt_set *out, const struct fj_set *in, const struct grp *g,
		     size_t i, struct pt_point p, const struct pt_opts *o, bool exact,
		     struct pm_loads *loads, struct fr_err *err)
{
	/* One host's points go by group, not load (two of its groups may share an (S, L)
	 * that the totals do not); a point's own passes are not dups. */
	size_t k = o->host ? SIZE_MAX : pm_loads_dup(loads, out->pts, &p, exact);
	struct pt_point *dup = k == SIZE_MAX ? NULL : &out->pts[k];
	int ret;

	if (dup && o->merge == PT_MERGE_NONE) {
		const struct grp *a = !exact && dup->number ? &g[dup->number - 1] : NULL;
		const struct fj_job *ja = a ? &in->jobs[a->first] : NULL;
		const struct fj_job *jb = &in->jobs[g[i].first];

		if (ja && a->key_file != g[i].key_file && !strcmp(ja->name, jb->name) &&
		    ja->file < in->nfiles && jb->file < in->nfiles)
			ret = fr_errf(err, -EINVAL,
				      "points %u and %u both have small=%u large=%u: the same jobs ('%s') from %s and %s; if those ran at the same time (one file per host), give -sum to add them up; else -merge last or -merge mean",
				      dup->number, p.number, p.s, p.l, jb->name,
				      in->file_names[ja->file], in->file_names[jb->file]);
		else
			ret = fr_errf(err, -EINVAL,
				      "points %u and %u both have small=%u large=%u; use -merge last or -merge mean",
				      dup->number, p.number, p.s, p.l);
		pt_point_release(&p);
		return ret;
	}
	if (dup && o->merge == PT_MERGE_LAST) {
		unsigned int num = dup->number;

		pt_point_release(dup);
		*dup = p;
		dup->number = num;
		return 0;
	}
	if (dup) {
		pt_class_mean(&dup->small, &p.small, dup->merged + 1);
		pt_class_mean(&dup->large, &p.large, dup->merged + 1);
		dup->merged++;
		dup->uneven_hosts |= p.uneven_hosts;
		ptss_fold(&dup->ss, &p.ss);
		ret = ps_join(dup, &p);
		pt_point_release(&p);
		return ret ? fr_errf(err, ret, "out of memory") : 0;
	}
	out->pts[out->n] = p;
	return pm_loads_add(loads, p.s, p.l, out->n++) ? fr_errf(err, -ENOMEM, "out of memory") : 0;
}

/* Groups [lo, hi) made into points at their own index of m->out->pts (add_points()). */
struct mk {
	struct pt_set *out;
	const struct fj_set *in;
	const struct grp *g;
	const char *kinds;
	bool exact;
	int *ret; /* each group's make_point(): 0, an error, or 1 when not made */
	struct {
		size_t at; /* the group that failed (SIZE_MAX: none) */
		struct fr_err err;
	} fail[2]; /* of the lower and the upper half */
};

static void make_range(void *ctx, size_t lo, size_t hi)
{
	struct mk *m = ctx;
	size_t i, h = lo > 0;

	for (i = lo; i < hi; i++) {
		m->ret[i] = make_point(&m->out->pts[i], m->in, &m->g[i], m->kinds, m->exact, &m->fail[h].err);
		if (m->ret[i]) {
			m->fail[h].at = i;
			return; /* the rest of the half stays unmade */
		}
	}
}

/*
 * The points of the @ng groups @g into @out, in group order. Groups share
 * no job, so the points are made two halves at once (par.h) into the
 * slots of out->pts, which add_point() then fills from the front: it
 * writes slot out->n <= i only, after point i is taken from slot i.
 */
static int add_points(struct pt_set *out, const struct fj_set *in, const struct grp *g,
		      size_t ng, const char *kinds, bool exact, struct pm_loads *loads,
		      struct fr_err *err)
{
	struct mk m = { out, in, g, kinds, exact, calloc(ng + 1, sizeof(int)), { { 0 } } };
	size_t i, j;
	int ret = 0;

	if (!m.ret)
		return fr_errf(err, -ENOMEM, "out of memory");
	m.fail[0].at = m.fail[1].at = SIZE_MAX;
	for (i = 0; i < ng; i++)
		m.ret[i] = 1;
	/* Under -merge a point may fold into an earlier one at once: made one at a time, as it goes. */
	par_halves(ng, ng >= PT_PAR_MIN && out->opts.merge == PT_MERGE_NONE ? par_cpus(2) : 1, make_range,
		   &m);
	for (i = 0; i < ng && !ret; i++) {
		struct pt_point p = out->pts[i];

		memset(&out->pts[i], 0, sizeof(p));
		if (m.ret[i]) {
			ret = m.ret[i] < 0 ? m.ret[i] : -EINVAL;
			*err = m.fail[m.fail[0].at == i ? 0 : 1].err;
			break;
		}
		if (!exact)
			p.number = (unsigned int)i + 1;
		else {
			p.pass = g[i].key_file + 1;
			p.part = g[i].part;
			p.ref = g[i].ref;
		}
		if (!p.small.present && !p.large.present && (p.s || p.l || !exact)) {
			/* Only warm-up jobs, nothing measured, or every job left out by -size_*. */
			pt_point_release(&p);
			continue;
		}
		ret = add_point(out, in, g, i, p, &out->opts, exact, loads, err);
	}
	/* After an error: the points made past it. */
	for (j = i; ret && j < ng; j++)
		if (!m.ret[j]) {
			pt_point_release(&out->pts[j]);
			memset(&out->pts[j], 0, sizeof(out->pts[j]));
		}
	free(m.ret);
	return ret;
}

int pt_build(struct pt_set *out, const struct fj_set *in,
	     const struct pt_opts *o, struct fr_err *err)
{
	struct pm_loads loads = { 0 };
	struct grp *g = NULL;
	char *kinds = NULL;
	size_t ng = 0, i;
	bool exact = false;
	int ret = 0;

	memset(out, 0, sizeof(*out));
	out->opts = *o;
	out->in = in;
	for (i = 0; i < in->njobs; i++) {
		struct jn_name jn;

		if (!ptg_of_host(&in->jobs[i], o))
			continue;
		if (jn_parse(in->jobs[i].name, &jn))
			exact = true;
	}
	ret = ptg_group(out, in, o, exact, &g, &ng, err);
	if (ret)
		goto out;
	for (i = 0; i < ng && !ret; i++)
		ret = sh_order_by_host(in, g[i].jobs, g[i].njobs);
	if (ret) {
		fr_errf(err, ret, "out of memory");
		goto out;
	}
	kinds = pk_kinds(in, o, exact, &out->nsized, err);
	if (!kinds) {
		ret = -EINVAL;
		goto out;
	}
	out->pts = calloc(ng + 1, sizeof(*out->pts));
	if (!out->pts) {
		ret = fr_errf(err, -ENOMEM, "out of memory");
		goto out;
	}
	out->exact = exact;
	ret = add_points(out, in, g, ng, kinds, exact, &loads, err);
	if (ret)
		goto out;
	ret = pt_fold_passes(out, err);
	if (ret)
		goto out;
	for (i = 0; i < out->n; i++)
		out->nuneven += out->pts[i].uneven_hosts;
	if (!out->n && o->host)
		ret = fr_errf(err, -ENOENT, "no measured jobs of host %s in the input", o->host);
	else if (!out->n)
		ret = fr_errf(err, -EINVAL, "no measured jobs (only warm-up or empty groups)");
	else
		ret = index_points(out, err);
out:
	pm_loads_free(&loads);
	for (i = 0; i < ng; i++)
		free(g[i].jobs);
	free(g);
	free(kinds);
	if (ret)
		pt_set_release(out);
	return ret;
}

void pt_set_release(struct pt_set *set)
{
	size_t i;

	for (i = 0; i < set->n; i++)
		pt_point_release(&set->pts[i]);
	free(set->pts);
	free(set->by_load);
	pt_drift_release(&set->drift);
	memset(set, 0, sizeof(*set));
}

const struct pt_point *pt_find_group(const struct pt_set *set, int group)
{
	size_t i;

	for (i = 0; i < set->n; i++)
		if (set->pts[i].group == group)
			return &set->pts[i];
	return NULL;
}

const struct pt_point *pt_find(const struct pt_set *set, unsigned int s,
			       unsigned int l)
{
	size_t lo = 0, hi = set->n;

	if (!set->by_load) {
		/* While pt_build() is still adding points. */
		for (lo = 0; lo < set->n; lo++)
			if (set->pts[lo].s == s && set->pts[lo].l == l)
				return &set->pts[lo];
		return NULL;
	}
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct pt_point *p = &set->pts[set->by_load[mid]];

		if (p->s == s && p->l == l)
			return p;
		if (p->s < s || (p->s == s && p->l < l))
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}
