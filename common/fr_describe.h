/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fr_describe.h -- the engine's describe=1 lines: what a host has (its
 * fio, its engine, the volume and each LUN), written by the engine
 * (plugin/fio_engine.c) where fio runs and read back by fiorion's probe
 * of a multi-host run's hosts (driver/hosts.c) from fio's client output.
 *
 * Each line is FR_DESC_PREFIX and one of the four formats below (a fio
 * client puts "<hostname> " before it). A reader skips a line of none of
 * them, so an engine may add a format: an older fiorion ignores it, and
 * an older engine's host is one whose line is missing. The writer prints the formats;
 * fr_desc_parse() reads them, so the two cannot drift apart.
 */
#ifndef FIORION_FR_DESCRIBE_H
#define FIORION_FR_DESCRIBE_H

#define FR_DESC_PREFIX "fiorion: describe: "

/* fio's version, the engine's version, volume bytes, alignment, LUN count. */
#define FR_DESC_VOLUME_FMT FR_DESC_PREFIX "fio %s engine %s volume %llu align %u luns %u\n"
/* LUN k (1-based): its bytes, its path (last: a path may hold spaces). */
#define FR_DESC_LUN_FMT FR_DESC_PREFIX "lun %u size %llu path %s\n"
/* LUN k reads from nowhere in places (lun_unbacked()'s words). */
#define FR_DESC_UNBACKED_FMT FR_DESC_PREFIX "lun %u unbacked %s\n"
/*
 * The backend the engine runs (vio's: "io_uring", "libaio", "psync",
 * "null") and the host's kernel, uname's "sysname release machine" (last:
 * it holds spaces).
 */
#define FR_DESC_HOST_FMT FR_DESC_PREFIX "backend %s kernel %s\n"

enum fr_desc_kind {
	FR_DESC_NONE,
	FR_DESC_VOLUME,
	FR_DESC_LUN,
	FR_DESC_UNBACKED,
	FR_DESC_HOST
};

struct fr_desc {
	enum fr_desc_kind kind;
	char fio[64], engine[64];  /* VOLUME: the versions (63 bytes at most) */
	unsigned long long size;   /* VOLUME: the volume's bytes; LUN: the LUN's */
	unsigned int align, nluns; /* VOLUME */
	unsigned int lun;	   /* LUN, UNBACKED: 1-based, not range-checked */
	const char *path;	   /* LUN: into the parsed text */
	char unbacked[256];	   /* UNBACKED: the words (255 bytes at most) */
	char backend[32];	   /* HOST: one word (31 bytes at most) */
	char kernel[256];	   /* HOST: the rest of the line (255 bytes at most) */
};

/*
 * One line's text after FR_DESC_PREFIX, its newline removed: which of
 * the four it is, its fields in @d. FR_DESC_NONE: none of them.
 */
enum fr_desc_kind fr_desc_parse(const char *s, struct fr_desc *d);

#endif
