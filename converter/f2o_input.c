/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * f2o_input.c -- fio2orion's inputs: streams, compressed files, folders
 * (f2o_input.h).
 */
#include "f2o_input.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <lzma.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>
#include <zstd.h>

#include "fr_file.h"
#include "jscan.h"

/* A growing output buffer, NUL-terminated when done. */
struct obuf {
	char *p;
	size_t n, cap;
};

/* At least 64 KiB free in @o (one byte kept for the NUL). 0, -EFBIG or -ENOMEM. */
static int ob_room(struct obuf *o)
{
	size_t want;
	char *np;

	if (o->cap - o->n > 65536)
		return 0;
	want = o->cap ? o->cap * 2 : 1 << 20;
	if (o->n >= FI_MAX_BYTES)
		return -EFBIG;
	if (want > FI_MAX_BYTES + 65537)
		want = FI_MAX_BYTES + 65537;
	np = realloc(o->p, want);
	if (!np)
		return -ENOMEM;
	o->p = np;
	o->cap = want;
	return 0;
}

static int ob_fail(struct obuf *o, int ret, const char *path, const char *kind, struct fr_err *err)
{
	free(o->p);
	o->p = NULL;
	if (ret == -EFBIG)
		return fr_errf(err, ret, "'%s': more than %llu bytes once decompressed (%s)", path,
			       (unsigned long long)FI_MAX_BYTES, kind);
	return fr_errf(err, -ENOMEM, "'%s': out of memory while decompressing (%s)", path, kind);
}

static int gunzip(const char *in, size_t n, struct obuf *o, const char *path, struct fr_err *err)
{
	z_stream z;
	int r = Z_OK, ret;

	memset(&z, 0, sizeof(z));
	if (inflateInit2(&z, 15 + 32) != Z_OK)
		return fr_errf(err, -ENOMEM, "'%s': out of memory (zlib)", path);
	z.next_in = (Bytef *)in;
	for (;;) {
		size_t before;

		ret = ob_room(o);
		if (ret) {
			inflateEnd(&z);
			return ob_fail(o, ret, path, "gzip", err);
		}
		if (!z.avail_in && n) {
			z.avail_in = n > UINT_MAX ? UINT_MAX : (uInt)n;
			n -= z.avail_in;
		}
		z.next_out = (Bytef *)o->p + o->n;
		z.avail_out = o->cap - o->n - 1 > UINT_MAX ? UINT_MAX : (uInt)(o->cap - o->n - 1);
		before = z.avail_out;
		r = inflate(&z, Z_NO_FLUSH);
		o->n += before - z.avail_out;
		if (r == Z_STREAM_END) {
			/* Another gzip member after this one (cat a.gz b.gz). */
			if (z.avail_in + n >= 2 && (unsigned char)z.next_in[0] == 0x1f &&
			    (unsigned char)z.next_in[1] == 0x8b && inflateReset(&z) == Z_OK)
				continue;
			break;
		}
		if (r == Z_BUF_ERROR && !z.avail_in && !n)
			break; /* no more input, and no end: cut short */
		if (r != Z_OK && r != Z_BUF_ERROR)
			break;
	}
	inflateEnd(&z);
	if (r == Z_STREAM_END)
		return 0;
	free(o->p);
	o->p = NULL;
	if (r == Z_MEM_ERROR)
		return fr_errf(err, -ENOMEM, "'%s': out of memory (zlib)", path);
	return fr_errf(err, -EINVAL, "'%s': the gzip data is %s after %zu bytes decompressed (zlib: %s)",
		       path, r == Z_BUF_ERROR ? "cut short" : "corrupt", o->n,
		       z.msg ? z.msg : "unexpected end of stream");
}

static int unxz(const char *in, size_t n, struct obuf *o, const char *path, struct fr_err *err)
{
	lzma_stream s = LZMA_STREAM_INIT;
	lzma_ret r;
	int ret;

	if (lzma_stream_decoder(&s, UINT64_MAX, LZMA_CONCATENATED) != LZMA_OK)
		return fr_errf(err, -ENOMEM, "'%s': out of memory (liblzma)", path);
	s.next_in = (const uint8_t *)in;
	s.avail_in = n;
	for (;;) {
		size_t before;

		ret = ob_room(o);
		if (ret) {
			lzma_end(&s);
			return ob_fail(o, ret, path, "xz", err);
		}
		s.next_out = (uint8_t *)o->p + o->n;
		s.avail_out = o->cap - o->n - 1;
		before = s.avail_out;
		r = lzma_code(&s, LZMA_FINISH);
		o->n += before - s.avail_out;
		if (r != LZMA_OK)
			break;
	}
	lzma_end(&s);
	if (r == LZMA_STREAM_END)
		return 0;
	free(o->p);
	o->p = NULL;
	if (r == LZMA_MEM_ERROR)
		return fr_errf(err, -ENOMEM, "'%s': out of memory (liblzma)", path);
	return fr_errf(err, -EINVAL, "'%s': the xz data is %s after %zu bytes decompressed", path,
		       r == LZMA_BUF_ERROR ? "cut short" : "corrupt", o->n);
}

static int unzstd(const char *in, size_t n, struct obuf *o, const char *path, struct fr_err *err)
{
	ZSTD_DStream *d = ZSTD_createDStream();
	ZSTD_inBuffer ib = { in, n, 0 };
	size_t r = 1;
	int ret;

	if (!d)
		return fr_errf(err, -ENOMEM, "'%s': out of memory (libzstd)", path);
	ZSTD_initDStream(d);
	for (;;) {
		ZSTD_outBuffer ob;

		ret = ob_room(o);
		if (ret) {
			ZSTD_freeDStream(d);
			return ob_fail(o, ret, path, "zstd", err);
		}
		ob = (ZSTD_outBuffer){ o->p + o->n, o->cap - o->n - 1, 0 };
		r = ZSTD_decompressStream(d, &ob, &ib);
		o->n += ob.pos;
		if (ZSTD_isError(r))
			break;
		/* All input taken and the output not full: nothing is pending. */
		if (ib.pos == ib.size && ob.pos < ob.size)
			break;
	}
	ZSTD_freeDStream(d);
	if (!ZSTD_isError(r) && r == 0)
		return 0;
	ret = fr_errf(err, -EINVAL, "'%s': the zstd data is %s after %zu bytes decompressed%s%s", path,
		      ZSTD_isError(r) ? "corrupt" : "cut short", o->n, ZSTD_isError(r) ? " (libzstd: " : "",
		      ZSTD_isError(r) ? ZSTD_getErrorName(r) : "");
	if (ZSTD_isError(r))
		snprintf(err->msg + strlen(err->msg), sizeof(err->msg) - strlen(err->msg), ")");
	free(o->p);
	o->p = NULL;
	return ret;
}

/* Decompress *@buf in place of itself when its first bytes say it is compressed. */
static int decompress(const char *path, char **buf, size_t *len, struct fr_err *err)
{
	const unsigned char *b = (const unsigned char *)*buf;
	struct obuf o = { 0 };
	int ret;

	if (*len >= 2 && b[0] == 0x1f && b[1] == 0x8b)
		ret = gunzip(*buf, *len, &o, path, err);
	else if (*len >= 6 && !memcmp(b, "\xfd"
					 "7zXZ\0",
				      6))
		ret = unxz(*buf, *len, &o, path, err);
	else if (*len >= 4 && !memcmp(b, "\x28\xb5\x2f\xfd", 4))
		ret = unzstd(*buf, *len, &o, path, err);
	else
		return 0;
	if (ret)
		return ret;
	o.p[o.n] = '\0';
	free(*buf);
	*buf = o.p;
	*len = o.n;
	return 0;
}

/* All of @fd (a pipe, a FIFO, standard input), @name in messages. */
static int read_fd(int fd, const char *name, char **buf, size_t *len, struct fr_err *err)
{
	struct obuf o = { 0 };
	int ret;

	for (;;) {
		ssize_t r;

		ret = ob_room(&o);
		if (ret)
			return ob_fail(&o, ret, name, "a stream", err);
		r = read(fd, o.p + o.n, o.cap - o.n - 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			free(o.p);
			return fr_errf_errno(err, "cannot read '%s'", name);
		}
		if (!r)
			break;
		o.n += (size_t)r;
	}
	o.p[o.n] = '\0';
	*buf = o.p;
	*len = o.n;
	return 0;
}

/* A FIFO: opened blocking, so its writer is waited for (it may come after us). */
static int read_fifo(const char *path, char **buf, size_t *len, struct fr_err *err)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), ret;

	if (fd < 0)
		return fr_errf_errno(err, "cannot open '%s'", path);
	ret = read_fd(fd, path, buf, len, err);
	close(fd);
	return ret;
}

int fi_read(const char *path, char **buf, size_t *len, struct fr_err *err)
{
	struct stat st;
	int ret, sr = -1;

	*buf = NULL;
	*len = 0;
	if (!strcmp(path, "-") && isatty(0))
		return fr_errf(err, -EINVAL,
			       "'-': standard input is a terminal; pipe fio's JSON into it (fio ... --output-format=json | fio2orion -)");
	if (!strcmp(path, "-"))
		ret = read_fd(0, "-", buf, len, err);
	else if ((sr = stat(path, &st)) == 0 && (S_ISBLK(st.st_mode) || S_ISCHR(st.st_mode)))
		return fr_errf(err, -EINVAL, "'%s' is a device, not a fio result (give a file, a pipe or '-')",
			       path);
	else if (sr == 0 && S_ISFIFO(st.st_mode))
		ret = read_fifo(path, buf, len, err);
	else
		ret = fr_read_file(path, NULL, 0, 0, buf, len, err);
	if (!ret)
		ret = decompress(!strcmp(path, "-") ? "-" : path, buf, len, err);
	if (ret) {
		free(*buf);
		*buf = NULL;
		*len = 0;
	}
	return ret;
}

bool fi_looks_like_fio(const char *buf, size_t len)
{
	size_t pos = js_first_doc(buf, len), k;

	if (pos >= len)
		return false;
	/* The first key of fio's document, or run.json's object, near its start. */
	for (k = pos + 1; k < len && k < pos + 256; k++)
		if (buf[k] == '"')
			return !strncmp(buf + k, "\"fio version\"", 13) || !strncmp(buf + k, "\"fiorion\"", 9);
	return false;
}

/*
 * @path through @stream when it is a regular file of plain text. A folder's
 * entry (@note set) must first look like fio's JSON, judged on its first
 * 64 KiB as fi_looks_like_fio() judges the whole (the first document
 * found there, with its first key), else it is noted and skipped (0).
 * FI_WHOLE when it is to be read whole, FI_SKIPPED when skipped.
 */
#define FI_SKIPPED 2

static int try_stream(const char *path, fi_stream_fn stream, fi_note_fn note, void *ctx)
{
	unsigned char head[6];
	struct stat st;
	int fd, ret = FI_WHOLE;
	ssize_t n;

	if (!stream || stat(path, &st) || !S_ISREG(st.st_mode))
		return FI_WHOLE;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return FI_WHOLE;
	n = pread(fd, head, sizeof(head), 0);
	if (n <= 0 || (n >= 2 && head[0] == 0x1f && head[1] == 0x8b) ||
	    (n >= 6 && !memcmp(head, "\xfd"
				     "7zXZ\0",
			       6)) ||
	    (n >= 4 && !memcmp(head, "\x28\xb5\x2f\xfd", 4))) {
		close(fd);
		return FI_WHOLE;
	}
	if (note) {
		const size_t cap = 65536;
		char msg[PATH_MAX + 128], *pre = malloc(cap);
		size_t len = 0, pos;
		bool fio;

		while (pre && len < cap && (n = pread(fd, pre + len, cap - len, (off_t)len)) > 0)
			len += (size_t)n;
		pos = pre ? js_next_doc(pre, len, 0) : 0;
		if (!pre || n < 0 || (len == cap && pos + 300 > len)) {
			free(pre);
			close(fd);
			return FI_WHOLE; /* judged on the whole */
		}
		fio = fi_looks_like_fio(pre, len);
		free(pre);
		if (!fio) {
			close(fd);
			snprintf(msg, sizeof(msg), "skipped %s: not fio JSON (no document starting with \"fio version\")",
				 path);
			note(ctx, msg);
			return FI_SKIPPED;
		}
	}
	ret = stream(ctx, path, fd);
	close(fd);
	return ret;
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The entries of folder @dir, sorted, into *@names. */
static int list_folder(const char *dir, char ***names, size_t *n, struct fr_err *err)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t cap = 0;

	*names = NULL;
	*n = 0;
	if (!d)
		return fr_errf_errno(err, "cannot open the folder '%s'", dir);
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.')
			continue; /* ., .. and hidden files, as ls leaves them */
		if (*n == cap) {
			char **nn = realloc(*names, (cap = cap ? cap * 2 : 64) * sizeof(*nn));

			if (!nn)
				break;
			*names = nn;
		}
		if (!((*names)[*n] = strdup(e->d_name)))
			break;
		++*n;
	}
	closedir(d);
	if (e) {
		while (*n)
			free((*names)[--*n]);
		free(*names);
		*names = NULL;
		return fr_errf(err, -ENOMEM, "'%s': out of memory", dir);
	}
	qsort(*names, *n, sizeof(**names), cmp_names);
	return 0;
}

/* Every fio JSON of folder @dir through @stream or @take. */
static int each_in_folder(const char *dir, fi_stream_fn stream, fi_take_fn take, fi_note_fn note,
			  void *ctx, struct fr_err *err)
{
	char **names, msg[PATH_MAX + 128];
	size_t n, i, taken = 0;
	int ret = list_folder(dir, &names, &n, err);

	for (i = 0; !ret && i < n; i++) {
		char path[PATH_MAX], *buf;
		struct stat st;
		size_t len;

		snprintf(path, sizeof(path), "%s%s%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/",
			 names[i]);
		if (stat(path, &st) || !S_ISREG(st.st_mode)) {
			bool dir = access(path, F_OK) == 0 && S_ISDIR(st.st_mode);

			snprintf(msg, sizeof(msg), "skipped %s: %s", path,
				 dir ? "a folder (folders are not read recursively)" : "not a regular file");
			note(ctx, msg);
			continue;
		}
		ret = try_stream(path, stream, note, ctx);
		if (ret != FI_WHOLE) {
			taken += ret != FI_SKIPPED;
			ret = ret == FI_SKIPPED ? 0 : ret;
			continue;
		}
		ret = fi_read(path, &buf, &len, err);
		if (ret)
			break;
		if (!fi_looks_like_fio(buf, len)) {
			snprintf(msg, sizeof(msg), "skipped %s: not fio JSON (no document starting with \"fio version\")",
				 path);
			note(ctx, msg);
		} else {
			ret = take(ctx, path, buf, len);
			taken++;
		}
		free(buf);
	}
	for (i = 0; i < n; i++)
		free(names[i]);
	free(names);
	if (!ret && !taken)
		ret = fr_errf(err, -EINVAL, "the folder '%s' holds no fio JSON", dir);
	return ret;
}

int fi_each(char *const *args, size_t n, fi_take_fn take, fi_note_fn note, void *ctx,
	    struct fr_err *err)
{
	return fi_each_stream(args, n, NULL, take, note, ctx, err);
}

int fi_each_stream(char *const *args, size_t n, fi_stream_fn stream, fi_take_fn take,
		   fi_note_fn note, void *ctx, struct fr_err *err)
{
	size_t i;
	int ret = 0;

	for (i = 0; !ret && i < n; i++) {
		struct stat st;
		char *buf;
		size_t len;

		if (strcmp(args[i], "-") && stat(args[i], &st) == 0 && S_ISDIR(st.st_mode)) {
			ret = each_in_folder(args[i], stream, take, note, ctx, err);
			continue;
		}
		if (strcmp(args[i], "-")) {
			ret = try_stream(args[i], stream, NULL, ctx);
			if (ret != FI_WHOLE)
				continue;
			ret = 0;
		}
		ret = fi_read(args[i], &buf, &len, err);
		if (ret)
			break;
		ret = take(ctx, strcmp(args[i], "-") ? args[i] : "<stdin>", buf, len);
		free(buf);
	}
	return ret;
}
