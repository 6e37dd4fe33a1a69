/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * backend.c -- the backend registry and the two synchronous backends
 * (psync: pread/pwrite; null: no I/O at all).
 */
#include "backend.h"

#include <errno.h>
#include <string.h>
#include <unistd.h>

static const struct backend_ops *const backends[] = {
	&backend_io_uring,
	&backend_libaio,
	&backend_psync,
	&backend_null,
};

const struct backend_ops *backend_find(const char *name)
{
	unsigned int i;

	for (i = 0; i < sizeof(backends) / sizeof(backends[0]); i++)
		if (!strcmp(backends[i]->name, name))
			return backends[i];
	return NULL;
}

static int sync_init(struct backend *be, unsigned int entries)
{
	be->entries = entries;
	return 0;
}

static void sync_exit(struct backend *be)
{
	(void)be;
}

/* Transfer all of the part, retrying short transfers and EINTR. */
static int psync_prep(struct backend *be, struct vio_part *p)
{
	uint64_t done = 0;

	(void)be;
	while (done < p->len) {
		char *b = (char *)p->buf + done;
		size_t n = (size_t)(p->len - done);
		off_t o = (off_t)(p->off + done);
		ssize_t r;

		r = p->op == VIO_WRITE ? pwrite(p->fd, b, n, o)
				       : pread(p->fd, b, n, o);
		if (r < 0) {
			if (errno == EINTR)
				continue;
			p->res = -errno;
			return 0;
		}
		if (r == 0)
			break;
		done += (uint64_t)r;
	}
	p->res = (int64_t)done;
	return 0;
}

static int null_prep(struct backend *be, struct vio_part *p)
{
	(void)be;
	p->res = (int64_t)p->len;
	return 0;
}

const struct backend_ops backend_psync = {
	.name = "psync",
	.sync = true,
	.init = sync_init,
	.prep = psync_prep,
	.exit = sync_exit,
};

const struct backend_ops backend_null = {
	.name = "null",
	.sync = true,
	.init = sync_init,
	.prep = null_prep,
	.exit = sync_exit,
};
