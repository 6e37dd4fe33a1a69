/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ptmap.h -- the lookups of building points, by key instead of by scan:
 * a job's group by (file, group id) and a point's earlier points at the
 * same (small, large) load. A run of a month holds tens of thousands of
 * points; scanning every earlier one for each new one was quadratic.
 */
#ifndef FIORION_PTMAP_H
#define FIORION_PTMAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct pt_point;

/* uint64_t keys to size_t values (open addressing). */
struct pm_map {
	uint64_t *keys;
	size_t *vals; /* SIZE_MAX: an empty slot */
	size_t cap, n;
};

/* @key's value, or @none when it has none. */
size_t pm_get(const struct pm_map *m, uint64_t key, size_t none);

/* Set @key to @val. 0 or -ENOMEM. */
int pm_put(struct pm_map *m, uint64_t key, size_t val);

void pm_free(struct pm_map *m);

/* Points by load: each (S, L)'s points, newest first. */
struct pm_loads {
	struct pm_map newest;
	size_t *older; /* by point index: the one before it at its load, or SIZE_MAX */
	size_t cap;
};

/* Point @idx, at loads (@s, @l), added after all those before it. 0 or -ENOMEM. */
int pm_loads_add(struct pm_loads *pl, unsigned int s, unsigned int l, size_t idx);

/*
 * The index of the last point of @pts (by index) at @p's loads, passing
 * over those of @p's number when @exact (its own passes); SIZE_MAX if none.
 */
size_t pm_loads_dup(const struct pm_loads *pl, const struct pt_point *pts, const struct pt_point *p,
		    bool exact);

void pm_loads_free(struct pm_loads *pl);

#endif
