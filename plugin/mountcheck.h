/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * mountcheck.h -- what block devices stand on a LUN, found by device
 * number and inode rather than by path, and the kernel's exclusive claim
 * on them, asked on a device node that exists.
 *
 * A LUN is reached by many paths: a hard link to an image, the image
 * through a bind-mounted folder, a loop device over a loop device, an
 * image attached in another mount namespace. Paths differ; the device
 * number and inode of the file a loop device reads (LOOP_GET_STATUS64)
 * do not. lunsafe.c asks mountinfo, holders/ and the exclusive open
 * about every device this finds.
 */
#ifndef FIORION_MOUNTCHECK_H
#define FIORION_MOUNTCHECK_H

#include <stdbool.h>
#include <sys/stat.h>
#include <sys/types.h>

#define MC_MAX_DEVS 256

struct mc_devs {
	dev_t dev[MC_MAX_DEVS];
	char name[MC_MAX_DEVS][64]; /* sysfs name: "sdb1", "loop3" */
	unsigned int n;
	unsigned int nown; /* the first nown: the LUN device and its partitions */
};

/*
 * Every block device that reads or writes the LUN whose stat is @st:
 * for a device, itself and its partitions; then, to the bottom of any
 * chain, each loop device whose backing file is one of those devices or
 * the LUN file itself (same device number and inode), with its
 * partitions.
 */
void mc_devices(const struct stat *st, struct mc_devs *d);

/*
 * Open block device @dev with @flags (O_RDONLY, O_EXCL...): through
 * /dev/block/MAJ:MIN or /dev/NAME when that node is the device, else
 * through a private node made for the call (mknod in a fresh folder,
 * removed at once) -- without udev /dev/block/ does not exist. Returns
 * the descriptor or -errno.
 */
int mc_open_dev(dev_t dev, const char *name, int flags);

/*
 * Whether the kernel holds @dev (an exclusive open fails with EBUSY: a
 * mount in any namespace, dm, md, LVM, another exclusive user), asked
 * for 100 ms. Devices this process holds itself (mc_hold(): also in a
 * thread of it, or in the process it was forked from), or that the
 * fiorion run above this fio holds (FIORION_HELD, checked against that
 * process's open files), are not counted.
 */
bool mc_claimed(dev_t dev, const char *name);

/*
 * Hold every device of @d exclusively until mc_release() or the exit of
 * this process and of the children it forks (they inherit the
 * descriptors): while held, a mount of it (or of a partition of it)
 * fails with EBUSY. Devices held already by this process or by the
 * fiorion run above it (FIORION_HELD) are skipped, so the threads of a
 * process, its forks and a fio under fiorion never refuse each other.
 * Thread-safe. Returns 0, or -errno with @name pointing at the device
 * that could not be claimed.
 */
int mc_hold(const struct mc_devs *d, const char **name);

/*
 * Whether this process took holds (mc_hold(), even of nothing: a LUN
 * file with no loop device over it), or the process it was forked from.
 */
bool mc_holding(void);

/*
 * The first loop device over the LUN in @d (past the LUN's own devices
 * and leaving out partitions: a hold of a whole device keeps its
 * partitions from being claimed by another) that neither this process
 * nor the fiorion run above it holds: one attached since the holds were
 * taken. Its name, or NULL.
 */
const char *mc_unheld(const struct mc_devs *d);

/*
 * Name this process's holds in FIORION_HELD ("PID:M:m,M:m") for the
 * programs it runs (fiorion's fio): a program started by exec keeps the
 * descriptors only if they are not close-on-exec, and these are, so it
 * finds the holds by this name and checks them against /proc/PID/fd.
 */
void mc_export(void);
void mc_release(void);

#endif
