/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: the keyed lookups of building points (ptmap.c) against a
 * scan, their independent peer: 20,000 random keys put and replaced, each
 * found with the last value put and absent ones not found; points at
 * loads with repeated (S, L), the duplicate found the scan's way (the
 * last earlier point at the load, a point's own passes passed over).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "points.h"
#include "ptmap.h"

static uint64_t rnd(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static void test_ptmap_map(void **state)
{
	enum { N = 20000 };
	uint64_t *keys = malloc(N * sizeof(*keys)), seed = 42;
	size_t *vals = malloc(N * sizeof(*vals)), i, k;
	struct pm_map m = { 0 };

	(void)state;
	assert_non_null(keys);
	assert_non_null(vals);
	assert_int_equal(pm_get(&m, 7, 99), 99); /* empty */
	for (i = 0; i < N; i++) {
		/* Small keys repeat: a later put replaces. */
		keys[i] = i % 3 ? rnd(&seed) : rnd(&seed) % 500;
		vals[i] = i;
		assert_int_equal(pm_put(&m, keys[i], i), 0);
	}
	for (i = 0; i < N; i += 7) {
		size_t want = SIZE_MAX - 1;

		for (k = 0; k < N; k++)
			if (keys[k] == keys[i])
				want = vals[k];
		assert_int_equal(pm_get(&m, keys[i], SIZE_MAX - 1), want);
	}
	assert_int_equal(pm_get(&m, 0xdeadbeefcafef00dull, 5), 5);
	pm_free(&m);
	free(keys);
	free(vals);
}

static void test_ptmap_loads(void **state)
{
	enum { N = 3000 };
	struct pt_point *pts = calloc(N, sizeof(*pts));
	struct pm_loads pl = { 0 };
	uint64_t seed = 7;
	size_t i, k;

	(void)state;
	assert_non_null(pts);
	for (i = 0; i < N; i++) {
		struct pt_point p = { 0 };
		int exact;

		p.s = (unsigned int)(rnd(&seed) % 20);
		p.l = (unsigned int)(rnd(&seed) % 5);
		p.number = (unsigned int)(rnd(&seed) % 50);
		for (exact = 0; exact < 2; exact++) {
			size_t want = SIZE_MAX;

			for (k = 0; k < i; k++)
				if (pts[k].s == p.s && pts[k].l == p.l && !(exact && pts[k].number == p.number))
					want = k;
			assert_int_equal(pm_loads_dup(&pl, pts, &p, exact), want);
		}
		pts[i] = p;
		assert_int_equal(pm_loads_add(&pl, p.s, p.l, i), 0);
	}
	pm_loads_free(&pl);
	free(pts);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ptmap_map),
		cmocka_unit_test(test_ptmap_loads),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
