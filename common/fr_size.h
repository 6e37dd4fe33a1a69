/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fr_size.h -- fio's size syntax, strictly: a whole number with an
 * optional k, m, g, t or p suffix (base 1024, as fio's kb_base default),
 * optionally followed by "b" or "ib" ("64k", "1MiB", "4096").
 */
#ifndef FIORION_FR_SIZE_H
#define FIORION_FR_SIZE_H

#include <stdint.h>

/* Returns 0 and the bytes in *@out, or -EINVAL (also on overflow). */
int fr_parse_size(const char *s, uint64_t *out);

#endif
