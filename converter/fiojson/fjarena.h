/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fjarena.h -- the stream reader's jansson nodes for one job, taken from
 * a bump arena of the reading thread and dropped whole once the job is in
 * the set, instead of malloc'd node by node and freed by a walk of the
 * tree (json_decref()), which took a third of the reader's instructions.
 *
 * jansson allows one pair of allocation functions for the process
 * (json_set_alloc_funcs()), set before its first node: fja_install()
 * sets them (fio2orion's main(), the stream's tests and fuzzer). They
 * take from the calling thread's arena while one is open (fja_open() ..
 * fja_close()) and from malloc otherwise; a free of arena memory does
 * nothing, any other is free(). Nothing allocated while an arena is open
 * may outlive fja_close(): the reader opens it for a job's tree only, and
 * fj_add_job() copies what it keeps.
 */
#ifndef FIORION_FJARENA_H
#define FIORION_FJARENA_H

#include <stdbool.h>
#include <stddef.h>

struct fja_blk;

/* One thread's arena: its blocks, kept between jobs. */
struct fja {
	struct fja_blk *blk; /* the newest first */
	size_t used;	     /* of blk's bytes */
};

/* jansson's allocation functions, once, before any node exists. */
void fja_install(void);

/* Whether fja_install() ran: the reader opens arenas only then. */
bool fja_installed(void);

/* The calling thread's allocations from @a until fja_close(). */
void fja_open(struct fja *a);

/* Back to malloc; everything taken from @a is dropped (its blocks kept, as one). */
void fja_close(struct fja *a);

/* Release @a's blocks. */
void fja_free(struct fja *a);

#endif
