/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rnio.c -- a clone's I/O units (see rn_priv.h): their pool and buffers,
 * starting one, taking its completion into the clone's statistics and
 * logs, and a clone's failure. Both loops use them, the closed one
 * (runner.c) and the open one (openloop.c), and call nothing of either.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clock.h"
#include "openloop.h"
#include "rn_priv.h"

int rn_setup_ios(struct rn_td *td, struct fr_err *err)
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

void rn_fail(struct rn_td *td, int error, const char *fmt, ...)
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
 * Whether @io has a submission latency to sample: not a synchronous one
 * (fio's FIO_SYNCIO engines sample none), and not under sqthread_poll,
 * where, as fio's io_uring engine sets disable_slat, the kernel's thread
 * does the submitting.
 */
static bool samples_slat(const struct rn_td *td, const struct rn_io *io)
{
	return !io->sync && !td->job->uring.sqthread_poll;
}

/* The I/O's entries in the clone's fio logs (rnlog.h). */
static void log_io(struct rn_td *td, const struct rn_io *io, uint64_t t)
{
	const struct rn_stats *s = &td->st[io->ddir];
	uint64_t issue = io->sync ? io->t_start : io->t_issue;
	struct rl_rec r = {
		.t_ms = since(td->t0, t) / 1000000,
		.ddir = io->ddir,
		.bs = io->req.len,
		.off = io->req.off,
		.lat_ns = since(io->t_start, t),
		.clat_ns = since(issue, t),
		.slat_ns = since(io->t_start, issue),
		.has_slat = samples_slat(td, io),
		.clat_bins = io->sync ? s->lat.bucket : s->clat.bucket,
	};

	if (r.has_slat && td->log.slat)
		r.slat_t_ms = since(td->t0, issue) / 1000000;
	rl_io(&td->log, &r);
}

/*
 * An open loop's arrival completed (not the verify pass, which has none):
 * its response from the arrival, and how late it started.
 */
static void account_arrival(struct ol_state *s, const struct rn_io *io, uint64_t t_done)
{
	lh_add(&s->resp[io->ddir], since(io->t_sched, t_done));
	lh_add(&s->late, since(io->t_sched, io->t_start));
}

static void complete(struct rn_td *td, struct rn_io *io, uint64_t t)
{
	struct rn_stats *s = &td->st[io->ddir];

	if (io->req.error) {
		char m[1024];

		vio_describe_error(td->q, &io->req, m, sizeof(m));
		rn_fail(td, io->req.error, "%s", m);
	} else {
		/* The parent samples these while the clone runs (rn_sample()). */
		__atomic_store_n(&s->ios, s->ios + 1, __ATOMIC_RELAXED);
		__atomic_store_n(&s->bytes, s->bytes + io->req.len, __ATOMIC_RELAXED);
		io->slot_ios++;
		io->slot_lat_ns += (double)since(io->t_start, t);
		lh_add(&s->lat, since(io->t_start, t));
		if (td->ol && io->t_sched)
			account_arrival(td->ol, io, t);
		/*
		 * A synchronous I/O's issue is its start: its clat is its lat,
		 * kept once (job_json() reports it for both), and it has no
		 * slat (samples_slat()).
		 */
		if (!io->sync)
			lh_add(&s->clat, since(io->t_issue, t));
		if (samples_slat(td, io))
			lh_add(&s->slat, since(io->t_start, io->t_issue));
		if (td->log.any)
			log_io(td, io, t);
		/* fio's latency_ns/us/ms buckets: of clat. */
		rs_mark_latency(&td->depths, since(io->sync ? io->t_start : io->t_issue, t));
		if (io->ddir == DIR_READ && td->job->verify_pattern &&
		    td->job->pattern_len) {
			uint64_t bad;

			if (!rn_check_pattern(td->job, io->req.buf, io->req.len, &bad))
				rn_fail(td, EILSEQ,
					"verify: volume offset %" PRIu64 " does not hold verify_pattern 0x%x",
					io->req.off + bad, td->job->pattern);
		}
	}
	io->next = td->free_ios;
	td->free_ios = io;
}

/*
 * td->abandoned is set when the parent gives up on the clone's group
 * because an I/O never completes (see rngroup.c: reap()). The caller
 * frees the job file after that; the clone (never freed then) must touch
 * nothing else if its I/O returns later, and only ends its thread.
 */
void rn_leave_if_abandoned(const struct rn_td *td)
{
	if (__atomic_load_n(&td->abandoned, __ATOMIC_ACQUIRE))
		pthread_exit(NULL);
}

/*
 * The runner takes a completed I/O: its completion stamp (returned),
 * its statistics, and the clone's progress for the stuck-LUN check.
 */
uint64_t rn_take_completion(struct rn_td *td, struct rn_io *io)
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
bool rn_start_io(struct rn_td *td, int ddir, uint64_t t_sched, uint64_t *issued, uint64_t *t)
{
	const struct rn_engine_ops *ops = td->ops;
	struct rn_io *io = td->free_ios;
	int ret;

	td->free_ios = io->next;
	if (ddir < 0)
		rn_next_io(td, io);
	else
		rn_next_io_dir(td, io, ddir);
	io->t_sched = t_sched;
	io->t_start = now_ns();
	io->t_issue = io->t_start;
	ret = ops->queue(td, io);
	rn_leave_if_abandoned(td);
	if (ret < 0) {
		rn_fail(td, -ret, "%s at volume offset %" PRIu64 " (%" PRIu64 " bytes): %s",
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
		*t = rn_take_completion(td, io);
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
		rn_fail(td, -ret, "submitting I/O: %s", strerror(-ret));
		return false;
	}
	return true;
}
