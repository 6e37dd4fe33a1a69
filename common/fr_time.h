/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fr_time.h -- seconds on the monotonic clock, for deadlines (a probe, a
 * child given up): not for measuring I/O (driver/runner/clock.h does).
 */
#ifndef FIORION_FR_TIME_H
#define FIORION_FR_TIME_H

#include <time.h>

static inline double fr_mono_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

#endif
