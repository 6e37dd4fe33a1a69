/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fakebe.c -- the fake backend of fakebe.h.
 */
#include "fakebe.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "vvol.h"

struct fake fake;
pthread_mutex_t fake_lock = PTHREAD_MUTEX_INITIALIZER;
static volatile int unstuck;

/* Record a broken promise (the first one's words are kept). */
static bool fake_check(bool ok, const char *fmt, ...)
{
	va_list ap;

	if (ok)
		return true;
	if (!fake.nbad++) {
		va_start(ap, fmt);
		vsnprintf(fake.bad, sizeof(fake.bad), fmt, ap);
		va_end(ap);
	}
	return false;
}

void fake_reset(const struct vvol *vv)
{
	unsigned int l;

	pthread_mutex_lock(&fake_lock);
	for (l = 0; l < FAKE_LUNS; l++)
		free(fake.seen[l]);
	memset(&fake, 0, sizeof(fake));
	fake.fail_lun = -1;
	unstuck = 0;
	if (vv) {
		fake.nluns = vv->nluns;
		for (l = 0; l < vv->nluns && l < FAKE_LUNS; l++) {
			fake.seen_len[l] = vv->luns[l].size;
			fake.seen[l] = calloc(1, vv->luns[l].size);
			fake_check(fake.seen[l] != NULL, "out of memory");
		}
	}
	pthread_mutex_unlock(&fake_lock);
}

void fake_forget(void)
{
	unsigned int l;

	pthread_mutex_lock(&fake_lock);
	for (l = 0; l < FAKE_LUNS; l++) {
		if (fake.seen[l])
			memset(fake.seen[l], 0, fake.seen_len[l]);
	}
	fake.nlog = 0;
	fake.nio = 0;
	pthread_mutex_unlock(&fake_lock);
}

void fake_done(void)
{
	unsigned int l;

	pthread_mutex_lock(&fake_lock);
	for (l = 0; l < FAKE_LUNS; l++) {
		free(fake.seen[l]);
		fake.seen[l] = NULL;
	}
	pthread_mutex_unlock(&fake_lock);
}

void fake_unstick(void)
{
	__atomic_store_n(&unstuck, 1, __ATOMIC_RELEASE);
}

static int fake_init(struct backend *be, unsigned int entries)
{
	int ret = 0;

	pthread_mutex_lock(&fake_lock);
	fake.entries = entries;
	if (fake.init_err)
		ret = fake.init_err;
	else if (!fake_check(entries <= FAKE_MAX, "init(%u entries): the fake has %u",
			     entries, FAKE_MAX))
		ret = -EINVAL;
	pthread_mutex_unlock(&fake_lock);
	if (ret)
		return ret;
	be->priv = &fake;
	be->entries = entries;
	return 0;
}

/* For the refusal advice: -ENOSPC is a limit the user could raise. */
static bool fake_refusal(int err, unsigned int entries, char *buf, size_t len)
{
	if (err != -ENOSPC)
		return false;
	snprintf(buf, len, "the kernel refused %u fake slots (fake.max is too low)",
		 entries);
	return true;
}

static int fake_prep(struct backend *be, struct vio_part *p)
{
	unsigned int limit = fake.slots ? fake.slots : be->entries, i, out;
	int ret = 0;

	pthread_mutex_lock(&fake_lock);
	fake_check(be->priv == &fake, "prep() on a backend the fake did not set up");
	if (fake.nprepped == limit) {
		fake.prep_busy++;
		ret = -EBUSY;
		goto out;
	}
	/* Never handed the same part twice while it is still ours. */
	for (i = 0; i < fake.nprepped; i++)
		fake_check(fake.prepped[i] != p, "a part prepared twice");
	for (i = 0; i < fake.nflight; i++)
		fake_check(fake.flight[i] != p, "a part in flight prepared again");
	fake_check(p->len > 0 && (!fake.nluns || p->lun < fake.nluns),
		   "a part of %llu bytes on LUN %u", (unsigned long long)p->len, p->lun);
	fake_check(fake.nprepped + fake.nflight < be->entries,
		   "more parts than the %u entries", be->entries);
	fake.prepped[fake.nprepped++] = p;
	out = fake.nprepped + fake.nflight;
	if (out > fake.max_outstanding)
		fake.max_outstanding = out;
out:
	pthread_mutex_unlock(&fake_lock);
	return ret;
}

static int fake_submit_locked(void)
{
	unsigned int n = fake.nprepped;

	fake.submits++;
	if (fake.busy_every && fake.submits % fake.busy_every == 0) {
		fake.busy++;
		return -EBUSY;
	}
	if (fake.take && n > fake.take) {
		n = fake.take;
		fake.partial++;
	}
	memcpy(fake.flight + fake.nflight, fake.prepped, n * sizeof(*fake.prepped));
	fake.nflight += n;
	fake.nprepped -= n;
	memmove(fake.prepped, fake.prepped + n,
		fake.nprepped * sizeof(*fake.prepped));
	return (int)n;
}

static int fake_submit(struct backend *be)
{
	int ret;

	(void)be;
	pthread_mutex_lock(&fake_lock);
	ret = fake_submit_locked();
	pthread_mutex_unlock(&fake_lock);
	return ret;
}

/* Like io_uring_submit_and_wait(): submit; reap() then finds them done. */
static int fake_submit_wait(struct backend *be, unsigned int min)
{
	(void)min;
	return fake_submit(be);
}

static void fake_io(struct vio_part *p)
{
	uint64_t want = p->len, b;
	ssize_t got;

	if (fake.short_max && want > fake.short_max)
		want = fake.short_max;
	if ((int)p->lun == fake.fail_lun && p->off >= fake.fail_off) {
		p->res = -fake.fail_err;
	} else {
		got = p->op == VIO_WRITE ? pwrite(p->fd, p->buf, want, (off_t)p->off)
					 : pread(p->fd, p->buf, want, (off_t)p->off);
		fake_check(got == (ssize_t)want, "%s of %llu bytes at %llu on LUN %u gave %zd",
			   p->op == VIO_WRITE ? "pwrite" : "pread", (unsigned long long)want,
			   (unsigned long long)p->off, p->lun, got);
		p->res = (int64_t)got;
		if (p->lun < FAKE_LUNS && fake.seen[p->lun] &&
		    fake_check(p->off + want <= fake.seen_len[p->lun], "I/O past LUN %u's end",
			       p->lun))
			for (b = 0; b < want; b++)
				fake.seen[p->lun][p->off + b]++;
	}
	if (fake.nlog < FAKE_LOG)
		fake.log[fake.nlog++] = (struct fake_io){ p->lun, p->off, p->len,
							  p->res };
	fake.nio++;
}

static bool stuck(void)
{
	return fake.stick_after && fake.nio >= fake.stick_after &&
		!__atomic_load_n(&unstuck, __ATOMIC_ACQUIRE);
}

static uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/*
 * A stuck device: a reap that must wait waits for its timeout (NULL: until
 * fake_unstick()), as a kernel's would. Called and returns with the lock.
 */
static void wait_while_stuck(unsigned int min, const struct timespec *t)
{
	const struct timespec tick = { 0, 1000000 };
	uint64_t end = t ? mono_ns() + (uint64_t)t->tv_sec * 1000000000u + (uint64_t)t->tv_nsec : 0;

	if (!min || !stuck())
		return;
	fake.stuck_waits++;
	while (stuck() && (!end || mono_ns() < end)) {
		pthread_mutex_unlock(&fake_lock);
		nanosleep(&tick, NULL);
		pthread_mutex_lock(&fake_lock);
	}
}

/* Completes what is in flight; never blocks (nothing else would come). */
static int fake_reap(struct backend *be, unsigned int min, struct vio_part **out,
		     unsigned int max, const struct timespec *t)
{
	unsigned int got = 0;

	(void)be;
	pthread_mutex_lock(&fake_lock);
	if (min)
		fake.waits_at[fake.nflight < FAKE_DEPTHS ? fake.nflight : FAKE_DEPTHS - 1]++;
	wait_while_stuck(min, t);
	if (fake.one_per_reap && max > 1)
		max = 1;
	while (got < max && fake.nflight && !stuck()) {
		struct vio_part *p;

		if (fake.lifo) {
			p = fake.flight[--fake.nflight];
		} else {
			p = fake.flight[0];
			memmove(fake.flight, fake.flight + 1,
				--fake.nflight * sizeof(*fake.flight));
		}
		fake_io(p);
		out[got++] = p;
	}
	pthread_mutex_unlock(&fake_lock);
	return (int)got;
}

static void fake_exit(struct backend *be)
{
	be->priv = NULL;
}

const struct backend_ops fake_ops = {
	.name = "fake",
	.fallback = "psync",
	.init = fake_init,
	.refusal = fake_refusal,
	.prep = fake_prep,
	.submit = fake_submit,
	.reap = fake_reap,
	.exit = fake_exit,
};

const struct backend_ops fake_ops_wait = {
	.name = "fake",
	.fallback = "psync",
	.init = fake_init,
	.prep = fake_prep,
	.submit = fake_submit,
	.reap = fake_reap,
	.submit_wait = fake_submit_wait,
	.exit = fake_exit,
};
