/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * par.c -- the converter's work over two CPUs (par.h).
 */
#include "par.h"

#include <pthread.h>
#include <sched.h>
#include <signal.h>

unsigned int par_cpus(unsigned int max)
{
	cpu_set_t set;
	int n;

	if (sched_getaffinity(0, sizeof(set), &set))
		return 1;
	n = CPU_COUNT(&set);
	return n < 1 ? 1 : (unsigned int)n < max ? (unsigned int)n
						 : max;
}

int par_thread(pthread_t *th, void *(*fn)(void *), void *arg)
{
	sigset_t all, old;
	int ret;

	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	ret = pthread_create(th, NULL, fn, arg);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	return ret;
}

struct half {
	void (*fn)(void *ctx, size_t lo, size_t hi);
	void *ctx;
	size_t lo, hi;
};

static void *run_half(void *arg)
{
	struct half *h = arg;

	h->fn(h->ctx, h->lo, h->hi);
	return NULL;
}

void par_halves(size_t n, unsigned int threads, void (*fn)(void *ctx, size_t lo, size_t hi),
		void *ctx)
{
	struct half up = { fn, ctx, n / 2, n };
	pthread_t th;

	if (threads < 2 || n < 2 || par_thread(&th, run_half, &up)) {
		fn(ctx, 0, n);
		return;
	}
	fn(ctx, 0, n / 2);
	pthread_join(th, NULL);
}
