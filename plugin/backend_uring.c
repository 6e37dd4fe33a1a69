/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * backend_uring.c -- io_uring backend (liburing): one ring per queue,
 * IORING_OP_READ/WRITE, the part pointer as user_data.
 */
#include "backend.h"

#include <errno.h>
#include <liburing.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/uio.h>
#include <string.h>
#include <time.h>

/*
 * Set the ring up as fio's own io_uring engine does (3.33): one issuer,
 * task work deferred until we reap (no IPIs), a completion ring no
 * larger than the submission ring (vio.c never has more in flight),
 * dropping each flag an older kernel refuses; and fio's options
 * (struct backend_conf) with its meaning: hipri polls completions
 * (IOPOLL), sqthread_poll has a kernel thread submit (SQPOLL, on
 * sqthread_poll_cpu with SQ_AFF), those never dropped; registerfiles
 * and fixedbufs register descriptors and buffers once (vio.c asks);
 * nonvectored picks READ/WRITE over READV/WRITEV (-1: READ/WRITE when
 * the kernel has them, as fio's probe).
 *
 * With sqthread_poll the kernel's thread takes the submissions and posts
 * the completions, so, as fio's engine (fio_ioring_commit(),
 * fio_ioring_getevents()), we enter the kernel only to wake that thread
 * when it has gone idle (IORING_SQ_NEED_WAKEUP), and wait for a
 * completion by watching the completion ring, never in io_uring_enter.
 */
struct uring {
	struct io_uring ring;
	bool files;    /* LUN descriptors registered: index = LUN */
	bool vectored; /* READV/WRITEV with a one-element iovec */
	bool sqpoll;   /* IORING_SETUP_SQPOLL: the kernel's thread submits */
	char *buf;     /* registered buffer area, or NULL */
	size_t buflen;
};

/* The setup flags fio's options ask for, on top of the tries. */
static unsigned int conf_flags(const struct backend_conf *c, struct io_uring_params *p)
{
	unsigned int f = 0;

	if (c->hipri)
		f |= IORING_SETUP_IOPOLL;
	if (c->sqthread_poll) {
		f |= IORING_SETUP_SQPOLL;
		if (c->sqthread_poll_cpu >= 0) {
			f |= IORING_SETUP_SQ_AFF;
			p->sq_thread_cpu = (unsigned int)c->sqthread_poll_cpu;
		}
	}
	return f;
}

/* fio_ioring_probe(): READ and WRITE both supported. */
static bool has_nonvectored(struct io_uring *ring)
{
	struct io_uring_probe *pr = io_uring_get_probe_ring(ring);
	bool ok = pr && io_uring_opcode_supported(pr, IORING_OP_READ) &&
		io_uring_opcode_supported(pr, IORING_OP_WRITE);

	if (pr)
		io_uring_free_probe(pr);
	return ok;
}

static int uring_init(struct backend *be, unsigned int entries)
{
	static const unsigned int tries[] = {
		IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN |
			IORING_SETUP_CQSIZE,
		IORING_SETUP_COOP_TASKRUN | IORING_SETUP_CQSIZE,
		IORING_SETUP_CQSIZE,
		0,
	};
	const struct backend_conf def = BACKEND_CONF_DEFAULT;
	const struct backend_conf *c = be->conf ? be->conf : &def;
	struct io_uring_params p;
	struct uring *u;
	unsigned int i;
	int ret = -EINVAL;

	u = calloc(1, sizeof(*u));
	if (!u)
		return -ENOMEM;
	for (i = 0; i < sizeof(tries) / sizeof(tries[0]); i++) {
		memset(&p, 0, sizeof(p));
		p.flags = tries[i] | conf_flags(c, &p);
		p.cq_entries = entries;
		ret = io_uring_queue_init_params(entries, &u->ring, &p);
		if (ret != -EINVAL)
			break;
	}
	if (ret < 0) {
		free(u);
		return ret;
	}
	u->vectored = c->nonvectored == 0 || (c->nonvectored == -1 && !has_nonvectored(&u->ring));
	u->sqpoll = (p.flags & IORING_SETUP_SQPOLL) != 0;
	be->priv = u;
	be->entries = entries;
	return 0;
}

/* Rings are locked memory: -ENOMEM is a limit the user can raise. */
static bool uring_refusal(int err, unsigned int entries, char *buf, size_t len)
{
	if (err != -ENOMEM)
		return false;
	snprintf(buf, len,
		 "the kernel refused a ring of %u entries (cannot allocate memory: rings count against the locked-memory limit, ulimit -l, and many clones need many rings)",
		 entries);
	return true;
}

static int uring_prep(struct backend *be, struct vio_part *p)
{
	struct uring *u = be->priv;
	struct io_uring_sqe *sqe = io_uring_get_sqe(&u->ring);
	char *b = p->buf;
	int fd = u->files ? (int)p->lun : p->fd;

	if (!sqe)
		return -EBUSY;
	if (u->buf && b >= u->buf && b + p->len <= u->buf + u->buflen) {
		if (p->op == VIO_WRITE)
			io_uring_prep_write_fixed(sqe, fd, b, (unsigned int)p->len, p->off, 0);
		else
			io_uring_prep_read_fixed(sqe, fd, b, (unsigned int)p->len, p->off, 0);
	} else if (u->vectored) {
		/* The iovec lives in the part until it completes. */
		struct iovec *iov = (struct iovec *)p->be_space;

		iov->iov_base = b;
		iov->iov_len = p->len;
		if (p->op == VIO_WRITE)
			io_uring_prep_writev(sqe, fd, iov, 1, p->off);
		else
			io_uring_prep_readv(sqe, fd, iov, 1, p->off);
	} else if (p->op == VIO_WRITE) {
		io_uring_prep_write(sqe, fd, b, (unsigned int)p->len, p->off);
	} else {
		io_uring_prep_read(sqe, fd, b, (unsigned int)p->len, p->off);
	}
	if (u->files)
		sqe->flags |= IOSQE_FIXED_FILE;
	/*
	 * An I/O the kernel splits goes to io_uring's workers at once: its
	 * first, non-blocking try (REQ_NOWAIT) is refused at the split, after
	 * the cgroup's block throttle charged it, and the workers' retry is
	 * charged again. Under a read_bps limit of 100 MiB/s, 1 MiB reads on
	 * Linux 6.18 then read 50 MiB/s (fio's io_uring engine too); as
	 * IOSQE_ASYNC (fio's force_async=1), 100, as libaio and psync do.
	 */
	if (p->splits)
		sqe->flags |= IOSQE_ASYNC;
	io_uring_sqe_set_data(sqe, p);
	return 0;
}

static int uring_register_files(struct backend *be, const int *fds,
				unsigned int n)
{
	struct uring *u = be->priv;
	int ret = io_uring_register_files(&u->ring, fds, n);

	u->files = ret == 0;
	return ret;
}

static int uring_register_buffers(struct backend *be, void *base, size_t len)
{
	struct uring *u = be->priv;
	struct iovec iov = { .iov_base = base, .iov_len = len };
	int ret = io_uring_register_buffers(&u->ring, &iov, 1);

	if (!ret) {
		u->buf = base;
		u->buflen = len;
	}
	return ret;
}

/*
 * sqthread_poll: until @min completions are on the ring, watching it as
 * fio's getevents does (the kernel's thread posts them; entering the
 * kernel to sleep would only add a wakeup to every I/O). @t bounds the
 * watch: -ETIME when it ran out.
 */
static int sqpoll_watch(struct io_uring *ring, unsigned int min,
			const struct timespec *t)
{
	struct timespec end, now;
	unsigned int spins = 0;

	if (t) {
		clock_gettime(CLOCK_MONOTONIC, &end);
		end.tv_sec += t->tv_sec;
		end.tv_nsec += t->tv_nsec;
		while (end.tv_nsec >= 1000000000L) {
			end.tv_nsec -= 1000000000L;
			end.tv_sec++;
		}
	}
	while (io_uring_cq_ready(ring) < min) {
		/* A full ring holds back completions: only a syscall posts them. */
		if (io_uring_cq_has_overflow(ring))
			io_uring_get_events(ring);
		if (t && !(++spins & 255)) {
			clock_gettime(CLOCK_MONOTONIC, &now);
			if (now.tv_sec > end.tv_sec ||
			    (now.tv_sec == end.tv_sec && now.tv_nsec >= end.tv_nsec))
				return -ETIME;
		}
	}
	return 0;
}

/*
 * Hand what is prepared to the kernel. sqthread_poll: io_uring_submit()
 * enters only to wake an idle submission thread, as fio's commit;
 * otherwise one io_uring_enter that also runs deferred completion work,
 * as fio's (IORING_ENTER_GETEVENTS with min_complete 0).
 */
static int uring_flush(struct uring *u)
{
	int ret;

	do
		ret = u->sqpoll ? io_uring_submit(&u->ring)
				: io_uring_submit_and_get_events(&u->ring);
	while (ret == -EINTR);
	return ret;
}

static int uring_submit_wait(struct backend *be, unsigned int min)
{
	struct uring *u = be->priv;
	int ret;

	if (u->sqpoll) {
		ret = uring_flush(u);
		if (ret >= 0 && min)
			sqpoll_watch(&u->ring, min, NULL);
	} else {
		do
			ret = io_uring_submit_and_wait(&u->ring, min);
		while (ret == -EINTR);
	}
	return ret == -EAGAIN || ret == -EBUSY ? 0 : ret;
}

static int uring_submit(struct backend *be)
{
	int ret = uring_flush(be->priv);

	/* A full completion ring is not an error: reap, then submit again. */
	if (ret == -EAGAIN || ret == -EBUSY)
		return 0;
	return ret;
}

/* Wait until a completion is on the ring (@t: at most that long). */
static int uring_wait(struct uring *u, const struct timespec *t)
{
	struct io_uring_cqe *cqe;
	struct __kernel_timespec kt;
	int ret;

	if (u->sqpoll)
		return sqpoll_watch(&u->ring, 1, t);
	if (t) {
		kt.tv_sec = t->tv_sec;
		kt.tv_nsec = t->tv_nsec;
	}
	do
		ret = t ? io_uring_wait_cqe_timeout(&u->ring, &cqe, &kt)
			: io_uring_wait_cqe(&u->ring, &cqe);
	while (ret == -EINTR);
	return ret;
}

static int uring_reap(struct backend *be, unsigned int min,
		      struct vio_part **out, unsigned int max,
		      const struct timespec *t)
{
	struct uring *u = be->priv;
	struct io_uring *ring = &u->ring;
	struct io_uring_cqe *cqes[256];
	unsigned int got = 0;
	int ret;

	if (min) {
		ret = uring_wait(u, t);
		if (ret == -ETIME)
			return 0;
		if (ret < 0)
			return ret;
	}
	while (got < max) {
		unsigned int want = max - got, i, n;

		if (want > 256)
			want = 256;
		n = io_uring_peek_batch_cqe(ring, cqes, want);
		if (!n && !min && !got && !u->sqpoll) {
			/* Polling: run deferred task work, then look again. */
			io_uring_get_events(ring);
			n = io_uring_peek_batch_cqe(ring, cqes, want);
		}
		if (!n)
			break;
		for (i = 0; i < n; i++) {
			struct vio_part *p = io_uring_cqe_get_data(cqes[i]);

			p->res = cqes[i]->res;
			out[got++] = p;
		}
		io_uring_cq_advance(ring, n);
	}
	return (int)got;
}

static void uring_exit(struct backend *be)
{
	if (!be->priv)
		return;
	io_uring_queue_exit(&((struct uring *)be->priv)->ring);
	free(be->priv);
	be->priv = NULL;
}

const struct backend_ops backend_io_uring = {
	.name = "io_uring",
	.fallback = "libaio or psync",
	.init = uring_init,
	.refusal = uring_refusal,
	.prep = uring_prep,
	.submit = uring_submit,
	.reap = uring_reap,
	.submit_wait = uring_submit_wait,
	.register_files = uring_register_files,
	.register_buffers = uring_register_buffers,
	.exit = uring_exit,
};
