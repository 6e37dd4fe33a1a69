/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fio_engine.c -- the fio external ioengine: thin glue from fio's
 * struct ioengine_ops to the engine core (vvol.c, vio.c).
 *
 * Load with ioengine=external:/usr/local/lib/fio/fio-fiorion.so (where
 * make install puts it; build/fiorion-engine.so in a build). The whole
 * virtual volume is presented to fio as one diskless file whose size the engine
 * decides; fio picks offsets inside it, the core splits and routes them.
 * This is the only file that includes fio's headers, and it must be built
 * against the source tree of the exact fio release that loads it.
 */
#include "fio.h"
#include "optgroup.h"

#include <sys/utsname.h>

#include "beconf.h"
#include "fr_describe.h"
#include "lunsafe.h"
#include "version.h"
#include "vio.h"
#include "vvol.h"

struct fr_options {
	void *pad; /* fio stores the td here; offset 0 is unusable */
	char *lunfile;
	char *luns;
	char *simulate;
	unsigned long long stripe;
	char *backend;
	unsigned int allow_signatures;
	unsigned int describe;
	/* fio's io_uring options (engines/io_uring.c): its names, types, defaults. */
	unsigned int hipri;
	unsigned int fixedbufs;
	unsigned int registerfiles;
	unsigned int sqpoll_thread;
	unsigned int sqpoll_set;
	unsigned int sqpoll_cpu;
	int nonvectored;
	/* backend=null's model device (backend_model.c). */
	unsigned int service_us;
	unsigned int servers;
	char *service_steps;
	char *service_dist;
	char *service_seed;
	unsigned int virtual_time; /* refused: fio keeps its own clock */
	/* Not options: filename='s names, each a LUN (fr_take_files()). */
	char **files;
	unsigned int nfiles;
};

/* This file's version, findable in the .so (version.h); describe=1 says it too. */
static const char fr_ident[] __attribute__((used)) = FIORION_ENGINE_IDENT FIORION_VERSION;

static int fr_sqpoll_cb(void *data, unsigned long long *val)
{
	struct fr_options *o = data;

	o->sqpoll_cpu = (unsigned int)*val;
	o->sqpoll_set = 1;
	return 0;
}

struct fr_data {
	struct vvol *vv;
	struct vio *q;
	struct io_u **queued; /* queued since the last commit */
	unsigned int nqueued;
	bool sync; /* the backend completes inside vio_queue() */
};

static struct fio_option options[] = {
	{
		.name = "lunfile",
		.lname = "ORION .lun file",
		.type = FIO_OPT_STR_STORE,
		.off1 = offsetof(struct fr_options, lunfile),
		.help = "File listing the LUNs (devices or files), one per line",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "luns",
		.lname = "LUN list",
		.type = FIO_OPT_STR_STORE,
		.off1 = offsetof(struct fr_options, luns),
		.help = "LUNs inline, colon-separated (instead of lunfile)",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "simulate",
		.lname = "volume layout",
		.type = FIO_OPT_STR_STORE,
		.off1 = offsetof(struct fr_options, simulate),
		.def = "concat",
		.help = "How the LUNs form the volume: concat or raid0",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "stripe",
		.lname = "RAID-0 stripe depth",
		.type = FIO_OPT_STR_VAL,
		.off1 = offsetof(struct fr_options, stripe),
		.def = "1m",
		.help = "Stripe depth for simulate=raid0",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "backend",
		.lname = "I/O backend",
		.type = FIO_OPT_STR_STORE,
		.off1 = offsetof(struct fr_options, backend),
		.def = "io_uring",
		.help = "How I/O is issued: io_uring, libaio, psync or null",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "allow_signatures",
		.lname = "write LUNs that carry signatures",
		.type = FIO_OPT_BOOL,
		.off1 = offsetof(struct fr_options, allow_signatures),
		.def = "0",
		.help = "Write LUNs holding a filesystem, RAID or partition signature (mounted ones never)",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "describe",
		.lname = "describe the volume",
		.type = FIO_OPT_BOOL,
		.off1 = offsetof(struct fr_options, describe),
		.def = "0",
		.help = "Log fio's version and each LUN's size once the LUNs are open (fiorion -clients probes hosts with it)",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "hipri",
		.lname = "High Priority",
		.type = FIO_OPT_STR_SET,
		.off1 = offsetof(struct fr_options, hipri),
		.help = "backend=io_uring: use polled IO completions (every LUN on a device with poll queues; direct=1)",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "fixedbufs",
		.lname = "Fixed (pre-mapped) IO buffers",
		.type = FIO_OPT_STR_SET,
		.off1 = offsetof(struct fr_options, fixedbufs),
		.help = "backend=io_uring: pre map IO buffers",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "registerfiles",
		.lname = "Register file set",
		.type = FIO_OPT_STR_SET,
		.off1 = offsetof(struct fr_options, registerfiles),
		.help = "backend=io_uring: pre-open/register the LUNs",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "sqthread_poll",
		.lname = "Kernel SQ thread polling",
		.type = FIO_OPT_STR_SET,
		.off1 = offsetof(struct fr_options, sqpoll_thread),
		.help = "backend=io_uring: offload submission/completion to kernel thread",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "sqthread_poll_cpu",
		.lname = "SQ Thread Poll CPU",
		.type = FIO_OPT_INT,
		.cb = fr_sqpoll_cb,
		.help = "backend=io_uring: what CPU to run SQ thread polling on",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "nonvectored",
		.lname = "Non-vectored",
		.type = FIO_OPT_INT,
		.off1 = offsetof(struct fr_options, nonvectored),
		.def = "-1",
		.help = "backend=io_uring: use non-vectored read/write commands (-1: where the kernel has them)",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "service_us",
		.lname = "model device service time",
		.type = FIO_OPT_INT,
		.off1 = offsetof(struct fr_options, service_us),
		.def = "0",
		.help = "backend=null: each I/O completes this many microseconds after its service starts (0: at once)",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "servers",
		.lname = "model device servers",
		.type = FIO_OPT_INT,
		.off1 = offsetof(struct fr_options, servers),
		.def = "0",
		.help = "backend=null with service_us: most I/Os in service at once, the rest wait in order (0: 1)",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "service_steps",
		.lname = "model device service time steps",
		.type = FIO_OPT_STR_STORE,
		.off1 = offsetof(struct fr_options, service_steps),
		.help = "backend=null with service_us: S:US[,S:US...], service_us=US from S seconds after the first I/O",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "service_dist",
		.lname = "model device service time distribution",
		.type = FIO_OPT_STR_STORE,
		.off1 = offsetof(struct fr_options, service_dist),
		.help = "backend=null with service_us: fixed (every service service_us), exp (exponential, mean service_us) or uniform (0 to 2 x service_us)",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "service_seed",
		.lname = "model device service time seed",
		.type = FIO_OPT_STR_STORE,
		.off1 = offsetof(struct fr_options, service_seed),
		.help = "backend=null with service_dist=exp|uniform: the seed of the service times (each clone its own stream)",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = "virtual_time",
		.lname = "simulated clock",
		.type = FIO_OPT_BOOL,
		.off1 = offsetof(struct fr_options, virtual_time),
		.def = "0",
		.help = "the built-in runner's simulated clock for the model device; fio keeps its own clock and refuses it",
		.category = FIO_OPT_C_ENGINE,
		.group = FIO_OPT_G_INVALID,
	},
	{
		.name = NULL,
	},
};

/*
 * Report once: our sentence in full on a line of ours, and only the errno
 * in what fails the job. fio prints td->verror itself ("fio: pid=...,
 * err=...", and the job summary), cut at FIO_VERROR_SIZE (128 bytes):
 * the sentence there would be a second, truncated copy.
 */
static int fr_fail(struct thread_data *td, int ret, const char *msg,
		   const char *func)
{
	int e = ret < 0 ? -ret : ret;

	log_err("fiorion: %s: %s\n", td->o.name, msg);
	/* fio knows errno values only: a safety refusal is "device busy". */
	td_verror(td, e == FR_ESAFETY ? EBUSY : e, func);
	return 1;
}

static int fr_load(struct thread_data *td, struct vvol **vv)
{
	struct fr_options *o = td->eo;
	struct vvol_conf conf = {
		.lunfile = o->lunfile && *o->lunfile ? o->lunfile : NULL,
		.luns = o->luns && *o->luns ? o->luns : NULL,
		.simulate = o->simulate,
		.stripe = o->stripe,
		.files = (const char *const *)o->files,
		.nfiles = o->nfiles,
	};
	struct fr_err err = { "" };
	int ret;

	ret = vvol_load(vv, &conf, &err);
	if (ret)
		return fr_fail(td, ret, err.msg, "lunfile");
	return 0;
}

static void fr_free_names(struct fr_options *o)
{
	while (o->nfiles)
		free(o->files[--o->nfiles]);
	free(o->files);
	o->files = NULL;
}

/*
 * filename=A:B names the LUNs with fio's own option: fio made a file of
 * each name (options.c: str_filename_cb() -> filesetup.c: add_file(),
 * with directory= before it and "\:" a ':' inside a name), and each is
 * a LUN of the one volume. Their names are kept in td->eo and fio's list
 * is cut to its first file, which is then the volume: fio sizes,
 * offsets and counts per file (setup_files() divides size= by nr_files
 * and sets each file's io_size; get_next_file() picks one for each I/O
 * by file_service_type), so the volume has to be the one file all of
 * it goes to, and fio's numbers are the volume's. The cut is safe here
 * because nothing holds the other files yet: for a FIO_DISKLESSIO
 * engine add_file() only named them (no descriptor, no hash entry,
 * nothing laid out, no random map), and setup_files() reads files_index
 * and nr_files afresh after ->setup. It runs at whichever of ->setup
 * and ->init comes first: ->setup in the parent the job process is
 * forked from (create_serialize=1, fio's default; the job inherits the
 * names), or ->init in the job's own process, which with
 * create_serialize=0 fio calls before setup_files().
 */
static int fr_take_files(struct thread_data *td)
{
	struct fr_options *o = td->eo;
	struct fio_file *f;
	unsigned int i;

	if (!td->o.filename || o->files || !td->files_index)
		return 0;
	o->files = calloc(td->files_index, sizeof(*o->files));
	if (!o->files)
		return fr_fail(td, ENOMEM, "out of memory", "setup");
	for_each_file(td, f, i)
	{
		o->files[i] = strdup(f->file_name);
		if (!o->files[i]) {
			fr_free_names(o);
			return fr_fail(td, ENOMEM, "out of memory", "setup");
		}
		o->nfiles++;
	}
	for (i = 1; i < td->files_index; i++) {
		fio_file_free(td->files[i]);
		td->files[i] = NULL;
	}
	td->files_index = 1;
	td->o.nr_files = 1;
	td->o.open_files = 1;
	return 0;
}

/*
 * A writing job's LUNs are held exclusively (lunsafe.h) from its setup
 * to fio's exit, so that a mount during the job fails with EBUSY rather
 * than the job writing on under a filesystem. Setup runs in the process
 * the job processes are forked from (fio's default, create_serialize=1;
 * with --server, the process forked for the run, not the server), or in
 * the one process of thread=1 jobs: the holds are then theirs too (the
 * descriptors are inherited, and mountcheck.c's table with them), and
 * numjobs or several jobs on one LUN never refuse each other. With
 * create_serialize=0 each job process sets itself up: siblings would
 * refuse each other, so only a run of one job holds; the others are
 * checked at each job's open only. Under fiorion -runner fio the LUNs
 * are fiorion's holds already (FIORION_HELD) and are skipped. A
 * read-only job holds nothing: reading a mounted device is allowed.
 */
static int fr_hold(struct thread_data *td, const struct vvol *vv)
{
	struct fr_options *o = td->eo;
	struct fr_err err = { "" };
	int ret;

	if (!td_write(td) && !td_trim(td))
		return 0;
	if (!td->o.create_serialize && !td->o.use_thread && thread_number > 1)
		return 0;
	ret = vvol_check_writable(vv, o->allow_signatures ? VVOL_ALLOW_SIGNATURES : 0, &err);
	if (!ret)
		ret = vvol_hold_here(vv, &err);
	return ret ? fr_fail(td, ret, err.msg, "setup") : 0;
}

/*
 * Parent process, before fork (fio's create_serialize=1): size the one
 * file that is the volume, and hold a writing job's LUNs.
 */
static int fio_fr_setup(struct thread_data *td)
{
	struct vvol *vv;
	struct fio_file *f;
	unsigned int i;
	int ret;

	/*
	 * fio's unlink deletes the job's regular files when it ends
	 * (backend.c: unlink_all_files()); here they are LUNs, or a name
	 * that is none of the engine's.
	 */
	if (td->o.unlink || td->o.unlink_each_loop)
		return fr_fail(td, EINVAL,
			       "unlink=1 would delete the LUN files; the fiorion engine never deletes a LUN: leave unlink= and unlink_each_loop= out",
			       "setup");
	if (fr_take_files(td))
		return 1;
	if (!td->files_index) {
		add_file(td, "fiorion-volume", 0, 0);
		if (!td->o.nr_files)
			td->o.nr_files = 1;
		td->o.open_files++;
	}
	/* Without filename=, fio's files are its own names (nrfiles=, opendir=), not LUNs. */
	if (td->files_index > 1)
		return fr_fail(td, EINVAL,
			       "fio made several files of this job (nrfiles=, opendir=), and the fiorion engine presents one volume: name its LUNs with filename=A:B, luns= or lunfile=",
			       "setup");
	if (fr_load(td, &vv))
		return 1;
	for_each_file(td, f, i)
	{
		f->real_file_size = vv->size;
		fio_file_set_size_known(f);
	}
	ret = fr_hold(td, vv);
	vvol_free(vv);
	return ret;
}

static void fio_fr_cleanup(struct thread_data *td)
{
	struct fr_data *d = td->io_ops_data;
	struct fr_err err = { "" };
	int ret;

	fr_free_names(td->eo);
	if (!d)
		return;
	/* Written under a hold: a loop device attached over a LUN since fails the job. */
	if (d->q && (d->vv->open_flags & VVOL_WRITE) && (ret = vvol_check_held(d->vv, &err)))
		fr_fail(td, ret, err.msg, "cleanup");
	vio_free(d->q);
	vvol_free(d->vv);
	free(d->queued);
	free(d);
	td->io_ops_data = NULL;
}

/*
 * describe=1: what this host has, once its LUNs are open as the job asks
 * (O_DIRECT, and for writing with its safety checks) and its backend set
 * up. In client/server mode these lines reach the fio client with the
 * host's name; fiorion's probe reads them (their formats:
 * common/fr_describe.h). One line for the volume, one per LUN (path
 * last), one for the backend and the kernel.
 */
static void fr_describe(const struct vvol *vv, const struct vio *q)
{
	struct utsname u;
	char kernel[3 * sizeof(u.release) + 3] = "unknown";
	unsigned int i;

	if (uname(&u) == 0)
		snprintf(kernel, sizeof(kernel), "%s %s %s", u.sysname, u.release, u.machine);
	log_info(FR_DESC_VOLUME_FMT, fio_version_string, fr_ident + strlen(FIORION_ENGINE_IDENT),
		 (unsigned long long)vv->size, vv->align, vv->nluns);
	for (i = 0; i < vv->nluns; i++) {
		char what[256];

		log_info(FR_DESC_LUN_FMT, i + 1, (unsigned long long)vv->luns[i].size,
			 vv->luns[i].path);
		if (lun_unbacked(vv->luns[i].path, what, sizeof(what)) > 0)
			log_info(FR_DESC_UNBACKED_FMT, i + 1, what);
	}
	log_info(FR_DESC_HOST_FMT, vio_backend_name(q), kernel);
}

/* Job process: open the LUNs and the I/O queue. */
static int fio_fr_init(struct thread_data *td)
{
	struct fr_options *o = td->eo;
	struct fr_err err = { "" };
	unsigned long long bs_max, bs_min;
	struct backend_conf conf;
	struct fr_data *d;
	int flags = 0, ret;
	char msg[256];

	if (fr_take_files(td))
		return 1;
	d = calloc(1, sizeof(*d));
	if (!d)
		return fr_fail(td, ENOMEM, "out of memory", "init");
	td->io_ops_data = d;
	if (fr_load(td, &d->vv))
		goto out_fail;
	bs_max = max(td->o.max_bs[DDIR_READ], td->o.max_bs[DDIR_WRITE]);
	bs_min = min(td->o.min_bs[DDIR_READ], td->o.min_bs[DDIR_WRITE]);
	if (!td_write(td))
		bs_min = td->o.min_bs[DDIR_READ];
	else if (!td_read(td))
		bs_min = td->o.min_bs[DDIR_WRITE];
	if (td->o.odirect) {
		flags |= VVOL_DIRECT;
		if (bs_min % d->vv->align || td->o.bs_unaligned) {
			snprintf(msg, sizeof(msg),
				 "bs=%llu is not a multiple of the LUN block size (%u bytes), which direct=1 requires",
				 bs_min, d->vv->align);
			fr_fail(td, EINVAL, msg, "init");
			goto out_fail;
		}
	}
	if (td_write(td) || td_trim(td))
		flags |= VVOL_WRITE;
	if (o->allow_signatures)
		flags |= VVOL_ALLOW_SIGNATURES;
	ret = vvol_open(d->vv, flags, &err);
	if (ret) {
		fr_fail(td, ret, err.msg, "open");
		goto out_fail;
	}
	d->queued = calloc(td->o.iodepth ? td->o.iodepth : 1, sizeof(*d->queued));
	if (!d->queued) {
		fr_fail(td, ENOMEM, "out of memory", "init");
		goto out_fail;
	}
	conf = (struct backend_conf){
		.hipri = o->hipri,
		.fixedbufs = o->fixedbufs,
		.registerfiles = o->registerfiles,
		.sqthread_poll = o->sqpoll_thread,
		.sqthread_poll_cpu = o->sqpoll_set ? (int)o->sqpoll_cpu : -1,
		.nonvectored = o->nonvectored,
		.service_us = o->service_us,
		.servers = o->servers,
		.service_stream = be_stream(td->o.name, td->thread_number),
	};
	if (o->virtual_time) {
		fr_fail(td, EINVAL,
			"virtual_time=1: the built-in runner's simulated clock; fio keeps time by its own clock, which the engine cannot move: run the job with fiorion -jobfile FILE (or fiorion's default runner), or leave virtual_time out",
			"init");
		goto out_fail;
	}
	if (o->service_steps && *o->service_steps &&
	    beconf_parse_steps(o->service_steps, &conf)) {
		fr_fail(td, EINVAL,
			"service_steps: give SECONDS:US[,SECONDS:US...], each a time after the device's first I/O and the service time from then on, in rising order (service_steps=10:200,20:100)",
			"init");
		goto out_fail;
	}
	if (o->service_dist && *o->service_dist && beconf_parse_dist(o->service_dist, &conf)) {
		fr_fail(td, EINVAL, "service_dist: give fixed (every service service_us), exp (exponential, mean service_us) or uniform (0 to 2 x service_us)",
			"init");
		goto out_fail;
	}
	if (o->service_seed && *o->service_seed && beconf_parse_seed(o->service_seed, &conf)) {
		fr_fail(td, EINVAL, "service_seed: give a whole number (0 to 2^64-1)", "init");
		goto out_fail;
	}
	ret = vio_init_conf(&d->q, d->vv, o->backend, &conf, td->o.iodepth, bs_max, &err);
	if (ret) {
		fr_fail(td, ret, err.msg, "init");
		goto out_fail;
	}
	d->sync = vio_is_sync(d->q);
	/* As fio's io_uring engine: with sqthread_poll, submission is the kernel's. */
	if (o->sqpoll_thread)
		td->o.disable_slat = 1;
	if (o->describe)
		fr_describe(d->vv, d->q);
	return 0;

out_fail:
	fio_fr_cleanup(td);
	return 1;
}

/* fixedbufs: fio's I/O buffers exist now (init_io_u() runs after init). */
static int fio_fr_post_init(struct thread_data *td)
{
	struct fr_data *d = td->io_ops_data;
	struct fr_err err = { "" };
	int ret = vio_register_buffers(d->q, td->orig_buffer, td->orig_buffer_size, &err);

	return ret ? fr_fail(td, ret, err.msg, "post_init") : 0;
}

static int fio_fr_io_u_init(struct thread_data *td, struct io_u *io_u)
{
	struct vio_req *r = calloc(1, sizeof(*r));

	(void)td;
	if (!r)
		return 1;
	r->user = io_u;
	io_u->engine_data = r;
	return 0;
}

static void fio_fr_io_u_free(struct thread_data *td, struct io_u *io_u)
{
	(void)td;
	free(io_u->engine_data);
	io_u->engine_data = NULL;
}

static void fio_fr_log_io_error(struct thread_data *td, struct vio_req *r)
{
	struct fr_data *d = td->io_ops_data;
	char msg[1024];

	vio_describe_error(d->q, r, msg, sizeof(msg));
	log_err("fiorion: %s: %s\n", td->o.name, msg);
}

static int fio_fr_sync(struct fr_data *d)
{
	unsigned int i;

	for (i = 0; i < d->vv->nluns; i++)
		if (fsync(d->vv->luns[i].fd) < 0)
			return errno;
	return 0;
}

static enum fio_q_status fio_fr_queue(struct thread_data *td,
				      struct io_u *io_u)
{
	struct fr_data *d = td->io_ops_data;
	struct vio_req *r = io_u->engine_data;
	int ret;

	fio_ro_check(td, io_u);
	if (io_u->ddir == DDIR_SYNC || io_u->ddir == DDIR_DATASYNC) {
		/* A barrier: everything before it must have completed. */
		if (vio_outstanding(d->q) || d->nqueued)
			return FIO_Q_BUSY;
		io_u->error = fio_fr_sync(d);
		return FIO_Q_COMPLETED;
	}
	if (io_u->ddir != DDIR_READ && io_u->ddir != DDIR_WRITE) {
		io_u->error = EOPNOTSUPP;
		return FIO_Q_COMPLETED;
	}
	/*
	 * With FIO_ASYNCIO_SETS_ISSUE_TIME fio leaves issue_time to us; a
	 * synchronous backend completes inside vio_queue(), so stamp it now,
	 * as fio does for its FIO_SYNCIO engines (an async one is stamped at
	 * commit, when its submit call has returned).
	 */
	if (d->sync && fio_fill_issue_time(td))
		fio_gettime(&io_u->issue_time, NULL);
	r->op = io_u->ddir == DDIR_WRITE ? VIO_WRITE : VIO_READ;
	r->buf = io_u->xfer_buf;
	r->len = io_u->xfer_buflen;
	r->off = io_u->offset;
	ret = vio_queue(d->q, r);
	if (ret < 0) {
		char msg[256];

		snprintf(msg, sizeof(msg),
			 ret == -ERANGE ? "I/O of %llu bytes at volume offset %llu is outside the volume"
					: "I/O of %llu bytes at volume offset %llu is not aligned for direct=1",
			 io_u->xfer_buflen, io_u->offset);
		log_err("fiorion: %s: %s\n", td->o.name, msg);
		io_u->error = -ret;
		return FIO_Q_COMPLETED;
	}
	if (ret == 1) {
		io_u->error = r->error;
		if (r->error)
			fio_fr_log_io_error(td, r);
		return FIO_Q_COMPLETED;
	}
	d->queued[d->nqueued++] = io_u;
	return FIO_Q_QUEUED;
}

static int fio_fr_commit(struct thread_data *td)
{
	struct fr_data *d = td->io_ops_data;
	struct timespec now;
	unsigned int i;
	int ret;

	if (!d->nqueued)
		return vio_commit(d->q);
	ret = vio_commit(d->q);
	/*
	 * As fio's io_uring and libaio engines (fio_ioring_queued(),
	 * fio_libaio_queued()): the issue time is when the submit call that
	 * handed the I/O to the kernel has returned, so slat includes it.
	 */
	if (fio_fill_issue_time(td)) {
		fio_gettime(&now, NULL);
		for (i = 0; i < d->nqueued; i++)
			memcpy(&d->queued[i]->issue_time, &now, sizeof(now));
	}
	for (i = 0; i < d->nqueued; i++)
		io_u_queued(td, d->queued[i]);
	io_u_mark_submit(td, d->nqueued);
	d->nqueued = 0;
	return ret;
}

static int fio_fr_getevents(struct thread_data *td, unsigned int min,
			    unsigned int max, const struct timespec *t)
{
	struct fr_data *d = td->io_ops_data;

	return vio_getevents(d->q, min, max, t);
}

static struct io_u *fio_fr_event(struct thread_data *td, int ev)
{
	struct fr_data *d = td->io_ops_data;
	struct vio_req *r = vio_event(d->q, (unsigned int)ev);
	struct io_u *io_u = r->user;

	io_u->error = r->error;
	io_u->resid = 0;
	if (r->error)
		fio_fr_log_io_error(td, r);
	return io_u;
}

static int fio_fr_open_file(struct thread_data *td, struct fio_file *f)
{
	(void)td;
	(void)f;
	return 0;
}

static int fio_fr_close_file(struct thread_data *td, struct fio_file *f)
{
	(void)td;
	f->fd = -1;
	return 0;
}

static int fio_fr_invalidate(struct thread_data *td, struct fio_file *f)
{
	(void)td;
	(void)f;
	return 0;
}

/* Whatever else asks fio to delete its file (an iolog's replay): a LUN is never deleted. */
static int fio_fr_unlink_file(struct thread_data *td, struct fio_file *f)
{
	(void)td;
	(void)f;
	return 0;
}

struct ioengine_ops ioengine = {
	.name = "fiorion",
	.version = FIO_IOOPS_VERSION,
	.flags = FIO_DISKLESSIO | FIO_NOEXTEND | FIO_NODISKUTIL |
		FIO_ASYNCIO_SETS_ISSUE_TIME,
	.setup = fio_fr_setup,
	.init = fio_fr_init,
	.post_init = fio_fr_post_init,
	.queue = fio_fr_queue,
	.commit = fio_fr_commit,
	.getevents = fio_fr_getevents,
	.event = fio_fr_event,
	.cleanup = fio_fr_cleanup,
	.open_file = fio_fr_open_file,
	.close_file = fio_fr_close_file,
	.invalidate = fio_fr_invalidate,
	.unlink_file = fio_fr_unlink_file,
	.io_u_init = fio_fr_io_u_init,
	.io_u_free = fio_fr_io_u_free,
	.options = options,
	.option_struct_size = sizeof(struct fr_options),
};
