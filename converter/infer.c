/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * infer.c -- the run's parameters for ORION's summary and trace: the
 * driver's description when the input has one, else what the fio results
 * and the jobs' options show; in a client/server run, its hosts and each
 * host's own points.
 *
 * Inference never invents: a figure the results do not give stays at its
 * "not entered" value, LUNs that cannot be found here are named with
 * size 0, and the warnings say when the numbers look like a cache's
 * rather than the storage's.
 */
#include "infer.h"
#include "fr_file.h"
#include "fr_lunlist.h"
#include "version.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static char *xstrdup(const char *s)
{
	return s ? strdup(s) : NULL;
}

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return x < y ? -1 : x > y;
}

size_t or_levels(const struct pt_set *pts, bool small, bool with_zero,
		 int64_t **out)
{
	int64_t *v = malloc((pts->n + 1) * sizeof(*v));
	size_t i, n = 0, k;

	if (!v) {
		*out = NULL;
		return 0;
	}
	if (with_zero)
		v[n++] = 0;
	for (i = 0; i < pts->n; i++) {
		int64_t x = small ? pts->pts[i].s : pts->pts[i].l;

		if (!x)
			continue;
		for (k = 0; k < n && v[k] != x; k++)
			;
		if (k == n)
			v[n++] = x;
	}
	qsort(v, n, sizeof(*v), cmp_i64);
	*out = v;
	return n;
}

size_t or_plan_levels(const struct or_params *p, const struct pt_set *pts, bool small,
		      bool with_zero, int64_t **out)
{
	const int64_t *plan = p ? (small ? p->plan_small : p->plan_large) : NULL;
	size_t np = p ? (small ? p->nplan_small : p->nplan_large) : 0;
	size_t n = or_levels(pts, small, with_zero, out), i, k;
	int64_t *v = *out ? realloc(*out, (n + np + 1) * sizeof(*v)) : NULL;

	if (!v) {
		free(*out);
		*out = NULL;
		return 0;
	}
	for (i = 0; i < np; i++) {
		for (k = 0; k < n && v[k] != plan[i]; k++)
			;
		if (k == n && (plan[i] || with_zero))
			v[n++] = plan[i];
	}
	qsort(v, n, sizeof(*v), cmp_i64);
	*out = v;
	return n;
}

/* ------------------------------------------------------------- LUNs */

/*
 * One LUN as the job named it. Its size is what stat() says here, for a
 * regular file; a block device, or a path that does not exist on this
 * host (the results were moved), is listed with size 0.
 */
static int lun_from_path(struct or_params *p, size_t *cap, const char *path)
{
	struct stat st;

	if (p->nluns == *cap) {
		size_t ncap = *cap ? *cap * 2 : 8;
		struct fj_lun *n = realloc(p->luns, ncap * sizeof(*n));

		if (!n)
			return -ENOMEM;
		p->luns = n;
		*cap = ncap;
	}
	p->luns[p->nluns].name = strdup(path);
	if (!p->luns[p->nluns].name)
		return -ENOMEM;
	p->luns[p->nluns].size = stat(path, &st) == 0 && S_ISREG(st.st_mode)
					 ? (uint64_t)st.st_size : 0;
	p->nluns++;
	return 0;
}

struct lun_ctx {
	struct or_params *p;
	size_t cap;
};

static int lun_entry(void *arg, const char *name, size_t len, unsigned int line)
{
	struct lun_ctx *c = arg;
	char *path = strndup(name, len);
	int ret;

	(void)line;
	if (!path)
		return -ENOMEM;
	ret = lun_from_path(c->p, &c->cap, path);
	free(path);
	return ret;
}

/*
 * LUN names from a job's lunfile=, luns= or filename= options. A lunfile
 * that cannot be read here (the results moved to another host) is
 * named as itself.
 */
static int luns_from_job(struct or_params *p, const struct fj_job *j)
{
	const char *list = j->luns ? j->luns : j->filename;
	struct lun_ctx c = { p, 0 };
	int ret;

	if (j->lunfile) {
		char *text;
		size_t len;

		if (fr_read_file(j->lunfile, "lun file", 64u << 20, FR_READ_TEXT, &text, &len, NULL))
			return lun_from_path(p, &c.cap, j->lunfile);
		ret = fr_lunlist_each(text, '\n', lun_entry, &c);
		free(text);
		return ret;
	}
	return list ? fr_lunlist_each(list, ':', lun_entry, &c) : 0;
}

/* ------------------------------------------------------------ params */

static int64_t *dup_i64(const int64_t *v, size_t n)
{
	int64_t *out = malloc((n ? n : 1) * sizeof(*out));

	if (out && n)
		memcpy(out, v, n * sizeof(*out));
	return out;
}

static int add_warning(struct or_params *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static int add_warning(struct or_params *p, const char *fmt, ...)
{
	char **n = realloc(p->warnings, (p->nwarnings + 1) * sizeof(*n));
	va_list ap;
	int len;

	if (!n)
		return -ENOMEM;
	p->warnings = n;
	va_start(ap, fmt);
	len = vasprintf(&n[p->nwarnings], fmt, ap);
	va_end(ap);
	if (len < 0)
		return -ENOMEM;
	p->nwarnings++;
	return 0;
}

/* Below this a small read did not reach a storage device (seeds 000/002). */
#define OR_DEVICE_MIN_LAT_NS 20000.0

/*
 * ORION's classic pitfall (seeds 000, 002): numbers from a cache, not
 * from the storage. The run's own warnings, then what the results show.
 */
static int add_warnings(struct or_params *p, const struct ri_run *r,
			const struct pt_set *pts)
{
	const struct pt_point *low = NULL;
	size_t i;
	int ret = 0;

	for (i = 0; i < r->nwarnings && !ret; i++)
		ret = add_warning(p, "%s", r->warnings[i]);
	if (!ret && p->cache_size > 0 && p->vlun_size &&
	    p->vlun_size <= (uint64_t)p->cache_size * 1048576)
		ret = add_warning(p, "the volume (%llu MB) is not larger than the declared -cache_size (%lld MB): the array's cache can hold all of it, so these numbers may be the cache's, not the disks'",
				  (unsigned long long)(p->vlun_size / 1048576), (long long)p->cache_size);
	/*
	 * The small-only point with reads at the lowest load. Reads only: a
	 * write cache acknowledging writes in microseconds is the storage's
	 * own behaviour, a read that fast is not the disks'.
	 */
	for (i = 0; i < pts->n; i++) {
		const struct pt_point *pt = &pts->pts[i];

		if (pt->small.present && !pt->large.present && pt->small.lat[PT_READ].n &&
		    (!low || pt->small.load < low->small.load))
			low = pt;
	}
	if (!ret && low && low->small.lat[PT_READ].mean < OR_DEVICE_MIN_LAT_NS)
		ret = add_warning(p, "small read latency at Small=%u is %.1f us, below what a block storage device gives (%.0f us; only storage-class memory is faster): the reads were likely served from memory (a LUN in RAM, a page or array cache), not from the storage",
				  low->small.load, low->small.lat[PT_READ].mean / 1000.0,
				  OR_DEVICE_MIN_LAT_NS / 1000.0);
	return ret;
}

/* ------------------------------------------------------------- hosts */

static struct fj_lun *dup_luns(const struct fj_lun *luns, size_t n)
{
	struct fj_lun *out = calloc(n ? n : 1, sizeof(*out));
	size_t i;

	for (i = 0; out && i < n; i++) {
		out[i].name = xstrdup(luns[i].name);
		out[i].size = luns[i].size;
		if (luns[i].name && !out[i].name) {
			while (i--)
				free(out[i].name);
			free(out);
			return NULL;
		}
	}
	return out;
}

/* The host named @name in @p, or a new one at the end (NULL: no memory). */
static struct or_host *host_get(struct or_params *p, size_t *cap, const char *name,
				bool *added)
{
	struct or_host *h;
	size_t i;

	*added = false;
	for (i = 0; i < p->nhosts; i++)
		if (!strcmp(p->hosts[i].name, name))
			return &p->hosts[i];
	if (p->nhosts == *cap) {
		size_t ncap = *cap ? *cap * 2 : 4;

		h = realloc(p->hosts, ncap * sizeof(*h));
		if (!h)
			return NULL;
		p->hosts = h;
		*cap = ncap;
	}
	h = &p->hosts[p->nhosts];
	memset(h, 0, sizeof(*h));
	h->name = strdup(name);
	if (!h->name)
		return NULL;
	p->nhosts++;
	*added = true;
	return h;
}

/*
 * The hosts of a client/server run: run.json's, then any other host the
 * jobs name (a run converted from plain fio JSON has only those), each
 * with its own points built as the totals were, for that host alone.
 */
static int hosts_init(struct or_params *p, const struct fj_set *in,
		      const struct pt_set *pts)
{
	const struct ri_run *r = &in->run;
	size_t cap = 0, i;
	bool added;
	int ret = 0;

	for (i = 0; i < r->nhosts; i++) {
		struct or_host *h = host_get(p, &cap, r->hosts[i].name, &added);

		if (!h)
			return -ENOMEM;
		if (!added)
			continue;
		h->fio_version = xstrdup(r->hosts[i].fio_version);
		h->luns = dup_luns(r->hosts[i].luns, r->hosts[i].nluns);
		if (!h->luns || (r->hosts[i].fio_version && !h->fio_version))
			return -ENOMEM;
		h->nluns = r->hosts[i].nluns;
		h->vlun_size = r->hosts[i].vlun_size;
	}
	for (i = 0; i < in->njobs; i++) {
		const char *name = in->jobs[i].host;

		if (!name)
			continue;
		if (!host_get(p, &cap, name, &added))
			return -ENOMEM;
		if (added && r->nhosts)
			ret = add_warning(p, "the results have jobs of host %s, which run.json's hosts do not list; it is counted in the totals and listed after them",
					  name);
		if (ret)
			return ret;
	}
	for (i = 0; i < p->nhosts; i++) {
		struct or_host *h = &p->hosts[i];
		struct pt_opts o = pts->opts;
		struct fr_err e;

		e.msg[0] = '\0';
		o.host = h->name;
		ret = pt_build(&h->pts, in, &o, &e);
		if (ret == -ENOMEM)
			return ret;
		if (ret == -ENOENT)
			ret = add_warning(p, "%s: its cells in the hosts file are empty", e.msg);
		else if (ret)
			ret = add_warning(p, "host %s: %s: its cells in the hosts file are empty",
					  h->name, e.msg);
		if (ret)
			return ret;
	}
	for (i = 0; i < pts->n && !ret; i++)
		if (pts->opts.merge == PT_MERGE_MEAN && pts->pts[i].merged && p->nhosts) {
			ret = add_warning(p, "-merge mean averaged groups at the same load (the first: Small=%u and Large=%u); the hosts file and the trace give each host's values of the first of them only",
					  pts->pts[i].s, pts->pts[i].l);
			break;
		}
	if (!ret && pts->nuneven) {
		const struct pt_point *u = NULL;

		for (i = 0; i < pts->n && !u; i++)
			if (pts->pts[i].uneven_hosts)
				u = &pts->pts[i];
		ret = add_warning(p, "at %zu data point(s) (the first: point %u) the hosts did not all hold the same load, so there Small and Large are the sums over the hosts (Small=%u and Large=%u), not per-host loads",
				  pts->nuneven, u->number, u->s, u->l);
	}
	return ret;
}

/* ----------------------------------------------------------- answers */

int or_params_set_bound(struct or_params *p, const struct pt_set *pts,
			const struct kn_bound *b, struct fr_err *err)
{
	free(p->knees);
	p->knees = NULL;
	p->nknees = 0;
	if (b)
		p->bound = *b;
	else
		memset(&p->bound, 0, sizeof(p->bound));
	/* The 5 % rule needs no bound; without either option, ORION's files. */
	if (!p->bound.set && !p->stop_at_knee)
		return 0;
	return kn_find_all(pts, &p->bound, &p->knees, &p->nknees, err);
}

/* run.json's bound, whether the ladders stopped, and why they did. */
static int answers_init(struct or_params *p, const struct ri_run *r,
			const struct pt_set *pts, struct fr_err *err)
{
	struct kn_bound b;
	size_t i;
	int ret;

	memset(&b, 0, sizeof(b));
	p->stop_at_knee = r->stop_at_knee;
	if (r->nstopped) {
		p->stopped = calloc(r->nstopped, sizeof(*p->stopped));
		if (!p->stopped)
			return -ENOMEM;
		for (i = 0; i < r->nstopped; i++) {
			p->stopped[i] = xstrdup(r->stopped[i]);
			if (r->stopped[i] && !p->stopped[i])
				return -ENOMEM;
			p->nstopped++;
		}
	}
	if (r->max_latency) {
		struct fr_err e;

		e.msg[0] = '\0';
		if (kn_parse(&b, r->max_latency, &e)) {
			ret = add_warning(p, "run.json's max_latency %s; the summary gives no answer under it",
					  e.msg);
			if (ret)
				return ret;
		}
	}
	return or_params_set_bound(p, pts, &b, err);
}

static const char *input_name(const char *t)
{
	const char *b;

	if (!t)
		return "orion";
	b = strrchr(t, '/');
	b = b ? b + 1 : t;
	if (!*b || !strcmp(b, ".") || !strcmp(b, ".."))
		return "orion";
	return b;
}

int or_params_init(struct or_params *p, const struct fj_set *in,
		   const struct pt_set *pts, const char *testname,
		   char **argv, size_t argc, struct fr_err *err)
{
	const struct ri_run *r = &in->run;
	uint64_t ios_all = 0, ios_w = 0;
	size_t i;
	int ret = 0;

	memset(p, 0, sizeof(*p));
	if (r->orion_version) {
		p->version = strdup(r->orion_version);
	} else {
		p->version = malloc(64);
		if (p->version)
			snprintf(p->version, 64, "fiorion-%s",
				 r->version ? r->version : FIORION_VERSION);
	}
	/*
	 * A name the input carries is only a name: its last component, so the
	 * files stay in the output folder ("../../x" or "/etc/x" in a JSON
	 * file must not say where they go). The user's own name is theirs.
	 */
	p->testname = xstrdup(testname ? testname : input_name(r->testname));
	if (argv) {
		p->argv = calloc(argc + 1, sizeof(*p->argv));
		for (i = 0; p->argv && i < argc; i++)
			p->argv[i] = xstrdup(argv[i]);
		p->argc = argc;
	} else if (r->argc) {
		p->argv = calloc(r->argc + 1, sizeof(*p->argv));
		for (i = 0; p->argv && i < r->argc; i++)
			p->argv[i] = xstrdup(r->argv[i]);
		p->argc = r->argc;
	}
	p->cache_size = -1;
	p->start = r->start ? r->start : in->timestamp;
	p->fio_version = in->fio_version ? strdup(in->fio_version) : NULL;
	p->matrix = r->matrix ? strdup(r->matrix) : NULL;
	p->kernel = r->kernel ? strdup(r->kernel) : NULL;
	for (i = 0; !p->backend && i < in->njobs; i++)
		if (in->jobs[i].backend)
			p->backend = strdup(in->jobs[i].backend);

	if (r->present) {
		p->size_small = r->size_small;
		p->size_large = r->size_large;
		p->seq = r->seq;
		p->num_streamio = r->num_streamio;
		p->raid0 = r->raid0;
		p->stripe_kb = r->stripe_kb;
		p->write_pct = r->write_pct;
		p->write_asked = true;
		p->cache_size = r->cache_size;
		p->duration = r->duration;
		p->total_points = r->total_points;
		p->plan_small = r->small_levels ? dup_i64(r->small_levels, r->nsmall_levels) : NULL;
		p->nplan_small = p->plan_small ? r->nsmall_levels : 0;
		p->plan_large = r->large_levels ? dup_i64(r->large_levels, r->nlarge_levels) : NULL;
		p->nplan_large = p->plan_large ? r->nlarge_levels : 0;
		p->small_cols = dup_i64(r->small_cols, r->nsmall_cols);
		p->nsmall_cols = r->nsmall_cols;
		p->large_cols = dup_i64(r->large_cols, r->nlarge_cols);
		p->nlarge_cols = r->nlarge_cols;
		if (r->nluns) {
			p->luns = calloc(r->nluns, sizeof(*p->luns));
			for (i = 0; p->luns && i < r->nluns; i++) {
				p->luns[i].name = xstrdup(r->luns[i].name);
				p->luns[i].size = r->luns[i].size;
			}
			p->nluns = p->luns ? r->nluns : 0;
		}
		p->vlun_size = r->vlun_size;
	}

	/* Whatever the run did not say, the results do. */
	for (i = 0; i < pts->n; i++) {
		const struct pt_point *pt = &pts->pts[i];
		double secs = pt->small.secs > pt->large.secs ? pt->small.secs
							      : pt->large.secs;

		if (!p->size_small && pt->small.present)
			p->size_small = pt->small.avg_bs / 1024;
		if (!p->size_large && pt->large.present)
			p->size_large = pt->large.avg_bs / 1024;
		if (!r->present) {
			if (pt->large.present && !pt->large.rand)
				p->seq = true;
			if (pt->large.present && !pt->large.rand && !p->num_streamio)
				p->num_streamio = pt->large.stream_depth;
			ios_all += pt->small.ios[0] + pt->small.ios[1] + pt->large.ios[0] +
				   pt->large.ios[1];
			ios_w += pt->small.ios[1] + pt->large.ios[1];
			if ((uint64_t)llround(secs) > p->duration)
				p->duration = (uint64_t)llround(secs);
		}
	}
	/* Without a run description: the share of the I/O actually written. */
	if (!r->present && ios_all)
		p->write_pct = 100.0 * (double)ios_w / (double)ios_all;
	if (!p->small_cols) {
		p->nsmall_cols = or_levels(pts, true, true, &p->small_cols);
		p->nlarge_cols = or_levels(pts, false, true, &p->large_cols);
	}
	if (!p->total_points)
		p->total_points = pts->n + (pt_find(pts, 0, 0) ? 0 : 1);
	if (!r->present && in->njobs && in->client_server) {
		/*
		 * fio 3.33 keeps one "global options" for all the servers: its
		 * luns= are one host's, and a stat() here is this host's.
		 */
		p->raid0 = in->jobs[0].simulate && !strcasecmp(in->jobs[0].simulate, "raid0");
		ret = add_warning(p, "the LUNs of each host are not in fio's client/server JSON; give the run's run.json (<testname>_jobs/run.json) for them");
	} else if (!r->present && in->njobs) {
		const struct fj_job *j = &in->jobs[0];

		p->raid0 = j->simulate && !strcasecmp(j->simulate, "raid0");
		ret = luns_from_job(p, j);
	}
	if (!p->vlun_size)
		for (i = 0; i < p->nluns; i++)
			p->vlun_size += p->luns[i].size;
	if (!ret)
		ret = add_warnings(p, r, pts);
	if (ret != -ENOMEM)
		ret = hosts_init(p, in, pts);
	if (ret != -ENOMEM)
		ret = answers_init(p, r, pts, err);
	if (!p->version || !p->testname || !p->small_cols || !p->large_cols ||
	    ret == -ENOMEM) {
		or_params_release(p);
		return fr_errf(err, -ENOMEM, "out of memory");
	}
	return 0;
}

void or_params_release(struct or_params *p)
{
	size_t i;

	free(p->version);
	free(p->testname);
	free(p->fio_version);
	free(p->kernel);
	free(p->backend);
	free(p->matrix);
	for (i = 0; p->argv && i < p->argc; i++)
		free(p->argv[i]);
	free(p->argv);
	free(p->small_cols);
	free(p->large_cols);
	free(p->plan_small);
	free(p->plan_large);
	for (i = 0; i < p->nluns; i++)
		free(p->luns[i].name);
	free(p->luns);
	for (i = 0; i < p->nwarnings; i++)
		free(p->warnings[i]);
	free(p->warnings);
	for (i = 0; i < p->nhosts; i++) {
		struct or_host *h = &p->hosts[i];
		size_t k;

		free(h->name);
		free(h->fio_version);
		for (k = 0; h->luns && k < h->nluns; k++)
			free(h->luns[k].name);
		free(h->luns);
		pt_set_release(&h->pts);
	}
	free(p->hosts);
	for (i = 0; i < p->nstopped; i++)
		free(p->stopped[i]);
	free(p->stopped);
	free(p->knees);
	memset(p, 0, sizeof(*p));
}
