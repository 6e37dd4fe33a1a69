/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fr_sysblock.h -- a block device's folder in sysfs and the device number
 * written there: what the safety checks (plugin/lunsafe.c) and disk
 * statistics (driver/runner/diskutil.c) both need, and the queue's
 * limits the volume reads (plugin/vvol.c).
 */
#ifndef FIORION_FR_SYSBLOCK_H
#define FIORION_FR_SYSBLOCK_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* The device number in @dir/dev ("8:16"); false when there is none. */
bool fr_sysblock_devno(const char *dir, dev_t *dev);

/*
 * The number in @dev's queue/@attr (a partition's: its disk's, which
 * holds the queue); false when @dev has none (major 0: tmpfs, overlay)
 * or the file is not there.
 */
bool fr_sysblock_queue(dev_t dev, const char *attr, unsigned long long *val);

/* The number in @dev's own @attr (/sys/dev/block/M:m/@attr: a partition's "start"); false when not there. */
bool fr_sysblock_attr(dev_t dev, const char *attr, unsigned long long *val);

/* The sysfs folder of device @dev (/sys/dev/block/M:m, resolved) into @out. */
bool fr_sysblock_dir(dev_t dev, char *out, size_t len);

#endif
