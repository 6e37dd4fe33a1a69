/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rnjson.c -- the built-in runner's result as fio 3.33 writes it with
 * --output-format=json+ (stat.c: show_thread_status_json(),
 * add_ddir_status_json(), show_disk_util()): every key fio writes for
 * the same job, with fio's units and rules, plus fiorion's own
 * "fiorion_slots" (ORION's per-slot trace lines).
 */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "version.h"
#include "diskutil.h"
#include "openloop.h"
#include "rn_priv.h"

/* The clone's runtime in ms as fio rounds it (its job_runtime). */
static uint64_t rn_runtime_ms(const struct rn_td *td)
{
	/* backend.c: update_runtime(): whole microseconds, rounded up to ms. */
	return td->t_end > td->t0 ? ((td->t_end - td->t0) / 1000 + 999) / 1000 : 0;
}

static const double default_pcts[] = {
	1, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 99, 99.5, 99.9, 99.95, 99.99
};

static json_t *lat_json(const struct lathist *h, bool bins)
{
	json_t *o = json_object();
	unsigned int i;

	json_object_set_new(o, "min", json_integer((json_int_t)h->min));
	json_object_set_new(o, "max", json_integer((json_int_t)h->max));
	json_object_set_new(o, "mean", json_real(h->n ? h->mean : 0));
	json_object_set_new(o, "stddev", json_real(lh_stddev(h)));
	json_object_set_new(o, "N", json_integer((json_int_t)h->n));
	if (!h->n || !bins)
		return o;
	{
		json_t *p = json_object(), *b = json_object();

		for (i = 0; i < sizeof(default_pcts) / sizeof(default_pcts[0]); i++) {
			char k[32];

			snprintf(k, sizeof(k), "%f", default_pcts[i]);
			json_object_set_new(p, k, json_integer((json_int_t)lh_percentile(h, default_pcts[i])));
		}
		for (i = 0; i < LH_NR; i++) {
			char k[32];

			if (!h->bucket[i])
				continue;
			snprintf(k, sizeof(k), "%" PRIu64, lh_bucket_value(i));
			json_object_set_new(b, k, json_integer((json_int_t)h->bucket[i]));
		}
		json_object_set_new(o, "percentile", p);
		json_object_set_new(o, "bins", b);
	}
	return o;
}

/* A group's aggregate bandwidth per direction (fio's rs->agg, bytes/s). */
struct group_agg {
	double agg[2];
};

/* stat.c: convert_agg_kbytes_percent(); @mean is truncated to int, as there. */
static double p_of_agg(const struct group_agg *g, int ddir, double mean)
{
	double p = 100.0;

	if (g && g->agg[ddir] > 1024) {
		p = (double)(int64_t)mean * 100.0 / (g->agg[ddir] / 1024.0);
		if (p > 100.0)
			p = 100.0;
	}
	return p;
}

static void samples_json(json_t *o, const struct rn_stats *s, const struct group_agg *g,
			 int ddir)
{
	uint64_t min, max;
	double mean, dev, agg;

	if (rs_sample_calc(&s->bw, &min, &max, &mean, &dev))
		agg = p_of_agg(g, ddir, mean);
	else
		agg = 0;
	json_object_set_new(o, "bw_min", json_integer((json_int_t)min));
	json_object_set_new(o, "bw_max", json_integer((json_int_t)max));
	json_object_set_new(o, "bw_agg", json_real(agg));
	json_object_set_new(o, "bw_mean", json_real(mean));
	json_object_set_new(o, "bw_dev", json_real(dev));
	json_object_set_new(o, "bw_samples", json_integer((json_int_t)s->bw.n));
	rs_sample_calc(&s->iops, &min, &max, &mean, &dev);
	json_object_set_new(o, "iops_min", json_integer((json_int_t)min));
	json_object_set_new(o, "iops_max", json_integer((json_int_t)max));
	json_object_set_new(o, "iops_mean", json_real(mean));
	json_object_set_new(o, "iops_stddev", json_real(dev));
	json_object_set_new(o, "iops_samples", json_integer((json_int_t)s->iops.n));
}

/*
 * One direction. @resp: an open loop's response times (openloop.h),
 * written as "fiorion_response_ns" in lat_ns's shape; NULL: none.
 */
static json_t *dir_json(const struct rn_stats *s, uint64_t runtime_ms,
			const struct group_agg *g, int ddir, bool lat_pct,
			const struct lathist *resp)
{
	json_t *o = json_object();
	uint64_t rt = s->ios ? runtime_ms : 0;
	double bwb = rt ? (double)s->bytes * 1000.0 / (double)rt : 0;

	json_object_set_new(o, "io_bytes", json_integer((json_int_t)s->bytes));
	json_object_set_new(o, "io_kbytes", json_integer((json_int_t)(s->bytes >> 10)));
	json_object_set_new(o, "bw_bytes", json_integer((json_int_t)bwb));
	json_object_set_new(o, "bw", json_integer((json_int_t)(bwb / 1024)));
	json_object_set_new(o, "iops", json_real(rt ? (double)s->ios * 1000.0 / (double)rt : 0));
	json_object_set_new(o, "runtime", json_integer((json_int_t)rt));
	json_object_set_new(o, "total_ios", json_integer((json_int_t)s->ios));
	json_object_set_new(o, "short_ios", json_integer(0));
	json_object_set_new(o, "drop_ios", json_integer(0));
	json_object_set_new(o, "slat_ns", lat_json(&s->slat, false));
	/* Synchronous I/O (clat N 0): its clat is its lat, kept once. */
	json_object_set_new(o, "clat_ns", lat_json(s->clat.n || !s->lat.n ? &s->clat : &s->lat, true));
	json_object_set_new(o, "lat_ns", lat_json(&s->lat, lat_pct)); /* lat_percentiles=1 */
	if (resp)
		json_object_set_new(o, "fiorion_response_ns", lat_json(resp, true));
	samples_json(o, s, g, ddir);
	return o;
}

/* fio's "sync" direction: fsync latency; the runner issues none. */
static json_t *sync_json(void)
{
	json_t *o = json_object();
	struct lathist none;

	memset(&none, 0, sizeof(none));
	json_object_set_new(o, "total_ios", json_integer(0));
	json_object_set_new(o, "lat_ns", lat_json(&none, false));
	return o;
}

/*
 * Options as fio echoes them. An option given without a value is echoed
 * as "" (fio 3.39 and later; fio 3.33 leaves it out of the JSON, which
 * hides that time_based was set).
 */
static json_t *kv_json(const struct jp_kv *kv, size_t n)
{
	json_t *o = json_object();
	size_t i;

	for (i = 0; i < n; i++)
		json_object_set_new(o, kv[i].key, json_string(kv[i].val ? kv[i].val : ""));
	return o;
}

static json_t *dist_json(const uint64_t *map, uint64_t total, const char *const *keys)
{
	json_t *o = json_object();
	double pct[RS_MAP_NR];
	unsigned int i;

	rs_calc_dist(map, total, pct);
	for (i = 0; i < RS_MAP_NR; i++)
		json_object_set_new(o, keys[i], json_real(pct[i]));
	return o;
}

static json_t *lat_dist_json(const uint64_t *src, unsigned int nr, uint64_t total)
{
	json_t *o = json_object();
	double pct[RS_LAT_M_NR];
	unsigned int i;

	rs_calc_lat(src, nr, total, pct);
	for (i = 0; i < nr; i++)
		json_object_set_new(o, rs_lat_keys[i], json_real(pct[i]));
	return o;
}

static json_t *slots_json(const struct rn_td *td)
{
	json_t *a = json_array();
	unsigned int k;

	/*
	 * A synchronous backend holds one I/O at a time whatever iodepth
	 * says: only the units that did I/O are slots.
	 */
	for (k = 0; k < td->job->iodepth; k++) {
		const struct rn_io *io = &td->ios[k];
		json_t *s;

		if (!io->slot_ios && td->q_sync)
			continue;
		s = json_object();
		json_object_set_new(s, "count", json_integer((json_int_t)io->slot_ios));
		json_object_set_new(s, "lat_ns_mean",
				    json_real(io->slot_ios ? io->slot_lat_ns / (double)io->slot_ios : 0));
		json_array_append_new(a, s);
	}
	return a;
}

/*
 * stat.c: the "steadystate" block, for a job with a steady-state window:
 * the criterion and limit, the window's length in s, whether it held,
 * the last criterion computed (a string, as fio formats it), the largest
 * deviation and the slope, and the window's samples oldest first with
 * their integer means. A slope of 0/0 (a 1 s window) is written null:
 * fio writes nan there, which is no JSON.
 */
static json_t *ss_json(const struct rn_ss *ss)
{
	json_t *o = json_object(), *data = json_object();
	json_t *iops = json_array(), *bw = json_array();
	uint64_t *wi = calloc(ss->dur, sizeof(*wi)), *wb = calloc(ss->dur, sizeof(*wb));
	char buf[64];
	uint64_t l;

	ss_name(ss, buf, sizeof(buf));
	json_object_set_new(o, "ss", json_string(buf));
	json_object_set_new(o, "duration", json_integer((int)ss->dur));
	json_object_set_new(o, "attained", json_integer((ss->state & RN_SS_ATTAINED) > 0));
	ss_criterion_name(ss, buf, sizeof(buf));
	json_object_set_new(o, "criterion", json_string(buf));
	json_object_set_new(o, "max_deviation", json_real(ss->deviation));
	json_object_set_new(o, "slope", isfinite(ss->slope) ? json_real(ss->slope) : json_null());
	if (wi && wb) {
		ss_window(ss, wi, wb);
		for (l = 0; l < ss->dur; l++) {
			json_array_append_new(bw, json_integer((json_int_t)wb[l]));
			json_array_append_new(iops, json_integer((json_int_t)wi[l]));
		}
	}
	free(wi);
	free(wb);
	json_object_set_new(data, "bw_mean", json_integer((json_int_t)ss_bw_mean(ss)));
	json_object_set_new(data, "iops_mean", json_integer((json_int_t)ss_iops_mean(ss)));
	json_object_set_new(data, "iops", iops);
	json_object_set_new(data, "bw", bw);
	json_object_set_new(o, "data", data);
	return o;
}

static json_t *job_json(const struct rn_td *td, double elapsed, const struct group_agg *g)
{
	const struct jp_job *j = td->job;
	const struct rs_depths *d = &td->depths;
	json_t *o = json_object();
	struct rn_stats none;
	uint64_t ms = rn_runtime_ms(td), issued = td->st[0].issued + td->st[1].issued;
	double secs = td->t_end > td->t0 ? (double)(td->t_end - td->t0) / 1e9 : 0;

	memset(&none, 0, sizeof(none));
	json_object_set_new(o, "jobname", json_string(j->name));
	json_object_set_new(o, "groupid", json_integer(j->groupid));
	/* fio's "error" is an errno: a safety refusal reads as EBUSY. */
	json_object_set_new(o, "error", json_integer(td->error == FR_ESAFETY ? EBUSY : td->error));
	if (td->error)
		json_object_set_new(o, "first_error", json_string(td->msg));
	json_object_set_new(o, "eta", json_integer(0));
	json_object_set_new(o, "elapsed", json_integer((json_int_t)(elapsed + 0.5)));
	json_object_set_new(o, "job options", kv_json(j->own, j->nown));
	json_object_set_new(o, "read", dir_json(&td->st[0], ms ? ms : 1, g, 0, j->lat_percentiles, td->ol ? &td->ol->resp[0] : NULL));
	json_object_set_new(o, "write", dir_json(&td->st[1], ms ? ms : 1, g, 1, j->lat_percentiles, td->ol ? &td->ol->resp[1] : NULL));
	json_object_set_new(o, "trim", dir_json(&none, 0, NULL, 2, false, NULL));
	json_object_set_new(o, "sync", sync_json());
	json_object_set_new(o, "job_runtime", json_integer((json_int_t)ms));
	json_object_set_new(o, "usr_cpu", json_real(secs ? 100.0 * td->usr_s / secs : 0));
	json_object_set_new(o, "sys_cpu", json_real(secs ? 100.0 * td->sys_s / secs : 0));
	json_object_set_new(o, "ctx", json_integer((json_int_t)td->ctx));
	json_object_set_new(o, "majf", json_integer((json_int_t)td->majf));
	json_object_set_new(o, "minf", json_integer((json_int_t)td->minf));
	json_object_set_new(o, "iodepth_level", dist_json(d->level, issued, rs_level_keys));
	json_object_set_new(o, "iodepth_submit", dist_json(d->submit, d->total_submit, rs_submit_keys));
	json_object_set_new(o, "iodepth_complete", dist_json(d->complete, d->total_complete, rs_submit_keys));
	json_object_set_new(o, "latency_ns", lat_dist_json(d->lat_n, RS_LAT_N_NR, issued));
	json_object_set_new(o, "latency_us", lat_dist_json(d->lat_u, RS_LAT_U_NR, issued));
	json_object_set_new(o, "latency_ms", lat_dist_json(d->lat_m, RS_LAT_M_NR, issued));
	/* Without latency_target fio reports its defaults: the job's depth. */
	json_object_set_new(o, "latency_depth", json_integer(j->iodepth));
	json_object_set_new(o, "latency_target", json_integer(0));
	json_object_set_new(o, "latency_percentile", json_real(100.0));
	json_object_set_new(o, "latency_window", json_integer(0));
	if (j->description)
		json_object_set_new(o, "desc", json_string(j->description));
	if (td->ss.dur)
		json_object_set_new(o, "steadystate", ss_json(&td->ss));
	/* Not fio's: fiorion_* keys are fiorion's own additions. */
	json_object_set_new(o, "iodepth", json_integer(j->iodepth));
	json_object_set_new(o, "engine", json_string(j->engine_so ? "fiorion" : j->ioengine));
	/* Each I/O unit's count and mean lat, for ORION's per-slot trace lines. */
	if (td->ios)
		json_object_set_new(o, "fiorion_slots", slots_json(td));
	/* A rated job's open loop: its targets, cap, and how well it kept its schedule. */
	if (td->ol)
		json_object_set_new(o, "fiorion_openloop", ol_json(td->ol, j));
	return o;
}

static json_t *disk_util_json(const struct du_set *du)
{
	json_t *a = json_array();
	size_t i, k;

	for (i = 0; i < du->n; i++) {
		const struct du_dev *d = &du->dev[i];
		json_t *o = json_object();

		json_object_set_new(o, "name", json_string(d->name));
		json_object_set_new(o, "read_ios", json_integer((json_int_t)d->delta.ios[0]));
		json_object_set_new(o, "write_ios", json_integer((json_int_t)d->delta.ios[1]));
		json_object_set_new(o, "read_merges", json_integer((json_int_t)d->delta.merges[0]));
		json_object_set_new(o, "write_merges", json_integer((json_int_t)d->delta.merges[1]));
		json_object_set_new(o, "read_ticks", json_integer((json_int_t)d->delta.ticks[0]));
		json_object_set_new(o, "write_ticks", json_integer((json_int_t)d->delta.ticks[1]));
		json_object_set_new(o, "in_queue", json_integer((json_int_t)d->delta.in_queue));
		json_object_set_new(o, "util", json_real(du_util(d)));
		if (d->nslaves) {
			/* stat.c: aggregate_slaves_stats(): means over the slaves, the highest util. */
			struct du_stat sum;
			double umax = 0;
			json_int_t c = d->nslaves;

			memset(&sum, 0, sizeof(sum));
			for (k = 0; k < du->n; k++) {
				const struct du_dev *s = &du->dev[k];

				if (s->master != (int)i)
					continue;
				sum.ios[0] += s->delta.ios[0];
				sum.ios[1] += s->delta.ios[1];
				sum.merges[0] += s->delta.merges[0];
				sum.merges[1] += s->delta.merges[1];
				sum.ticks[0] += s->delta.ticks[0];
				sum.ticks[1] += s->delta.ticks[1];
				sum.in_queue += s->delta.in_queue;
				if (du_util(s) > umax)
					umax = du_util(s);
			}
			json_object_set_new(o, "aggr_read_ios", json_integer((json_int_t)sum.ios[0] / c));
			json_object_set_new(o, "aggr_write_ios", json_integer((json_int_t)sum.ios[1] / c));
			json_object_set_new(o, "aggr_read_merges", json_integer((json_int_t)sum.merges[0] / c));
			/* sic: fio 3.33 spells this one without the s */
			json_object_set_new(o, "aggr_write_merge", json_integer((json_int_t)sum.merges[1] / c));
			json_object_set_new(o, "aggr_read_ticks", json_integer((json_int_t)sum.ticks[0] / c));
			json_object_set_new(o, "aggr_write_ticks", json_integer((json_int_t)sum.ticks[1] / c));
			json_object_set_new(o, "aggr_in_queue", json_integer((json_int_t)sum.in_queue / c));
			json_object_set_new(o, "aggr_util", json_real(umax));
		}
		json_array_append_new(a, o);
	}
	return a;
}

json_t *rn_json(const struct jp_file *f, struct rn_td *const *tds, size_t n,
		const struct du_set *du, double elapsed)
{
	json_t *doc = json_object(), *jobs = json_array();
	struct group_agg *g = calloc((size_t)(f->ngroups > 0 ? f->ngroups : 1), sizeof(*g));
	struct timespec rt;
	char tbuf[64];
	size_t i;
	int ddir;

	/* stat.c: __show_run_stats(): a group's bytes over its longest runtime. */
	if (g) {
		uint64_t(*bytes)[2] = calloc((size_t)(f->ngroups > 0 ? f->ngroups : 1), sizeof(*bytes));
		uint64_t(*max_ms)[2] = calloc((size_t)(f->ngroups > 0 ? f->ngroups : 1), sizeof(*max_ms));

		for (i = 0; bytes && max_ms && i < n; i++) {
			int gid = tds[i]->job->groupid;

			for (ddir = 0; ddir < 2; ddir++) {
				uint64_t ms = tds[i]->st[ddir].ios ? rn_runtime_ms(tds[i]) : 0;

				bytes[gid][ddir] += tds[i]->st[ddir].bytes;
				if (ms > max_ms[gid][ddir])
					max_ms[gid][ddir] = ms;
			}
		}
		for (i = 0; bytes && max_ms && i < (size_t)f->ngroups; i++)
			for (ddir = 0; ddir < 2; ddir++)
				g[i].agg[ddir] = max_ms[i][ddir]
					? (double)bytes[i][ddir] * 1000.0 / (double)max_ms[i][ddir]
					: 0;
		free(bytes);
		free(max_ms);
	}
	/* stat.c: one reading of the time of day, when the results are written. */
	clock_gettime(CLOCK_REALTIME, &rt);
	json_object_set_new(doc, "fio version", json_string("fiorion-" FIORION_VERSION));
	json_object_set_new(doc, "timestamp", json_integer((json_int_t)rt.tv_sec));
	json_object_set_new(doc, "timestamp_ms", json_integer((json_int_t)rt.tv_sec * 1000 + rt.tv_nsec / 1000000));
	ctime_r(&rt.tv_sec, tbuf);
	tbuf[strcspn(tbuf, "\n")] = '\0';
	json_object_set_new(doc, "time", json_string(tbuf));
	if (f->nglobal)
		json_object_set_new(doc, "global options", kv_json(f->global, f->nglobal));
	for (i = 0; i < n; i++)
		json_array_append_new(jobs, job_json(tds[i], elapsed, g ? &g[tds[i]->job->groupid] : NULL));
	json_object_set_new(doc, "jobs", jobs);
	if (du && du->n)
		json_object_set_new(doc, "disk_util", disk_util_json(du));
	free(g);
	return doc;
}
