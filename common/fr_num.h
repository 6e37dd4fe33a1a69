/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fr_num.h -- numbers read from a file (JSON) made integers without
 * undefined behaviour: NaN and infinities are 0, the rest clamped to
 * the type's range (a double past it would be undefined to cast).
 */
#ifndef FIORION_FR_NUM_H
#define FIORION_FR_NUM_H

#include <stdint.h>

static inline uint64_t fr_to_u64(double x)
{
	if (!(x > 0))
		return 0;
	return x < 9.2e18 ? (uint64_t)x : UINT64_C(9200000000000000000);
}

static inline int64_t fr_to_i64(double x)
{
	if (x != x)
		return 0;
	if (x >= 9.2e18)
		return INT64_C(9200000000000000000);
	if (x <= -9.2e18)
		return -INT64_C(9200000000000000000);
	return (int64_t)x;
}

#endif
