/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * vio.h -- an I/O queue over a virtual volume: the engine core's hooks.
 *
 * The fio adapter and fiorion's built-in runner both drive the volume
 * through this interface, which mirrors fio's ioengine hooks: queue a
 * request, commit what was queued, getevents to wait for completions,
 * event to fetch each one. A request that crosses a LUN or stripe
 * boundary is split into parts; it completes when its last part has, and
 * carries the first failing part's error, LUN and LUN offset.
 *
 * One struct vio belongs to one thread. At most @depth requests are
 * outstanding at once (queued and not yet returned by vio_event()).
 */
#ifndef FIORION_VIO_H
#define FIORION_VIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

#include "backend.h"
#include "fr_err.h"
#include "vvol.h"

struct vio_req {
	enum vio_op op;
	void *buf;    /* O_DIRECT: aligned to vv->align */
	uint64_t len; /* bytes */
	uint64_t off; /* volume offset, bytes */
	void *user;   /* caller's pointer (fio: the io_u) */

	/* Results, valid once the request is returned by vio_event(). */
	int error;	      /* positive errno, 0 on success */
	unsigned int err_lun; /* first failing part: LUN index ... */
	uint64_t err_off;     /* ... and offset in that LUN */

	unsigned int parts_left; /* private to vio.c */
};

struct vio;

/*
 * Create a queue on @vv (which must be vvol_open()ed) using backend
 * @backend ("io_uring", ...; NULL = io_uring) for @depth outstanding
 * requests of at most @max_len bytes. Returns 0, or a negative errno with
 * @err saying which backend failed and what to use instead.
 */
int vio_init(struct vio **out, struct vvol *vv, const char *backend,
	     unsigned int depth, uint64_t max_len, struct fr_err *err);

/*
 * vio_init() with fio's io_uring options (@conf; NULL: fio's defaults),
 * each checked against the volume first (beconf.h).
 */
int vio_init_conf(struct vio **out, struct vvol *vv, const char *backend,
		  const struct backend_conf *conf, unsigned int depth,
		  uint64_t max_len, struct fr_err *err);

/*
 * vio_init() with the backend's ops table instead of its name, so a test
 * can run the queue over a backend of its own. @ops must stay valid until
 * vio_free().
 */
int vio_init_ops(struct vio **out, struct vvol *vv,
		 const struct backend_ops *ops, unsigned int depth,
		 uint64_t max_len, struct fr_err *err);

/*
 * Queue @r. Returns 0 when queued (complete it through vio_commit(),
 * vio_getevents() and vio_event()), 1 when it already completed (a
 * synchronous backend; r->error says how), or a negative errno when the
 * request itself is invalid (-ERANGE outside the volume, -EINVAL
 * misaligned for O_DIRECT); then nothing was queued.
 */
int vio_queue(struct vio *q, struct vio_req *r);

/* Submit everything queued. Returns 0 or a negative errno. */
int vio_commit(struct vio *q);

/*
 * Wait until at least @min requests are complete (@t, when not NULL,
 * bounds the wait) and return how many are ready, at most @max; fetch
 * them with vio_event(q, 0 .. n-1) before the next vio_getevents().
 * Returns a negative errno when the backend fails.
 */
int vio_getevents(struct vio *q, unsigned int min, unsigned int max,
		  const struct timespec *t);

/* The @i-th request made ready by the last vio_getevents(). */
struct vio_req *vio_event(struct vio *q, unsigned int i);

/*
 * Request buffers come from [@base, @base + @len): with fixedbufs,
 * register them with the kernel once (io_uring's fixed buffers: no
 * pinning per I/O); otherwise nothing. Returns 0, or a negative errno
 * with @err when fixedbufs was asked and the kernel refused.
 */
int vio_register_buffers(struct vio *q, void *base, size_t len,
			 struct fr_err *err);

/* Requests queued and not yet returned. */
unsigned int vio_outstanding(const struct vio *q);

/* True when the backend completes every request inside vio_queue(). */
bool vio_is_sync(const struct vio *q);

/* The backend @q runs ("io_uring", "libaio", "psync", "null"): what describe=1 reports. */
const char *vio_backend_name(const struct vio *q);

/*
 * Whether the kernel accepts backend @name here (io_uring may be
 * disabled by sysctl or seccomp, libaio limited by fs.aio-max-nr): 0, or
 * the negative errno its setup got. Nothing is kept.
 */
int vio_probe(const char *name);

/* The backend's name. */
const char *vio_backend(const struct vio *q);

/* Wait for nothing; free the queue (outstanding I/O is reaped first). */
void vio_free(struct vio *q);

/*
 * One sentence about a failed request: "read error on LUN '/a' at offset
 * 8192: input/output error".
 */
void vio_describe_error(const struct vio *q, const struct vio_req *r,
			char *buf, unsigned long len);

#endif
