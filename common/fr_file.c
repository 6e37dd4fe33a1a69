/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fr_file.c -- read a whole file; write one atomically.
 */
#include "fr_file.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int fr_read_file(const char *path, const char *what, size_t max, int flags,
		 char **out, size_t *len, struct fr_err *err)
{
	const char *w = what ? what : "", *sp = what ? " " : "";
	size_t cap = 0, n = 0;
	char *buf = NULL;
	struct stat st;
	int fd, ret = 0;

	*out = NULL;
	*len = 0;
	/* Not blocking on a FIFO without a writer before it is looked at. */
	fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return fr_errf_errno(err, "cannot open %s%s'%s'", w, sp, path);
	if (fstat(fd, &st) < 0) {
		ret = fr_errf_errno(err, "cannot read %s%s'%s'", w, sp, path);
		goto out;
	}
	if (S_ISDIR(st.st_mode)) {
		ret = fr_errf(err, -EISDIR, "%s%s'%s' is a directory, not a file", w, sp, path);
		goto out;
	}
	if ((flags & FR_READ_REGULAR) && !S_ISREG(st.st_mode)) {
		ret = fr_errf(err, -EINVAL, "%s%s'%s' is not a regular file", w, sp, path);
		goto out;
	}
	if (!S_ISREG(st.st_mode) && fcntl(fd, F_SETFL, 0) < 0) {
		ret = fr_errf_errno(err, "cannot read %s%s'%s'", w, sp, path);
		goto out;
	}
	for (;;) {
		ssize_t r;

		if (cap - n < 4097) {
			/* A regular file's size is known: read it in one piece. */
			size_t want = cap ? cap * 2
					  : (S_ISREG(st.st_mode) ? (size_t)st.st_size + 4097 : 8192);
			char *nb;

			if (max && want > max + 4097)
				want = max + 4097;
			if (want <= cap) {
				ret = fr_errf(err, -EFBIG, "%s%s'%s' is larger than %zu bytes",
					      w, sp, path, max);
				goto out;
			}
			nb = realloc(buf, want);
			if (!nb) {
				ret = fr_errf(err, -ENOMEM, "%s%s'%s': out of memory", w, sp, path);
				goto out;
			}
			buf = nb;
			cap = want;
		}
		r = read(fd, buf + n, cap - n - 1);
		if (r < 0 && errno == EINTR)
			continue;
		if (r < 0) {
			ret = fr_errf_errno(err, "cannot read %s%s'%s'", w, sp, path);
			goto out;
		}
		if (r == 0)
			break;
		n += (size_t)r;
		if (max && n > max) {
			ret = fr_errf(err, -EFBIG, "%s%s'%s' is larger than %zu bytes", w, sp, path, max);
			goto out;
		}
	}
	if (!buf && !(buf = malloc(1))) {
		ret = fr_errf(err, -ENOMEM, "%s%s'%s': out of memory", w, sp, path);
		goto out;
	}
	buf[n] = '\0';
	if ((flags & FR_READ_TEXT) && memchr(buf, '\0', n)) {
		ret = fr_errf(err, -EINVAL, "%s%s'%s' contains NUL bytes; it is not a text file",
			      w, sp, path);
		goto out;
	}
	*out = buf;
	*len = n;
	buf = NULL;
out:
	free(buf);
	close(fd);
	return ret;
}

/* The folder of @path, flushed so a rename in it survives a crash. */
static void sync_dir_of(const char *path)
{
	char dir[PATH_MAX];
	const char *slash = strrchr(path, '/');
	int fd;

	if (!slash)
		snprintf(dir, sizeof(dir), ".");
	else if (slash == path)
		snprintf(dir, sizeof(dir), "/");
	else
		snprintf(dir, sizeof(dir), "%.*s", (int)(slash - path), path);
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
}

/* What a file that is neither regular nor a folder is, for messages. */
static const char *special_kind(mode_t m)
{
	if (S_ISBLK(m))
		return "a block device";
	if (S_ISCHR(m))
		return "a character device";
	if (S_ISFIFO(m))
		return "a FIFO";
	return "not a regular file";
}

/*
 * A temporary file beside @path for @st, in @tmp: its descriptor, or a
 * negative errno with @err set (what a rename cannot replace is refused
 * here, before any of the set moves).
 */
static int stage_begin(struct fr_stage *st, const char *path, char *tmp, size_t tlen,
		       struct fr_err *err)
{
	struct stat st_old;
	char **np, **nt;
	int fd;

	if (snprintf(tmp, tlen, "%s.tmpXXXXXX", path) >= (int)tlen)
		return fr_errf(err, -ENAMETOOLONG, "'%s': name too long", path);
	/* A rename over a device or FIFO would put a file in its place (/dev/null!). */
	if (!stat(path, &st_old) && !S_ISREG(st_old.st_mode)) {
		if (S_ISDIR(st_old.st_mode))
			return fr_errf(err, -EISDIR, "cannot write '%s': a folder has that name", path);
		return fr_errf(err, -EINVAL,
			       "cannot write '%s': it is %s, which a file written whole and renamed into place would replace",
			       path, special_kind(st_old.st_mode));
	}
	np = realloc(st->path, (st->n + 1) * sizeof(*np));
	if (np)
		st->path = np;
	nt = realloc(st->tmp, (st->n + 1) * sizeof(*nt));
	if (nt)
		st->tmp = nt;
	if (!np || !nt)
		return fr_errf(err, -ENOMEM, "out of memory");
	fd = mkstemp(tmp);
	if (fd < 0)
		return fr_errf_errno(err, "cannot create '%s'", path);
	return fd;
}

/* @fd of stage_begin() written (@ret: 0, or how writing failed) made durable and added to @st. */
static int stage_end(struct fr_stage *st, const char *path, const char *tmp, int fd, int ret,
		     struct fr_err *err)
{
	char eb[128];

	if (!ret && fchmod(fd, 0644) < 0)
		ret = -errno;
	if (!ret && fsync(fd) < 0)
		ret = -errno;
	if (close(fd) < 0 && !ret)
		ret = -errno;
	if (ret) {
		unlink(tmp);
		return fr_errf(err, ret, "cannot write '%s': %s", path,
			       fr_strerror(ret, eb, sizeof(eb)));
	}
	st->path[st->n] = strdup(path);
	st->tmp[st->n] = strdup(tmp);
	if (!st->path[st->n] || !st->tmp[st->n]) {
		unlink(tmp);
		free(st->path[st->n]);
		free(st->tmp[st->n]);
		return fr_errf(err, -ENOMEM, "out of memory");
	}
	st->n++;
	return 0;
}

/* @len bytes of @data to @fd, a short write or EINTR retried: 0, or the failing write's -errno. */
static int write_all(int fd, const char *data, size_t len)
{
	size_t done = 0;

	while (done < len) {
		ssize_t n = write(fd, data + done, len - done);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		done += (size_t)n;
	}
	return 0;
}

int fr_stage_file(struct fr_stage *st, const char *path, const char *data, size_t len,
		  struct fr_err *err)
{
	char tmp[PATH_MAX + 16];
	int fd = stage_begin(st, path, tmp, sizeof(tmp), err);

	if (fd < 0)
		return fd;
	return stage_end(st, path, tmp, fd, write_all(fd, data, len), err);
}

/* fr_stage_stream()'s file: every byte written as fr_stage_file() writes it, the first error kept. */
struct stage_out {
	int fd;
	int err; /* the first write's -errno, or 0 */
};

static ssize_t stage_write(void *cookie, const char *buf, size_t len)
{
	struct stage_out *o = cookie;

	if (!o->err)
		o->err = write_all(o->fd, buf, len);
	if (o->err) {
		errno = -o->err;
		return 0; /* fopencookie(3): 0 on error, never negative */
	}
	return (ssize_t)len;
}

int fr_stage_stream(struct fr_stage *st, const char *path, void (*fn)(FILE *f, const void *ctx),
		    const void *ctx, struct fr_err *err)
{
	static const cookie_io_functions_t io = { .write = stage_write };
	char tmp[PATH_MAX + 16];
	struct stage_out o = { stage_begin(st, path, tmp, sizeof(tmp), err), 0 };
	FILE *f;
	int ret = 0;

	if (o.fd < 0)
		return o.fd;
	f = fopencookie(&o, "w", io);
	if (!f) {
		ret = -ENOMEM;
	} else {
		fn(f, ctx);
		if (fclose(f) && !o.err)
			o.err = -EIO;
		ret = o.err;
	}
	return stage_end(st, path, tmp, o.fd, ret, err);
}

int fr_stage_join(struct fr_stage *st, struct fr_stage *from, struct fr_err *err)
{
	char **np = realloc(st->path, (st->n + from->n + 1) * sizeof(*np)), **nt;
	size_t i;

	if (np)
		st->path = np;
	nt = np ? realloc(st->tmp, (st->n + from->n + 1) * sizeof(*nt)) : NULL;
	if (nt)
		st->tmp = nt;
	if (!np || !nt) {
		fr_stage_abort(from);
		return fr_errf(err, -ENOMEM, "out of memory");
	}
	for (i = 0; i < from->n; i++) {
		st->path[st->n] = from->path[i];
		st->tmp[st->n++] = from->tmp[i];
	}
	free(from->path);
	free(from->tmp);
	memset(from, 0, sizeof(*from));
	return 0;
}

static void stage_free(struct fr_stage *st)
{
	size_t i;

	for (i = 0; i < st->n; i++) {
		free(st->path[i]);
		free(st->tmp[i]);
	}
	free(st->path);
	free(st->tmp);
	memset(st, 0, sizeof(*st));
}

void fr_stage_abort(struct fr_stage *st)
{
	size_t i;

	for (i = 0; i < st->n; i++)
		unlink(st->tmp[i]);
	stage_free(st);
}

/*
 * Put back what a commit replaced: the first @n renamed files get their
 * earlier contents (kept as @bak[i], NULL where there was none) or go.
 * Returns 0, or -errno of the first that could not be put back.
 */
static int roll_back(const struct fr_stage *st, char **bak, size_t n)
{
	int ret = 0;
	size_t i;

	for (i = 0; i < n; i++) {
		int r = bak[i] ? rename(bak[i], st->path[i]) : unlink(st->path[i]);

		if (r < 0 && !ret)
			ret = -errno;
	}
	return ret;
}

int fr_stage_commit(struct fr_stage *st, struct fr_err *err)
{
	char **bak = calloc(st->n ? st->n : 1, sizeof(*bak)), eb[128];
	size_t i, k, renamed = 0;
	int ret = 0;

	if (!bak) {
		fr_stage_abort(st);
		return fr_errf(err, -ENOMEM, "out of memory");
	}
	/*
	 * All or nothing: each file the set replaces is kept under a second
	 * name first (a hard link), so a rename that fails half-way puts the
	 * earlier set back whole.
	 */
	for (i = 0; i < st->n && !ret; i++) {
		struct stat sb;

		if (lstat(st->path[i], &sb) < 0 || S_ISDIR(sb.st_mode))
			continue; /* new: nothing to keep (a folder: its rename fails) */
		bak[i] = malloc(strlen(st->tmp[i]) + 5);
		if (!bak[i]) {
			ret = fr_errf(err, -ENOMEM, "out of memory");
			break;
		}
		sprintf(bak[i], "%s.old", st->tmp[i]);
		/* A folder without hard links (vfat, some FUSE): moved aside instead. */
		if (link(st->path[i], bak[i]) < 0 && rename(st->path[i], bak[i]) < 0) {
			ret = fr_errf_errno(err, "cannot write '%s' (keeping the earlier one aside)",
					    st->path[i]);
			free(bak[i]);
			bak[i] = NULL;
		}
	}
	for (i = 0; i < st->n && !ret; i++) {
		if (rename(st->tmp[i], st->path[i]) < 0)
			ret = fr_errf_errno(err, "cannot write '%s'", st->path[i]);
		else
			renamed++;
	}
	if (ret) {
		int rb = roll_back(st, bak, renamed);
		size_t n = err ? strlen(err->msg) : 0;

		for (k = renamed; k < st->n; k++)
			unlink(st->tmp[k]);
		/*
		 * Files never replaced: a second name (a hard link) goes; one
		 * moved aside (no hard links there) comes back.
		 */
		for (k = renamed; k < st->n; k++) {
			struct stat sb;

			if (!bak[k])
				continue;
			if (lstat(st->path[k], &sb) < 0 && errno == ENOENT) {
				if (rename(bak[k], st->path[k]) < 0 && !rb)
					rb = -errno;
			} else {
				unlink(bak[k]);
			}
		}
		if (err && rb)
			snprintf(err->msg + n, sizeof(err->msg) - n,
				 "; and the earlier files could not all be put back (%s): some are left as *.tmp*.old",
				 fr_strerror(rb, eb, sizeof(eb)));
		else if (err)
			snprintf(err->msg + n, sizeof(err->msg) - n, "; the earlier files are unchanged");
	} else {
		for (k = 0; k < st->n; k++)
			if (bak[k])
				unlink(bak[k]);
	}
	for (i = 0; i < st->n; i++)
		if ((!i || strcmp(st->path[i], st->path[i - 1])) && (!ret || i < renamed))
			sync_dir_of(st->path[i]);
	for (i = 0; i < st->n; i++)
		free(bak[i]);
	free(bak);
	stage_free(st);
	return ret;
}

int fr_write_atomic(const char *path, const char *data, size_t len,
		    struct fr_err *err)
{
	struct fr_stage st = { NULL, NULL, 0 };
	struct stat sb;
	int ret;

	/*
	 * A character device or a FIFO (/dev/null, /dev/stdout, a pipe) is
	 * written through, as a shell redirection writes it: a rename would
	 * replace it with a file. A block device is refused (stage_begin()):
	 * it holds a disk.
	 */
	if (!stat(path, &sb) && (S_ISCHR(sb.st_mode) || S_ISFIFO(sb.st_mode))) {
		int fd = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC);

		if (fd < 0)
			return fr_errf_errno(err, "cannot open '%s' for writing", path);
		ret = write_all(fd, data, len);
		if (close(fd) < 0 && !ret)
			ret = -errno;
		return ret ? fr_errf(err, ret, "cannot write '%s': %s", path, strerror(-ret)) : 0;
	}
	ret = fr_stage_file(&st, path, data, len, err);

	if (ret) {
		fr_stage_abort(&st);
		return ret;
	}
	return fr_stage_commit(&st, err);
}

int fr_create_new(const char *path)
{
	int fd;

	if (unlink(path) < 0 && errno != ENOENT)
		return -errno;
	/* O_EXCL|O_NOFOLLOW: a name planted again since the unlink is refused, not followed. */
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
	return fd < 0 ? -errno : fd;
}
