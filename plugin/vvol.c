/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * vvol.c -- build ORION's virtual volume from a LUN list and map volume
 * offsets onto (LUN, offset) extents.
 *
 * Checking is done once, here, so that the I/O path can trust the
 * geometry: every error names the .lun file, its line, the LUN path and
 * the reason, in one sentence for the caller to print.
 */
#include "vvol.h"

#include "fr_file.h"
#include "fr_lunlist.h"
#include "fr_sysblock.h"
#include "lunsafe.h"

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <linux/fs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#define MIN_ALIGN 512u

const char *vvol_layout_name(enum vvol_layout layout)
{
	return layout == VVOL_RAID0 ? "raid0" : "concat";
}

static void free_luns(struct vvol_lun *luns, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		free(luns[i].path);
	free(luns);
}

void vvol_close(struct vvol *vv)
{
	unsigned int i;

	if (!vv)
		return;
	for (i = 0; i < vv->nluns; i++) {
		if (vv->luns[i].fd >= 0)
			close(vv->luns[i].fd);
		vv->luns[i].fd = -1;
	}
}

void vvol_free(struct vvol *vv)
{
	if (!vv)
		return;
	vvol_close(vv);
	free_luns(vv->luns, vv->nluns);
	free(vv);
}

/* Where a LUN came from, for messages: "disks.lun:3" or "luns= entry 2". */
static void lun_where(const struct vvol *vv, const struct vvol_lun *l,
		      char *buf, size_t len)
{
	if (!strcmp(vv->source, "luns=") || !strcmp(vv->source, "filename="))
		snprintf(buf, len, "%s entry %u", vv->source, l->line);
	else
		snprintf(buf, len, "%s:%u", vv->source, l->line);
}

static int add_lun(struct vvol *vv, unsigned int *cap, const char *p,
		   size_t len, unsigned int line)
{
	struct vvol_lun *l;

	if (vv->nluns == *cap) {
		unsigned int ncap = *cap ? *cap * 2 : 8;
		struct vvol_lun *n = realloc(vv->luns, ncap * sizeof(*n));

		if (!n)
			return -ENOMEM;
		vv->luns = n;
		*cap = ncap;
	}
	l = &vv->luns[vv->nluns];
	memset(l, 0, sizeof(*l));
	l->fd = -1;
	l->line = line;
	l->path = strndup(p, len);
	if (!l->path)
		return -ENOMEM;
	vv->nluns++;
	return 0;
}

struct add_ctx {
	struct vvol *vv;
	unsigned int cap;
};

static int add_entry(void *arg, const char *name, size_t len, unsigned int line)
{
	struct add_ctx *c = arg;

	return add_lun(c->vv, &c->cap, name, len, line);
}

/* Split @text into LUN paths: lines (.lun file) or colons (luns=). */
static int parse_list(struct vvol *vv, const char *text, char sep)
{
	struct add_ctx c = { vv, 0 };

	return fr_lunlist_each(text, sep, add_entry, &c);
}

/* fio's files, each a LUN: numbered from 1 in fio's order. */
static int add_files(struct vvol *vv, const char *const *files, unsigned int n)
{
	struct add_ctx c = { vv, 0 };
	unsigned int i;
	int ret = 0;

	for (i = 0; i < n && !ret; i++)
		ret = add_entry(&c, files[i], strlen(files[i]), i + 1);
	return ret;
}

/* A .lun file: text, at most 64 MiB (a list of paths, not a disk image). */
static int read_lunfile(const char *path, char **out, struct fr_err *err)
{
	size_t len;

	return fr_read_file(path, "lun file", 64u << 20, FR_READ_TEXT, out, &len, err);
}

/* vvol_splits()'s limits, from the queue of device @dev (@l's disk, or the one under its filesystem). */
static void bio_limits(struct vvol_lun *l, dev_t dev)
{
	unsigned long long kb = 0, segs = 0, chunk = 0, start = 0;
	long pg = sysconf(_SC_PAGESIZE);

	l->bio_bytes = fr_sysblock_queue(dev, "max_sectors_kb", &kb) ? kb * 1024u : 0;
	l->bio_pages = fr_sysblock_queue(dev, "max_segments", &segs) ? segs : 0;
	l->page = pg > 0 ? (unsigned int)pg : 4096u;
	if (l->is_bdev && fr_sysblock_queue(dev, "chunk_sectors", &chunk) && chunk) {
		l->bio_chunk = chunk * 512u;
		l->bio_base = fr_sysblock_attr(dev, "start", &start) ? start * 512u : 0;
	}
}

/* Examine one LUN: kind, readability, size, alignment, identity. */
static int probe_lun(struct vvol *vv, struct vvol_lun *l, struct fr_err *err)
{
	char where[512], eb[128];
	struct stat st;
	int fd, ret = 0;

	lun_where(vv, l, where, sizeof(where));
	if (stat(l->path, &st) < 0) {
		ret = -errno;
		return fr_errf(err, ret, "%s: LUN '%s': %s", where, l->path,
			       fr_strerror(ret, eb, sizeof(eb)));
	}
	if (S_ISDIR(st.st_mode))
		return fr_errf(err, -EISDIR,
			       "%s: LUN '%s' is a directory; a LUN must be a file or a block device",
			       where, l->path);
	if (!S_ISREG(st.st_mode) && !S_ISBLK(st.st_mode))
		return fr_errf(err, -EINVAL,
			       "%s: LUN '%s' is not a regular file or block device",
			       where, l->path);
	fd = open(l->path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {
		ret = -errno;
		return fr_errf(err, ret, "%s: LUN '%s' is unreadable: %s", where,
			       l->path, fr_strerror(ret, eb, sizeof(eb)));
	}
	l->is_bdev = S_ISBLK(st.st_mode);
	l->align = MIN_ALIGN;
	if (l->is_bdev) {
		uint64_t bytes = 0;
		int ssz = 0;

		if (ioctl(fd, BLKGETSIZE64, &bytes) < 0) {
			ret = -errno;
			fr_errf(err, ret, "%s: LUN '%s': BLKGETSIZE64: %s",
				where, l->path, fr_strerror(ret, eb, sizeof(eb)));
			goto out;
		}
		/* Logical block sizes are powers of two; vio.c relies on it. */
		if (ioctl(fd, BLKSSZGET, &ssz) == 0 && ssz > (int)MIN_ALIGN &&
		    !(ssz & (ssz - 1)))
			l->align = (unsigned int)ssz;
		l->size = bytes;
		l->dev = st.st_rdev;
		l->ino = 0;
	} else {
		l->size = (uint64_t)st.st_size;
		l->dev = st.st_dev;
		l->ino = st.st_ino;
	}
	bio_limits(l, l->is_bdev ? st.st_rdev : st.st_dev);
	if (l->size == 0)
		ret = fr_errf(err, -EINVAL, "%s: LUN '%s' has zero size", where,
			      l->path);
out:
	close(fd);
	return ret;
}

static int check_duplicates(struct vvol *vv, struct fr_err *err)
{
	unsigned int i, j;
	char where[512];

	for (i = 1; i < vv->nluns; i++) {
		for (j = 0; j < i; j++) {
			struct vvol_lun *a = &vv->luns[j], *b = &vv->luns[i];

			if (a->is_bdev != b->is_bdev || a->dev != b->dev ||
			    a->ino != b->ino)
				continue;
			lun_where(vv, b, where, sizeof(where));
			return fr_errf(err, -EINVAL,
				       "%s: LUN '%s' is listed twice (same %s as '%s', entry on line %u)",
				       where, b->path,
				       b->is_bdev ? "device" : "file", a->path,
				       a->line);
		}
	}
	return 0;
}

static int layout_volume(struct vvol *vv, struct fr_err *err)
{
	char where[512];
	uint64_t min = UINT64_MAX, per;
	unsigned int i;

	vv->align = MIN_ALIGN;
	for (i = 0; i < vv->nluns; i++)
		if (vv->luns[i].align > vv->align)
			vv->align = vv->luns[i].align;

	if (vv->layout == VVOL_CONCAT) {
		uint64_t start = 0;

		for (i = 0; i < vv->nluns; i++) {
			struct vvol_lun *l = &vv->luns[i];

			l->usable = l->size / vv->align * vv->align;
			if (!l->usable) {
				lun_where(vv, l, where, sizeof(where));
				return fr_errf(err, -EINVAL,
					       "%s: LUN '%s' is smaller than one block (%" PRIu64 " < %u bytes)",
					       where, l->path, l->size,
					       vv->align);
			}
			l->start = start;
			start += l->usable;
		}
		vv->size = start;
		return 0;
	}

	if (vv->stripe % vv->align)
		return fr_errf(err, -EINVAL,
			       "stripe of %" PRIu64 " bytes is not a multiple of the LUN block size (%u bytes)",
			       vv->stripe, vv->align);
	for (i = 0; i < vv->nluns; i++) {
		struct vvol_lun *l = &vv->luns[i];

		if (l->size < vv->stripe) {
			lun_where(vv, l, where, sizeof(where));
			return fr_errf(err, -EINVAL,
				       "%s: LUN '%s' is smaller than one stripe (%" PRIu64 " < %" PRIu64 " bytes); use a smaller stripe or simulate=concat",
				       where, l->path, l->size, vv->stripe);
		}
		if (l->size < min)
			min = l->size;
	}
	per = min / vv->stripe * vv->stripe;
	for (i = 0; i < vv->nluns; i++)
		vv->luns[i].usable = per;
	vv->size = per * vv->nluns;
	return 0;
}

int vvol_load(struct vvol **out, const struct vvol_conf *conf,
	      struct fr_err *err)
{
	struct vvol *vv;
	char *text = NULL;
	unsigned int i;
	int ret;

	*out = NULL;
	ret = vvol_conf_check(conf, err);
	if (ret)
		return ret;
	vv = calloc(1, sizeof(*vv));
	if (!vv)
		return fr_errf(err, -ENOMEM, "out of memory");

	if (!conf->simulate || !strcasecmp(conf->simulate, "concat")) {
		vv->layout = VVOL_CONCAT;
	} else if (!strcasecmp(conf->simulate, "raid0")) {
		vv->layout = VVOL_RAID0;
	} else {
		ret = fr_errf(err, -EINVAL,
			      "simulate=%s: must be concat or raid0",
			      conf->simulate);
		goto out_free;
	}
	vv->stripe = conf->stripe ? conf->stripe : VVOL_DEFAULT_STRIPE;

	if (conf->lunfile) {
		vv->source = conf->lunfile;
		ret = read_lunfile(conf->lunfile, &text, err);
		if (ret)
			goto out_free;
		ret = parse_list(vv, text, '\n');
	} else if (conf->luns) {
		vv->source = "luns=";
		ret = parse_list(vv, conf->luns, ':');
	} else {
		vv->source = "filename=";
		ret = add_files(vv, conf->files, conf->nfiles);
	}
	free(text);
	if (ret) {
		fr_errf(err, ret, "out of memory");
		goto out_free;
	}
	if (!vv->nluns) {
		ret = conf->lunfile
			? fr_errf(err, -EINVAL,
				  "lun file '%s' lists no LUNs (expected one file or device path per line)",
				  conf->lunfile)
			: fr_errf(err, -EINVAL, "%s lists no LUNs", vv->source);
		goto out_free;
	}
	for (i = 0; i < vv->nluns; i++) {
		ret = probe_lun(vv, &vv->luns[i], err);
		if (ret)
			goto out_free;
	}
	ret = check_duplicates(vv, err);
	if (ret)
		goto out_free;
	ret = layout_volume(vv, err);
	if (ret)
		goto out_free;
	*out = vv;
	return 0;

out_free:
	vvol_free(vv);
	return ret;
}

int vvol_check_writable(const struct vvol *vv, int flags, struct fr_err *err)
{
	unsigned int i;
	int ret;

	for (i = 0; i < vv->nluns; i++) {
		ret = lun_check_writable(vv->luns[i].path, flags & VVOL_ALLOW_SIGNATURES, err);
		if (ret)
			return ret;
	}
	return 0;
}

static int each_lun(const struct vvol *vv, int (*hold)(const char *, struct fr_err *),
		    struct fr_err *err)
{
	unsigned int i;
	int ret;

	for (i = 0; i < vv->nluns; i++) {
		ret = hold(vv->luns[i].path, err);
		if (ret)
			return ret;
	}
	return 0;
}

int vvol_hold(const struct vvol *vv, struct fr_err *err)
{
	return each_lun(vv, lun_hold, err);
}

int vvol_hold_here(const struct vvol *vv, struct fr_err *err)
{
	return each_lun(vv, lun_hold_here, err);
}

int vvol_check_held(const struct vvol *vv, struct fr_err *err)
{
	return each_lun(vv, lun_check_held, err);
}

int vvol_open(struct vvol *vv, int flags, struct fr_err *err)
{
	int oflags = O_CLOEXEC, ret;
	char where[512], eb[128];
	unsigned int i;

	if (flags & VVOL_WRITE) {
		ret = vvol_check_writable(vv, flags, err);
		if (ret)
			return ret;
	}
	oflags |= (flags & VVOL_WRITE) ? O_RDWR : O_RDONLY;
	if (flags & VVOL_DIRECT)
		oflags |= O_DIRECT;
	vvol_close(vv);
	for (i = 0; i < vv->nluns; i++) {
		struct vvol_lun *l = &vv->luns[i];

		l->fd = open(l->path, oflags);
		if (l->fd >= 0)
			continue;
		ret = -errno;
		lun_where(vv, l, where, sizeof(where));
		if (ret == -EINVAL && (flags & VVOL_DIRECT))
			fr_errf(err, ret,
				"%s: LUN '%s': its filesystem refuses O_DIRECT (direct=1); put the LUN on one that supports it or run with direct=0",
				where, l->path);
		else
			fr_errf(err, ret, "%s: cannot open LUN '%s' %s: %s",
				where, l->path,
				(flags & VVOL_WRITE) ? "for writing" : "for reading",
				fr_strerror(ret, eb, sizeof(eb)));
		vvol_close(vv);
		return ret;
	}
	vv->open_flags = flags;
	return 0;
}

int vvol_map(const struct vvol *vv, uint64_t off, uint64_t len,
	     struct vvol_extent *ext)
{
	if (!len || off >= vv->size || len > vv->size - off)
		return -ERANGE;

	if (vv->layout == VVOL_RAID0) {
		uint64_t k = off / vv->stripe, in = off % vv->stripe;

		ext->lun = (unsigned int)(k % vv->nluns);
		ext->off = (k / vv->nluns) * vv->stripe + in;
		ext->len = vv->stripe - in < len ? vv->stripe - in : len;
		/* vvol.h: never across a stripe, never past the LUN's share. */
		assert(ext->len && in + ext->len <= vv->stripe &&
		       ext->off + ext->len <= vv->luns[ext->lun].usable);
		return 0;
	} else {
		unsigned int lo = 0, hi = vv->nluns - 1;
		const struct vvol_lun *l;
		uint64_t room;

		/* Last LUN whose start is <= off. */
		while (lo < hi) {
			unsigned int mid = lo + (hi - lo + 1) / 2;

			if (vv->luns[mid].start <= off)
				lo = mid;
			else
				hi = mid - 1;
		}
		l = &vv->luns[lo];
		room = l->start + l->usable - off;
		ext->lun = lo;
		ext->off = off - l->start;
		ext->len = room < len ? room : len;
		/* vvol.h: never across the end of the LUN's usable bytes. */
		assert(off >= l->start && ext->len && ext->off + ext->len <= l->usable);
		return 0;
	}
}

unsigned int vvol_max_extents(const struct vvol *vv, uint64_t len)
{
	uint64_t n;

	if (vv->layout == VVOL_RAID0)
		n = len / vv->stripe + 2;
	else
		n = vv->nluns;
	return n > 65536 ? 65536 : (unsigned int)n;
}
