/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * jscan.c -- where fio's JSON documents, their members and their jobs
 * start and end, found by walking the text (jscan.h says why).
 *
 * The walk knows just enough JSON to stay in step: strings (with their
 * escapes, so a quote, bracket or brace inside one is text), and the
 * nesting of objects and arrays. Scalars and the members it keeps are
 * left to jansson, which also has the last word on any text the walk
 * does not accept.
 */
#include "jscan.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void js_where(const char *buf, size_t pos, int *line, int *col)
{
	size_t i;

	*line = 1;
	*col = 1;
	for (i = 0; i < pos; i++) {
		if (buf[i] == '\n') {
			(*line)++;
			*col = 1;
		} else {
			(*col)++;
		}
	}
}

/*
 * fio starts each document in column 1 and indents its nested objects, so
 * a '{' there is a document; banner lines and messages rarely start with
 * one.
 */
size_t js_next_doc(const char *buf, size_t len, size_t pos)
{
	while (pos < len) {
		if (buf[pos] == '{' && (pos == 0 || buf[pos - 1] == '\n'))
			return pos;
		pos++;
	}
	return len;
}

/*
 * Output that went through something else before it was saved (a "<host> "
 * prefix on every line, a shell prompt) may start no line with '{': then
 * the first '{' anywhere is the best guess, and the scanner or jansson
 * says whether it was right.
 */
size_t js_first_doc(const char *buf, size_t len)
{
	size_t pos = js_next_doc(buf, len, 0);
	const char *b;

	if (pos < len)
		return pos;
	b = len ? memchr(buf, '{', len) : NULL;
	return b ? (size_t)(b - buf) : len;
}

static size_t skip_ws(const char *b, size_t len, size_t i)
{
	while (i < len && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r'))
		i++;
	return i;
}

/* End of the string starting at b[i] == '"', or 0. */
static size_t skip_string(const char *b, size_t len, size_t i)
{
	for (i++; i < len; i++) {
		if (b[i] == '\\')
			i++;
		else if (b[i] == '"')
			return i + 1;
	}
	return 0;
}

/* End of the value starting at b[i], or 0 when it is not well formed. */
static size_t skip_value(const char *b, size_t len, size_t i)
{
	int depth = 0;

	if (i >= len)
		return 0;
	if (b[i] == '"')
		return skip_string(b, len, i);
	if (b[i] != '{' && b[i] != '[') {
		while (i < len && !strchr(",}] \t\r\n", b[i]))
			i++;
		return i;
	}
	for (; i < len; i++) {
		switch (b[i]) {
		case '"':
			i = skip_string(b, len, i);
			if (!i)
				return 0;
			i--;
			break;
		case '{':
		case '[':
			depth++;
			break;
		case '}':
		case ']':
			if (--depth == 0)
				return i + 1;
			break;
		}
	}
	return 0;
}

/*
 * The members one by one: each key, then the end of its value, found by
 * skip_value(), before anything is decoded, so a malformed value stops
 * the walk where it is. Only the jobs arrays are walked one level deeper.
 */
size_t js_scan_doc(const char *b, size_t len, size_t pos, json_t *doc,
		   struct js_span **jobs, size_t *njobs)
{
	size_t i = skip_ws(b, len, pos);

	*njobs = 0;
	if (i >= len || b[i] != '{')
		return 0;
	i = skip_ws(b, len, i + 1);
	if (i < len && b[i] == '}')
		return i + 1;
	for (;;) {
		size_t ks, ke, vs, ve;
		char key[64];

		if (i >= len || b[i] != '"')
			return 0;
		ks = i + 1;
		ke = skip_string(b, len, i);
		if (!ke)
			return 0;
		i = skip_ws(b, len, ke);
		if (i >= len || b[i] != ':')
			return 0;
		vs = skip_ws(b, len, i + 1);
		ve = skip_value(b, len, vs);
		if (!ve)
			return 0;
		snprintf(key, sizeof(key), "%.*s", (int)(ke - 1 - ks), b + ks);
		if (!strcmp(key, "jobs") || !strcmp(key, "client_stats")) {
			size_t j = skip_ws(b, len, vs + 1), cap = 0;

			free(*jobs);
			*jobs = NULL;
			*njobs = 0;
			if (b[vs] != '[')
				return 0;
			while (j < ve - 1) {
				size_t e = skip_value(b, len, j);

				if (!e || b[j] != '{')
					return 0;
				if (*njobs == cap) {
					struct js_span *n;

					cap = cap ? cap * 2 : 64;
					n = realloc(*jobs, cap * sizeof(*n));
					if (!n)
						return 0;
					*jobs = n;
				}
				(*jobs)[(*njobs)++] = (struct js_span){ j, e };
				j = skip_ws(b, len, e);
				if (j < ve - 1 && b[j] == ',')
					j = skip_ws(b, len, j + 1);
				else if (j != ve - 1)
					return 0;
			}
			json_object_set_new(doc, key, json_true());
		} else {
			json_error_t je;
			json_t *v = json_loadb(b + vs, ve - vs, JSON_DECODE_ANY, &je);

			if (!v)
				return 0;
			json_object_set_new(doc, key, v);
		}
		i = skip_ws(b, len, ve);
		if (i < len && b[i] == ',') {
			i = skip_ws(b, len, i + 1);
			continue;
		}
		if (i < len && b[i] == '}')
			return i + 1;
		return 0;
	}
}

/* jansson's account of why the document at @pos is not valid. */
int js_error_at(const char *name, const char *buf, size_t len, size_t pos,
		struct fr_err *err)
{
	json_error_t je;
	json_t *d = json_loadb(buf + pos, len - pos, JSON_DISABLE_EOF_CHECK, &je);
	bool trunc;
	int line, col;

	if (d) {
		/* Valid for jansson but not for the scanner: not expected. */
		json_decref(d);
		js_where(buf, pos, &line, &col);
		return fr_errf(err, -EINVAL, "%s:%d:%d: unexpected JSON layout",
			       name, line, col);
	}
	trunc = je.position >= 0 && (size_t)je.position >= len - pos;
	js_where(buf, trunc ? len : pos + (size_t)(je.position > 0 ? je.position : 0),
		 &line, &col);
	return fr_errf(err, -EINVAL, "%s:%d:%d: %s%s", name, line, col,
		       trunc ? "truncated JSON: " : "not valid JSON: ", je.text);
}
