// SPDX-License-Identifier: GPL-2.0-only
/*
 * curve.c -- an open-loop latency curve read from its points' fio JSON
 * (see curve.h): the figures of each point, whether it held its rate, and
 * why the curve stopped. The files' formatting is curve_out.c.
 */
#include "curve.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fr_file.h"
#include "infer.h"
#include "jscan.h"
#include "jval.h"
#include "lathist.h"

#define MAX_LATS 64

bool cv_name_parse(const char *s, unsigned int *num, double *pct, double *max_iops)
{
	int used = 0;

	if (!s || sscanf(s, "c%u-%lfpct-max%lf%n", num, pct, max_iops, &used) != 3 ||
	    (size_t)used != strlen(s))
		return false;
	return *num > 0 && *pct > 0 && *max_iops > 0;
}

void cv_name_format(char *buf, size_t len, unsigned int num, double pct, double max_iops)
{
	snprintf(buf, len, "c%03u-%gpct-max%.0f", num, pct, max_iops);
}

/* An option as fio echoed it: the job's, else the global one. */
static const char *opt(json_t *job, json_t *global, const char *key)
{
	const char *v = json_string_value(json_object_get(json_object_get(job, "job options"), key));

	return v ? v : json_string_value(json_object_get(global, key));
}

/* A latency object's bins (json+) folded into @h; false when it has none. */
static bool add_bins(struct lathist *h, json_t *lat)
{
	json_t *bins = json_object_get(lat, "bins"), *v;
	const char *k;

	if (!json_is_object(bins))
		return false;
	json_object_foreach(bins, k, v) {
		double ns = strtod(k, NULL);
		json_int_t c = json_integer_value(v);

		if (ns < 0 || c <= 0)
			continue;
		h->bucket[lh_bucket_of((uint64_t)ns)] += (uint64_t)c;
		h->n += (uint64_t)c;
	}
	return true;
}

/*
 * Percentile @p (100: the maximum) over latency objects @l, ns; -1 when
 * unknown: one object gives its own list (or bins); several need bins
 * (merged as fio would), their listed percentiles do not combine.
 */
static double lat_pct(json_t **l, size_t n, double p)
{
	struct lathist *h;
	double v = -1;
	size_t i;

	if (!n)
		return -1;
	if (p >= 100) {
		for (i = 0; i < n; i++)
			v = fmax(v, jv_num(l[i], "max", -1));
		return v;
	}
	if (n == 1) {
		char key[32];

		snprintf(key, sizeof(key), "%f", p);
		v = jv_num(json_object_get(l[0], "percentile"), key, -1);
		if (v >= 0)
			return v;
	}
	h = calloc(1, sizeof(*h));
	if (!h)
		return -1;
	for (i = 0; i < n && add_bins(h, l[i]); i++)
		;
	if (i == n && h->n)
		v = (double)lh_percentile(h, p);
	free(h);
	return v;
}

/* @c's figures from the objects @l with samples (N > 0). */
static void lat_fill(struct cv_lat *c, json_t **l, size_t n, const struct kn_bound *b)
{
	double sum = 0;
	size_t i;

	*c = (struct cv_lat){ .mean = -1, .p50 = -1, .p99 = -1, .p999 = -1, .at_bound = -1, .at_bound2 = -1 };
	for (i = 0; i < n; i++) {
		double cnt = jv_num(l[i], "N", -1);

		c->n += (uint64_t)cnt;
		sum += cnt * jv_num(l[i], "mean", -1);
	}
	if (!c->n)
		return;
	c->present = true;
	c->mean = sum / (double)c->n;
	c->p50 = lat_pct(l, n, 50);
	c->p99 = lat_pct(l, n, 99);
	c->p999 = lat_pct(l, n, 99.9);
	if (b && b->set) {
		double v = b->pct > 0 ? lat_pct(l, n, b->pct) : c->mean;

		c->at_bound = v >= 0 ? v / 1e6 : -1;
		if (b->ms2 > 0) {
			v = b->pct2 > 0 ? lat_pct(l, n, b->pct2) : c->mean;
			c->at_bound2 = v >= 0 ? v / 1e6 : -1;
		}
	}
}

/* The directions a job's rw= does: bit 0 reads, bit 1 writes. */
static unsigned int dirs_of(const char *rw)
{
	if (!rw)
		return 1;
	if (strstr(rw, "rw") || !strcmp(rw, "readwrite") || !strcmp(rw, "trimwrite"))
		return 3;
	return strstr(rw, "write") ? 2 : 1;
}

/* rate_iops=R[,W] as fio reads it: one value for both directions. */
static bool rates_of(const char *s, double r[2])
{
	char *end;

	r[0] = r[1] = 0;
	if (!s || !*s)
		return false;
	r[0] = *s == ',' ? 0 : strtod(s, &end);
	if (*s == ',')
		end = (char *)s;
	if (*end == ',')
		r[1] = strtod(end + 1, NULL);
	else
		r[1] = r[0];
	return r[0] > 0 || r[1] > 0;
}

/* Collected over a point's jobs. */
struct acc {
	json_t *svc[MAX_LATS], *rsp[MAX_LATS];
	size_t nsvc, nrsp;
	bool rated;
};

static void add_job(struct cv_point *p, struct acc *a, json_t *job, json_t *global)
{
	static const char *const dname[2] = { "read", "write" };
	const char *rw = opt(job, global, "rw"), *proc = opt(job, global, "rate_process");
	const char *depth = opt(job, global, "iodepth");
	json_t *ol = json_object_get(job, "fiorion_openloop");
	unsigned int dirs = dirs_of(rw ? rw : opt(job, global, "readwrite"));
	double rate[2];
	int d;

	a->rated |= rates_of(opt(job, global, "rate_iops"), rate);
	p->depth_cap += depth ? (unsigned int)strtoul(depth, NULL, 10) : 1;
	snprintf(p->arrival, sizeof(p->arrival), "%s",
		 proc && !strcmp(proc, "poisson") ? "poisson" : "uniform");
	if (json_is_object(ol)) {
		const char *arr = json_string_value(json_object_get(ol, "arrival"));
		double w = jv_num(ol, "slot_waits", -1), late = jv_num(ol, "late_p99_ns", -1);
		double n = jv_num(ol, "arrivals", -1);

		if (n >= 0)
			p->arrivals = (p->arrivals < 0 ? 0 : p->arrivals) + n;
		if (arr)
			snprintf(p->arrival, sizeof(p->arrival), "%s", arr);
		if (w >= 0)
			p->slot_waits = (p->slot_waits < 0 ? 0 : p->slot_waits) + (int64_t)w;
		if (late >= 0)
			p->late_p99_ns = fmax(p->late_p99_ns, late);
	}
	for (d = 0; d < 2; d++) {
		json_t *dj = json_object_get(job, dname[d]), *l;

		if (!(dirs & (1u << d)))
			continue;
		p->target += rate[d];
		p->achieved += fmax(jv_num(dj, "iops", -1), 0);
		p->ios += fmax(jv_num(dj, "total_ios", -1), 0);
		l = json_object_get(dj, "lat_ns");
		if (jv_num(l, "N", -1) > 0 && a->nsvc < MAX_LATS)
			a->svc[a->nsvc++] = l;
		l = json_object_get(dj, "fiorion_response_ns");
		if (jv_num(l, "N", -1) > 0 && a->nrsp < MAX_LATS)
			a->rsp[a->nrsp++] = l;
	}
}

/* The last document of @buf, decoded; NULL with @err set. */
static json_t *last_doc(const char *name, const char *buf, size_t len, struct fr_err *err)
{
	size_t pos = js_first_doc(buf, len), next;
	json_t *doc = NULL;
	json_error_t je;

	while (pos < len) {
		next = js_next_doc(buf, len, pos + 1);
		json_decref(doc);
		doc = json_loadb(buf + pos, next - pos, JSON_DISABLE_EOF_CHECK, &je);
		if (!doc) {
			js_error_at(name, buf, len, pos, err);
			return NULL;
		}
		pos = next;
	}
	if (!doc)
		fr_errf(err, -EINVAL, "%s: no JSON document", name);
	return doc;
}

int cv_point_read(struct cv_point *p, const char *name, const char *buf, size_t len,
		  const struct kn_bound *b, struct fr_err *err)
{
	json_t *doc = last_doc(name, buf, len, err), *jobs, *job, *global;
	struct acc a = { .nsvc = 0 };
	const struct cv_lat *judged;
	size_t i, found = 0;

	*p = (struct cv_point){ .slot_waits = -1, .late_p99_ns = -1, .outstanding = -1, .arrivals = -1 };
	if (!doc)
		return -EBADMSG;
	global = json_object_get(doc, "global options");
	jobs = json_object_get(doc, "client_stats");
	if (!json_is_array(jobs))
		jobs = json_object_get(doc, "jobs");
	json_array_foreach(jobs, i, job) {
		unsigned int n;
		double pct, max;

		/* fio's sum of the hosts ("All clients") would count them twice. */
		if (!cv_name_parse(json_string_value(json_object_get(job, "jobname")), &n, &pct,
				   &max))
			continue;
		if (found++ && (n != p->num || pct != p->pct || max != p->max_iops)) {
			json_decref(doc);
			return fr_errf(err, -EINVAL, "%s: jobs of two curve points (c%03u and c%03u)",
				       name, p->num, n);
		}
		p->num = n, p->pct = pct, p->max_iops = max;
		if (found == 1 && opt(job, global, "backend"))
			snprintf(p->backend, sizeof(p->backend), "%s", opt(job, global, "backend"));
		if (found == 1)
			p->fiorion_engine = or_fiorion_engine(opt(job, global, "ioengine"));
		add_job(p, &a, job, global);
	}
	if (!found || !a.rated) {
		json_decref(doc);
		return fr_errf(err, found ? -EINVAL : -ENOENT,
			       found ? "%s: the curve point's jobs have no rate_iops= (not an open-loop point)"
				     : "%s: no job named as a curve point (cNNN-<PCT>pct-max<IOPS>)",
			       name);
	}
	if (jv_str(doc, "fio version"))
		snprintf(p->fio_version, sizeof(p->fio_version), "%s", jv_str(doc, "fio version"));
	lat_fill(&p->svc, a.svc, a.nsvc, b);
	lat_fill(&p->rsp, a.rsp, a.nrsp, b);
	p->held = p->arrivals > 0 ? p->ios >= CV_HELD_FRACTION * p->arrivals
				  : p->achieved >= CV_HELD_FRACTION * p->target;
	if (p->svc.present)
		p->outstanding = p->achieved * p->svc.mean / 1e9;
	judged = p->rsp.present ? &p->rsp : &p->svc;
	p->over = b && b->set &&
		(judged->at_bound > b->ms || (b->ms2 > 0 && judged->at_bound2 > b->ms2));
	json_decref(doc);
	return 0;
}

/* Why the curve stopped: its last point ended it early (not held, over the bound). */
static void judge_stop(struct cv_curve *c)
{
	const struct cv_point *p = c->n ? &c->pts[c->n - 1] : NULL;
	size_t n;

	c->stop[0] = '\0';
	if (!p || (c->planned && c->n >= c->planned) || (p->held && !p->over))
		return;
	n = (size_t)snprintf(c->stop, sizeof(c->stop), "Curve stopped at %g %% of max: ", p->pct);
	if (!p->held && p->arrivals > 0)
		n += (size_t)snprintf(c->stop + n, sizeof(c->stop) - n,
				      "%.0f I/Os completed of %.0f arrivals (under %.0f %%), the rate was not held",
				      p->ios, p->arrivals, CV_HELD_FRACTION * 100);
	else if (!p->held)
		n += (size_t)snprintf(c->stop + n, sizeof(c->stop) - n,
				      "%.0f IOPS achieved of %.0f asked (under %.0f %%), the rate was not held",
				      p->achieved, p->target, CV_HELD_FRACTION * 100);
	/* Both reasons when both hold: the bound is said even behind a rate not held. */
	if (p->over && n < sizeof(c->stop))
		snprintf(c->stop + n, sizeof(c->stop) - n, "%s%s latency %.3f ms crosses -max_latency %s",
			 p->held ? "" : "; ", p->rsp.present ? "response" : "service",
			 (p->rsp.present ? p->rsp.at_bound : p->svc.at_bound), c->bound.text);
}

int cv_add(struct cv_curve *c, const struct cv_point *p)
{
	struct cv_point *np = realloc(c->pts, (c->n + 1) * sizeof(*np));
	size_t k;

	if (!np)
		return -ENOMEM;
	c->pts = np;
	for (k = c->n; k > 0 && c->pts[k - 1].num > p->num; k--)
		c->pts[k] = c->pts[k - 1];
	c->pts[k] = *p;
	c->n++;
	c->response |= p->rsp.present;
	judge_stop(c);
	return 0;
}

void cv_set_planned(struct cv_curve *c, size_t planned)
{
	c->planned = planned;
	judge_stop(c);
}

static int cmp_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int cv_load_dir(struct cv_curve *c, const char *dir, const struct kn_bound *b,
		struct fr_err *err)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char **names = NULL;
	size_t n = 0, i;
	int ret = 0;

	if (b)
		c->bound = *b;
	if (!d)
		return errno == ENOENT ? 0 : fr_errf(err, -errno, "%s: %s", dir, strerror(errno));
	while ((e = readdir(d))) {
		size_t l = strlen(e->d_name);
		char **nn;

		if (l != 9 || e->d_name[0] != 'p' || strcmp(e->d_name + 4, ".json"))
			continue;
		nn = realloc(names, (n + 1) * sizeof(*names));
		if (!nn || !(nn[n] = strdup(e->d_name))) {
			names = nn ? nn : names;
			ret = -ENOMEM;
			break;
		}
		names = nn;
		n++;
	}
	closedir(d);
	if (n > 1)
		qsort(names, n, sizeof(*names), cmp_name);
	for (i = 0; !ret && i < n; i++) {
		char path[4096], *text = NULL;
		size_t len;
		struct cv_point p;

		snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
		ret = fr_read_file(path, "curve point", 0, FR_READ_TEXT, &text, &len, err);
		if (!ret)
			ret = cv_point_read(&p, path, text, len, b, err);
		if (!ret && (ret = cv_add(c, &p)))
			fr_errf(err, ret, "out of memory");
		free(text);
	}
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	if (ret == -ENOMEM && !err->msg[0])
		fr_errf(err, ret, "out of memory");
	return ret;
}

int cv_take_buffer(struct cv_curve *c, const char *name, const char *buf, size_t len,
		   bool *taken, struct fr_err *err)
{
	struct fr_err perr = { "" };
	struct cv_point p;
	int ret;

	*taken = false;
	/* Cheap first: a large json+ result that names no curve job is not decoded twice. */
	if (!memmem(buf, len, "pct-max", 7))
		return 0;
	ret = cv_point_read(&p, name, buf, len, &c->bound, &perr);
	/* Not JSON, or no curve job: fio's reader takes it, in its words. */
	if (ret == -ENOENT || ret == -EBADMSG)
		return 0;
	if (ret)
		return fr_errf(err, ret, "%s", perr.msg);
	*taken = true;
	ret = cv_add(c, &p);
	return ret ? fr_errf(err, ret, "out of memory") : 0;
}

int cv_take_file(struct cv_curve *c, const char *path, bool *taken, struct fr_err *err)
{
	struct fr_err perr = { "" };
	char *text = NULL;
	size_t len;
	int ret;

	*taken = false;
	/* Unreadable: fio's reader says why, in its words. */
	if (fr_read_file(path, "fio JSON", 0, 0, &text, &len, &perr))
		return 0;
	ret = cv_take_buffer(c, path, text, len, taken, err);
	free(text);
	return ret;
}

int cv_provenance(const struct cv_curve *c, struct or_params *p)
{
	const struct cv_point *pt = c && c->n ? &c->pts[0] : NULL;

	if (!pt)
		return 0;
	return or_prov_fill(p, pt->fio_version[0] ? pt->fio_version : NULL,
			    pt->backend[0] ? pt->backend : NULL, pt->fiorion_engine);
}

void cv_release(struct cv_curve *c)
{
	free(c->pts);
	c->pts = NULL;
	c->n = 0;
}
