/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fr_file.h -- whole files in and out: the one reader the job file, .lun
 * and JSON readers share, and the atomic writer every output goes
 * through (a temporary file in the same folder, renamed over the name:
 * a reader sees the old file or the new one, never half of one).
 */
#ifndef FIORION_FR_FILE_H
#define FIORION_FR_FILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "fr_err.h"

enum {
	FR_READ_REGULAR = 1, /* refuse pipes and devices (a regular file only) */
	FR_READ_TEXT = 2,    /* refuse NUL bytes */
};

/*
 * Read all of @path into a NUL-terminated buffer (*@out, free()d by the
 * caller; *@len bytes without the NUL). @what names the file in
 * messages ("lun file" gives "cannot open lun file 'x': ..."; NULL
 * gives "cannot open 'x': ..."). A folder is refused; so is a file of
 * more than @max bytes (0: no limit). Returns 0 or a negative errno.
 */
int fr_read_file(const char *path, const char *what, size_t max, int flags,
		 char **out, size_t *len, struct fr_err *err);

/*
 * Write @len bytes of @data to @path atomically (mode 0644): a temporary
 * file beside it, flushed to the device (fsync), renamed over the name,
 * and the folder flushed: after a crash or power loss the name holds the
 * old file or the new one, never an empty or half one. A character
 * device or FIFO there (/dev/null, /dev/stdout) is written through, not
 * replaced; a block device or other special file is refused.
 */
int fr_write_atomic(const char *path, const char *data, size_t len,
		    struct fr_err *err);

/*
 * A set of files written as one (ORION's summary, CSVs and trace): each
 * staged to a flushed temporary file, then all renamed at once by
 * fr_stage_commit(). A failure while staging leaves every name as it
 * was (fr_stage_abort() removes the temporaries).
 */
struct fr_stage {
	char **path, **tmp;
	size_t n;
};

int fr_stage_file(struct fr_stage *st, const char *path, const char *data, size_t len,
		  struct fr_err *err);
/*
 * As fr_stage_file(), the contents written by @fn(f, @ctx) straight to
 * the temporary file (no copy in memory); a write that fails is reported
 * as fr_stage_file() reports it.
 */
int fr_stage_stream(struct fr_stage *st, const char *path, void (*fn)(FILE *f, const void *ctx),
		    const void *ctx, struct fr_err *err);
/* @from's staged files appended to @st's (in order), @from emptied; on -ENOMEM @from is aborted. */
int fr_stage_join(struct fr_stage *st, struct fr_stage *from, struct fr_err *err);
int fr_stage_commit(struct fr_stage *st, struct fr_err *err);
void fr_stage_abort(struct fr_stage *st);

/*
 * Create @path new for writing: whatever has that name (an earlier
 * attempt's file, a symlink planted there) is removed first, never
 * followed or truncated. Returns the descriptor (O_CLOEXEC) or -errno.
 * Async-signal-safe: a forked child may call it before exec.
 */
int fr_create_new(const char *path);

#endif
