/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * backend.h -- how I/O reaches the LUNs: one ops table per kernel
 * interface (io_uring, libaio, psync) plus null, which completes without
 * doing I/O so the overhead of everything above it can be measured.
 *
 * A backend moves struct vio_part, an I/O that already sits inside one
 * LUN (vio.c splits requests into parts). It owns no request logic:
 * no splitting, no retries, no accounting. One backend instance serves
 * one I/O queue in one thread.
 */
#ifndef FIORION_BACKEND_H
#define FIORION_BACKEND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <time.h>

struct vio_req;

enum vio_op {
	VIO_READ = 0,
	VIO_WRITE = 1,
};

/* One I/O on one LUN. Owned by vio.c; a backend fills only res. */
struct vio_part {
	struct vio_req *req;   /* the request this part belongs to */
	struct vio_part *next; /* vio.c's lists */
	void *buf;
	uint64_t off; /* offset in the LUN, bytes */
	uint64_t len; /* bytes */
	int64_t res;  /* bytes transferred, or -errno */
	int fd;
	unsigned int lun; /* index in the volume, for error messages */
	enum vio_op op;
	bool splits; /* the kernel may split it into bios (vvol_splits()) */
	/* Backend-private space (libaio keeps its struct iocb here). */
	uint64_t be_space[8] __attribute__((aligned(16)));
};

/*
 * fio's io_uring engine options (engines/io_uring.c, fio 3.33), with its
 * names, defaults and meaning; only backend=io_uring takes them
 * (beconf.h checks that, and what each needs, before any I/O).
 */
/* The most steps of a model device's service_steps. */
#define BACKEND_MAX_STEPS 16u

/* service_dist: how the model device's service times are drawn. */
enum backend_dist {
	BACKEND_DIST_FIXED = 0, /* exactly service_us */
	BACKEND_DIST_EXP,	/* exponential, mean service_us */
	BACKEND_DIST_UNIFORM,	/* uniform on 0 .. 2 x service_us */
};

struct backend_conf {
	bool fixedbufs;	       /* register the I/O buffers once: READ/WRITE_FIXED */
	bool registerfiles;    /* register the LUNs' descriptors: IOSQE_FIXED_FILE */
	bool sqthread_poll;    /* IORING_SETUP_SQPOLL: a kernel thread submits */
	int sqthread_poll_cpu; /* -1: anywhere; else IORING_SETUP_SQ_AFF there */
	bool hipri;	       /* IORING_SETUP_IOPOLL: polled completions */
	int nonvectored;       /* -1: READ/WRITE where the kernel has them, else READV/WRITEV; 0: READV/WRITEV; else READ/WRITE */
	/*
	 * backend=null's model device (backend_model.c): each I/O completes
	 * service_us after its service starts, at most @servers in service
	 * (0: not given, 1), the rest waiting in arrival order. service_us 0:
	 * null as ever, every I/O complete at once inside queue.
	 */
	unsigned int service_us;
	unsigned int servers;
	/*
	 * service_steps=S:US,...: from S seconds after the device's first
	 * I/O, service_us is US (a device whose speed steps mid-run); in
	 * rising order.
	 */
	unsigned int nsteps;
	/*
	 * service_steps_from=run (virtual_time=1 only): the steps count from
	 * the simulated clock's start (FR_VC_T0), which the built-in runner
	 * starts each point of a fiorion run where the last one ended: a
	 * device whose speed steps once in the middle of a whole run (the
	 * run's drift, on a known answer). Else from the device's first I/O.
	 */
	bool steps_from_run;
	struct backend_step {
		uint64_t at_ns;
		unsigned int us;
	} steps[BACKEND_MAX_STEPS];
	/*
	 * virtual_time=1: the model device's time, and the built-in
	 * runner's, is the simulated clock (fr_vclock.h).
	 */
	bool virtual_time;
	/*
	 * service_dist=fixed|exp|uniform: each I/O's service time drawn
	 * when its service starts, its mean the service_us of that moment
	 * (service_steps move it). service_seed=N seeds the draws
	 * (service_seed_set: given; else a fixed seed); each queue draws a
	 * stream of its own, from the seed and service_stream (not an
	 * option: the caller's name for the queue, fio's thread_number of
	 * its clone), so clones differ and a run repeats.
	 */
	enum backend_dist service_dist;
	bool service_seed_set;
	uint64_t service_seed;
	unsigned int service_stream;
};

/* The most servers a model device takes. */
#define BACKEND_MAX_SERVERS 65536u

/* fio's defaults: every option off, nonvectored decided by the kernel. */
#define BACKEND_CONF_DEFAULT ((struct backend_conf){ .sqthread_poll_cpu = -1, .nonvectored = -1 })

struct backend {
	const struct backend_ops *ops;
	const struct backend_conf *conf; /* NULL: BACKEND_CONF_DEFAULT */
	void *priv;			 /* backend state */
	unsigned int entries;		 /* most parts prepared or in flight at once */
};

struct backend_ops {
	const char *name;
	/*
	 * What to use instead when the kernel refuses this backend, for the
	 * advice in vio_init()'s error ("libaio or psync"); NULL when any
	 * other backend will do. Each backend knows its own alternatives, so
	 * the queue above names none.
	 */
	const char *fallback;
	/*
	 * True when prep() does the I/O itself and sets res before it
	 * returns (psync, null); submit and reap are then never called.
	 */
	bool sync;
	/*
	 * Required. Set up for @entries parts in flight. Returns 0, or a
	 * negative errno; -ENOSYS, -EPERM or -EINVAL mean the kernel refused
	 * the interface (io_uring disabled, aio limits).
	 */
	int (*init)(struct backend *be, unsigned int entries);
	/*
	 * Optional. init() failed with @err for @entries entries: when that
	 * is a limit the user can raise (locked memory, fs.aio-max-nr), say
	 * in @buf what the kernel refused and why, without the advice, and
	 * return true; vio_init() adds "raise it or use backend=<fallback>".
	 * False: the plain "the kernel refused it (<errno>)" fits.
	 */
	bool (*refusal)(int err, unsigned int entries, char *buf, size_t len);
	/*
	 * Required. Prepare @p for the next submit() (async) or do it now
	 * (sync). Returns 0, or -EBUSY when no submission slot is free.
	 */
	int (*prep)(struct backend *be, struct vio_part *p);
	/*
	 * Async only. Hand every prepared part to the kernel. Returns the
	 * number handed over (parts not taken stay prepared), or -errno;
	 * -EBUSY and -EAGAIN are back-pressure (none taken for now, try again
	 * after a reap), not failure.
	 */
	int (*submit)(struct backend *be);
	/*
	 * Async only. Wait until at least @min parts completed (0: do not
	 * wait; @t bounds the wait when not NULL), store up to @max of them
	 * in @out with res set. Returns the count, or -errno.
	 */
	int (*reap)(struct backend *be, unsigned int min, struct vio_part **out,
		    unsigned int max, const struct timespec *t);
	/*
	 * Optional, async only. Submit what is prepared and wait until at
	 * least @min parts completed, in one system call. Returns the number
	 * handed over or -errno, as submit(); completions are then collected
	 * by reap(min = 0).
	 */
	int (*submit_wait)(struct backend *be, unsigned int min);
	/*
	 * Optional. Register the LUNs' descriptors (@fds, indexed by LUN)
	 * or one buffer area with the kernel, so each I/O skips looking them
	 * up or pinning them. A failure only means "not registered".
	 */
	int (*register_files)(struct backend *be, const int *fds, unsigned int n);
	int (*register_buffers)(struct backend *be, void *base, size_t len);
	/* Required. Release what init() set up. */
	void (*exit)(struct backend *be);
};

extern const struct backend_ops backend_io_uring;
extern const struct backend_ops backend_libaio;
extern const struct backend_ops backend_psync;
extern const struct backend_ops backend_null;
/* backend=null with service_us: the model device (backend_model.c). */
extern const struct backend_ops backend_null_model;

/*
 * The model device's service-time draws: xoshiro256** seeded by
 * splitmix64 from @c's service_seed and service_stream (the same pair,
 * the same draws), and one service time of mean @mean_ns by @dist (ns,
 * rounded; fixed: @mean_ns).
 */
struct model_rng {
	uint64_t s[4];
};
void model_rng_seed(struct model_rng *r, const struct backend_conf *c);
uint64_t model_draw_ns(struct model_rng *r, enum backend_dist dist, uint64_t mean_ns);

/* The ops table named @name ("io_uring", "libaio", "psync", "null"), or NULL. */
const struct backend_ops *backend_find(const char *name);

/* "io_uring, libaio, psync, null", for messages. */
#define BACKEND_NAMES "io_uring, libaio, psync, null"

/*
 * The model device's stream of service times for a job named @name
 * (NULL: none) and its clone's fio thread number @number: the name's
 * FNV-1a hash mixed with the number, so each job of a file, each part
 * of a point (pNNN-...-partK) and each clone draws its own times, and
 * the same job the same ones.
 */
unsigned int be_stream(const char *name, unsigned int number);

#endif
