/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * screen.h -- what fiorion prints on stdout before the points run, as
 * the ORION release of its layout prints it (orion.md 2.6, 2.10, 3.3):
 * the banner, and for a drop-in the banner before a fatal error.
 */
#ifndef FIORION_SCREEN_H
#define FIORION_SCREEN_H

#include <stdbool.h>
#include <time.h>

#include "layout.h"

struct opts;
struct mx_plan;
struct vvol;

/*
 * @dropin (run as orion, dropin_as_orion()): a fatal message (die_usage()
 * and its kind) is preceded on stdout by what of ORION's banner is not
 * printed yet, as every ORION prints its banner before its errors (seed
 * 000's "Parse error", 19c's .lun failure after the prefix line). Not a
 * drop-in: the error line alone, as fiorion's other messages.
 */
void screen_init(bool dropin);

/*
 * The options are read: the banner's head now includes the dated
 * layouts' prefix line, <name of @testname>_<YYYYMMDD>_<HHMM> for @start
 * (19c prints it before it opens the .lun file).
 */
void screen_named(const char *testname, enum or_compat c, time_t start);

/*
 * The banner of @o's layout: the head (banner line, prefix line), the
 * estimate and its cache line, 12.2's LUN list when -num_disks was given
 * (@num_disks_given), ORION's blank line, 19c's "Setting ftype=0". The
 * result block follows it when the points are done (pointloop.c).
 */
void screen_banner(const struct opts *o, const struct mx_plan *plan, const struct vvol *vv,
		   bool num_disks_given);

#endif
