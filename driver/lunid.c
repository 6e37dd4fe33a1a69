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

int lunid_write(const char *jobs_dir, const struct vvol *vv, struct fr_err *err)
{
	char *text = NULL, path[4096], eb[128];
	size_t len = 0;
	unsigned int i;
	FILE *f = open_memstream(&text, &len);
	int ret = 0;

	if (!f)
		return fr_errf(err, -ENOMEM, "out of memory");
	fprintf(f, "# fiorion: each LUN as the run began: kind (f file, b device), device, inode or diskseq, bytes, path\n");
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

/* One line of luns.id against the LUN now: 0, or -ESTALE with @err. */
static int check_line(const char *line, struct fr_err *err)
{
	struct lun_id was, now;
	char eb[128];
	int pos = 0, ret;
	const char *path;

	if (sscanf(line, "%c %u:%u %" SCNu64 " %" SCNu64 " %n", &was.kind, &was.maj, &was.min,
		   &was.ino, &was.size, &pos) != 5 ||
	    !pos)
		return 0; /* not a LUN line */
	path = line + pos;
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

int lunid_check(const char *jobs_dir, struct fr_err *err)
{
	char path[4096], *text = NULL, *line, *save = NULL;
	size_t len;
	int ret;

	snprintf(path, sizeof(path), "%s/luns.id", jobs_dir);
	if (access(path, F_OK))
		return 0;
	ret = fr_read_file(path, "the run's LUN list", 1 << 20, FR_READ_REGULAR | FR_READ_TEXT,
			   &text, &len, err);
	if (ret)
		return ret;
	for (line = strtok_r(text, "\n", &save); line && !ret; line = strtok_r(NULL, "\n", &save))
		if (line[0] != '#')
			ret = check_line(line, err);
	free(text);
	return ret;
}
