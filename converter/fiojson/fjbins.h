/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fjbins.h -- a latency's json+ bins as they are held: once, compact,
 * shared.
 *
 * A month of points holds a few hundred bins a job, and the same bins
 * again in its class's read and all-directions merges. Held as struct
 * fj_bin (16 bytes) three times, they were 13 KB of a point's 16 KB, more
 * than the point's JSON. Here a bin list is encoded once (struct fj_hist):
 * each bin as the varint of its value's step from the previous one (ns,
 * an integer) and the varint of its count, about 3 bytes, and held by
 * reference count, so that a class of one job (and its all-directions
 * merge of one direction) holds the job's own list. A list whose values
 * are not integers of at most 2^53 ns in ascending order (never from
 * fio, but a hand-written input may) is held as the bins themselves.
 * Either way the bins read back are the ones given, bit for bit.
 *
 * The lists are immutable: a merge makes a new one.
 */
#ifndef FIORION_FJBINS_H
#define FIORION_FJBINS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fiojson.h"

/* @n bins (sorted by ns) as a new list, one reference. NULL: out of memory. */
struct fj_hist *fjh_new(const struct fj_bin *b, size_t n);

/* Another reference to @h (NULL-safe). */
struct fj_hist *fjh_ref(struct fj_hist *h);

/* Drop a reference; the last frees it (NULL-safe). */
void fjh_unref(struct fj_hist *h);

/*
 * The sum of @l's counts (mod 2^64), and whether the running count passes
 * 2^64 on the way (*@wraps): kept when the list is made.
 */
uint64_t fjh_total(const struct fj_lat *l, bool *wraps);

/* Bytes @h holds (tests, benchmarks). */
size_t fjh_size(const struct fj_hist *h);

/* Reading a list in order. */
struct fjh_it {
	const struct fj_hist *h;
	const unsigned char *p;
	size_t i, n;
	uint64_t ns;
};

/* Start at @l's first bin. */
void fjh_begin(struct fjh_it *it, const struct fj_lat *l);

/* The next bin into *@b; false after the last. */
bool fjh_next(struct fjh_it *it, struct fj_bin *b);

/* @l's bins as a malloc'ed array of l->nbins (the caller frees it); NULL without bins or memory. */
struct fj_bin *fjh_bins(const struct fj_lat *l);

/* Set @l's bins to a new list of @b (@n of them, sorted); the old reference dropped. 0 or -ENOMEM. */
int fjh_set(struct fj_lat *l, const struct fj_bin *b, size_t n);

/* Drop @l's bins. */
void fjh_clear(struct fj_lat *l);

#endif
