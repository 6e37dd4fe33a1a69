/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * beconf.c -- fio's io_uring options checked against the volume before
 * any I/O, each refusal naming the option and the reason.
 */
#include "beconf.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <libgen.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

const char *beconf_first_set(const struct backend_conf *c)
{
	if (c->fixedbufs)
		return "fixedbufs";
	if (c->registerfiles)
		return "registerfiles";
	if (c->sqthread_poll)
		return "sqthread_poll";
	if (c->sqthread_poll_cpu >= 0)
		return "sqthread_poll_cpu";
	if (c->hipri)
		return "hipri";
	if (c->nonvectored != -1)
		return "nonvectored";
	return NULL;
}

/* The first line of a sysfs file, or "" when it cannot be read. */
static void sysfs_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "re");

	buf[0] = '\0';
	if (f) {
		if (!fgets(buf, (int)len, f))
			buf[0] = '\0';
		fclose(f);
	}
	buf[strcspn(buf, "\n")] = '\0';
}

int beconf_lun_polls(const char *path, int fd, char *why, size_t len)
{
	char sys[128], val[32], link[256], name[256] = "?";
	struct stat st;
	dev_t dev;
	ssize_t n;

	if (fstat(fd, &st)) {
		snprintf(why, len, "'%s' cannot be examined (%s)", path, strerror(errno));
		return 0;
	}
	dev = S_ISBLK(st.st_mode) ? st.st_rdev : st.st_dev;
	if (!major(dev)) {
		snprintf(why, len, "'%s' is a file on a filesystem with no block device under it (tmpfs, overlay, a network filesystem)", path);
		return 0;
	}
	snprintf(sys, sizeof(sys), "/sys/dev/block/%u:%u", major(dev), minor(dev));
	n = readlink(sys, link, sizeof(link) - 1);
	if (n > 0) {
		link[n] = '\0';
		snprintf(name, sizeof(name), "%s", basename(link));
	}
	/* A partition has no queue of its own: its disk's. */
	snprintf(sys, sizeof(sys), "/sys/dev/block/%u:%u/queue/io_poll", major(dev), minor(dev));
	if (access(sys, R_OK))
		snprintf(sys, sizeof(sys), "/sys/dev/block/%u:%u/../queue/io_poll", major(dev), minor(dev));
	sysfs_line(sys, val, sizeof(val));
	if (!strcmp(val, "1"))
		return 1;
	snprintf(why, len, "'%s' is on %s (%u:%u), which has no poll queues (%s: %s)", path, name,
		 major(dev), minor(dev), sys, *val ? val : "not there");
	return 0;
}

static int check_cpu(int cpu, struct fr_err *err)
{
	cpu_set_t set;

	if (sched_getaffinity(0, sizeof(set), &set) || cpu >= CPU_SETSIZE || !CPU_ISSET(cpu, &set))
		return fr_errf(err, -EINVAL,
			       "sqthread_poll_cpu=%d: not a CPU this process may run on (%d online; see taskset -p, cpus_allowed)",
			       cpu, (int)sysconf(_SC_NPROCESSORS_ONLN));
	return 0;
}

int beconf_parse_steps(const char *v, struct backend_conf *c)
{
	struct backend_step st[BACKEND_MAX_STEPS];
	unsigned int n = 0;
	const char *p = v;

	if (!v || !*v)
		return -EINVAL;
	while (*p) {
		char *end;
		double s;
		unsigned long us;

		if (n == BACKEND_MAX_STEPS || !isdigit((unsigned char)*p))
			return -EINVAL;
		errno = 0;
		s = strtod(p, &end);
		if (errno || *end != ':' || !(s >= 0 && s < 1e9) || !isdigit((unsigned char)end[1]))
			return -EINVAL;
		us = strtoul(end + 1, &end, 10);
		if (errno || !us || us > INT32_MAX || (*end && *end != ','))
			return -EINVAL;
		st[n].at_ns = (uint64_t)(s * 1e9 + 0.5);
		st[n].us = (unsigned int)us;
		if (n && st[n].at_ns <= st[n - 1].at_ns)
			return -EINVAL;
		n++;
		p = *end ? end + 1 : end;
		if (*end && !*p)
			return -EINVAL;
	}
	memcpy(c->steps, st, n * sizeof(st[0]));
	c->nsteps = n;
	return 0;
}

static const char *const dist_names[] = {
	[BACKEND_DIST_FIXED] = "fixed",
	[BACKEND_DIST_EXP] = "exp",
	[BACKEND_DIST_UNIFORM] = "uniform",
};

int beconf_parse_dist(const char *v, struct backend_conf *c)
{
	unsigned int i;

	for (i = 0; v && i < sizeof(dist_names) / sizeof(dist_names[0]); i++) {
		if (!strcmp(v, dist_names[i])) {
			c->service_dist = (enum backend_dist)i;
			return 0;
		}
	}
	return -EINVAL;
}

int beconf_parse_steps_from(const char *v, struct backend_conf *c)
{
	if (v && !strcmp(v, "run"))
		c->steps_from_run = true;
	else if (v && !strcmp(v, "device"))
		c->steps_from_run = false;
	else
		return -EINVAL;
	return 0;
}

int beconf_parse_seed(const char *v, struct backend_conf *c)
{
	unsigned long long n;
	char *end;

	/* strtoull takes "-1" and " 1": only digits (0x for hex). */
	if (!v || !isdigit((unsigned char)*v))
		return -EINVAL;
	errno = 0;
	n = strtoull(v, &end, 0);
	if (errno || *end)
		return -EINVAL;
	c->service_seed = n;
	c->service_seed_set = true;
	return 0;
}

/* The first option of the model device @c sets, or NULL. */
static const char *model_first_set(const struct backend_conf *c)
{
	if (c->service_us)
		return "service_us";
	if (c->servers)
		return "servers";
	if (c->nsteps)
		return "service_steps";
	if (c->steps_from_run)
		return "service_steps_from";
	if (c->service_dist != BACKEND_DIST_FIXED)
		return "service_dist";
	if (c->service_seed_set)
		return "service_seed";
	if (c->virtual_time)
		return "virtual_time";
	return NULL;
}

/* service_dist and service_seed, on a model device (service_us given). */
static int check_dist(const struct backend_conf *c, struct fr_err *err)
{
	if ((unsigned int)c->service_dist >= sizeof(dist_names) / sizeof(dist_names[0]))
		return fr_errf(err, -EINVAL, "service_dist: give fixed, exp or uniform");
	if (c->service_seed_set && c->service_dist == BACKEND_DIST_FIXED)
		return fr_errf(err, -EINVAL,
			       "service_seed=%" PRIu64 ": it seeds the draws of random service times, and with service_dist=fixed (the default) none is drawn; add service_dist=exp or uniform, or leave it out",
			       c->service_seed);
	return 0;
}

/* service_us, servers, service_steps, service_dist, service_seed, virtual_time: backend=null's model device only. */
static int check_model(const struct backend_conf *c, const char *backend, struct fr_err *err)
{
	const char *first = model_first_set(c), *be = backend ? backend : "io_uring";

	if (!first)
		return 0;
	if (strcmp(be, "null") && c->virtual_time)
		return fr_errf(err, -EINVAL,
			       "virtual_time=1: a simulated clock for backend=null's model device (service_us=D), which backend=%s does not have (it does real I/O in real time); use backend=null service_us=D or leave it out",
			       be);
	if (strcmp(be, "null"))
		return fr_errf(err, -EINVAL,
			       "%s: an option of backend=null's model device, which backend=%s does not have (it does real I/O); use backend=null or leave it out",
			       first, be);
	if (!c->service_us && c->virtual_time)
		return fr_errf(err, -EINVAL,
			       "virtual_time=1: the simulated clock advances with the model device's service times; give service_us=D (without it backend=null completes every I/O at once, in no time)");
	if (!c->service_us && c->nsteps)
		return fr_errf(err, -EINVAL,
			       "service_steps: steps of the model device's service_us; give service_us=D for the time before the first step");
	if (c->steps_from_run && (!c->nsteps || !c->virtual_time))
		return fr_errf(err, -EINVAL,
			       "service_steps_from=run: service_steps counted from a run's start on the simulated clock; give service_steps=S:US and virtual_time=1, or leave it out");
	if (!c->service_us && (c->service_dist != BACKEND_DIST_FIXED || c->service_seed_set))
		return fr_errf(err, -EINVAL,
			       "%s: random service times of mean service_us; give service_us=D (without it backend=null completes every I/O at once)",
			       c->service_dist != BACKEND_DIST_FIXED ? "service_dist" : "service_seed");
	if (!c->service_us)
		return fr_errf(err, -EINVAL,
			       "servers=%u: the model device's servers each serve an I/O for service_us; give service_us=D (without it backend=null completes every I/O at once)",
			       c->servers);
	if (c->servers > BACKEND_MAX_SERVERS)
		return fr_errf(err, -EINVAL, "servers=%u: at most %u", c->servers, BACKEND_MAX_SERVERS);
	return check_dist(c, err);
}

int beconf_check(const struct backend_conf *c, const char *backend,
		 const struct vvol *vv, struct fr_err *err)
{
	const char *first = beconf_first_set(c);
	unsigned int i;

	if (check_model(c, backend, err))
		return -EINVAL;
	if (!first)
		return 0;
	if (backend && strcmp(backend, "io_uring"))
		return fr_errf(err, -EINVAL,
			       "%s: an option of fio's io_uring engine, which backend=%s does not have; use backend=io_uring or leave it out",
			       first, backend);
	if (c->sqthread_poll_cpu >= 0 && !c->sqthread_poll)
		return fr_errf(err, -EINVAL,
			       "sqthread_poll_cpu=%d: it places the kernel's submission thread, which only sqthread_poll starts; add sqthread_poll",
			       c->sqthread_poll_cpu);
	if (c->sqthread_poll_cpu >= 0 && check_cpu(c->sqthread_poll_cpu, err))
		return -EINVAL;
	if (!c->hipri)
		return 0;
	if (!(vv->open_flags & VVOL_DIRECT))
		return fr_errf(err, -EINVAL,
			       "hipri: polled completions need direct=1 (the page cache is not polled)");
	for (i = 0; i < vv->nluns; i++) {
		char why[512];

		if (!beconf_lun_polls(vv->luns[i].path, vv->luns[i].fd, why, sizeof(why)))
			return fr_errf(err, -EINVAL,
				       "hipri: polled completions need a block device with poll queues (NVMe: the nvme module's poll_queues=N); LUN %u %s",
				       i + 1, why);
	}
	return 0;
}
