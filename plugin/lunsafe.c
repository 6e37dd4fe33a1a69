/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * lunsafe.c -- refuse to write a LUN that holds something (lunsafe.h):
 * mountinfo and sysfs for what is mounted or built on it, an exclusive
 * open for what the kernel holds, libblkid for what is written on it.
 */
#include "lunsafe.h"

#include <blkid/blkid.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <time.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include <linux/fiemap.h>
#include <linux/fs.h>
#include <sys/ioctl.h>

#include "fr_sysblock.h"
#include "gptscan.h"
#include "mountcheck.h"

/* mountinfo escapes blanks as \040 and the like. */
static void unescape(char *s)
{
	char *o = s;

	while (*s) {
		if (s[0] == '\\' && s[1] >= '0' && s[1] <= '7' && s[2] && s[3]) {
			*o++ = (char)(((s[1] - '0') << 6) | ((s[2] - '0') << 3) | (s[3] - '0'));
			s += 4;
		} else {
			*o++ = *s++;
		}
	}
	*o = '\0';
}

/* Where one of @d is mounted: 0 and @where filled, or -1. */
static int find_mount(const struct mc_devs *d, char *where, size_t len)
{
	FILE *f = fopen("/proc/self/mountinfo", "re");
	char line[4096];
	int found = -1;

	if (!f)
		return -1;
	while (found < 0 && fgets(line, sizeof(line), f)) {
		unsigned int maj, min, i;
		char mnt[2048], fstype[64];
		char *dash;

		if (sscanf(line, "%*u %*u %u:%u %*s %2047s", &maj, &min, mnt) != 3)
			continue;
		dash = strstr(line, " - ");
		if (!dash || sscanf(dash + 3, "%63s", fstype) != 1)
			snprintf(fstype, sizeof(fstype), "?");
		for (i = 0; i < d->n; i++) {
			if (d->dev[i] != makedev(maj, min))
				continue;
			unescape(mnt);
			snprintf(where, len, "'%s' is mounted on %s (%s)", d->name[i], mnt, fstype);
			found = 0;
			break;
		}
	}
	fclose(f);
	return found;
}

/* An active swap file that is the LUN file @st (/proc/swaps): 0 and @what filled, or -1. */
static int find_swap(const struct stat *st, char *what, size_t len)
{
	FILE *f = fopen("/proc/swaps", "re");
	char line[4096], name[4096];
	int found = -1;

	if (!f)
		return -1;
	while (found < 0 && fgets(line, sizeof(line), f)) {
		struct stat ss;

		if (sscanf(line, "%4095s", name) != 1 || !strcmp(name, "Filename"))
			continue;
		unescape(name);
		if (!stat(name, &ss) && S_ISREG(ss.st_mode) && S_ISREG(st->st_mode) &&
		    ss.st_dev == st->st_dev && ss.st_ino == st->st_ino) {
			snprintf(what, len, "it is an active swap file (%.2900s in /proc/swaps)", name);
			found = 0;
		}
	}
	fclose(f);
	return found;
}

/* A device built on one of @d (dm, md, LVM): its holders/ is not empty. */
static int find_holder(const struct mc_devs *d, char *what, size_t len)
{
	unsigned int i;

	for (i = 0; i < d->n; i++) {
		char p[PATH_MAX];
		struct dirent *e;
		DIR *dh;

		snprintf(p, sizeof(p), "/sys/dev/block/%u:%u/holders", major(d->dev[i]),
			 minor(d->dev[i]));
		dh = opendir(p);
		if (!dh)
			continue;
		while ((e = readdir(dh))) {
			if (e->d_name[0] == '.')
				continue;
			snprintf(what, len, "'%s' is held by %s (device-mapper, md or LVM is built on it)",
				 d->name[i], e->d_name);
			closedir(dh);
			return 0;
		}
		closedir(dh);
	}
	return -1;
}

/* What libblkid finds written on @path: 1 and @what filled, 0 nothing, -1 not probed. */
static int find_signature(const char *path, char *what, size_t len)
{
	const char *type = NULL, *label = NULL, *pttype = NULL, *usage = NULL;
	blkid_probe pr = blkid_new_probe_from_filename(path);
	int rc;

	if (!pr)
		return -1;
	blkid_probe_enable_superblocks(pr, 1);
	blkid_probe_set_superblocks_flags(pr, BLKID_SUBLKS_TYPE | BLKID_SUBLKS_LABEL | BLKID_SUBLKS_USAGE);
	blkid_probe_enable_partitions(pr, 1);
	blkid_probe_set_partitions_flags(pr, BLKID_PARTS_MAGIC);
	rc = blkid_do_safeprobe(pr);
	if (rc == -2) {
		snprintf(what, len, "more than one signature (filesystem, RAID or partition table)");
		blkid_free_probe(pr);
		return 1;
	}
	if (rc != 0) {
		blkid_free_probe(pr);
		return rc == 1 ? 0 : -1;
	}
	blkid_probe_lookup_value(pr, "TYPE", &type, NULL);
	blkid_probe_lookup_value(pr, "LABEL", &label, NULL);
	blkid_probe_lookup_value(pr, "USAGE", &usage, NULL);
	blkid_probe_lookup_value(pr, "PTTYPE", &pttype, NULL);
	if (type)
		snprintf(what, len, "a%s %s %s%s%s%s", strchr("aeiou", type[0]) ? "n" : "", type,
			 usage && !strcmp(usage, "raid") ? "RAID member" : usage && !strcmp(usage, "crypto") ? "encrypted volume"
				 : usage && !strcmp(usage, "other")					     ? "signature"
													     : "filesystem",
			 label ? " \"" : "", label ? label : "", label ? "\"" : "");
	else if (pttype)
		snprintf(what, len, "a partition table (%s)", pttype);
	else
		snprintf(what, len, "a signature libblkid recognises");
	blkid_free_probe(pr);
	return 1;
}

int lun_check_writable(const char *path, bool allow_signatures, struct fr_err *err)
{
	char what[3000];
	struct mc_devs *d;
	struct stat st;
	unsigned int i;
	int ret = 0;

	if (stat(path, &st))
		return 0; /* the open that follows names the error */
	d = calloc(1, sizeof(*d));
	if (!d)
		return fr_errf(err, -ENOMEM, "LUN '%s': out of memory", path);
	/* By device number and inode: hard links, bind mounts, loop chains alike. */
	mc_devices(&st, d);
	if (!find_mount(d, what, sizeof(what))) {
		ret = fr_errf(err, -FR_ESAFETY,
			      "LUN '%s': %s; writing would destroy that filesystem. Unmount it first (no option lifts this)",
			      path, what);
		goto out;
	}
	if (!find_swap(&st, what, sizeof(what))) {
		ret = fr_errf(err, -FR_ESAFETY,
			      "LUN '%s' is in use by the kernel: %s; writing would destroy what uses it (swapoff it first; no option lifts this)",
			      path, what);
		goto out;
	}
	if (!find_holder(d, what, sizeof(what))) {
		ret = fr_errf(err, -FR_ESAFETY, "LUN '%s': %s; writing would destroy it", path, what);
		goto out;
	}
	/*
	 * The kernel's own claim, which sees mounts in every namespace:
	 * each device under the LUN (itself, its partitions, loop devices
	 * over it) opened exclusively.
	 */
	for (i = 0; i < d->n; i++)
		if (mc_claimed(d->dev[i], d->name[i])) {
			ret = fr_errf(err, -FR_ESAFETY,
				      "LUN '%s': '%s' is in use by the kernel (mounted, possibly in another mount namespace, or held by device-mapper, md, LVM or another exclusive user); writing would destroy what uses it",
				      path, d->name[i]);
			goto out;
		}
	if (!allow_signatures && (find_signature(path, what, sizeof(what)) == 1 || gpt_find(path, what, sizeof(what)) == 1))
		ret = fr_errf(err, -FR_ESAFETY,
			      "LUN '%s' holds %s; writing would destroy it. If it may go, say so: -force_write (fiorion) or allow_signatures=1 (fio job files)",
			      path, what);
out:
	free(d);
	return ret;
}

int lun_hold_here(const char *path, struct fr_err *err)
{
	const char *name = NULL;
	struct mc_devs *d;
	struct stat st;
	char eb[128];
	int ret;

	if (stat(path, &st))
		return fr_errf_errno(err, "LUN '%s'", path);
	d = calloc(1, sizeof(*d));
	if (!d)
		return fr_errf(err, -ENOMEM, "LUN '%s': out of memory", path);
	mc_devices(&st, d);
	ret = mc_hold(d, &name);
	if (ret == -EBUSY)
		ret = fr_errf(err, -FR_ESAFETY,
			      "LUN '%s': '%s' is in use by the kernel (mounted, possibly in another mount namespace, or held by device-mapper, md, LVM or another exclusive user); writing would destroy what uses it",
			      path, name);
	else if (ret)
		ret = fr_errf(err, ret, "LUN '%s': cannot hold '%s' exclusively: %s", path, name,
			      fr_strerror(ret, eb, sizeof(eb)));
	free(d);
	return ret;
}

int lun_hold(const char *path, struct fr_err *err)
{
	int ret = lun_hold_here(path, err);

	if (!ret)
		mc_export();
	return ret;
}

int lun_check_held(const char *path, struct fr_err *err)
{
	const char *name;
	struct mc_devs *d;
	struct stat st;
	int ret = 0;

	if (!mc_holding() || stat(path, &st))
		return 0; /* nothing held to compare; a LUN gone is lunid's to say */
	d = calloc(1, sizeof(*d));
	if (!d)
		return fr_errf(err, -ENOMEM, "LUN '%s': out of memory", path);
	mc_devices(&st, d);
	name = mc_unheld(d);
	if (name)
		ret = fr_errf(err, -FR_ESAFETY,
			      "LUN '%s': loop device '%s' was attached over it while it was written: what uses '%s' may have been overwritten, and the I/O measured was not the LUN's alone",
			      path, name, name);
	free(d);
	return ret;
}

void lun_release_all(void)
{
	mc_release();
}

/* Extents with FIEMAP_EXTENT_UNWRITTEN, looked at in batches of 256. */
static int first_unwritten(int fd, unsigned long long size, unsigned long long *at)
{
	const unsigned int batch = 256;
	struct fiemap *fm = calloc(1, sizeof(*fm) + batch * sizeof(struct fiemap_extent));
	unsigned long long start = 0;
	int ret = 0;

	if (!fm)
		return -ENOMEM;
	while (start < size) {
		unsigned int i;

		memset(fm, 0, sizeof(*fm));
		fm->fm_start = start;
		fm->fm_length = size - start;
		fm->fm_flags = FIEMAP_FLAG_SYNC;
		fm->fm_extent_count = batch;
		if (ioctl(fd, FS_IOC_FIEMAP, fm) < 0) {
			ret = errno == EOPNOTSUPP || errno == ENOTTY ? 0 : -errno;
			break; /* a filesystem without FIEMAP: holes are all SEEK_HOLE sees */
		}
		if (!fm->fm_mapped_extents)
			break;
		for (i = 0; i < fm->fm_mapped_extents; i++) {
			const struct fiemap_extent *e = &fm->fm_extents[i];

			if (e->fe_flags & FIEMAP_EXTENT_UNWRITTEN) {
				*at = e->fe_logical;
				free(fm);
				return 1;
			}
			start = e->fe_logical + e->fe_length;
			if (e->fe_flags & FIEMAP_EXTENT_LAST)
				start = size;
		}
	}
	free(fm);
	return ret;
}

int lun_unbacked(const char *path, char *what, unsigned long len)
{
	unsigned long long at = 0;
	struct stat st;
	off_t hole;
	int fd, ret;

	if (stat(path, &st) || !S_ISREG(st.st_mode) || !st.st_size)
		return 0;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	/*
	 * Unwritten extents first: ext4 and xfs also report them as holes to
	 * SEEK_HOLE, and "preallocated" is the more useful diagnosis.
	 */
	ret = first_unwritten(fd, (unsigned long long)st.st_size, &at);
	if (ret == 1) {
		snprintf(what, len,
			 "preallocated but not written (fallocate): its first unwritten extent is at byte %llu of %lld",
			 at, (long long)st.st_size);
		close(fd);
		return 1;
	}
	hole = lseek(fd, 0, SEEK_HOLE);
	close(fd);
	if (hole >= 0 && hole < st.st_size) {
		snprintf(what, len, "a sparse file: its first hole is at byte %lld of %lld",
			 (long long)hole, (long long)st.st_size);
		return 1;
	}
	return ret;
}

int lun_prefill(const char *path, void (*progress)(const char *path, unsigned long long done, unsigned long long total),
		struct fr_err *err)
{
	const size_t chunk = 1u << 20;
	unsigned long long size, done = 0;
	uint64_t *buf, x = 0x9e3779b97f4a7c15ULL ^ (uint64_t)getpid();
	struct stat st;
	int fd;

	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd < 0)
		return fr_errf_errno(err, "-prefill: cannot open LUN '%s' for writing", path);
	if (fstat(fd, &st) < 0) {
		close(fd);
		return fr_errf_errno(err, "-prefill: LUN '%s'", path);
	}
	if (S_ISBLK(st.st_mode)) {
		uint64_t bytes = 0;

		if (ioctl(fd, BLKGETSIZE64, &bytes) < 0) {
			close(fd);
			return fr_errf_errno(err, "-prefill: LUN '%s': BLKGETSIZE64", path);
		}
		size = bytes;
	} else {
		size = (unsigned long long)st.st_size;
	}
	buf = malloc(chunk);
	if (!buf) {
		close(fd);
		return fr_errf(err, -ENOMEM, "-prefill: out of memory");
	}
	while (done < size) {
		size_t n = size - done < chunk ? (size_t)(size - done) : chunk, i, w = 0;

		/* xorshift64: a new incompressible chunk each time, cheaply. */
		for (i = 0; i < chunk / 8; i++) {
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
			buf[i] = x;
		}
		while (w < n) {
			ssize_t r = pwrite(fd, (char *)buf + w, n - w, (off_t)(done + w));

			if (r < 0 && errno == EINTR)
				continue;
			if (r <= 0) {
				int ret = fr_errf_errno(err, "-prefill: writing LUN '%s' at byte %llu",
							path, done + w);

				free(buf);
				close(fd);
				return ret;
			}
			w += (size_t)r;
		}
		done += n;
		if (progress && (done % (64ULL << 20) == 0 || done == size))
			progress(path, done, size);
	}
	free(buf);
	if (fsync(fd) < 0) {
		int ret = fr_errf_errno(err, "-prefill: fsync of LUN '%s'", path);

		close(fd);
		return ret;
	}
	close(fd);
	return 0;
}
