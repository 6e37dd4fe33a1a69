/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * locate.h -- the engine file and the backend the points run on.
 */
#ifndef FIORION_LOCATE_H
#define FIORION_LOCATE_H

#include <stdbool.h>

#include "jobfile.h"

/* The engine's installed name, in $(libdir)/fio as fio's own engines. */
#define ENGINE_FILE "fio-fiorion.so"

/* @p made absolute (realpath), or a copy of it when it does not exist. */
char *absolute(const char *p);
/*
 * The engine: -engine @given, next to this program, <bindir>/../lib/fio,
 * the libdir compiled in;
 * @installed: only where an install puts it (its path on other hosts).
 */
char *find_engine(const char *given, bool installed);
/* BK_DEFAULT when io_uring works, else the first backend the kernel accepts (with a note). */
enum bk_backend pick_backend(void);

#endif
