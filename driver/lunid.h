/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * lunid.h -- the volume measured is the volume described: each LUN's
 * size and identity when the run began, checked before every point and
 * by -resume.
 */
#ifndef FIORION_LUNID_H
#define FIORION_LUNID_H

#include <stddef.h>

/*
 * Write @jobs_dir/luns.id: for each LUN of @vv, its size in
 * bytes and its identity -- a file's device number and inode, a block
 * device's number and disk sequence number (diskseq: a new one for every
 * device attached, a loop device re-attached included). Returns 0 or
 * -errno with @err filled.
 */
struct fr_err;
struct vvol;
int lunid_write(const char *jobs_dir, const struct vvol *vv, struct fr_err *err);

/*
 * Each LUN of @jobs_dir/luns.id as it is now: 0 when every one is the
 * same file or device at the same size; else -ESTALE with @err naming
 * the LUN and what changed ("its size went from 67108864 to 1048576
 * bytes", "it is another file now"). A run without luns.id (written by
 * an earlier fiorion) has nothing to check: 0.
 */
int lunid_check(const char *jobs_dir, struct fr_err *err);

#endif
