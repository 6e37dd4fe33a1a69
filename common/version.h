/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * version.h -- fiorion's version, one place (the Makefile and
 * debian/changelog follow it); the Makefile passes -DFIORION_FIO_VERSION
 * from FIO_SRC's FIO-VERSION-GEN (the fio release the engine is built
 * against); a build without it says so.
 */
#ifndef FIORION_VERSION_H
#define FIORION_VERSION_H

#define FIORION_VERSION "0.1"

/* "fio-3.33": the fio release whose headers the engine was built with. */
#ifndef FIORION_FIO_VERSION
#define FIORION_FIO_VERSION "unknown"
#endif

#endif
