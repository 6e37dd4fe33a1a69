/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fr_vclock.c -- the simulated clock (fr_vclock.h).
 *
 * One lock over the shared state: the waiting threads in a list sorted by
 * (time asked, rank), each woken on a word of its own (a futex), so that
 * an advance wakes exactly the threads whose time has come; the barrier,
 * read without the lock by the runners (it changes only while every
 * runner waits). The thread whose wait makes every participant wait does
 * the advance itself.
 */
#include "fr_vclock.h"

#include <linux/futex.h>
#include <pthread.h>
#include <stddef.h>
#include <sys/syscall.h>
#include <unistd.h>

bool fr_vc_on;
uint64_t fr_vc_ns;
__thread uint64_t fr_vc_mine;

/* A waiter's word: waiting, or woken (its futex). */
#define W_WAIT 0
#define W_WOKEN 1

struct waiter {
	uint64_t t;
	enum fr_vc_rank rank;
	int state; /* W_*, atomic: the futex word */
	struct waiter *next;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct waiter *waiting; /* by (t, rank) */
static unsigned int nparts, nlook, nwait;
/* How far a runner may go on its own clock (atomic). */
static uint64_t barrier;

static void wake(struct waiter *w)
{
	__atomic_store_n(&w->state, W_WOKEN, __ATOMIC_RELEASE);
	syscall(SYS_futex, &w->state, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}

static void wait_woken(struct waiter *w)
{
	while (__atomic_load_n(&w->state, __ATOMIC_ACQUIRE) != W_WOKEN)
		syscall(SYS_futex, &w->state, FUTEX_WAIT_PRIVATE, W_WAIT, NULL, NULL, 0);
}

/* Under the lock: take @w off the list onto @out. */
static struct waiter *take(struct waiter **p, struct waiter *out)
{
	struct waiter *w = *p;

	*p = w->next;
	nwait--;
	w->next = out;
	return w;
}

/*
 * Under the lock, when every participant waits: the runners waiting up to
 * the observers' earliest wake-up (all of them when no observer takes
 * part) go on, that wake-up their barrier; when none does, the clock
 * moves to that wake-up and its observers go on. Returns the threads to
 * wake once the lock is let go.
 */
static struct waiter *advance(void)
{
	struct waiter *out = NULL, **p, *w;
	uint64_t look = UINT64_MAX;

	if (!waiting || nwait < nparts)
		return NULL;
	for (w = waiting; w; w = w->next)
		if (w->rank == FR_VC_LOOK) {
			look = w->t;
			break;
		}
	for (p = &waiting; *p;)
		if ((*p)->rank == FR_VC_RUN && (*p)->t <= look)
			out = take(p, out);
		else
			p = &(*p)->next;
	if (out) {
		__atomic_store_n(&barrier, look, __ATOMIC_RELEASE);
		return out;
	}
	if (look > fr_vc_ns)
		__atomic_store_n(&fr_vc_ns, look, __ATOMIC_RELEASE);
	for (p = &waiting; *p;)
		if ((*p)->rank == FR_VC_LOOK && (*p)->t == look)
			out = take(p, out);
		else
			p = &(*p)->next;
	/* The observers look: the runners stay where they are. */
	__atomic_store_n(&barrier, look, __ATOMIC_RELEASE);
	return out;
}

static void wake_all(struct waiter *w)
{
	while (w) {
		struct waiter *next = w->next;

		wake(w); /* @w may be gone once woken */
		w = next;
	}
}

void fr_vc_start(uint64_t t0)
{
	pthread_mutex_lock(&lock);
	fr_vc_ns = t0;
	nparts = nlook = nwait = 0;
	waiting = NULL;
	barrier = t0;
	fr_vc_on = true;
	pthread_mutex_unlock(&lock);
}

void fr_vc_stop(void)
{
	pthread_mutex_lock(&lock);
	fr_vc_on = false;
	pthread_mutex_unlock(&lock);
}

void fr_vc_join(unsigned int run, unsigned int look)
{
	pthread_mutex_lock(&lock);
	nparts += run + look;
	nlook += look;
	/* An observer awake: no runner goes past its time. */
	__atomic_store_n(&barrier, nlook ? fr_vc_ns : UINT64_MAX, __ATOMIC_RELEASE);
	pthread_mutex_unlock(&lock);
}

void fr_vc_leave(enum fr_vc_rank rank)
{
	struct waiter *w;

	pthread_mutex_lock(&lock);
	if (nparts)
		nparts--;
	if (rank == FR_VC_LOOK && nlook)
		nlook--;
	w = advance();
	pthread_mutex_unlock(&lock);
	fr_vc_mine = 0;
	wake_all(w);
}

void fr_vc_sleep_until(uint64_t t, enum fr_vc_rank rank)
{
	struct waiter self = { .t = t, .rank = rank, .state = W_WAIT }, **p, *w;

	if (t <= fr_vc_now())
		return;
	/* A runner up to the barrier: on its own clock. */
	if (rank == FR_VC_RUN && t <= __atomic_load_n(&barrier, __ATOMIC_ACQUIRE)) {
		fr_vc_mine = t;
		return;
	}
	pthread_mutex_lock(&lock);
	for (p = &waiting; *p && ((*p)->t < t || ((*p)->t == t && (*p)->rank <= rank)); p = &(*p)->next)
		;
	self.next = *p;
	*p = &self;
	nwait++;
	w = advance();
	pthread_mutex_unlock(&lock);
	wake_all(w);
	wait_woken(&self);
	fr_vc_mine = t;
}
