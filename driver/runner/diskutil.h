/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * diskutil.h -- the block devices under the LUNs, and what they did
 * while the runner ran: fio 3.33's "disk_util" (diskutil.c).
 *
 * A LUN that is a block device is that device; a regular file is on the
 * device of its file system (st_dev). A partition is counted as its
 * disk, as fio counts it; a device-mapper or md device also lists its
 * slaves, each as its own entry, and carries fio's aggr_* averages over
 * them. A file system without a device (tmpfs) has no entry. Counters
 * are the differences of /sys/block/.../stat between when the device was
 * added and du_stop(); util is io_ticks over the wall time between.
 */
#ifndef FIORION_DISKUTIL_H
#define FIORION_DISKUTIL_H

#include <stddef.h>
#include <stdint.h>

struct du_stat {
	uint64_t ios[2], merges[2], sectors[2], ticks[2], io_ticks, in_queue;
};

struct du_dev {
	char name[64];
	char *stat_path;
	unsigned int maj, min;
	struct du_stat start, delta; /* when added; the change to du_stop() */
	uint64_t t_start, t_end;     /* CLOCK_MONOTONIC ns */
	int master;		     /* index of the device it is a slave of, or -1 */
	unsigned int nslaves;
};

struct du_set {
	struct du_dev *dev;
	size_t n;
};

/*
 * Add the device under @path (and its slaves), and read its counters.
 * A path without a block device under it adds nothing.
 */
void du_add_path(struct du_set *s, const char *path);
void du_stop(struct du_set *s);
/* fio's util, 0..100. */
double du_util(const struct du_dev *d);
void du_free(struct du_set *s);

#endif
