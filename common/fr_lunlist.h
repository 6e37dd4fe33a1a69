/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fr_lunlist.h -- the one parser of a list of LUNs: a .lun file (one
 * path per line) or a luns= option (paths joined by ':'), and fio's
 * filename= (its own rule, fr_lunlist_fio()). In the first two, blanks
 * around each entry are trimmed (spaces, tabs, CR); empty entries are
 * skipped; a path is otherwise taken as written.
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

/*
 * fio's own split of a filename= value (options.c: str_filename_cb() and
 * get_next_str()), for a runner that must name the files fio would: the
 * value loses its leading and trailing blanks and ends at a ';' or '#'
 * (parse.c: strip_blank_end()); names are separated by ':', a "\:" is a
 * ':' inside a name (its backslash dropped), a ':' that starts what is
 * left is skipped, and the list ends at the first empty name. A name is
 * otherwise taken whole, blanks and all. Calls @fn as fr_lunlist_each()
 * does (the entry number counts names); -ENOMEM when the copy it splits
 * cannot be made.
 */
int fr_lunlist_fio(const char *text,
		   int (*fn)(void *arg, const char *name, size_t len, unsigned int line),
		   void *arg);

#endif
