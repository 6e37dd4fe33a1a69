/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fjstream.h -- read a fio JSON result as a stream: the jobs are decoded
 * as the bytes go by and dropped once their figures are in struct
 * fj_set, so memory follows the number of jobs, not the bytes of JSON.
 *
 * This is the fast path of fiojson.h's reader, for what fio writes: whole
 * documents starting in column 1, strict JSON. It decodes only the
 * members fiojson.c reads (the rest is checked, not kept) and keeps
 * json+ bins as pairs, not jansson nodes. Whenever the input is anything
 * else (not strict JSON, a document cut short, a figure out of range,
 * text before the first document that is not a whole line, an open-loop
 * curve's "pct-max" jobs, ...) it leaves @set as it was and answers
 * FJS_UNSURE: the caller then reads the input whole through
 * fj_read_buffer(), which accepts, refuses and words its messages as it
 * always has. What the stream accepts, fj_read_buffer() accepts with
 * the same result.
 */
#ifndef FIORION_FJSTREAM_H
#define FIORION_FJSTREAM_H

#include <stddef.h>

#include "fiojson.h"
#include "fr_err.h"

/* Not read here: read the input whole with fj_read_buffer(). */
#define FJS_UNSURE 1

/*
 * The longest JSON string or number taken, as written (a string's bytes
 * between its quotes, a number's characters): 16 MiB, the most of a job
 * file fiorion reads (fio's longest strings are its job options). A
 * longer one is refused (-EFBIG) by the stream reader and by
 * fjs_check_values(), never decoded: jansson would hold it twice more.
 */
#define FJS_MAX_VALUE (16u << 20)

/*
 * @len bytes of input @name checked for a string or number longer than
 * FJS_MAX_VALUE, from its first document on (text before it is not
 * JSON), before the whole reader (jansson) decodes any of it. 0, or
 * -EFBIG with @err naming @name, the value's first byte and the limit,
 * as the stream reader words it.
 */
int fjs_check_values(const char *name, const char *buf, size_t len, struct fr_err *err);

/* Where the stream's bytes come from: up to @len into @buf; 0 at the end, <0 an error. */
typedef long (*fjs_read_fn)(void *src, char *buf, size_t len);

/*
 * Read input @name from @rd(@src) into @set, as fj_read_buffer() would
 * read the same bytes. 0; FJS_UNSURE with @set untouched; or a negative
 * errno with @err set (the inputs mix runs: fj_read_buffer() would say
 * the same).
 */
int fjs_read(struct fj_set *set, const char *name, fjs_read_fn rd, void *src,
	     struct fr_err *err);

/* fjs_read() of an open file descriptor, read from where it stands. */
int fjs_read_fd(struct fj_set *set, const char *name, int fd, struct fr_err *err);

/* fjs_read() of a buffer (tests, and inputs already in memory). */
int fjs_read_buffer(struct fj_set *set, const char *name, const char *buf, size_t len,
		    struct fr_err *err);

#endif
