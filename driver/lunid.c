/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * lunid.c -- the LUNs' size and identity, kept and checked (lunid.h).
 */
#include "lunid.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include <linux/fs.h>

#include "fr_err.h"
#include "fr_file.h"
#include "fr_lunlist.h"
#include "vvol.h"

struct lun_id {
	char kind;	       /* 'f' file, 'b' block device */
	unsigned int maj, min; /* st_dev of a file, st_rdev of a device */
	uint64_t ino;	       /* a file's inode; a device's diskseq (0: none) */
	uint64_t size;
};

/* What @path is now: 0, or -errno. */
static int id_of(const char *path, struct lun_id *id)
{
	struct stat st;

	if (stat(path, &st) < 0)
		return -errno;
	memset(id, 0, sizeof(*id));
	if (S_ISBLK(st.st_mode)) {
		char p[96];
		FILE *f;
		int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);

		if (fd < 0)
			return -errno;
		if (ioctl(fd, BLKGETSIZE64, &id->size) < 0) {
			int e = -errno;

			close(fd);
			return e;
		}
		close(fd);
		id->kind = 'b';
		id->maj = major(st.st_rdev);
		id->min = minor(st.st_rdev);
		snprintf(p, sizeof(p), "/sys/dev/block/%u:%u/diskseq", id->maj, id->min);
		f = fopen(p, "re");
		if (f) {
			if (fscanf(f, "%" SCNu64, &id->ino) != 1)
				id->ino = 0;
			fclose(f);
		}
		return 0;
	}
	id->kind = 'f';
	id->maj = major(st.st_dev);
	id->min = minor(st.st_dev);
	id->ino = (uint64_t)st.st_ino;
	id->size = (uint64_t)st.st_size;
	return 0;
}

int lunid_write(const char *jobs_dir, const struct vvol *vv, const char *lunfile,
		struct fr_err *err)
{
	char *text = NULL, path[4096], eb[128];
	size_t len = 0;
	unsigned int i;
	FILE *f = open_memstream(&text, &len);
	int ret = 0;

	if (!f)
		return fr_errf(err, -ENOMEM, "out of memory");
	fprintf(f, "# fiorion: each LUN as the run began: kind (f file, b device), device, inode or diskseq, bytes, path\n");
	/* The engine reads the .lun again at every point: the list is part of the identity. */
	if (lunfile)
		fprintf(f, "# the .lun file every point reads, which must list these LUNs, in this order\n"
			   "lunfile %s\n",
			lunfile);
	for (i = 0; i < vv->nluns && !ret; i++) {
		const char *lun = vv->luns[i].path;
		struct lun_id id;

		ret = id_of(lun, &id);
		if (ret)
			fr_errf(err, ret, "LUN '%s': %s", lun, fr_strerror(ret, eb, sizeof(eb)));
		else
			fprintf(f, "%c %u:%u %" PRIu64 " %" PRIu64 " %s\n", id.kind, id.maj, id.min,
				id.ino, id.size, lun);
	}
	fclose(f);
	snprintf(path, sizeof(path), "%s/luns.id", jobs_dir);
	if (!ret)
		ret = fr_write_atomic(path, text, len, err);
	free(text);
	return ret;
}

/* A LUN line of luns.id: 1 with @was and *@path (in @line) filled, else 0. */
static int parse_line(const char *line, struct lun_id *was, const char **path)
{
	int pos = 0;

	if (sscanf(line, "%c %u:%u %" SCNu64 " %" SCNu64 " %n", &was->kind, &was->maj, &was->min,
		   &was->ino, &was->size, &pos) != 5 ||
	    !pos)
		return 0;
	*path = line + pos;
	return 1;
}

/* One LUN of luns.id against the LUN now: 0, or -ESTALE with @err. */
static int check_lun(const char *line, struct fr_err *err)
{
	struct lun_id was, now;
	const char *path;
	char eb[128];
	int ret;

	if (!parse_line(line, &was, &path))
		return 0;
	ret = id_of(path, &now);
	if (ret)
		return fr_errf(err, -ESTALE, "LUN '%s' is gone since the run began: %s", path,
			       fr_strerror(ret, eb, sizeof(eb)));
	if (now.kind != was.kind)
		return fr_errf(err, -ESTALE, "LUN '%s' is a %s now; the run began on a %s", path,
			       now.kind == 'b' ? "block device" : "file",
			       was.kind == 'b' ? "block device" : "file");
	if (now.maj != was.maj || now.min != was.min || now.ino != was.ino)
		return fr_errf(err, -ESTALE,
			       now.kind == 'b'
				       ? "LUN '%s' is another device now (device %u:%u, diskseq %" PRIu64 "; the run began on %u:%u, diskseq %" PRIu64 ")"
				       : "LUN '%s' is another file now (device %u:%u, inode %" PRIu64 "; the run began on %u:%u, inode %" PRIu64 ")",
			       path, now.maj, now.min, now.ino, was.maj, was.min, was.ino);
	if (now.size != was.size)
		return fr_errf(err, -ESTALE,
			       "LUN '%s' changed size: %" PRIu64 " bytes now, %" PRIu64 " when the run began",
			       path, now.size, was.size);
	return 0;
}

/* The .lun file's entries now, as the engine's parser (fr_lunlist) splits them. */
struct entries {
	const char **name;
	size_t *len, n, cap;
};

static int add_entry(void *arg, const char *name, size_t len, unsigned int line)
{
	struct entries *e = arg;

	(void)line;
	if (e->n == e->cap) {
		size_t cap = e->cap ? 2 * e->cap : 16;
		const char **nn = realloc(e->name, cap * sizeof(*nn));
		size_t *nl;

		if (nn)
			e->name = nn;
		nl = nn ? realloc(e->len, cap * sizeof(*nl)) : NULL;
		if (!nl)
			return -ENOMEM;
		e->len = nl;
		e->cap = cap;
	}
	e->name[e->n] = name;
	e->len[e->n++] = len;
	return 0;
}

/*
 * The list @lunfile gives now against the @n LUNs @was (paths) the run
 * began with: the same paths in the same order, or -ESTALE naming the
 * file and the first difference. Compared as written: the engine opens
 * what the file says, and luns.id has each LUN's identity by that name.
 */
static int check_list(const char *lunfile, const char *const *was, size_t n, struct fr_err *err)
{
	struct entries e = { 0 };
	char *text = NULL;
	size_t len, k;
	int ret;

	ret = fr_read_file(lunfile, "lun file", 64u << 20, FR_READ_TEXT, &text, &len, err);
	if (ret) {
		char why[sizeof(err->msg)];

		snprintf(why, sizeof(why), "%s", err->msg);
		return fr_errf(err, -ESTALE, "%s; the run began with it listing %zu LUN%s", why, n,
			       n == 1 ? "" : "s");
	}
	ret = fr_lunlist_each(text, '\n', add_entry, &e);
	if (ret)
		fr_errf(err, ret, "out of memory");
	for (k = 0; !ret && k < n && k < e.n; k++)
		if (strlen(was[k]) != e.len[k] || memcmp(was[k], e.name[k], e.len[k]))
			ret = fr_errf(err, -ESTALE, "%s: LUN %zu is now '%.*s', was '%s' when the run began",
				      lunfile, k + 1, (int)e.len[k], e.name[k], was[k]);
	if (!ret && e.n != n)
		ret = fr_errf(err, -ESTALE, "%s: names %zu LUN%s now, %zu when the run began (LUN %zu '%.*s' is %s)",
			      lunfile, e.n, e.n == 1 ? "" : "s", n, k + 1,
			      (int)(e.n > n ? e.len[k] : strlen(was[k])), e.n > n ? e.name[k] : was[k],
			      e.n > n ? "new" : "gone from it");
	free(e.name);
	free(e.len);
	free(text);
	return ret;
}

/* luns.id's .lun file, LUN lines and their paths, cut out of @text. */
static int recorded(char *text, const char **lunfile, char ***lines, const char ***paths, size_t *n)
{
	size_t max = strlen(text) / 2 + 1; /* a line is 2 bytes or more */
	char *line, *save = NULL;
	struct lun_id id;

	*lines = calloc(max, sizeof(**lines));
	*paths = calloc(max, sizeof(**paths));
	if (!*lines || !*paths)
		return -ENOMEM;
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		if (!strncmp(line, "lunfile ", 8))
			*lunfile = line + 8;
		else if (line[0] != '#' && parse_line(line, &id, &(*paths)[*n]))
			(*lines)[(*n)++] = line;
	return 0;
}

int lunid_check(const char *jobs_dir, struct fr_err *err)
{
	char path[4096], *text = NULL, **lines = NULL;
	const char *lunfile = NULL, **paths = NULL;
	size_t len, n = 0, i;
	int ret;

	snprintf(path, sizeof(path), "%s/luns.id", jobs_dir);
	if (access(path, F_OK))
		return 0;
	ret = fr_read_file(path, "the run's LUN list", 1 << 20, FR_READ_REGULAR | FR_READ_TEXT,
			   &text, &len, err);
	if (!ret && recorded(text, &lunfile, &lines, &paths, &n))
		ret = fr_errf(err, -ENOMEM, "out of memory");
	/* A luns.id of an earlier fiorion names no .lun file: its LUNs alone. */
	if (!ret && lunfile)
		ret = check_list(lunfile, paths, n, err);
	for (i = 0; !ret && i < n; i++)
		ret = check_lun(lines[i], err);
	free(paths);
	free(lines);
	free(text);
	return ret;
}
