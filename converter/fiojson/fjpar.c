/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fjpar.c -- the second thread of a jobs array read by two (fjs_priv.h
 * says how the guess is made and proved).
 */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "fj_priv.h"
#include "fjs_priv.h"
#include "par.h"

/* How far from the middle a job's start is looked for. */
#define FJP_LOOK (256u << 10)

struct fjpar {
	struct fjs f; /* the second thread's reader */
	struct fjs_at at;
	struct fjs_at *first; /* the first thread's input: its counts */
	struct doc d;	      /* its jobs; d.o is the first thread's document, read only */
	unsigned int order;
	long long end; /* the offset of the array's closing bracket */
	bool ok;       /* read to that bracket, nothing refused */
	atomic_int stop;
	pthread_t th;
};

static bool blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/*
 * The offset of the first job starting at a line's start in @at's input
 * from @from on (within FJP_LOOK bytes): a '{' after a line break and
 * blanks, whose first member is "jobname". -1 when there is none.
 */
static long long find_job(const struct fjs_at *at, long long from)
{
	static const char key[] = "\"jobname\"";
	struct fjs_at a = *at;
	char *b = malloc(FJP_LOOK + 1), *q, *p, *e;
	long long x = -1;
	size_t n = 0;
	long r;

	if (!b)
		return -1;
	a.off = from;
	while (n < FJP_LOOK && (r = fjs_at_read(&a, b + n, FJP_LOOK - n)) > 0)
		n += (size_t)r;
	e = b + n;
	*e = '\0';
	for (q = b; x < 0 && (q = memchr(q, '\n', (size_t)(e - q))); q++) {
		for (p = q + 1; p < e && blank(*p) && *p != '\n'; p++)
			;
		if (p == e || *p != '{')
			continue;
		x = from + (p - b);
		for (p++; p < e && blank(*p); p++)
			;
		if ((size_t)(e - p) < sizeof(key) - 1 || memcmp(p, key, sizeof(key) - 1))
			x = -1;
	}
	free(b);
	return x;
}

/* The jobs from the guessed start to the array's end, a job at a time while not stopped. */
static void *run(void *arg)
{
	struct fjpar *p = arg;
	struct fjs *f = &p->f;
	int c;

	if (atomic_load_explicit(&p->stop, memory_order_relaxed) || fjt_alloc(f))
		return NULL;
	fjt_refill(f);
	c = fjt_next(f);
	for (;;) {
		if (c != '{' || atomic_load_explicit(&p->stop, memory_order_relaxed) ||
		    fjs_job(f, &p->d, &p->order))
			return NULL;
		c = fjt_next(f);
		if (c == ']') {
			p->end = f->off + (f->p - f->buf);
			p->ok = !f->bad;
			return NULL;
		}
		if (c != ',')
			return NULL;
		f->p++;
		c = fjt_next(f);
	}
}

struct fjpar *fjp_start(struct fjs *f, struct doc *d, long long *x)
{
	struct fjs_at *at = f->at;
	struct fjpar *p;
	long long pos, left;

	/*
	 * One guess dropped and no more: in a file of many documents
	 * (--status-interval) the middle of what is left lies in a later
	 * one, so every guess would be.
	 */
	if (!at || at->threads < 2 || at->dropped)
		return NULL;
	pos = f->off + (f->p - f->buf);
	left = at->size - pos;
	if (left < at->min_split || left < 2)
		return NULL;
	*x = find_job(at, pos + left / 2);
	if (*x < 0 || !(p = calloc(1, sizeof(*p))))
		return NULL;
	p->first = at;
	p->at = *at;
	p->at.off = *x;
	p->at.threads = 1;
	p->f = (struct fjs){ .rd = fjs_at_read, .src = &p->at, .at = &p->at, .off = *x, .cap = FJS_CHUNK };
	p->d.o = d->o;
	p->d.jobs.nfiles = d->jobs.nfiles;
	atomic_init(&p->stop, 0);
	if (par_thread(&p->th, run, p)) {
		free(p);
		return NULL;
	}
	return p;
}

static void drop(struct fjpar *p, bool taken)
{
	size_t i;

	if (taken)
		p->first->joined++;
	else
		p->first->dropped++;
	for (i = 0; i < p->d.jobs.njobs; i++)
		fj_job_release(&p->d.jobs.jobs[i]);
	free(p->d.jobs.jobs);
	fjs_free(&p->f);
	free(p);
}

int fjp_join(struct fjpar *p, struct fjs *f, struct doc *d, unsigned int *order)
{
	struct fj_set *s = &d->jobs, *t = &p->d.jobs;
	size_t i;

	pthread_join(p->th, NULL);
	if (!p->ok) {
		drop(p, false);
		return -1;
	}
	if (s->njobs + t->njobs > s->capjobs) {
		struct fj_job *n = realloc(s->jobs, (s->njobs + t->njobs) * sizeof(*n));

		if (!n) {
			drop(p, false);
			return -1;
		}
		s->jobs = n;
		s->capjobs = s->njobs + t->njobs;
	}
	for (i = 0; i < t->njobs; i++) {
		t->jobs[i].doc_order += *order;
		s->jobs[s->njobs++] = t->jobs[i];
	}
	t->njobs = 0;
	s->client_server |= t->client_server;
	d->njobs += p->d.njobs;
	*order += p->order;
	/* On from the bracket the second thread stopped at. */
	f->at->off = p->end;
	f->off = p->end;
	f->p = f->e = f->buf;
	*f->e = '\0';
	f->eof = false;
	f->checked = 0;
	fjt_refill(f);
	drop(p, true);
	return 0;
}

void fjp_cancel(struct fjpar *p)
{
	if (!p)
		return;
	atomic_store(&p->stop, 1);
	pthread_join(p->th, NULL);
	drop(p, false);
}
