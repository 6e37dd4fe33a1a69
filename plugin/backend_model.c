/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * backend_model.c -- backend=null with service_us=D: a model device
 * with a known answer, for checking measurements against queueing
 * theory (fio's null engine is likewise product code that exists to
 * test the tool itself).
 *
 * Each part handed over by submit() arrives at the device then; at most
 * @servers parts are in service at once, the rest wait in arrival order
 * (FIFO); a part completes D µs after its service starts. No data moves
 * (as null). The waiting line is FIFO: the n-th arrival starts at the
 * later of its arrival and the earliest time a server is free (a heap of
 * the C servers' free times), and the parts in the device complete in
 * the order of their due times (a heap by due time, then arrival), O(log)
 * per part. With one D for the whole run that is the n-th arrival
 * starting when arrival n - C completes, and completions in arrival
 * order; with service_steps a later, shorter service may end first.

 * reap() waits for the next due completion (sleeping until shortly
 * before it, then spinning to it, so a completion is never seen early
 * and seldom late) and never returns a part before its time. Times are
 * CLOCK_MONOTONIC, or with virtual_time=1 the simulated clock
 * (fr_vclock.h), on which reap() waits for exactly the due time. The
 * device belongs to one I/O queue (one fio job clone, one runner clone).
 *
 * service_steps changes D at set times after the first arrival: an I/O
 * is served for the D of the moment its service starts.
 *
 * service_dist=exp|uniform makes D the mean of a random service time
 * (exponential; uniform on 0 .. 2D), drawn for each I/O as its service
 * starts, from a stream of the device's own (xoshiro256**, seeded from
 * service_seed and the queue's service_stream): the same seeds, the same
 * draws, so a run in virtual time repeats to the nanosecond. The draws
 * are made in arrival order, which is the order services start (FIFO).
 */
#include "backend.h"

#include "fr_vclock.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <sys/prctl.h>
#include <time.h>

/* Sleep until this long before a completion is due, then spin to it. */
#define MODEL_SPIN_NS 20000ull

struct model_slot {
	struct vio_part *p;
	uint64_t due; /* ns, CLOCK_MONOTONIC */
	uint64_t seq; /* arrival order, among equal due times */
};

struct model {
	uint64_t d_ns;
	const struct backend_conf *conf; /* its service_steps, service_dist */
	struct model_rng rng;		 /* service_dist's draws */
	uint64_t t_first;		 /* the first arrival (0: none yet) */
	unsigned int servers;
	uint64_t *free_at;	    /* when each server is next free: a min-heap */
	struct vio_part **prepared; /* prepared, not yet submitted */
	unsigned int nprep;
	struct model_slot *busy; /* submitted, not yet reaped: a min-heap by (due, seq) */
	unsigned int n, cap;
	uint64_t seq;
};

/* The server heap's root (the earliest free) is now free at @t: sift down. */
static void servers_set_root(uint64_t *h, unsigned int n, uint64_t t)
{
	unsigned int i = 0;

	for (;;) {
		unsigned int c = 2 * i + 1;

		if (c >= n)
			break;
		if (c + 1 < n && h[c + 1] < h[c])
			c++;
		if (h[c] >= t)
			break;
		h[i] = h[c];
		i = c;
	}
	h[i] = t;
}

static bool slot_before(const struct model_slot *a, const struct model_slot *b)
{
	return a->due < b->due || (a->due == b->due && a->seq < b->seq);
}

static void busy_push(struct model *m, struct model_slot s)
{
	unsigned int i = m->n++;

	while (i && slot_before(&s, &m->busy[(i - 1) / 2])) {
		m->busy[i] = m->busy[(i - 1) / 2];
		i = (i - 1) / 2;
	}
	m->busy[i] = s;
}

static struct vio_part *busy_pop(struct model *m)
{
	struct vio_part *p = m->busy[0].p;
	struct model_slot last = m->busy[--m->n];
	unsigned int i = 0;

	for (;;) {
		unsigned int c = 2 * i + 1;

		if (c >= m->n)
			break;
		if (c + 1 < m->n && slot_before(&m->busy[c + 1], &m->busy[c]))
			c++;
		if (!slot_before(&m->busy[c], &last))
			break;
		m->busy[i] = m->busy[c];
		i = c;
	}
	if (m->n)
		m->busy[i] = last;
	return p;
}

static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

void model_rng_seed(struct model_rng *r, const struct backend_conf *c)
{
	uint64_t x = c->service_seed;
	unsigned int i;

	/* The seed, mixed, then the stream: no two pairs share a splitmix run. */
	x = splitmix64(&x) ^ ((uint64_t)c->service_stream * 0xd1b54a32d192ed03ull);
	for (i = 0; i < 4; i++)
		r->s[i] = splitmix64(&x);
}

static uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

/* xoshiro256** (Blackman and Vigna). */
static uint64_t rng_next(struct model_rng *r)
{
	uint64_t *s = r->s, out = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;

	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return out;
}

uint64_t model_draw_ns(struct model_rng *r, enum backend_dist dist, uint64_t mean_ns)
{
	/* 53 random bits: u in (0, 1] for the logarithm, [0, 1) for uniform. */
	double u = (double)(rng_next(r) >> 11) * 0x1.0p-53;

	switch (dist) {
	case BACKEND_DIST_EXP:
		return (uint64_t)(-log(u + 0x1.0p-53) * (double)mean_ns + 0.5);
	case BACKEND_DIST_UNIFORM:
		return (uint64_t)(2.0 * u * (double)mean_ns + 0.5);
	case BACKEND_DIST_FIXED:
	default:
		return mean_ns;
	}
}

static uint64_t mono_ns(void)
{
	struct timespec ts;

	if (fr_vc_on)
		return fr_vc_now();
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static int model_init(struct backend *be, unsigned int entries)
{
	const struct backend_conf *c = be->conf;
	struct model *m = calloc(1, sizeof(*m));

	if (!m)
		return -ENOMEM;
	m->d_ns = (uint64_t)c->service_us * 1000u;
	m->conf = c;
	model_rng_seed(&m->rng, c);
	m->servers = c->servers ? c->servers : 1;
	m->cap = entries ? entries : 1;
	m->free_at = calloc(m->servers, sizeof(*m->free_at));
	m->prepared = calloc(m->cap, sizeof(*m->prepared));
	m->busy = calloc(m->cap, sizeof(*m->busy));
	if (!m->free_at || !m->prepared || !m->busy) {
		free(m->free_at);
		free(m->prepared);
		free(m->busy);
		free(m);
		return -ENOMEM;
	}
	be->priv = m;
	be->entries = m->cap;
	/*
	 * Wake-ups within a microsecond of the time asked (the default
	 * slack is 50 µs): the spin before each completion stays short.
	 */
	prctl(PR_SET_TIMERSLACK, 1000ul, 0, 0, 0);
	return 0;
}

static int model_prep(struct backend *be, struct vio_part *p)
{
	struct model *m = be->priv;

	if (m->nprep + m->n >= m->cap)
		return -EBUSY;
	m->prepared[m->nprep++] = p;
	return 0;
}

/* The service time of an I/O whose service starts at @start (drawn, by service_dist). */
static uint64_t service_ns(struct model *m, uint64_t start)
{
	uint64_t d = m->d_ns;
	unsigned int i;

	uint64_t from = m->conf->steps_from_run ? FR_VC_T0 : m->t_first;

	for (i = 0; i < m->conf->nsteps && start - from >= m->conf->steps[i].at_ns; i++)
		d = (uint64_t)m->conf->steps[i].us * 1000u;
	return model_draw_ns(&m->rng, m->conf->service_dist, d);
}

/* Every prepared part arrives now; each gets its completion time. */
static int model_submit(struct backend *be)
{
	struct model *m = be->priv;
	uint64_t now = mono_ns();
	unsigned int i, n = m->nprep;

	if (n && !m->t_first)
		m->t_first = now;
	for (i = 0; i < n; i++) {
		uint64_t start = m->free_at[0] > now ? m->free_at[0] : now;
		struct model_slot sl = { m->prepared[i], 0, m->seq++ };

		sl.due = start + service_ns(m, start);
		sl.p->res = (int64_t)sl.p->len;
		servers_set_root(m->free_at, m->servers, sl.due);
		busy_push(m, sl);
	}
	m->nprep = 0;
	return (int)n;
}

/* Until @t (CLOCK_MONOTONIC ns): a sleep, then a spin for the last bit. */
static void wait_until(uint64_t t)
{
	uint64_t now;

	if (fr_vc_on) {
		fr_vc_sleep_until(t, FR_VC_RUN);
		return;
	}
	now = mono_ns();
	if (t > now + MODEL_SPIN_NS) {
		uint64_t w = t - MODEL_SPIN_NS;
		struct timespec ts = { (time_t)(w / 1000000000ull), (long)(w % 1000000000ull) };

		while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR)
			;
	}
	while (mono_ns() < t)
		__asm__ __volatile__("" ::
					     : "memory");
}

static int model_reap(struct backend *be, unsigned int min, struct vio_part **out,
		      unsigned int max, const struct timespec *t)
{
	struct model *m = be->priv;
	uint64_t now = mono_ns(), limit = UINT64_MAX;
	unsigned int got = 0;

	if (t)
		limit = now + (uint64_t)t->tv_sec * 1000000000ull + (uint64_t)t->tv_nsec;
	for (;;) {
		while (got < max && m->n && m->busy[0].due <= now)
			out[got++] = busy_pop(m);
		/* Nothing in the device: waiting would complete nothing. */
		if (got >= min || got == max || !m->n || now >= limit)
			return (int)got;
		wait_until(m->busy[0].due < limit ? m->busy[0].due : limit);
		now = mono_ns();
	}
}

static void model_exit(struct backend *be)
{
	struct model *m = be->priv;

	if (!m)
		return;
	free(m->free_at);
	free(m->prepared);
	free(m->busy);
	free(m);
	be->priv = NULL;
}

const struct backend_ops backend_null_model = {
	.name = "null",
	.init = model_init,
	.prep = model_prep,
	.submit = model_submit,
	.reap = model_reap,
	.exit = model_exit,
};

unsigned int be_stream(const char *name, unsigned int number)
{
	uint32_t h = 2166136261u;

	while (name && *name)
		h = (h ^ (unsigned char)*name++) * 16777619u;
	return h ^ number * 0x9e3779b9u;
}
