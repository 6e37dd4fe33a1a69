/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rnlog.c -- fio's logs from the built-in runner (see rnlog.h): fio's
 * stat.c add_log_sample() windows and iolog.c's line formats.
 */
#include "rnlog.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lathist.h"

/* stat.c: LOG_MSEC_SLACK (not Windows). */
#define RL_SLACK_MS 1
#define RL_CHUNK 8192

struct rl_sample {
	uint64_t val; /* a histogram log's: its bins (uint64_t *) */
	uint64_t off, bs;
	uint64_t t;
	int ddir;
};

struct rl_chunk {
	struct rl_chunk *next;
	size_t n;
	struct rl_sample s[RL_CHUNK];
};

/*
 * stat.h: struct io_stat, what a window needs of it. The mean is the
 * exact sum over the count (fio's running mean, add_stat_sample(), is
 * the same number to within its floating-point rounding), with no
 * division on the I/O path.
 */
struct rl_window {
	uint64_t n, max, sum;
	uint64_t last; /* avg_last */
};

struct rl_log {
	char *path;
	struct rl_params p;
	struct rl_window win[2];
	struct rl_chunk *head, *tail;
	uint64_t entries;
	bool nomem; /* an entry was lost: the log is not written */
	/* A histogram log: the clat buckets at the last entry, per direction. */
	uint64_t *prev[2];
	uint64_t hist_last[2];
};

struct rl_log *rl_log_new(const char *path, const struct rl_params *p)
{
	struct rl_log *l = calloc(1, sizeof(*l));

	if (!l)
		return NULL;
	l->p = *p;
	l->path = strdup(path);
	if (p->hist_ms) {
		l->prev[0] = calloc(LH_NR, sizeof(uint64_t));
		l->prev[1] = calloc(LH_NR, sizeof(uint64_t));
	}
	if (!l->path || (p->hist_ms && (!l->prev[0] || !l->prev[1]))) {
		rl_log_free(l);
		return NULL;
	}
	return l;
}

static struct rl_sample *next_sample(struct rl_log *l)
{
	if (!l->tail || l->tail->n == RL_CHUNK) {
		struct rl_chunk *c = malloc(sizeof(*c));

		if (!c) {
			l->nomem = true;
			return NULL;
		}
		c->next = NULL;
		c->n = 0;
		if (l->tail)
			l->tail->next = c;
		else
			l->head = c;
		l->tail = c;
	}
	l->entries++;
	return &l->tail->s[l->tail->n++];
}

/* stat.c: __add_log_sample() */
static void entry(struct rl_log *l, uint64_t t, int ddir, uint64_t val, uint64_t bs,
		  uint64_t off)
{
	struct rl_sample *s = next_sample(l);

	if (!s)
		return;
	s->t = t;
	s->ddir = ddir;
	s->val = val;
	s->bs = bs;
	s->off = l->p.offset ? off : 0;
}

/* stat.c: __add_stat_to_log(): the window's entry, if it had samples. */
static void close_window(struct rl_log *l, int ddir, uint64_t t)
{
	struct rl_window *w = &l->win[ddir];

	if (w->n)
		entry(l, t, ddir,
		      l->p.log_max ? w->max : (uint64_t)((double)w->sum / (double)w->n + 0.50), 0, 0);
	w->n = 0;
	w->max = 0;
	w->sum = 0;
}

void rl_log_add(struct rl_log *l, uint64_t t, int ddir, uint64_t val, uint64_t bs,
		uint64_t off)
{
	struct rl_window *w = &l->win[ddir];

	if (!l->p.avg_ms) {
		entry(l, t, ddir, val, bs, off);
		return;
	}
	if (val > w->max)
		w->max = val;
	w->sum += val;
	w->n++;
	if (t < w->last)
		return;
	if (t - w->last < l->p.avg_ms &&
	    (l->p.inline_ || l->p.avg_ms - (t - w->last) > RL_SLACK_MS))
		return;
	close_window(l, ddir, t);
	w->last = t - t % l->p.avg_ms;
}

void rl_log_hist(struct rl_log *l, uint64_t t, int ddir, uint64_t bs, const uint64_t *bins)
{
	uint64_t win, *d;
	struct rl_sample *s;
	unsigned int i;

	if (!l->p.hist_ms)
		return;
	if (!l->hist_last[ddir])
		l->hist_last[ddir] = t;
	win = t - l->hist_last[ddir];
	if (win < l->p.hist_ms)
		return;
	/* iolog.c: flush_hist_samples() prints the change since the last entry. */
	d = malloc(LH_NR * sizeof(*d));
	if (!d) {
		l->nomem = true;
		return;
	}
	for (i = 0; i < LH_NR; i++) {
		d[i] = bins[i] - l->prev[ddir][i];
		l->prev[ddir][i] = bins[i];
	}
	s = next_sample(l);
	if (!s) {
		free(d);
		return;
	}
	s->t = t;
	s->ddir = ddir;
	s->val = (uint64_t)(uintptr_t)d;
	s->bs = bs;
	s->off = 0;
	l->hist_last[ddir] = t - (win - l->p.hist_ms);
}

void rl_log_finish(struct rl_log *l, uint64_t t)
{
	int ddir;

	if (l->p.hist_ms || !l->p.avg_ms)
		return;
	for (ddir = 0; ddir < 2; ddir++)
		close_window(l, ddir, t);
}

uint64_t rl_log_entries(const struct rl_log *l)
{
	return l->entries;
}

static int write_hist(FILE *f, const struct rl_log *l, const struct rl_sample *s)
{
	const uint64_t *b = (const uint64_t *)(uintptr_t)s->val;
	unsigned int stride = 1u << l->p.hist_coarse, i, k;

	fprintf(f, "%" PRIu64 ", %d, %" PRIu64 ", ", s->t, s->ddir, s->bs);
	for (i = 0; i < LH_NR; i += stride) {
		uint64_t sum = 0;

		for (k = 0; k < stride; k++)
			sum += b[i + k];
		fprintf(f, i + stride < LH_NR ? "%" PRIu64 ", " : "%" PRIu64 "\n", sum);
	}
	return ferror(f) ? -1 : 0;
}

/*
 * What is under a log's name @path when it is neither nothing nor a
 * regular file: -FR_ESAFETY and @err naming it (for @job's @kind log,
 * when @job is given). A symbolic link there is never followed -- its
 * target, whatever it is, would be truncated -- nor removed: the runner
 * did not put it there, and the user should see who did.
 */
static int name_free(const char *path, const char *job, const char *kind, struct fr_err *err)
{
	char what[256], to[4096];
	struct stat st;
	ssize_t n;

	if (lstat(path, &st) || S_ISREG(st.st_mode))
		return 0; /* nothing, or a file of ours: open_new() says what fails */
	if (job)
		snprintf(what, sizeof(what), "job '%s': its %s log", job, kind);
	else
		snprintf(what, sizeof(what), "log");
	if (!S_ISLNK(st.st_mode))
		return fr_errf(err, -FR_ESAFETY,
			       "%s '%s' is there and is not a regular file; remove it or name another log",
			       what, path);
	n = readlink(path, to, sizeof(to) - 1);
	to[n < 0 ? 0 : n] = '\0';
	return fr_errf(err, -FR_ESAFETY,
		       "%s '%s' is a symbolic link (to '%s'); a log is created new, never written through a link: remove the link (not its target) or name another log",
		       what, path, to);
}

/*
 * @l's file, created new: an earlier regular file of its name removed
 * first (the name only: a hard link's other names keep their data, where
 * fopen(.., "w") would truncate them), then O_EXCL, which fails on
 * whatever was put under the name since, a link included. per_job_logs=0
 * appends, as fio does, but only to a regular file (O_NOFOLLOW; a FIFO
 * is not waited on: O_NONBLOCK, then refused).
 */
static int open_new(const struct rl_log *l, FILE **out, struct fr_err *err)
{
	int flags = O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, fd, ret;
	struct stat st;

	ret = name_free(l->path, NULL, NULL, err);
	if (ret)
		return ret;
	if (l->p.append)
		flags |= O_APPEND;
	else if (unlink(l->path) && errno != ENOENT)
		return fr_errf_errno(err, "log '%s': cannot remove the earlier one", l->path);
	else
		flags |= O_EXCL;
	fd = open(l->path, flags, 0666);
	if (fd < 0) {
		ret = errno == EEXIST || errno == ELOOP ? name_free(l->path, NULL, NULL, err) : 0;
		return ret ? ret : fr_errf_errno(err, "log '%s': cannot create it", l->path);
	}
	if (fstat(fd, &st) || !S_ISREG(st.st_mode)) {
		close(fd);
		return fr_errf(err, -FR_ESAFETY, "log '%s' is there and is not a regular file; remove it or name another log",
			       l->path);
	}
	*out = fdopen(fd, l->p.append ? "a" : "w");
	if (!*out) {
		ret = fr_errf_errno(err, "log '%s': cannot open it", l->path);
		close(fd);
	}
	return ret;
}

int rl_log_write(struct rl_log *l, struct fr_err *err)
{
	const struct rl_chunk *c;
	static char buf[1 << 20];
	FILE *f = NULL;
	size_t i;
	int bad = 0;

	if (l->nomem)
		return fr_errf(err, -ENOMEM,
			       "log '%s': out of memory for its entries (%" PRIu64 " kept); it is not written",
			       l->path, l->entries);
	bad = open_new(l, &f, err);
	if (bad)
		return bad;
	setvbuf(f, buf, _IOFBF, sizeof(buf));
	for (c = l->head; c && !bad; c = c->next)
		for (i = 0; i < c->n && !bad; i++) {
			const struct rl_sample *s = &c->s[i];

			if (l->p.hist_ms)
				bad = write_hist(f, l, s);
			else if (l->p.offset)
				bad = fprintf(f, "%" PRIu64 ", %" PRIu64 ", %d, %" PRIu64 ", %" PRIu64 ", 0\n",
					      s->t, s->val, s->ddir, s->bs, s->off) < 0;
			else
				bad = fprintf(f, "%" PRIu64 ", %" PRIu64 ", %d, %" PRIu64 ", 0\n",
					      s->t, s->val, s->ddir, s->bs) < 0;
		}
	if (fclose(f) || bad)
		return fr_errf_errno(err, "log '%s': cannot write it", l->path);
	return 0;
}

void rl_log_free(struct rl_log *l)
{
	struct rl_chunk *c, *n;
	size_t i;

	if (!l)
		return;
	for (c = l->head; c; c = n) {
		n = c->next;
		if (l->p.hist_ms)
			for (i = 0; i < c->n; i++)
				free((void *)(uintptr_t)c->s[i].val);
		free(c);
	}
	free(l->prev[0]);
	free(l->prev[1]);
	free(l->path);
	free(l);
}

/* ------------------------------------------------------ a clone's logs */

/* init.c: make_log_name(), gen_log_name(); the directory checked. */
static int open_one(struct rl_log **out, const struct jp_job *j, const char *prefix,
		    const char *kind, unsigned int num, const struct rl_params *p,
		    struct fr_err *err)
{
	const char *pre = *prefix ? prefix : j->name;
	char path[4096], dir[4096], *slash;

	if ((j->per_job_logs ? snprintf(path, sizeof(path), "%s_%s.%u.log", pre, kind, num)
			     : snprintf(path, sizeof(path), "%s_%s.log", pre, kind)) >=
	    (int)sizeof(path))
		return fr_errf(err, -ENAMETOOLONG, "job '%s': the %s log's name is too long", j->name, kind);
	snprintf(dir, sizeof(dir), "%s", path);
	slash = strrchr(dir, '/');
	if (slash)
		slash[slash == dir] = '\0';
	if (access(slash ? dir : ".", W_OK))
		return fr_errf_errno(err, "job '%s': cannot write its %s log '%s' in '%s'", j->name,
				     kind, path, slash ? dir : ".");
	/* Before any I/O: a link planted under the name is refused (open_new()). */
	if (name_free(path, j->name, kind, err))
		return -FR_ESAFETY;
	*out = rl_log_new(path, p);
	return *out ? 0 : fr_errf(err, -ENOMEM, "out of memory");
}

int rl_open(struct rl_set *s, const struct jp_job *j, unsigned int num, struct fr_err *err)
{
	struct rl_params p = { .avg_ms = j->log_avg_ms, .log_max = j->log_max, .offset = j->log_offset, .append = !j->per_job_logs };
	int ret = 0;

	memset(s, 0, sizeof(*s));
	if (j->lat_log) {
		p.inline_ = true;
		ret = open_one(&s->lat, j, j->lat_log, "lat", num, &p, err);
		if (!ret)
			ret = open_one(&s->slat, j, j->lat_log, "slat", num, &p, err);
		if (!ret)
			ret = open_one(&s->clat, j, j->lat_log, "clat", num, &p, err);
		p.inline_ = false;
	}
	if (!ret && j->hist_log) {
		struct rl_params h = p;

		h.hist_ms = j->log_hist_ms;
		h.hist_coarse = j->log_hist_coarse;
		h.avg_ms = 0;
		h.offset = false;
		/* No interval, no entry: fio writes the file empty. */
		ret = open_one(&s->hist, j, j->hist_log, "clat_hist", num, &h, err);
	}
	if (!ret && j->bw_log) {
		struct rl_params b = p;

		/* init.c: the smaller of log_avg_msec and a given bwavgtime. */
		if (j->bw_avg_set && j->bw_avg_ms < b.avg_ms)
			b.avg_ms = j->bw_avg_ms;
		s->unit_bw = !b.avg_ms;
		ret = open_one(&s->bw, j, j->bw_log, "bw", num, &b, err);
	}
	if (!ret && j->iops_log) {
		struct rl_params b = p;

		if (j->iops_avg_set && j->iops_avg_ms < b.avg_ms)
			b.avg_ms = j->iops_avg_ms;
		s->unit_iops = !b.avg_ms;
		ret = open_one(&s->iops, j, j->iops_log, "iops", num, &b, err);
	}
	if (ret) {
		rl_close(s);
		return ret;
	}
	s->any = s->bw || s->iops || s->lat || s->hist;
	return 0;
}

void rl_io(struct rl_set *s, const struct rl_rec *r)
{
	if (s->lat)
		rl_log_add(s->lat, r->t_ms, r->ddir, r->lat_ns, r->bs, r->off);
	if (s->slat && r->has_slat)
		rl_log_add(s->slat, r->slat_t_ms, r->ddir, r->slat_ns, r->bs, r->off);
	if (s->clat)
		rl_log_add(s->clat, r->t_ms, r->ddir, r->clat_ns, r->bs, r->off);
	if (s->hist)
		rl_log_hist(s->hist, r->t_ms, r->ddir, r->bs, r->clat_bins);
	/* stat.c: add_bw_sample(), add_iops_sample(). */
	if (s->unit_bw && s->bw)
		rl_log_add(s->bw, r->t_ms, r->ddir, r->clat_ns ? r->bs * 1000000 / r->clat_ns : 0,
			   r->bs, r->off);
	if (s->unit_iops && s->iops)
		rl_log_add(s->iops, r->t_ms, r->ddir, 1, r->bs, r->off);
}

void rl_rate(struct rl_set *s, bool bw, uint64_t t_ms, int ddir, uint64_t rate, uint64_t bs)
{
	struct rl_log *l = bw ? s->bw : s->iops;

	if (l && !(bw ? s->unit_bw : s->unit_iops))
		rl_log_add(l, t_ms, ddir, rate, bs, 0);
}

void rl_finish(struct rl_set *s, uint64_t t_ms, bool rates)
{
	struct rl_log *const lat[] = { s->lat, s->slat, s->clat };
	size_t i;

	if (rates) {
		if (s->bw && !s->unit_bw)
			rl_log_finish(s->bw, t_ms);
		if (s->iops && !s->unit_iops)
			rl_log_finish(s->iops, t_ms);
		return;
	}
	for (i = 0; i < sizeof(lat) / sizeof(lat[0]); i++)
		if (lat[i])
			rl_log_finish(lat[i], t_ms);
	if (s->bw && s->unit_bw)
		rl_log_finish(s->bw, t_ms);
	if (s->iops && s->unit_iops)
		rl_log_finish(s->iops, t_ms);
}

int rl_write(struct rl_set *s, struct fr_err *err)
{
	struct rl_log *const all[] = { s->lat, s->slat, s->clat, s->hist, s->bw, s->iops };
	size_t i;
	int ret;

	for (i = 0; i < sizeof(all) / sizeof(all[0]); i++)
		if (all[i] && (ret = rl_log_write(all[i], err)))
			return ret;
	return 0;
}

void rl_close(struct rl_set *s)
{
	rl_log_free(s->bw);
	rl_log_free(s->iops);
	rl_log_free(s->lat);
	rl_log_free(s->clat);
	rl_log_free(s->slat);
	rl_log_free(s->hist);
	memset(s, 0, sizeof(*s));
}
