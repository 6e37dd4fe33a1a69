// SPDX-License-Identifier: GPL-2.0-only
/*
 * tslog.c -- a point's IOPS and bandwidth over its time from fio's logs
 * beside its JSON (tslog.h).
 */
#include "tslog.h"

#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runinfo.h"

/* One host's sums while reading. */
struct acc {
	char name[80];
	size_t n, cap;
	double *iops, *kib;
};

struct rd {
	struct acc a[RI_MAX_HOSTS];
	size_t na;
	unsigned int window_ms;
	size_t nfiles;
	bool oom;
};

/*
 * @entry is JOBNAME[.TAG]_KIND.N.log[.HOST] of @job: its kind (0 iops,
 * 1 bw) and the host's label in @label (TAG, else HOST, else "").
 */
static int match(const char *entry, const char *job, char *label, size_t len)
{
	static const char *const kinds[] = { "_iops.", "_bw." };
	size_t l = strlen(job), tl = 0;
	const char *rest = entry + l, *k = NULL, *p;
	int kind;

	if (strncmp(entry, job, l) || (rest[0] != '.' && rest[0] != '_'))
		return -1;
	for (kind = 0; kind < 2; kind++) {
		k = strstr(rest, kinds[kind]);
		if (k)
			break;
	}
	if (!k || (rest[0] == '_' && k != rest))
		return -1;
	if (rest[0] == '.')
		tl = (size_t)(k - rest - 1);
	p = k + strlen(kinds[kind]);
	if (*p < '0' || *p > '9')
		return -1;
	while (*p >= '0' && *p <= '9')
		p++;
	if (strncmp(p, ".log", 4) || (p[4] && p[4] != '.'))
		return -1;
	if (tl)
		snprintf(label, len, "%.*s", (int)tl, rest + 1);
	else
		snprintf(label, len, "%s", p[4] ? p + 5 : "");
	return kind;
}

static struct acc *host(struct rd *r, const char *label)
{
	size_t i;

	for (i = 0; i < r->na; i++)
		if (!strcmp(r->a[i].name, label))
			return &r->a[i];
	if (r->na == RI_MAX_HOSTS)
		return NULL;
	snprintf(r->a[r->na].name, sizeof(r->a[r->na].name), "%s", label);
	return &r->a[r->na++];
}

static bool grow(struct acc *a, size_t k)
{
	size_t cap = a->cap ? a->cap : 64, i;
	double *ni, *nk;

	if (k < a->cap)
		return true;
	while (cap <= k)
		cap *= 2;
	ni = realloc(a->iops, cap * sizeof(*ni));
	if (ni)
		a->iops = ni;
	nk = ni ? realloc(a->kib, cap * sizeof(*nk)) : NULL;
	if (!nk)
		return false;
	a->kib = nk;
	for (i = a->cap; i < cap; i++)
		a->iops[i] = a->kib[i] = NAN;
	a->cap = cap;
	return true;
}

/*
 * The window of a log's row at @t ms, W = @w, @prev the window of the
 * log's row before it in the same direction (0 for its first), by the
 * rule of docs/architecture.md, "Which window a log entry is in".
 */
static size_t window_of(double t, unsigned int w, size_t prev)
{
	double k = floor((t + TS_SLACK_MS) / w);

	if (!(k < TS_MAX_WINDOWS)) /* NaN too */
		return TS_MAX_WINDOWS;
	return (size_t)k > prev ? (size_t)k : prev + 1;
}

/* Entry @v at @t into its window; @prev its direction's window before (updated). */
static bool add(struct rd *r, struct acc *a, int kind, double t, double v, unsigned int w,
		size_t *prev)
{
	size_t k = window_of(t, w, *prev);
	double *x;

	*prev = k;
	if (k >= TS_MAX_WINDOWS)
		return true;
	if (!grow(a, k)) {
		r->oom = true;
		return false;
	}
	x = kind ? &a->kib[k] : &a->iops[k];
	*x = isnan(*x) ? v : *x + v;
	if (k + 1 > a->n)
		a->n = k + 1;
	return true;
}

/* "time, value, ddir, ...": @t, @v and @ddir (0 read, 1 write, 2 trim); false for anything else. */
static bool row(const char *line, double *t, double *v, int *ddir)
{
	long d;
	char *e;

	*t = strtod(line, &e);
	if (e == line || *e != ',' || *t < 0)
		return false;
	line = e + 1;
	*v = strtod(line, &e);
	if (e == line || *e != ',' || !isfinite(*v) || *v < 0)
		return false;
	line = e + 1;
	d = strtol(line, &e, 10);
	*ddir = (int)d;
	return e != line && d >= 0 && d <= 2;
}

/*
 * Add one log file's rows, @jw its job's window from the JSON (0: not
 * given there); false when its window is not the point's, or, found
 * from the log, it is not a windowed log (its first two entries not one
 * window apart: an entry per I/O).
 */
static bool read_log(struct rd *r, const char *path, int kind, const char *label, unsigned int jw)
{
	FILE *f = jw && r->window_ms && jw != r->window_ms ? NULL : fopen(path, "re");
	struct acc *a = f ? host(r, label) : NULL;
	unsigned int w = jw ? jw : r->window_ms;
	double t, v, t0 = 0, v0 = 0;
	size_t rows = 0, prev[3] = { 0, 0, 0 };
	char line[256];
	bool ok = true;
	int d, d0 = 0;

	if (!a) {
		if (f)
			fclose(f);
		return false;
	}
	while (ok && fgets(line, sizeof(line), f)) {
		if (!row(line, &t, &v, &d))
			continue;
		if (!rows++ && !jw) {
			/* no window in the JSON: fio's first entry closes the first window */
			if (!w)
				w = (unsigned int)(round(t / 100.0) * 100.0);
			t0 = t;
			v0 = v;
			d0 = d;
			ok = w >= 100;
			continue;
		}
		if (rows == 2 && !jw)
			ok = fabs(t - t0 - w) <= w / 2.0 && add(r, a, kind, t0, v0, w, &prev[d0]);
		ok = ok && add(r, a, kind, t, v, w, &prev[d]);
	}
	if (ok && rows == 1 && !jw)
		ok = add(r, a, kind, t0, v0, w, &prev[d0]);
	fclose(f);
	if (!ok || !rows)
		return false;
	r->window_ms = w;
	r->nfiles++;
	return true;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

void ts_dir_release(struct ts_dir *d)
{
	size_t i;

	for (i = 0; i < d->n; i++)
		free(d->names[i]);
	free(d->names);
	free(d->path);
	memset(d, 0, sizeof(*d));
}

/* @d listing @dir (kept when it already does). 0, -ENOMEM. */
static int list_dir(struct ts_dir *d, const char *dir)
{
	size_t cap = 0;
	struct dirent *e;
	DIR *h;

	if (d->path && !strcmp(d->path, dir))
		return 0;
	ts_dir_release(d);
	d->path = strdup(dir);
	if (!d->path)
		return -ENOMEM;
	h = opendir(dir);
	while (h && (e = readdir(h))) {
		if (!strstr(e->d_name, ".log"))
			continue;
		if (d->n == cap) {
			char **nn = realloc(d->names, (cap ? 2 * cap : 64) * sizeof(*nn));

			if (!nn) {
				closedir(h);
				return -ENOMEM;
			}
			d->names = nn;
			cap = cap ? 2 * cap : 64;
		}
		d->names[d->n] = strdup(e->d_name);
		if (!d->names[d->n]) {
			closedir(h);
			return -ENOMEM;
		}
		d->n++;
	}
	if (h)
		closedir(h);
	if (d->n)
		qsort(d->names, d->n, sizeof(*d->names), cmp_str);
	return 0;
}

/*
 * The logs in @d of the jobs @names[0..n), @ws their windows from the
 * JSON (0: not given): each job's names from the first that starts with it.
 */
static void read_dir(struct rd *r, const struct ts_dir *d, const char *const *names,
		     const unsigned int *ws, size_t n)
{
	size_t i, lo, hi, l;

	for (i = 0; i < n && !r->oom; i++) {
		l = strlen(names[i]);
		for (lo = 0, hi = d->n; lo < hi;) {
			size_t mid = (lo + hi) / 2;

			if (strcmp(d->names[mid], names[i]) < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		for (; lo < d->n && !strncmp(d->names[lo], names[i], l) && !r->oom; lo++) {
			char label[80], *path;
			int kind = match(d->names[lo], names[i], label, sizeof(label));

			if (kind < 0)
				continue;
			if (asprintf(&path, "%s/%s", d->path, d->names[lo]) < 0) {
				r->oom = true;
				break;
			}
			read_log(r, path, kind, label, ws[i]);
			free(path);
		}
	}
}

static int cmp_line(const void *a, const void *b)
{
	return strcmp(((const struct ts_line *)a)->name, ((const struct ts_line *)b)->name);
}

/* The total over the hosts at each window, then each host (two or more). */
static int finish(struct ts_point *out, struct rd *r)
{
	size_t i, k, n = 0;

	for (i = 0; i < r->na; i++)
		if (r->a[i].n > n)
			n = r->a[i].n;
	out->window_ms = r->window_ms;
	out->nfiles = r->nfiles;
	out->nlines = 1 + (r->na > 1 ? r->na : 0);
	out->lines = calloc(out->nlines, sizeof(*out->lines));
	if (!out->lines)
		return -ENOMEM;
	for (i = 0; i < out->nlines; i++) {
		struct ts_line *l = &out->lines[i];

		l->iops = malloc((n ? n : 1) * sizeof(*l->iops));
		l->mibs = malloc((n ? n : 1) * sizeof(*l->mibs));
		if (!l->iops || !l->mibs)
			return -ENOMEM;
		l->n = n;
		for (k = 0; k < n; k++) {
			size_t h, h0 = i ? i - 1 : 0, h1 = i ? i : r->na;
			double io = NAN, kb = NAN;

			for (h = h0; h < h1; h++) {
				const struct acc *a = &r->a[h];

				if (k < a->n && !isnan(a->iops[k]))
					io = isnan(io) ? a->iops[k] : io + a->iops[k];
				if (k < a->n && !isnan(a->kib[k]))
					kb = isnan(kb) ? a->kib[k] : kb + a->kib[k];
			}
			l->iops[k] = io;
			l->mibs[k] = kb / 1024.0;
		}
		if (i)
			snprintf(l->name, sizeof(l->name), "%s", r->a[i - 1].name);
	}
	if (out->nlines > 2)
		qsort(out->lines + 1, out->nlines - 1, sizeof(*out->lines), cmp_line);
	return 0;
}

int ts_load(struct ts_point *out, const struct pt_set *pts, const struct pt_point *pt,
	    struct ts_dir *cache)
{
	struct ts_dir own = { 0 }, *d = cache ? cache : &own;
	struct rd *r = calloc(1, sizeof(*r));
	const char **names = calloc(pt->nsrcs + 1, sizeof(*names));
	unsigned int file = 0, *ws = calloc(pt->nsrcs + 1, sizeof(*ws));
	size_t i, n = 0;
	char *dir = NULL;
	int ret = 0;

	memset(out, 0, sizeof(*out));
	if (!r || !names || !ws) {
		ret = -ENOMEM;
		goto out;
	}
	/* The first input's jobs of the point: with -repeat, pass 1. */
	for (i = 0; pts->in && i < pt->nsrcs; i++) {
		const struct fj_job *j = &pts->in->jobs[pt->srcs[i]];

		if (!n)
			file = j->file;
		if (j->file == file && j->name) {
			size_t k;

			/* -clients: every host's job has the same name */
			for (k = 0; k < n && strcmp(names[k], j->name); k++)
				;
			if (k == n)
				names[n++] = j->name;
			if (!ws[k])
				ws[k] = j->log_avg_ms;
		}
	}
	if (n && file < pts->in->nfiles && pts->in->file_names[file]) {
		const char *f = pts->in->file_names[file], *slash = strrchr(f, '/');

		if (asprintf(&dir, "%.*s", slash ? (int)(slash - f) : 1, slash ? f : ".") < 0) {
			dir = NULL;
			ret = -ENOMEM;
			goto out;
		}
		ret = list_dir(d, slash == f ? "/" : dir);
		if (!ret)
			read_dir(r, d, names, ws, n);
	}
	if (ret || r->oom)
		ret = -ENOMEM;
	else if (!r->nfiles)
		ret = -ENOENT;
	else
		ret = finish(out, r);
out:
	if (r)
		for (i = 0; i < r->na; i++) {
			free(r->a[i].iops);
			free(r->a[i].kib);
		}
	free(r);
	free(names);
	free(ws);
	free(dir);
	ts_dir_release(&own);
	if (ret)
		ts_release(out);
	return ret;
}

void ts_release(struct ts_point *p)
{
	size_t i;

	for (i = 0; p->lines && i < p->nlines; i++) {
		free(p->lines[i].iops);
		free(p->lines[i].mibs);
	}
	free(p->lines);
	memset(p, 0, sizeof(*p));
}
