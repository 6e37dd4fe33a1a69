/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * gptscan.c -- GPT headers found without libblkid (gptscan.h).
 */
#include "gptscan.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <linux/fs.h>

/* CRC-32 as the UEFI specification uses it (IEEE 802.3, reflected). */
static uint32_t crc32_ieee(const unsigned char *p, size_t n)
{
	uint32_t c = 0xffffffffu;
	size_t i;
	int k;

	for (i = 0; i < n; i++) {
		c ^= p[i];
		for (k = 0; k < 8; k++)
			c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1u)));
	}
	return ~c;
}

static uint32_t le32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint64_t le64(const unsigned char *p)
{
	return (uint64_t)le32(p) | (uint64_t)le32(p + 4) << 32;
}

/* A GPT header at LBA @lba of @ssz-byte sectors in @fd: 1, 0, or -errno. */
static int header_at(int fd, uint64_t lba, unsigned int ssz)
{
	unsigned char h[4096];
	uint32_t hsize, crc;
	ssize_t n = pread(fd, h, ssz, (off_t)(lba * ssz));

	if (n < 0)
		return -errno;
	if ((size_t)n < 92 || memcmp(h, "EFI PART", 8))
		return 0;
	hsize = le32(h + 12);
	if (hsize < 92 || hsize > (uint32_t)n || le64(h + 24) != lba)
		return 0;
	crc = le32(h + 16);
	memset(h + 16, 0, 4);
	return crc32_ieee(h, hsize) == crc;
}

int gpt_find(const char *path, char *what, size_t len)
{
	static const unsigned int sizes[] = { 512, 4096 };
	uint64_t size = 0;
	struct stat st;
	unsigned int i;
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK), ret = 0;

	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) < 0)
		ret = -errno;
	else if (S_ISREG(st.st_mode))
		size = (uint64_t)st.st_size;
	else if (S_ISBLK(st.st_mode) && ioctl(fd, BLKGETSIZE64, &size) < 0)
		ret = -errno;
	for (i = 0; i < sizeof(sizes) / sizeof(sizes[0]) && !ret; i++) {
		unsigned int ssz = sizes[i];

		if (size < 3ull * ssz)
			continue;
		ret = header_at(fd, 1, ssz);
		if (ret == 1)
			snprintf(what, len, "a partition table (gpt: its primary header at byte %u, with no protective MBR)",
				 ssz);
		if (ret)
			break;
		ret = header_at(fd, size / ssz - 1, ssz);
		if (ret == 1)
			snprintf(what, len,
				 "a partition table (gpt: its backup header in the last %u bytes, with no protective MBR or primary header)",
				 ssz);
	}
	close(fd);
	return ret;
}
