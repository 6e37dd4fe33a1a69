/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fj_priv.h -- fiojson.c's helpers shared with fjdir.c (one direction of
 * a job).
 */
#ifndef FIORION_FJ_PRIV_H
#define FIORION_FJ_PRIV_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "fiojson.h"

/*
 * json+ bins the stream reader (fjstream.c) kept as pairs instead of
 * jansson nodes: the "bins" member is then the empty object @obj, and
 * its bins, in the order written, are here. Only canonical decimal keys
 * below 10^15 in strictly increasing order with integer values are kept
 * so (anything else is read as jansson nodes), so the pairs read as the
 * members would.
 */
struct fj_cbins {
	json_t *obj;
	size_t n;
	const uint64_t *key;
	const int64_t *val;
};

struct fj_cbset {
	struct fj_cbins *b;
	size_t n;
};

/*
 * Read direction @dname of a job (@o, NULL-safe) into @d. Returns 0, or
 * -ERANGE with @why naming a figure fio would never write, or -ENOMEM.
 */
int fj_read_dir(struct fj_dir *d, json_t *o, const char *dname, const struct fj_cbset *cb,
		char *why, size_t wlen);

/*
 * Job @j (a member of document @doc's jobs array, @order-th of the file)
 * into @set; @cb: its bins read as pairs, or NULL. 0, -ERANGE with @why
 * naming a figure fio would never write, or -ENOMEM.
 */
int fj_add_job(struct fj_set *set, json_t *doc, json_t *j, unsigned int order,
	       const struct fj_cbset *cb, char *why, size_t wlen);

/*
 * The result document @doc of input @name (its jobs arrays held @njobs
 * jobs, not yet added) into @set: run.json's description, the run
 * identity (refusing inputs of two runs), the fio version and timestamp.
 * The caller has refused a document with neither jobs nor "fiorion".
 */
int fj_take_doc(struct fj_set *set, const char *name, json_t *doc, size_t njobs,
		struct fr_err *err);

/* Input @name read whole into @set: its name kept by index. */
int fj_add_name(struct fj_set *set, const char *name, struct fr_err *err);

/* Release job @j's allocations and zero it. */
void fj_job_release(struct fj_job *j);

#endif
