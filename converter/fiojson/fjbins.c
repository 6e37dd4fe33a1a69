// SPDX-License-Identifier: GPL-2.0-only
/*
 * fjbins.c -- json+ bins held once, compact and shared (fjbins.h).
 */
#include "fjbins.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

struct fj_hist {
	unsigned int refs;
	bool raw;	/* data holds struct fj_bin as they are */
	bool wraps;	/* the running count passes 2^64 */
	uint64_t total; /* the counts' sum (mod 2^64) */
	size_t n, bytes;
	unsigned char data[];
};

/* The largest ns a double holds with every integer below it. */
#define FJH_EXACT 9007199254740992.0

static size_t varint_len(uint64_t v)
{
	size_t n = 1;

	while (v >= 0x80) {
		v >>= 7;
		n++;
	}
	return n;
}

static unsigned char *varint_put(unsigned char *p, uint64_t v)
{
	while (v >= 0x80) {
		*p++ = (unsigned char)(v | 0x80);
		v >>= 7;
	}
	*p++ = (unsigned char)v;
	return p;
}

/* Bytes of @b encoded, or 0 when a value is no integer in order (held raw then). */
static size_t packed_len(const struct fj_bin *b, size_t n)
{
	uint64_t prev = 0;
	size_t len = 0, i;

	for (i = 0; i < n; i++) {
		double ns = b[i].ns;
		uint64_t v;

		if (!(ns >= 0 && ns <= FJH_EXACT) || signbit(ns))
			return 0;
		v = (uint64_t)ns;
		if ((double)v != ns)
			return 0; /* a fraction */
		if (v < prev)
			return 0;
		len += varint_len(v - prev) + varint_len(b[i].count);
		prev = v;
	}
	return len ? len : 1;
}

struct fj_hist *fjh_new(const struct fj_bin *b, size_t n)
{
	size_t len = packed_len(b, n);
	bool raw = !len;
	struct fj_hist *h;

	if (raw)
		len = n * sizeof(*b);
	h = malloc(sizeof(*h) + len);
	if (!h)
		return NULL;
	h->refs = 1;
	h->raw = raw;
	h->n = n;
	h->bytes = len;
	h->total = 0;
	h->wraps = false;
	for (size_t i = 0; i < n; i++) {
		h->total += b[i].count;
		if (h->total < b[i].count)
			h->wraps = true;
	}
	if (raw) {
		memcpy(h->data, b, len);
	} else {
		unsigned char *p = h->data;
		uint64_t prev = 0;
		size_t i;

		for (i = 0; i < n; i++) {
			uint64_t v = (uint64_t)b[i].ns;

			p = varint_put(p, v - prev);
			p = varint_put(p, b[i].count);
			prev = v;
		}
	}
	return h;
}

/*
 * Atomic: the driver builds points from one set's jobs in two threads at
 * once (the ladders' between points, the live rewrite's in the
 * background), and a list is otherwise immutable.
 */
struct fj_hist *fjh_ref(struct fj_hist *h)
{
	if (h)
		__atomic_add_fetch(&h->refs, 1, __ATOMIC_RELAXED);
	return h;
}

void fjh_unref(struct fj_hist *h)
{
	if (h && !__atomic_sub_fetch(&h->refs, 1, __ATOMIC_ACQ_REL))
		free(h);
}

uint64_t fjh_total(const struct fj_lat *l, bool *wraps)
{
	const struct fj_hist *h = l->nbins ? l->hist : NULL;

	*wraps = h && h->wraps;
	return h ? h->total : 0;
}

size_t fjh_size(const struct fj_hist *h)
{
	return h ? sizeof(*h) + h->bytes : 0;
}

void fjh_begin(struct fjh_it *it, const struct fj_lat *l)
{
	it->h = l->nbins ? l->hist : NULL;
	it->p = it->h ? it->h->data : NULL;
	it->i = 0;
	it->n = it->h ? it->h->n : 0;
	it->ns = 0;
}

static uint64_t varint_get(const unsigned char **pp)
{
	const unsigned char *p = *pp;
	uint64_t v = 0;
	unsigned int s = 0;

	if (!(*p & 0x80)) { /* most: one byte */
		*pp = p + 1;
		return *p;
	}
	while (*p & 0x80) {
		v |= (uint64_t)(*p++ & 0x7F) << s;
		s += 7;
	}
	v |= (uint64_t)*p++ << s;
	*pp = p;
	return v;
}

bool fjh_next(struct fjh_it *it, struct fj_bin *b)
{
	if (it->i == it->n)
		return false;
	if (it->h->raw) {
		memcpy(b, it->h->data + it->i * sizeof(*b), sizeof(*b));
	} else {
		it->ns += varint_get(&it->p);
		b->ns = (double)it->ns;
		b->count = varint_get(&it->p);
	}
	it->i++;
	return true;
}

struct fj_bin *fjh_bins(const struct fj_lat *l)
{
	struct fj_bin *b = l->nbins ? malloc(l->nbins * sizeof(*b)) : NULL;
	struct fjh_it it;
	size_t i = 0;

	if (!b)
		return NULL;
	fjh_begin(&it, l);
	while (i < l->nbins && fjh_next(&it, &b[i]))
		i++;
	return b;
}

int fjh_set(struct fj_lat *l, const struct fj_bin *b, size_t n)
{
	struct fj_hist *h = n ? fjh_new(b, n) : NULL;

	if (n && !h)
		return -ENOMEM;
	fjh_unref(l->hist);
	l->hist = h;
	l->nbins = n;
	l->pct_of = NULL;
	return 0;
}

void fjh_clear(struct fj_lat *l)
{
	fjh_unref(l->hist);
	l->hist = NULL;
	l->nbins = 0;
	l->pct_of = NULL;
}
