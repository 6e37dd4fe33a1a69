/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ptmap.c -- keyed lookups for building points (ptmap.h).
 */
#include "ptmap.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "points.h"

static size_t slot(uint64_t key, size_t cap)
{
	key ^= key >> 33;
	key *= 0xff51afd7ed558ccdull;
	key ^= key >> 33;
	return (size_t)key & (cap - 1);
}

size_t pm_get(const struct pm_map *m, uint64_t key, size_t none)
{
	size_t i;

	if (!m->cap)
		return none;
	for (i = slot(key, m->cap); m->vals[i] != SIZE_MAX; i = (i + 1) & (m->cap - 1))
		if (m->keys[i] == key)
			return m->vals[i];
	return none;
}

static int grow(struct pm_map *m)
{
	struct pm_map n = { 0 };
	size_t i;

	n.cap = m->cap ? m->cap * 2 : 64;
	n.keys = malloc(n.cap * sizeof(*n.keys));
	n.vals = malloc(n.cap * sizeof(*n.vals));
	if (!n.keys || !n.vals) {
		pm_free(&n);
		return -ENOMEM;
	}
	memset(n.vals, 0xff, n.cap * sizeof(*n.vals));
	for (i = 0; i < m->cap; i++)
		if (m->vals[i] != SIZE_MAX && pm_put(&n, m->keys[i], m->vals[i]))
			return -ENOMEM; /* not reached: n has room */
	pm_free(m);
	*m = n;
	return 0;
}

int pm_put(struct pm_map *m, uint64_t key, size_t val)
{
	size_t i;

	if ((m->n + 1) * 2 > m->cap && grow(m))
		return -ENOMEM;
	for (i = slot(key, m->cap); m->vals[i] != SIZE_MAX; i = (i + 1) & (m->cap - 1))
		if (m->keys[i] == key) {
			m->vals[i] = val;
			return 0;
		}
	m->keys[i] = key;
	m->vals[i] = val;
	m->n++;
	return 0;
}

void pm_free(struct pm_map *m)
{
	free(m->keys);
	free(m->vals);
	memset(m, 0, sizeof(*m));
}

static uint64_t load_key(unsigned int s, unsigned int l)
{
	return (uint64_t)s << 32 | l;
}

int pm_loads_add(struct pm_loads *pl, unsigned int s, unsigned int l, size_t idx)
{
	if (idx >= pl->cap) {
		size_t nc = idx * 2 + 64;
		size_t *n = realloc(pl->older, nc * sizeof(*n));

		if (!n)
			return -ENOMEM;
		pl->older = n;
		pl->cap = nc;
	}
	pl->older[idx] = pm_get(&pl->newest, load_key(s, l), SIZE_MAX);
	return pm_put(&pl->newest, load_key(s, l), idx);
}

size_t pm_loads_dup(const struct pm_loads *pl, const struct pt_point *pts, const struct pt_point *p,
		    bool exact)
{
	size_t k = pm_get(&pl->newest, load_key(p->s, p->l), SIZE_MAX);

	while (k != SIZE_MAX && exact && pts[k].number == p->number)
		k = pl->older[k];
	return k;
}

void pm_loads_free(struct pm_loads *pl)
{
	pm_free(&pl->newest);
	free(pl->older);
	memset(pl, 0, sizeof(*pl));
}
