/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fjtok.h -- the stream reader's tokens (fjstream.c): a window over the
 * input's bytes, refilled as they are read, and JSON's strings and
 * numbers decoded by jansson's rules, so that what passes here passes
 * jansson too (fjstream.h says why that matters).
 *
 * A token is read once the window holds FJS_LOOK bytes from its first
 * (or the input ends), so numbers and literals never straddle a refill;
 * strings are copied as they go and may be of any length. The window is
 * followed by a NUL, which no token takes. Anything that does not pass
 * sets f->bad (fjt_bad()): the reader then gives the input back.
 */
#ifndef FIORION_FJTOK_H
#define FIORION_FJTOK_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "fjarena.h"
#include "fjstream.h"

#define FJS_CHUNK (1u << 20)
#define FJS_LOOK 512u
#define FJS_DEPTH 64
#define FJS_NCB 16

struct fjs_at;

struct fjs {
	fjs_read_fn rd;
	void *src;
	struct fjs_at *at; /* @src when it is read by offset (fjs_priv.h), else NULL */
	char *buf, *p, *e; /* unread bytes p .. e; *e == '\0' */
	long long off;	   /* the input's offset of buf[0] */
	size_t cap, checked;
	bool eof, bad;
	int depth;
	char *s; /* the last string, decoded, NUL-terminated */
	size_t slen, scap;
	char *raw; /* a top-level member's text */
	size_t rawlen, rawcap;
	uint64_t *bkey; /* the current job's bins, as pairs */
	int64_t *bval;
	size_t nb, capb;
	struct {
		json_t *obj;
		size_t first, n;
	} cb[FJS_NCB];
	size_t ncb;
	struct fja arena; /* a job's nodes (fjarena.h), when installed */
	/* A value longer than FJS_MAX_VALUE met (then f->bad too): what, and its offset. */
	const char *toolong;
	long long toolong_at;
};

/*
 * A @kind ("string", "number") of @len bytes as written, at offset @at:
 * 0, or past FJS_MAX_VALUE -1 with f->bad and f->toolong set.
 */
int fjt_long(struct fjs *f, const char *kind, long long at, long long len);

/* The error of a value longer than FJS_MAX_VALUE at offset @at of input @name: -EFBIG. */
int fjt_too_long(struct fr_err *err, const char *name, const char *kind, long long at);

/* Mark @f as not read here (f->bad); -1. */
int fjt_bad(struct fjs *f);

/* Keep the unread bytes, read more; input holding "pct-max" (an open-loop curve's) is not ours. */
void fjt_refill(struct fjs *f);

/* Bytes allocated past the window's end, so that 16 bytes may be loaded from any of its bytes. */
#define FJS_SLACK 16u

/* A window of f->cap bytes (and FJS_SLACK) for @f: 0, or -1 out of memory. */
int fjt_alloc(struct fjs *f);

/* The first byte at or after @p that is not a blank (' ', \t, \n, \r); the window's NUL stops it. */
static inline char *fjt_blanks(char *p)
{
#ifdef __SSE2__
	for (;;) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
		__m128i b = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')),
						      _mm_cmpeq_epi8(v, _mm_set1_epi8('\n'))),
					 _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\t')),
						      _mm_cmpeq_epi8(v, _mm_set1_epi8('\r'))));
		unsigned int m = ~(unsigned int)_mm_movemask_epi8(b) & 0xffffu;

		if (m)
			return p + __builtin_ctz(m);
		p += 16;
	}
#else
	while ((unsigned char)*p <= ' ' && (0x100002600ull >> (unsigned char)*p) & 1)
		p++;
	return p;
#endif
}

/* The next byte that is not a blank, with FJS_LOOK bytes after it in the window; -1 at the end. */
static inline int fjt_next(struct fjs *f)
{
	for (;;) {
		char *p = f->p;

		if ((unsigned char)*p <= ' ')
			p = fjt_blanks(p);
		f->p = p;
		if ((size_t)(f->e - p) < FJS_LOOK && !f->eof) {
			fjt_refill(f);
			continue;
		}
		return p < f->e ? (unsigned char)*p : -1;
	}
}

/* The string at f->p (a quote) into f->s (f->slen bytes), decoded. 0 or -1. */
int fjt_string(struct fjs *f);

/* The string at f->p passed over, checked as fjt_string() checks it (f->s not kept). 0 or -1. */
int fjt_skip_string(struct fjs *f);

/*
 * The number at f->p, as jansson reads it: an integer (no fraction, no
 * exponent) that must fit 64 bits (*@is_int, *@iv), else a double (*@dv:
 * strtod's, or the same value exactly when the digits and the power of
 * ten are both exact). 0 or -1.
 */
int fjt_number(struct fjs *f, bool *is_int, int64_t *iv, double *dv);

/*
 * A top-level member's value into f->raw (f->rawlen bytes), its end found
 * as jscan.c's skip_value() finds it: a string to its closing quote, an
 * object or an array to its closing bracket (strings skipped), anything
 * else to the next blank, comma or bracket. 0 or -1.
 */
int fjt_raw_value(struct fjs *f);

/* A raw key as jscan.c takes it: the text between the quotes, escapes as written, @len - 1 bytes at most. */
int fjt_raw_key(struct fjs *f, char *key, size_t len);

/* Move to the next '{' in column 1 (jscan.c's js_next_doc()); @prev: the byte before f->p. False at the end. */
bool fjt_find_doc(struct fjs *f, char prev);

#endif
