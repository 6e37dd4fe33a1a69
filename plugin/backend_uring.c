/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * backend_uring.c -- io_uring backend (liburing): one ring per queue,
 * IORING_OP_READ/WRITE, the part pointer as user_data.
 */
#include "backend.h"

#include <errno.h>
#include <liburing.h>
#include <stdlib.h>
#include <string.h>

/*
 * Set the ring up as fio's own io_uring engine does (3.33): one issuer,
 * task work deferred until we reap (no IPIs), a completion ring no
 * larger than the submission ring (vio.c never has more in flight),
 * dropping each flag an older kernel refuses.
 */
static int uring_init(struct backend *be, unsigned int entries)
{
	static const unsigned int tries[] = {
		IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN |
			IORING_SETUP_CQSIZE,
		IORING_SETUP_COOP_TASKRUN | IORING_SETUP_CQSIZE,
		IORING_SETUP_CQSIZE,
		0,
	};
	struct io_uring_params p;
	struct io_uring *ring;
	unsigned int i;
	int ret = -EINVAL;

	ring = calloc(1, sizeof(*ring));
	if (!ring)
		return -ENOMEM;
	for (i = 0; i < sizeof(tries) / sizeof(tries[0]); i++) {
		memset(&p, 0, sizeof(p));
		p.flags = tries[i];
		p.cq_entries = entries;
		ret = io_uring_queue_init_params(entries, ring, &p);
		if (ret != -EINVAL)
			break;
	}
	if (ret < 0) {
		free(ring);
		return ret;
	}
	be->priv = ring;
	be->entries = entries;
	return 0;
}

static int uring_prep(struct backend *be, struct vio_part *p)
{
	struct io_uring_sqe *sqe = io_uring_get_sqe(be->priv);

	if (!sqe)
		return -EBUSY;
	if (p->op == VIO_WRITE)
		io_uring_prep_write(sqe, p->fd, p->buf, (unsigned int)p->len,
				    p->off);
	else
		io_uring_prep_read(sqe, p->fd, p->buf, (unsigned int)p->len,
				   p->off);
	io_uring_sqe_set_data(sqe, p);
	return 0;
}

static int uring_submit(struct backend *be)
{
	int ret;

	do
		ret = io_uring_submit_and_get_events(be->priv);
	while (ret == -EINTR);
	/* A full completion ring is not an error: reap, then submit again. */
	if (ret == -EAGAIN || ret == -EBUSY)
		return 0;
	return ret;
}

static int uring_reap(struct backend *be, unsigned int min,
		      struct vio_part **out, unsigned int max,
		      const struct timespec *t)
{
	struct io_uring *ring = be->priv;
	struct io_uring_cqe *cqes[256];
	unsigned int got = 0;
	int ret;

	if (min) {
		struct io_uring_cqe *cqe;
		struct __kernel_timespec kt;

		if (t) {
			kt.tv_sec = t->tv_sec;
			kt.tv_nsec = t->tv_nsec;
		}
		do
			ret = t ? io_uring_wait_cqe_timeout(ring, &cqe, &kt)
				: io_uring_wait_cqe(ring, &cqe);
		while (ret == -EINTR);
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
		if (!n && !min && !got) {
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
	io_uring_queue_exit(be->priv);
	free(be->priv);
	be->priv = NULL;
}

const struct backend_ops backend_io_uring = {
	.name	= "io_uring",
	.init	= uring_init,
	.prep	= uring_prep,
	.submit	= uring_submit,
	.reap	= uring_reap,
	.exit	= uring_exit,
};
