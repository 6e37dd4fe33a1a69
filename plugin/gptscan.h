/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * gptscan.h -- a GPT header that libblkid does not report.
 *
 * libblkid reports a GPT only behind its protective MBR: with that first
 * sector gone (zeroed, or overwritten by another tool) the table is not
 * seen, though its primary header at LBA 1, or its backup header at the
 * last LBA, still says where every partition is. This looks for either
 * header itself: the "EFI PART" signature, a header size in range, the
 * header's own CRC32, and the header's own LBA field naming the sector
 * it is read from -- for 512- and 4096-byte sectors.
 */
#ifndef FIORION_GPTSCAN_H
#define FIORION_GPTSCAN_H

#include <stddef.h>

/*
 * Whether LUN @path carries a GPT header: 1 and @what filled ("a
 * partition table (gpt: its primary header at byte 512, no protective
 * MBR)"), 0 when not, or -errno when it cannot be read.
 */
int gpt_find(const char *path, char *what, size_t len);

#endif
