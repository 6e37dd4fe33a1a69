/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * lunsafe.h -- before a LUN is written: is anything on it that the user
 * did not name? fio refuses to write a mounted device
 * (allow_mounted_write); the engine presents a diskless volume to fio,
 * so fio's check never sees the LUNs, and this is where it is done, for
 * both runners and for stock fio alike.
 */
#ifndef FIORION_LUNSAFE_H
#define FIORION_LUNSAFE_H

#include <stdbool.h>

#include "fr_err.h"

/*
 * Check LUN @path before it is written. Refused (-FR_ESAFETY, @err naming
 * the LUN and what is on it):
 *  - mounted: the device, a partition of it, or a loop device over the
 *    file, is in /proc/self/mountinfo ("mounted on /srv (ext4)");
 *  - held: another device is built on it (dm, md, LVM: its holders/) or
 *    the kernel refuses an exclusive open (EBUSY);
 *  - carrying a partition table or a filesystem, RAID or LVM signature
 *    (libblkid), unless @allow_signatures.
 * Mounted and held LUNs are refused whatever @allow_signatures says (as
 * fio's allow_mounted_write is separate from its other checks). A LUN
 * that cannot be probed (permissions) is left to the open that follows.
 */
int lun_check_writable(const char *path, bool allow_signatures, struct fr_err *err);

/*
 * Hold the block devices under LUN @path exclusively (itself and its
 * partitions for a device, the loop devices over it for either) until
 * lun_release_all() or the exit of this process and of the children it
 * forks, so that nothing mounts them while it is written: such a mount
 * fails with EBUSY. The checks above, in this process, its threads and
 * forks, do not count these holds as a user. Refused (-FR_ESAFETY) when
 * something holds one already. A LUN file with no loop device over it
 * has nothing to hold; the check at each point's open is then all there
 * is. lun_hold() also names the holds in FIORION_HELD, for a fio that
 * this process starts (mountcheck.h); lun_hold_here() does not (stock
 * fio's parent: its job processes are forks).
 */
int lun_hold(const char *path, struct fr_err *err);
int lun_hold_here(const char *path, struct fr_err *err);
/*
 * After a LUN held above was written: -FR_ESAFETY with @err naming it
 * when a loop device over it (a file's, or a device's) is there that
 * the holds do not cover -- attached after they were taken, so a mount
 * of it was not kept out. 0 when this process holds nothing. A loop
 * device attached and detached again in between is not seen.
 */
int lun_check_held(const char *path, struct fr_err *err);
void lun_release_all(void);

/*
 * Whether every byte of LUN @path would be read from its device. A
 * regular file with holes (SEEK_HOLE) or with preallocated but never
 * written extents (FIEMAP_EXTENT_UNWRITTEN: fallocate) is read from
 * nowhere: the kernel returns zeros without touching the device. 1 and
 * @what filled ("sparse: its first hole is at byte 0 of 1073741824"),
 * 0 for a device or a file written throughout, or a negative errno.
 */
int lun_unbacked(const char *path, char *what, unsigned long len);

/*
 * Write incompressible bytes over the whole of LUN @path (its size kept),
 * then fsync: every later read reaches the device. @progress (may be
 * NULL) is called after every 64 MiB with the bytes done and the total.
 */
int lun_prefill(const char *path, void (*progress)(const char *path, unsigned long long done, unsigned long long total),
		struct fr_err *err);

#endif
