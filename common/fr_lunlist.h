/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fr_lunlist.h -- the one parser of a list of LUNs: a .lun file (one
 * path per line) or a luns=/filename= option (paths joined by ':').
 * Blanks around each entry are trimmed (spaces, tabs, CR); empty
 * entries are skipped; a path is otherwise taken as written.
 */
#ifndef FIORION_FR_LUNLIST_H
#define FIORION_FR_LUNLIST_H

#include <stddef.h>

/*
 * Call @fn for each entry of @text split at @sep ('\n' or ':'), with its
 * start, length (not NUL-terminated) and 1-based line (entry) number.
 * Stops at the first non-zero return of @fn and returns it; else 0.
 */
int fr_lunlist_each(const char *text, char sep,
		    int (*fn)(void *arg, const char *name, size_t len, unsigned int line),
		    void *arg);

#endif
