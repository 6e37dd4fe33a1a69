/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * openloop.c -- the built-in runner's open loop (openloop.h): fio's rate
 * schedule per clone and direction, I/Os started at their arrival when a
 * slot is free (rnio.c starts them, and counts each one's response time
 * from its arrival as it completes).
 */
#include "openloop.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>

#include "rn_priv.h"

/*
 * The loop sleeps (or waits for a completion) until this long before an
 * arrival, then spins to it: a wake-up is late by tens of microseconds on
 * a busy machine, a spin by a clock read.
 */
#define OL_SPIN_NS 20000ull
/* A wait shorter than this is all spin: a sleep that short costs its wake-up. */
#define OL_SLEEP_MIN_NS 60000ull

void ol_targets(const struct jp_job *j, double iops[2])
{
	int d;

	for (d = 0; d < 2; d++) {
		uint64_t bps = j->rate[d] ? j->rate[d] : (uint64_t)j->rate_iops[d] * j->bs;

		iops[d] = jp_does(j, d) && bps ? (double)bps / (double)j->bs : 0;
	}
}

/* splitmix64: a seed spread over all 64 bits. */
static uint64_t mix(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ull;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
	return x ^ (x >> 31);
}

/* xorshift64*: a uniform number in (0, 1]. */
static double uniform(uint64_t *x)
{
	*x ^= *x >> 12;
	*x ^= *x << 25;
	*x ^= *x >> 27;
	return (double)(((*x * 0x2545f4914f6cdd1dull) >> 11) + 1) / 9007199254740992.0;
}

static void schedule(struct ol_state *s, int d)
{
	if (s->poisson)
		s->at[d] += -log(uniform(&s->rng[d])) * s->gap_ns[d];
	else
		s->at[d] = (double)((unsigned __int128)s->bytes[d] * 1000000000u / s->bps[d]);
}

struct ol_state *ol_new(const struct jp_job *j, unsigned int clone, bool *nomem)
{
	struct ol_state *s;
	double iops[2];
	int d;

	*nomem = false;
	if (!jp_rated(j))
		return NULL;
	s = calloc(1, sizeof(*s));
	if (!s) {
		*nomem = true;
		return NULL;
	}
	ol_targets(j, iops);
	s->poisson = j->rate_poisson;
	s->bs = j->bs;
	for (d = 0; d < 2; d++) {
		s->on[d] = iops[d] > 0;
		if (!s->on[d])
			continue;
		s->bps[d] = j->rate[d] ? j->rate[d] : (uint64_t)j->rate_iops[d] * j->bs;
		s->gap_ns[d] = 1e9 / iops[d];
		/* Seeded as the clone's offsets are (rn_fixed_seed()). */
		s->rng[d] = mix(rn_fixed_seed(j) ? 0x6f70656e6c6f6f70ull ^ ((uint64_t)clone << 8) ^ (uint64_t)d ^
						(j->randseed_set ? j->randseed * 0x94d049bb133111ebull : 0)
						 : clk_ns() ^ (uint64_t)(uintptr_t)s ^ (uint64_t)d);
		if (!s->rng[d])
			s->rng[d] = 1;
		/* fio: the first I/O of a direction at once (rate_next_io_time 0). */
		s->at[d] = 0;
	}
	return s;
}

int ol_next(const struct ol_state *s, uint64_t *at)
{
	int d = !s->on[0] || (s->on[1] && s->at[1] < s->at[0]);

	*at = (uint64_t)s->at[d];
	return d;
}

void ol_advance(struct ol_state *s, int ddir)
{
	s->arrivals++;
	s->bytes[ddir] += s->bs;
	schedule(s, ddir);
}

/*
 * Take what completes within @t (NULL: wait for @min), as run_loop()
 * does. Returns the count, or -1 when the clone failed.
 */
static int take_events(struct rn_td *td, unsigned int min, const struct timespec *t,
		       uint64_t *t_last)
{
	int n = td->ops->getevents(td, min, td->inflight, t), i;

	rn_leave_if_abandoned(td);
	if (n < 0) {
		if (!td->error) {
			td->error = -n;
			snprintf(td->msg, sizeof(td->msg), "waiting for I/O: %s", strerror(-n));
		}
		return -1;
	}
	if (n)
		rs_mark_complete(&td->depths, (unsigned int)n);
	for (i = 0; i < n; i++) {
		uint64_t tc = rn_take_completion(td, td->ops->event(td, (unsigned int)i));

		if (t_last)
			*t_last = tc;
		td->inflight--;
	}
	return n;
}

/*
 * Until @wait ns from now: a completion, or a sleep when none is
 * outstanding. At most 100 ms at once, so that a slow schedule (one I/O a
 * minute) still sees a stop in time, and is not taken for a stuck LUN
 * (nothing outstanding is nothing stuck: its progress is now).
 */
static int wait_for(struct rn_td *td, uint64_t wait)
{
	struct timespec ts;

	if (wait > 100000000u)
		wait = 100000000u;
	ts = (struct timespec){ (time_t)(wait / 1000000000u), (long)(wait % 1000000000u) };
	if (td->inflight)
		return take_events(td, 1, &ts, NULL);
	__atomic_store_n(&td->progress, now_ns(), __ATOMIC_RELAXED);
	rn_nap(wait, FR_VC_RUN);
	return 0;
}

void ol_run(struct rn_td *td, uint64_t deadline, uint64_t limit)
{
	struct ol_state *s = td->ol;
	unsigned int depth = td->job->iodepth;
	uint64_t issued = 0, t = now_ns(), freed = 0, t_stop = 0, prev_start = 0;
	bool waiting = false, synced = false, prev_busy = false;
	/* On the simulated clock a wait ends on time: no spin (it would never end). */
	const uint64_t spin = fr_vc_on ? 0 : OL_SPIN_NS, sleep_min = fr_vc_on ? 0 : OL_SLEEP_MIN_NS;

	/* Timed waits end within a microsecond of the time asked. */
	prctl(PR_SET_TIMERSLACK, 1000ul, 0, 0, 0);
	for (;;) {
		uint64_t at, due;
		int d = ol_next(s, &at), n = 0;
		bool running, may;

		due = td->t0 + at;
		running = !td->error && t < deadline && (!limit || issued < limit) &&
			!__atomic_load_n(&td->stopping, __ATOMIC_RELAXED);
		may = running && due < deadline;
		if (may && due <= t && td->inflight < depth) {
			/*
			 * A synchronous backend holds one I/O, inside queue. An
			 * arrival waited for that slot when it came while the I/O
			 * before it was in service, or, come before that one
			 * started, when that one waited for the slot too (a backlog
			 * behind a slow I/O); one that came while the runner itself
			 * was held up waited for the runner.
			 */
			bool busy = synced && due < freed && (due >= prev_start || prev_busy);
			uint64_t ready = (waiting || busy) && freed > due ? freed : due;
			uint64_t t_call = now_ns();
			unsigned int before = td->inflight;

			if (busy && !waiting)
				s->slot_waits++;
			lh_add(&s->sched, since(ready, t_call));
			if (rn_start_io(td, d, due, &issued, &t))
				ol_advance(s, d);
			synced = td->inflight == before;
			if (synced) {
				freed = t; /* its completion */
				prev_start = t_call;
				prev_busy = busy;
			}
			waiting = false;
			continue;
		}
		if (may && due <= t) {
			/* Due, every slot busy: it waits for the first to free. */
			if (!waiting)
				s->slot_waits++;
			waiting = true;
			n = take_events(td, 1, NULL, &freed);
		} else if (running && !may) {
			/*
			 * The next arrival is beyond the runtime: the job still
			 * lasts its runtime, as fio's does (io_u.c: rate_ddir()
			 * sleeps up to the timeout, then ends the job), so its
			 * job_runtime is the runtime, not its last arrival's
			 * completion, which the cut-short check would refuse.
			 */
			n = wait_for(td, deadline - t);
		} else if (!may) {
			if (!t_stop)
				t_stop = t;
			if (!td->inflight)
				break;
			n = take_events(td, 1, NULL, NULL);
		} else if (due - t > sleep_min) {
			n = wait_for(td, due - t - spin);
		} else if (td->inflight) {
			n = take_events(td, 0, &(struct timespec){ 0, 0 }, NULL);
		}
		if (n < 0)
			break;
		t = now_ns();
	}
	/*
	 * The arrivals the window held that were not started (the time ran
	 * out, the run was stopped, the runner was late): counted, so that
	 * the achieved rate can be judged against the schedule itself.
	 */
	if (!td->error && !(limit && issued >= limit)) {
		uint64_t end = t_stop && t_stop < deadline ? t_stop : deadline, at;
		int d;

		for (d = ol_next(s, &at); td->t0 + at < end; d = ol_next(s, &at))
			ol_advance(s, d);
	}
	/* A failure left I/Os outstanding: complete them before the end. */
	while (td->inflight && take_events(td, 1, NULL, NULL) >= 0)
		t = now_ns();
	td->t_end = t;
}

json_t *ol_json(const struct ol_state *s, const struct jp_job *j)
{
	json_t *o = json_object(), *r = json_array();
	double iops[2];
	int d;

	ol_targets(j, iops);
	json_object_set_new(o, "arrival", json_string(s->poisson ? "poisson" : "uniform"));
	for (d = 0; d < 2; d++)
		json_array_append_new(r, iops[d] == floor(iops[d]) ? json_integer((json_int_t)iops[d]) : json_real(iops[d]));
	json_object_set_new(o, "rate_iops", r);
	json_object_set_new(o, "depth_cap", json_integer(j->iodepth));
	json_object_set_new(o, "slot_waits", json_integer((json_int_t)s->slot_waits));
	json_object_set_new(o, "late_p99_ns",
			    json_integer((json_int_t)(s->late.n ? lh_percentile(&s->late, 99.0) : 0)));
	json_object_set_new(o, "arrivals", json_integer((json_int_t)s->arrivals));
	json_object_set_new(o, "sched_err_p99_ns",
			    json_integer((json_int_t)(s->sched.n ? lh_percentile(&s->sched, 99.0) : 0)));
	return o;
}
