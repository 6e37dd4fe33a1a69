/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * jobopts.h -- the built-in runner's option table, private to the job
 * parser (jobparse.c): apply one key=value to a job with fio's meaning.
 */
#ifndef FIORION_JOBOPTS_H
#define FIORION_JOBOPTS_H

#include <stdbool.h>

#include "fr_err.h"
#include "jobparse.h"

/* @s without leading and trailing white space (in place). */
char *jp_trim(char *s);

/* fio's defaults for a job before its options apply. */
void jp_job_defaults(struct jp_job *j);

/* The name fio echoes in "job options": its own, never an alias (parse.c). */
const char *jp_canonical(const char *key);

/*
 * Apply @kv (from file @name) to @j, as its table entry says; a stonewall
 * sets *@stonewall. Returns 0, or -EINVAL/-ENOMEM with @err as
 * "FILE:LINE: ..." naming the option.
 */
int jp_apply(struct jp_job *j, const struct jp_kv *kv, const char *name,
	     bool *stonewall, struct fr_err *err);

#endif
