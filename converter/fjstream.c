/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fjstream.c -- fio JSON read as a stream (fjstream.h says what and why).
 *
 * The bytes pass through a window (1 MiB, more only for a longer
 * token). A token is parsed once the window holds FJS_LOOK bytes from
 * its first, so numbers and literals never straddle a refill; strings
 * are copied as they go and may be of any length. The text is held to
 * jansson's own rules (RFC 8259, valid UTF-8, no \u0000, integers in 64
 * bits, no real overflow) so that what passes here would pass jansson
 * too; the top-level members other than the jobs are handed to jansson
 * as their text, exactly as jscan.c hands them, so the document object
 * fiojson.c reads is the one it always read. A job becomes jansson
 * nodes only for the members fiojson.c reads (kept_job, kept_dir), its
 * json+ bins pairs of numbers (fj_priv.h's struct fj_cbins), and it is
 * added to the set and freed before the next one is read.
 */
#include "fjstream.h"

#include <errno.h>
#include <jansson.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fj_priv.h"

#define FJS_CHUNK (1u << 20)
#define FJS_LOOK 512u
#define FJS_DEPTH 64
#define FJS_NCB 16

/* What kind of object is being read: what it keeps. */
enum kind {
	K_SKIP, /* checked, nothing kept */
	K_ANY,	/* everything kept */
	K_JOB,
	K_DIR,
	K_LAT,
	K_BINS, /* a latency's json+ bins */
};

struct fjs {
	fjs_read_fn rd;
	void *src;
	char *buf, *p, *e; /* unread bytes p .. e; *e == '\0' */
	size_t cap, checked;
	bool eof, bad;
	int depth;
	char *s; /* the last string, decoded, NUL-terminated */
	size_t slen, scap;
	char *raw; /* a top-level member's text */
	size_t rawlen, rawcap;
	uint64_t *bkey; /* the current job's bins, as pairs */
	int64_t *bval;
	size_t nb, capb;
	struct {
		json_t *obj;
		size_t first, n;
	} cb[FJS_NCB];
	size_t ncb;
};

static int bad(struct fjs *f)
{
	f->bad = true;
	return -1;
}

/* Keep unread bytes, read more; an open-loop curve's input ("pct-max") is not ours. */
static void refill(struct fjs *f)
{
	size_t keep = (size_t)(f->e - f->p), done = (size_t)(f->p - f->buf);

	if (f->eof)
		return;
	memmove(f->buf, f->p, keep);
	f->checked = f->checked > done ? f->checked - done : 0;
	f->p = f->buf;
	f->e = f->buf + keep;
	if (f->cap - keep < 2 * FJS_LOOK) {
		char *n = realloc(f->buf, f->cap * 2);

		if (!n) {
			bad(f);
			f->eof = true;
			return;
		}
		f->p = f->buf = n;
		f->e = n + keep;
		f->cap *= 2;
	}
	while (!f->eof && (size_t)(f->e - f->buf) < f->cap / 2) {
		long r = f->rd(f->src, f->e, f->cap - 1 - (size_t)(f->e - f->buf));

		if (r < 0)
			bad(f);
		if (r <= 0)
			f->eof = true;
		else
			f->e += r;
	}
	*f->e = '\0';
	if (memmem(f->buf + (f->checked > 6 ? f->checked - 6 : 0),
		   (size_t)(f->e - f->buf) - (f->checked > 6 ? f->checked - 6 : 0), "pct-max", 7))
		bad(f);
	f->checked = (size_t)(f->e - f->buf);
}

/* The next byte that is not a blank, with FJS_LOOK bytes after it in the window; -1 at the end. */
static int next(struct fjs *f)
{
	for (;;) {
		char *p = f->p;

		while (*p == ' ' || *p == '\n' || *p == '\t' || *p == '\r')
			p++;
		f->p = p;
		if ((size_t)(f->e - p) < FJS_LOOK && !f->eof) {
			refill(f);
			continue;
		}
		return p < f->e ? (unsigned char)*p : -1;
	}
}

static int sput(struct fjs *f, const char *b, size_t n)
{
	if (f->slen + n + 1 > f->scap) {
		size_t nc = (f->slen + n + 1) * 2;
		char *s = realloc(f->s, nc);

		if (!s)
			return bad(f);
		f->s = s;
		f->scap = nc;
	}
	memcpy(f->s + f->slen, b, n);
	f->slen += n;
	f->s[f->slen] = '\0';
	return 0;
}

static int hex4(const unsigned char *p)
{
	int v = 0, i;

	for (i = 0; i < 4; i++) {
		int c = p[i];

		v <<= 4;
		if (c >= '0' && c <= '9')
			v |= c - '0';
		else if (c >= 'a' && c <= 'f')
			v |= c - 'a' + 10;
		else if (c >= 'A' && c <= 'F')
			v |= c - 'A' + 10;
		else
			return -1;
	}
	return v;
}

/* An escape at @q (a backslash) into the string; its length in the text, or -1. */
static int escape(struct fjs *f, const unsigned char *q)
{
	static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
	const char *k = q[1] ? strchr(from, q[1]) : NULL;
	char u[4];
	long v;
	int lo, len = 6, n;

	if (k)
		return sput(f, to + (k - from), 1) ? -1 : 2;
	if (q[1] != 'u' || (v = hex4(q + 2)) < 0)
		return bad(f);
	if (v >= 0xDC00 && v <= 0xDFFF)
		return bad(f);
	if (v >= 0xD800 && v <= 0xDBFF) {
		if (q[6] != '\\' || q[7] != 'u' || (lo = hex4(q + 8)) < 0xDC00 || lo > 0xDFFF)
			return bad(f);
		v = ((v - 0xD800) << 10) + (lo - 0xDC00) + 0x10000;
		len = 12;
	}
	if (!v)
		return bad(f); /* jansson refuses \u0000 */
	if (v < 0x80) {
		u[0] = (char)v;
		n = 1;
	} else if (v < 0x800) {
		u[0] = (char)(0xC0 | (v >> 6));
		u[1] = (char)(0x80 | (v & 0x3F));
		n = 2;
	} else if (v < 0x10000) {
		u[0] = (char)(0xE0 | (v >> 12));
		u[1] = (char)(0x80 | ((v >> 6) & 0x3F));
		u[2] = (char)(0x80 | (v & 0x3F));
		n = 3;
	} else {
		u[0] = (char)(0xF0 | (v >> 18));
		u[1] = (char)(0x80 | ((v >> 12) & 0x3F));
		u[2] = (char)(0x80 | ((v >> 6) & 0x3F));
		u[3] = (char)(0x80 | (v & 0x3F));
		n = 4;
	}
	return sput(f, u, (size_t)n) ? -1 : len;
}

/* The length of the UTF-8 sequence at @q as jansson takes it (utf8.c), or -1. */
static int utf8_len(const unsigned char *q)
{
	unsigned int v, i, n;

	if (*q >= 0xC2 && *q <= 0xDF)
		n = 2, v = *q & 0x1F;
	else if (*q >= 0xE0 && *q <= 0xEF)
		n = 3, v = *q & 0x0F;
	else if (*q >= 0xF0 && *q <= 0xF4)
		n = 4, v = *q & 0x07;
	else
		return -1;
	for (i = 1; i < n; i++) {
		if (q[i] < 0x80 || q[i] > 0xBF)
			return -1;
		v = (v << 6) | (q[i] & 0x3F);
	}
	if (v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF) || (n == 2 && v < 0x80) ||
	    (n == 3 && v < 0x800) || (n == 4 && v < 0x10000))
		return -1;
	return (int)n;
}

/* The string at f->p (a quote) into f->s, decoded. */
static int string(struct fjs *f)
{
	const unsigned char *p = (const unsigned char *)f->p + 1;

	f->slen = 0;
	if (!f->s && sput(f, "", 0))
		return -1; /* "" is a string too */
	for (;;) {
		const unsigned char *q = p;
		int n;

		while (*q >= 0x20 && *q < 0x80 && *q != '"' && *q != '\\')
			q++;
		if (q > p && sput(f, (const char *)p, (size_t)(q - p)))
			return -1;
		if (*q == '"') {
			f->p = (char *)q + 1;
			return 0;
		}
		if ((const char *)q + 12 > f->e && !f->eof) {
			f->p = (char *)q;
			refill(f);
			p = (const unsigned char *)f->p;
			continue;
		}
		if (*q == '\\')
			n = escape(f, q);
		else if (*q >= 0x80 && (n = utf8_len(q)) > 0)
			n = sput(f, (const char *)q, (size_t)n) ? -1 : n;
		else
			n = bad(f); /* a control character, or the end */
		if (n < 0)
			return -1;
		p = q + n;
	}
}

static const double pow10[] = { 1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7,
				1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
				1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22 };

/*
 * The number at f->p, as jansson reads it: an integer (no fraction, no
 * exponent) that must fit 64 bits, else a double (strtod's, or the same
 * value exactly when the digits and the power of ten are both exact).
 */
static int number(struct fjs *f, bool *is_int, int64_t *iv, double *dv)
{
	const char *p = f->p, *start = p;
	bool neg = *p == '-', digits_ok = true;
	uint64_t m = 0;
	int nd = 0, nfrac = 0, ex = 0, exd = 0;
	bool exneg = false;

	if (neg)
		p++;
	if (*p == '0') {
		p++;
		if (*p >= '0' && *p <= '9')
			return bad(f);
	} else if (*p >= '1' && *p <= '9') {
		while (*p >= '0' && *p <= '9') {
			if (nd < 19)
				m = m * 10 + (uint64_t)(*p - '0');
			else
				digits_ok = false;
			nd++;
			p++;
		}
	} else {
		return bad(f);
	}
	*is_int = *p != '.' && *p != 'e' && *p != 'E';
	if (*is_int) {
		if (!digits_ok || m > (uint64_t)INT64_MAX + neg)
			return bad(f); /* jansson: too big integer */
		*iv = neg ? (int64_t)(0 - m) : (int64_t)m;
		f->p = (char *)p;
		return 0;
	}
	if (*p == '.') {
		p++;
		if (!(*p >= '0' && *p <= '9'))
			return bad(f);
		while (*p >= '0' && *p <= '9') {
			if (m || *p != '0') {
				if (nd < 19)
					m = m * 10 + (uint64_t)(*p - '0');
				else
					digits_ok = false;
				nd++;
			}
			nfrac++;
			p++;
		}
	}
	if (*p == 'e' || *p == 'E') {
		p++;
		if (*p == '+' || *p == '-')
			exneg = *p++ == '-';
		if (!(*p >= '0' && *p <= '9'))
			return bad(f);
		while (*p >= '0' && *p <= '9') {
			if (exd++ < 6)
				ex = ex * 10 + (*p - '0');
			p++;
		}
	}
	if ((size_t)(p - start) >= FJS_LOOK - 1)
		return bad(f);
	ex = (exneg ? -ex : ex) - nfrac;
	if (digits_ok && exd <= 6 && m <= (1ull << 53) && ex >= -22 && ex <= 22) {
		*dv = ex < 0 ? (double)m / pow10[-ex] : (double)m * pow10[ex];
	} else {
		char tok[FJS_LOOK];

		memcpy(tok, start, (size_t)(p - start));
		tok[p - start] = '\0';
		*dv = strtod(tok, NULL);
		if (isinf(*dv))
			return bad(f); /* jansson: real number overflow */
		f->p = (char *)p;
		return 0;
	}
	if (neg)
		*dv = -*dv;
	f->p = (char *)p;
	return 0;
}

static int value(struct fjs *f, int c, enum kind k, json_t **out);

/* A literal (true, false, null) at f->p, whole (no letter after it). */
static int literal(struct fjs *f, const char *word, json_t *(*make)(void), json_t **out)
{
	size_t n = strlen(word);
	char after;

	if (strncmp(f->p, word, n))
		return bad(f);
	after = f->p[n];
	if ((after >= 'a' && after <= 'z') || (after >= 'A' && after <= 'Z'))
		return bad(f);
	f->p += n;
	if (out && !(*out = make()))
		return bad(f);
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
			if (!strcmp(key, *l))
				return K_ANY;
		return K_SKIP;
	case K_DIR:
		if (!strcmp(key, "lat_ns") || !strcmp(key, "clat_ns") || !strcmp(key, "lat") ||
		    !strcmp(key, "clat"))
			return K_LAT;
		for (l = dir; *l; l++)
			if (!strcmp(key, *l))
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
			return bad(f);
		f->bkey = nk;
		nv = realloc(f->bval, nc * sizeof(*nv));
		if (!nv)
			return bad(f);
		f->bval = nv;
		f->capb = nc;
	}
	f->bkey[f->nb] = k;
	f->bval[f->nb++] = v;
	return 0;
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
	int c = next(f);

	if (c == '}') {
		f->p++;
		return 0;
	}
	for (;;) {
		char kbuf[128], *key = kbuf;
		enum kind mk;
		json_t *v = NULL;
		uint64_t bk;
		int ret;

		if (c != '"' || string(f))
			return bad(f);
		if (next(f) != ':')
			return bad(f);
		f->p++;
		c = next(f);
		if (bins && c >= '0' && c <= '9' && bin_key(f->s, f->slen, &bk) &&
		    (f->nb == first || bk > last)) {
			bool is_int;
			int64_t iv;
			double dv;

			if (number(f, &is_int, &iv, &dv))
				return -1;
			if (is_int) {
				last = bk;
				if (bin_put(f, bk, iv))
					return -1;
				goto sep;
			}
			v = json_real(dv);
			if (!v)
				return bad(f);
		}
		if (bins) {
			/* Not a pair: the pairs so far become members, and the rest too. */
			size_t i;

			for (i = first; i < f->nb; i++) {
				char kb[24];

				snprintf(kb, sizeof(kb), "%llu", (unsigned long long)f->bkey[i]);
				if (json_object_set_new_nocheck(o, kb, json_integer(f->bval[i])))
					return bad(f);
			}
			f->nb = first;
			f->ncb--;
			json_decref(o); /* the reference object() took for the pairs */
			bins = false;
		}
		if (f->slen >= sizeof(kbuf) && !(key = strdup(f->s)))
			return bad(f);
		if (key == kbuf)
			memcpy(kbuf, f->s, f->slen + 1);
		mk = o ? member_kind(k, key) : K_SKIP;
		if (mk == K_BINS && json_object_get(o, "bins"))
			ret = bad(f); /* a second "bins": which pairs are whose? */
		else
			ret = v ? 0 : value(f, c, mk, mk == K_SKIP ? NULL : &v);
		if (!ret && v && json_object_set_new_nocheck(o, key, v))
			ret = bad(f);
		if (key != kbuf)
			free(key);
		if (ret)
			return -1;
sep:
		c = next(f);
		if (c == '}') {
			f->p++;
			if (bins)
				f->cb[f->ncb - 1].n = f->nb - first;
			return 0;
		}
		if (c != ',')
			return bad(f);
		f->p++;
		c = next(f);
	}
}

static int object(struct fjs *f, enum kind k, json_t **out, bool bins)
{
	json_t *o = NULL;

	if (++f->depth > FJS_DEPTH)
		return bad(f);
	f->p++;
	if (out && !(o = json_object()))
		return bad(f);
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
		return bad(f);
	f->p++;
	if (out && !(a = json_array()))
		return bad(f);
	c = next(f);
	if (c == ']') {
		f->p++;
	} else {
		for (;;) {
			json_t *v = NULL;

			if (value(f, c, k, out ? &v : NULL) || (v && json_array_append_new(a, v))) {
				json_decref(a);
				return bad(f);
			}
			c = next(f);
			if (c == ']') {
				f->p++;
				break;
			}
			if (c != ',') {
				json_decref(a);
				return bad(f);
			}
			f->p++;
			c = next(f);
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
		if (string(f))
			return -1;
		if (out && !(*out = json_stringn_nocheck(f->s, f->slen)))
			return bad(f);
		return 0;
	case 't':
		return literal(f, "true", json_true, out);
	case 'f':
		return literal(f, "false", json_false, out);
	case 'n':
		return literal(f, "null", json_null, out);
	default:
		if (number(f, &is_int, &iv, &dv))
			return -1;
		if (out && !(*out = is_int ? json_integer(iv) : json_real(dv)))
			return bad(f);
		return 0;
	}
}

/* Append f->p .. @q to the member's text. */
static int raw_put(struct fjs *f, const char *q)
{
	size_t n = (size_t)(q - f->p);

	if (f->rawlen + n + 1 > f->rawcap) {
		size_t nc = (f->rawlen + n + 1) * 2;
		char *r = realloc(f->raw, nc);

		if (!r)
			return bad(f);
		f->raw = r;
		f->rawcap = nc;
	}
	memcpy(f->raw + f->rawlen, f->p, n);
	f->rawlen += n;
	f->p = (char *)q;
	return 0;
}

/*
 * A top-level member's value into f->raw, its end found as jscan.c's
 * skip_value() finds it: a string to its closing quote, an object or an
 * array to its closing bracket (strings skipped), anything else to the
 * next blank, comma or bracket.
 */
static int raw_value(struct fjs *f)
{
	int depth = 0;
	bool scalar = *f->p != '"' && *f->p != '{' && *f->p != '[', in_str = false;

	f->rawlen = 0;
	for (;;) {
		char *q = f->p;

		for (; q < f->e; q++) {
			if (scalar) {
				if (strchr(",}] \t\r\n", *q))
					return raw_put(f, q);
				continue;
			}
			if (in_str) {
				if (*q == '\\' && q + 1 < f->e)
					q++;
				else if (*q == '\\')
					break; /* the escaped byte is in the next read */
				else if (*q == '"' && (in_str = false, !depth))
					return raw_put(f, q + 1);
				continue;
			}
			if (*q == '"')
				in_str = true;
			else if (*q == '{' || *q == '[')
				depth++;
			else if ((*q == '}' || *q == ']') && --depth == 0)
				return raw_put(f, q + 1);
		}
		if (raw_put(f, q))
			return -1;
		if (f->eof)
			return scalar ? 0 : bad(f);
		refill(f);
	}
}

/* The jobs of the document being read, and what they need. */
struct doc {
	json_t *o;
	struct fj_set jobs; /* its jobs, added as read; moved to the set at the end */
	size_t njobs;	    /* entries of its jobs array, "All clients" included */
	bool had_jobs;
};

static void doc_clear_jobs(struct doc *d)
{
	size_t i;

	for (i = 0; i < d->jobs.njobs; i++)
		fj_job_release(&d->jobs.jobs[i]);
	d->jobs.njobs = 0;
	d->njobs = 0;
}

/* One job (f->p at its brace) read and added to the document's. */
static int job(struct fjs *f, struct doc *d, unsigned int *order)
{
	struct fj_cbins cb[FJS_NCB];
	struct fj_cbset set = { cb, 0 };
	char why[256] = "";
	json_t *j = NULL;
	const char *n;
	size_t i;
	int ret = 0;

	f->nb = 0;
	f->ncb = 0;
	if (object(f, K_JOB, &j, false))
		ret = -1;
	for (i = 0; i < f->ncb; i++)
		cb[i] = (struct fj_cbins){ f->cb[i].obj, f->cb[i].n, f->bkey + f->cb[i].first,
					   f->bval + f->cb[i].first };
	set.n = f->ncb;
	n = j ? json_string_value(json_object_get(j, "jobname")) : NULL;
	if (!ret && (!n || strcmp(n, "All clients")) &&
	    fj_add_job(&d->jobs, d->o, j, (*order)++, &set, why, sizeof(why)))
		ret = bad(f);
	for (i = 0; i < f->ncb; i++)
		json_decref(f->cb[i].obj);
	f->ncb = 0;
	json_decref(j);
	d->njobs++;
	return ret;
}

/* A jobs array (f->p at its bracket), as jscan.c takes it: objects only. */
static int jobs(struct fjs *f, struct doc *d)
{
	unsigned int order = 0;
	int c;

	doc_clear_jobs(d);
	d->had_jobs = true;
	f->p++;
	c = next(f);
	if (c == ']') {
		f->p++;
		return 0;
	}
	for (;;) {
		if (c != '{' || job(f, d, &order))
			return bad(f);
		c = next(f);
		if (c == ']') {
			f->p++;
			return 0;
		}
		if (c != ',')
			return bad(f);
		f->p++;
		c = next(f);
	}
}

/* A raw key as jscan.c takes it: the text between the quotes, escapes as written, 63 bytes at most. */
static int raw_key(struct fjs *f, char *key, size_t len)
{
	char *q;

	f->p++;
	f->rawlen = 0;
	for (;;) {
		for (q = f->p; q < f->e && *q != '"'; q++)
			if (*q == '\\' && ++q == f->e) {
				q--; /* the escaped byte is in the next read */
				break;
			}
		if (q < f->e && *q == '"')
			break;
		if (raw_put(f, q) || f->eof)
			return bad(f);
		refill(f);
	}
	if (raw_put(f, q))
		return -1;
	f->p++;
	if (memchr(f->raw, '\0', f->rawlen))
		return bad(f);
	snprintf(key, len, "%.*s", (int)f->rawlen, f->raw);
	return 0;
}

/* The document at f->p (its brace): its members into d->o, its jobs into d->jobs. */
static int document(struct fjs *f, struct doc *d)
{
	int c;

	f->p++;
	c = next(f);
	if (c == '}') {
		f->p++;
		return 0;
	}
	for (;;) {
		char key[64];
		json_error_t je;
		json_t *v;

		if (c != '"' || raw_key(f, key, sizeof(key)) || next(f) != ':')
			return bad(f);
		f->p++;
		c = next(f);
		if (!strcmp(key, "jobs") || !strcmp(key, "client_stats")) {
			if (c != '[' || jobs(f, d))
				return bad(f);
			v = json_true();
		} else {
			/* Global options after the jobs: they were read with the wrong ones. */
			if (c < 0 || (d->had_jobs && !strcmp(key, "global options")) || raw_value(f))
				return bad(f);
			v = json_loadb(f->raw, f->rawlen, JSON_DECODE_ANY, &je);
		}
		if (!v || json_object_set_new(d->o, key, v))
			return bad(f);
		c = next(f);
		if (c == '}') {
			f->p++;
			return 0;
		}
		if (c != ',')
			return bad(f);
		f->p++;
		c = next(f);
	}
}

/* The next '{' in column 1 (jscan.c's js_next_doc()); @prev: the byte before f->p. */
static bool find_doc(struct fjs *f, char prev)
{
	for (;;) {
		char *q = f->p, *b;

		while (q < f->e && (b = memchr(q, '{', (size_t)(f->e - q)))) {
			if ((b > f->p ? b[-1] : prev) == '\n') {
				f->p = b;
				return true;
			}
			q = b + 1;
		}
		if (f->e > f->p)
			prev = f->e[-1];
		f->p = f->e;
		if (f->eof)
			return false;
		refill(f);
	}
}

/* The last document's jobs into @set, as fj_read_buffer() adds them. */
static int take(struct fj_set *set, const char *name, struct doc *d, unsigned int interim,
		struct fr_err *err)
{
	struct fj_job *n;
	int ret;

	if (!d->njobs && !json_is_object(json_object_get(d->o, "fiorion")))
		return FJS_UNSURE; /* fj_read_buffer() words it, with the line */
	ret = fj_take_doc(set, name, d->o, d->njobs, err);
	if (ret)
		return ret;
	if (d->jobs.njobs) {
		n = realloc(set->jobs, (set->njobs + d->jobs.njobs) * sizeof(*n));
		if (!n)
			return fr_errf(err, -ENOMEM, "%s: out of memory", name);
		memcpy(n + set->njobs, d->jobs.jobs, d->jobs.njobs * sizeof(*n));
		set->jobs = n;
		set->njobs += d->jobs.njobs;
		set->capjobs = set->njobs;
		set->client_server |= d->jobs.client_server;
		d->jobs.njobs = 0;
	}
	set->last_interim = interim;
	set->last_cut = false;
	return fj_add_name(set, name, err);
}

int fjs_read(struct fj_set *set, const char *name, fjs_read_fn rd, void *src,
	     struct fr_err *err)
{
	struct fjs f = { .rd = rd, .src = src, .cap = FJS_CHUNK };
	struct doc d = { .jobs = { .nfiles = set->nfiles } };
	unsigned int docs = 0;
	int ret = FJS_UNSURE;

	f.buf = f.p = f.e = malloc(f.cap);
	if (!f.buf)
		return FJS_UNSURE;
	*f.e = '\0';
	refill(&f);
	if (find_doc(&f, '\n')) {
		for (;;) {
			json_decref(d.o);
			doc_clear_jobs(&d);
			d.had_jobs = false;
			d.o = json_object();
			if (!d.o || document(&f, &d) || f.bad)
				break;
			docs++;
			if (!find_doc(&f, '}')) {
				if (!f.bad)
					ret = take(set, name, &d, docs - 1, err);
				break;
			}
		}
	}
	json_decref(d.o);
	doc_clear_jobs(&d);
	free(d.jobs.jobs);
	free(f.buf);
	free(f.s);
	free(f.raw);
	free(f.bkey);
	free(f.bval);
	return ret;
}

static long fd_read(void *src, char *buf, size_t len)
{
	for (;;) {
		ssize_t r = read(*(int *)src, buf, len);

		if (r >= 0 || errno != EINTR)
			return (long)r;
	}
}

int fjs_read_fd(struct fj_set *set, const char *name, int fd, struct fr_err *err)
{
	return fjs_read(set, name, fd_read, &fd, err);
}

struct mem {
	const char *b;
	size_t len, pos;
};

static long mem_read(void *src, char *buf, size_t len)
{
	struct mem *m = src;
	size_t n = m->len - m->pos < len ? m->len - m->pos : len;

	memcpy(buf, m->b + m->pos, n);
	m->pos += n;
	return (long)n;
}

int fjs_read_buffer(struct fj_set *set, const char *name, const char *buf, size_t len,
		    struct fr_err *err)
{
	struct mem m = { buf, len, 0 };

	return fjs_read(set, name, mem_read, &m, err);
}
