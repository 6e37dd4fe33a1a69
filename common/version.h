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

/*
 * The engine file carries FIORION_ENGINE_IDENT FIORION_VERSION as a
 * string (a what(1) mark), so that fiorion -runner fio can record the
 * version of the engine file fio loads without loading it: the file
 * exports nothing but fio's ops table. The first such mark in the file is
 * its version.
 */
#define FIORION_ENGINE_IDENT "@(#)fiorion-engine "

/* "fio-3.33": the fio release whose headers the engine was built with. */
#ifndef FIORION_FIO_VERSION
#define FIORION_FIO_VERSION "unknown"
#endif

/*
 * What a mismatch of the installed fio and FIORION_FIO_VERSION breaks and
 * how to mend it (-version of both programs; README: "A new fio
 * release"): one printf argument, the installed release.
 */
#define FIORION_REBUILD_HINT \
	"fio refuses to load the engine, so -runner fio, -clients and job files that load it fail " \
	"(the built-in runner and fio2orion are not affected). Rebuild against %s, in fiorion's " \
	"source tree: 'make deps && make && make install'; for the Debian package: 'make deps && " \
	"dpkg-buildpackage -us -uc -b && apt-get install ../fiorion_*.deb' (README: A new fio release)"

#endif
