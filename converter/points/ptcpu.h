/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ptcpu.h -- the CPU a point's I/Os cost (issue 29): fio's usr_cpu and
 * sys_cpu of each measured job (percent of one CPU over its
 * job_runtime; under group_reporting fio sums the members' times and
 * runtimes, so the product is still the group's CPU seconds) times its
 * job_runtime, summed over the point's jobs (every host's, every
 * -repeat pass), divided by the I/Os those jobs completed. The jobs'
 * own threads only: fio's main thread, the driver and the kernel's
 * completion work on other CPUs are not in it. Warm-up jobs never count.
 */
#ifndef FIORION_PTCPU_H
#define FIORION_PTCPU_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "points.h"

struct pc_cpu {
	bool present;	     /* some job of it has a job_runtime */
	double usr_s, sys_s; /* CPU seconds */
	uint64_t ios;	     /* I/Os of the jobs that said */
};

/* The CPU of @pt (a point of @pts, whose jobs are @pts->in's). */
struct pc_cpu pc_point(const struct pt_set *pts, const struct pt_point *pt);

/*
 * The run table's cell: usr and sys per I/O over the whole run (in us),
 * and the range of usr + sys per I/O over its points; or that the input
 * has no CPU figures.
 */
void pc_text(char *buf, size_t len, const struct pt_set *pts);

#endif
