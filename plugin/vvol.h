/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * vvol.h -- ORION's virtual volume: LUNs concatenated or striped RAID-0.
 *
 * A struct vvol is built from a list of LUNs (an ORION .lun file, an
 * inline colon-separated list, or the names fio made files of). Each LUN is a regular file or a block
 * device. Invariants after vvol_load():
 *   - every LUN exists, is a regular file or block device, is readable,
 *     has a non-zero size and is listed once (same device and inode);
 *   - concat: LUN i covers volume bytes [start_i, start_i + usable_i),
 *     usable_i being its size rounded down to the volume's alignment;
 *   - raid0: every LUN contributes the same number of whole stripes,
 *     taken from the smallest LUN; stripe k of the volume lives on LUN
 *     k % n at LUN offset (k / n) * stripe.
 * vvol_map() never returns an extent that crosses a LUN or a stripe.
 *
 * The volume knows nothing about fio or ORION. File descriptors are
 * opened by vvol_open() (in the process that does the I/O) and closed by
 * vvol_close(); a vvol is not shared between threads that open it.
 */
#ifndef FIORION_VVOL_H
#define FIORION_VVOL_H

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>

#include "fr_err.h"

enum vvol_layout {
	VVOL_CONCAT = 0,
	VVOL_RAID0 = 1,
};

enum vvol_open_flags {
	VVOL_DIRECT = (1 << 0), /* O_DIRECT; aligned buffers and offsets */
	VVOL_WRITE = (1 << 1),	/* open read-write (else read-only) */
	/*
	 * With VVOL_WRITE: write a LUN that carries a filesystem, RAID or
	 * partition signature (a mounted or held LUN is refused anyway).
	 */
	VVOL_ALLOW_SIGNATURES = (1 << 2),
};

#define VVOL_DEFAULT_STRIPE (1024ULL * 1024)

struct vvol_conf {
	const char *lunfile;  /* ORION .lun file, or NULL */
	const char *luns;     /* "A:B:C", or NULL; exactly one source is set */
	const char *simulate; /* "concat" or "raid0"; NULL = concat */
	uint64_t stripe;      /* bytes; 0 = VVOL_DEFAULT_STRIPE */
	/*
	 * Or fio's own files (filename=), one LUN each, the names already
	 * split as fio splits them: paths taken whole, nothing trimmed.
	 */
	const char *const *files;
	unsigned int nfiles;
};

struct vvol_lun {
	char *path;
	unsigned int line; /* line in the .lun file, or position in luns= */
	int fd;		   /* -1 until vvol_open() */
	bool is_bdev;
	uint64_t size;	    /* bytes, as the LUN reports it */
	uint64_t usable;    /* bytes the volume uses from it */
	uint64_t start;	    /* concat: volume offset of its first byte */
	unsigned int align; /* bytes; O_DIRECT offset/length alignment */
	uint64_t dev, ino;  /* identity, to catch a LUN listed twice */
	/*
	 * The most one bio of the LUN's device (its disk, or the one under
	 * its filesystem) takes: queue/max_sectors_kb in bytes, and
	 * queue/max_segments in pages; 0 where sysfs does not say.
	 */
	uint64_t bio_bytes;
	uint64_t bio_pages;
	/*
	 * queue/chunk_sectors in bytes, and where the LUN starts on its disk
	 * (a partition's start): an I/O across a chunk boundary is split.
	 * A block-device LUN's only (a file's offsets are not its disk's);
	 * 0: none.
	 */
	uint64_t bio_chunk, bio_base;
	unsigned int page; /* the page size, bytes (0: 4096) */
};

struct vvol {
	enum vvol_layout layout;
	uint64_t stripe;    /* raid0 stripe depth, bytes */
	uint64_t size;	    /* volume size, bytes */
	unsigned int align; /* largest LUN alignment, bytes (>= 512) */
	unsigned int nluns;
	struct vvol_lun *luns;
	const char *source; /* the .lun file name, "luns=" or "filename=" */
	int open_flags;	    /* flags of the last vvol_open() */
};

/*
 * Whether a direct I/O of @len bytes at @buf, offset @off, on @l may be
 * split by the kernel into more than one bio: more bytes than the device
 * takes in one, more pages than its segments (each page a segment of its
 * own, as user memory usually is), or across a chunk boundary. Such an
 * I/O, submitted without waiting (io_uring's first try, REQ_NOWAIT), is
 * refused with EAGAIN after the block throttle has charged it, and
 * charged again when retried: a cgroup-throttled device then reads at
 * half its limit (backend_uring.c).
 */
static inline bool vvol_splits(const struct vvol_lun *l, const void *buf, uint64_t off, uint64_t len)
{
	uint64_t pg = l->page ? l->page : 4096u, pages = (((uintptr_t)buf % pg) + len + pg - 1) / pg;
	uint64_t at = l->bio_base + off;

	return (l->bio_bytes && len > l->bio_bytes) || (l->bio_pages && pages > l->bio_pages) ||
		(l->bio_chunk && len && at / l->bio_chunk != (at + len - 1) / l->bio_chunk);
}

/* One piece of a volume range that sits on one LUN, inside one stripe. */
struct vvol_extent {
	unsigned int lun; /* index into vv->luns */
	uint64_t off;	  /* offset in the LUN */
	uint64_t len;	  /* bytes */
};

/*
 * Parse the LUN list of @conf, examine every LUN and compute the volume.
 * Returns 0 and a new volume in *@out (free with vvol_free()), or a
 * negative errno with @err naming the .lun file, line, path and reason.
 * Opens each LUN only briefly; nothing stays open.
 */
int vvol_load(struct vvol **out, const struct vvol_conf *conf,
	      struct fr_err *err);

/*
 * Whether @conf names its LUNs exactly once (lunfile=, luns= or
 * filename=): 0, or -EINVAL and @err saying which are missing or given
 * twice. vvol_load() checks it first; a job file's parser, at its line.
 * Inline, so that a parser says the same words without linking the
 * volume (and the LUN probes under it).
 */
static inline int vvol_conf_check(const struct vvol_conf *conf, struct fr_err *err)
{
	const char *given[3];
	unsigned int n = 0;

	if (conf->nfiles)
		given[n++] = "filename=";
	if (conf->luns)
		given[n++] = "luns=";
	if (conf->lunfile)
		given[n++] = "lunfile=";
	if (n == 1)
		return 0;
	if (!n)
		return fr_errf(err, -EINVAL,
			       "no LUNs: give filename=A:B (fio's own: devices or files, ':' between them), luns=A:B or lunfile=FILE");
	/* Two lists of LUNs, one volume: which was meant is not ours to guess. */
	return fr_errf(err, -EINVAL,
		       "%s and %s both name the LUNs: give one, not both (filename= is fio's own list of devices or files; luns= and lunfile= are the engine's)",
		       given[0], given[1]);
}

/*
 * Open every LUN with @flags (enum vvol_open_flags). With VVOL_DIRECT a
 * filesystem that refuses O_DIRECT is an error, never a silent fallback.
 * With VVOL_WRITE each LUN is checked first (vvol_check_writable()).
 * Returns 0 or a negative errno (every LUN is closed again; -FR_ESAFETY
 * for a LUN refused to protect its data) and @err.
 */
int vvol_open(struct vvol *vv, int flags, struct fr_err *err);

/*
 * Whether every LUN may be written (lunsafe.h: not mounted, not held, no
 * signature unless @flags has VVOL_ALLOW_SIGNATURES). 0 or -FR_ESAFETY.
 */
int vvol_check_writable(const struct vvol *vv, int flags, struct fr_err *err);

/*
 * Hold every LUN's block devices exclusively until the process ends
 * (lun_hold()): nothing mounts them while the run writes. -FR_ESAFETY
 * when one is in use already. vvol_hold() names the holds for a fio
 * this process starts (FIORION_HELD); vvol_hold_here() holds for this
 * process, its threads and its forks only (lun_hold_here()).
 */
int vvol_hold(const struct vvol *vv, struct fr_err *err);
int vvol_hold_here(const struct vvol *vv, struct fr_err *err);

/*
 * After writing: a loop device attached over a LUN since the holds were
 * taken (lun_check_held()). 0 or -FR_ESAFETY.
 */
int vvol_check_held(const struct vvol *vv, struct fr_err *err);

/* Close whatever vvol_open() opened. Safe to call twice. */
void vvol_close(struct vvol *vv);

/* vvol_close() and free everything. NULL is fine. */
void vvol_free(struct vvol *vv);

/*
 * Map the first part of the volume range [@off, @off + @len) onto one
 * LUN: fills @ext with at most @len bytes that do not cross a LUN end or a
 * stripe. Returns 0, or -ERANGE when the range is empty or leaves the
 * volume. Callers loop, advancing by ext->len, to split a request.
 */
int vvol_map(const struct vvol *vv, uint64_t off, uint64_t len,
	     struct vvol_extent *ext);

/*
 * Most extents one request of @len bytes can need, for sizing queues.
 */
unsigned int vvol_max_extents(const struct vvol *vv, uint64_t len);

/* "concat" / "raid0" */
const char *vvol_layout_name(enum vvol_layout layout);

#endif
