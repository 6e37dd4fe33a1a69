/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ptkind.c -- each job's class and block size; what does not fit one
 * ORION matrix is named (ptkind.h).
 */
#include "ptkind.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fr_size.h"
#include "jobcheck.h"
#include "jobname.h"

/* One size of @s[0..@n) ("4k", " 1m"), by the one strict parser. */
static bool one_size(const char *s, size_t n, uint64_t *v)
{
	char buf[64];

	while (n && (*s == ' ' || *s == '\t'))
		s++, n--;
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
		n--;
	if (!n || n >= sizeof(buf))
		return false;
	memcpy(buf, s, n);
	buf[n] = '\0';
	return fr_parse_size(buf, v) == 0 && *v;
}

static void widen(uint64_t v, uint64_t *lo, uint64_t *hi, bool *any)
{
	if (!*any || v < *lo)
		*lo = v;
	if (!*any || v > *hi)
		*hi = v;
	*any = true;
}

/* The directions (read, write, trim) rw= @rw does, as a bit mask. */
static unsigned int rw_dirs(const char *rw)
{
	size_t n = rw ? strcspn(rw, ":") : 0;

	if (!rw || !n)
		return 1; /* fio's default: read */
	if ((n == 4 && !strncmp(rw, "read", n)) || (n == 8 && !strncmp(rw, "randread", n)))
		return 1;
	if ((n == 5 && !strncmp(rw, "write", n)) || (n == 9 && !strncmp(rw, "randwrite", n)))
		return 2;
	if ((n == 4 && !strncmp(rw, "trim", n)) || (n == 8 && !strncmp(rw, "randtrim", n)))
		return 4;
	if (n == 9 && !strncmp(rw, "trimwrite", n))
		return 6;
	return 3; /* rw, readwrite, randrw */
}

/*
 * Each entry of a per-direction list @s (read,write,trim; one entry is
 * every direction's) that a direction of @dirs uses, through @each.
 */
static void per_dir(const char *s, unsigned int dirs,
		    void (*each)(const char *e, size_t n, uint64_t *lo, uint64_t *hi, bool *any),
		    uint64_t *lo, uint64_t *hi, bool *any)
{
	const char *e[3] = { s, NULL, NULL };
	size_t len[3], k, n = 1;

	len[0] = strcspn(s, ",");
	while (n < 3 && e[n - 1][len[n - 1]] == ',') {
		e[n] = e[n - 1] + len[n - 1] + 1;
		len[n] = strcspn(e[n], ",");
		n++;
	}
	for (k = 0; k < 3; k++) {
		size_t i = n == 1 ? 0 : k;

		if ((dirs & (1u << k)) && i < n && len[i])
			each(e[i], len[i], lo, hi, any);
	}
}

static void bs_entry(const char *e, size_t n, uint64_t *lo, uint64_t *hi, bool *any)
{
	uint64_t v;

	if (one_size(e, n, &v))
		widen(v, lo, hi, any);
}

/* "4k-64k" (fio 2.x also "4k:64k"). */
static void range_entry(const char *e, size_t n, uint64_t *lo, uint64_t *hi, bool *any)
{
	size_t m = 0;

	while (m < n && e[m] != '-' && e[m] != ':')
		m++;
	bs_entry(e, m, lo, hi, any);
	if (m < n)
		bs_entry(e + m + 1, n - m - 1, lo, hi, any);
}

/* "4k/50:1m/50" (a size with no share takes what is left). */
static void split_entry(const char *e, size_t n, uint64_t *lo, uint64_t *hi, bool *any)
{
	while (n) {
		size_t m = 0, sz;

		while (m < n && e[m] != ':')
			m++;
		sz = 0;
		while (sz < m && e[sz] != '/')
			sz++;
		/* A share of 0 is a size never issued. */
		if (!(sz < m && m - sz == 2 && e[sz + 1] == '0'))
			bs_entry(e, sz, lo, hi, any);
		e += m < n ? m + 1 : m;
		n -= m < n ? m + 1 : m;
	}
}

bool pk_job_sizes(const struct fj_job *j, uint64_t *lo, uint64_t *hi)
{
	unsigned int dirs = rw_dirs(j->rw);
	bool any = false;

	*lo = *hi = 0;
	if (j->bssplit)
		per_dir(j->bssplit, dirs, split_entry, lo, hi, &any);
	else if (j->bsrange)
		per_dir(j->bsrange, dirs, range_entry, lo, hi, &any);
	else if (j->bs_text)
		per_dir(j->bs_text, dirs, bs_entry, lo, hi, &any);
	return any;
}

/* "4 KiB", "1 MiB", "1536 bytes" into @buf. */
static const char *size_words(char *buf, size_t len, uint64_t v)
{
	if (v >= 1048576 && v % 1048576 == 0)
		snprintf(buf, len, "%llu MiB", (unsigned long long)(v / 1048576));
	else if (v >= 1024 && v % 1024 == 0)
		snprintf(buf, len, "%llu KiB", (unsigned long long)(v / 1024));
	else
		snprintf(buf, len, "%llu bytes", (unsigned long long)v);
	return buf;
}

/* "4 KiB" or "4 KiB to 1 MiB". */
static const char *span_words(char *buf, size_t len, uint64_t lo, uint64_t hi)
{
	char a[32], b[32];

	if (lo == hi)
		return size_words(buf, len, lo);
	snprintf(buf, len, "%s to %s", size_words(a, sizeof(a), lo), size_words(b, sizeof(b), hi));
	return buf;
}

/* Which option said the sizes, for messages. */
static const char *sizes_option(const struct fj_job *j, char *buf, size_t len)
{
	if (j->bssplit)
		snprintf(buf, len, "bssplit=%.100s", j->bssplit);
	else if (j->bsrange)
		snprintf(buf, len, "bsrange=%.100s", j->bsrange);
	else
		snprintf(buf, len, "bs=%.100s", j->bs_text ? j->bs_text : "");
	return buf;
}

static const char *file_of(const struct fj_set *in, const struct fj_job *j)
{
	return j->file < in->nfiles ? in->file_names[j->file] : "the input being read";
}

/* A job not named by fiorion: small or large by its average block. */
static int infer_kind(const struct fj_set *in, const struct fj_job *j, const struct pt_opts *o,
		      char *kind, struct fr_err *err)
{
	uint64_t ios = j->dir[0].ios + j->dir[1].ios, lo, hi, bs;
	char a[80], b[160];

	bs = ios ? (j->dir[0].bytes + j->dir[1].bytes) / ios : j->bs;
	if (!bs)
		return fr_errf(err, -EINVAL,
			       "job '%s' (group %d): no I/O and no bs= option; cannot tell small from large",
			       j->name, j->groupid);
	if (pk_job_sizes(j, &lo, &hi) && lo <= o->small_max && hi >= o->large_min)
		return fr_errf(err, -EINVAL,
			       "job '%s' (group %d, %s): its block sizes span small and large (%s: %s; small <= %llu bytes, large >= %llu): ORION's small and large I/O are separate jobs, and one job's I/Os cannot be told apart afterwards; run them as two jobs",
			       j->name, j->groupid, file_of(in, j), sizes_option(j, b, sizeof(b)),
			       span_words(a, sizeof(a), lo, hi), (unsigned long long)o->small_max,
			       (unsigned long long)o->large_min);
	if (bs <= o->small_max)
		*kind = PK_SMALL;
	else if (bs >= o->large_min)
		*kind = PK_LARGE;
	else
		return fr_errf(err, -EINVAL,
			       "job '%s' (group %d): average block size %llu bytes is between small (<= %llu) and large (>= %llu); set -small_max or -large_min",
			       j->name, j->groupid, (unsigned long long)bs,
			       (unsigned long long)o->small_max, (unsigned long long)o->large_min);
	return 0;
}

/* The sizes of one class seen so far: the first job's. */
struct seen {
	const struct fj_job *job;
	uint64_t lo, hi;
	bool approx;
};

/*
 * Job @j's block sizes: its options', else its average block; *@approx
 * when that average comes from fio's iops x runtime (fio before 2.1.14
 * wrote no I/O count), so it is near the size, not the size.
 */
static void job_span(const struct fj_job *j, uint64_t *lo, uint64_t *hi, bool *approx)
{
	uint64_t ios = j->dir[0].ios + j->dir[1].ios;

	*approx = false;
	if (pk_job_sizes(j, lo, hi))
		return;
	*lo = *hi = ios ? (j->dir[0].bytes + j->dir[1].bytes) / ios : j->bs;
	*approx = j->dir[0].iops_fio > 0 || j->dir[1].iops_fio > 0;
}

/* Whether one size (@lo .. @hi) is the other's: exactly, or within 5 % when one is near. */
static bool same_size(uint64_t lo, uint64_t hi, bool approx, const struct seen *s)
{
	uint64_t a = lo, b = s->lo;

	if (lo == s->lo && hi == s->hi)
		return true;
	if (!(approx || s->approx) || lo != hi || s->lo != s->hi)
		return false;
	return (a > b ? a - b : b - a) * 20 <= (a > b ? a : b);
}

/*
 * Job @j of class @cls ("small" or "large") against the first of its
 * class (@s): 0 when the sizes agree (or -size_* picks and *@keep says
 * whether @j has that size); else -EINVAL naming both.
 */
static int check_size(const struct fj_set *in, const struct fj_job *j, struct seen *s,
		      const char *cls, uint64_t pick, bool *keep, struct fr_err *err)
{
	char a[64], b[64];
	uint64_t lo, hi;
	bool approx;

	job_span(j, &lo, &hi, &approx);
	*keep = true;
	if (pick) {
		*keep = same_size(lo, hi, approx, &(struct seen){ NULL, pick, pick, false });
		return 0;
	}
	if (!s->job) {
		*s = (struct seen){ j, lo, hi, approx };
		return 0;
	}
	if (same_size(lo, hi, approx, s))
		return 0;
	return fr_errf(err, -EINVAL,
		       "the %s jobs have different block sizes: %s (job '%s', group %d, %s) and %s (job '%s', group %d, %s); one ORION matrix has one %s size: convert them apart, or keep one size with -size_%s",
		       cls, span_words(a, sizeof(a), s->lo, s->hi), s->job->name, s->job->groupid,
		       file_of(in, s->job), span_words(b, sizeof(b), lo, hi), j->name, j->groupid,
		       file_of(in, j), cls, cls);
}

char *pk_kinds(const struct fj_set *in, const struct pt_opts *o, bool exact, size_t *nleft,
	       struct fr_err *err)
{
	char *kinds = calloc(in->njobs + 1, 1);
	struct seen small = { 0 }, large = { 0 };
	size_t i;
	int ret = 0;

	*nleft = 0;
	if (!kinds) {
		fr_errf(err, -ENOMEM, "out of memory");
		return NULL;
	}
	for (i = 0; i < in->njobs && !ret; i++) {
		const struct fj_job *j = &in->jobs[i];
		struct fr_err jerr = { "" };
		struct jn_name jn;
		bool named = jn_parse(j->name, &jn), keep = true;

		if (o->host && (!j->host || strcmp(j->host, o->host)))
			continue; /* PK_OUT */
		kinds[i] = PK_OTHER;
		if (jc_job_measured(j, named, &jerr) || (exact && !named))
			continue;
		if (exact)
			kinds[i] = jn.kind;
		else
			ret = infer_kind(in, j, o, &kinds[i], err);
		if (ret || kinds[i] == PK_WARM)
			continue;
		if (kinds[i] == PK_SMALL)
			ret = check_size(in, j, &small, "small", o->size_small, &keep, err);
		else
			ret = check_size(in, j, &large, "large", o->size_large, &keep, err);
		if (!keep) {
			kinds[i] = PK_OUT;
			++*nleft;
		}
	}
	if (ret) {
		free(kinds);
		return NULL;
	}
	return kinds;
}
