/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * orion_report.c -- ORION's summary, CSV, trace, tradeoff and histogram
 * files, byte for byte in ORION's layouts, and the writing of the set.
 * Formatting only: the run's parameters arrive inferred (infer.c).
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
#include "outdir.h"
#include "fr_file.h"
#include "html_report.h"

#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

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

	nc = or_levels(pts, true, k == CSV_MBPS, &cols);
	nr = or_levels(pts, false, k != CSV_MBPS, &rows);
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

/* ------------------------------------------------------------- hosts */

/*
 * How the files of a result set begin: <@name>_ or, in the dated layouts
 * (11.1+), <@name>_<YYYYMMDD>_<HHMM>_ for the run's start @t.
 */
static void file_prefix(char *buf, size_t len, const char *name,
			enum or_compat c, time_t t)
{
	if (or_layout(c)->dated) {
		struct tm tm;
		char stamp[32];

		localtime_r(&t, &tm);
		strftime(stamp, sizeof(stamp), "%Y%m%d_%H%M", &tm);
		snprintf(buf, len, "%s_%s_", name, stamp);
	} else {
		snprintf(buf, len, "%s_", name);
	}
}

/* The hosts file's name as the summary gives it: beside the summary. */
static void hosts_name(char *buf, size_t len, const struct or_params *p,
		       enum or_compat c, time_t t)
{
	const char *base = strrchr(p->testname, '/');
	size_t n;

	file_prefix(buf, len, base ? base + 1 : p->testname, c, t);
	n = strlen(buf);
	snprintf(buf + n, len - n, "hosts.csv");
}

/*
 * A client/server run: how many hosts, what the figures mean, where each
 * host's values are, and each host's LUNs when run.json gives them.
 */
static void summary_hosts(FILE *f, const struct or_params *p, const char *hosts_file)
{
	size_t i, k;

	fprintf(f, "Hosts: %zu (", p->nhosts);
	for (i = 0; i < p->nhosts; i++)
		fprintf(f, "%s%s", i ? ", " : "", p->hosts[i].name);
	fprintf(f, "). Loads are per host: at each data point every host holds the Small and Large outstanding I/Os given; IOPS and MBPS are totals over the hosts, latency is over all the hosts' I/Os. Each host's values: %s.\n",
		hosts_file);
	for (i = 0; i < p->nhosts; i++) {
		const struct or_host *h = &p->hosts[i];

		for (k = 0; k < h->nluns; k++)
			fprintf(f, "Host %s: Name: %s\tSize: %llu\n", h->name, h->luns[k].name,
				(unsigned long long)h->luns[k].size);
	}
}

/* Does run.json give the hosts' own LUNs (then they replace the run's list)? */
static bool hosts_have_luns(const struct or_params *p)
{
	size_t i;

	for (i = 0; i < p->nhosts; i++)
		if (p->hosts[i].nluns)
			return true;
	return false;
}

/* Host @h's own point for the point @pt of the totals, or NULL. */
static const struct pt_point *host_point(const struct or_host *h,
					 const struct pt_point *pt)
{
	return pt_find_group(&h->pts, pt->group);
}

/* A CSV cell: quoted when it holds a comma, a quote or a line break. */
static void csv_text(FILE *f, const char *s)
{
	if (!strpbrk(s, ",\"\r\n")) {
		fputs(s, f);
		return;
	}
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

void or_hosts_csv(FILE *f, const struct or_params *p, const struct pt_set *pts,
		  enum or_compat c)
{
	const struct or_layout *y = or_layout(c);
	size_t i, k;

	fprintf(f, "Point,Small,Large,Host,Small IOPS,Small Latency (%s),Large MBPS\n",
		y->usecs ? "us" : "ms");
	for (i = 0; i < pts->n; i++) {
		const struct pt_point *pt = &pts->pts[i];

		if (!pt->s && !pt->l)
			continue;
		for (k = 0; k < p->nhosts; k++) {
			const struct pt_point *hp = host_point(&p->hosts[k], pt);

			fprintf(f, "%u,%u,%u,", pt->number, pt->s, pt->l);
			csv_text(f, p->hosts[k].name);
			fputc(',', f);
			if (hp && hp->small.present)
				fprintf(f, "%lld", iops_of(&hp->small));
			fputc(',', f);
			if (hp && hp->small.present && hp->small.lat[PT_ALL].n)
				fprintf(f, "%.*f", y->lat_decimals, lat_unit(hp, c));
			fputc(',', f);
			if (hp && hp->large.present)
				fprintf(f, "%.2f", hp->large.mbps);
			fputc('\n', f);
		}
	}
}

/* ----------------------------------------------------------- answers */

/* "p99 latency" or "latency" (the mean), as the answer lines name it. */
static void bound_stat(char *buf, size_t len, const struct kn_bound *b)
{
	if (b->pct > 0)
		snprintf(buf, len, "p%g latency", b->pct);
	else
		snprintf(buf, len, "latency");
}

/* The bound's milliseconds as the user gave them ("5" of "p99:5"). */
static const char *bound_ms(const struct kn_bound *b)
{
	const char *c = strchr(b->text, ':');

	return c ? c + 1 : b->text;
}

/*
 * "Maximum Small IOPS with latency <= X ms = N @ Small=S and Large=L"
 * (@small), or the large-I/O line for MBPS; "= none" when no point is
 * within the bound, and how many points have no such latency when some
 * have none. Nothing when no point has that class.
 */
static void answer_line(FILE *f, const struct or_params *p, const struct pt_set *pts,
			bool small)
{
	const struct pt_point *best = small ? kn_max_iops_under(pts, &p->bound)
					    : kn_max_mbps_under(pts, &p->bound);
	size_t i, n = 0, unknown = 0;
	char st[32];

	for (i = 0; i < pts->n; i++) {
		const struct pt_class *c = small ? &pts->pts[i].small : &pts->pts[i].large;

		if (!c->present)
			continue;
		n++;
		unknown += kn_lat_ms(c, &p->bound) < 0;
	}
	if (!n)
		return;
	bound_stat(st, sizeof(st), &p->bound);
	fprintf(f, "Maximum %s with %s <= %s ms = ", small ? "Small IOPS" : "Large MBPS", st,
		bound_ms(&p->bound));
	if (!best)
		fputs("none", f);
	else if (small)
		fprintf(f, "%lld @ Small=%u and Large=%u", iops_of(&best->small), best->s, best->l);
	else
		fprintf(f, "%.2f @ Small=%u and Large=%u", best->large.mbps, best->s, best->l);
	if (unknown)
		fprintf(f, " (%s unknown at %zu of %zu points)", st, unknown, n);
	fputc('\n', f);
}

/* After ORION's extremes: the most small IOPS and large MBPS within the bound. */
static void summary_answers(FILE *f, const struct or_params *p, const struct pt_set *pts,
			    enum or_compat c)
{
	if (!p->bound.set)
		return;
	/* 12.1+ set the result block's parts apart with a blank line. */
	if (or_layout(c)->lat_lines)
		fputc('\n', f);
	answer_line(f, p, pts, true);
	answer_line(f, p, pts, false);
}

/* Points that are not the (0, 0) placeholder: ORION's data points. */
static bool real_point(const struct pt_point *pt)
{
	return pt->s || pt->l;
}

/*
 * fio's steady state over the run: one line when some point's jobs had
 * it, naming the points that did not reach it (they ran to the limit).
 */
static void summary_steady(FILE *f, const struct pt_set *pts)
{
	size_t i, n = 0, missed = 0;
	const char *sep = "";

	for (i = 0; i < pts->n; i++)
		if (real_point(&pts->pts[i]) && pts->pts[i].ss.present) {
			n++;
			missed += !pts->pts[i].ss.attained;
		}
	if (!n)
		return;
	if (!missed) {
		fprintf(f, "Steady state reached at all %zu points\n", n);
		return;
	}
	fprintf(f, "Steady state not reached at %zu of %zu points (ran to the limit): ", missed, n);
	for (i = 0; i < pts->n; i++) {
		const struct pt_point *pt = &pts->pts[i];

		if (real_point(pt) && pt->ss.present && !pt->ss.attained) {
			fprintf(f, "%s(S=%u, L=%u)", sep, pt->s, pt->l);
			sep = ", ";
		}
	}
	fputc('\n', f);
}

/*
 * fio's "iops_slope:2.000000%" as a person writes it, "iops_slope:2%":
 * the number after the colon without trailing zeros.
 */
static void ss_setting(char *buf, size_t len, const char *fio)
{
	const char *c = strchr(fio, ':');
	size_t num, end;

	if (!c) {
		snprintf(buf, len, "%s", fio);
		return;
	}
	/* The number is c[1] .. c[num]. */
	num = strspn(c + 1, "0123456789.");
	end = num;
	if (memchr(c + 1, '.', num)) {
		while (end > 1 && c[end] == '0')
			end--;
		if (end > 1 && c[end] == '.')
			end--;
	}
	snprintf(buf, len, "%.*s%.*s%s", (int)(c - fio + 1), fio, (int)end, c + 1, c + 1 + num);
}

/* Seconds to a tenth: "9.4", "60". */
static void secs_text(char *buf, size_t len, double secs)
{
	double r = round(secs * 10.0) / 10.0;

	snprintf(buf, len, r == floor(r) ? "%.0f" : "%.1f", r);
}

/* After a point's lines: whether its jobs reached fio's steady state, and when. */
static void trace_steady(FILE *f, const struct pt_point *pt)
{
	const struct pt_ss *ss = &pt->ss;
	char set[64], t[32];

	if (!ss->present)
		return;
	ss_setting(set, sizeof(set), ss->setting);
	secs_text(t, sizeof(t), ss->secs);
	fprintf(f, "Steady state (%s, %u s window): ", set, ss->window_s);
	if (ss->attained)
		fprintf(f, "reached after %s s\n", t);
	else if (ss->nattained)
		fprintf(f, "not reached by %u of its %u jobs; ran its full %s s\n",
			ss->njobs - ss->nattained, ss->njobs, t);
	else
		fprintf(f, "not reached; ran its full %s s\n", t);
}

/* The point a knee marks: the knee's, or the first load when even that is over. */
static const struct pt_point *knee_point(const struct pt_set *pts, const struct kn_knee *k)
{
	unsigned int load = k->knee >= 0 ? k->load : k->next_load;

	if (!load)
		return NULL;
	return k->small ? pt_find(pts, load, k->fixed) : pt_find(pts, k->fixed, load);
}

/* After the block of point @pt: each ladder's knee that is there. */
static void trace_knees(FILE *f, const struct or_params *p, const struct pt_set *pts,
			const struct pt_point *pt)
{
	char line[512];
	size_t i;

	for (i = 0; i < p->nknees; i++) {
		if (knee_point(pts, &p->knees[i]) != pt)
			continue;
		kn_describe(&p->knees[i], &p->bound, line, sizeof(line));
		line[0] = (char)toupper((unsigned char)line[0]);
		fprintf(f, "%s\n", line);
	}
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

static void summary(FILE *f, const struct or_params *p, const struct pt_set *pts,
		    enum or_compat c, const char *hosts_file)
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
	fprintf(f, "Total Data Points: %llu\n", (unsigned long long)p->total_points);
	if (p->partial)
		fprintf(f, "%s\n", p->partial);
	for (i = 0; i < p->nstopped; i++)
		fprintf(f, "%s\n", p->stopped[i]);
	summary_steady(f, pts);
	fputc('\n', f);
	if (hosts_have_luns(p)) {
		/* Each host's LUNs, then ORION's count line over all of them. */
		size_t n = 0;

		summary_hosts(f, p, hosts_file);
		for (i = 0; i < p->nhosts; i++)
			n += p->hosts[i].nluns;
		fprintf(f, "%zu FILEs found on %zu host%s.\n", n, p->nhosts, p->nhosts == 1 ? "" : "s");
	} else {
		for (i = 0; i < p->nluns; i++)
			fprintf(f, "Name: %s\tSize: %llu\n", p->luns[i].name,
				(unsigned long long)p->luns[i].size);
		fprintf(f, "%zu FILEs found.\n", p->nluns);
		if (p->nhosts)
			summary_hosts(f, p, hosts_file);
	}
	fputc('\n', f);
	or_result_block(f, pts, c);
	summary_answers(f, p, pts, c);
	for (i = 0; i < p->nwarnings; i++)
		fprintf(f, "%sWarning: %s\n", i ? "" : "\n", p->warnings[i]);
}

void or_summary(FILE *f, const struct or_params *p, const struct pt_set *pts,
		enum or_compat c)
{
	char hosts_file[PATH_MAX];

	hosts_name(hosts_file, sizeof(hosts_file), p, c, p->start ? (time_t)p->start : time(NULL));
	summary(f, p, pts, c, hosts_file);
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

/* Each host's own figures at point @pt, after the point's lines. */
static void trace_hosts(FILE *f, const struct or_params *p, const struct pt_point *pt)
{
	size_t k;

	for (k = 0; k < p->nhosts; k++) {
		const struct pt_point *hp = host_point(&p->hosts[k], pt);
		const char *sep = "";

		fprintf(f, "Host %s:", p->hosts[k].name);
		if (hp && hp->small.present) {
			fprintf(f, " Small IOPS=%lld", iops_of(&hp->small));
			sep = ",";
			if (hp->small.lat[PT_ALL].n)
				fprintf(f, ", Small Latency=%.2f ms", hp->small.lat[PT_ALL].mean / 1e6);
		}
		if (hp && hp->large.present)
			fprintf(f, "%s Large MBPS=%.2f", sep, hp->large.mbps);
		if (!hp || (!hp->small.present && !hp->large.present))
			fputs(" no results at this point", f);
		fputc('\n', f);
	}
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
	if (p->partial)
		fprintf(f, "%s\n\n", p->partial);
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
			trace_hosts(f, p, r);
			trace_steady(f, r);
			trace_knees(f, p, pts, r);
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

/* ----------------------------------------------------------- writing */

enum file_kind {
	F_SUMMARY,
	F_IOPS,
	F_MBPS,
	F_LAT,
	F_TRACE,
	F_TRADEOFF,
	F_HIST,
	F_HOSTS,
	F_REPORT,
	F_NKINDS
};

static const char *const suffix[F_NKINDS] = {
	"summary.txt",
	"iops.csv",
	"mbps.csv",
	"lat.csv",
	"trace.txt",
	"tradeoff.csv",
	"hist.txt",
	"hosts.csv",
	"report.html",
};

int or_write_all(const struct or_params *p, const struct pt_set *pts,
		 const char *outdir, enum or_compat c, unsigned int flags,
		 struct or_written *w, struct fr_err *err)
{
	char prefix[PATH_MAX], path[PATH_MAX + 32], hosts_file[PATH_MAX];
	struct fr_stage st = { NULL, NULL, 0 };
	struct fr_err rerr = { "" };
	bool stale[F_NKINDS];
	time_t t = p->start ? (time_t)p->start : time(NULL);
	size_t n;
	int k, ret = 0;

	memset(w, 0, sizeof(*w));
	memset(stale, 0, sizeof(stale));
	if (!outdir || !*outdir || p->testname[0] == '/')
		outdir = ".";
	/* An absolute testname is the whole path; else it goes in @outdir. */
	n = p->testname[0] == '/' ? 0 : (size_t)snprintf(prefix, sizeof(prefix), "%s/", outdir);
	if (n >= sizeof(prefix))
		return fr_errf(err, -ENAMETOOLONG, "-outdir '%s': the path is too long", outdir);
	file_prefix(prefix + n, sizeof(prefix) - n, p->testname, c, t);
	/* The summary names the hosts file as it is written, at the same start. */
	hosts_name(hosts_file, sizeof(hosts_file), p, c, t);

	for (k = F_SUMMARY; k < F_NKINDS && !ret; k++) {
		char *buf = NULL;
		size_t len = 0;
		FILE *f;
		bool keep = true;

		snprintf(path, sizeof(path), "%s%s", prefix, suffix[k]);
		/* 11.1+ sets have no _tradeoff.csv, 12.1+ add _hist.txt (orion.md 3.1). */
		if ((k == F_TRADEOFF && (!or_has_mixed(pts) || !or_layout(c)->tradeoff)) ||
		    (k == F_HIST && !or_layout(c)->hist) || (k == F_HOSTS && !p->nhosts) ||
		    (k == F_REPORT && !(flags & OR_WRITE_HTML))) {
			stale[k] = true;
			continue;
		}
		f = open_memstream(&buf, &len);
		if (!f) {
			fr_stage_abort(&st);
			return fr_errf(err, -ENOMEM, "out of memory");
		}
		switch (k) {
		case F_SUMMARY:
			summary(f, p, pts, c, hosts_file);
			break;
		case F_IOPS: or_iops_csv(f, pts); break;
		case F_MBPS: or_mbps_csv(f, pts); break;
		case F_LAT: or_lat_csv(f, pts, c); break;
		case F_TRACE: or_trace(f, p, pts); break;
		case F_TRADEOFF: or_tradeoff_csv(f, pts); break;
		case F_HIST: keep = or_hist(f, pts); break;
		case F_HOSTS:
			or_hosts_csv(f, p, pts, c);
			break;
		case F_REPORT:
			ret = hr_report(f, p, pts, c, err);
			break;
		}
		if (fclose(f) != 0 || ret) {
			free(buf);
			fr_stage_abort(&st);
			return ret ? ret : fr_errf(err, -ENOMEM, "out of memory");
		}
		/* Staged: the set is renamed into place whole, or not at all. */
		if (keep && k == F_REPORT && fr_stage_file(&st, path, buf, len, &rerr))
			stale[k] = true;	/* a full disk: ORION's own files land without it */
		else if (keep && k != F_REPORT)
			ret = fr_stage_file(&st, path, buf, len, err);
		else if (!keep)
			stale[k] = true;
		if (k == F_HIST)
			w->hist = keep && !ret;
		free(buf);
	}
	if (ret) {
		fr_stage_abort(&st);
		return ret;
	}
	ret = fr_stage_commit(&st, err);
	for (k = F_SUMMARY; k < F_NKINDS && !ret; k++)
		if (stale[k]) {
			snprintf(path, sizeof(path), "%s%s", prefix, suffix[k]);
			if (or_remove_stale(path, w->removed, sizeof(w->removed)) && k == F_REPORT)
				w->report_removed = true;
		}
	if (!ret && rerr.msg[0])
		ret = fr_errf(err, -EIO, "%.900s; ORION's files are written without it", rerr.msg);
	return ret;
}
