/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rngroup.c -- the parent's part of a group of the built-in runner's
 * clones: start them together, sample them and judge their steady state
 * as fio's helper thread does, reap them as fio's main loop does, and
 * give up on a group a stuck device holds.
 */
#include "rngroup.h"

#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <sys/resource.h>
#include <time.h>

#include "rn_priv.h"

/*
 * One bandwidth or IOPS interval of a running clone, as fio's helper
 * thread takes it (stat.c: __add_samples()): when @avg_ms have passed
 * (1 ms slack) since the last, each direction with I/O done in the
 * interval gets one sample of its rate over the interval's whole
 * milliseconds; directions without I/O get none.
 */
static void sample(struct rn_td *td, struct rn_sampler *smp, unsigned int avg_ms,
		   bool bw, uint64_t now)
{
	uint64_t spent = since(smp->t, now) / 1000000, rate;
	int ddir;

	if (spent < avg_ms && avg_ms - spent > 1)
		return;
	for (ddir = 0; ddir < 2; ddir++) {
		struct rn_stats *s = &td->st[ddir];
		uint64_t cur = bw ? __atomic_load_n(&s->bytes, __ATOMIC_RELAXED)
				  : __atomic_load_n(&s->ios, __ATOMIC_RELAXED);

		if (cur == smp->last[ddir])
			continue;
		rate = rs_rate(cur - smp->last[ddir], spent, bw);
		rs_sample_add(bw ? &s->bw : &s->iops, rate);
		if (td->log.any)
			rl_rate(&td->log, bw, since(td->t0, now) / 1000000, ddir, rate, td->job->bs);
		smp->last[ddir] = cur;
	}
	smp->t = now;
}

/*
 * A clone's last interval, to its end: fio's helper thread takes it while
 * the job is still running (its last tick before the job's end), logged
 * or not.
 */
void rn_sample_last(struct rn_td *td)
{
	uint64_t end = td->t_end ? td->t_end : __atomic_load_n(&td->progress, __ATOMIC_RELAXED);

	sample(td, &td->bw_smp, td->job->bw_avg_ms, true, end);
	sample(td, &td->iops_smp, td->job->iops_avg_ms, false, end);
}

/* The parent's sampling pass over the clones of a running group. */
static void sample_group(struct rn_td **tds, size_t first, size_t n)
{
	uint64_t now = now_ns();
	size_t k;

	for (k = first; k < n; k++) {
		struct rn_td *td = tds[k];

		if (__atomic_load_n(&td->done, __ATOMIC_ACQUIRE))
			continue;
		sample(td, &td->bw_smp, td->job->bw_avg_ms, true, now);
		sample(td, &td->iops_smp, td->job->iops_avg_ms, false, now);
	}
}

/* rel_time_since(now, t): whole ms from @now to @t, rounded down. */
static int64_t ms_until(uint64_t now, uint64_t t)
{
	int64_t d = (int64_t)(t - now);

	return d >= 0 ? d / 1000000 : -((-d + 999999) / 1000000);
}

/*
 * eval_timer() (1 ms of sleep accuracy, a late timer set again from now)
 * and, when it expires, steadystate_check() over the running clones of
 * [first, n): each clone is judged on its own numbers (as fio without
 * group_reporting, which the runner does not take) and stops when its
 * window holds.
 */
static void steady_tick(struct ss_timer *tm, struct rn_td **tds, size_t first, size_t n)
{
	uint64_t now = now_ns();
	int64_t d;
	size_t k;

	if (!tm->on || ms_until(now, tm->expires) > 1)
		return;
	tm->expires += SS_NS;
	d = ms_until(now, tm->expires);
	if (d < (int64_t)RN_SS_MSEC - 1 || d > (int64_t)RN_SS_MSEC + 1)
		tm->expires = now + SS_NS;
	for (k = first; k < n; k++) {
		struct rn_td *td = tds[k];
		uint64_t ios, bytes;

		if (!td->ss.dur || !td->start_line->go ||
		    __atomic_load_n(&td->done, __ATOMIC_ACQUIRE))
			continue;
		ios = __atomic_load_n(&td->st[0].ios, __ATOMIC_RELAXED) +
			__atomic_load_n(&td->st[1].ios, __ATOMIC_RELAXED);
		bytes = __atomic_load_n(&td->st[0].bytes, __ATOMIC_RELAXED) +
			__atomic_load_n(&td->st[1].bytes, __ATOMIC_RELAXED);
		if (ss_check(&td->ss, td->start_line->t_go, now_ns(), ios, bytes))
			__atomic_store_n(&td->stopping, 1, __ATOMIC_RELAXED);
	}
}

/* The parent's nap, ns: 10 ms, or less when the steady-state timer is due sooner. */
static uint64_t nap(const struct ss_timer *tm)
{
	const int64_t tick = 10 * 1000 * 1000;
	int64_t due = tm->on ? (int64_t)(tm->expires - now_ns()) : tick;

	return (uint64_t)(due < tick ? (due > 0 ? due : 0) : tick);
}

void rn_stop_group(const struct rn_start *s)
{
	size_t k;

	for (k = 0; k < s->npeers; k++)
		__atomic_store_n(&s->peers[k]->stopping, 1, __ATOMIC_RELAXED);
}

/* Whether a clone of [first, n) with exitall has ended. */
static bool exitall_ended(struct rn_td **tds, size_t first, size_t n)
{
	size_t k;

	for (k = first; k < n; k++)
		if (tds[k]->job->exitall && __atomic_load_n(&tds[k]->done, __ATOMIC_ACQUIRE))
			return true;
	return false;
}

/*
 * Wait for clones [first, n) to end. Like fio's main loop (backend.c:
 * reap_threads(), then do_usleep(10000), while jobs run), the parent
 * looks every 10 ms instead of sleeping in pthread_join. That
 * timing is measurable: on this project's VM a depth-1 job sharing its CPU
 * with the parent ran 11% more IOPS at 0.77x the CPU per I/O than with a
 * parent asleep in pthread_join, most likely because a timer due that soon
 * keeps the CPU's scheduler tick running between I/Os
 * (docs/benchmarks.md). Waiting as fio waits keeps the two runners
 * comparable.
 *
 * Also as fio (FIO_REAP_TIMEOUT, 300 s): a clone that has seen no I/O
 * complete for @stuck_s seconds (0: no limit) is waiting for an I/O its
 * LUN does not complete. That is an error naming the job and its LUNs;
 * the clone's thread is left behind (no system call takes back an I/O
 * the device holds), and the clones and their memory are kept.
 * Returns 0, or -ETIMEDOUT with @err set.
 */
static int reap(struct rn_td **tds, size_t first, size_t n, unsigned int stuck_s,
		volatile int *stop, struct ss_timer *tm, struct fr_err *err)
{
	const uint64_t limit = stuck_s * UINT64_C(1000000000);
	uint64_t now = now_ns();
	size_t k = first;
	/* The parent took part in the simulated clock from the start line. */
	const bool vc = fr_vc_on && n > first && tds[first]->start_line->go;

	/*
	 * fio's helper thread fired the timer on time between the groups,
	 * with no clone to look at: the next check keeps the run's phase.
	 */
	if (tm->on && (int64_t)(now - tm->expires) > 0)
		tm->expires += ((now - tm->expires) / SS_NS + 1) * SS_NS;
	while (k < n) {
		const struct rn_td *td = tds[k];
		uint64_t last;
		unsigned int l;

		/*
		 * exitall on the simulated clock: at each look the parent
		 * stops the group when any clone of it has ended (runner.c).
		 */
		if (vc && exitall_ended(tds, first, n))
			rn_stop_group(td->start_line);
		if (__atomic_load_n(&td->done, __ATOMIC_ACQUIRE)) {
			k++;
			continue;
		}
		/* The clone may store a later time than a clock read before the load. */
		last = __atomic_load_n(&td->progress, __ATOMIC_RELAXED);
		if (stop && *stop)
			rn_stop_group(td->start_line);
		if (!limit || (int64_t)(now_ns() - last) <= (int64_t)limit) {
			steady_tick(tm, tds, first, n);
			sample_group(tds, first, n);
			rn_nap(nap(tm), FR_VC_LOOK);
			continue;
		}
		/* The LUNs as the parent planned them: the clone's own may be gone. */
		for (l = (unsigned int)first; l < n; l++)
			__atomic_store_n(&tds[l]->abandoned, 1, __ATOMIC_RELEASE);
		if (vc)
			fr_vc_leave(FR_VC_LOOK);
		return fr_errf(err, -ETIMEDOUT,
			       "job '%s': no I/O has completed for %u s; %s %s is not completing it (stuck device?)",
			       td->job->name, stuck_s, td->nluns > 1 ? "a LUN of" : "LUN", td->lun_names);
	}
	/* Every clone has left the simulated clock: the parent leaves it too. */
	if (vc)
		fr_vc_leave(FR_VC_LOOK);
	for (k = first; k < n; k++)
		pthread_join(tds[k]->thr, NULL);
	return 0;
}

/*
 * Every clone holds its LUNs open (and io_uring a ring descriptor) for
 * the whole group. Raise the soft limit on open files to what the group
 * needs when the hard limit allows; else refuse before any I/O.
 */
int rn_open_file_budget(struct rn_td **tds, size_t first, size_t n,
			struct fr_err *err)
{
	struct rlimit rl;
	uint64_t need = 64; /* stdio, the JSON, the job file, slack */
	size_t k;

	for (k = first; k < n; k++)
		need += tds[k]->nluns + 1;
	if (getrlimit(RLIMIT_NOFILE, &rl) || rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur >= need)
		return 0;
	if (rl.rlim_max != RLIM_INFINITY && rl.rlim_max < need)
		return fr_errf(err, -EMFILE,
			       "job '%s': its group runs %zu clones at once, which hold about %" PRIu64 " open files; the limit on open files (ulimit -n) is %llu: raise it, or run fewer streams",
			       tds[first]->job->name, n - first, need,
			       (unsigned long long)rl.rlim_max);
	rl.rlim_cur = need;
	if (setrlimit(RLIMIT_NOFILE, &rl))
		return fr_errf(err, -EMFILE,
			       "job '%s': its group needs about %" PRIu64 " open files and the limit (ulimit -n) cannot be raised to that",
			       tds[first]->job->name, need);
	return 0;
}

/*
 * Wait until clones [first, n) are set up, then start them together
 * (or call them off when @abort or a clone failed setting up). A clone
 * that has not finished setting up after @stuck_s seconds (0: no limit)
 * with none of the others progressing is stuck opening its LUNs: the
 * group is abandoned as reap() does. Returns 0, or -ETIMEDOUT with @err.
 */
int rn_start_group(struct rn_start *s, struct rn_td **tds, size_t first,
		   size_t n, bool abort, unsigned int stuck_s, volatile int *stop,
		   struct ss_timer *tm, struct fr_err *err)
{
	const uint64_t limit = stuck_s * UINT64_C(1000000000);
	unsigned int seen = 0;
	uint64_t last = now_ns();
	size_t k;

	pthread_mutex_lock(&s->lock);
	while (s->ready < n - first) {
		struct timespec ts;
		uint64_t now;

		clock_gettime(CLOCK_REALTIME, &ts);
		ts.tv_nsec += 10 * 1000 * 1000;
		if (ts.tv_nsec >= 1000000000) {
			ts.tv_sec++;
			ts.tv_nsec -= 1000000000;
		}
		pthread_cond_timedwait(&s->cond, &s->lock, &ts);
		now = now_ns();
		if (s->ready != seen) {
			seen = s->ready;
			last = now;
		} else if (limit && (int64_t)(now - last) > (int64_t)limit) {
			for (k = first; k < n && tds[k]->ready; k++)
				;
			for (size_t l = first; l < n; l++)
				__atomic_store_n(&tds[l]->abandoned, 1, __ATOMIC_RELEASE);
			/* Clones already waiting leave; the stuck one will too. */
			s->abort = true;
			pthread_cond_broadcast(&s->cond);
			pthread_mutex_unlock(&s->lock);
			return fr_errf(err, -ETIMEDOUT,
				       "job '%s': clone %u has not finished opening its LUNs in %u s (stuck device?)",
				       tds[k]->job->name, tds[k]->clone + 1, stuck_s);
		}
	}
	for (k = first; k < n; k++)
		abort |= tds[k]->error != 0;
	s->t_go = now_ns();
	for (k = first; k < n; k++) {
		__atomic_store_n(&tds[k]->progress, s->t_go, __ATOMIC_RELAXED);
		tds[k]->bw_smp.t = tds[k]->iops_smp.t = s->t_go;
		/* backend.c: ss.prev_time is the epoch. */
		tds[k]->ss.prev_time = s->t_go;
	}
	if (abort) {
		s->abort = true;
	} else {
		s->go = true;
		/*
		 * Each clone's start, set here before the clones wake (they
		 * read it, and the parent's samples do from now on, the last
		 * one after the start line is gone: runner.c, write_logs()).
		 */
		for (k = first; k < n; k++)
			tds[k]->t0 = s->t_go;
	}
	/*
	 * On the simulated clock, the clones and the parent take part from
	 * the start line on: the clock waits for each until it leaves.
	 */
	if (s->go && fr_vc_on)
		fr_vc_join((unsigned int)(n - first), 1);
	pthread_cond_broadcast(&s->cond);
	pthread_mutex_unlock(&s->lock);
	return reap(tds, first, n, stuck_s, stop, tm, err);
}
