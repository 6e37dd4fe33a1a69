/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fakebe.h -- a backend the tests control (plugin/backend.h's ops table),
 * for the I/O queue (test_viofake.c, through vio_init_ops()) and for the
 * built-in runner (test_runner.c, as backend=fake: link with
 * -Wl,--wrap=backend_find and fakebe.o answers "fake").
 *
 * Parts are prepared into a small submission queue, moved to flight by
 * submit() and completed by reap(), which does the I/O for real
 * (pread/pwrite on the LUN's descriptor) so data can be checked. The
 * knobs make it transfer less than asked, refuse slots or submissions,
 * fail I/O on one LUN, or stop completing (a stuck device). It logs every
 * I/O it did, counts how many times each LUN byte was transferred (when
 * fake_reset() was given the volume), and how many parts were
 * outstanding each time a caller waited for one.
 *
 * The fake never fails a test from inside a backend call (the runner
 * calls it from its clones' threads): a broken promise of backend.h
 * (a part handed twice, more parts than entries) is recorded in
 * fake.bad, and FAKE_ASSERT_OK() fails the test that sees it.
 */
#ifndef FIORION_TESTS_FAKEBE_H
#define FIORION_TESTS_FAKEBE_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "backend.h"

struct vvol;

#define FAKE_MAX 4096
#define FAKE_LOG 4096
#define FAKE_LUNS 3
#define FAKE_DEPTHS 65

struct fake_io {
	unsigned int lun;
	uint64_t off, len;
	int64_t res;
};

struct fake {
	/* Knobs, set after fake_reset(). */
	int init_err;		 /* init() fails with this (negative) */
	unsigned int slots;	 /* parts prepared, not submitted: 0 = entries */
	unsigned int take;	 /* submit() hands over at most this: 0 = all */
	unsigned int busy_every; /* every n-th submit() returns -EBUSY */
	bool lifo;		 /* complete the newest part first */
	bool one_per_reap;	 /* reap() completes one part per call */
	uint64_t short_max;	 /* most bytes one I/O transfers: 0 = all */
	int fail_lun;		 /* I/O on this LUN starting at fail_off ... */
	uint64_t fail_off;
	int fail_err; /* ... fails with this errno (0: transfers 0) */
	/*
	 * A stuck device: after this many I/Os (0: never) nothing completes
	 * any more; a reap() that must wait (min > 0) waits for its timeout,
	 * or until fake_unstick() when it has none.
	 */
	unsigned int stick_after;

	/* What happened. */
	struct vio_part *prepped[FAKE_MAX], *flight[FAKE_MAX];
	unsigned int nprepped, nflight, entries;
	unsigned int submits, busy, partial, prep_busy, nio;
	unsigned int max_outstanding; /* most parts prepared + in flight */
	/* Waiting reaps (min > 0) by the parts then in flight (the last: more). */
	unsigned int waits_at[FAKE_DEPTHS];
	unsigned int stuck_waits; /* reaps that waited on a stuck device */
	struct fake_io log[FAKE_LOG];
	unsigned int nlog;
	unsigned int nluns;
	uint8_t *seen[FAKE_LUNS]; /* per LUN byte: times transferred */
	uint64_t seen_len[FAKE_LUNS];
	unsigned int nbad; /* broken promises, the first in bad */
	char bad[256];
};

extern struct fake fake;
extern pthread_mutex_t fake_lock;

/* With fio's names: the async fake, and the same with submit_wait(). */
extern const struct backend_ops fake_ops;
extern const struct backend_ops fake_ops_wait;

/*
 * Forget everything, knobs too. @vv: count its LUNs' bytes (NULL: the
 * runner's volume, not known here; bytes are not counted).
 */
void fake_reset(const struct vvol *vv);
/* Forget the log and byte counts, keep the knobs. */
void fake_forget(void);
/* Free what fake_reset() allocated. */
void fake_done(void);
/* A stuck device completes again (its waiting reaps return). */
void fake_unstick(void);

/* Fails the calling test when the fake recorded a broken promise. */
#define FAKE_ASSERT_OK() \
	do { \
		if (fake.nbad) \
			fail_msg("fake backend: %u broken promise(s), first: %s", \
				 fake.nbad, fake.bad); \
	} while (0)

#endif
