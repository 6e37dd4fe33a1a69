/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fjstream.c -- fio JSON read as a stream (fjstream.h says what and why).
 *
 * The bytes pass through a window (1 MiB, more only for a longer
 * token) and are read as tokens (fjtok.c). The text is held to
 * jansson's own rules (RFC 8259, valid UTF-8, no \u0000, integers in 64
 * bits, no real overflow) so that what passes here would pass jansson
 * too; the top-level members other than the jobs are handed to jansson
 * as their text, exactly as jscan.c hands them, so the document object
 * fiojson.c reads is the one it always read. Each job is read by
 * fjs_job() (fjjob.c), a jobs array's second half by a second thread
 * (fjpar.c) when the input allows.
 */
#include "fjstream.h"

#include <errno.h>
#include <sys/stat.h>
#include <jansson.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fj_priv.h"
#include "fjs_priv.h"
#include "fjtok.h"
#include "par.h"

/* The input left that is worth a second thread (fjs_priv.h): ~150 jobs of fio 3.33 json+. */
#define FJS_MIN_SPLIT (2LL << 20)

static void doc_clear_jobs(struct doc *d)
{
	size_t i;

	for (i = 0; i < d->jobs.njobs; i++)
		fj_job_release(&d->jobs.jobs[i]);
	d->jobs.njobs = 0;
	d->njobs = 0;
}

/*
 * A jobs array (f->p at its bracket), as jscan.c takes it: objects only;
 * read by two threads when the input allows (fjs_priv.h).
 */
static int jobs(struct fjs *f, struct doc *d)
{
	unsigned int order = 0;
	struct fjpar *par;
	long long x = -1, at;
	int c, ret = 0;

	doc_clear_jobs(d);
	d->had_jobs = true;
	f->p++;
	par = fjp_start(f, d, &x);
	c = fjt_next(f);
	while (c != ']') {
		if (c != '{') {
			ret = fjt_bad(f);
			break;
		}
		at = f->off + (f->p - f->buf);
		if (par && at >= x) {
			struct fjpar *p = par;

			par = NULL;
			if (at > x)
				fjp_cancel(p);
			else if (!fjp_join(p, f, d, &order)) {
				c = fjt_next(f); /* the bracket the second thread stopped at */
				continue;
			}
		}
		if (fjs_job(f, d, &order)) {
			ret = fjt_bad(f);
			break;
		}
		c = fjt_next(f);
		if (c == ']')
			break;
		if (c != ',') {
			ret = fjt_bad(f);
			break;
		}
		f->p++;
		c = fjt_next(f);
	}
	fjp_cancel(par);
	if (!ret)
		f->p++;
	return ret;
}

/* The document at f->p (its brace): its members into d->o, its jobs into d->jobs. */
static int document(struct fjs *f, struct doc *d)
{
	int c;

	f->p++;
	c = fjt_next(f);
	if (c == '}') {
		f->p++;
		return 0;
	}
	for (;;) {
		char key[64];
		json_error_t je;
		json_t *v;

		if (c != '"' || fjt_raw_key(f, key, sizeof(key)) || fjt_next(f) != ':')
			return fjt_bad(f);
		f->p++;
		c = fjt_next(f);
		if (!strcmp(key, "jobs") || !strcmp(key, "client_stats")) {
			if (c != '[' || jobs(f, d))
				return fjt_bad(f);
			v = json_true();
		} else {
			/* Global options after the jobs: they were read with the wrong ones. */
			if (c < 0 || (d->had_jobs && !strcmp(key, "global options")) || fjt_raw_value(f))
				return fjt_bad(f);
			v = json_loadb(f->raw, f->rawlen, JSON_DECODE_ANY, &je);
		}
		if (!v || json_object_set_new(d->o, key, v))
			return fjt_bad(f);
		c = fjt_next(f);
		if (c == '}') {
			f->p++;
			return 0;
		}
		if (c != ',')
			return fjt_bad(f);
		f->p++;
		c = fjt_next(f);
	}
}

/* The last document's jobs into @set, as fj_read_buffer() adds them. */
static int take(struct fj_set *set, const char *name, struct doc *d, unsigned int interim,
		struct fr_err *err)
{
	struct fj_job *n;
	int ret;

	if (!d->njobs && !json_is_object(json_object_get(d->o, "fiorion")))
		return FJS_UNSURE; /* fj_read_buffer() words it, with the line */
	ret = fj_take_doc(set, name, d->o, d->njobs, err);
	if (ret)
		return ret;
	if (d->jobs.njobs) {
		n = realloc(set->jobs, (set->njobs + d->jobs.njobs) * sizeof(*n));
		if (!n)
			return fr_errf(err, -ENOMEM, "%s: out of memory", name);
		memcpy(n + set->njobs, d->jobs.jobs, d->jobs.njobs * sizeof(*n));
		set->jobs = n;
		set->njobs += d->jobs.njobs;
		set->capjobs = set->njobs;
		set->client_server |= d->jobs.client_server;
		d->jobs.njobs = 0;
	}
	set->last_interim = interim;
	set->last_cut = false;
	return fj_add_name(set, name, err);
}

/* @f's input into @set (fjs_read()'s answers). */
static int read_stream(struct fjs *f, struct fj_set *set, const char *name, struct fr_err *err)
{
	struct doc d = { .jobs = { .nfiles = set->nfiles } };
	unsigned int docs = 0;
	int ret = FJS_UNSURE;

	if (fjt_alloc(f))
		return FJS_UNSURE;
	fjt_refill(f);
	if (fjt_find_doc(f, '\n')) {
		for (;;) {
			json_decref(d.o);
			doc_clear_jobs(&d);
			d.had_jobs = false;
			d.o = json_object();
			if (!d.o || document(f, &d) || f->bad)
				break;
			docs++;
			if (!fjt_find_doc(f, '}')) {
				if (!f->bad)
					ret = take(set, name, &d, docs - 1, err);
				break;
			}
		}
	}
	json_decref(d.o);
	doc_clear_jobs(&d);
	free(d.jobs.jobs);
	fjs_free(f);
	/* Past a limit: refused here, not given back to be read whole. */
	return f->toolong ? fjt_too_long(err, name, f->toolong, f->toolong_at) : ret;
}

int fjs_read(struct fj_set *set, const char *name, fjs_read_fn rd, void *src,
	     struct fr_err *err)
{
	struct fjs f = { .rd = rd, .src = src, .cap = FJS_CHUNK };

	return read_stream(&f, set, name, err);
}

int fjs_read_at(struct fj_set *set, const char *name, struct fjs_at *at, struct fr_err *err)
{
	struct fjs f = { .rd = fjs_at_read, .src = at, .at = at, .off = at->off, .cap = FJS_CHUNK };

	return read_stream(&f, set, name, err);
}

static long fd_read(void *src, char *buf, size_t len)
{
	for (;;) {
		ssize_t r = read(*(int *)src, buf, len);

		if (r >= 0 || errno != EINTR)
			return (long)r;
	}
}

int fjs_read_fd(struct fj_set *set, const char *name, int fd, struct fr_err *err)
{
	struct fjs_at at = { .fd = fd, .threads = par_cpus(2), .min_split = FJS_MIN_SPLIT };
	struct stat st;
	int ret;

	at.off = lseek(fd, 0, SEEK_CUR);
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || at.off < 0)
		return fjs_read(set, name, fd_read, &fd, err);
	at.size = st.st_size;
	ret = fjs_read_at(set, name, &at, err);
	lseek(fd, (off_t)at.off, SEEK_SET);
	return ret;
}

int fjs_read_buffer(struct fj_set *set, const char *name, const char *buf, size_t len,
		    struct fr_err *err)
{
	struct fjs_at at = { .fd = -1, .mem = buf, .size = (long long)len, .threads = par_cpus(2), .min_split = FJS_MIN_SPLIT };

	return fjs_read_at(set, name, &at, err);
}
