/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * hooks.c -- the built-in runner's ioengine hooks over the engine core:
 * the same calls fio's adapter (plugin/fio_engine.c) makes, in the same
 * order, on a virtual volume (vvol) and its I/O queue (vio).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "diskutil.h"
#include "rn_priv.h"
#include "vvol.h"

void rn_vol_conf(const struct jp_job *j, struct vvol_conf *c)
{
	memset(c, 0, sizeof(*c));
	/* fio's files, named as fio names them (fr_lunlist_fio()). */
	c->files = (const char *const *)j->files;
	c->nfiles = j->nfiles;
	if (j->engine_so) {
		/* The engine's: each file a LUN of the one volume, or its own luns=/lunfile=. */
		c->lunfile = j->lunfile;
		c->luns = j->luns;
		c->simulate = j->simulate;
		c->stripe = j->stripe;
	}
	/* ioengine=io_uring|libaio|psync: its files concatenated (one file: a one-LUN volume). */
}

static int core_get_file_size(struct rn_td *td, struct fr_err *err)
{
	struct vvol_conf c;
	struct vvol *vv;
	int ret;

	rn_vol_conf(td->job, &c);
	ret = vvol_load(&vv, &c, err);
	if (ret)
		return ret;
	td->file_size = vv->size;
	td->nluns = vv->nluns;
	if (td->du) {
		unsigned int l;

		for (l = 0; l < vv->nluns; l++)
			du_add_path(td->du, vv->luns[l].path);
	}
	{
		size_t len = 0;
		unsigned int l;

		td->lun_names[0] = '\0';
		for (l = 0; l < vv->nluns && len < sizeof(td->lun_names); l++)
			len += (size_t)snprintf(td->lun_names + len, sizeof(td->lun_names) - len,
						"%s'%s'", l ? ", " : "", vv->luns[l].path);
	}
	vvol_free(vv);
	return 0;
}

static int core_init(struct rn_td *td, struct fr_err *err)
{
	struct vvol_conf c;

	rn_vol_conf(td->job, &c);
	return vvol_load(&td->vv, &c, err);
}

/* direct=1 needs bs to be a multiple of the LUNs' block size. */
int rn_check_bs(const struct jp_job *j, const struct vvol *vv, struct fr_err *err)
{
	if (j->direct && j->bs % vv->align)
		return fr_errf(err, -EINVAL,
			       "bs=%" PRIu64 " is not a multiple of the LUN block size (%u bytes), which direct=1 requires",
			       j->bs, vv->align);
	return 0;
}

static int core_open_file(struct rn_td *td, struct fr_err *err)
{
	const struct jp_job *j = td->job;
	const char *be = j->engine_so ? j->backend : j->ioengine;
	struct backend_conf conf = j->uring; /* vio_init_conf() keeps a copy */
	int flags = 0, ret;

	if (j->direct)
		flags |= VVOL_DIRECT;
	if (j->rw != JP_READ && j->rw != JP_RANDREAD)
		flags |= VVOL_WRITE;
	if (j->allow_signatures)
		flags |= VVOL_ALLOW_SIGNATURES;
	ret = rn_check_bs(j, td->vv, err);
	if (ret)
		return ret;
	ret = vvol_open(td->vv, flags, err);
	/*
	 * A LUN written is held exclusively to the end of the process, as
	 * fiorion's run holds it (the clones are threads of this process:
	 * they do not refuse each other): for -jobfile, nothing mounts it
	 * while the job writes.
	 */
	if (!ret && (flags & VVOL_WRITE))
		ret = vvol_hold_here(td->vv, err);
	if (ret)
		return ret;
	/* The model device's random service times: a stream per job (by its name) and clone. */
	conf.service_stream = be_stream(j->name, td->number);
	ret = vio_init_conf(&td->q, td->vv, be, &conf, j->iodepth, j->bs, err);
	if (!ret)
		td->q_sync = vio_is_sync(td->q);
	return ret;
}

static int core_queue(struct rn_td *td, struct rn_io *io)
{
	return vio_queue(td->q, &io->req);
}

static int core_commit(struct rn_td *td)
{
	return vio_commit(td->q);
}

static int core_getevents(struct rn_td *td, unsigned int min, unsigned int max,
			  const struct timespec *t)
{
	return vio_getevents(td->q, min, max, t);
}

static struct rn_io *core_event(struct rn_td *td, unsigned int i)
{
	return vio_event(td->q, i)->user;
}

static void core_close_file(struct rn_td *td)
{
	struct fr_err err = { "" };

	/* Written under a hold: a loop device attached over a LUN since fails the job. */
	if (!td->error && (td->vv->open_flags & VVOL_WRITE) && vvol_check_held(td->vv, &err)) {
		td->error = EBUSY; /* as the engine tells fio: fio knows errno values only */
		snprintf(td->msg, sizeof(td->msg), "%s", err.msg);
	}
	vio_free(td->q);
	td->q = NULL;
	vvol_close(td->vv);
}

static void core_cleanup(struct rn_td *td)
{
	vvol_free(td->vv);
	td->vv = NULL;
}

const struct rn_engine_ops rn_core_ops = {
	.name = "fiorion",
	.get_file_size = core_get_file_size,
	.init = core_init,
	.open_file = core_open_file,
	.queue = core_queue,
	.commit = core_commit,
	.getevents = core_getevents,
	.event = core_event,
	.close_file = core_close_file,
	.cleanup = core_cleanup,
};
