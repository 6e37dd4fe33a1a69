/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fr_vclock.h -- a simulated clock for the built-in runner on the model
 * device (virtual_time=1): the runner's stamps, its sleeps and the model
 * device's completions read and wait on it instead of the kernel's clock.
 *
 * Two kinds of thread take part. Runners (FR_VC_RUN: the clones doing
 * I/O, each on a model device of its own) share nothing with each other
 * between two looks of the observer; the observer (FR_VC_LOOK: the parent
 * that samples the clones, judges steady state and stops them) reads and
 * writes their state only when it wakes. So each runner keeps a clock of
 * its own and runs on it freely, without a lock or a system call, up to
 * the observer's next wake-up (the barrier), and sleeps past it; when
 * every runner waits past the barrier, the observer wakes at it and sees
 * each runner's whole state at that instant (its events at the barrier's
 * instant done). When
 * every thread waits, the clock jumps to the earliest time asked for
 * ("advance on idle", as FoundationDB's simulator and TigerBeetle's VOPR
 * do). CPU time costs no simulated time: a run takes as long as its CPU
 * needs, and what it measures is what the model and the runner's schedule
 * say, exactly and the same every time, however the kernel schedules the
 * threads.
 *
 * Off (fr_vc_on false), nothing here is used and the runner's clock is
 * the kernel's (driver/runner/clock.h).
 */
#ifndef FIORION_FR_VCLOCK_H
#define FIORION_FR_VCLOCK_H

/* Where a run's simulated clock starts, ns (not 0: a 0 stamp means none). */
#define FR_VC_T0 1000000000ull

#include <stdbool.h>
#include <stdint.h>

enum fr_vc_rank {
	FR_VC_RUN = 0,	/* a runner: its own clock, up to the barrier */
	FR_VC_LOOK = 1, /* the observer: wakes when every runner is past it */
};

/* Whether the simulated clock is on (set by fr_vc_start()). */
extern bool fr_vc_on;

/* The observer's (the shared) time, ns; a runner's own time (0: none). */
extern uint64_t fr_vc_ns;
extern __thread uint64_t fr_vc_mine;

/* The calling thread's simulated time, ns (only while fr_vc_on). */
static inline uint64_t fr_vc_now(void)
{
	return fr_vc_mine ? fr_vc_mine : __atomic_load_n(&fr_vc_ns, __ATOMIC_ACQUIRE);
}

/* Turn the clock on at @t0 ns, with no thread taking part yet. */
void fr_vc_start(uint64_t t0);

/* Turn it off (every thread that took part has left). */
void fr_vc_stop(void);

/*
 * @run more runners and @look more observers take part: the clock waits
 * for them too. Called for them (before they start) at the shared time.
 */
void fr_vc_join(unsigned int run, unsigned int look);

/* The calling thread, of @rank, takes part no more. */
void fr_vc_leave(enum fr_vc_rank rank);

/*
 * Wait until the calling thread's clock reaches @t (at once when it has):
 * a runner (@rank FR_VC_RUN) up to the barrier goes on at once; past it,
 * and an observer, until every thread taking part waits and @t is the
 * earliest time asked for.
 */
void fr_vc_sleep_until(uint64_t t, enum fr_vc_rank rank);

#endif
