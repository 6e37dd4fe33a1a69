/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * locate.h -- the engine file and the backend the points run on.
 */
#ifndef FIORION_LOCATE_H
#define FIORION_LOCATE_H

#include <stdbool.h>
#include <stddef.h>

#include "jobfile.h"
#include "runinfo.h"

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
/*
 * BK_DEFAULT when io_uring works, else the first backend the kernel
 * accepts (with a note); a fallback is recorded in @ri (run.json's
 * backend_asked and backend_note, malloc()ed).
 */
enum bk_backend pick_backend(struct ri_run *ri);
/*
 * The version engine file @path carries (version.h's FIORION_ENGINE_IDENT
 * mark) into @buf; "" when the file cannot be read or has no mark (an
 * engine older than the mark).
 */
void engine_file_version(const char *path, char *buf, size_t len);

#endif
