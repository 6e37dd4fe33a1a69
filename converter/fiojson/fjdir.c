// SPDX-License-Identifier: GPL-2.0-only
/*
 * fjdir.c -- one direction of a fio job ("read", "write", "mixed"): its
 * counts, runtime, interval samples and latency (lat_ns/clat_ns, or the
 * us blocks before fio 2.99), percentiles and json+ bins, in fixed units
 * (fiojson.h). Every figure is range-checked as fio writes it.
 */
#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fiojson.h"
#include "fjbins.h"
#include "fj_priv.h"
#include "jval.h"
#include "fr_num.h"
#include "lathist.h"

static int cmp_bin(const void *a, const void *b)
{
	const struct fj_bin *x = a, *y = b;

	return x->ns < y->ns ? -1 : x->ns > y->ns;
}

/*
 * One json+ bin (key @k, count @count) into @out, in ns: a count below 1,
 * or a key that is no latency, is no bin. Index keys of fio 2.2.12 .. 2.19
 * (@bits set) are bucket numbers, their values us.
 */
static bool bin_of(double k, json_int_t count, unsigned int bits, double scale, struct fj_bin *out)
{
	if (count <= 0)
		return false;
	if (!isfinite(k) || k < 0 || k > 9.2e18)
		return false;
	if (bits && bits <= 16) { /* index keys, values in us */
		if (k >= (double)(LH_GROUPS << bits))
			return false;
		k = (double)lh_plat_val((unsigned int)k, bits) * 1000.0;
	} else {
		k *= scale;
	}
	out->ns = k;
	out->count = (uint64_t)count;
	return true;
}

/* The bins of @bins, sorted by ns; @cb holds them instead when the stream reader read them. */
static int read_bins(struct fj_lat *l, json_t *bins, double scale, const struct fj_cbset *cb)
{
	unsigned int bits = (unsigned int)fr_to_u64(jv_num_text(bins, "FIO_IO_U_PLAT_BITS", 0));
	const struct fj_cbins *c = NULL;
	const char *key;
	json_t *v;
	size_t n = 0, i;

	for (i = 0; cb && i < cb->n && !c; i++)
		if (cb->b[i].obj == bins)
			c = &cb->b[i];
	struct fj_bin *b = calloc((c ? c->n : json_object_size(bins)) + 1, sizeof(*b));
	int ret;

	if (!b)
		return -ENOMEM;
	for (i = 0; c && i < c->n; i++)
		n += bin_of((double)c->key[i], c->val[i], bits, scale, &b[n]);
	json_object_foreach(bins, key, v) {
		if (!strncmp(key, "FIO_IO_U_PLAT", 13) || !json_is_integer(v))
			continue;
		n += bin_of(strtod(key, NULL), json_integer_value(v), bits, scale, &b[n]);
	}
	/* fio writes them in order: sorted already, the sort would leave them as they are. */
	for (i = 1; i < n && b[i - 1].ns < b[i].ns; i++)
		;
	if (n && i < n)
		qsort(b, n, sizeof(*b), cmp_bin);
	ret = fjh_set(l, b, n); /* a "mixed" direction's over "read"'s */
	free(b);
	return ret;
}

static int read_pct(struct fj_lat *l, json_t *pct, double scale)
{
	/*
	 * Room for as many as fio wrote, not FJ_MAX_PCT: a month of points
	 * holds many. After those @l has (a "mixed" direction read over "read").
	 */
	size_t n = l->npct + json_object_size(pct) < FJ_MAX_PCT ? l->npct + json_object_size(pct)
								: FJ_MAX_PCT;
	double *np = realloc(l->pct, (n ? n : 1) * sizeof(*np)), *nv;
	const char *key;
	json_t *v;

	if (np)
		l->pct = np;
	nv = np ? realloc(l->pct_ns, (n ? n : 1) * sizeof(*nv)) : NULL;
	if (!nv)
		return -ENOMEM;
	l->pct_ns = nv;

	json_object_foreach(pct, key, v) {
		double p = strtod(key, NULL);

		/* fio <= 3.3 pads with "0.00" : 0 entries. */
		if (p <= 0 || l->npct == n)
			continue;
		l->pct[l->npct] = p;
		l->pct_ns[l->npct] = jv_num_text(pct, key, 0) * scale;
		l->npct++;
	}
	/* Keep them in ascending order of the percentile. */
	for (unsigned int i = 1; i < l->npct; i++)
		for (unsigned int j = i; j > 0 && l->pct[j - 1] > l->pct[j]; j--) {
			double t = l->pct[j];

			l->pct[j] = l->pct[j - 1];
			l->pct[j - 1] = t;
			t = l->pct_ns[j];
			l->pct_ns[j] = l->pct_ns[j - 1];
			l->pct_ns[j - 1] = t;
		}
	return 0;
}

/*
 * A figure fio writes as a count, size, time or latency: a finite number
 * from 0 to 2^63 (a negative or huge one would become a nonsense cell,
 * or undefined behaviour when cast). -ERANGE with @why filled.
 */
static int figure(json_t *o, const char *dir, const char *key, double def, double *out,
		  char *why, size_t wlen)
{
	json_t *v = json_object_get(o, key);
	double x = jv_num_text(o, key, def);

	if (v && (!isfinite(x) || x < 0 || x > 9.2e18)) {
		char val[64];

		if (json_is_number(v))
			snprintf(val, sizeof(val), "%g", json_number_value(v));
		else
			snprintf(val, sizeof(val), "%s", json_is_string(v) ? json_string_value(v) : "?");
		snprintf(why, wlen, "%s%s%s = %s: not a figure fio writes (0 .. 2^63)",
			 dir, *dir ? "." : "", key, val);
		return -ERANGE;
	}
	*out = v ? x : def;
	return 0;
}

/* fio's interval samples of IOPS and bandwidth (fio 2.99+; bw_* since 2.x). */
static int read_samples(struct fj_dir *d, json_t *o, const char *dname, char *why, size_t wlen)
{
	double im, isd, in, bm, bsd, bn;

	if (figure(o, dname, "iops_mean", 0, &im, why, wlen) ||
	    figure(o, dname, "iops_stddev", 0, &isd, why, wlen) ||
	    figure(o, dname, "iops_samples", 0, &in, why, wlen) ||
	    figure(o, dname, "bw_mean", 0, &bm, why, wlen) ||
	    figure(o, dname, "bw_dev", 0, &bsd, why, wlen) ||
	    figure(o, dname, "bw_samples", 0, &bn, why, wlen))
		return -ERANGE;
	d->iops_mean = im;
	d->iops_sd = isd;
	d->iops_samples = (uint64_t)in;
	d->bw_mean = bm;
	d->bw_sd = bsd;
	d->bw_samples = (uint64_t)bn;
	return 0;
}

int fj_read_dir(struct fj_dir *d, json_t *o, const char *dname, const struct fj_cbset *cb,
		char *why, size_t wlen)
{
	static const char *const figs[] = { "min", "max", "mean", "stddev", "N" };
	double bytes, ios, f;
	unsigned int k;
	json_t *lat, *clat;
	double scale = 1.0, runtime, iops;
	int ret;

	if (!json_is_object(o))
		return 0;
	if (figure(o, dname, "runtime", 0, &runtime, why, wlen) ||
	    figure(o, dname, "iops", 0, &iops, why, wlen) ||
	    figure(o, dname, "io_bytes", 0, &bytes, why, wlen) ||
	    figure(o, dname, "total_ios", 0, &ios, why, wlen))
		return -ERANGE;
	for (k = 0; k < 2; k++) {
		json_t *l = json_object_get(o, k ? "clat_ns" : "lat_ns");
		char sub[32];
		unsigned int i;

		snprintf(sub, sizeof(sub), "%s.%s", dname, k ? "clat_ns" : "lat_ns");
		for (i = 0; json_is_object(l) && i < sizeof(figs) / sizeof(figs[0]); i++)
			if (figure(l, sub, figs[i], 0, &f, why, wlen))
				return -ERANGE;
	}
	ret = read_samples(d, o, dname, why, wlen);
	if (ret)
		return ret;
	d->runtime_ms = (uint64_t)runtime;
	d->bytes = (uint64_t)bytes;
	if (!json_object_get(o, "io_kbytes"))
		d->bytes *= 1024; /* KiB before fio 2.21 */
	if (json_object_get(o, "total_ios")) {
		d->ios = (uint64_t)ios;
	} else {
		/* fio 2.1: no total_ios; its own iops is the figure to keep. */
		d->ios = (uint64_t)llround(iops * runtime / 1000.0);
		d->iops_fio = iops;
	}

	lat = json_object_get(o, "lat_ns");
	clat = json_object_get(o, "clat_ns");
	if (!lat && !clat) {
		lat = json_object_get(o, "lat");
		clat = json_object_get(o, "clat");
		scale = 1000.0; /* us before fio 2.99 */
	}
	if (json_is_object(lat)) {
		json_t *p, *b;

		d->lat.present = true;
		d->lat.min = jv_num_text(lat, "min", 0) * scale;
		d->lat.max = jv_num_text(lat, "max", 0) * scale;
		d->lat.mean = jv_num_text(lat, "mean", 0) * scale;
		d->lat.stddev = jv_num_text(lat, "stddev", 0) * scale;
		d->lat.n = fr_to_u64(jv_num_text(lat, "N", (double)d->ios));
		p = json_object_get(lat, "percentile");
		if (!json_is_object(p)) {
			p = json_object_get(clat, "percentile");
			d->lat.pct_from_clat = json_is_object(p);
		}
		if (json_is_object(p) && read_pct(&d->lat, p, scale))
			return -ENOMEM;
		b = json_object_get(lat, "bins");
		if (!json_is_object(b)) {
			b = json_object_get(clat, "bins");
			d->lat.bins_from_clat = json_is_object(b);
		}
		if (json_is_object(b)) {
			ret = read_bins(&d->lat, b, scale, cb);
			if (ret)
				return ret;
		}
	}
	return 0;
}
