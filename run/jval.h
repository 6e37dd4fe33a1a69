/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * jval.h -- a member's value of a jansson object, read one way wherever
 * JSON is read: run.json (runinfo.c), fio's JSON (the converter's
 * fiojson/ and curve/), the run's parameters (infer.c). A missing
 * member, a member of another type and a NULL object read alike: as
 * not there.
 */
#ifndef FIORION_JVAL_H
#define FIORION_JVAL_H

#include <jansson.h>

/* A copy of @s (NULL for NULL, or when memory runs out). */
char *jv_strdup(const char *s);

/* @o's string @key, else NULL. */
const char *jv_str(json_t *o, const char *key);

/* @o's number @key, else @def. */
double jv_num(json_t *o, const char *key, double def);

/*
 * @o's number @key, or a string of it that starts with one (strtod():
 * fio writes some figures as text), else @def.
 */
double jv_num_text(json_t *o, const char *key, double def);

#endif
