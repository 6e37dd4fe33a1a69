/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fjtok.c -- the stream reader's window and tokens (fjtok.h).
 */
#include "fjtok.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fjs_priv.h"
#include "jscan.h"

int fjt_alloc(struct fjs *f)
{
	/* Zeroed: the bytes past the NUL that a 16-byte load reads are never undefined. */
	f->buf = f->p = f->e = calloc(1, f->cap + FJS_SLACK);
	if (!f->buf)
		return -1;
	*f->e = '\0';
	return 0;
}

/* The window's buffers, and the arena of a job's nodes (fjs_priv.h). */
void fjs_free(struct fjs *f)
{
	fja_free(&f->arena);
	free(f->buf);
	free(f->s);
	free(f->raw);
	free(f->bkey);
	free(f->bval);
}

/* An input read by offset (fjs_priv.h): the first thread's, and the second's (fjpar.c). */
long fjs_at_read(void *src, char *buf, size_t len)
{
	struct fjs_at *a = src;

	if (a->fd < 0) {
		size_t n = a->off >= a->size ? 0 : (size_t)(a->size - a->off);

		n = n < len ? n : len;
		memcpy(buf, a->mem + a->off, n);
		a->off += (long long)n;
		return (long)n;
	}
	for (;;) {
		ssize_t r = pread(a->fd, buf, len, (off_t)a->off);

		if (r >= 0) {
			a->off += r;
			return (long)r;
		}
		if (errno != EINTR)
			return -1;
	}
}

int fjt_bad(struct fjs *f)
{
	f->bad = true;
	return -1;
}

int fjt_long(struct fjs *f, const char *kind, long long at, long long len)
{
	if (len <= FJS_MAX_VALUE)
		return 0;
	f->toolong = kind;
	f->toolong_at = at;
	return fjt_bad(f);
}

int fjt_too_long(struct fr_err *err, const char *name, const char *kind, long long at)
{
	return fr_errf(err, -EFBIG,
		       "'%s': a JSON %s of more than 16 MiB (%u bytes) at byte %lld: the limit of one value",
		       name, kind, FJS_MAX_VALUE, at + 1);
}

/* The input's offset of @p, a byte of @f's window. */
static long long at_of(const struct fjs *f, const void *p)
{
	return f->off + ((const char *)p - f->buf);
}

/* Whether "pct-max" is in @b's @n bytes (memmem's answer, found by its rarer '-'). */
static bool has_pct_max(const char *b, size_t n)
{
	const char *p = b, *e = b + n, *q;

	while ((q = memchr(p, '-', (size_t)(e - p)))) {
		if (q - b >= 3 && e - q >= 4 && !memcmp(q - 3, "pct-max", 7))
			return true;
		p = q + 1;
	}
	return false;
}

/* Keep unread bytes, read more; an open-loop curve's input ("pct-max") is not ours. */
void fjt_refill(struct fjs *f)
{
	size_t keep = (size_t)(f->e - f->p), done = (size_t)(f->p - f->buf);

	if (f->eof)
		return;
	memmove(f->buf, f->p, keep);
	f->buf[keep] = '\0'; /* the window's end, also when it cannot grow below */
	f->off += (long long)done;
	f->checked = f->checked > done ? f->checked - done : 0;
	f->p = f->buf;
	f->e = f->buf + keep;
	if (f->cap - keep < 2 * FJS_LOOK) {
		char *n = realloc(f->buf, f->cap * 2 + FJS_SLACK);

		if (!n) {
			fjt_bad(f);
			f->eof = true;
			return;
		}
		memset(n + f->cap + FJS_SLACK, 0, f->cap);
		f->p = f->buf = n;
		f->e = n + keep;
		f->cap *= 2;
	}
	while (!f->eof && (size_t)(f->e - f->buf) < f->cap / 2) {
		long r = f->rd(f->src, f->e, f->cap - 1 - (size_t)(f->e - f->buf));

		if (r < 0)
			fjt_bad(f);
		if (r <= 0)
			f->eof = true;
		else
			f->e += r;
	}
	*f->e = '\0';
	if (has_pct_max(f->buf + (f->checked > 6 ? f->checked - 6 : 0),
			(size_t)(f->e - f->buf) - (f->checked > 6 ? f->checked - 6 : 0)))
		fjt_bad(f);
	f->checked = (size_t)(f->e - f->buf);
}

static int sput(struct fjs *f, const char *b, size_t n)
{
	if (f->slen + n + 1 > f->scap) {
		size_t nc = (f->slen + n + 1) * 2;
		char *s = realloc(f->s, nc);

		if (!s)
			return fjt_bad(f);
		f->s = s;
		f->scap = nc;
	}
	memcpy(f->s + f->slen, b, n);
	f->slen += n;
	f->s[f->slen] = '\0';
	return 0;
}

static int hex4(const unsigned char *p)
{
	int v = 0, i;

	for (i = 0; i < 4; i++) {
		int c = p[i];

		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= c - '0';
		else if (c >= 'a' && c <= 'f')
			v |= c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			v |= c - 'A' + 10;
		else
			return -1;
	}
	return v;
}

/* An escape at @q (a backslash) into the string; its length in the text, or -1. */
static int escape(struct fjs *f, const unsigned char *q)
{
	static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
	const char *k = q[1] ? strchr(from, q[1]) : NULL;
	char u[4];
	long v;
	int lo, len = 6, n;

	if (k)
		return sput(f, to + (k - from), 1) ? -1 : 2;
	if (q[1] != 'u' || (v = hex4(q + 2)) < 0)
		return fjt_bad(f);
	if (v >= 0xDC00 && v <= 0xDFFF)
		return fjt_bad(f);
	if (v >= 0xD800 && v <= 0xDBFF) {
		if (q[6] != '\\' || q[7] != 'u' || (lo = hex4(q + 8)) < 0xDC00 || lo > 0xDFFF)
			return fjt_bad(f);
		v = ((v - 0xD800) << 10) + (lo - 0xDC00) + 0x10000;
		len = 12;
	}
	if (!v)
		return fjt_bad(f); /* jansson refuses \u0000 */
	if (v < 0x80) {
		u[0] = (char)v;
		n = 1;
	} else if (v < 0x800) {
		u[0] = (char)(0xC0 | (v >> 6));
		u[1] = (char)(0x80 | (v & 0x3F));
		n = 2;
	} else if (v < 0x10000) {
		u[0] = (char)(0xE0 | (v >> 12));
		u[1] = (char)(0x80 | ((v >> 6) & 0x3F));
		u[2] = (char)(0x80 | (v & 0x3F));
		n = 3;
	} else {
		u[0] = (char)(0xF0 | (v >> 18));
		u[1] = (char)(0x80 | ((v >> 12) & 0x3F));
		u[2] = (char)(0x80 | ((v >> 6) & 0x3F));
		u[3] = (char)(0x80 | (v & 0x3F));
		n = 4;
	}
	return sput(f, u, (size_t)n) ? -1 : len;
}

/* The length of the UTF-8 sequence at @q as jansson takes it (utf8.c), or -1. */
static int utf8_len(const unsigned char *q)
{
	unsigned int v, i, n;

	if (*q >= 0xC2 && *q <= 0xDF)
		n = 2, v = *q & 0x1F;
	else if (*q >= 0xE0 && *q <= 0xEF)
		n = 3, v = *q & 0x0F;
	else if (*q >= 0xF0 && *q <= 0xF4)
		n = 4, v = *q & 0x07;
	else
		return -1;
	for (i = 1; i < n; i++) {
		if (q[i] < 0x80 || q[i] > 0xBF)
			return -1;
		v = (v << 6) | (q[i] & 0x3F);
	}
	if (v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF) || (n == 2 && v < 0x80) ||
	    (n == 3 && v < 0x800) || (n == 4 && v < 0x10000))
		return -1;
	return (int)n;
}

/* The string at f->p (a quote) into f->s, decoded. */
int fjt_string(struct fjs *f)
{
	const unsigned char *p = (const unsigned char *)f->p + 1;
	long long at = at_of(f, f->p); /* its opening quote */

	f->slen = 0;
	if (!f->s && sput(f, "", 0))
		return -1; /* "" is a string too */
	for (;;) {
		const unsigned char *q = p;
		int n;

		while (*q >= 0x20 && *q < 0x80 && *q != '"' && *q != '\\')
			q++;
		if (q > p && sput(f, (const char *)p, (size_t)(q - p)))
			return -1;
		if (*q == '"') {
			f->p = (char *)q + 1;
			return fjt_long(f, "string", at, at_of(f, q) - at - 1);
		}
		if ((const char *)q + 12 > f->e && !f->eof) {
			/* Refused as soon as it is known to be too long, not once read whole. */
			if (fjt_long(f, "string", at, at_of(f, q) - at - 1))
				return -1;
			f->p = (char *)q;
			fjt_refill(f);
			p = (const unsigned char *)f->p;
			continue;
		}
		if (*q == '\\')
			n = escape(f, q);
		else if (*q >= 0x80 && (n = utf8_len(q)) > 0)
			n = sput(f, (const char *)q, (size_t)n) ? -1 : n;
		else
			n = fjt_bad(f); /* a control character, or the end */
		if (n < 0)
			return -1;
		p = q + n;
	}
}

int fjt_skip_string(struct fjs *f)
{
	const unsigned char *q = (const unsigned char *)f->p + 1;

	while (*q >= 0x20 && *q < 0x80 && *q != '"' && *q != '\\')
		q++;
	if (*q == '"') {
		f->p = (char *)q + 1;
		return 0;
	}
	return fjt_string(f); /* an escape, UTF-8, the window's end: decoded and checked */
}

static const double pow10[] = { 1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7,
				1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
				1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22 };

/*
 * The number at f->p, as jansson reads it: an integer (no fraction, no
 * exponent) that must fit 64 bits, else a double (strtod's, or the same
 * value exactly when the digits and the power of ten are both exact).
 */
int fjt_number(struct fjs *f, bool *is_int, int64_t *iv, double *dv)
{
	const char *p = f->p, *start = p;
	bool neg = *p == '-', digits_ok = true;
	uint64_t m = 0;
	int nd = 0, nfrac = 0, ex = 0, exd = 0;
	bool exneg = false;

	if (neg)
		p++;
	if (*p == '0') {
		p++;
		if (*p >= '0' && *p <= '9')
			return fjt_bad(f);
	} else if (*p >= '1' && *p <= '9') {
		while (*p >= '0' && *p <= '9') {
			if (nd < 19)
				m = m * 10 + (uint64_t)(*p - '0');
			else
				digits_ok = false;
			nd++;
			p++;
		}
	} else {
		return fjt_bad(f);
	}
	*is_int = *p != '.' && *p != 'e' && *p != 'E';
	if (*is_int) {
		if (!digits_ok || m > (uint64_t)INT64_MAX + neg)
			return fjt_bad(f); /* jansson: too big integer */
		*iv = neg ? (int64_t)(0 - m) : (int64_t)m;
		f->p = (char *)p;
		return 0;
	}
	if (*p == '.') {
		p++;
		if (!(*p >= '0' && *p <= '9'))
			return fjt_bad(f);
		while (*p >= '0' && *p <= '9') {
			if (m || *p != '0') {
				if (nd < 19)
					m = m * 10 + (uint64_t)(*p - '0');
				else
					digits_ok = false;
				nd++;
			}
			nfrac++;
			p++;
		}
	}
	if (*p == 'e' || *p == 'E') {
		p++;
		if (*p == '+' || *p == '-')
			exneg = *p++ == '-';
		if (!(*p >= '0' && *p <= '9'))
			return fjt_bad(f);
		while (*p >= '0' && *p <= '9') {
			if (exd++ < 6)
				ex = ex * 10 + (*p - '0');
			p++;
		}
	}
	if ((size_t)(p - start) >= FJS_LOOK - 1)
		return fjt_bad(f);
	ex = (exneg ? -ex : ex) - nfrac;
	if (digits_ok && exd <= 6 && m <= (1ull << 53) && ex >= -22 && ex <= 22) {
		*dv = ex < 0 ? (double)m / pow10[-ex] : (double)m * pow10[ex];
	} else {
		char tok[FJS_LOOK];

		memcpy(tok, start, (size_t)(p - start));
		tok[p - start] = '\0';
		*dv = strtod(tok, NULL);
		if (isinf(*dv))
			return fjt_bad(f); /* jansson: real number overflow */
		f->p = (char *)p;
		return 0;
	}
	if (neg)
		*dv = -*dv;
	f->p = (char *)p;
	return 0;
}

/* Append f->p .. @q to the member's text. */
static int raw_put(struct fjs *f, const char *q)
{
	size_t n = (size_t)(q - f->p);

	if (f->rawlen + n + 1 > f->rawcap) {
		size_t nc = (f->rawlen + n + 1) * 2;
		char *r = realloc(f->raw, nc);

		if (!r)
			return fjt_bad(f);
		f->raw = r;
		f->rawcap = nc;
	}
	memcpy(f->raw + f->rawlen, f->p, n);
	f->rawlen += n;
	f->p = (char *)q;
	return 0;
}

/*
 * Whether the scalar or string (@in_str) of a raw value, started at
 * offset @at, is too long at @q (its end, or as far as it is read): a
 * string or a number is refused (fjt_long()); any other scalar is not
 * JSON, left to the whole reader, but no more of it is copied.
 */
static bool raw_long(struct fjs *f, bool in_str, long long at, const char *q)
{
	long long len = at_of(f, q) - at - in_str;
	char c;

	if (len <= FJS_MAX_VALUE)
		return false;
	if (in_str)
		return fjt_long(f, "string", at, len);
	c = *f->raw; /* the scalar's first byte: its text is all of f->raw */
	return c == '-' || (c >= '0' && c <= '9') ? fjt_long(f, "number", at, len) : fjt_bad(f);
}

/*
 * A top-level member's value into f->raw, its end found as jscan.c's
 * skip_value() finds it: a string to its closing quote, an object or an
 * array to its closing bracket (strings skipped), anything else to the
 * next blank, comma or bracket.
 */
int fjt_raw_value(struct fjs *f)
{
	int depth = 0;
	bool scalar = *f->p != '"' && *f->p != '{' && *f->p != '[', in_str = false;
	long long at = at_of(f, f->p); /* where the scalar, or the string being read, starts */

	f->rawlen = 0;
	for (;;) {
		char *q = f->p;

		for (; q < f->e; q++) {
			if (scalar) {
				if (strchr(",}] \t\r\n", *q))
					return raw_put(f, q) || raw_long(f, false, at, q) ? -1 : 0;
				continue;
			}
			if (in_str) {
				if (*q == '\\' && q + 1 < f->e)
					q++;
				else if (*q == '\\')
					break; /* the escaped byte is in the next read */
				else if (*q == '"' && (in_str = false, raw_long(f, true, at, q)))
					return -1;
				else if (*q == '"' && !depth)
					return raw_put(f, q + 1);
				continue;
			}
			if (*q == '"')
				in_str = true, at = at_of(f, q);
			else if (*q == '{' || *q == '[')
				depth++;
			else if ((*q == '}' || *q == ']') && --depth == 0)
				return raw_put(f, q + 1);
		}
		if (raw_put(f, q) || ((scalar || in_str) && raw_long(f, in_str, at, q)))
			return -1;
		if (f->eof)
			return scalar ? 0 : fjt_bad(f);
		fjt_refill(f);
	}
}

/* A raw key as jscan.c takes it: the text between the quotes, escapes as written, 63 bytes at most. */
int fjt_raw_key(struct fjs *f, char *key, size_t len)
{
	long long at = at_of(f, f->p);
	char *q;

	f->p++;
	f->rawlen = 0;
	for (;;) {
		for (q = f->p; q < f->e && *q != '"'; q++)
			if (*q == '\\' && ++q == f->e) {
				q--; /* the escaped byte is in the next read */
				break;
			}
		if (q < f->e && *q == '"')
			break;
		if (raw_put(f, q) || fjt_long(f, "string", at, (long long)f->rawlen) || f->eof)
			return fjt_bad(f);
		fjt_refill(f);
	}
	if (raw_put(f, q) || fjt_long(f, "string", at, (long long)f->rawlen))
		return -1;
	f->p++;
	if (memchr(f->raw, '\0', f->rawlen))
		return fjt_bad(f);
	snprintf(key, len, "%.*s", (int)f->rawlen, f->raw);
	return 0;
}

/* The next '{' in column 1 (jscan.c's js_next_doc()); @prev: the byte before f->p. */
bool fjt_find_doc(struct fjs *f, char prev)
{
	for (;;) {
		char *q = f->p, *b;

		while (q < f->e && (b = memchr(q, '{', (size_t)(f->e - q)))) {
			if ((b > f->p ? b[-1] : prev) == '\n') {
				f->p = b;
				return true;
			}
			q = b + 1;
		}
		if (f->e > f->p)
			prev = f->e[-1];
		f->p = f->e;
		if (f->eof)
			return false;
		fjt_refill(f);
	}
}

/* Where the string opening at @open (a quote) of @buf closes: its closing quote, or @len. */
static size_t string_end(const char *buf, size_t len, size_t open)
{
	size_t i = open + 1;

	for (;;) {
		const char *q = memchr(buf + i, '"', len - i);
		size_t k, bs = 0;

		if (!q)
			return len;
		k = (size_t)(q - buf);
		while (k - bs > open + 1 && buf[k - bs - 1] == '\\')
			bs++;
		if (!(bs & 1))
			return k; /* not escaped: an even run of backslashes before it */
		i = k + 1;
	}
}

/* The first run of a number's characters longer than FJS_MAX_VALUE in @buf[@from, @to): its start, else @to. */
static size_t long_number(const char *buf, size_t from, size_t to)
{
	size_t run = 0, i;

	for (i = from; i < to; i++) {
		char c = buf[i];

		if ((c >= '0' && c <= '9') || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E')
			run++;
		else
			run = 0;
		if (run > FJS_MAX_VALUE)
			return i + 1 - run;
	}
	return to;
}

int fjs_check_values(const char *name, const char *buf, size_t len, struct fr_err *err)
{
	size_t pos = js_first_doc(buf, len), gap = pos;

	while (pos < len) {
		const char *q = memchr(buf + pos, '"', len - pos);
		size_t open = q ? (size_t)(q - buf) : len, close, at;

		/* Only a stretch between strings longer than the limit can hold a longer number. */
		if (open - gap > FJS_MAX_VALUE && (at = long_number(buf, gap, open)) < open)
			return fjt_too_long(err, name, "number", (long long)at);
		if (!q)
			break;
		close = string_end(buf, len, open);
		if (close - open - 1 > FJS_MAX_VALUE)
			return fjt_too_long(err, name, "string", (long long)open);
		pos = gap = close + 1;
	}
	return 0;
}
