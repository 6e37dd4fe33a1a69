/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * version.h -- fiorion's version, one place: the Makefile passes
 * -DFIORION_VERSION from its VERSION; a build without it says so.
 */
#ifndef FIORION_VERSION_H
#define FIORION_VERSION_H

#ifndef FIORION_VERSION
#define FIORION_VERSION "unknown"
#endif

#endif
