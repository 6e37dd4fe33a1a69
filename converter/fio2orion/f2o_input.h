/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * f2o_input.h -- fio2orion's inputs as scripts give them: a file, "-"
 * (standard input) or any readable stream (a pipe, a FIFO, <(...)),
 * compressed or not, or a folder.
 *
 * A compressed input is known by its first bytes, whatever its name:
 * gzip (1f 8b, zlib), xz (fd 37 7a 58 5a 00, liblzma) and zstd (28 b5 2f
 * fd, libzstd), several concatenated members or frames included.
 *
 * A folder is resolved here, once, for every option that takes results
 * (plain conversion, -export, each run of -compare):
 *  - a run's folder, fiorion's <testname>_jobs/ (it holds run.json):
 *    run.json, then its points by name (pNNN.json, -repeat's
 *    pNNN.rK.json), then -run curve's curve/pNNN.json; fiorion's own
 *    files there (job files, fio's logs, luns.id, a point's .err, .out,
 *    .skip, .json.part) are passed over without a word, any other entry
 *    is named in a note;
 *  - an output folder (one holding a run's folder as <testname>_jobs/):
 *    that run's folder, as above; several such runs are an error naming
 *    two of them;
 *  - any other folder: every regular file in it, by name (strcmp), other
 *    entries (a sub-folder, ...) named in a note.
 * A file so found is read (decompressed) and taken when its first
 * document starts like fio's ("fio version") or fiorion's run.json
 * ("fiorion"), else named in a note and skipped; a folder with no fio
 * JSON is an error naming it. Devices and a terminal on standard input
 * are refused.
 */
#ifndef FIORION_F2O_INPUT_H
#define FIORION_F2O_INPUT_H

#include <stdbool.h>
#include <stddef.h>

#include "fr_err.h"

/*
 * The most bytes of one input held in memory (standard input, a pipe or
 * FIFO, compressed data once decompressed, a file the stream reader gave
 * back), past which it is refused: 1 GiB, what a machine of 2 GB survives
 * and as much as the largest fio result docs/architecture.md meets (a
 * month of points, 1 GiB of json+). Reading stops once it is passed: a
 * bomb or an endless pipe costs 1 GiB, not all the memory there is. A
 * plain file read as a stream (fi_each_stream()) is not held, so has no
 * such limit: the way past it for a larger result.
 */
#define FI_MAX_BYTES (1ull << 30)
#define FI_MAX_TEXT "1 GiB"

/*
 * Read input @path ("-": standard input) whole into a NUL-terminated
 * buffer (*@buf, free()d by the caller; *@len bytes), decompressed as it
 * is read when its content is gzip, xz or zstd, and checked for a JSON
 * value longer than FJS_MAX_VALUE (fjs_check_values()). 0, or a negative
 * errno with @err naming @path and the reason (unreadable, a device, a
 * corrupt or cut compressed stream, more than FI_MAX_BYTES, a value too
 * long).
 */
int fi_read(const char *path, char **buf, size_t *len, struct fr_err *err);

/* Whether @buf's first document starts like fio's JSON or fiorion's run.json. */
bool fi_looks_like_fio(const char *buf, size_t len);

/*
 * One input read: its name as messages give it (the path, "DIR/NAME"
 * for a folder's entry, "<stdin>" for "-") and its bytes. Returns 0 to
 * go on, else stops fi_each() with that value.
 */
typedef int (*fi_take_fn)(void *ctx, const char *name, char *buf, size_t len);

/* A note on a folder's entry skipped ("fio2orion: note: ..." without the prefix). */
typedef void (*fi_note_fn)(void *ctx, const char *msg);

/*
 * Each of @args in order, a folder's fio JSON in name order, through
 * @take (which owns nothing: the buffer is freed after it). 0, @take's
 * non-zero answer, or a negative errno with @err set.
 */
int fi_each(char *const *args, size_t n, fi_take_fn take, fi_note_fn note, void *ctx,
	    struct fr_err *err);

/*
 * The fast path of an input: a regular file whose first bytes are not
 * compressed, open on @fd, to be read as a stream. 0 done, FI_WHOLE to
 * have it read whole and given to the take callback instead, else a
 * value that stops fi_each_stream().
 */
#define FI_WHOLE 1
typedef int (*fi_stream_fn)(void *ctx, const char *name, int fd);

/* fi_each(), each regular uncompressed input through @stream first (NULL: none). */
int fi_each_stream(char *const *args, size_t n, fi_stream_fn stream, fi_take_fn take,
		   fi_note_fn note, void *ctx, struct fr_err *err);

#endif
