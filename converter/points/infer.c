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
#include "jval.h"
#include "version.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

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

		if (x)
			v[n++] = x;
	}
	/* Sorted, then each level once (a scan per point was quadratic in a month of points). */
	qsort(v, n, sizeof(*v), cmp_i64);
	for (i = k = 0; i < n; i++)
		if (!k || v[k - 1] != v[i])
			v[k++] = v[i];
	*out = v;
	return k;
}

size_t or_plan_levels(const struct or_params *p, const struct pt_set *pts, bool small,
		      bool with_zero, int64_t **out)
{
	const int64_t *plan = p ? (small ? p->run->small_levels : p->run->large_levels) : NULL;
	size_t np = plan ? (small ? p->run->nsmall_levels : p->run->nlarge_levels) : 0;
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
static int lun_from_path(struct ri_run *r, size_t *cap, const char *path)
{
	struct stat st;

	if (r->nluns == *cap) {
		size_t ncap = *cap ? *cap * 2 : 8;
		struct fj_lun *n = realloc(r->luns, ncap * sizeof(*n));

		if (!n)
			return -ENOMEM;
		r->luns = n;
		*cap = ncap;
	}
	r->luns[r->nluns].name = strdup(path);
	if (!r->luns[r->nluns].name)
		return -ENOMEM;
	r->luns[r->nluns].size = stat(path, &st) == 0 && S_ISREG(st.st_mode)
		? (uint64_t)st.st_size
		: 0;
	r->nluns++;
	return 0;
}

struct lun_ctx {
	struct ri_run *r;
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
	ret = lun_from_path(c->r, &c->cap, path);
	free(path);
	return ret;
}

/*
 * LUN names from a job's lunfile=, luns= or filename= options. A lunfile
 * that cannot be read here (the results moved to another host) is
 * named as itself.
 */
static int luns_from_job(struct ri_run *r, const struct fj_job *j)
{
	const char *list = j->luns ? j->luns : j->filename;
	struct lun_ctx c = { r, r->nluns };
	int ret;

	if (j->lunfile) {
		char *text;
		size_t len;

		if (fr_read_file(j->lunfile, "lun file", 64u << 20, FR_READ_TEXT, &text, &len, NULL))
			return lun_from_path(r, &c.cap, j->lunfile);
		ret = fr_lunlist_each(text, '\n', lun_entry, &c);
		free(text);
		return ret;
	}
	return list ? fr_lunlist_each(list, ':', lun_entry, &c) : 0;
}

/* --------------------------------------------------------- warnings */

size_t or_nwarnings(const struct or_params *p)
{
	return p->run->nwarnings + p->nwarnings;
}

const char *or_warning(const struct or_params *p, size_t i)
{
	return i < p->run->nwarnings ? p->run->warnings[i] : p->warnings[i - p->run->nwarnings];
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
 * from the storage, as the results show it (the run's own warnings are
 * the run's).
 */
static int add_warnings(struct or_params *p, const struct pt_set *pts)
{
	const struct ri_run *r = p->run;
	const struct pt_point *low = NULL;
	size_t i;
	int ret = 0;

	if (r->cache_size > 0 && r->vlun_size &&
	    r->vlun_size <= (uint64_t)r->cache_size * 1048576)
		ret = add_warning(p, "the volume (%llu MB) is not larger than the declared -cache_size (%lld MB): the array's cache can hold all of it, so these numbers may be the cache's, not the disks'",
				  (unsigned long long)(r->vlun_size / 1048576), (long long)r->cache_size);
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

static bool host_listed(const struct ri_run *r, size_t n, const char *name)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(r->hosts[i].name, name))
			return true;
	return false;
}

/*
 * The run's hosts: run.json's (the first of each name), then any other
 * host the jobs name (a run converted from plain fio JSON has only
 * those). 0, a warning's -ENOMEM, or -ENOMEM.
 */
static int hosts_list(struct or_params *p, const struct fj_set *in)
{
	struct ri_run *r = p->run;
	size_t listed = 0, cap, i;
	int ret = 0;

	for (i = 0; i < r->nhosts; i++) {
		if (host_listed(r, listed, r->hosts[i].name)) {
			ri_host_release(&r->hosts[i]);
			continue;
		}
		r->hosts[listed++] = r->hosts[i];
	}
	cap = r->nhosts;
	r->nhosts = listed;
	for (i = 0; i < in->njobs && !ret; i++) {
		const char *name = in->jobs[i].host;
		struct ri_host *h;

		if (!name || host_listed(r, r->nhosts, name))
			continue;
		if (r->nhosts == cap) {
			cap = cap ? cap * 2 : 4;
			h = realloc(r->hosts, cap * sizeof(*h));
			if (!h)
				return -ENOMEM;
			r->hosts = h;
		}
		h = &r->hosts[r->nhosts];
		memset(h, 0, sizeof(*h));
		h->name = strdup(name);
		if (!h->name)
			return -ENOMEM;
		r->nhosts++;
		if (listed)
			ret = add_warning(p, "the results have jobs of host %s, which run.json's hosts do not list; it is counted in the totals and listed after them",
					  name);
	}
	return ret;
}

/*
 * -sum without run.json: each host's LUNs as the first job of its file
 * names them (sumhosts.h), the volume's size the first host's.
 */
static int file_host_luns(struct ri_run *r, const struct fj_set *in)
{
	size_t i, k;
	int ret = 0;

	for (i = 0; i < r->nhosts && !ret; i++) {
		struct ri_host *h = &r->hosts[i];
		struct ri_run one = { 0 };

		for (k = 0; k < in->njobs; k++)
			if (in->jobs[k].host && !strcmp(in->jobs[k].host, h->name))
				break;
		if (k == in->njobs || h->nluns)
			continue;
		ret = luns_from_job(&one, &in->jobs[k]);
		h->luns = one.luns;
		h->nluns = one.nluns;
		for (k = 0; k < h->nluns; k++)
			h->vlun_size += h->luns[k].size;
	}
	if (!r->vlun_size && r->nhosts)
		r->vlun_size = r->hosts[0].vlun_size;
	return ret;
}

/*
 * The hosts of a client/server run, each with its own points built as
 * the totals were, for that host alone.
 */
static int hosts_init(struct or_params *p, const struct fj_set *in,
		      const struct pt_set *pts)
{
	const struct ri_run *r = p->run;
	size_t i;
	int ret = hosts_list(p, in);

	if (!ret && in->hosts_from_files && !r->present)
		ret = file_host_luns(p->run, in);
	if (ret)
		return ret;
	p->host_pts = calloc(r->nhosts ? r->nhosts : 1, sizeof(*p->host_pts));
	if (!p->host_pts)
		return -ENOMEM;
	for (i = 0; i < r->nhosts; i++) {
		const struct ri_host *h = &r->hosts[i];
		struct pt_opts o = pts->opts;
		struct fr_err e;

		e.msg[0] = '\0';
		o.host = h->name;
		ret = pt_build(&p->host_pts[i], in, &o, &e);
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
		if (pts->opts.merge == PT_MERGE_MEAN && pts->pts[i].merged && r->nhosts) {
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
	if (!p->bound.set && !p->run->stop_at_knee)
		return 0;
	return kn_find_all(pts, &p->bound, &p->knees, &p->nknees, err);
}

/* run.json's bound, and the knees under it. */
static int answers_init(struct or_params *p, const struct pt_set *pts, struct fr_err *err)
{
	struct kn_bound b;
	int ret;

	memset(&b, 0, sizeof(b));
	if (p->run->max_latency) {
		struct fr_err e;

		e.msg[0] = '\0';
		if (kn_parse(&b, p->run->max_latency, &e)) {
			ret = add_warning(p, "run.json's max_latency %s; the summary gives no answer under it",
					  e.msg);
			if (ret)
				return ret;
		}
	}
	return or_params_set_bound(p, pts, &b, err);
}

/* ------------------------------------------------------------ params */

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

/*
 * The run's names: the summary's version line, the testname, the
 * command line and the start, each the run's own unless the caller or
 * the results give it. 0 or -ENOMEM.
 */
static int names_init(struct ri_run *r, const struct fj_set *in, const char *testname,
		      char **argv, size_t argc)
{
	char *t;
	size_t i;

	if (!r->orion_version &&
	    asprintf(&r->orion_version, "fiorion-%s", r->version ? r->version : FIORION_VERSION) < 0) {
		r->orion_version = NULL;
		return -ENOMEM;
	}
	/*
	 * A name the input carries is only a name: its last component, so the
	 * files stay in the output folder ("../../x" or "/etc/x" in a JSON
	 * file must not say where they go). The user's own name is theirs.
	 */
	t = strdup(testname ? testname : input_name(r->testname));
	if (!t)
		return -ENOMEM;
	free(r->testname);
	r->testname = t;
	if (argv) {
		for (i = 0; i < r->argc; i++)
			free(r->argv[i]);
		free(r->argv);
		r->argc = 0;
		r->argv = calloc(argc + 1, sizeof(*r->argv));
		if (!r->argv)
			return -ENOMEM;
		for (; r->argc < argc; r->argc++)
			if (!(r->argv[r->argc] = jv_strdup(argv[r->argc])))
				return -ENOMEM;
	}
	if (!r->start)
		r->start = in->timestamp;
	return 0;
}

/*
 * Whatever the run did not say, the results do: the block sizes, and
 * without a run description the large I/O's kind and streams, the
 * duration and the share of the I/O actually written.
 */
static void infer_from_points(struct ri_run *r, const struct pt_set *pts)
{
	uint64_t ios_all = 0, ios_w = 0;
	size_t i;

	for (i = 0; i < pts->n; i++) {
		const struct pt_point *pt = &pts->pts[i];
		double secs = pt->small.secs > pt->large.secs ? pt->small.secs
							      : pt->large.secs;

		if (!r->size_small && pt->small.present)
			r->size_small = pt->small.avg_bs / 1024;
		if (!r->size_large && pt->large.present)
			r->size_large = pt->large.avg_bs / 1024;
		if (!r->present) {
			if (pt->large.present && !pt->large.rand)
				r->seq = true;
			if (pt->large.present && !pt->large.rand && !r->num_streamio)
				r->num_streamio = pt->large.stream_depth;
			ios_all += pt->small.ios[0] + pt->small.ios[1] + pt->large.ios[0] +
				pt->large.ios[1];
			ios_w += pt->small.ios[1] + pt->large.ios[1];
			if ((uint64_t)llround(secs) > r->duration)
				r->duration = (uint64_t)llround(secs);
		}
	}
	if (!r->present && ios_all)
		r->write_pct = 100.0 * (double)ios_w / (double)ios_all;
}

/*
 * Without a run description: the columns the points have, the count
 * (with ORION's (0, 0) point), and the volume as the first job's options
 * name it. 0, a warning's -ENOMEM, or -ENOMEM.
 */
static int infer_volume(struct or_params *p, const struct fj_set *in, const struct pt_set *pts)
{
	struct ri_run *r = p->run;
	size_t i;
	int ret = 0;

	if (!r->present) {
		r->cache_size = -1;
		r->nsmall_cols = or_levels(pts, true, true, &r->small_cols);
		r->nlarge_cols = or_levels(pts, false, true, &r->large_cols);
		if (!r->small_cols || !r->large_cols)
			return -ENOMEM;
	}
	if (!r->total_points)
		r->total_points = pts->n + (pt_find(pts, 0, 0) ? 0 : 1);
	if (!r->present && in->njobs && in->client_server) {
		/*
		 * fio 3.33 keeps one "global options" for all the servers: its
		 * luns= are one host's, and a stat() here is this host's.
		 */
		r->raid0 = in->jobs[0].simulate && !strcasecmp(in->jobs[0].simulate, "raid0");
		p->luns_unknown = true;
		ret = add_warning(p, "the LUNs of each host are not in fio's client/server JSON; give the run's run.json (<testname>_jobs/run.json) for them");
	} else if (!r->present && in->njobs && in->hosts_from_files) {
		/* -sum: each host's LUNs from its own file (hosts_init()). */
		r->raid0 = in->jobs[0].simulate && !strcasecmp(in->jobs[0].simulate, "raid0");
	} else if (!r->present && in->njobs) {
		const struct fj_job *j = &in->jobs[0];

		r->raid0 = j->simulate && !strcasecmp(j->simulate, "raid0");
		ret = luns_from_job(r, j);
	}
	if (!r->vlun_size)
		for (i = 0; i < r->nluns; i++)
			r->vlun_size += r->luns[i].size;
	return ret;
}

/* A copy of @s where *@dst has none; false when memory ran out. */
static bool fill(char **dst, const char *s)
{
	if (!*dst && s)
		*dst = strdup(s);
	return !s || *dst;
}

bool or_fiorion_engine(const char *ioengine)
{
	return ioengine && strstr(ioengine, "fiorion");
}

/* Whether a job of @in ran on fiorion's engine. */
static bool fiorion_engine(const struct fj_set *in)
{
	size_t i;

	for (i = 0; i < in->njobs; i++)
		if (or_fiorion_engine(in->jobs[i].ioengine))
			return true;
	return false;
}

int or_prov_fill(struct or_params *p, const char *fio_version, const char *backend,
		 bool fiorion_jobs)
{
	const struct ri_run *r = p->run;
	const bool builtin = fio_version && !strncmp(fio_version, "fiorion-", 8);
	bool ok = fill(&p->fio_version, fio_version);

	if (!p->runner && r->runner)
		p->runner = r->runner;
	else if (!p->runner && fio_version)
		p->runner = builtin ? RI_RUNNER_BUILTIN : RI_RUNNER_FIO;
	/* -runner fio's fio, from run.json, when no point said its version. */
	if (p->runner == RI_RUNNER_FIO)
		ok = fill(&p->fio_version, r->fio_version) && ok;
	ok = fill(&p->engine, r->engine_version) && ok;
	if (builtin)
		ok = fill(&p->engine, fio_version + 8) && ok;
	ok = fill(&p->backend, r->backend) && fill(&p->backend, backend) && ok;
	if (!p->backend && fiorion_jobs) {
		p->backend_default = true;
		ok = fill(&p->backend, "io_uring") && ok;
	}
	return ok ? 0 : -ENOMEM;
}

int or_params_init(struct or_params *p, struct fj_set *in,
		   const struct pt_set *pts, const char *testname,
		   char **argv, size_t argc, struct fr_err *err)
{
	size_t i;
	int ret;

	memset(p, 0, sizeof(*p));
	p->run = &in->run;
	p->write_asked = in->run.present;
	for (i = 0; i < in->njobs && !in->jobs[i].backend; i++)
		;
	ret = or_prov_fill(p, in->fio_version, i < in->njobs ? in->jobs[i].backend : NULL,
			   fiorion_engine(in));
	if (!ret)
		ret = names_init(p->run, in, testname, argv, argc);
	if (!ret) {
		infer_from_points(p->run, pts);
		ret = infer_volume(p, in, pts);
	}
	if (!ret)
		ret = add_warnings(p, pts);
	if (ret != -ENOMEM)
		ret = hosts_init(p, in, pts);
	if (ret != -ENOMEM)
		ret = answers_init(p, pts, err);
	if (ret == -ENOMEM) {
		or_params_release(p);
		return fr_errf(err, -ENOMEM, "out of memory");
	}
	return 0;
}

void or_params_release(struct or_params *p)
{
	size_t i;

	free(p->fio_version);
	free(p->backend);
	free(p->engine);
	for (i = 0; i < p->nwarnings; i++)
		free(p->warnings[i]);
	free(p->warnings);
	for (i = 0; p->host_pts && p->run && i < p->run->nhosts; i++)
		pt_set_release(&p->host_pts[i]);
	free(p->host_pts);
	free(p->knees);
	memset(p, 0, sizeof(*p));
}
