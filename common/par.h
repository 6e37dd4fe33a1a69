/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * par.h -- the converter's work spread over the CPUs this process may
 * use (two at most: the work splits in halves). Work is split only
 * where the halves touch nothing in common and the answer is put
 * together in input order, so that it is byte for byte the one thread's.
 */
#ifndef FIORION_PAR_H
#define FIORION_PAR_H

#include <stddef.h>

#include <pthread.h>

/* The CPUs this process may run on (sched_getaffinity), from 1 to @max. */
unsigned int par_cpus(unsigned int max);

/*
 * @fn(@ctx, lo, hi) over [0, @n): with @threads of 2 or more and @n of
 * 2 or more, the upper half [n / 2, n) on a second thread while the
 * caller does the lower; else (or when no thread starts) all of it on
 * the caller. Returns when all of it is done.
 */
void par_halves(size_t n, unsigned int threads, void (*fn)(void *ctx, size_t lo, size_t hi),
		void *ctx);

/*
 * pthread_create() of a converter thread, with every signal blocked in
 * it: signals stay the main thread's (the driver's handlers stop the
 * point it waits for). 0, or pthread_create()'s error.
 */
int par_thread(pthread_t *th, void *(*fn)(void *), void *arg);

#endif
