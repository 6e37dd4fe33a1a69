/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * jscan.h -- find fio's JSON documents in a buffer and where their jobs
 * start and end, without building them.
 *
 * A 50 MB json+ result decoded whole costs hundreds of megabytes of
 * jansson nodes at once. The scanner walks the text instead: the small
 * top-level members are decoded, the jobs are only located (their spans),
 * so the reader can decode one job at a time and drop it.
 *
 * The scanner is strict and shallow: whenever it is unsure (text that is
 * not JSON, a document cut short, a jobs array that is not an array of
 * objects) it gives up, and js_error_at() lets jansson decode the
 * document to say precisely why. All positions are byte offsets into the
 * buffer, which need not end with a NUL.
 */
#ifndef FIORION_JSCAN_H
#define FIORION_JSCAN_H

#include <stddef.h>

#include <jansson.h>

#include "fr_err.h"

/* buf[start] .. buf[end - 1]: one value, as it stands in the text. */
struct js_span {
	size_t start, end;
};

/*
 * Where the first document of @buf starts: the first '{' in column 1
 * (fio starts each document there; banner lines and nested objects do
 * not), else the first '{' anywhere (a "<host> {" or ">{" prefix), else
 * @len when there is no '{' at all.
 */
size_t js_first_doc(const char *buf, size_t len);

/* The next '{' in column 1 at or after @pos (the next document), or @len. */
size_t js_next_doc(const char *buf, size_t len, size_t pos);

/*
 * Scan the top-level object at @pos (blanks may precede it). Every member
 * is decoded into @doc under its key as written (escapes left as they
 * are, at most 63 bytes of it), except the jobs arrays
 * ("jobs", "client_stats"): @doc gets true under that key, and the spans
 * of the array's elements (each an object) go to *@jobs, their number to
 * *@njobs (0 when the document has no jobs array). A later jobs key
 * replaces an earlier one's spans, as a later duplicate key wins in
 * jansson. Nested keys, and brackets or quotes inside strings, are never
 * taken for the top-level ones.
 *
 * *@jobs is NULL or a malloc'ed array from an earlier call, which the
 * scanner frees and replaces when it meets a jobs key; the caller frees
 * *@jobs once done, whatever the calls returned.
 *
 * Returns the position just past the closing '}', or 0 when the text is
 * not a well-formed object (or memory ran out): then js_error_at() says
 * why.
 */
size_t js_scan_doc(const char *buf, size_t len, size_t pos, json_t *doc,
		   struct js_span **jobs, size_t *njobs);

/* 1-based line and column of byte @pos of @buf, for messages. */
void js_where(const char *buf, size_t pos, int *line, int *col);

/*
 * Why the document at @pos is not valid, in jansson's words, into @err as
 * "NAME:LINE:COL: truncated JSON: ..." (at the end of the buffer) or
 * "NAME:LINE:COL: not valid JSON: ..." (where jansson stopped); when
 * jansson takes it, which the scanner did not, "unexpected JSON layout"
 * at the document's start. Returns -EINVAL.
 */
int js_error_at(const char *name, const char *buf, size_t len, size_t pos,
		struct fr_err *err);

#endif
