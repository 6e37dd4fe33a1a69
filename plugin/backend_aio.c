/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * backend_aio.c -- Linux native AIO backend (libaio), ORION's own
 * interface: io_submit / io_getevents, the iocb kept inside the part.
 */
#include "backend.h"

#include <assert.h>
#include <errno.h>
#include <libaio.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Static_assert(sizeof(struct iocb) <= sizeof(((struct vio_part *)0)->be_space),
	       "struct iocb must fit in vio_part.be_space");

struct aio_state {
	io_context_t ctx;
	struct iocb **prepped; /* waiting for io_submit */
	unsigned int nprepped;
	struct vio_part **failed; /* refused by io_submit, res set */
	unsigned int nfailed;
	struct io_event *events;
};

static void aio_exit(struct backend *be)
{
	struct aio_state *s = be->priv;

	if (!s)
		return;
	if (s->ctx)
		io_destroy(s->ctx);
	free(s->prepped);
	free(s->failed);
	free(s->events);
	free(s);
	be->priv = NULL;
}

static int aio_init(struct backend *be, unsigned int entries)
{
	struct aio_state *s;
	int ret;

	s = calloc(1, sizeof(*s));
	if (!s)
		return -ENOMEM;
	be->priv = s;
	be->entries = entries;
	s->prepped = calloc(entries, sizeof(*s->prepped));
	s->failed = calloc(entries, sizeof(*s->failed));
	s->events = calloc(entries, sizeof(*s->events));
	if (!s->prepped || !s->failed || !s->events) {
		aio_exit(be);
		return -ENOMEM;
	}
	ret = io_setup((int)entries, &s->ctx);
	if (ret < 0) {
		s->ctx = 0;
		aio_exit(be);
		return ret;
	}
	return 0;
}

/* io_setup() counts against fs.aio-max-nr: -EAGAIN is that limit. */
static bool aio_refusal(int err, unsigned int entries, char *buf, size_t len)
{
	if (err != -EAGAIN)
		return false;
	snprintf(buf, len,
		 "the kernel refused %u AIO contexts entries (fs.aio-max-nr is too low for this depth)",
		 entries);
	return true;
}

static int aio_prep(struct backend *be, struct vio_part *p)
{
	struct aio_state *s = be->priv;
	struct iocb *cb = (struct iocb *)p->be_space;

	if (s->nprepped == be->entries)
		return -EBUSY;
	if (p->op == VIO_WRITE)
		io_prep_pwrite(cb, p->fd, p->buf, p->len, (long long)p->off);
	else
		io_prep_pread(cb, p->fd, p->buf, p->len, (long long)p->off);
	cb->data = p;
	s->prepped[s->nprepped++] = cb;
	return 0;
}

/*
 * io_submit() takes iocbs in order and stops at the first it refuses
 * (a bad descriptor, an unaligned O_DIRECT transfer): that one fails
 * alone, with the errno io_submit returned, and the rest go on.
 */
static int aio_submit(struct backend *be)
{
	struct aio_state *s = be->priv;
	unsigned int handed = 0;
	int ret;

	while (s->nprepped) {
		do
			ret = io_submit(s->ctx, (long)s->nprepped, s->prepped);
		while (ret == -EINTR);
		if (ret == -EAGAIN || ret == 0)
			break;
		if (ret < 0) {
			struct vio_part *p = s->prepped[0]->data;

			p->res = ret;
			s->failed[s->nfailed++] = p;
			ret = 1;
		}
		/* io_submit() never takes more than it was given. */
		assert((unsigned int)ret <= s->nprepped);
		s->nprepped -= (unsigned int)ret;
		memmove(s->prepped, s->prepped + ret,
			s->nprepped * sizeof(*s->prepped));
		handed += (unsigned int)ret;
	}
	return (int)handed;
}

static int aio_reap(struct backend *be, unsigned int min, struct vio_part **out,
		    unsigned int max, const struct timespec *t)
{
	struct aio_state *s = be->priv;
	struct timespec zero = { 0, 0 }, tt;
	unsigned int got = 0;
	int ret, i;

	if (max > be->entries)
		max = be->entries;
	while (s->nfailed && got < max)
		out[got++] = s->failed[--s->nfailed];
	if (got >= max)
		return (int)got;
	if (got >= min)
		min = 0;
	if (t)
		tt = *t;
	do
		ret = io_getevents(s->ctx, (long)min, (long)(max - got), s->events,
				   min ? (t ? &tt : NULL) : &zero);
	while (ret == -EINTR);
	if (ret < 0)
		return got ? (int)got : ret;
	for (i = 0; i < ret; i++) {
		struct vio_part *p = s->events[i].data;

		/* res is the byte count or a negative errno; res2 is unused. */
		p->res = (long)s->events[i].res;
		out[got++] = p;
	}
	return (int)got;
}

const struct backend_ops backend_libaio = {
	.name = "libaio",
	.fallback = "io_uring or psync",
	.init = aio_init,
	.refusal = aio_refusal,
	.prep = aio_prep,
	.submit = aio_submit,
	.reap = aio_reap,
	.exit = aio_exit,
};
