/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * orion_report.c -- ORION's summary, CSV, trace, tradeoff and histogram
 * files, byte for byte in ORION's layouts.
 *
 * Conventions taken from real ORION output (orion.md section 3): CSV cells
 * are ",%7d" / ",%7.2f" after an 11-wide row label; IOPS are truncated;
 * iops/lat columns are the small loads without 0 and rows the large loads
 * with 0, mbps the other way round; untested trailing cells are omitted,
 * untested inner cells left blank so columns keep their place; the first
 * extreme in run order wins; the trace's point headers lag one point
 * behind the statistics printed under them, as ORION 10.2's do.
 */
#include "orion_report.h"
#include "fr_file.h"
#include "fr_lunlist.h"
#include "version.h"

#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>



static char *xstrdup(const char *s)
{
	return s ? strdup(s) : NULL;
}

static int cmp_i64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return x < y ? -1 : x > y;
}

/* Sorted distinct loads of the points, on the small (@small) or large axis. */
static size_t levels(const struct pt_set *pts, bool small, bool with_zero,
		     int64_t **out)
{
	int64_t *v = malloc((pts->n + 1) * sizeof(*v));
	size_t i, n = 0, k;

	if (!v) {
		*out = NULL;
		return 0;
	}
	if (with_zero)
		v[n++] = 0;
	for (i = 0; i < pts->n; i++) {
		int64_t x = small ? pts->pts[i].s : pts->pts[i].l;

		if (!x)
			continue;
		for (k = 0; k < n && v[k] != x; k++)
			;
		if (k == n)
			v[n++] = x;
	}
	qsort(v, n, sizeof(*v), cmp_i64);
	*out = v;
	return n;
}

static const char *arr_name(const struct or_params *p)
{
	return p->raid0 ? "RAID 0" : "CONCAT";
}

static void cols_line(FILE *f, const char *label, const int64_t *v, size_t n)
{
	size_t i;

	fputs(label, f);
	for (i = 0; i < n; i++)
		fprintf(f, ",%7lld", (long long)v[i]);
	fputc('\n', f);
}

static const struct or_layout layouts[] = {
	[OR_COMPAT_102] = { "10.2", false, false, 2, 0, false, true, false, false },
	[OR_COMPAT_111] = { "11.1", true, false, 2, 0, false, false, false, false },
	[OR_COMPAT_112] = { "11.2", true, true, 2, 0, false, false, true, false },
	[OR_COMPAT_121] = { "12.1", true, true, 2, 1, true, false, true, false },
	[OR_COMPAT_122] = { "12.2", true, true, 3, 3, true, false, true, true },
	[OR_COMPAT_19C] = { "19c", true, true, 3, 3, true, false, true, true },
};

const struct or_layout *or_layout(enum or_compat c)
{
	if ((unsigned int)c >= sizeof(layouts) / sizeof(layouts[0]))
		c = OR_COMPAT_102;
	return &layouts[c];
}

int or_compat_parse(const char *s, enum or_compat *c)
{
	unsigned int i;

	for (i = 0; i < sizeof(layouts) / sizeof(layouts[0]); i++)
		if (!strcmp(s, layouts[i].name)) {
			*c = (enum or_compat)i;
			return 0;
		}
	return -EINVAL;
}

/* Small latency in the unit of the layout: ms (10.2, 11.1) or us. */
static double lat_unit(const struct pt_point *pt, enum or_compat c)
{
	double ns = pt->small.lat[PT_ALL].mean;

	return or_layout(c)->usecs ? ns / 1e3 : ns / 1e6;
}

static long long iops_of(const struct pt_class *c)
{
	return (long long)c->iops;	/* ORION truncates */
}

/* ---------------------------------------------------------------- CSV */

enum csv_kind { CSV_IOPS, CSV_LAT, CSV_MBPS };

static bool cell(const struct pt_set *pts, enum csv_kind k, int64_t s,
		 int64_t l, const struct pt_point **out)
{
	const struct pt_point *pt = pt_find(pts, (unsigned int)s, (unsigned int)l);

	*out = pt;
	if (!pt)
		return false;
	if (k == CSV_MBPS)
		return pt->large.present;
	if (k == CSV_LAT)
		return pt->small.present && pt->small.lat[PT_ALL].n;
	return pt->small.present;
}

static void csv(FILE *f, const struct pt_set *pts, enum csv_kind k,
		enum or_compat c)
{
	int64_t *cols, *rows;
	size_t nc, nr, i, j;

	nc = levels(pts, true, k == CSV_MBPS, &cols);
	nr = levels(pts, false, k != CSV_MBPS, &rows);
	cols_line(f, "Large/Small", cols, nc);
	for (i = 0; i < nr; i++) {
		const struct pt_point *pt;
		size_t last = 0;
		bool any = false;

		for (j = 0; j < nc; j++)
			if (cell(pts, k, cols[j], rows[i], &pt)) {
				last = j;
				any = true;
			}
		fprintf(f, "%11lld", (long long)rows[i]);
		for (j = 0; any && j <= last; j++) {
			if (!cell(pts, k, cols[j], rows[i], &pt))
				fprintf(f, ",%7s", "");
			else if (k == CSV_IOPS)
				fprintf(f, ",%7lld", iops_of(&pt->small));
			else if (k == CSV_MBPS)
				fprintf(f, ",%7.2f", pt->large.mbps);
			else
				fprintf(f, ",%7.*f", or_layout(c)->lat_decimals, lat_unit(pt, c));
		}
		fputc('\n', f);
	}
	free(cols);
	free(rows);
}

void or_iops_csv(FILE *f, const struct pt_set *pts)
{
	csv(f, pts, CSV_IOPS, OR_COMPAT_102);
}

void or_lat_csv(FILE *f, const struct pt_set *pts, enum or_compat c)
{
	csv(f, pts, CSV_LAT, c);
}

void or_mbps_csv(FILE *f, const struct pt_set *pts)
{
	csv(f, pts, CSV_MBPS, OR_COMPAT_102);
}

/* ---------------------------------------------------------- extremes */

static const struct pt_point *max_mbps(const struct pt_set *pts)
{
	const struct pt_point *best = NULL;
	size_t i;

	for (i = 0; i < pts->n; i++) {
		const struct pt_point *p = &pts->pts[i];

		if (p->large.present && (!best || p->large.mbps > best->large.mbps))
			best = p;
	}
	return best;
}

static const struct pt_point *max_iops(const struct pt_set *pts)
{
	const struct pt_point *best = NULL;
	size_t i;

	for (i = 0; i < pts->n; i++) {
		const struct pt_point *p = &pts->pts[i];

		if (p->small.present &&
		    (!best || iops_of(&p->small) > iops_of(&best->small)))
			best = p;
	}
	return best;
}

static const struct pt_point *min_lat(const struct pt_set *pts)
{
	const struct pt_point *best = NULL;
	size_t i;

	for (i = 0; i < pts->n; i++) {
		const struct pt_point *p = &pts->pts[i];

		if (p->small.present && p->small.lat[PT_ALL].n &&
		    (!best || p->small.lat[PT_ALL].mean < best->small.lat[PT_ALL].mean))
			best = p;
	}
	return best;
}

/* ------------------------------------------------------- histograms */

#define HIST_TOP 268435456ULL	/* 2^28 us, ORION's catch-all bound */

/* Counts per power-of-two us bucket: [0,32), [32,64), ... */
static unsigned int bucket_of(double ns)
{
	double us = ns / 1000.0;
	unsigned int b = 0;

	if (us < 32)
		return 0;
	while (b < 23 && us >= (double)(32ULL << (b + 1)))
		b++;
	return b + 1;
}

static bool hist_table(FILE *f, const struct pt_class *c)
{
	uint64_t cnt[2][26] = { { 0 } }, tot[2] = { 0, 0 }, cum[2] = { 0, 0 };
	unsigned int last = 0, b, d;
	size_t i;

	if (!c->lat[PT_READ].nbins && !c->lat[PT_WRITE].nbins)
		return false;
	for (d = 0; d < 2; d++)
		for (i = 0; i < c->lat[d].nbins; i++) {
			b = bucket_of(c->lat[d].bins[i].ns);
			cnt[d][b] += c->lat[d].bins[i].count;
			tot[d] += c->lat[d].bins[i].count;
			if (b > last)
				last = b;
		}
	fputs("        Latency:                         # of IOs (read)          # of IOs (write)\n", f);
	for (b = 0; b <= last + 1; b++) {
		unsigned long long lo = b ? 32ULL << (b - 1) : 0;
		unsigned long long hi = b <= last ? 32ULL << b : HIST_TOP;
		uint64_t n[2];

		for (d = 0; d < 2; d++) {
			n[d] = b <= last ? cnt[d][b] : 0;
			cum[d] += n[d];
		}
		fprintf(f, "%9llu - %-11lluus:%16llu (%6.2f%%)%15llu (%6.2f%%)\n",
			lo, hi, (unsigned long long)n[0],
			tot[0] ? 100.0 * (double)cum[0] / (double)tot[0] : 0.0,
			(unsigned long long)n[1],
			tot[1] ? 100.0 * (double)cum[1] / (double)tot[1] : 0.0);
	}
	return true;
}

bool or_hist(FILE *f, const struct pt_set *pts)
{
	bool any = false;
	size_t i;

	for (i = 0; i < pts->n; i++) {
		const struct pt_point *p = &pts->pts[i];

		if (p->small.present && (p->small.lat[0].nbins || p->small.lat[1].nbins)) {
			fprintf(f, "%sSmall Read / Write Latency Histogram @ Small=%u and Large=%u\n",
				any ? "\n" : "", p->s, p->l);
			hist_table(f, &p->small);
			any = true;
		}
		if (p->large.present && (p->large.lat[0].nbins || p->large.lat[1].nbins)) {
			fprintf(f, "%sLarge Read / Write Latency Histogram @ Small=%u and Large=%u\n",
				any ? "\n" : "", p->s, p->l);
			hist_table(f, &p->large);
			any = true;
		}
	}
	return any;
}

/* ----------------------------------------------------------- summary */

/* 12.1: whole microseconds ("avg=1711 us"); 12.2+: three decimals. */
static void lat_lines(FILE *f, const struct pt_point *p, int decimals)
{
	static const char *const dir[2] = { "Read", "Write" };
	int d;

	for (d = 0; d < 2 && decimals; d++) {
		const struct fj_lat *l = &p->small.lat[d];
		int k = decimals == 1 ? 0 : decimals;

		if (!l->n)
			continue;
		fprintf(f, "Small %s Latency: avg=%.*f us, min=%.*f us, max=%.*f us, std dev=%.*f us @ Small=%u and Large=%u\n",
			dir[d], k, l->mean / 1e3, k, l->min / 1e3, k, l->max / 1e3,
			k, l->stddev / 1e3, p->s, p->l);
	}
}

void or_result_block(FILE *f, const struct pt_set *pts, enum or_compat c)
{
	const struct pt_point *m = max_mbps(pts), *i = max_iops(pts),
			      *l = min_lat(pts);
	const struct or_layout *y = or_layout(c);

	/* 10.2, 11.1 (ms, no unit) and 11.2 (usecs): three lines. */
	if (!y->lat_lines) {
		if (m)
			fprintf(f, "Maximum Large MBPS=%.2f @ Small=%u and Large=%u\n",
				m->large.mbps, m->s, m->l);
		if (i)
			fprintf(f, "Maximum Small IOPS=%lld @ Small=%u and Large=%u\n",
				iops_of(&i->small), i->s, i->l);
		if (l)
			fprintf(f, "Minimum Small Latency=%.2f%s @ Small=%u and Large=%u\n",
				lat_unit(l, c), y->usecs ? " usecs" : "", l->s, l->l);
		return;
	}
	if (m)
		fprintf(f, "Maximum Large MBPS=%.2f @ Small=%u and Large=%u\n%s",
			m->large.mbps, m->s, m->l, i || l ? "\n" : "");
	if (i) {
		fprintf(f, "Maximum Small IOPS=%lld @ Small=%u and Large=%u\n",
			iops_of(&i->small), i->s, i->l);
		lat_lines(f, i, y->lat_lines);
		if (l)
			fputc('\n', f);
	}
	if (l) {
		fprintf(f, "Minimum Small Latency=%.*f usecs @ Small=%u and Large=%u\n",
			y->lat_decimals, lat_unit(l, c), l->s, l->l);
		lat_lines(f, l, y->lat_lines);
		if (l->small.lat[0].nbins || l->small.lat[1].nbins) {
			fprintf(f, "Small Read / Write Latency Histogram @ Small=%u and Large=%u\n",
				l->s, l->l);
			hist_table(f, &l->small);
		}
	}
}

void or_summary(FILE *f, const struct or_params *p, const struct pt_set *pts,
		enum or_compat c)
{
	size_t i;

	fprintf(f, "ORION VERSION %s\n\nCommandline:\n", p->version);
	for (i = 0; i < p->argc; i++)
		fprintf(f, "%s ", p->argv[i]);
	fprintf(f, "\n\nThis maps to this test:\nTest: %s\n", p->testname);
	fprintf(f, "Small IO size: %llu KB\nLarge IO size: %llu KB\n",
		(unsigned long long)p->size_small,
		(unsigned long long)p->size_large);
	if (p->seq)
		fprintf(f, "IO Types: Small Random IOs, Large Sequential Streams\n"
			   "Number of Concurrent IOs Per Stream: %llu\n",
			(unsigned long long)p->num_streamio);
	else
		fputs("IO Types: Small Random IOs, Large Random IOs\n", f);
	fprintf(f, "Simulated Array Type: %s\n", arr_name(p));
	if (p->raid0)
		fprintf(f, "Stripe Depth: %llu KB\n", (unsigned long long)p->stripe_kb);
	fprintf(f, "Write: %d%%\n", (int)lround(p->write_pct));
	if (p->cache_size < 0)
		fputs("Cache Size: Not Entered\n", f);
	else
		fprintf(f, "Cache Size: %lld MB\n", (long long)p->cache_size);
	fprintf(f, "Duration for each Data Point: %llu seconds\n",
		(unsigned long long)p->duration);
	cols_line(f, "Small Columns:", p->small_cols, p->nsmall_cols);
	cols_line(f, "Large Columns:", p->large_cols, p->nlarge_cols);
	fprintf(f, "Total Data Points: %llu\n\n", (unsigned long long)p->total_points);
	for (i = 0; i < p->nluns; i++)
		fprintf(f, "Name: %s\tSize: %llu\n", p->luns[i].name,
			(unsigned long long)p->luns[i].size);
	fprintf(f, "%zu FILEs found.\n\n", p->nluns);
	or_result_block(f, pts, c);
	for (i = 0; i < p->nwarnings; i++)
		fprintf(f, "%sWarning: %s\n", i ? "" : "\n", p->warnings[i]);
}

/* ------------------------------------------------------------- trace */

static void trace_class(FILE *f, const struct or_params *p,
			const struct pt_class *c, const struct pt_class *other,
			const char *tag, double req_w)
{
	uint64_t nio = c->ios[0] + c->ios[1];
	char lat[32];
	size_t k;

	fprintf(f, "ran (%s): VLun = 0 Size = %llu\n", tag,
		(unsigned long long)p->vlun_size);
	for (k = 0; k < c->nslots; k++)
		fprintf(f, "ran (%s): Index = %zu  Count = %llu  Avg Lat = %6.2f\n",
			tag, k, (unsigned long long)c->slots[k].count,
			c->slots[k].lat_ms);
	fprintf(f, "ran (%s): nio=%llu nior=%llu niow=%llu req w%%=%d act w%%=%d\n",
		tag, (unsigned long long)nio, (unsigned long long)c->ios[0],
		(unsigned long long)c->ios[1], (int)lround(req_w < 0 ? 0 : req_w),
		nio ? (int)lround(100.0 * (double)c->ios[1] / (double)nio) : 0);
	/* No latency measured (gtod_reduce): "n/a", not a 0.00 ms it never had. */
	if (c->lat[PT_ALL].n)
		snprintf(lat, sizeof(lat), "%6.2f", c->lat[PT_ALL].mean / 1e6);
	else
		snprintf(lat, sizeof(lat), "%6s", "n/a");
	fprintf(f, "ran (%s): my %3u oth %3u iops %3lld size %llu K lat %s ms bw = %6.2f MBps dur %6.2f s %s\n",
		tag, c->load, other->present ? other->load : 0, iops_of(c),
		(unsigned long long)(c->avg_bs / 1024), lat, c->mbps, c->secs,
		!c->ios[1] ? "READ" : !c->ios[0] ? "WRITE" : "MIXED");
	if (c->depth_why && c->asked_load != c->load)
		fprintf(f, "ran (%s): note: the options asked for %u outstanding I/Os; fio held %u (%s)\n",
			tag, c->asked_load, c->load, c->depth_why);
}

void or_trace(FILE *f, const struct or_params *p, const struct pt_set *pts)
{
	const struct pt_point **real;
	size_t nreal = 0, i, n;

	real = calloc(pts->n + 1, sizeof(*real));
	if (!real)
		return;
	for (i = 0; i < pts->n; i++)
		if (pts->pts[i].s || pts->pts[i].l)
			real[nreal++] = &pts->pts[i];
	n = nreal + 1;
	fputs("TEST START\n\n", f);
	for (i = 1; i <= n; i++) {
		const struct pt_point *hdr = i > 1 ? real[i - 2] : NULL;

		fprintf(f, "Point %zu (small=%u, large=%u) of %zu\n"
			   "Valid small 1 Valid large 1\nValid\n\n",
			i, hdr ? hdr->s : 0, hdr ? hdr->l : 0, n);
		if (i <= nreal) {
			const struct pt_point *r = real[i - 1];
			double w = p->write_pct;

			if (r->small.present)
				trace_class(f, p, &r->small, &r->large, "small",
					    r->small.req_write >= 0 ? r->small.req_write : w);
			if (r->large.present)
				trace_class(f, p, &r->large, &r->small, "large",
					    r->large.req_write >= 0 ? r->large.req_write : w);
		}
		fputc('\n', f);
	}
	fputs("\nTEST END\n", f);
	for (i = 0; i < p->nwarnings; i++)
		fprintf(f, "%sWarning: %s\n", i ? "" : "\n", p->warnings[i]);
	free(real);
}

/* ---------------------------------------------------------- tradeoff */

bool or_has_mixed(const struct pt_set *pts)
{
	size_t i;

	for (i = 0; i < pts->n; i++)
		if (pts->pts[i].small.present && pts->pts[i].large.present)
			return true;
	return false;
}

/*
 * ORION's "large MBPS / small IOPS combinations that can be achieved at
 * certain small latencies": for each bound, among the mixed points (small
 * and large load at once) whose mean small latency is within it, the one
 * with the most large MBPS (then the most small IOPS), and both figures.
 */
void or_tradeoff_csv(FILE *f, const struct pt_set *pts)
{
	static const int bounds[] = { 1, 2, 5, 10, 20, 50, 100 };
	size_t b, i;

	fputs("Latency(ms),   IOPS,   MBPS,  Small,  Large\n", f);
	for (b = 0; b < sizeof(bounds) / sizeof(bounds[0]); b++) {
		const struct pt_point *best = NULL;

		for (i = 0; i < pts->n; i++) {
			const struct pt_point *p = &pts->pts[i];

			if (!p->small.present || !p->large.present || !p->small.lat[PT_ALL].n ||
			    p->small.lat[PT_ALL].mean / 1e6 > bounds[b])
				continue;
			if (!best || p->large.mbps > best->large.mbps ||
			    (p->large.mbps == best->large.mbps &&
			     iops_of(&p->small) > iops_of(&best->small)))
				best = p;
		}
		fprintf(f, "%11d", bounds[b]);
		if (best)
			fprintf(f, ",%7lld,%7.2f,%7u,%7u", iops_of(&best->small),
				best->large.present ? best->large.mbps : 0.0,
				best->s, best->l);
		fputc('\n', f);
	}
}

/* ------------------------------------------------------------ params */

static int lun_from_path(struct or_params *p, size_t *cap, const char *path)
{
	struct stat st;

	if (p->nluns == *cap) {
		size_t ncap = *cap ? *cap * 2 : 8;
		struct fj_lun *n = realloc(p->luns, ncap * sizeof(*n));

		if (!n)
			return -ENOMEM;
		p->luns = n;
		*cap = ncap;
	}
	p->luns[p->nluns].name = strdup(path);
	if (!p->luns[p->nluns].name)
		return -ENOMEM;
	p->luns[p->nluns].size = stat(path, &st) == 0 && S_ISREG(st.st_mode)
					 ? (uint64_t)st.st_size : 0;
	p->nluns++;
	return 0;
}

struct lun_ctx {
	struct or_params *p;
	size_t cap;
};

static int lun_entry(void *arg, const char *name, size_t len, unsigned int line)
{
	struct lun_ctx *c = arg;
	char *path = strndup(name, len);
	int ret;

	(void)line;
	if (!path)
		return -ENOMEM;
	ret = lun_from_path(c->p, &c->cap, path);
	free(path);
	return ret;
}

/*
 * LUN names from a job's lunfile=, luns= or filename= options. A lunfile
 * that cannot be read here (the results moved to another host) is
 * named as itself.
 */
static int luns_from_job(struct or_params *p, const struct fj_job *j)
{
	const char *list = j->luns ? j->luns : j->filename;
	struct lun_ctx c = { p, 0 };
	int ret;

	if (j->lunfile) {
		char *text;
		size_t len;

		if (fr_read_file(j->lunfile, "lun file", 64u << 20, FR_READ_TEXT, &text, &len, NULL))
			return lun_from_path(p, &c.cap, j->lunfile);
		ret = fr_lunlist_each(text, '\n', lun_entry, &c);
		free(text);
		return ret;
	}
	return list ? fr_lunlist_each(list, ':', lun_entry, &c) : 0;
}

static int64_t *dup_i64(const int64_t *v, size_t n)
{
	int64_t *out = malloc((n ? n : 1) * sizeof(*out));

	if (out && n)
		memcpy(out, v, n * sizeof(*out));
	return out;
}

static int add_warning(struct or_params *p, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static int add_warning(struct or_params *p, const char *fmt, ...)
{
	char **n = realloc(p->warnings, (p->nwarnings + 1) * sizeof(*n));
	va_list ap;
	int len;

	if (!n)
		return -ENOMEM;
	p->warnings = n;
	va_start(ap, fmt);
	len = vasprintf(&n[p->nwarnings], fmt, ap);
	va_end(ap);
	if (len < 0)
		return -ENOMEM;
	p->nwarnings++;
	return 0;
}

/* Below this a small read did not reach a storage device (seeds 000/002). */
#define OR_DEVICE_MIN_LAT_NS 20000.0

/*
 * ORION's classic pitfall (seeds 000, 002): numbers from a cache, not
 * from the storage. The run's own warnings, then what the results show.
 */
static int add_warnings(struct or_params *p, const struct fj_run *r,
			const struct pt_set *pts)
{
	const struct pt_point *low = NULL;
	size_t i;
	int ret = 0;

	for (i = 0; i < r->nwarnings && !ret; i++)
		ret = add_warning(p, "%s", r->warnings[i]);
	if (!ret && p->cache_size > 0 && p->vlun_size &&
	    p->vlun_size <= (uint64_t)p->cache_size * 1048576)
		ret = add_warning(p, "the volume (%llu MB) is not larger than the declared -cache_size (%lld MB): the array's cache can hold all of it, so these numbers may be the cache's, not the disks'",
				  (unsigned long long)(p->vlun_size / 1048576), (long long)p->cache_size);
	/*
	 * The small-only point with reads at the lowest load. Reads only: a
	 * write cache acknowledging writes in microseconds is the storage's
	 * own behaviour, a read that fast is not the disks'.
	 */
	for (i = 0; i < pts->n; i++) {
		const struct pt_point *pt = &pts->pts[i];

		if (pt->small.present && !pt->large.present && pt->small.lat[PT_READ].n &&
		    (!low || pt->small.load < low->small.load))
			low = pt;
	}
	if (!ret && low && low->small.lat[PT_READ].mean < OR_DEVICE_MIN_LAT_NS)
		ret = add_warning(p, "small read latency at Small=%u is %.1f us, below what a block storage device gives (%.0f us; only storage-class memory is faster): the reads were likely served from memory (a LUN in RAM, a page or array cache), not from the storage",
				  low->small.load, low->small.lat[PT_READ].mean / 1000.0,
				  OR_DEVICE_MIN_LAT_NS / 1000.0);
	return ret;
}

int or_params_init(struct or_params *p, const struct fj_set *in,
		   const struct pt_set *pts, const char *testname,
		   char **argv, size_t argc, struct fr_err *err)
{
	const struct fj_run *r = &in->run;
	uint64_t ios_all = 0, ios_w = 0;
	size_t i;
	int ret = 0;

	memset(p, 0, sizeof(*p));
	if (r->orion_version) {
		p->version = strdup(r->orion_version);
	} else {
		p->version = malloc(64);
		if (p->version)
			snprintf(p->version, 64, "fiorion-%s", FIORION_VERSION);
	}
	p->testname = xstrdup(testname ? testname : r->testname ? r->testname : "orion");
	if (argv) {
		p->argv = calloc(argc + 1, sizeof(*p->argv));
		for (i = 0; p->argv && i < argc; i++)
			p->argv[i] = xstrdup(argv[i]);
		p->argc = argc;
	} else if (r->argc) {
		p->argv = calloc(r->argc + 1, sizeof(*p->argv));
		for (i = 0; p->argv && i < r->argc; i++)
			p->argv[i] = xstrdup(r->argv[i]);
		p->argc = r->argc;
	}
	p->cache_size = -1;
	p->start = r->start ? r->start : in->timestamp;

	if (r->present) {
		p->size_small = r->size_small;
		p->size_large = r->size_large;
		p->seq = r->type && !strcmp(r->type, "seq");
		p->num_streamio = r->num_streamio;
		p->raid0 = r->simulate && !strcasecmp(r->simulate, "raid0");
		p->stripe_kb = r->stripe_kb;
		p->write_pct = r->write_pct;
		p->cache_size = r->cache_size;
		p->duration = r->duration;
		p->total_points = r->total_points;
		p->small_cols = dup_i64(r->small_cols, r->nsmall_cols);
		p->nsmall_cols = r->nsmall_cols;
		p->large_cols = dup_i64(r->large_cols, r->nlarge_cols);
		p->nlarge_cols = r->nlarge_cols;
		if (r->nluns) {
			p->luns = calloc(r->nluns, sizeof(*p->luns));
			for (i = 0; p->luns && i < r->nluns; i++) {
				p->luns[i].name = xstrdup(r->luns[i].name);
				p->luns[i].size = r->luns[i].size;
			}
			p->nluns = p->luns ? r->nluns : 0;
		}
		p->vlun_size = r->vlun_size;
	}

	/* Whatever the run did not say, the results do. */
	for (i = 0; i < pts->n; i++) {
		const struct pt_point *pt = &pts->pts[i];
		double secs = pt->small.secs > pt->large.secs ? pt->small.secs
							      : pt->large.secs;

		if (!p->size_small && pt->small.present)
			p->size_small = pt->small.avg_bs / 1024;
		if (!p->size_large && pt->large.present)
			p->size_large = pt->large.avg_bs / 1024;
		if (!r->present) {
			if (pt->large.present && !pt->large.rand)
				p->seq = true;
			ios_all += pt->small.ios[0] + pt->small.ios[1] + pt->large.ios[0] +
				   pt->large.ios[1];
			ios_w += pt->small.ios[1] + pt->large.ios[1];
			if ((uint64_t)llround(secs) > p->duration)
				p->duration = (uint64_t)llround(secs);
		}
	}
	/* Without a run description: the share of the I/O actually written. */
	if (!r->present && ios_all)
		p->write_pct = 100.0 * (double)ios_w / (double)ios_all;
	if (!p->small_cols) {
		p->nsmall_cols = levels(pts, true, true, &p->small_cols);
		p->nlarge_cols = levels(pts, false, true, &p->large_cols);
	}
	if (!p->total_points)
		p->total_points = pts->n + (pt_find(pts, 0, 0) ? 0 : 1);
	if (!r->present && in->njobs) {
		const struct fj_job *j = &in->jobs[0];

		p->raid0 = j->simulate && !strcasecmp(j->simulate, "raid0");
		ret = luns_from_job(p, j);
	}
	if (!p->vlun_size)
		for (i = 0; i < p->nluns; i++)
			p->vlun_size += p->luns[i].size;
	if (!ret)
		ret = add_warnings(p, r, pts);
	if (!p->version || !p->testname || !p->small_cols || !p->large_cols ||
	    ret == -ENOMEM) {
		or_params_release(p);
		return fr_errf(err, -ENOMEM, "out of memory");
	}
	return 0;
}

void or_params_release(struct or_params *p)
{
	size_t i;

	free(p->version);
	free(p->testname);
	for (i = 0; p->argv && i < p->argc; i++)
		free(p->argv[i]);
	free(p->argv);
	free(p->small_cols);
	free(p->large_cols);
	for (i = 0; i < p->nluns; i++)
		free(p->luns[i].name);
	free(p->luns);
	for (i = 0; i < p->nwarnings; i++)
		free(p->warnings[i]);
	free(p->warnings);
	memset(p, 0, sizeof(*p));
}

/* ----------------------------------------------------------- writing */

int or_make_dir(const char *path, struct fr_err *err)
{
	char buf[PATH_MAX], eb[128];
	struct stat st;
	size_t len = strlen(path), i;

	if (!len)
		return fr_errf(err, -EINVAL, "-outdir '': give a folder");
	if (len >= sizeof(buf))
		return fr_errf(err, -ENAMETOOLONG, "-outdir '%s': the path is too long", path);
	memcpy(buf, path, len + 1);
	/* Each prefix ending before a '/', then the whole path. */
	for (i = 1; i <= len; i++) {
		if (buf[i] != '/' && buf[i] != '\0')
			continue;
		if (buf[i - 1] == '/')
			continue;
		buf[i] = '\0';
		if (mkdir(buf, 0777) < 0 && errno != EEXIST)
			return fr_errf(err, -errno, "-outdir '%s': cannot create '%s': %s", path, buf,
				       fr_strerror(-errno, eb, sizeof(eb)));
		if (stat(buf, &st) < 0)
			return fr_errf(err, -errno, "-outdir '%s': '%s': %s", path, buf,
				       fr_strerror(-errno, eb, sizeof(eb)));
		if (!S_ISDIR(st.st_mode))
			return fr_errf(err, -ENOTDIR, "-outdir '%s': '%s' exists and is not a folder",
				       path, buf);
		if (i < len)
			buf[i] = '/';
	}
	return 0;
}

enum file_kind { F_SUMMARY, F_IOPS, F_MBPS, F_LAT, F_TRACE, F_TRADEOFF, F_HIST };

static const char *const suffix[] = {
	"summary.txt", "iops.csv", "mbps.csv", "lat.csv", "trace.txt",
	"tradeoff.csv", "hist.txt",
};

/* A member of the set this write does not produce: remove a leftover. */
static void remove_stale(const char *path, struct or_written *w)
{
	size_t n = strlen(w->removed);

	if (unlink(path) == 0)
		snprintf(w->removed + n, sizeof(w->removed) - n, "%s%s", n ? ", " : "", path);
}

int or_write_all(const struct or_params *p, const struct pt_set *pts,
		 const char *outdir, enum or_compat c, struct or_written *w,
		 struct fr_err *err)
{
	char prefix[PATH_MAX], path[PATH_MAX + 32];
	int k, ret = 0;

	memset(w, 0, sizeof(*w));
	if (!outdir || !*outdir || p->testname[0] == '/')
		outdir = ".";
	if (or_layout(c)->dated) {
		time_t t = p->start ? (time_t)p->start : time(NULL);
		struct tm tm;
		char stamp[32];

		localtime_r(&t, &tm);
		strftime(stamp, sizeof(stamp), "%Y%m%d_%H%M", &tm);
		snprintf(prefix, sizeof(prefix), "%s/%s_%s_", outdir,
			 p->testname, stamp);
	} else {
		snprintf(prefix, sizeof(prefix), "%s/%s_", outdir, p->testname);
	}
	if (p->testname[0] == '/')
		memmove(prefix, prefix + 2, strlen(prefix + 2) + 1);

	for (k = F_SUMMARY; k <= F_HIST && !ret; k++) {
		char *buf = NULL;
		size_t len = 0;
		FILE *f;
		bool keep = true;

		snprintf(path, sizeof(path), "%s%s", prefix, suffix[k]);
		/* 11.1+ sets have no _tradeoff.csv, 12.1+ add _hist.txt (orion.md 3.1). */
		if ((k == F_TRADEOFF && (!or_has_mixed(pts) || !or_layout(c)->tradeoff)) ||
		    (k == F_HIST && !or_layout(c)->hist)) {
			remove_stale(path, w);
			continue;
		}
		f = open_memstream(&buf, &len);
		if (!f)
			return fr_errf(err, -ENOMEM, "out of memory");
		switch (k) {
		case F_SUMMARY: or_summary(f, p, pts, c); break;
		case F_IOPS: or_iops_csv(f, pts); break;
		case F_MBPS: or_mbps_csv(f, pts); break;
		case F_LAT: or_lat_csv(f, pts, c); break;
		case F_TRACE: or_trace(f, p, pts); break;
		case F_TRADEOFF: or_tradeoff_csv(f, pts); break;
		case F_HIST: keep = or_hist(f, pts); break;
		}
		if (fclose(f) != 0) {
			free(buf);
			return fr_errf(err, -ENOMEM, "out of memory");
		}
		if (keep)
			ret = fr_write_atomic(path, buf, len, err);
		else
			remove_stale(path, w);
		if (k == F_HIST)
			w->hist = keep && !ret;
		free(buf);
	}
	return ret;
}

/* --------------------------------------------------------------- JSON */

static json_t *lat_json(const struct fj_lat *l)
{
	json_t *o = json_object(), *pct = json_object();
	unsigned int k;

	json_object_set_new(o, "n", json_integer((json_int_t)l->n));
	json_object_set_new(o, "mean_ns", json_real(l->mean));
	json_object_set_new(o, "min_ns", json_real(l->min));
	json_object_set_new(o, "max_ns", json_real(l->max));
	json_object_set_new(o, "stddev_ns", json_real(l->stddev));
	for (k = 0; k < l->npct; k++) {
		char key[32];

		snprintf(key, sizeof(key), "%f", l->pct[k]);
		json_object_set_new(pct, key, json_real(l->pct_ns[k]));
	}
	json_object_set_new(o, "percentiles_ns", pct);
	/* Which latency the percentiles are of, and whence: fio gives clat's. */
	json_object_set_new(o, "percentiles_from",
			    json_string(l->nbins ? (l->bins_from_clat ? "clat bins" : "lat bins")
						 : l->pct_from_clat ? "clat" : "lat"));
	return o;
}

static json_t *class_json(const struct pt_class *c)
{
	json_t *o = json_object();

	json_object_set_new(o, "load", json_integer(c->load));
	json_object_set_new(o, "iops", json_real(c->iops));
	json_object_set_new(o, "mbps", json_real(c->mbps));
	json_object_set_new(o, "seconds", json_real(c->secs));
	json_object_set_new(o, "block_size", json_integer((json_int_t)c->avg_bs));
	json_object_set_new(o, "ios_read", json_integer((json_int_t)c->ios[0]));
	json_object_set_new(o, "ios_write", json_integer((json_int_t)c->ios[1]));
	json_object_set_new(o, "lat_read", lat_json(&c->lat[PT_READ]));
	json_object_set_new(o, "lat_write", lat_json(&c->lat[PT_WRITE]));
	json_object_set_new(o, "lat", lat_json(&c->lat[PT_ALL]));
	return o;
}

int or_points_json(FILE *f, const struct or_params *p, const struct pt_set *pts)
{
	json_t *doc = json_object(), *arr = json_array();
	size_t i;
	int ret;

	json_object_set_new(doc, "testname", json_string(p->testname));
	json_object_set_new(doc, "total_points", json_integer((json_int_t)p->total_points));
	for (i = 0; i < pts->n; i++) {
		const struct pt_point *pt = &pts->pts[i];
		json_t *o = json_object();

		json_object_set_new(o, "point", json_integer(pt->number));
		json_object_set_new(o, "small_load", json_integer(pt->s));
		json_object_set_new(o, "large_load", json_integer(pt->l));
		if (pt->small.present)
			json_object_set_new(o, "small", class_json(&pt->small));
		if (pt->large.present)
			json_object_set_new(o, "large", class_json(&pt->large));
		json_array_append_new(arr, o);
	}
	json_object_set_new(doc, "points", arr);
	ret = json_dumpf(doc, f, JSON_INDENT(2) | JSON_REAL_PRECISION(12));
	fputc('\n', f);
	json_decref(doc);
	return ret ? -EIO : 0;
}
