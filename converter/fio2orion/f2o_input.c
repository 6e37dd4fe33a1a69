/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * f2o_input.c -- fio2orion's inputs: streams, compressed files, folders
 * (f2o_input.h).
 */
#include "f2o_input.h"

#include <ctype.h>
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

#include "fjstream.h"
#include "jscan.h"

/* A growing output buffer, NUL-terminated when done. */
struct obuf {
	char *p;
	size_t n, cap;
};

/*
 * The input being read: descriptor @fd, and its bytes read but not yet
 * taken (b[pos] .. b[n - 1]): compressed data go to their decoder a
 * chunk at a time, never whole, so only what they decode is held.
 */
struct in {
	int fd;
	const char *name; /* for messages */
	bool regular;	  /* a regular file (not a stream) */
	unsigned char b[1 << 16];
	size_t pos, n;
	bool eof;
};

/* At least @want bytes untaken in @in (fewer only at its end): 0, or a negative errno with @err set. */
static int in_fill(struct in *in, size_t want, struct fr_err *err)
{
	if (in->n - in->pos >= want || in->eof)
		return 0;
	memmove(in->b, in->b + in->pos, in->n - in->pos);
	in->n -= in->pos;
	in->pos = 0;
	while (in->n < want && !in->eof) {
		ssize_t r = read(in->fd, in->b + in->n, sizeof(in->b) - in->n);

		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return fr_errf_errno(err, "cannot read '%s'", in->name);
		if (!r)
			in->eof = true;
		in->n += (size_t)r;
	}
	return 0;
}

/*
 * At least 64 KiB free in @o (one byte kept for the NUL), never more
 * than FI_MAX_BYTES + 64 KiB in all: -EFBIG once more than FI_MAX_BYTES
 * are in, so a bomb stops about there. 0, -EFBIG or -ENOMEM.
 */
static int ob_room(struct obuf *o)
{
	size_t want;
	char *np;

	if (o->cap - o->n > 65536)
		return 0;
	want = o->cap ? o->cap * 2 : 1 << 20;
	if (o->n > FI_MAX_BYTES)
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

/*
 * @o dropped after @ret (-EFBIG, -ENOMEM, or an error already in @err)
 * reading @in's @kind data (NULL: plain). Past the limit, data that could
 * be a plain file (a stream, or decompressed) are told how to go without it.
 */
static int ob_fail(struct obuf *o, int ret, const struct in *in, const char *kind,
		   struct fr_err *err)
{
	free(o->p);
	o->p = NULL;
	if (ret == -EFBIG && kind)
		return fr_errf(err, ret, "'%s': more than %s (%llu bytes) once decompressed (%s): the limit of one input held in memory (decompressed to a file, fio's JSON is read as a stream, without it)",
			       in->name, FI_MAX_TEXT, (unsigned long long)FI_MAX_BYTES, kind);
	if (ret == -EFBIG && !in->regular)
		return fr_errf(err, ret, "'%s': more than %s (%llu bytes) of input: the limit of one input held in memory (written to a file, fio's JSON is read as a stream, without it)",
			       in->name, FI_MAX_TEXT, (unsigned long long)FI_MAX_BYTES);
	if (ret == -EFBIG)
		return fr_errf(err, ret, "'%s': more than %s (%llu bytes) to read whole: the limit of one input held in memory (only plain fio JSON is read as a stream, without it)",
			       in->name, FI_MAX_TEXT, (unsigned long long)FI_MAX_BYTES);
	if (ret == -ENOMEM)
		return fr_errf(err, ret, "'%s': out of memory while %s (%s)", in->name,
			       kind ? "decompressing" : "reading", kind ? kind : "plain data");
	return ret;
}

/*
 * A decoder that ended before its data's end: @o dropped, one line. Out
 * of memory (@nomem, the library @lib's), else the @kind data cut short
 * (@cut) or corrupt after the bytes decoded, with the library's word
 * @detail when it gives one.
 */
static int ob_bad(struct obuf *o, const struct in *in, const char *kind, const char *lib,
		  bool nomem, bool cut, const char *detail, struct fr_err *err)
{
	size_t n = o->n;

	free(o->p);
	o->p = NULL;
	if (nomem)
		return fr_errf(err, -ENOMEM, "'%s': out of memory (%s)", in->name, lib);
	if (!detail)
		return fr_errf(err, -EINVAL, "'%s': the %s data is %s after %zu bytes decompressed",
			       in->name, kind, cut ? "cut short" : "corrupt", n);
	return fr_errf(err, -EINVAL, "'%s': the %s data is %s after %zu bytes decompressed (%s: %s)",
		       in->name, kind, cut ? "cut short" : "corrupt", n, lib, detail);
}

/* Room for a decoder's output in @o: its start; the bytes free in *@len (at most @most). */
static char *ob_out(struct obuf *o, size_t most, size_t *len)
{
	*len = o->cap - o->n - 1 > most ? most : o->cap - o->n - 1;
	return o->p + o->n;
}

static int gunzip(struct in *in, struct obuf *o, struct fr_err *err)
{
	z_stream z;
	int r = Z_OK, ret = 0;

	memset(&z, 0, sizeof(z));
	if (inflateInit2(&z, 15 + 32) != Z_OK)
		return fr_errf(err, -ENOMEM, "'%s': out of memory (zlib)", in->name);
	for (;;) {
		size_t room;

		ret = ob_room(o);
		ret = ret ? ret : in_fill(in, 1, err);
		if (ret)
			break;
		z.next_in = in->b + in->pos;
		z.avail_in = (uInt)(in->n - in->pos);
		z.next_out = (Bytef *)ob_out(o, UINT_MAX, &room);
		z.avail_out = (uInt)room;
		r = inflate(&z, Z_NO_FLUSH);
		in->pos = in->n - z.avail_in;
		o->n += room - z.avail_out;
		if (r == Z_STREAM_END) {
			/* Another gzip member after this one (cat a.gz b.gz); else the end. */
			ret = in_fill(in, 2, err);
			if (!ret && in->n - in->pos >= 2 && in->b[in->pos] == 0x1f &&
			    in->b[in->pos + 1] == 0x8b && inflateReset(&z) == Z_OK)
				continue;
			break;
		}
		/* No progress: more input to come, else no end (cut short). */
		if (r == Z_BUF_ERROR && in->pos == in->n && !in->eof)
			continue;
		if (r != Z_OK)
			break;
	}
	inflateEnd(&z);
	if (ret)
		return ob_fail(o, ret, in, "gzip", err);
	if (r == Z_STREAM_END)
		return 0;
	return ob_bad(o, in, "gzip", "zlib", r == Z_MEM_ERROR, r == Z_BUF_ERROR,
		      z.msg ? z.msg : "unexpected end of stream", err);
}

static int unxz(struct in *in, struct obuf *o, struct fr_err *err)
{
	lzma_stream s = LZMA_STREAM_INIT;
	lzma_ret r = LZMA_OK;
	int ret = 0;

	if (lzma_stream_decoder(&s, UINT64_MAX, LZMA_CONCATENATED) != LZMA_OK)
		return fr_errf(err, -ENOMEM, "'%s': out of memory (liblzma)", in->name);
	for (;;) {
		size_t room;

		ret = ob_room(o);
		ret = ret ? ret : in_fill(in, 1, err);
		if (ret)
			break;
		s.next_in = in->b + in->pos;
		s.avail_in = in->n - in->pos;
		s.next_out = (uint8_t *)ob_out(o, SIZE_MAX, &room);
		s.avail_out = room;
		/* Concatenated streams: the end is known only once the input has ended. */
		r = lzma_code(&s, in->eof ? LZMA_FINISH : LZMA_RUN);
		in->pos = in->n - s.avail_in;
		o->n += room - s.avail_out;
		if (r != LZMA_OK)
			break;
	}
	lzma_end(&s);
	if (ret)
		return ob_fail(o, ret, in, "xz", err);
	if (r == LZMA_STREAM_END)
		return 0;
	return ob_bad(o, in, "xz", "liblzma", r == LZMA_MEM_ERROR, r == LZMA_BUF_ERROR, NULL, err);
}

static int unzstd(struct in *in, struct obuf *o, struct fr_err *err)
{
	ZSTD_DStream *d = ZSTD_createDStream();
	size_t r = 1;
	bool full = false; /* the last call filled its output: more may be pending */
	int ret = 0;

	if (!d)
		return fr_errf(err, -ENOMEM, "'%s': out of memory (libzstd)", in->name);
	ZSTD_initDStream(d);
	for (;;) {
		ZSTD_inBuffer ib;
		ZSTD_outBuffer ob;

		ret = ob_room(o);
		ret = ret ? ret : in_fill(in, 1, err);
		/* All input taken and nothing pending: the last call's answer stands. */
		if (ret || (in->eof && in->pos == in->n && !full))
			break;
		ib = (ZSTD_inBuffer){ in->b + in->pos, in->n - in->pos, 0 };
		ob.dst = ob_out(o, SIZE_MAX, &ob.size);
		ob.pos = 0;
		r = ZSTD_decompressStream(d, &ob, &ib);
		in->pos += ib.pos;
		o->n += ob.pos;
		if (ZSTD_isError(r))
			break;
		full = ob.pos == ob.size && r; /* 0: a frame ended, flushed whole */
	}
	ZSTD_freeDStream(d);
	if (ret)
		return ob_fail(o, ret, in, "zstd", err);
	if (!ZSTD_isError(r) && r == 0)
		return 0;
	return ob_bad(o, in, "zstd", "libzstd", false, !ZSTD_isError(r),
		      ZSTD_isError(r) ? ZSTD_getErrorName(r) : NULL, err);
}

/* The rest of @in as it is, read straight into @o. */
static int read_plain(struct in *in, struct obuf *o, struct fr_err *err)
{
	for (;;) {
		size_t room, k = in->n - in->pos;
		ssize_t r;
		char *to;
		int ret = ob_room(o);

		if (ret)
			return ob_fail(o, ret, in, NULL, err);
		to = ob_out(o, SIZE_MAX, &room);
		if (k) {
			k = k < room ? k : room;
			memcpy(to, in->b + in->pos, k);
			in->pos += k;
			o->n += k;
			continue;
		}
		if (in->eof)
			return 0;
		r = read(in->fd, to, room);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0)
			return ob_fail(o, fr_errf_errno(err, "cannot read '%s'", in->name), in, NULL,
				       err);
		if (!r)
			return 0;
		o->n += (size_t)r;
	}
}

/* All of @fd, decompressed when its first bytes say it is gzip, xz or zstd. */
static int read_input(int fd, const char *name, char **buf, size_t *len, struct fr_err *err)
{
	struct in *in = malloc(sizeof(*in));
	struct obuf o = { 0 };
	const unsigned char *b;
	struct stat st;
	int ret;

	if (!in)
		return fr_errf(err, -ENOMEM, "'%s': out of memory", name);
	in->fd = fd;
	in->name = name;
	in->regular = !fstat(fd, &st) && S_ISREG(st.st_mode);
	in->pos = in->n = 0;
	in->eof = false;
	ret = in_fill(in, 6, err);
	b = in->b;
	if (ret)
		;
	else if (in->n >= 2 && b[0] == 0x1f && b[1] == 0x8b)
		ret = gunzip(in, &o, err);
	else if (in->n >= 6 && !memcmp(b, "\xfd"
					  "7zXZ\0",
				       6))
		ret = unxz(in, &o, err);
	else if (in->n >= 4 && !memcmp(b, "\x28\xb5\x2f\xfd", 4))
		ret = unzstd(in, &o, err);
	else
		ret = read_plain(in, &o, err);
	free(in);
	if (!ret && !o.p && !(o.p = malloc(1)))
		ret = fr_errf(err, -ENOMEM, "'%s': out of memory", name);
	if (ret)
		return ret;
	o.p[o.n] = '\0';
	*buf = o.p;
	*len = o.n;
	return 0;
}

int fi_read(const char *path, char **buf, size_t *len, struct fr_err *err)
{
	bool in0 = !strcmp(path, "-");
	struct stat st;
	int fd, ret;

	*buf = NULL;
	*len = 0;
	if (in0 && isatty(0))
		return fr_errf(err, -EINVAL,
			       "'-': standard input is a terminal; pipe fio's JSON into it (fio ... --output-format=json | fio2orion -)");
	if (!in0 && !stat(path, &st) && (S_ISBLK(st.st_mode) || S_ISCHR(st.st_mode)))
		return fr_errf(err, -EINVAL, "'%s' is a device, not a fio result (give a file, a pipe or '-')",
			       path);
	if (!in0 && !stat(path, &st) && S_ISDIR(st.st_mode))
		return fr_errf(err, -EISDIR, "'%s' is a directory, not a file", path);
	/* Blocking: a FIFO's writer is waited for (it may come after us). */
	fd = in0 ? 0 : open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return fr_errf_errno(err, "cannot open '%s'", path);
	ret = read_input(fd, in0 ? "-" : path, buf, len, err);
	if (!in0)
		close(fd);
	if (!ret)
		ret = fjs_check_values(in0 ? "-" : path, *buf, *len, err);
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

static void free_names(char **names, size_t n)
{
	while (n)
		free(names[--n]);
	free(names);
}

/* "@dir/@name", or "" when too long (then refused by stat()). */
static void join(char *path, size_t len, const char *dir, const char *name)
{
	if (snprintf(path, len, "%s%s%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/", name) >=
	    (int)len)
		path[0] = '\0';
}

static bool is_dir(const char *path)
{
	struct stat st;

	return !stat(path, &st) && S_ISDIR(st.st_mode);
}

/* Whether folder @dir is a run's: it holds run.json (fiorion's <testname>_jobs/). */
static bool run_folder(const char *dir)
{
	char path[PATH_MAX];
	struct stat st;

	join(path, sizeof(path), dir, "run.json");
	return !stat(path, &st) && S_ISREG(st.st_mode);
}

/* The length of a point's "p" and number (pointloop.c: p%03u) that @name starts with, else 0. */
static size_t point_part(const char *name)
{
	size_t k = 1;

	if (name[0] != 'p')
		return 0;
	while (isdigit((unsigned char)name[k]))
		k++;
	return k >= 4 ? k : 0;
}

/* A point's result in a run's folder: pNNN.json, or pass K's pNNN.rK.json (-repeat). */
static bool run_result(const char *name)
{
	size_t k = point_part(name);

	if (k && name[k] == '.' && name[k + 1] == 'r' && isdigit((unsigned char)name[k + 2]))
		for (k += 2; isdigit((unsigned char)name[k]);)
			k++;
	return k && !strcmp(name + k, ".json");
}

/*
 * fiorion's own files in a run's folder, no result: a point's job files
 * (pNNN.fio, pNNN.HOST.fio), fio's logs (pNNN-...log, and .log.HOST as
 * fio's client names a host's), what its runner said (.err, .out), its
 * -stop_at_knee marker (.skip), JSON being written (.json.part); the
 * LUNs' identities, -jobs_only's parse check and -stop_at_knee's pairs
 * (pairs.log).
 */
static bool run_own(const char *name)
{
	static const char *const ends[] = { ".fio", ".log", ".err", ".out", ".skip", ".json.part" };
	size_t k = point_part(name), n = strlen(name), i;

	if (!strcmp(name, "luns.id") || !strcmp(name, "parse.out") || !strcmp(name, "parse.err") ||
	    !strcmp(name, "pairs.log"))
		return true;
	if (!k || (name[k] != '.' && name[k] != '-'))
		return false;
	if (strstr(name + k, ".log."))
		return true;
	for (i = 0; i < sizeof(ends) / sizeof(ends[0]); i++)
		if (n > strlen(ends[i]) && !strcmp(name + n - strlen(ends[i]), ends[i]))
			return true;
	return false;
}

/*
 * The entries a folder stands for, in the order they are met: each a
 * path to read and judge by its content, or (@skip) one to name in a
 * note, why it is skipped, so that the notes come in name order too.
 */
struct paths {
	struct entry {
		char *path;
		const char *skip;
	} * e;
	size_t n, cap;
};

static int paths_add(struct paths *l, const char *path, const char *skip, struct fr_err *err)
{
	if (l->n == l->cap) {
		struct entry *ne = realloc(l->e, (l->cap = l->cap ? l->cap * 2 : 64) * sizeof(*ne));

		if (!ne)
			return fr_errf(err, -ENOMEM, "'%s': out of memory", path);
		l->e = ne;
	}
	if (!(l->e[l->n].path = strdup(path)))
		return fr_errf(err, -ENOMEM, "'%s': out of memory", path);
	l->e[l->n++].skip = skip;
	return 0;
}

static void paths_free(struct paths *l)
{
	while (l->n)
		free(l->e[--l->n].path);
	free(l->e);
}

static void note_entry(fi_note_fn note, void *ctx, const char *path, const char *why)
{
	char msg[PATH_MAX + 160];

	snprintf(msg, sizeof(msg), "skipped %s: %s", path, why);
	note(ctx, msg);
}

static const char *const not_recursive = "a folder (folders are not read recursively)";

/*
 * The results of run folder @dir into @l: with @top (a <testname>_jobs/
 * folder) run.json first, as fiorion reads it, then its points by name,
 * then -run curve's points in its curve/ sub-folder (read as a run
 * folder without @top). fiorion's own files are left out, without a
 * word; any other entry is to be named in a note.
 */
static int run_paths(const char *dir, bool top, struct paths *l, struct fr_err *err)
{
	char **names, path[PATH_MAX];
	size_t n, i;
	int ret = list_folder(dir, &names, &n, err);

	if (!ret && top) {
		join(path, sizeof(path), dir, "run.json");
		ret = paths_add(l, path, NULL, err);
	}
	for (i = 0; !ret && i < n; i++) {
		join(path, sizeof(path), dir, names[i]);
		if (run_result(names[i]))
			ret = paths_add(l, path, NULL, err);
		else if (top && (!strcmp(names[i], "run.json") || !strcmp(names[i], "curve")))
			continue; /* run.json taken first; curve/ after the points */
		else if (is_dir(path))
			ret = paths_add(l, path, not_recursive, err);
		else if (!run_own(names[i]))
			ret = paths_add(l, path,
					"not one of the run's results (run.json and its points, pNNN.json)",
					err);
	}
	free_names(names, n);
	join(path, sizeof(path), dir, "curve");
	if (!ret && top && is_dir(path))
		ret = run_paths(path, false, l, err);
	return ret;
}

/*
 * The run output folder @dir holds: its one <testname>_jobs/ folder
 * holding run.json, into @run. 1 found, 0 none, or -EINVAL (several
 * runs, two of them named) or another negative errno with @err set.
 */
static int output_run(const char *dir, char *run, size_t len, struct fr_err *err)
{
	char **names, path[PATH_MAX];
	size_t n, i, k, found = 0;
	int ret = list_folder(dir, &names, &n, err);

	for (i = 0; !ret && i < n; i++) {
		k = strlen(names[i]);
		join(path, sizeof(path), dir, names[i]);
		if (k <= 5 || strcmp(names[i] + k - 5, "_jobs") || !is_dir(path) || !run_folder(path))
			continue;
		if (found++) {
			ret = fr_errf(err, -EINVAL,
				      "'%s' holds several runs (%s/ and %s/); give one of their <testname>_jobs/ folders",
				      dir, strrchr(run, '/') + 1, names[i]);
			break;
		}
		snprintf(run, len, "%s", path);
	}
	free_names(names, n);
	return ret ? ret : found > 0;
}

/*
 * What folder @dir stands for, into @l: a run's folder's results, an
 * output folder's run's, else every regular file in it (judged by their
 * content once read), other entries to be named in a note.
 */
static int folder_paths(const char *dir, struct paths *l, struct fr_err *err)
{
	char **names, path[PATH_MAX];
	size_t n, i;
	int ret;

	if (run_folder(dir))
		return run_paths(dir, true, l, err);
	ret = output_run(dir, path, sizeof(path), err);
	if (ret)
		return ret < 0 ? ret : run_paths(path, true, l, err);
	ret = list_folder(dir, &names, &n, err);
	for (i = 0; !ret && i < n; i++) {
		struct stat st;

		join(path, sizeof(path), dir, names[i]);
		if (!stat(path, &st) && S_ISREG(st.st_mode))
			ret = paths_add(l, path, NULL, err);
		else
			ret = paths_add(l, path, is_dir(path) ? not_recursive : "not a regular file", err);
	}
	free_names(names, n);
	return ret;
}

/* Every fio JSON that folder @dir stands for (folder_paths()) through @stream or @take. */
static int each_in_folder(const char *dir, fi_stream_fn stream, fi_take_fn take, fi_note_fn note,
			  void *ctx, struct fr_err *err)
{
	struct paths l = { 0 };
	size_t i, taken = 0;
	int ret = folder_paths(dir, &l, err);

	for (i = 0; !ret && i < l.n; i++) {
		const char *path = l.e[i].path;
		char *buf;
		size_t len;

		if (l.e[i].skip) {
			note_entry(note, ctx, path, l.e[i].skip);
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
			note_entry(note, ctx, path, "not fio JSON (no document starting with \"fio version\")");
		} else {
			ret = take(ctx, path, buf, len);
			taken++;
		}
		free(buf);
	}
	paths_free(&l);
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
		char *buf;
		size_t len;

		if (strcmp(args[i], "-") && is_dir(args[i])) {
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
