/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fiojson.c -- fio JSON (2.1 .. 3.x) into struct fj_set.
 *
 * Version differences handled here, so nothing above sees them:
 *   - latencies in ns (clat_ns/lat_ns, 2.99+) or us (clat/lat, older);
 *   - io_bytes in KiB before 2.21 (no io_kbytes key), bytes after;
 *   - total_ios missing before 2.1.14 (derived from iops x runtime);
 *   - N missing before 3.18 (total_ios stands in);
 *   - percentile "0.00" fillers before 3.4 (dropped);
 *   - json+ bins keyed by value (ns in 3.x, us in 2.20/2.21) or by
 *     bucket index with FIO_IO_U_PLAT_* entries (2.2.12 .. 2.19, us);
 *   - client/server: client_stats[] with hostname/port, "All clients",
 *     global options as an array per host (3.39+);
 *   - the "steadystate" block of a job (2.16+, only when
 *     steadystate_duration was set); "attained" 0/1.
 */
#include "fiojson.h"
#include "fj_priv.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <jansson.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fjbins.h"
#include "fr_file.h"
#include "fr_num.h"
#include "jscan.h"
#include "jval.h"
#include "lathist.h"
#include "fr_size.h"

/*
 * A size fio echoed: its first value ("8k,64k" is bs per direction,
 * "4k-64k" a range, "4k:64k" per direction in old releases), read by
 * the one strict parser. 0 when it is not a size.
 */
static uint64_t opt_size(const char *s)
{
	char first[64];
	uint64_t v;
	size_t n;

	if (!s)
		return 0;
	while (isspace((unsigned char)*s))
		s++;
	n = strcspn(s, ",:- \t");
	if (!n || n >= sizeof(first))
		return 0;
	memcpy(first, s, n);
	first[n] = '\0';
	return fr_parse_size(first, &v) ? 0 : v;
}

/* The option @key: the job's own, else the global one for its host. */
static const char *opt(json_t *job, json_t *global, const char *key)
{
	const char *v = jv_str(json_object_get(job, "job options"), key);

	return v ? v : jv_str(global, key);
}

/* iodepth when fio did not echo it: the fullest iodepth_level bucket. */
static uint64_t depth_from_levels(json_t *job)
{
	json_t *lv = json_object_get(job, "iodepth_level"), *v;
	const char *key;
	double best = -1;
	uint64_t depth = 1;

	json_object_foreach(lv, key, v) {
		double p = jv_num_text(lv, key, 0);

		const char *k = key;

		if (p > best) {
			best = p;
			/* ">=64" and the like: the number after any sign. */
			while (*k && !isdigit((unsigned char)*k))
				k++;
			errno = 0;
			depth = (uint64_t)strtoull(k, NULL, 10);
			if (errno || depth > FJ_MAX_DEPTH)
				depth = UINT64_MAX; /* refused by job_counts() */
		}
	}
	return depth ? depth : 1;
}

/*
 * numjobs and iodepth, as fio takes them: a job count from 1 to 4096
 * (fio's REAL_MAX_JOBS) and a depth from 1 to 2^20; anything else would
 * become a nonsense load ("-1" read as 2^64 - 1). -ERANGE with @why.
 */
static int job_counts(struct fj_job *job, const char *numjobs, char *why, size_t wlen)
{
	char *end;

	if (numjobs) {
		unsigned long long n;

		errno = 0;
		n = strtoull(numjobs, &end, 10);
		if (!isdigit((unsigned char)numjobs[0]) || *end || errno || !n || n > 4096) {
			snprintf(why, wlen, "numjobs = %.40s: not a job count fio takes (1 .. 4096)",
				 numjobs);
			return -ERANGE;
		}
		job->numjobs = n;
	}
	if (job->iodepth > FJ_MAX_DEPTH) {
		snprintf(why, wlen, "its iodepth (option or iodepth_level) is not a depth fio takes (1 .. %u)",
			 FJ_MAX_DEPTH);
		return -ERANGE;
	}
	return 0;
}

/*
 * The runtime= option in ms (fio's time units, seconds when none is
 * given), 0 when absent or not a time.
 */
static uint64_t opt_ms(const char *s)
{
	static const struct {
		const char *unit;
		double ms;
	} units[] = {
		{ "", 1000 },
		{ "s", 1000 },
		{ "ms", 1 },
		{ "us", 1e-3 },
		{ "m", 60000 },
		{ "h", 3600000 },
		{ "d", 86400000 },
	};
	char *end;
	double v;
	size_t i;

	if (!s || !isdigit((unsigned char)*s))
		return 0;
	v = strtod(s, &end);
	for (i = 0; i < sizeof(units) / sizeof(units[0]); i++)
		if (!strcasecmp(end, units[i].unit))
			return v * units[i].ms < 9.2e18 ? (uint64_t)(v * units[i].ms) : 0;
	return 0;
}

/* An option in plain ms (fio's FIO_OPT_INT: log_avg_msec, bwavgtime), 0 when absent or not one. */
static unsigned int opt_uint(const char *s)
{
	unsigned long v;
	char *end;

	if (!s || !isdigit((unsigned char)*s))
		return 0;
	errno = 0;
	v = strtoul(s, &end, 10);
	return *end || errno || v > UINT32_MAX ? 0 : (unsigned int)v;
}

/* fj_job.log_avg_ms: init.c's window of the IOPS log and the bandwidth log, when they agree. */
static unsigned int log_window(json_t *j, json_t *global)
{
	unsigned int w = opt_uint(opt(j, global, "log_avg_msec")), wi = w, wb = w, v;

	if (!w)
		return 0;
	v = opt_uint(opt(j, global, "iopsavgtime"));
	if (v && v < wi)
		wi = v;
	v = opt_uint(opt(j, global, "bwavgtime"));
	if (v && v < wb)
		wb = v;
	return wi == wb ? wi : 0;
}

/*
 * The depth fio really held, when it is not the iodepth= option: fio
 * caps a synchronous engine at 1 ("queue depth will be capped at 1"),
 * latency_target settles at latency_depth, and iodepth_level shows what
 * was outstanding at each submission.
 */
static void held_depth(struct fj_job *job, json_t *j, const char *engine)
{
	static const char *const sync_engines[] = {
		"sync", "psync", "vsync", "pvsync", "pvsync2", "mmap", "splice",
		"falloc", "ftruncate", "e4defrag", "filecreate", "filestat",
		"filedelete", "dircreate", "dirstat", "dirdelete"
	};
	json_t *lv = json_object_get(j, "iodepth_level");
	double ld = jv_num_text(j, "latency_depth", 0);
	size_t k;

	if (job->iodepth <= 1)
		return;
	if (json_object_get(j, "latency_target") && jv_num_text(j, "latency_target", 0) > 0 &&
	    ld >= 1 && ld < (double)job->iodepth) {
		job->iodepth = (uint64_t)ld;
		job->depth_why = "latency_target settled at latency_depth";
		return;
	}
	for (k = 0; engine && k < sizeof(sync_engines) / sizeof(sync_engines[0]); k++)
		if (!strcmp(engine, sync_engines[k])) {
			job->iodepth = 1;
			job->depth_why = "a synchronous engine: fio caps its depth at 1";
			return;
		}
	if (json_is_object(lv) && jv_num_text(lv, "1", 0) >= 99.95) {
		job->iodepth = 1;
		job->depth_why = "fio's iodepth_level: 100% of I/Os submitted at depth 1";
	}
}

static json_t *global_for(json_t *doc, const char *host, const char *port)
{
	json_t *g = json_object_get(doc, "global options"), *e;
	size_t i;

	if (!json_is_array(g))
		return g;
	/* fio 3.39+: one object per server, with its hostname and port. */
	json_array_foreach(g, i, e) {
		const char *h = jv_str(e, "hostname");
		json_t *p = json_object_get(e, "port");

		if (h && host && !strcmp(h, host) &&
		    (!port || (json_is_integer(p) && json_integer_value(p) == strtoll(port, NULL, 10))))
			return e;
	}
	return NULL;
}

/* A number array of the steadystate window into @out (n values); 0 where not a number. */
static double *ss_samples(json_t *a, size_t n)
{
	double *out = calloc(n ? n : 1, sizeof(*out));
	size_t i;

	for (i = 0; out && i < n; i++) {
		json_t *v = json_array_get(a, i);
		double x = json_is_number(v) ? json_number_value(v) : 0;

		out[i] = isfinite(x) && x >= 0 ? x : 0;
	}
	return out;
}

/* fio's "steadystate" block (2.16+): the setting, the window, attained, the data. */
static void read_ss(struct fj_ss *ss, json_t *o)
{
	json_t *data = json_object_get(o, "data"), *att = json_object_get(o, "attained");
	json_t *iops = json_object_get(data, "iops"), *bw = json_object_get(data, "bw");
	uint64_t w = fr_to_u64(jv_num_text(o, "duration", 0));

	ss->present = true;
	ss->attained = json_is_true(att) || jv_num_text(o, "attained", 0) != 0;
	ss->setting = jv_strdup(jv_str(o, "ss"));
	ss->criterion = jv_strdup(jv_str(o, "criterion"));
	ss->window_s = w > 86400u * 366 ? 86400u * 366 : (unsigned int)w;
	ss->max_deviation = jv_num_text(o, "max_deviation", 0);
	ss->slope = jv_num_text(o, "slope", 0);
	ss->iops_mean = jv_num_text(data, "iops_mean", 0);
	ss->bw_mean = jv_num_text(data, "bw_mean", 0);
	if (json_is_array(iops) && json_array_size(iops)) {
		ss->n = json_array_size(iops);
		ss->iops = ss_samples(iops, ss->n);
		ss->bw = ss_samples(json_is_array(bw) ? bw : NULL, ss->n);
		if (!ss->iops || !ss->bw) {
			/* Optional detail: without memory, none. */
			free(ss->iops);
			free(ss->bw);
			ss->iops = ss->bw = NULL;
			ss->n = 0;
		}
	}
}

void fj_job_release(struct fj_job *j)
{
	int d;

	free(j->name);
	free(j->host);
	free(j->rw);
	free(j->bs_text);
	free(j->bsrange);
	free(j->bssplit);
	free(j->ioengine);
	free(j->filename);
	free(j->lunfile);
	free(j->luns);
	free(j->simulate);
	free(j->backend);
	free(j->slot_ios);
	free(j->slot_lat_ns);
	free(j->ss.setting);
	free(j->ss.criterion);
	free(j->ss.iops);
	free(j->ss.bw);
	for (d = 0; d < 2; d++) {
		fjh_clear(&j->dir[d].lat);
		free(j->dir[d].lat.pct);
		free(j->dir[d].lat.pct_ns);
	}
	memset(j, 0, sizeof(*j));
}

/* The options the converter reads: the job's own, else its document's global ones. */
static void read_job_opts(struct fj_job *job, json_t *j, json_t *global)
{
	const char *v;

	v = opt(j, global, "time_based");
	job->time_based = v && (!*v || strcmp(v, "0"));
	job->runtime_planned_ms = opt_ms(opt(j, global, "runtime"));
	job->log_avg_ms = log_window(j, global);
	job->rw = jv_strdup(opt(j, global, "rw"));
	if (!job->rw)
		job->rw = jv_strdup(opt(j, global, "readwrite"));
	v = opt(j, global, "rwmixwrite");
	job->rwmixwrite = v ? strtod(v, NULL) : -1;
	if (!v && (v = opt(j, global, "rwmixread")))
		job->rwmixwrite = 100.0 - strtod(v, NULL);
	job->bs = opt_size(opt(j, global, "bs"));
	if (!job->bs)
		job->bs = opt_size(opt(j, global, "blocksize"));
	job->bs_text = jv_strdup(opt(j, global, "bs") ? opt(j, global, "bs") : opt(j, global, "blocksize"));
	job->bsrange = jv_strdup(opt(j, global, "bsrange") ? opt(j, global, "bsrange")
							   : opt(j, global, "blocksize_range"));
	job->bssplit = jv_strdup(opt(j, global, "bssplit"));
	job->ioengine = jv_strdup(opt(j, global, "ioengine"));
	v = opt(j, global, "exitall");
	job->exitall = v && (!*v || strcmp(v, "0"));
	{
		static const char *const rated[] = { "rate", "rate_iops", "rate_min",
						     "rate_iops_min", "thinktime" };
		size_t r;

		for (r = 0; r < sizeof(rated) / sizeof(rated[0]); r++)
			if ((v = opt(j, global, rated[r])) && strtod(v, NULL) > 0)
				job->rated = true;
	}
	job->filename = jv_strdup(opt(j, global, "filename"));
	job->lunfile = jv_strdup(opt(j, global, "lunfile"));
	job->luns = jv_strdup(opt(j, global, "luns"));
	job->simulate = jv_strdup(opt(j, global, "simulate"));
	job->backend = jv_strdup(opt(j, global, "backend"));
}

/* fiorion's per-slot trace of a job ("fiorion_slots"), when it has one. */
static void read_slots(struct fj_job *job, json_t *slots)
{
	size_t n = json_array_size(slots), k;

	if (!json_is_array(slots) || !n)
		return;
	/* Optional detail: without memory, or with a bad value, none. */
	job->slot_ios = calloc(n, sizeof(*job->slot_ios));
	job->slot_lat_ns = calloc(n, sizeof(*job->slot_lat_ns));
	job->nslots = job->slot_ios && job->slot_lat_ns ? n : 0;
	for (k = 0; k < job->nslots; k++) {
		json_t *s = json_array_get(slots, k);
		double c = jv_num_text(s, "count", 0), l = jv_num_text(s, "lat_ns_mean", 0);

		if (!isfinite(c) || c < 0 || c > 1e18 || !isfinite(l) || l < 0) {
			job->nslots = 0;
			break;
		}
		job->slot_ios[k] = (uint64_t)c;
		job->slot_lat_ns[k] = l;
	}
}

int fj_add_job(struct fj_set *set, json_t *doc, json_t *j, unsigned int order,
	       const struct fj_cbset *cb, char *why, size_t wlen)
{
	struct fj_job *job;
	json_t *global, *port;
	const char *host = jv_str(j, "hostname"), *v;
	char portbuf[32] = "";
	int ret, d;

	if (set->njobs == set->capjobs) {
		size_t ncap = set->capjobs ? set->capjobs * 2 : 64;
		struct fj_job *n = realloc(set->jobs, ncap * sizeof(*n));

		if (!n)
			return -ENOMEM;
		set->jobs = n;
		set->capjobs = ncap;
	}
	job = &set->jobs[set->njobs];
	memset(job, 0, sizeof(*job));
	port = json_object_get(j, "port");
	if (json_is_integer(port))
		snprintf(portbuf, sizeof(portbuf), "%lld",
			 (long long)json_integer_value(port));
	global = global_for(doc, host, portbuf[0] ? portbuf : NULL);

	job->name = jv_strdup(jv_str(j, "jobname") ? jv_str(j, "jobname") : "");
	job->groupid = (int)fr_to_i64(jv_num_text(j, "groupid", 0));
	if (host) {
		size_t len = strlen(host) + strlen(portbuf) + 2;

		job->host = malloc(len);
		if (job->host)
			snprintf(job->host, len, "%s%s%s", host,
				 portbuf[0] ? ":" : "", portbuf);
		set->client_server = true;
	}
	job->file = set->nfiles;
	job->doc_order = order;
	job->error = (int)fr_to_i64(jv_num_text(j, "error", 0));
	v = opt(j, global, "iodepth");
	job->iodepth = v ? opt_size(v) : depth_from_levels(j);
	if (!job->iodepth)
		job->iodepth = 1;
	job->iodepth_asked = v ? job->iodepth : 0;
	held_depth(job, j, opt(j, global, "ioengine"));
	job->numjobs = 1;
	ret = job_counts(job, opt(j, global, "numjobs"), why, wlen);
	if (ret) {
		fj_job_release(job);
		return ret;
	}
	read_job_opts(job, j, global);
	job->usr_cpu = jv_num_text(j, "usr_cpu", 0);
	job->sys_cpu = jv_num_text(j, "sys_cpu", 0);
	job->job_runtime_ms = fr_to_u64(jv_num_text(j, "job_runtime", 0));
	if (json_is_object(json_object_get(j, "steadystate")))
		read_ss(&job->ss, json_object_get(j, "steadystate"));
	job->clones = 1;
	for (d = 0; d < 2; d++) {
		ret = fj_read_dir(&job->dir[d], json_object_get(j, d ? "write" : "read"),
				  d ? "write" : "read", cb, why, wlen);
		if (ret) {
			fj_job_release(job); /* not counted in the set: freed here */
			return ret;
		}
	}
	if (!job->dir[0].ios && !job->dir[1].ios && json_object_get(j, "mixed")) {
		ret = fj_read_dir(&job->dir[0], json_object_get(j, "mixed"), "mixed", cb, why, wlen);
		if (ret) {
			fj_job_release(job);
			return ret;
		}
	}
	read_slots(job, json_object_get(j, "fiorion_slots"));
	set->njobs++;
	return 0;
}

/* The fiorion run a document belongs to, or NULL. */
static char *doc_run_id(json_t *doc, json_t *fr)
{
	json_t *g = json_object_get(doc, "global options");
	const char *d, *p = "fiorion run ";
	size_t n;

	if (json_is_object(fr) && jv_str(fr, "run_id"))
		return strdup(jv_str(fr, "run_id"));
	if (json_is_array(g)) /* fio 3.39+ client/server: one per server */
		g = json_array_get(g, 0);
	d = json_is_object(g) ? jv_str(g, "description") : NULL;
	if (!d || strncmp(d, p, strlen(p)))
		return NULL;
	d += strlen(p);
	n = strcspn(d, " \t");
	return n ? strndup(d, n) : NULL;
}

/*
 * Input @name of run @id (NULL: none; taken) into @set's identity; @njobs:
 * whether it holds jobs. Refuses inputs of two runs, or of a run beside
 * results without one.
 */
static int check_id(struct fj_set *set, const char *name, char *id, bool njobs,
		    struct fr_err *err)
{
	int ret;

	if (!id) {
		if (set->run_id && njobs)
			return fr_errf(err, -EINVAL, "%s carries no fiorion run identity, but %s is from fiorion run %s: these inputs mix results of different runs; convert one run's files",
				       name, set->run_id_file, set->run_id);
		if (njobs && !set->anon_file)
			set->anon_file = strdup(name);
		return 0;
	}
	if (set->run_id && strcmp(id, set->run_id)) {
		ret = fr_errf(err, -EINVAL,
			      "%s is from fiorion run %s, but %s is from run %s: these inputs mix two runs; convert one run's files",
			      name, id, set->run_id_file, set->run_id);
		free(id);
		return ret;
	}
	if (!set->run_id && set->anon_file) {
		ret = fr_errf(err, -EINVAL,
			      "%s is from fiorion run %s, but %s carries no run identity: these inputs mix results of different runs; convert one run's files",
			      name, id, set->anon_file);
		free(id);
		return ret;
	}
	if (set->run_id) {
		free(id);
		return 0;
	}
	set->run_id = id;
	set->run_id_file = strdup(name);
	return 0;
}

static int check_run_id(struct fj_set *set, const char *name, json_t *doc,
			json_t *fr, size_t njobs, struct fr_err *err)
{
	return check_id(set, name, doc_run_id(doc, fr), njobs > 0, err);
}

int fj_take_doc(struct fj_set *set, const char *name, json_t *doc, size_t njobs,
		struct fr_err *err)
{
	json_t *fr = json_object_get(doc, "fiorion");
	int ret;

	if (json_is_object(fr)) {
		ri_release(&set->run);
		ri_read(&set->run, fr);
	}
	ret = check_run_id(set, name, doc, fr, njobs, err);
	if (ret)
		return ret;
	if (!set->fio_version && jv_str(doc, "fio version"))
		set->fio_version = strdup(jv_str(doc, "fio version"));
	if (!set->timestamp)
		set->timestamp = fr_to_i64(jv_num_text(doc, "timestamp", 0));
	set->doc_ms = fr_to_i64(jv_num_text(doc, "timestamp_ms", 0));
	return 0;
}

/*
 * The scanner (jscan.c) finds the documents and, in the last, where each
 * job starts and ends; each job is then decoded alone and dropped, so a
 * 50 MB json+ file never stands whole in jansson's nodes.
 */
int fj_read_buffer(struct fj_set *set, const char *name, const char *buf,
		   size_t len, struct fr_err *err)
{
	json_t *doc = NULL, *fr;
	struct js_span *jobs = NULL;
	size_t pos = js_first_doc(buf, len), last = pos, njobs = 0, i;
	unsigned int order = 0;
	int line, col, ret = 0;

	/* Every document must be whole; only the last one is the result. */
	if (!len)
		return fr_errf(err, -EINVAL, "%s: empty file (no fio output in it)", name);
	if (pos == len)
		return fr_errf(err, -EINVAL,
			       "%s:1:1: no JSON document: no '{' in %zu bytes (is it fio --output-format=json output?)",
			       name, len);
	set->last_interim = 0;
	set->last_cut = false;
	for (;;) {
		size_t end;

		doc = json_object();
		if (!doc)
			return fr_errf(err, -ENOMEM, "out of memory");
		end = js_scan_doc(buf, len, pos, doc, &jobs, &njobs);
		if (!end) {
			json_decref(doc);
			ret = js_error_at(name, buf, len, pos, err);
			/* The final report cut short, after whole interim ones. */
			if (pos == last || js_next_doc(buf, len, pos + 1) != len ||
			    !strstr(err->msg, "truncated JSON")) {
				free(jobs);
				return ret;
			}
			if (!set->partial_ok) {
				char why[320];

				snprintf(why, sizeof(why), "%.300s", err->msg);
				free(jobs);
				return fr_errf(err, -EINVAL,
					       "%s: the file ends inside its final report, after %u whole --status-interval report(s): fio did not finish it; give -partial to convert the last whole one",
					       why, set->last_interim);
			}
			set->last_cut = true;
			set->last_interim--; /* the last whole one is converted */
			doc = json_object();
			if (!doc || !js_scan_doc(buf, len, last, doc, &jobs, &njobs)) {
				json_decref(doc);
				free(jobs);
				return fr_errf(err, -ENOMEM, "out of memory");
			}
			break;
		}
		last = pos;
		pos = js_next_doc(buf, len, end);
		if (pos == len)
			break;
		set->last_interim++;
		json_decref(doc);
	}
	fr = json_object_get(doc, "fiorion");
	if (!njobs && !json_is_object(fr)) {
		json_decref(doc);
		free(jobs);
		js_where(buf, last, &line, &col);
		return fr_errf(err, -EINVAL,
			       "%s:%d:%d: no jobs in this fio result (no \"jobs\" or \"client_stats\" array)",
			       name, line, col);
	}
	ret = fj_take_doc(set, name, doc, njobs, err);
	if (ret) {
		json_decref(doc);
		free(jobs);
		return ret;
	}
	for (i = 0; i < njobs && !ret; i++) {
		char why[256] = "";
		json_error_t je;
		json_t *j = json_loadb(buf + jobs[i].start,
				       jobs[i].end - jobs[i].start, 0, &je);
		const char *n;

		if (!j) {
			ret = js_error_at(name, buf, len, last, err);
			break;
		}
		n = jv_str(j, "jobname");
		if (!n || strcmp(n, "All clients"))
			ret = fj_add_job(set, doc, j, order++, NULL, why, sizeof(why));
		if (ret == -ERANGE) {
			int line, col;

			js_where(buf, jobs[i].start, &line, &col);
			ret = fr_errf(err, -EINVAL, "%s:%d:%d: job '%s': %s", name, line, col,
				      n ? n : "", why);
		} else if (ret) {
			fr_errf(err, ret, "%s: out of memory", name);
		}
		json_decref(j);
	}
	json_decref(doc);
	free(jobs);
	return ret ? ret : fj_add_name(set, name, err);
}

int fj_add_name(struct fj_set *set, const char *name, struct fr_err *err)
{
	char **n = realloc(set->file_names, (set->nfiles + 1) * sizeof(*n));
	int64_t *ms;

	if (!n)
		return fr_errf(err, -ENOMEM, "%s: out of memory", name);
	set->file_names = n;
	ms = realloc(set->file_ms, (set->nfiles + 1) * sizeof(*ms));
	if (!ms)
		return fr_errf(err, -ENOMEM, "%s: out of memory", name);
	set->file_ms = ms;
	ms[set->nfiles] = set->doc_ms;
	set->doc_ms = 0;
	n[set->nfiles] = jv_strdup(name);
	set->nfiles++;
	return 0;
}

int fj_read_file(struct fj_set *set, const char *path, struct fr_err *err)
{
	char *buf;
	size_t len;
	int ret = fr_read_file(path, NULL, 0, FR_READ_REGULAR, &buf, &len, err);

	if (ret)
		return ret;
	ret = fj_read_buffer(set, path, buf, len, err);
	free(buf);
	return ret;
}

void fj_set_release(struct fj_set *set)
{
	size_t i;

	for (i = 0; i < set->njobs; i++)
		fj_job_release(&set->jobs[i]);
	free(set->jobs);
	free(set->fio_version);
	for (i = 0; set->file_names && i < set->nfiles; i++)
		free(set->file_names[i]);
	free(set->file_names);
	free(set->file_ms);
	free(set->run_id);
	free(set->run_id_file);
	free(set->anon_file);
	ri_release(&set->run);
	memset(set, 0, sizeof(*set));
}

int fj_set_take(struct fj_set *set, struct fj_set *one, struct fr_err *err)
{
	const char *name = one->nfiles == 1 ? one->file_names[0] : NULL;
	char **names;
	int64_t *ms;
	size_t k;
	int ret;

	if (!name)
		return fr_errf(err, -EINVAL, "not the set of one input read alone (%u inputs)",
			       one->nfiles);
	/* fj_take_doc()'s order: the run description, the identity, the version, the timestamp. */
	if (one->run.present) {
		ri_release(&set->run);
		set->run = one->run;
		memset(&one->run, 0, sizeof(one->run));
	}
	/* Read alone, an input with jobs and no identity named itself anon_file. */
	ret = check_id(set, name, one->run_id, one->anon_file != NULL, err);
	one->run_id = NULL;
	if (ret)
		return ret;
	if (!set->fio_version) {
		set->fio_version = one->fio_version;
		one->fio_version = NULL;
	}
	if (!set->timestamp)
		set->timestamp = one->timestamp;
	set->client_server |= one->client_server;
	set->last_interim = one->last_interim;
	set->last_cut = one->last_cut;
	if (set->njobs + one->njobs > set->capjobs) {
		size_t ncap = set->capjobs ? set->capjobs : 64;
		struct fj_job *n;

		while (ncap < set->njobs + one->njobs)
			ncap *= 2;
		n = realloc(set->jobs, ncap * sizeof(*n));
		if (!n)
			return fr_errf(err, -ENOMEM, "%s: out of memory", name);
		set->jobs = n;
		set->capjobs = ncap;
	}
	names = realloc(set->file_names, (set->nfiles + 1) * sizeof(*names));
	if (!names)
		return fr_errf(err, -ENOMEM, "%s: out of memory", name);
	set->file_names = names;
	ms = realloc(set->file_ms, (set->nfiles + 1) * sizeof(*ms));
	if (!ms)
		return fr_errf(err, -ENOMEM, "%s: out of memory", name);
	set->file_ms = ms;
	ms[set->nfiles] = one->file_ms ? one->file_ms[0] : 0;
	/* The jobs move: their file is this set's input @set->nfiles now. */
	for (k = 0; k < one->njobs; k++) {
		set->jobs[set->njobs] = one->jobs[k];
		set->jobs[set->njobs++].file += set->nfiles;
	}
	one->njobs = 0;
	names[set->nfiles++] = one->file_names[0];
	one->file_names[0] = NULL;
	fj_set_release(one);
	return 0;
}
