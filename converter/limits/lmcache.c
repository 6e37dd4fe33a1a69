// SPDX-License-Identifier: GPL-2.0-only
/*
 * lmcache.c -- a cache named by comparing the latency floors of two runs
 * of different volumes (lmcache.h has the rule).
 */
#include "lmcache.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

/* @p's small class at Large=0, when it measured one (closed loop, with latencies). */
static const struct pt_class *floor_class(const struct pt_point *p)
{
	const struct pt_class *c = &p->small;

	if (p->l || !p->s || !c->present || c->rated || !c->lat[PT_ALL].n)
		return NULL;
	return c;
}

/* The point of @pts at Small=@s, Large=0 with a floor, or NULL. */
static const struct pt_class *at_load(const struct pt_set *pts, unsigned int s)
{
	size_t i;

	for (i = 0; i < pts->n; i++)
		if (pts->pts[i].s == s && floor_class(&pts->pts[i]))
			return &pts->pts[i].small;
	return NULL;
}

/* The lowest small load both runs measured alone; 0 when none. */
static unsigned int common_load(const struct pt_set *a, const struct pt_set *b)
{
	unsigned int best = 0;
	size_t i;

	for (i = 0; i < a->n; i++) {
		unsigned int s = a->pts[i].s;

		if (floor_class(&a->pts[i]) && (!best || s < best) && at_load(b, s))
			best = s;
	}
	return best;
}

static void take(const struct pt_class *c, struct lm_cache *o, size_t k)
{
	double p50 = pt_percentile(&c->lat[PT_ALL], 50);

	o->lat_ms[k] = c->lat[PT_ALL].mean / 1e6;
	o->lo_ms[k] = c->lat_iv.lo / 1e6;
	o->hi_ms[k] = c->lat_iv.hi / 1e6;
	o->has_iv[k] = c->iv != IV_NONE && o->hi_ms[k] >= o->lat_ms[k] && o->lo_ms[k] <= o->lat_ms[k];
	if (!o->has_iv[k])
		o->lo_ms[k] = o->hi_ms[k] = o->lat_ms[k]; /* no interval: the figure alone */
	o->p50_ms[k] = p50 >= 0 ? p50 / 1e6 : -1;
	o->iops[k] = c->iops;
}

bool lm_cache(const struct lm_cache_run r[2], struct lm_cache *out)
{
	size_t hit, dev;

	memset(out, 0, sizeof(*out));
	if (!r[0].vol || !r[1].vol || r[0].vol == r[1].vol || fabs(r[0].write_pct - r[1].write_pct) > 1e-9 ||
	    (r[0].size_small_kb && r[1].size_small_kb && r[0].size_small_kb != r[1].size_small_kb))
		return false;
	hit = r[0].vol < r[1].vol ? 0 : 1;
	dev = 1 - hit;
	if ((double)r[dev].vol < LM_CACHE_VOL * (double)r[hit].vol)
		return false;
	out->s = common_load(r[0].pts, r[1].pts);
	if (!out->s)
		return false;
	take(at_load(r[0].pts, out->s), out, 0);
	take(at_load(r[1].pts, out->s), out, 1);
	out->writes = r[0].write_pct > 0;
	out->vol[0] = r[0].vol;
	out->vol[1] = r[1].vol;
	out->hit = hit;
	if (!(out->lat_ms[dev] > 0))
		return false;
	out->ratio = out->lat_ms[hit] / out->lat_ms[dev];
	out->present = out->hi_ms[hit] < LM_CACHE_FAR * out->lo_ms[dev];
	return out->present;
}

/* @b bytes as "16.0 MiB", "1.00 GiB". */
static void size_words(uint64_t b, char *buf, size_t len)
{
	if (b >= (1ull << 30))
		snprintf(buf, len, "%.2f GiB", (double)b / (double)(1ull << 30));
	else
		snprintf(buf, len, "%.1f MiB", (double)b / (double)(1ull << 20));
}

/* Run @k's floor's interval: "95 % interval 0.019-0.021", or "no interval". */
static void iv_words(const struct lm_cache *c, size_t k, char *buf, size_t len)
{
	if (c->has_iv[k])
		snprintf(buf, len, "95 %% interval %.3f-%.3f", c->lo_ms[k], c->hi_ms[k]);
	else
		snprintf(buf, len, "no interval");
}

void lm_cache_line(const struct lm_cache *c, const char *la, const char *lb, char *buf, size_t len)
{
	const char *l[2] = { la, lb };
	size_t h = c->hit, d = 1 - c->hit;
	char vh[32], vd[32], ph[48] = "";

	char ih[48], id[48];

	size_words(c->vol[h], vh, sizeof(vh));
	size_words(c->vol[d], vd, sizeof(vd));
	if (c->p50_ms[h] >= 0)
		snprintf(ph, sizeof(ph), ", the median %.3f", c->p50_ms[h]);
	iv_words(c, h, ih, sizeof(ih));
	iv_words(c, d, id, sizeof(id));
	snprintf(buf, len,
		 "Cache: %s's volume (%s) %s small I/O at Small=%u (Large=0) in %.3f ms (mean, %s%s), %.2f of %s's on a volume of %s (%.3f ms, %s), at %.0f IOPS against %.0f: %s's %s were cache hits (a cache that holds %s and not %s), not the storage %s measured; a volume larger than the cache gives the storage's figures",
		 l[h], vh, c->writes ? "did" : "read", c->s, c->lat_ms[h], ih, ph, c->ratio, l[d], vd, c->lat_ms[d],
		 id, c->iops[h], c->iops[d], l[h], c->writes ? "I/Os" : "reads", vh, vd, l[d]);
}
