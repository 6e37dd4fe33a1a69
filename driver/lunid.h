/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * lunid.h -- the volume measured is the volume described: the LUN list
 * (the .lun file every point reads again) and each LUN's size and
 * identity when the run began, checked before every point and by
 * -resume.
 */
#ifndef FIORION_LUNID_H
#define FIORION_LUNID_H

#include <stddef.h>

/*
 * Write @jobs_dir/luns.id: @lunfile, the .lun file (absolute) that lists
 * @vv's LUNs for the engine (NULL: none, a luns= list), and for each LUN
 * of @vv, in order, its path, size in bytes and identity -- a file's
 * device number and inode, a block device's number and disk sequence
 * number (diskseq: a new one for every device attached, a loop device
 * re-attached included). Returns 0 or -errno with @err filled.
 */
struct fr_err;
struct vvol;
int lunid_write(const char *jobs_dir, const struct vvol *vv, const char *lunfile,
		struct fr_err *err);

/*
 * @jobs_dir/luns.id against now: 0 when its .lun file lists the same
 * LUNs in the same order (paths as written, blanks and empty lines
 * aside) and every one is the same file or device at the same size;
 * else -ESTALE with @err naming the .lun file and the first difference
 * ("/x/t.lun: LUN 1 is now '/x/b', was '/x/a' when the run began",
 * "/x/t.lun: names 2 LUNs now, 1 when the run began (LUN 2 '/x/b' is
 * new)"), or the LUN and what changed ("LUN '/x/a' changed size: ...",
 * "... is another file now ..."). A run without luns.id (written by an
 * earlier fiorion) has nothing to check, one without a .lun file in it
 * only its LUNs: 0.
 */
int lunid_check(const char *jobs_dir, struct fr_err *err);

#endif
