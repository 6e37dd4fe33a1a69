/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * outdir.h -- the folder ORION's files are written into.
 */
#ifndef FIORION_OUTDIR_H
#define FIORION_OUTDIR_H

#include <stdbool.h>
#include <stddef.h>

#include "fr_err.h"

/*
 * Make the output folder @path with its missing parents (mode 0777 less
 * the umask, as mkdir -p). An existing folder is fine. Returns 0, or a
 * negative errno with @err naming the component that is not a folder or
 * could not be made, and why.
 */
int or_make_dir(const char *path, struct fr_err *err);

#endif
