/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * runner.c -- the built-in runner.
 *
 * Per clone (a "thread data", as fio calls it): the engine hooks below,
 * a pool of iodepth I/O units with aligned buffers, a random generator,
 * and per-direction statistics (lat/clat/slat histograms). Each I/O is
 * timed as fio 3.33 times it: its own start stamp when it is prepared
 * (get_io_u), its issue stamp when the submit call that handed it to the
 * kernel has returned (fio's io_uring and libaio engines), its completion
 * stamp when the runner takes it, one completion at a time (fio's
 * iodepth_batch_complete_max=1). slat = issue - start, clat = completion
 * - issue, lat = completion - start.
 */
#include "runner.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <jansson.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "clock.h"
#include "diskutil.h"
#include "rn_priv.h"
#include "vvol.h"

/* ------------------------------------------------------------ running */

static inline uint64_t now_ns(void)
{
	return clk_ns();
}

static int setup_ios(struct rn_td *td, struct fr_err *err)
{
	const struct jp_job *j = td->job;
	unsigned int i;

	td->ios = calloc(j->iodepth, sizeof(*td->ios));
	if (!td->ios ||
	    posix_memalign(&td->bufs, 4096, (size_t)(j->iodepth * j->bs)))
		return fr_errf(err, -ENOMEM, "job '%s': out of memory for %u x %" PRIu64 " byte buffers",
			       j->name, j->iodepth, j->bs);
	/* Write buffers: random bytes (or the verify pattern), as fio's. */
	if (j->verify_pattern && j->pattern_len) {
		rn_fill_pattern(j, td->bufs, j->iodepth * j->bs);
	} else {
		uint64_t *w = td->bufs, n = j->iodepth * j->bs / 8, k;

		for (k = 0; k < n; k++)
			w[k] = rn_rand(td);
	}
	for (i = 0; i < j->iodepth; i++) {
		struct rn_io *io = &td->ios[i];

		io->req.buf = (char *)td->bufs + (size_t)i * j->bs;
		io->req.user = io;
		io->next = td->free_ios;
		td->free_ios = io;
	}
	return 0;
}

static void fail(struct rn_td *td, int error, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void fail(struct rn_td *td, int error, const char *fmt, ...)
{
	va_list ap;

	if (td->error)
		return;
	td->error = error;
	va_start(ap, fmt);
	vsnprintf(td->msg, sizeof(td->msg), fmt, ap);
	va_end(ap);
}

/*
 * b - a in ns, never negative: stamps taken on two CPUs (the thread moved
 * between them) may be a few ns out of order with the TSC clock.
 */
static inline uint64_t since(uint64_t a, uint64_t b)
{
	return (int64_t)(b - a) > 0 ? b - a : 0;
}

static void complete(struct rn_td *td, struct rn_io *io, uint64_t t)
{
	struct rn_stats *s = &td->st[io->ddir];

	if (io->req.error) {
		char m[1024];

		vio_describe_error(td->q, &io->req, m, sizeof(m));
		fail(td, io->req.error, "%s", m);
	} else {
		/* The parent samples these while the clone runs (rn_sample()). */
		__atomic_store_n(&s->ios, s->ios + 1, __ATOMIC_RELAXED);
		__atomic_store_n(&s->bytes, s->bytes + io->req.len, __ATOMIC_RELAXED);
		io->slot_ios++;
		io->slot_lat_ns += (double)since(io->t_start, t);
		lh_add(&s->lat, since(io->t_start, t));
		/*
		 * A synchronous I/O's issue is its start: its clat is its lat,
		 * kept once (job_json() reports it for both), and it has no
		 * slat (fio's FIO_SYNCIO engines sample none).
		 */
		if (!io->sync) {
			lh_add(&s->clat, since(io->t_issue, t));
			lh_add(&s->slat, since(io->t_start, io->t_issue));
		}
		/* fio's latency_ns/us/ms buckets: of clat. */
		rs_mark_latency(&td->depths, since(io->sync ? io->t_start : io->t_issue, t));
		if (io->ddir == DIR_READ && td->job->verify_pattern &&
		    td->job->pattern_len) {
			uint64_t bad;

			if (!rn_check_pattern(td->job, io->req.buf, io->req.len, &bad))
				fail(td, EILSEQ,
				     "verify: volume offset %" PRIu64 " does not hold verify_pattern 0x%x",
				     io->req.off + bad, td->job->pattern);
		}
	}
	io->next = td->free_ios;
	td->free_ios = io;
}

/*
 * td->abandoned is set when the parent gives up on the clone's group
 * because an I/O never completes (see reap()). The caller frees the job
 * file after that; the clone (never freed then) must touch nothing else
 * if its I/O returns later, and only ends its thread.
 */
static void leave_if_abandoned(const struct rn_td *td)
{
	if (__atomic_load_n(&td->abandoned, __ATOMIC_ACQUIRE))
		pthread_exit(NULL);
}

/*
 * The runner takes a completed I/O: its completion stamp (returned),
 * its statistics, and the clone's progress for the stuck-LUN check.
 */
static uint64_t take_completion(struct rn_td *td, struct rn_io *io)
{
	uint64_t t = now_ns();

	complete(td, io, t);
	__atomic_store_n(&td->progress, t, __ATOMIC_RELAXED);
	return t;
}

/*
 * Start one I/O in a free slot, as fio's do_io() does with its default
 * options (iodepth_batch=1): prepare it and stamp its start, queue it,
 * and hand it to the kernel at once with its own commit; the issue time
 * is stamped when that submit call has returned (fio's io_uring and
 * libaio engines: fio_ioring_queued(), fio_libaio_queued()). A
 * synchronous backend does the I/O inside queue: it is stamped complete
 * on return, and, as fio's FIO_SYNCIO engines, has no submission
 * latency of its own (its clat is the system call; slat is not sampled).
 * @t gets the last clock read. Returns false when no I/O could be
 * started (td->error is then set).
 */
static bool start_io(struct rn_td *td, uint64_t *issued, uint64_t *t)
{
	const struct rn_engine_ops *ops = td->ops;
	struct rn_io *io = td->free_ios;
	int ret;

	td->free_ios = io->next;
	rn_next_io(td, io);
	io->t_start = now_ns();
	io->t_issue = io->t_start;
	ret = ops->queue(td, io);
	leave_if_abandoned(td);
	if (ret < 0) {
		fail(td, -ret, "%s at volume offset %" PRIu64 " (%" PRIu64 " bytes): %s",
		     ret == -ERANGE ? "I/O outside the volume" : "I/O refused",
		     io->req.off, io->req.len, strerror(-ret));
		io->next = td->free_ios;
		td->free_ios = io;
		return false;
	}
	*issued += io->req.len;
	td->st[io->ddir].issued++;
	if (ret == RN_Q_COMPLETED) {
		/* fio's td_io_queue() for an engine without commit. */
		rs_mark_submit(&td->depths, 1);
		rs_mark_complete(&td->depths, 1);
		rs_mark_depth(&td->depths, td->inflight + 1, 1);
		io->sync = true;
		*t = take_completion(td, io);
		return true;
	}
	io->sync = false;
	td->inflight++;
	/* fio's td_io_commit(): the depth counts the I/O being submitted. */
	rs_mark_depth(&td->depths, td->inflight, 1);
	ret = ops->commit(td);
	io->t_issue = *t = now_ns();
	if (ret >= 0)
		rs_mark_submit(&td->depths, 1);
	if (ret < 0) {
		fail(td, -ret, "submitting I/O: %s", strerror(-ret));
		return false;
	}
	return true;
}

/*
 * One phase: a closed loop holding iodepth I/Os outstanding until the
 * deadline or the byte limit. Completions are taken one at a time, as
 * fio takes them with its defaults (iodepth_batch_complete_min = max =
 * 1): each is stamped when the runner takes it, and its slot is refilled
 * at once, before the next completion is looked at. The interval an I/O
 * is counted for (start to completion seen) thus covers its slot's whole
 * time but the few hundred nanoseconds of its refill, and Little's law
 * holds: IOPS x mean lat = iodepth.
 */
static void run_loop(struct rn_td *td, uint64_t deadline, uint64_t limit)
{
	const struct rn_engine_ops *ops = td->ops;
	unsigned int depth = td->job->iodepth;
	uint64_t issued = 0, t = now_ns();

#define MAY_START() (!td->error && t < deadline && (!limit || issued < limit) && \
		     !__atomic_load_n(&td->stopping, __ATOMIC_RELAXED))
	for (;;) {
		unsigned int i;
		int n;

		while (MAY_START() && td->inflight < depth) {
			if (!start_io(td, &issued, &t))
				break;
		}
		if (!td->inflight)
			break;	/* past the deadline or limit, or failed */
		n = ops->getevents(td, 1, td->inflight);
		leave_if_abandoned(td);
		if (n < 0) {
			fail(td, -n, "waiting for I/O: %s", strerror(-n));
			break;
		}
		rs_mark_complete(&td->depths, (unsigned int)n);
		for (i = 0; i < (unsigned int)n; i++) {
			t = take_completion(td, ops->event(td, i));
			td->inflight--;
			if (MAY_START())
				start_io(td, &issued, &t);
		}
	}
#undef MAY_START
	td->t_end = t;
}

/*
 * Say the clone is set up (or failed to be), and wait for the start.
 * Returns true when the group starts, false when it is called off.
 */
static bool wait_start(struct rn_td *td)
{
	struct rn_start *s = td->start_line;
	bool go;

	leave_if_abandoned(td);
	pthread_mutex_lock(&s->lock);
	td->ready = true;
	s->ready++;
	pthread_cond_broadcast(&s->cond);
	while (!s->go && !s->abort)
		pthread_cond_wait(&s->cond, &s->lock);
	go = s->go;
	pthread_mutex_unlock(&s->lock);
	leave_if_abandoned(td);
	return go;
}

static double tv_diff(const struct timeval *a, const struct timeval *b)
{
	return (double)(b->tv_sec - a->tv_sec) + (double)(b->tv_usec - a->tv_usec) / 1e6;
}

/*
 * backend.c, end of thread_main(): with exitall, a clone that ends has
 * the rest of its group stop (fio_terminate_threads(), exit_what=group).
 */
static void stop_peers(const struct rn_td *td)
{
	const struct rn_start *s = td->start_line;
	size_t k;

	for (k = 0; k < s->npeers; k++)
		__atomic_store_n(&s->peers[k]->stopping, 1, __ATOMIC_RELAXED);
}

static void *thread_main(void *arg)
{
	struct rn_td *td = arg;
	const struct jp_job *j = td->job;
	struct fr_err err = { "" };
	struct rusage ru0, ru;
	bool go, have_ru0 = false;
	int ret;

	ret = td->ops->init(td, &err);
	leave_if_abandoned(td);
	if (!ret)
		ret = td->ops->open_file(td, &err);
	leave_if_abandoned(td);
	if (!ret)
		ret = setup_ios(td, &err);
	if (!ret)
		ret = vio_register_buffers(td->q, td->bufs, (size_t)j->iodepth * j->bs, &err);
	if (ret)
		fail(td, -ret, "%s", err.msg);
	go = wait_start(td) && !td->error;
	if (go) {
		/* As fio (backend.c: ru_start with the epoch): CPU from the start. */
		have_ru0 = !getrusage(RUSAGE_THREAD, &ru0);
		td->t0 = td->start_line->t_go;
		run_loop(td, j->runtime_us ? td->t0 + j->runtime_us * 1000 : UINT64_MAX,
			 td->limit);
	}
	/* verify=pattern on a write job: read the range back and check it. */
	if (go && !td->error && !__atomic_load_n(&td->stopping, __ATOMIC_RELAXED) &&
	    j->verify_pattern && j->do_verify && !j->time_based &&
	    j->rw != JP_READ && j->rw != JP_RANDREAD) {
		td->verifying = true;
		td->seq_pos = 0;
		run_loop(td, UINT64_MAX, td->len);
	}
	/* stat.c: update_rusage_stat(). */
	if (have_ru0 && !getrusage(RUSAGE_THREAD, &ru)) {
		td->usr_s = tv_diff(&ru0.ru_utime, &ru.ru_utime);
		td->sys_s = tv_diff(&ru0.ru_stime, &ru.ru_stime);
		td->ctx = (uint64_t)(ru.ru_nvcsw + ru.ru_nivcsw - ru0.ru_nvcsw - ru0.ru_nivcsw);
		td->minf = (uint64_t)(ru.ru_minflt - ru0.ru_minflt);
		td->majf = (uint64_t)(ru.ru_majflt - ru0.ru_majflt);
	}
	if (go && j->exitall)
		stop_peers(td);
	if (td->q)
		td->ops->close_file(td);
	td->ops->cleanup(td);
	__atomic_store_n(&td->done, 1, __ATOMIC_RELEASE);
	return NULL;
}

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
	uint64_t spent = since(smp->t, now) / 1000000;
	int ddir;

	if (spent < avg_ms && avg_ms - spent > 1)
		return;
	for (ddir = 0; ddir < 2; ddir++) {
		struct rn_stats *s = &td->st[ddir];
		uint64_t cur = bw ? __atomic_load_n(&s->bytes, __ATOMIC_RELAXED)
				  : __atomic_load_n(&s->ios, __ATOMIC_RELAXED);

		if (cur == smp->last[ddir])
			continue;
		rs_sample_add(bw ? &s->bw : &s->iops, rs_rate(cur - smp->last[ddir], spent, bw));
		smp->last[ddir] = cur;
	}
	smp->t = now;
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

/*
 * helper_thread.c's "steadystate" timer: steadystate_check() every
 * STEADYSTATE_MSEC, the phase set when the run starts (fio's helper
 * thread starts before its jobs), on only when a job has a steady-state
 * duration (steadystate_enabled).
 */
struct ss_timer {
	bool on;
	uint64_t expires;	/* ns */
};

#define SS_NS ((uint64_t)RN_SS_MSEC * 1000000)

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

/* The parent's nap: 10 ms, or less when the steady-state timer is due sooner. */
static struct timespec nap(const struct ss_timer *tm)
{
	struct timespec ts = { 0, 10 * 1000 * 1000 };
	uint64_t now = now_ns();

	if (tm->on && (int64_t)(tm->expires - now) < ts.tv_nsec)
		ts.tv_nsec = (int64_t)(tm->expires - now) > 0 ? (long)(tm->expires - now) : 0;
	return ts;
}

/*
 * Wait for clones [first, n) to end. Like fio's main loop (backend.c:
 * reap_threads(), then do_usleep(10000), while jobs run), the parent
 * looks every 10 ms instead of sleeping in pthread_join. That
 * timing is measurable: on this project's VM a depth-1 job sharing its CPU
 * with the parent ran 11% more IOPS at 0.77x the CPU per I/O than with a
 * parent asleep in pthread_join, most likely because a timer due that soon
 * keeps the CPU's scheduler tick running between I/Os (README,
 * Benchmarks). Waiting as fio waits keeps the two runners comparable.
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

		if (__atomic_load_n(&td->done, __ATOMIC_ACQUIRE)) {
			k++;
			continue;
		}
		/* The clone may store a later time than a clock read before the load. */
		last = __atomic_load_n(&td->progress, __ATOMIC_RELAXED);
		if (stop && *stop)
			for (l = (unsigned int)first; l < n; l++)
				__atomic_store_n(&tds[l]->stopping, 1, __ATOMIC_RELAXED);
		if (!limit || (int64_t)(now_ns() - last) <= (int64_t)limit) {
			struct timespec tick;

			steady_tick(tm, tds, first, n);
			sample_group(tds, first, n);
			tick = nap(tm);
			nanosleep(&tick, NULL);
			continue;
		}
		/* The LUNs as the parent planned them: the clone's own may be gone. */
		for (l = (unsigned int)first; l < n; l++)
			__atomic_store_n(&tds[l]->abandoned, 1, __ATOMIC_RELEASE);
		return fr_errf(err, -ETIMEDOUT,
			       "job '%s': no I/O has completed for %u s; %s %s is not completing it (stuck device?)",
			       td->job->name, stuck_s, td->nluns > 1 ? "a LUN of" : "LUN", td->lun_names);
	}
	for (k = first; k < n; k++)
		pthread_join(tds[k]->thr, NULL);
	return 0;
}

/*
 * Every clone holds its LUNs open (and io_uring a ring descriptor) for
 * the whole group. Raise the soft limit on open files to what the group
 * needs when the hard limit allows; else refuse before any I/O.
 */
static int open_file_budget(struct rn_td **tds, size_t first, size_t n,
			    struct fr_err *err)
{
	struct rlimit rl;
	uint64_t need = 64;	/* stdio, the JSON, the job file, slack */
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
static int start_group(struct rn_start *s, struct rn_td **tds, size_t first,
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
	if (abort)
		s->abort = true;
	else
		s->go = true;
	pthread_cond_broadcast(&s->cond);
	pthread_mutex_unlock(&s->lock);
	return reap(tds, first, n, stuck_s, stop, tm, err);
}

/* A clone's name in messages: "job 'x'", or "job 'x' (clone 3 of 8)". */
static int clone_errf(const struct rn_td *td, int ret, struct fr_err *err)
{
	char m[sizeof(err->msg)];

	snprintf(m, sizeof(m), "%s", err->msg);
	if (td->job->numjobs > 1)
		return fr_errf(err, ret, "job '%s' (clone %u of %u): %s", td->job->name,
			       td->clone + 1, td->job->numjobs, m);
	return fr_errf(err, ret, "job '%s': %s", td->job->name, m);
}

/* The parent's part for one clone: its volume's size, its range. */
static int plan_clone(struct rn_td *td, struct fr_err *err)
{
	int ret = td->ops->get_file_size(td, err);

	if (!ret)
		ret = rn_plan_range(td, err);
	return ret ? clone_errf(td, ret, err) : 0;
}

/* rn_check() on @vol when it is given, else on each job's own volume. */
static int check_jobs(const struct jp_file *f, const struct vvol *vol, struct fr_err *err)
{
	size_t i;
	unsigned int k;
	int ret;

	for (i = 0; i < f->njobs; i++) {
		const struct jp_job *j = &f->jobs[i];
		struct rn_td td = { .job = j, .ops = &rn_core_ops, .rng = 1 };
		struct vvol_conf c;
		struct vvol *vv = (struct vvol *)vol;

		if (!vol) {
			rn_vol_conf(j, &c);
			ret = vvol_load(&vv, &c, err);
			if (ret)
				return clone_errf(&td, ret, err);
		}
		td.file_size = vv->size;
		ret = rn_check_bs(j, vv, err);
		if (!vol)
			vvol_free(vv);
		if (ret)
			return clone_errf(&td, ret, err);
		for (k = 0; k < j->numjobs; k++) {
			td.clone = k;
			ret = rn_plan_range(&td, err);
			if (ret)
				return clone_errf(&td, ret, err);
		}
	}
	return 0;
}

int rn_check(const struct jp_file *f, struct fr_err *err)
{
	return check_jobs(f, NULL, err);
}

int rn_check_on(const struct jp_file *f, uint64_t size, unsigned int align, struct fr_err *err)
{
	struct vvol vol = { .size = size, .align = align };

	return check_jobs(f, &vol, err);
}

int rn_run(const struct jp_file *f, const struct rn_opts *o, FILE *out,
	   bool *refused, struct fr_err *err)
{
	bool started = false;
	struct rn_td **tds = NULL;
	size_t ntd = 0, i, k;
	uint64_t t_start = (clk_init(), now_ns());
	time_t wall = time(NULL);
	struct du_set du = { NULL, 0 };
	json_t *doc;
	int g, ret = 0;
	pthread_attr_t attr;
	unsigned int stuck_s = o ? o->stuck_s : RN_STUCK_DEFAULT;
	struct ss_timer tm = { false, t_start + SS_NS };

	for (i = 0; i < f->njobs; i++)
		tm.on |= f->jobs[i].ss_dur_us != 0;
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, 1 << 20);
	for (g = 0; g < f->ngroups && !ret && !(o && o->stop && *o->stop); g++) {
		struct rn_start *start_line = NULL;
		size_t first = ntd;

		/* The parent's part: sizes of every clone's file, then threads. */
		for (i = 0; i < f->njobs && !ret; i++) {
			const struct jp_job *j = &f->jobs[i];

			if (j->groupid != g)
				continue;
			for (k = 0; k < j->numjobs && !ret; k++) {
				struct rn_td *td = calloc(1, sizeof(*td));
				struct rn_td **n = realloc(tds, (ntd + 1) * sizeof(*tds));

				if (!td || !n) {
					free(td);
					ret = fr_errf(err, -ENOMEM, "out of memory");
					break;
				}
				tds = n;
				tds[ntd++] = td;
				td->job = j;
				td->clone = (unsigned int)k;
				td->ops = &rn_core_ops;
				td->du = k == 0 && j->disk_util ? &du : NULL;
				td->rng = j->randrepeat ? 0x9e3779b97f4a7c15ULL ^ (k + 1) * 0x100000001b3ULL
							: (now_ns() ^ (uint64_t)(uintptr_t)td) | 1;
				ret = plan_clone(td, err);
				if (!ret && ss_init(&td->ss, j->ss_crit, j->ss_limit, j->ss_dur_us,
						    j->ss_ramp_us))
					ret = fr_errf(err, -ENOMEM,
						      "job '%s': out of memory for a steady-state window of %" PRIu64 " s",
						      j->name, j->ss_dur_us / 1000000);
			}
		}
		if (!ret)
			ret = open_file_budget(tds, first, ntd, err);
		if (!ret && ntd > first) {
			start_line = calloc(1, sizeof(*start_line));
			if (!start_line)
				ret = fr_errf(err, -ENOMEM, "out of memory");
		}
		i = first;
		if (!ret) {
			pthread_mutex_init(&start_line->lock, NULL);
			pthread_cond_init(&start_line->cond, NULL);
			start_line->peers = &tds[first];
			start_line->npeers = ntd - first;
			for (; i < ntd && !ret; i++) {
				int e2;

				tds[i]->start_line = start_line;
				tds[i]->progress = now_ns();
				e2 = pthread_create(&tds[i]->thr, &attr, thread_main, tds[i]);
				if (e2) {
					char eb[128];

					ret = fr_errf(err, -e2,
						      "job '%s': cannot start clone %u of %u (%zu threads in this group at once): %s; the limit on threads (ulimit -u, kernel.threads-max, the cgroup's pids.max) or on memory is below what the group needs",
						      tds[i]->job->name, tds[i]->clone + 1, tds[i]->job->numjobs,
						      ntd - first, fr_strerror(-e2, eb, sizeof(eb)));
					break;
				}
			}
			if (start_group(start_line, tds, first, i, ret != 0 || (o && o->stop && *o->stop),
				stuck_s, o ? o->stop : NULL, &tm, err)) {
				du_free(&du);
				return -ETIMEDOUT;	/* threads left behind */
			}
			started |= start_line->go;
			pthread_cond_destroy(&start_line->cond);
			pthread_mutex_destroy(&start_line->lock);
		}
		free(start_line);
		for (k = first; k < ntd && !ret; k++)
			if (tds[k]->error)
				ret = fr_errf(err, -tds[k]->error, "job '%s': %s",
					      tds[k]->job->name, tds[k]->msg);
	}

	du_stop(&du);
	doc = rn_json(f, tds, ntd, &du, wall, (double)(now_ns() - t_start) / 1e9);
	if (json_dumpf(doc, out, JSON_INDENT(2) | JSON_REAL_PRECISION(10)) || fputc('\n', out) == EOF)
		if (!ret)
			ret = fr_errf(err, -EIO, "cannot write the JSON result");
	json_decref(doc);
	du_free(&du);
	pthread_attr_destroy(&attr);
	if (refused)
		*refused = ret && !started;
	for (i = 0; i < ntd; i++) {
		free(tds[i]->ios);
		free(tds[i]->bufs);
		ss_free(&tds[i]->ss);
		free(tds[i]);
	}
	free(tds);
	return ret;
}
