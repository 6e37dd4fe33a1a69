/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * backed.h -- LUNs read from their devices, not from the page cache.
 */
#ifndef FIORION_BACKED_H
#define FIORION_BACKED_H

#include "cli.h"
#include "vvol.h"

/*
 * Every LUN must be read from its device: a sparse or preallocated file
 * returns zeros from the page cache without touching it. -prefill writes
 * over each file LUN first (a device only with -force_write, and never a
 * mounted or held one); else such a LUN is refused (exit 2), or, when
 * every point only writes (which allocates), named in a warning.
 */
void backed_luns(const struct vvol *vv, const struct opts *o);

#endif
