/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fjarena.c -- a bump arena for one job's jansson nodes (fjarena.h).
 */
#include "fjarena.h"

#include <jansson.h>
#include <stdint.h>
#include <stdlib.h>

#define FJA_BLOCK (256u << 10)

struct fja_blk {
	struct fja_blk *next;
	size_t cap;
	_Alignas(16) char mem[];
};

static _Thread_local struct fja *cur;
static bool installed;

static bool owns(const struct fja *a, const void *p)
{
	const struct fja_blk *b;

	for (b = a->blk; b; b = b->next)
		if ((const char *)p >= b->mem && (const char *)p < b->mem + b->cap)
			return true;
	return false;
}

static void *arena_malloc(size_t n)
{
	struct fja *a = cur;
	struct fja_blk *b;
	void *p;

	if (!a)
		return malloc(n);
	n = (n + 15) & ~(size_t)15;
	if (!a->blk || a->used + n > a->blk->cap) {
		size_t cap = a->blk ? a->blk->cap * 2 : FJA_BLOCK;

		while (cap < n)
			cap *= 2;
		b = malloc(sizeof(*b) + cap);
		if (!b)
			return NULL;
		b->next = a->blk;
		b->cap = cap;
		a->blk = b;
		a->used = 0;
	}
	p = a->blk->mem + a->used;
	a->used += n;
	return p;
}

static void arena_free(void *p)
{
	struct fja *a = cur;

	if (p && !(a && owns(a, p)))
		free(p);
}

void fja_install(void)
{
	if (!installed)
		json_set_alloc_funcs(arena_malloc, arena_free);
	installed = true;
}

bool fja_installed(void)
{
	return installed;
}

void fja_open(struct fja *a)
{
	cur = a;
}

void fja_close(struct fja *a)
{
	struct fja_blk *b = a->blk;

	cur = NULL;
	/* Several blocks (a job larger than the last): keep the newest, the largest. */
	if (b && b->next) {
		struct fja_blk *o = b->next;

		b->next = NULL;
		while (o) {
			struct fja_blk *n = o->next;

			free(o);
			o = n;
		}
	}
	a->used = 0;
}

void fja_free(struct fja *a)
{
	fja_close(a);
	free(a->blk);
	a->blk = NULL;
}
