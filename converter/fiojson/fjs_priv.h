/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fjs_priv.h -- the stream reader's parts shared by fjstream.c and
 * fjpar.c (a jobs array read by two threads), and by their tests.
 *
 * An input read by offset (a regular file, or bytes in memory) may have
 * its jobs read by two threads: when the reader enters a jobs array with
 * at least @min_split bytes of input left, a second thread starts at the
 * first job it can find at the middle of what is left (a '{' at the start
 * of a line whose first member is "jobname": JSON allows no raw line
 * break inside a string, so such a brace is never inside one) and reads
 * jobs from there to the end of the array. The first thread reads on; it
 * takes the second's jobs only if it reaches a job that starts at exactly
 * that byte, which proves the guess: the two threads have then read every
 * job of the array once, in the same state, and the first goes on from
 * where the second stopped. Anything else (the guess was not a job of this
 * array, the second thread refused a byte, ran out of memory, or found
 * anything the reader gives back) and the second thread's work is
 * dropped: the first reads on alone, as if it had never started. The
 * answer is the one thread's, byte for byte, whatever the timing.
 */
#ifndef FIORION_FJS_PRIV_H
#define FIORION_FJS_PRIV_H

#include <jansson.h>
#include <stddef.h>

#include "fiojson.h"
#include "fjtok.h"

/* An input read by offset: @fd from its offset @off (pread), or @mem's @size bytes. */
struct fjs_at {
	int fd; /* -1: @mem */
	const char *mem;
	long long size; /* bytes of input (@mem's, or the file's at the start) */
	long long off;	/* where the next read starts */
	unsigned int threads;
	long long min_split;	      /* the input left when a second thread is worth it */
	unsigned int joined, dropped; /* out: second threads' work taken, dropped */
};

/* fjs_read_fn of a struct fjs_at (@src). */
long fjs_at_read(void *src, char *buf, size_t len);

/* The jobs of the document being read, and what they need. */
struct doc {
	json_t *o;
	struct fj_set jobs; /* its jobs, added as read; moved to the set at the end */
	size_t njobs;	    /* entries of its jobs array, "All clients" included */
	bool had_jobs;
};

/* One job (f->p at its brace) read and added to @d's; @order counts the jobs added. */
int fjs_job(struct fjs *f, struct doc *d, unsigned int *order);

/* Release @f's buffers. */
void fjs_free(struct fjs *f);

/* fjs_read() of @at (its threads and split as set there). */
int fjs_read_at(struct fj_set *set, const char *name, struct fjs_at *at, struct fr_err *err);

/* A second thread reading the rest of a jobs array (fjpar.c). */
struct fjpar;

/*
 * Start a second thread on the jobs array @f is in (f->p past its
 * bracket), of document @d, when f->at allows it and enough is left; its
 * first job's offset in *@x. NULL when none started.
 */
struct fjpar *fjp_start(struct fjs *f, struct doc *d, long long *x);

/*
 * @f stands at a job starting at the second thread's first: wait for it
 * and take its jobs into @d (their order after @order's), moving @f to
 * where it stopped (the array's closing bracket). 0; -1 when its jobs
 * cannot be taken (then read on: nothing was changed). @p is freed.
 */
int fjp_join(struct fjpar *p, struct fjs *f, struct doc *d, unsigned int *order);

/* Stop the second thread and drop its work; @p is freed (NULL: nothing). */
void fjp_cancel(struct fjpar *p);

#endif
