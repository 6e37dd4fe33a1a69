/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fj_priv.h -- fiojson.c's helpers shared with fjdir.c (one direction of
 * a job).
 */
#ifndef FIORION_FJ_PRIV_H
#define FIORION_FJ_PRIV_H

#include <jansson.h>
#include <stddef.h>

#include "fiojson.h"

/* @o's number (or numeric string) @key, else @def. */
double fj_num(json_t *o, const char *key, double def);

/*
 * Read direction @dname of a job (@o, NULL-safe) into @d. Returns 0, or
 * -ERANGE with @why naming a figure fio would never write, or -ENOMEM.
 */
int fj_read_dir(struct fj_dir *d, json_t *o, const char *dname, char *why, size_t wlen);

#endif
