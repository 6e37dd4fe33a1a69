/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: the converter's second CPU (par.c) and a job's node arena
 * (fjarena.c). par_halves() does every index of [0, n) exactly once,
 * the upper half on another thread when it may (its thread id seen
 * there), and all on the caller when it may not; par_cpus() is what
 * sched_getaffinity allows, capped; a par_thread() has every signal
 * blocked. jansson's nodes made while an arena is open come from it (a
 * json_decref() of them frees nothing), those made before or after from
 * malloc (freed by json_decref(), which ASan checks), in each thread
 * apart.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <jansson.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "fjarena.h"
#include "par.h"

struct cover {
	unsigned char *seen;
	pthread_t upper; /* the thread that did the upper half */
	size_t lo_of_upper;
};

static void mark(void *ctx, size_t lo, size_t hi)
{
	struct cover *c = ctx;
	size_t i;

	for (i = lo; i < hi; i++)
		c->seen[i]++;
	if (lo > 0) {
		c->upper = pthread_self();
		c->lo_of_upper = lo;
	}
}

static void test_par_halves(void **state)
{
	static const size_t ns[] = { 0, 1, 2, 3, 7, 64, 1001 };
	size_t k, i;
	unsigned int t;

	(void)state;
	for (t = 1; t <= 2; t++)
		for (k = 0; k < sizeof(ns) / sizeof(ns[0]); k++) {
			struct cover c = { calloc(ns[k] + 1, 1), pthread_self(), 0 };

			assert_non_null(c.seen);
			par_halves(ns[k], t, mark, &c);
			for (i = 0; i < ns[k]; i++)
				assert_int_equal(c.seen[i], 1);
			if (t == 2 && ns[k] >= 2) {
				/* The upper half [n / 2, n) on a thread of its own. */
				assert_int_equal(c.lo_of_upper, ns[k] / 2);
				assert_false(pthread_equal(c.upper, pthread_self()));
			} else {
				assert_int_equal(c.lo_of_upper, 0);
			}
			free(c.seen);
		}
}

static void test_par_cpus(void **state)
{
	cpu_set_t set;
	unsigned int n;

	(void)state;
	assert_int_equal(sched_getaffinity(0, sizeof(set), &set), 0);
	n = (unsigned int)CPU_COUNT(&set);
	assert_int_equal(par_cpus(1), 1);
	assert_int_equal(par_cpus(64), n < 64 ? n : 64);
	assert_true(par_cpus(2) >= 1 && par_cpus(2) <= 2);
}

static void *blocked(void *arg)
{
	sigset_t now;

	pthread_sigmask(SIG_SETMASK, NULL, &now);
	*(int *)arg = sigismember(&now, SIGINT) && sigismember(&now, SIGTERM) && sigismember(&now, SIGHUP);
	return NULL;
}

static void test_par_thread_signals(void **state)
{
	sigset_t now;
	pthread_t th;
	int all = 0;

	(void)state;
	assert_int_equal(par_thread(&th, blocked, &all), 0);
	pthread_join(th, NULL);
	assert_true(all);
	/* The caller's own mask is as it was. */
	pthread_sigmask(SIG_SETMASK, NULL, &now);
	assert_false(sigismember(&now, SIGINT));
}

/* A job-like tree: an object of numbers, strings and an array. */
static json_t *tree(int n)
{
	json_t *o = json_object(), *a = json_array();
	int i;

	for (i = 0; i < n; i++) {
		char k[16];

		snprintf(k, sizeof(k), "k%d", i);
		json_object_set_new(o, k, i % 2 ? json_integer(i) : json_string(k));
		json_array_append_new(a, json_real(i / 3.0));
	}
	json_object_set_new(o, "a", a);
	return o;
}

static void *arena_thread(void *arg)
{
	struct fja a = { 0 };
	json_t *t, *before = tree(10);
	int i;

	(void)arg;
	for (i = 0; i < 50; i++) {
		fja_open(&a);
		t = tree(2000 + i); /* more than a block: the arena grows, then keeps one */
		assert_int_equal(json_integer_value(json_object_get(t, "k1999")), 1999);
		json_decref(t); /* frees nothing: arena memory */
		fja_close(&a);
	}
	json_decref(before); /* malloc'd before the arena: freed (ASan) */
	fja_free(&a);
	return NULL;
}

static void test_arena(void **state)
{
	pthread_t th;

	(void)state;
	assert_true(fja_installed());
	/* Two threads, each its own arena, at once. */
	assert_int_equal(pthread_create(&th, NULL, arena_thread, NULL), 0);
	arena_thread(NULL);
	pthread_join(th, NULL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_par_halves),
		cmocka_unit_test(test_par_cpus),
		cmocka_unit_test(test_par_thread_signals),
		cmocka_unit_test(test_arena),
	};

	fja_install(); /* before any jansson node, as fio2orion's main() */
	return cmocka_run_group_tests(tests, NULL, NULL);
}
