/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pointhold.h -- the LUNs of a writing run held around every point: a
 * loop device attached over a LUN between points is held before the next
 * one; one attached during a point fails that point.
 *
 * fiorion holds every device under the LUNs once, before the first
 * write (lunsafe.h): a mount of them fails with EBUSY. What is not
 * there then cannot be held: a loop device attached later over a LUN
 * file (or over a LUN device: the hold of a device does not keep a loop
 * over it from being claimed). Before each point such a loop device is
 * held too (refused as in use when it is mounted already); after each
 * point one attached meanwhile is found, and the point is not counted:
 * what uses that loop device may have been overwritten, and the I/O
 * measured was not the LUN's alone. One attached and detached again
 * within a point is not seen.
 */
#ifndef FIORION_POINTHOLD_H
#define FIORION_POINTHOLD_H

struct fr_err;
struct vvol;

/*
 * Hold @vv's LUNs for the run (vvol_hold()) and keep @vv for the checks
 * below (it must outlive them). 0, or -errno (-FR_ESAFETY: in use) and
 * @err.
 */
int ph_hold(const struct vvol *vv, struct fr_err *err);

/*
 * Before a point: hold what is over the LUNs now. 0 when nothing was
 * held with ph_hold() (a read-only run) or all is held; -FR_ESAFETY
 * (a loop device mounted over a LUN since) or -errno, with @err.
 */
int ph_renew(struct fr_err *err);

/*
 * After a point whose result is @json (@failed: nonzero when the point
 * failed already): a loop device over a LUN that the holds do not cover
 * fails it -- its JSON renamed @json.failed if it was counted, and the
 * reason added to *@why (malloc()ed, or NULL). Returns @failed, or -1
 * when this check failed a point that had passed.
 */
int ph_after(const char *json, int failed, char **why);

#endif
