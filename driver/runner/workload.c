/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * workload.c -- what a clone does, as fio decides it: its range of the
 * volume (offset, size, offset_increment), the next I/O's direction and
 * offset (rw, rwmixwrite, the random map), and the verify pattern. Pure
 * functions of the clone's state: no I/O, no clock (test_workload.c).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "rn_priv.h"

uint64_t rn_rand(struct rn_td *td)
{
	/* xorshift64*: fast, and uniform enough for offsets. */
	uint64_t x = td->rng;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	td->rng = x;
	return x * 0x2545F4914F6CDD1DULL;
}

uint64_t rn_pct_of(uint64_t size, unsigned int pct, uint64_t align)
{
	/* As fio: size x pct / 100, aligned down to the block size. */
	return (uint64_t)((unsigned __int128)size * pct / 100) / align * align;
}

/* The clone's range of the file, as fio computes it from offset/size. */
int rn_plan_range(struct rn_td *td, struct fr_err *err)
{
	const struct jp_job *j = td->job;
	uint64_t fs = td->file_size, bs = j->bs, off, len, inc;

	off = j->offset.set ? (j->offset.pct ? rn_pct_of(fs, j->offset.pct, bs) : j->offset.bytes) : 0;
	inc = j->offset_increment.set
		? (j->offset_increment.pct ? rn_pct_of(fs, j->offset_increment.pct, bs)
					   : j->offset_increment.bytes)
		: 0;
	off += (uint64_t)td->clone * inc;
	if (off >= fs)
		return fr_errf(err, -EINVAL,
			       "offset %" PRIu64 " is beyond the end of the volume (%" PRIu64 " bytes)",
			       off, fs);
	len = j->size.set ? (j->size.pct ? rn_pct_of(fs, j->size.pct, 1) : j->size.bytes) : fs - off;
	if (len > fs - off)
		len = fs - off;
	if (len < bs)
		return fr_errf(err, -EINVAL,
			       "its range of the volume (%" PRIu64 " bytes at offset %" PRIu64 "; the volume holds %" PRIu64 ") is smaller than one bs=%" PRIu64 " block",
			       len, off, fs, bs);
	len = len / bs * bs;
	td->start = off;
	td->len = len;
	if (!j->time_based)
		td->limit = j->io_size.set ? j->io_size.bytes : len;
	if (!j->norandommap) {
		uint64_t blocks = len / bs, m = 1;

		while (m < blocks)
			m <<= 1;
		td->map = true;
		td->map_mask = m - 1;
		/* a = 1 mod 4 and c odd: the LCG's period is m. */
		td->map_a = (rn_rand(td) & ~3ULL) | 1;
		td->map_c = rn_rand(td) | 1;
		td->map_x = rn_rand(td) & td->map_mask;
	}
	return 0;
}

/* The next block of the random map: a permutation of [0, blocks). */
uint64_t rn_map_next(struct rn_td *td, uint64_t blocks)
{
	do
		td->map_x = (td->map_a * td->map_x + td->map_c) & td->map_mask;
	while (td->map_x >= blocks);
	return td->map_x;
}

/* verify_pattern's bytes, in the order fio writes them. */
void rn_pattern_bytes(const struct jp_job *j, unsigned char p[4])
{
	unsigned int k;

	for (k = 0; k < j->pattern_len; k++)
		p[k] = (unsigned char)(j->pattern >> (8 * (j->pattern_len - 1 - k)));
}

void rn_fill_pattern(const struct jp_job *j, unsigned char *b, uint64_t len)
{
	unsigned char p[4];
	uint64_t i;

	rn_pattern_bytes(j, p);
	for (i = 0; i < len; i++)
		b[i] = p[i % j->pattern_len];
}

bool rn_check_pattern(const struct jp_job *j, const unsigned char *b,
		      uint64_t len, uint64_t *bad)
{
	unsigned char p[4];
	uint64_t i;

	rn_pattern_bytes(j, p);
	for (i = 0; i < len; i++)
		if (b[i] != p[i % j->pattern_len]) {
			*bad = i;
			return false;
		}
	return true;
}

/* Pick the next I/O's direction and offset. */
void rn_next_io(struct rn_td *td, struct rn_io *io)
{
	const struct jp_job *j = td->job;
	int ddir;

	if (td->verifying)
		ddir = DIR_READ;
	else if (j->rw == JP_RW || j->rw == JP_RANDRW)
		ddir = rn_rand(td) % 100 < j->rwmixwrite ? DIR_WRITE : DIR_READ;
	else
		ddir = j->rw == JP_WRITE || j->rw == JP_RANDWRITE ? DIR_WRITE : DIR_READ;
	rn_next_io_dir(td, io, ddir);
}

void rn_next_io_dir(struct rn_td *td, struct rn_io *io, int ddir)
{
	const struct jp_job *j = td->job;
	bool rand = !td->verifying &&
		(j->rw == JP_RANDREAD || j->rw == JP_RANDWRITE || j->rw == JP_RANDRW);

	io->ddir = ddir;
	io->req.op = ddir == DIR_WRITE ? VIO_WRITE : VIO_READ;
	io->req.len = j->bs;
	if (rand && td->map) {
		io->req.off = td->start + rn_map_next(td, td->len / j->bs) * j->bs;
	} else if (rand) {
		io->req.off = td->start + (rn_rand(td) >> 11) % (td->len / j->bs) * j->bs;
	} else {
		if (td->seq_pos + j->bs > td->len)
			td->seq_pos = 0; /* wrap to the start of the range */
		io->req.off = td->start + td->seq_pos;
		td->seq_pos += j->bs;
	}
}
