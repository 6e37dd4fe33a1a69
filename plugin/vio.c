/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * vio.c -- split requests into per-LUN parts, feed them to a backend,
 * gather completions back into requests.
 *
 * Parts wait in a FIFO until the backend has room (at most @cap parts are
 * in the backend at once, so a completion ring never overflows); a short
 * transfer puts the remainder of its part back at the head of the FIFO.
 * Part storage comes in chunks that never move, because backends keep
 * pointers to parts while the kernel works on them.
 */
#include "vio.h"
#include "beconf.h"

#include <assert.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PART_CHUNK 256u
#define MAX_CAP 4096u

struct part_chunk {
	struct part_chunk *next;
	struct vio_part parts[PART_CHUNK];
};

struct vio {
	struct vvol *vv;
	struct backend be;
	unsigned int depth;
	unsigned int cap;	  /* most parts in the backend */
	unsigned int in_backend;  /* parts prepared or in flight */
	unsigned int unsubmitted; /* prepared, not yet submitted */
	unsigned int outstanding; /* requests queued, not returned */

	struct part_chunk *chunks;
	struct vio_part *free_parts;
	struct vio_part *pend_head, *pend_tail;

	struct vio_req **done; /* ring of completed requests */
	unsigned int done_cap, done_head, done_n;
	unsigned int returned; /* handed out by the last getevents */

	struct vio_part **reaped; /* reap buffer, cap entries */
	struct backend_conf conf; /* fio's io_uring options (be.conf) */
};

static struct vio_part *part_get(struct vio *q)
{
	struct vio_part *p = q->free_parts;

	if (!p) {
		struct part_chunk *c = calloc(1, sizeof(*c));
		unsigned int i;

		if (!c)
			return NULL;
		c->next = q->chunks;
		q->chunks = c;
		for (i = 0; i < PART_CHUNK; i++) {
			c->parts[i].next = q->free_parts;
			q->free_parts = &c->parts[i];
		}
		p = q->free_parts;
	}
	q->free_parts = p->next;
	return p;
}

static void part_put(struct vio *q, struct vio_part *p)
{
	p->next = q->free_parts;
	q->free_parts = p;
}

static int done_push(struct vio *q, struct vio_req *r)
{
	if (q->done_n == q->done_cap) {
		unsigned int ncap = q->done_cap * 2, i;
		struct vio_req **n = malloc(ncap * sizeof(*n));

		if (!n)
			return -ENOMEM;
		for (i = 0; i < q->done_n; i++)
			n[i] = q->done[(q->done_head + i) % q->done_cap];
		free(q->done);
		q->done = n;
		q->done_cap = ncap;
		q->done_head = 0;
	}
	q->done[(q->done_head + q->done_n) % q->done_cap] = r;
	q->done_n++;
	return 0;
}

/* Account one finished part; a short transfer is re-queued. */
static int part_done(struct vio *q, struct vio_part *p)
{
	struct vio_req *r = p->req;

	if (p->res >= 0 && (uint64_t)p->res < p->len && p->res > 0) {
		p->buf = (char *)p->buf + p->res;
		p->off += (uint64_t)p->res;
		p->len -= (uint64_t)p->res;
		p->next = q->pend_head;
		q->pend_head = p;
		if (!q->pend_tail)
			q->pend_tail = p;
		return 0;
	}
	if (p->res < 0 || (uint64_t)p->res != p->len) {
		if (!r->error) {
			/* res == 0: end of file, the LUN shrank under us. */
			r->error = p->res < 0 ? (int)-p->res : EIO;
			r->err_lun = p->lun;
			r->err_off = p->off;
		}
	}
	part_put(q, p);
	assert(r->parts_left);
	if (--r->parts_left == 0)
		return done_push(q, r);
	return 0;
}

/* Prepare waiting parts while the backend has room. */
static int flush_pending(struct vio *q)
{
	const struct backend_ops *ops = q->be.ops;
	int ret;

	while (q->pend_head && q->in_backend < q->cap) {
		struct vio_part *p = q->pend_head;

		ret = ops->prep(&q->be, p);
		if (ret == -EBUSY)
			break;
		if (ret < 0)
			return ret;
		q->pend_head = p->next;
		if (!q->pend_head)
			q->pend_tail = NULL;
		q->in_backend++;
		q->unsubmitted++;
	}
	return 0;
}

/*
 * Account what a submit() or submit_wait() returned. -EBUSY and -EAGAIN
 * are back-pressure (a full completion ring, no AIO slots), not failure:
 * nothing was taken, the parts stay prepared and go with the next submit,
 * after a reap has made room.
 */
static int submitted(struct vio *q, int ret)
{
	unsigned int n;

	if (ret == -EBUSY || ret == -EAGAIN)
		return 0;
	if (ret < 0)
		return ret;
	n = (unsigned int)ret;
	if (n) {
		assert(q->unsubmitted);
		/* Clamped: never trust a backend's count to wrap ours. */
		q->unsubmitted -= n < q->unsubmitted ? n : q->unsubmitted;
	}
	return 0;
}

static int submit(struct vio *q)
{
	if (!q->unsubmitted)
		return 0;
	return submitted(q, q->be.ops->submit(&q->be));
}

/* @n parts left the backend (completed, or reaped while freeing). */
static void left_backend(struct vio *q, unsigned int n)
{
	assert(n <= q->in_backend);
	q->in_backend -= n;
}

/* init() of @ops failed with @ret: say so, and what to use instead. */
static int refused(const struct backend_ops *ops, int ret,
		   unsigned int entries, struct fr_err *err)
{
	const char *alt = ops->fallback ? ops->fallback : "another backend";
	char why[512], eb[128];

	if (ops->refusal && ops->refusal(ret, entries, why, sizeof(why)))
		return fr_errf(err, ret, "backend=%s: %s; raise it or use backend=%s",
			       ops->name, why, alt);
	return fr_errf(err, ret,
		       "backend=%s: the kernel refused it (%s); use backend=%s",
		       ops->name, fr_strerror(ret, eb, sizeof(eb)), alt);
}

int vio_init(struct vio **out, struct vvol *vv, const char *backend,
	     unsigned int depth, uint64_t max_len, struct fr_err *err)
{
	return vio_init_conf(out, vv, backend, NULL, depth, max_len, err);
}

static int init_queue(struct vio **out, struct vvol *vv,
		      const struct backend_ops *ops, const struct backend_conf *conf,
		      unsigned int depth, uint64_t max_len, struct fr_err *err);

int vio_init_conf(struct vio **out, struct vvol *vv, const char *backend,
		  const struct backend_conf *conf, unsigned int depth,
		  uint64_t max_len, struct fr_err *err)
{
	const struct backend_ops *ops;

	*out = NULL;
	if (!backend)
		backend = "io_uring";
	ops = backend_find(backend);
	if (!ops)
		return fr_errf(err, -EINVAL, "backend=%s: must be one of %s",
			       backend, BACKEND_NAMES);
	if (conf && beconf_check(conf, backend, vv, err))
		return -EINVAL;
	if (ops == &backend_null && conf && conf->service_us)
		ops = &backend_null_model;
	return init_queue(out, vv, ops, conf, depth, max_len, err);
}

int vio_probe(const char *name)
{
	const struct backend_ops *ops = backend_find(name);
	struct backend be = { .ops = ops };
	int ret;

	if (!ops)
		return -EINVAL;
	ret = ops->init(&be, 4);
	if (!ret)
		ops->exit(&be);
	return ret;
}

int vio_init_ops(struct vio **out, struct vvol *vv,
		 const struct backend_ops *ops, unsigned int depth,
		 uint64_t max_len, struct fr_err *err)
{
	return init_queue(out, vv, ops, NULL, depth, max_len, err);
}

/* registerfiles: the LUNs' descriptors, indexed by LUN, registered once. */
static int register_luns(struct vio *q, struct fr_err *err)
{
	const struct vvol *vv = q->vv;
	int *fds = calloc(vv->nluns, sizeof(*fds)), ret;
	unsigned int i;
	char eb[64];

	if (!fds)
		return fr_errf(err, -ENOMEM, "out of memory");
	for (i = 0; i < vv->nluns; i++)
		fds[i] = vv->luns[i].fd;
	ret = q->be.ops->register_files(&q->be, fds, vv->nluns);
	free(fds);
	if (ret < 0)
		return fr_errf(err, ret, "%s: the kernel refused to register the %u LUNs' descriptors (%s)",
			       q->conf.sqthread_poll ? "sqthread_poll (it registers the files, as fio)" : "registerfiles",
			       vv->nluns, fr_strerror(ret, eb, sizeof(eb)));
	return 0;
}

static int init_queue(struct vio **out, struct vvol *vv,
		      const struct backend_ops *ops, const struct backend_conf *conf,
		      unsigned int depth, uint64_t max_len, struct fr_err *err)
{
	struct vio *q;
	uint64_t cap;
	int ret;

	*out = NULL;
	if (!depth)
		depth = 1;
	q = calloc(1, sizeof(*q));
	if (!q)
		return fr_errf(err, -ENOMEM, "out of memory");
	q->vv = vv;
	q->depth = depth;
	cap = (uint64_t)depth * vvol_max_extents(vv, max_len ? max_len : 1);
	q->cap = cap > MAX_CAP ? MAX_CAP : (unsigned int)cap;
	q->done_cap = depth + 1;
	q->done = calloc(q->done_cap, sizeof(*q->done));
	q->reaped = calloc(q->cap, sizeof(*q->reaped));
	if (!q->done || !q->reaped) {
		ret = fr_errf(err, -ENOMEM, "out of memory");
		goto out_free;
	}
	q->be.ops = ops;
	q->conf = conf ? *conf : BACKEND_CONF_DEFAULT;
	/* As fio's io_uring engine (fio_ioring_init()): sqthread_poll registers the files. */
	if (q->conf.sqthread_poll)
		q->conf.registerfiles = true;
	q->be.conf = &q->conf;
	ret = ops->init(&q->be, q->cap);
	if (ret < 0) {
		refused(ops, ret, q->cap, err);
		q->be.ops = NULL;
		goto out_free;
	}
	if (q->conf.registerfiles && ops->register_files) {
		ret = register_luns(q, err);
		if (ret)
			goto out_free;
	}
	*out = q;
	return 0;

out_free:
	vio_free(q);
	return ret;
}

int vio_register_buffers(struct vio *q, void *base, size_t len,
			 struct fr_err *err)
{
	char eb[64];
	int ret;

	if (!q->conf.fixedbufs || !q->be.ops->register_buffers)
		return 0;
	ret = q->be.ops->register_buffers(&q->be, base, len);
	if (ret < 0)
		return fr_errf(err, ret,
			       "fixedbufs: the kernel refused to register %zu bytes of I/O buffers (%s%s)",
			       len, fr_strerror(ret, eb, sizeof(eb)),
			       ret == -ENOMEM ? ": registered buffers count against the locked-memory limit, ulimit -l" : "");
	return 0;
}

/*
 * A synchronous backend does each part inside prep(): no queues, no part
 * storage, the request is complete on return.
 */
static int queue_sync(struct vio *q, struct vio_req *r)
{
	const struct vvol *vv = q->vv;
	uint64_t off = r->off, left = r->len;
	struct vvol_extent ext;
	struct vio_part p;

	do {
		vvol_map(vv, off, left, &ext);
		p.req = r;
		p.buf = (char *)r->buf + (off - r->off);
		p.off = ext.off;
		p.len = ext.len;
		p.fd = vv->luns[ext.lun].fd;
		p.lun = ext.lun;
		p.op = r->op;
		p.splits = false;
		q->be.ops->prep(&q->be, &p);
		if ((uint64_t)p.res != p.len && !r->error) {
			r->error = p.res < 0 ? (int)-p.res : EIO;
			r->err_lun = p.lun;
			r->err_off = p.off + (p.res > 0 ? (uint64_t)p.res : 0);
		}
		off += ext.len;
		left -= ext.len;
	} while (left);
	return 1;
}

int vio_queue(struct vio *q, struct vio_req *r)
{
	const struct vvol *vv = q->vv;
	struct vio_part *head = NULL, *tail = NULL, *p;
	struct vvol_extent ext;
	uint64_t off = r->off, left = r->len;
	unsigned int n = 0;
	int ret;

	/* vv->align is a power of two: a mask, not a division. */
	if ((vv->open_flags & VVOL_DIRECT) &&
	    ((r->off | r->len | (uintptr_t)r->buf) & (vv->align - 1)))
		return -EINVAL;
	if (!r->len || r->off >= vv->size || r->len > vv->size - r->off)
		return -ERANGE;
	r->error = 0;
	if (q->be.ops->sync)
		return queue_sync(q, r);
	do {
		ret = vvol_map(vv, off, left, &ext);
		if (ret < 0)
			goto out_undo;
		p = part_get(q);
		if (!p) {
			ret = -ENOMEM;
			goto out_undo;
		}
		p->req = r;
		p->next = NULL;
		p->buf = (char *)r->buf + (off - r->off);
		p->off = ext.off;
		p->len = ext.len;
		p->res = 0;
		p->fd = vv->luns[ext.lun].fd;
		p->lun = ext.lun;
		p->op = r->op;
		p->splits = (vv->open_flags & VVOL_DIRECT) &&
			vvol_splits(&vv->luns[ext.lun], p->buf, p->off, p->len);
		if (tail)
			tail->next = p;
		else
			head = p;
		tail = p;
		n++;
		off += ext.len;
		left -= ext.len;
	} while (left);

	r->parts_left = n;
	if (q->pend_tail)
		q->pend_tail->next = head;
	else
		q->pend_head = head;
	q->pend_tail = tail;
	q->outstanding++;
	/* vio.h: at most depth requests queued and not yet returned. */
	assert(q->outstanding - q->returned <= q->depth);
	ret = flush_pending(q);
	return ret < 0 ? ret : 0;

out_undo:
	while (head) {
		p = head->next;
		part_put(q, head);
		head = p;
	}
	return ret;
}

int vio_commit(struct vio *q)
{
	int ret = flush_pending(q);

	if (ret < 0)
		return ret;
	return submit(q);
}

/*
 * The caller has what it asked for: @min requests ready. With min 0 (a
 * poll) that holds at once, so it counts only after the backend has been
 * polled once; otherwise a poll would never reap anything.
 */
static inline bool have_min_ready(const struct vio *q, unsigned int min,
				  bool polled)
{
	return q->done_n >= min && (min || polled);
}

/* No part is prepared or in flight: waiting cannot complete anything. */
static inline bool backend_idle(const struct vio *q)
{
	return !q->in_backend;
}

int vio_getevents(struct vio *q, unsigned int min, unsigned int max,
		  const struct timespec *t)
{
	const struct backend_ops *ops = q->be.ops;
	bool polled = false;
	unsigned int i, n;
	int ret;

	/* The requests vio_event() handed out last time leave the queue. */
	assert(q->returned <= q->done_n && q->returned <= q->outstanding);
	q->done_head = (q->done_head + q->returned) % q->done_cap;
	q->done_n -= q->returned;
	q->outstanding -= q->returned;
	q->returned = 0;

	for (;;) {
		bool wait_in_submit, reaped_none, polled_dry, timed_out;

		ret = flush_pending(q);
		if (ret < 0)
			return ret;
		if (have_min_ready(q, min, polled) || backend_idle(q)) {
			/* What is prepared goes to the kernel before we return. */
			ret = submit(q);
			if (ret < 0)
				return ret;
			break;
		}
		/* Something to submit and an unbounded wait for it. */
		wait_in_submit = q->unsubmitted && ops->submit_wait &&
			q->done_n < min && !t;
		if (wait_in_submit) {
			/* Submit and wait in one system call. */
			ret = submitted(q, ops->submit_wait(&q->be, 1));
			if (ret < 0)
				return ret;
			ret = ops->reap(&q->be, 0, q->reaped, q->cap, NULL);
		} else {
			ret = submit(q);
			if (ret < 0)
				return ret;
			ret = ops->reap(&q->be, q->done_n < min ? 1 : 0,
					q->reaped, q->cap, t);
		}
		polled = true;
		if (ret < 0)
			return ret;
		n = (unsigned int)ret;
		left_backend(q, n);
		for (i = 0; i < n; i++) {
			ret = part_done(q, q->reaped[i]);
			if (ret < 0)
				return ret;
		}
		/*
		 * The backend had nothing more: stop when that was a poll and
		 * @min are ready anyway, or when the bounded wait ran out.
		 */
		reaped_none = !n;
		polled_dry = reaped_none && q->done_n >= min;
		timed_out = reaped_none && t;
		if (polled_dry || timed_out)
			break;
	}
	q->returned = q->done_n < max ? q->done_n : max;
	return (int)q->returned;
}

struct vio_req *vio_event(struct vio *q, unsigned int i)
{
	if (i >= q->returned)
		return NULL;
	return q->done[(q->done_head + i) % q->done_cap];
}

unsigned int vio_outstanding(const struct vio *q)
{
	return q->outstanding - q->returned;
}

bool vio_is_sync(const struct vio *q)
{
	return q->be.ops->sync;
}

const char *vio_backend_name(const struct vio *q)
{
	return q->be.ops->name;
}

const char *vio_backend(const struct vio *q)
{
	return q->be.ops ? q->be.ops->name : "none";
}

void vio_free(struct vio *q)
{
	struct part_chunk *c;

	if (!q)
		return;
	if (q->be.ops) {
		/* Never free buffers the kernel may still write into. */
		while (q->in_backend) {
			int n;

			submit(q);
			/* Nothing the kernel holds (a submit failed): no wait. */
			if (q->unsubmitted >= q->in_backend)
				break;
			n = q->be.ops->reap(&q->be, 1, q->reaped, q->cap, NULL);
			if (n <= 0)
				break;
			left_backend(q, (unsigned int)n);
		}
		q->be.ops->exit(&q->be);
	}
	while ((c = q->chunks)) {
		q->chunks = c->next;
		free(c);
	}
	free(q->done);
	free(q->reaped);
	free(q);
}

void vio_describe_error(const struct vio *q, const struct vio_req *r,
			char *buf, unsigned long len)
{
	char eb[128];
	const char *path = r->err_lun < q->vv->nluns
		? q->vv->luns[r->err_lun].path
		: "?";

	snprintf(buf, len, "%s error on LUN '%s' at offset %" PRIu64 ": %s",
		 r->op == VIO_WRITE ? "write" : "read", path, r->err_off,
		 fr_strerror(r->error, eb, sizeof(eb)));
}
