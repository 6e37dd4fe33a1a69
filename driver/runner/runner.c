/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * runner.c -- the built-in runner.
 *
 * Per clone (a "thread data", as fio calls it): the engine hooks, a
 * pool of iodepth I/O units with aligned buffers (rnio.c), a random
 * generator, and per-direction statistics (lat/clat/slat histograms),
 * run by the closed loop here or the open one (openloop.c). Each I/O is
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
#include "openloop.h"
#include "rn_priv.h"
#include "rngroup.h"
#include "vvol.h"

/* ------------------------------------------------------------ running */

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
			if (!rn_start_io(td, -1, 0, &issued, &t))
				break;
		}
		if (!td->inflight)
			break; /* past the deadline or limit, or failed */
		n = ops->getevents(td, 1, td->inflight, NULL);
		rn_leave_if_abandoned(td);
		if (n < 0) {
			rn_fail(td, -n, "waiting for I/O: %s", strerror(-n));
			break;
		}
		rs_mark_complete(&td->depths, (unsigned int)n);
		for (i = 0; i < (unsigned int)n; i++) {
			t = rn_take_completion(td, ops->event(td, i));
			td->inflight--;
			if (MAY_START())
				rn_start_io(td, -1, 0, &issued, &t);
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

	rn_leave_if_abandoned(td);
	pthread_mutex_lock(&s->lock);
	td->ready = true;
	s->ready++;
	pthread_cond_broadcast(&s->cond);
	while (!s->go && !s->abort)
		pthread_cond_wait(&s->cond, &s->lock);
	go = s->go;
	pthread_mutex_unlock(&s->lock);
	rn_leave_if_abandoned(td);
	return go;
}

static double tv_diff(const struct timeval *a, const struct timeval *b)
{
	return (double)(b->tv_sec - a->tv_sec) + (double)(b->tv_usec - a->tv_usec) / 1e6;
}

static void *thread_main(void *arg)
{
	struct rn_td *td = arg;
	const struct jp_job *j = td->job;
	struct fr_err err = { "" };
	struct rusage ru0, ru;
	bool go, joined, have_ru0 = false;
	int ret;

	ret = td->ops->init(td, &err);
	rn_leave_if_abandoned(td);
	if (!ret)
		ret = td->ops->open_file(td, &err);
	rn_leave_if_abandoned(td);
	if (!ret)
		ret = rn_setup_ios(td, &err);
	if (!ret)
		ret = vio_register_buffers(td->q, td->bufs, (size_t)j->iodepth * j->bs, &err);
	if (ret)
		rn_fail(td, -ret, "%s", err.msg);
	joined = wait_start(td); /* on the simulated clock, if it is on */
	go = joined && !td->error;
	if (go) {
		/*
		 * As fio (backend.c: ru_start with the epoch): CPU from the
		 * start; none on the simulated clock, where CPU takes no time.
		 */
		have_ru0 = !fr_vc_on && !getrusage(RUSAGE_THREAD, &ru0);
		/* td->t0: the group's start, set by the parent (rngroup.c). */
		(td->ol ? ol_run : run_loop)(td, j->runtime_us ? td->t0 + j->runtime_us * 1000 : UINT64_MAX,
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
	if (go && td->log.any)
		rl_finish(&td->log, since(td->t0, now_ns()) / 1000000, false);
	/*
	 * exitall (fio's backend.c, end of thread_main(): a clone that ends
	 * has the rest of its group stop, fio_terminate_threads()). On the
	 * simulated clock the parent stops them when it next looks
	 * (rngroup.c): a peer may be ahead on its own clock, and what it
	 * does must not depend on when this thread gets here.
	 */
	if (go && j->exitall && !fr_vc_on)
		rn_stop_group(td->start_line);
	if (td->q)
		td->ops->close_file(td);
	td->ops->cleanup(td);
	__atomic_store_n(&td->done, 1, __ATOMIC_RELEASE);
	/* Done first: the parent, woken by the leave, sees the clone ended. */
	if (joined && fr_vc_on)
		fr_vc_leave(FR_VC_RUN);
	return NULL;
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

/*
 * Clone @k's random seed: fixed (rn_fixed_seed()), from randseed= when
 * given, else from the time and @salt.
 */
static uint64_t rn_seed(const struct jp_job *j, unsigned int k, uint64_t salt)
{
	uint64_t base = 0x9e3779b97f4a7c15ULL ^ (k + 1) * 0x100000001b3ULL;

	if (!rn_fixed_seed(j))
		return (clk_ns() ^ salt) | 1;
	return j->randseed_set ? (base ^ j->randseed * 0xbf58476d1ce4e5b9ULL) | 1 : base;
}

/* fio's thread_number of @j's clone @k: from 1, in the file's order. */
static unsigned int clone_number(const struct jp_file *f, const struct jp_job *j, unsigned int k)
{
	unsigned int n = 1;
	const struct jp_job *o;

	for (o = f->jobs; o < j; o++)
		n += o->numjobs;
	return n + k;
}

/*
 * Every started clone's last interval sample (rngroup.c: for logged and
 * unlogged clones alike, as fio's helper thread samples every job: a log
 * changes no number), then the clones' fio logs, in their numbers'
 * order, once every group is over (the parent's interval logs closed at
 * the run's end, as fio's helper thread does). A failure is the run's
 * (@ret) unless it has one.
 */
static void write_logs(struct rn_td **tds, size_t n, bool started, int *ret, struct fr_err *err)
{
	uint64_t now = now_ns();
	struct fr_err e = { "" };
	size_t i;
	int r;

	for (i = 0; i < n && started; i++) {
		struct rn_td *td = tds[i];

		if (!td->t0)
			continue;
		rn_sample_last(td);
		if (!td->log.any)
			continue;
		rl_finish(&td->log, since(td->t0, now) / 1000000, true);
		r = rl_write(&td->log, &e);
		if (r && !*ret)
			*ret = fr_errf(err, r, "%s", e.msg);
	}
}

static void free_tds(struct rn_td **tds, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(tds[i]->ios);
		free(tds[i]->bufs);
		ss_free(&tds[i]->ss);
		rl_close(&tds[i]->log);
		free(tds[i]->ol);
		free(tds[i]);
	}
	free(tds);
}

int rn_run(const struct jp_file *f, const struct rn_opts *o, FILE *out,
	   bool *refused, struct fr_err *err)
{
	bool started = false, nomem, vt = f->njobs && f->jobs[0].uring.virtual_time;
	struct rn_td **tds = NULL;
	size_t ntd = 0, i, k;
	/* virtual_time=1 (every job has it, jobparse.c): the simulated clock from 1 s. */
	uint64_t t_start = (clk_init(), vt ? (fr_vc_start(RN_VT_T0 + (o ? o->vt_at : 0)), fr_vc_now()) : now_ns());
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
				td->number = clone_number(f, j, (unsigned int)k);
				td->ops = &rn_core_ops;
				/* The model device on the simulated clock touches no disk. */
				td->du = k == 0 && j->disk_util && !vt ? &du : NULL;
				td->rng = rn_seed(j, (unsigned int)k, (uint64_t)(uintptr_t)td);
				ret = plan_clone(td, err);
				if (!ret && (td->ol = ol_new(j, (unsigned int)k, &nomem), nomem))
					ret = fr_errf(err, -ENOMEM, "out of memory");
				if (!ret)
					ret = rl_open(&td->log, j, clone_number(f, j, (unsigned int)k), err);
				if (!ret && ss_init(&td->ss, j->ss_crit, j->ss_limit, j->ss_dur_us, j->ss_ramp_us))
					ret = fr_errf(err, -ENOMEM,
						      "job '%s': out of memory for a steady-state window of %" PRIu64 " s",
						      j->name, j->ss_dur_us / 1000000);
			}
		}
		if (!ret)
			ret = rn_open_file_budget(tds, first, ntd, err);
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
			if (rn_start_group(start_line, tds, first, i, ret != 0 || (o && o->stop && *o->stop),
					   stuck_s, o ? o->stop : NULL, &tm, err)) {
				du_free(&du);
				return -ETIMEDOUT; /* threads left behind */
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
	write_logs(tds, ntd, started, &ret, err);
	doc = rn_json(f, tds, ntd, &du, (double)(now_ns() - t_start) / 1e9);
	if (json_dumpf(doc, out, JSON_INDENT(2) | JSON_REAL_PRECISION(10)) || fputc('\n', out) == EOF)
		if (!ret)
			ret = fr_errf(err, -EIO, "cannot write the JSON result");
	json_decref(doc);
	du_free(&du);
	pthread_attr_destroy(&attr);
	if (vt)
		fr_vc_stop();
	if (refused)
		*refused = ret && !started;
	free_tds(tds, ntd);
	return ret;
}
