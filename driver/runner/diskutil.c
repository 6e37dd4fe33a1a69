/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * diskutil.c -- fio's disk_util for the runner's LUNs (see diskutil.h).
 */
#include "diskutil.h"

#include <dirent.h>
#include <stdbool.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <time.h>
#include <unistd.h>

#include "fr_sysblock.h"

static uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* diskutil.c: get_io_ticks() -- the first 11 fields of .../stat. */
static int read_stat(const char *path, struct du_stat *st)
{
	unsigned long long v[11];
	unsigned int in_flight;
	FILE *f = fopen(path, "r");
	int n;

	if (!f)
		return -1;
	n = fscanf(f, "%llu %llu %llu %llu %llu %llu %llu %llu %u %llu %llu",
		   &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6], &v[7],
		   &in_flight, &v[9], &v[10]);
	fclose(f);
	if (n != 11)
		return -1;
	st->ios[0] = v[0];
	st->merges[0] = v[1];
	st->sectors[0] = v[2];
	st->ticks[0] = v[3];
	st->ios[1] = v[4];
	st->merges[1] = v[5];
	st->sectors[1] = v[6];
	st->ticks[1] = v[7];
	st->io_ticks = v[9];
	st->in_queue = v[10];
	return 0;
}

/* @a/@b into @out; false when it does not fit. */
static bool join(char *out, size_t n, const char *a, const char *b)
{
	int l = snprintf(out, n, "%s/%s", a, b);

	return l > 0 && (size_t)l < n;
}

static int find(const struct du_set *s, unsigned int maj, unsigned int min)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		if (s->dev[i].maj == maj && s->dev[i].min == min)
			return (int)i;
	return -1;
}

/* The device number in sysfs folder @dir, as major and minor; -1 when none. */
static int read_devno(const char *dir, unsigned int *maj, unsigned int *min)
{
	dev_t dev;

	if (!fr_sysblock_devno(dir, &dev))
		return -1;
	*maj = major(dev);
	*min = minor(dev);
	return 0;
}

/* Add the device whose sysfs folder is @dir; returns its index or -1. */
static int add_dir(struct du_set *s, const char *dir, int master)
{
	char p[PATH_MAX], *name;
	unsigned int maj, min;
	struct du_dev *d, *n;
	int idx;

	if (read_devno(dir, &maj, &min))
		return -1;
	idx = find(s, maj, min);
	if (idx >= 0)
		return idx;
	if (!join(p, sizeof(p), dir, "stat") || access(p, R_OK))
		return -1;
	n = realloc(s->dev, (s->n + 1) * sizeof(*s->dev));
	if (!n)
		return -1;
	s->dev = n;
	d = &s->dev[s->n];
	memset(d, 0, sizeof(*d));
	d->stat_path = strdup(p);
	if (!d->stat_path)
		return -1;
	name = strrchr(dir, '/');
	snprintf(d->name, sizeof(d->name), "%s", name ? name + 1 : dir);
	d->maj = maj;
	d->min = min;
	d->master = master;
	/* Counted from when it is added, as fio counts from the job's setup. */
	d->t_start = mono_ns();
	if (read_stat(d->stat_path, &d->start))
		memset(&d->start, 0, sizeof(d->start));
	idx = (int)s->n++;
	if (master >= 0)
		s->dev[master].nslaves++;
	return idx;
}

/* diskutil.c: find_add_disk_slaves() -- one level, as fio. */
static void add_slaves(struct du_set *s, const char *dir, int master)
{
	char p[PATH_MAX], real[PATH_MAX];
	struct dirent *e;
	DIR *d;

	if (!join(p, sizeof(p), dir, "slaves"))
		return;
	d = opendir(p);
	if (!d)
		return;
	while ((e = readdir(d))) {
		char q[PATH_MAX];

		if (e->d_name[0] == '.')
			continue;
		if (join(q, sizeof(q), p, e->d_name) && realpath(q, real))
			add_dir(s, real, master);
	}
	closedir(d);
}

void du_add_path(struct du_set *s, const char *path)
{
	char dir[PATH_MAX], p[PATH_MAX];
	unsigned int maj, min;
	struct stat st;
	int idx;

	if (stat(path, &st))
		return;
	if (!S_ISBLK(st.st_mode) && !S_ISREG(st.st_mode))
		return;
	if (!fr_sysblock_dir(S_ISBLK(st.st_mode) ? st.st_rdev : st.st_dev, dir, sizeof(dir)))
		return; /* no block device: tmpfs, NFS, ... */
	/* A partition: count its disk, as fio does. */
	if (join(p, sizeof(p), dir, "partition") && !access(p, F_OK)) {
		char *slash = strrchr(dir, '/');

		if (slash)
			*slash = '\0';
	}
	if (read_devno(dir, &maj, &min) || find(s, maj, min) >= 0)
		return;
	idx = add_dir(s, dir, -1);
	if (idx >= 0)
		add_slaves(s, dir, idx);
}

static uint64_t sub(uint64_t b, uint64_t a)
{
	return b >= a ? b - a : 0; /* counters of a device removed and re-added */
}

void du_stop(struct du_set *s)
{
	size_t i;

	for (i = 0; i < s->n; i++) {
		struct du_dev *d = &s->dev[i];
		struct du_stat now;
		int k;

		d->t_end = mono_ns();
		if (read_stat(d->stat_path, &now)) {
			memset(&d->delta, 0, sizeof(d->delta));
			continue;
		}
		for (k = 0; k < 2; k++) {
			d->delta.ios[k] = sub(now.ios[k], d->start.ios[k]);
			d->delta.merges[k] = sub(now.merges[k], d->start.merges[k]);
			d->delta.sectors[k] = sub(now.sectors[k], d->start.sectors[k]);
			d->delta.ticks[k] = sub(now.ticks[k], d->start.ticks[k]);
		}
		d->delta.io_ticks = sub(now.io_ticks, d->start.io_ticks);
		d->delta.in_queue = sub(now.in_queue, d->start.in_queue);
	}
}

/* stat.c: json_array_add_disk_util() -- io_ticks over the ms measured. */
double du_util(const struct du_dev *d)
{
	uint64_t ms = sub(d->t_end, d->t_start) / 1000000;
	double u;

	if (!ms)
		return 0;
	u = 100.0 * (double)d->delta.io_ticks / (double)ms;
	return u > 100.0 ? 100.0 : u;
}

void du_free(struct du_set *s)
{
	size_t i;

	for (i = 0; i < s->n; i++)
		free(s->dev[i].stat_path);
	free(s->dev);
	s->dev = NULL;
	s->n = 0;
}
