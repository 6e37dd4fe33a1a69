/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * placement.c -- prove where fio's blocks landed on the member files.
 *
 * Description: after fio wrote a volume through the engine with
 * verify=crc32c, every block carries fio's verify header, whose offset
 * field is the block's volume offset. This reads each member file
 * directly, block by block, and checks that header against the layout,
 * computed here independently of plugin/vvol.c:
 *   raid0:  LUN i, LUN offset o  ->  ((o / S) * n + i) * S + o % S
 *   concat: LUN i, LUN offset o  ->  (sum of sizes before i) + o
 * Usage: placement concat|raid0 STRIPE BS FILE...
 * Prints "placement: N blocks checked" and exits 0, or names the first
 * misplaced block and exits 1.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct fio_verify_header { /* fio 3.x verify.h, struct verify_header */
	uint16_t magic;
	uint16_t verify_type;
	uint32_t len;
	uint64_t rand_seed;
	uint64_t offset;
	uint32_t time_sec;
	uint32_t time_nsec;
	uint16_t thread;
	uint16_t numberio;
	uint32_t crc32;
};

int main(int argc, char **argv)
{
	uint64_t stripe, bs, min = UINT64_MAX, start = 0, checked = 0;
	uint64_t sizes[64];
	int raid0, n, i;

	if (argc < 5) {
		fprintf(stderr, "usage: placement concat|raid0 STRIPE BS FILE...\n");
		return 2;
	}
	raid0 = !strcmp(argv[1], "raid0");
	stripe = strtoull(argv[2], NULL, 0);
	bs = strtoull(argv[3], NULL, 0);
	n = argc - 4;
	if (n > 64 || !bs || (raid0 && (!stripe || stripe % bs))) {
		fprintf(stderr, "placement: bad arguments\n");
		return 2;
	}
	for (i = 0; i < n; i++) {
		struct stat st;

		if (stat(argv[4 + i], &st) < 0) {
			perror(argv[4 + i]);
			return 2;
		}
		sizes[i] = (uint64_t)st.st_size / 512 * 512;
		if (sizes[i] < min)
			min = sizes[i];
	}
	for (i = 0; i < n; i++) {
		uint64_t usable = raid0 ? min / stripe * stripe : sizes[i];
		int fd = open(argv[4 + i], O_RDONLY);
		uint64_t o;

		if (fd < 0) {
			perror(argv[4 + i]);
			return 2;
		}
		for (o = 0; o + bs <= usable; o += bs) {
			struct fio_verify_header h;
			uint64_t want;

			if (pread(fd, &h, sizeof(h), (off_t)o) != sizeof(h)) {
				fprintf(stderr, "placement: short read of '%s' at %" PRIu64 "\n",
					argv[4 + i], o);
				return 1;
			}
			want = raid0 ? ((o / stripe) * (uint64_t)n + (uint64_t)i) * stripe + o % stripe
				     : start + o;
			if (h.magic != 0xacca) {
				fprintf(stderr, "placement: '%s' offset %" PRIu64 ": no fio verify header (magic 0x%04x)\n",
					argv[4 + i], o, h.magic);
				return 1;
			}
			if (h.offset != want) {
				fprintf(stderr, "placement: '%s' offset %" PRIu64 " holds volume offset %" PRIu64 ", expected %" PRIu64 "\n",
					argv[4 + i], o, (uint64_t)h.offset, want);
				return 1;
			}
			checked++;
		}
		close(fd);
		start += sizes[i];
	}
	printf("placement: %" PRIu64 " blocks checked\n", checked);
	return 0;
}
