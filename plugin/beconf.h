/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * beconf.h -- whether fio's io_uring options (struct backend_conf) can
 * do what they say on this volume, checked before any I/O: only
 * backend=io_uring takes them; hipri needs direct=1 and every LUN on a
 * block device with poll queues; sqthread_poll_cpu needs sqthread_poll
 * and a CPU this process may run on; service_us and servers (the model
 * device) only backend=null, servers only with service_us; service_steps,
 * service_dist, service_seed and virtual_time only with service_us,
 * service_seed only with a random service_dist.
 */
#ifndef FIORION_BECONF_H
#define FIORION_BECONF_H

#include "backend.h"
#include "fr_err.h"
#include "vvol.h"

/* The name of the first io_uring option @c sets, or NULL when none is. */
const char *beconf_first_set(const struct backend_conf *c);

/*
 * 0, or -EINVAL with @err naming the option and the reason. @vv must be
 * vvol_open()ed (hipri looks at each LUN and at direct=1).
 */
int beconf_check(const struct backend_conf *c, const char *backend,
		 const struct vvol *vv, struct fr_err *err);

/*
 * service_steps=S:US[,S:US...] into @c (its nsteps and steps): S seconds
 * (a decimal number) after the device's first I/O, US microseconds of
 * service from then on, times rising, US from 1. -EINVAL when @v is not
 * that, @c untouched.
 */
int beconf_parse_steps(const char *v, struct backend_conf *c);

/*
 * service_dist=fixed|exp|uniform into @c's service_dist. -EINVAL when
 * @v is none of them, @c untouched.
 */
int beconf_parse_dist(const char *v, struct backend_conf *c);

/*
 * service_seed=N into @c (its service_seed, service_seed_set): a whole
 * number, 0 to 2^64-1 (0x for hex). -EINVAL when @v is not, @c untouched.
 */
int beconf_parse_seed(const char *v, struct backend_conf *c);

/* service_steps_from=run|device into @c (steps_from_run); -EINVAL otherwise. */
int beconf_parse_steps_from(const char *v, struct backend_conf *c);

/*
 * Whether the block device under @path (a device, or the filesystem's
 * device for a file) completes polled I/O: 1 yes, 0 no with @why saying
 * what it is and why not.
 */
int beconf_lun_polls(const char *path, int fd, char *why, size_t len);

#endif
