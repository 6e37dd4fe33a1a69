/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fjjob.c -- one job of a jobs array read from the stream (fjs_job() in
 * fjs_priv.h), by the first thread (fjstream.c) and by the second
 * (fjpar.c) alike.
 *
 * A job becomes jansson nodes only for the members fiojson.c reads
 * (member_kind()), its json+ bins pairs of numbers (fj_priv.h's struct
 * fj_cbins), and it is added to the set (fj_add_job()) and freed before
 * the next one is read. The text is held to jansson's own rules
 * (fjtok.c), so that what passes here would pass jansson too.
 */
#include <jansson.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fj_priv.h"
#include "fjs_priv.h"
#include "fjtok.h"

/* What kind of object is being read: what it keeps. */
enum kind {
	K_SKIP, /* checked, nothing kept */
	K_ANY,	/* everything kept */
	K_JOB,
	K_DIR,
	K_LAT,
	K_BINS, /* a latency's json+ bins */
};

static int value(struct fjs *f, int c, enum kind k, json_t **out);

/* A literal (true, false, null) at f->p, whole (no letter after it). */
static int literal(struct fjs *f, const char *word, json_t *(*make)(void), json_t **out)
{
	size_t n = strlen(word);
	char after;

	if (strncmp(f->p, word, n))
		return fjt_bad(f);
	after = f->p[n];
	if ((after >= 'a' && after <= 'z') || (after >= 'A' && after <= 'Z'))
		return fjt_bad(f);
	f->p += n;
	if (out && !(*out = make()))
		return fjt_bad(f);
	return 0;
}

/* Whether @key is a member fiojson.c reads of an object of kind @k, and what it is then. */
static enum kind member_kind(enum kind k, const char *key)
{
	static const char *const job[] = { "jobname", "groupid", "error",
					   "hostname", "port", "job options",
					   "iodepth_level", "latency_target", "latency_depth",
					   "usr_cpu", "sys_cpu", "job_runtime",
					   "steadystate", "fiorion_slots", NULL };
	static const char *const dir[] = { "runtime", "iops", "io_bytes",
					   "io_kbytes", "total_ios", "iops_mean",
					   "iops_stddev", "iops_samples", "bw_mean",
					   "bw_dev", "bw_samples", NULL };
	const char *const *l;

	switch (k) {
	case K_JOB:
		if (!strcmp(key, "read") || !strcmp(key, "write") || !strcmp(key, "mixed"))
			return K_DIR;
		for (l = job; *l; l++)
			if (**l == *key && !strcmp(key, *l))
				return K_ANY;
		return K_SKIP;
	case K_DIR:
		if (!strcmp(key, "lat_ns") || !strcmp(key, "clat_ns") || !strcmp(key, "lat") ||
		    !strcmp(key, "clat"))
			return K_LAT;
		for (l = dir; *l; l++)
			if (**l == *key && !strcmp(key, *l))
				return K_ANY;
		return K_SKIP;
	case K_LAT:
		return strcmp(key, "bins") ? K_ANY : K_BINS;
	case K_SKIP:
		return K_SKIP;
	default:
		return K_ANY;
	}
}

/* A bins key kept as a pair: canonical decimal digits, below 10^15. */
static bool bin_key(const char *s, size_t n, uint64_t *v)
{
	size_t i;

	if (!n || n > 15 || (s[0] == '0' && n > 1))
		return false;
	*v = 0;
	for (i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return false;
		*v = *v * 10 + (uint64_t)(s[i] - '0');
	}
	return true;
}

static int bin_put(struct fjs *f, uint64_t k, int64_t v)
{
	if (f->nb == f->capb) {
		size_t nc = f->capb ? f->capb * 2 : 4096;
		uint64_t *nk = realloc(f->bkey, nc * sizeof(*nk));
		int64_t *nv;

		if (!nk)
			return fjt_bad(f);
		f->bkey = nk;
		nv = realloc(f->bval, nc * sizeof(*nv));
		if (!nv)
			return fjt_bad(f);
		f->bval = nv;
		f->capb = nc;
	}
	f->bkey[f->nb] = k;
	f->bval[f->nb++] = v;
	return 0;
}

static const char *blanks(const char *p)
{
	while (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r')
		p++;
	return p;
}

/*
 * The common bin at f->p, read at once: "KEY" : COUNT, the key canonical
 * digits below 10^15 (above @last unless @first), the count plain digits
 * below 10^18 that end the number. Anything else (or the window's end
 * reached) is left to the general path, which reads it the same or
 * refuses it: false, f->p unmoved.
 */
static bool fast_pair(struct fjs *f, bool first, uint64_t last, uint64_t *k, int64_t *v)
{
	const char *p = f->p + 1, *s = p;
	uint64_t key = 0, val = 0;

	while (*p >= '0' && *p <= '9' && p - s < 16)
		key = key * 10 + (uint64_t)(*p++ - '0');
	if (*p != '"' || p == s || p - s > 15 || (*s == '0' && p - s > 1) || (!first && key <= last))
		return false;
	p = blanks(p + 1);
	if (*p != ':')
		return false;
	p = blanks(p + 1);
	s = p;
	while (*p >= '0' && *p <= '9' && p - s < 19)
		val = val * 10 + (uint64_t)(*p++ - '0');
	if (p == s || p - s > 18 || (*s == '0' && p - s > 1) || *p == '.' || *p == 'e' ||
	    *p == 'E' || p >= f->e)
		return false;
	f->p = (char *)p;
	*k = key;
	*v = (int64_t)val;
	return true;
}

/*
 * The members of the object at f->p (after its brace) into @o (NULL:
 * only checked). @bins: a json+ "bins" object, kept as pairs while its
 * keys rise and its values are integers, as jansson nodes from the first
 * that does not.
 */
static int members(struct fjs *f, enum kind k, json_t *o, bool bins)
{
	size_t first = f->nb;
	uint64_t last = 0;
	int c = fjt_next(f);

	if (c == '}') {
		f->p++;
		return 0;
	}
	for (;;) {
		char kbuf[128], *key = kbuf;
		enum kind mk;
		json_t *v = NULL;
		uint64_t bk;
		int64_t bv;
		int ret;

		if (bins && c == '"' && fast_pair(f, f->nb == first, last, &bk, &bv)) {
			last = bk;
			if (bin_put(f, bk, bv))
				return -1;
			goto sep;
		}
		if (c != '"' || (o ? fjt_string(f) : fjt_skip_string(f)))
			return fjt_bad(f);
		if (fjt_next(f) != ':')
			return fjt_bad(f);
		f->p++;
		c = fjt_next(f);
		if (bins && c >= '0' && c <= '9' && bin_key(f->s, f->slen, &bk) &&
		    (f->nb == first || bk > last)) {
			bool is_int;
			int64_t iv;
			double dv;

			if (fjt_number(f, &is_int, &iv, &dv))
				return -1;
			if (is_int) {
				last = bk;
				if (bin_put(f, bk, iv))
					return -1;
				goto sep;
			}
			v = json_real(dv);
			if (!v)
				return fjt_bad(f);
		}
		if (bins) {
			/* Not a pair: the pairs so far become members, and the rest too. */
			size_t i;

			for (i = first; i < f->nb; i++) {
				char kb[24];

				snprintf(kb, sizeof(kb), "%llu", (unsigned long long)f->bkey[i]);
				if (json_object_set_new_nocheck(o, kb, json_integer(f->bval[i])))
					return fjt_bad(f);
			}
			f->nb = first;
			f->ncb--;
			json_decref(o); /* the reference object() took for the pairs */
			bins = false;
		}
		if (o && f->slen >= sizeof(kbuf) && !(key = strdup(f->s)))
			return fjt_bad(f);
		if (o && key == kbuf)
			memcpy(kbuf, f->s, f->slen + 1);
		mk = o ? member_kind(k, key) : K_SKIP;
		if (mk == K_BINS && json_object_get(o, "bins"))
			ret = fjt_bad(f); /* a second "bins": which pairs are whose? */
		else
			ret = v ? 0 : value(f, c, mk, mk == K_SKIP ? NULL : &v);
		if (!ret && v && json_object_set_new_nocheck(o, key, v))
			ret = fjt_bad(f);
		if (key != kbuf)
			free(key);
		if (ret)
			return -1;
sep:
		c = fjt_next(f);
		if (c == '}') {
			f->p++;
			if (bins)
				f->cb[f->ncb - 1].n = f->nb - first;
			return 0;
		}
		if (c != ',')
			return fjt_bad(f);
		f->p++;
		c = fjt_next(f);
	}
}

static int object(struct fjs *f, enum kind k, json_t **out, bool bins)
{
	json_t *o = NULL;

	if (++f->depth > FJS_DEPTH)
		return fjt_bad(f);
	f->p++;
	if (out && !(o = json_object()))
		return fjt_bad(f);
	if (bins) {
		if (f->ncb == FJS_NCB) {
			bins = false;
		} else {
			f->cb[f->ncb].obj = o;
			f->cb[f->ncb].first = f->nb;
			f->cb[f->ncb].n = 0;
			f->ncb++;
			json_incref(o); /* never freed (and its address reused) before the job is read */
		}
	}
	if (members(f, k, o, bins)) {
		json_decref(o);
		return -1;
	}
	f->depth--;
	if (out)
		*out = o;
	return 0;
}

static int array(struct fjs *f, enum kind k, json_t **out)
{
	json_t *a = NULL;
	int c;

	if (++f->depth > FJS_DEPTH)
		return fjt_bad(f);
	f->p++;
	if (out && !(a = json_array()))
		return fjt_bad(f);
	c = fjt_next(f);
	if (c == ']') {
		f->p++;
	} else {
		for (;;) {
			json_t *v = NULL;

			if (value(f, c, k, out ? &v : NULL) || (v && json_array_append_new(a, v))) {
				json_decref(a);
				return fjt_bad(f);
			}
			c = fjt_next(f);
			if (c == ']') {
				f->p++;
				break;
			}
			if (c != ',') {
				json_decref(a);
				return fjt_bad(f);
			}
			f->p++;
			c = fjt_next(f);
		}
	}
	f->depth--;
	if (out)
		*out = a;
	return 0;
}

/* The value starting with @c at f->p, as kind @k, into *@out (NULL: only checked). */
static int value(struct fjs *f, int c, enum kind k, json_t **out)
{
	bool is_int;
	int64_t iv;
	double dv;

	switch (c) {
	case '{':
		return object(f, k == K_BINS ? K_ANY : k, out, k == K_BINS && out);
	case '[':
		return array(f, k == K_SKIP ? K_SKIP : K_ANY, out);
	case '"':
		if (out ? fjt_string(f) : fjt_skip_string(f))
			return -1;
		if (out && !(*out = json_stringn_nocheck(f->s, f->slen)))
			return fjt_bad(f);
		return 0;
	case 't':
		return literal(f, "true", json_true, out);
	case 'f':
		return literal(f, "false", json_false, out);
	case 'n':
		return literal(f, "null", json_null, out);
	default:
		if (fjt_number(f, &is_int, &iv, &dv))
			return -1;
		if (out && !(*out = is_int ? json_integer(iv) : json_real(dv)))
			return fjt_bad(f);
		return 0;
	}
}

int fjs_job(struct fjs *f, struct doc *d, unsigned int *order)
{
	struct fj_cbins cb[FJS_NCB];
	struct fj_cbset set = { cb, 0 };
	char why[256] = "";
	json_t *j = NULL;
	const char *n;
	size_t i;
	int ret = 0;
	bool arena = fja_installed();

	f->nb = 0;
	f->ncb = 0;
	if (arena)
		fja_open(&f->arena);
	if (object(f, K_JOB, &j, false))
		ret = -1;
	for (i = 0; i < f->ncb; i++)
		cb[i] = (struct fj_cbins){ f->cb[i].obj, f->cb[i].n, f->bkey + f->cb[i].first,
					   f->bval + f->cb[i].first };
	set.n = f->ncb;
	n = j ? json_string_value(json_object_get(j, "jobname")) : NULL;
	if (!ret && (!n || strcmp(n, "All clients")) &&
	    fj_add_job(&d->jobs, d->o, j, (*order)++, &set, why, sizeof(why)))
		ret = fjt_bad(f);
	if (arena) {
		fja_close(&f->arena); /* the job's tree, dropped whole */
	} else {
		for (i = 0; i < f->ncb; i++)
			json_decref(f->cb[i].obj);
		json_decref(j);
	}
	f->ncb = 0;
	d->njobs++;
	return ret;
}
