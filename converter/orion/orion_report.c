/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * orion_report.c -- ORION's summary, CSV, trace and histogram files,
 * byte for byte in ORION's layouts (the set is written by fileset.c; the
 * tradeoff file is orion_tradeoff.c's).
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
#include "curve.h"
#include "fileset.h"
#include "ptsrc.h"

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
	return p->run->raid0 ? "RAID 0" : "CONCAT";
}

static void cols_line(FILE *f, const char *label, const int64_t *v, size_t n)
{
	size_t i;

	fputs(label, f);
	for (i = 0; i < n; i++)
		fprintf(f, ",%7lld", (long long)v[i]);
	fputc('\n', f);
}

/* Small latency in the unit of the layout: ms (10.2, 11.1) or us. */
static double lat_unit(const struct pt_point *pt, enum or_compat c)
{
	double ns = pt->small.lat[PT_ALL].mean;

	return or_layout(c)->usecs ? ns / 1e3 : ns / 1e6;
}

static long long iops_of(const struct pt_class *c)
{
	return (long long)c->iops; /* ORION truncates */
}

/* ---------------------------------------------------------------- CSV */

enum csv_kind {
	CSV_IOPS,
	CSV_LAT,
	CSV_MBPS
};

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

static void csv(FILE *f, const struct or_params *p, const struct pt_set *pts,
		enum csv_kind k, enum or_compat c)
{
	int64_t *cols, *rows;
	size_t nc, nr, i, j;

	nc = or_plan_levels(p, pts, true, k == CSV_MBPS, &cols); /* the planned ladder */
	nr = or_plan_levels(p, pts, false, k != CSV_MBPS, &rows);
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

void or_plan_csv(FILE *f, const struct or_params *p, const struct pt_set *pts, char which,
		 enum or_compat c)
{
	csv(f, p, pts, which == 'i' ? CSV_IOPS : which == 'm' ? CSV_MBPS
							      : CSV_LAT,
	    which == 'l' ? c : OR_COMPAT_102);
}

void or_iops_csv(FILE *f, const struct pt_set *pts)
{
	csv(f, NULL, pts, CSV_IOPS, OR_COMPAT_102);
}

void or_lat_csv(FILE *f, const struct pt_set *pts, enum or_compat c)
{
	csv(f, NULL, pts, CSV_LAT, c);
}

void or_mbps_csv(FILE *f, const struct pt_set *pts)
{
	csv(f, NULL, pts, CSV_MBPS, OR_COMPAT_102);
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

/* ------------------------------------------------------------- hosts */

/*
 * A client/server run: how many hosts, what the figures mean, where each
 * host's values are, and each host's LUNs when run.json gives them.
 */
static void summary_hosts(FILE *f, const struct or_params *p, const char *hosts_file)
{
	size_t i, k;

	fprintf(f, "Hosts: %zu (", p->run->nhosts);
	for (i = 0; i < p->run->nhosts; i++)
		fprintf(f, "%s%s", i ? ", " : "", p->run->hosts[i].name);
	fprintf(f, "). Loads are per host: at each data point every host holds the Small and Large outstanding I/Os given; IOPS and MBPS are totals over the hosts, latency is over all the hosts' I/Os. Each host's values: %s.\n",
		hosts_file);
	for (i = 0; i < p->run->nhosts; i++) {
		const struct ri_host *h = &p->run->hosts[i];

		for (k = 0; k < h->nluns; k++)
			fprintf(f, "Host %s: Name: %s\tSize: %llu\n", h->name, h->luns[k].name,
				(unsigned long long)h->luns[k].size);
	}
}

/* Does run.json give the hosts' own LUNs (then they replace the run's list)? */
static bool hosts_have_luns(const struct or_params *p)
{
	size_t i;

	for (i = 0; i < p->run->nhosts; i++)
		if (p->run->hosts[i].nluns)
			return true;
	return false;
}

/* A host's own point (of its points @h) for the point @pt of the totals, or NULL. */
static const struct pt_point *host_point(const struct pt_set *h,
					 const struct pt_point *pt)
{
	return pt_find_group(h, pt->group);
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
		for (k = 0; k < p->run->nhosts; k++) {
			const struct pt_point *hp = host_point(&p->host_pts[k], pt);

			fprintf(f, "%u,%u,%u,", pt->number, pt->s, pt->l);
			csv_text(f, p->run->hosts[k].name);
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

/*
 * "Best Small IOPS with latency <= X ms = N @ Small=S and Large=L"
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
	char words[128];

	for (i = 0; i < pts->n; i++) {
		const struct pt_class *c = small ? &pts->pts[i].small : &pts->pts[i].large;

		if (!c->present)
			continue;
		n++;
		unknown += kn_lat_ms(c, &p->bound) < 0 ||
			(p->bound.ms2 > 0 && kn_lat2_ms(c, &p->bound) < 0);
	}
	if (!n)
		return;
	kn_bound_words(words, sizeof(words), &p->bound);
	fprintf(f, "Best %s with %s = ", small ? "Small IOPS" : "Large MBPS", words);
	if (!best)
		fputs("none", f);
	else if (small)
		fprintf(f, "%lld @ Small=%u and Large=%u", iops_of(&best->small), best->s, best->l);
	else
		fprintf(f, "%.2f @ Small=%u and Large=%u", best->large.mbps, best->s, best->l);
	if (unknown) {
		char st[32], st2[48] = "";

		if (p->bound.pct > 0)
			snprintf(st, sizeof(st), "p%g latency", p->bound.pct);
		else
			snprintf(st, sizeof(st), "latency");
		if (p->bound.ms2 > 0 && p->bound.pct2 > 0)
			snprintf(st2, sizeof(st2), " or p%g latency", p->bound.pct2);
		else if (p->bound.ms2 > 0)
			snprintf(st2, sizeof(st2), " or latency");
		fprintf(f, " (%s%s unknown at %zu of %zu points)", st, st2, unknown, n);
	}
	fputc('\n', f);
}

void or_answers(FILE *f, const struct or_params *p, const struct pt_set *pts, enum or_compat c)
{
	if (!p->bound.set)
		return;
	/* 12.1+ set the result block's parts apart with a blank line. */
	if (or_layout(c)->lat_lines)
		fputc('\n', f);
	answer_line(f, p, pts, true);
	answer_line(f, p, pts, false);
}

/*
 * -repeat N (N >= 3): one line under the result lines, saying the cells
 * are medians and where their intervals are. Fewer passes give no
 * median worth the word; ORION's files are then as one pass would write.
 */
static void summary_passes(FILE *f, const struct or_params *p, const struct pt_set *pts,
			   enum or_compat c)
{
	unsigned int most = 0;
	char name[PATH_MAX];
	size_t i;

	for (i = 0; i < pts->n; i++)
		if (pts->pts[i].passes > most)
			most = pts->pts[i].passes;
	if (most < 3)
		return;
	fs_member_name(name, sizeof(name), p->run->testname, or_layout(c)->dated,
		       p->run->start ? (time_t)p->run->start : time(NULL), FS_POINTS);
	fprintf(f, "\nCells are medians of %u passes over the plan; their 95 %% intervals across the passes are in %s\n",
		most, name);
}

void or_drift(FILE *f, const struct pt_set *pts)
{
	char lines[2][768];
	unsigned int most = 1;
	size_t i, n;

	for (i = 0; i < pts->n; i++)
		if (pts->pts[i].passes > most)
			most = pts->pts[i].passes;
	n = pt_drift_lines(&pts->drift, most, lines);

	for (i = 0; i < n; i++)
		fprintf(f, "%s%s\n", i ? "" : "\n", lines[i]);
}

void or_limits(FILE *f, const struct pt_set *pts)
{
	struct lm_found found;
	char line[LM_LINE_MAX];
	size_t i;

	if (lm_find(pts, &found))
		return; /* out of memory: the summary without them */
	for (i = 0; lm_found_line(&found, i, line, sizeof(line)); i++)
		fprintf(f, "%s%s\n", i ? "" : "\n", line);
	lm_found_release(&found);
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
		/* The summary's answer names another load of this ladder: why, here. */
		if (kn_answer_apart(pts, &p->knees[i], &p->bound, line, sizeof(line)))
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

/* The summary's block; on the screen (@screen) only 19c adds the histogram. */
static void result_block(FILE *f, const struct pt_set *pts, enum or_compat c, bool screen)
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
		if ((!screen || y->screen_hist) && (l->small.lat[0].nbins || l->small.lat[1].nbins)) {
			fprintf(f, "Small Read / Write Latency Histogram @ Small=%u and Large=%u%s\n",
				l->s, l->l, OR_CLAT_NOTE(&l->small));
			or_hist_table(f, &l->small);
		}
	}
}

void or_result_block(FILE *f, const struct pt_set *pts, enum or_compat c)
{
	result_block(f, pts, c, false);
}

void or_result_screen(FILE *f, const struct pt_set *pts, enum or_compat c)
{
	result_block(f, pts, c, true);
}

void or_summary_named(FILE *f, const struct or_params *p, const struct pt_set *pts,
		      enum or_compat c, const char *hosts_file)
{
	size_t i;

	fprintf(f, "ORION VERSION %s\n\nCommandline:\n", p->run->orion_version);
	for (i = 0; i < p->run->argc; i++)
		fprintf(f, "%s ", p->run->argv[i]);
	fprintf(f, "\n\nThis maps to this test:\nTest: %s\n", p->run->testname);
	fprintf(f, "Small IO size: %llu KB\nLarge IO size: %llu KB\n",
		(unsigned long long)p->run->size_small,
		(unsigned long long)p->run->size_large);
	if (p->run->seq)
		fprintf(f, "IO Types: Small Random IOs, Large Sequential Streams\n"
			   "Number of Concurrent IOs Per Stream: %llu\n",
			(unsigned long long)p->run->num_streamio);
	else
		fputs("IO Types: Small Random IOs, Large Random IOs\n", f);
	fprintf(f, "Simulated Array Type: %s\n", arr_name(p));
	if (p->run->raid0)
		fprintf(f, "Stripe Depth: %llu KB\n", (unsigned long long)p->run->stripe_kb);
	fprintf(f, "Write: %d%%\n", (int)lround(p->run->write_pct));
	if (p->run->cache_size < 0)
		fputs("Cache Size: Not Entered\n", f);
	else
		fprintf(f, "Cache Size: %lld MB\n", (long long)p->run->cache_size);
	fprintf(f, "Duration for each Data Point: %llu seconds\n",
		(unsigned long long)p->run->duration);
	cols_line(f, "Small Columns:", p->run->small_cols, p->run->nsmall_cols);
	cols_line(f, "Large Columns:", p->run->large_cols, p->run->nlarge_cols);
	fprintf(f, "Total Data Points: %llu\n", (unsigned long long)p->run->total_points);
	if (p->partial)
		fprintf(f, "%s\n", p->partial);
	for (i = 0; i < p->run->nstopped; i++)
		fprintf(f, "%s\n", p->run->stopped[i]);
	for (i = 0; i < p->run->npaired; i++)
		fprintf(f, "Paired: %s\n", p->run->paired[i].why ? p->run->paired[i].why : "");
	if (p->curve)
		cv_summary(f, p->curve, or_layout(c)->usecs);
	summary_steady(f, pts);
	fputc('\n', f);
	if (hosts_have_luns(p)) {
		/* Each host's LUNs, then ORION's count line over all of them. */
		size_t n = 0;

		summary_hosts(f, p, hosts_file);
		for (i = 0; i < p->run->nhosts; i++)
			n += p->run->hosts[i].nluns;
		fprintf(f, "%zu FILEs found on %zu host%s.\n", n, p->run->nhosts, p->run->nhosts == 1 ? "" : "s");
	} else {
		for (i = 0; i < p->run->nluns; i++)
			fprintf(f, "Name: %s\tSize: %llu\n", p->run->luns[i].name,
				(unsigned long long)p->run->luns[i].size);
		fprintf(f, p->luns_unknown ? "FILEs unknown: fio's client/server JSON does not name the hosts' LUNs (give the run's run.json).\n" : "%zu FILEs found.\n", p->run->nluns);
		if (p->run->nhosts)
			summary_hosts(f, p, hosts_file);
	}
	fputc('\n', f);
	or_result_block(f, pts, c);
	or_answers(f, p, pts, c);
	summary_passes(f, p, pts, c);
	or_drift(f, pts);
	or_limits(f, pts);
	for (i = 0; i < or_nwarnings(p); i++)
		fprintf(f, "%sWarning: %s\n", i ? "" : "\n", or_warning(p, i));
}

void or_summary(FILE *f, const struct or_params *p, const struct pt_set *pts,
		enum or_compat c)
{
	char hosts_file[PATH_MAX];

	fs_member_name(hosts_file, sizeof(hosts_file), p->run->testname, or_layout(c)->dated,
		       p->run->start ? (time_t)p->run->start : time(NULL), FS_HOSTS);
	or_summary_named(f, p, pts, c, hosts_file);
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
		(unsigned long long)p->run->vlun_size);
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
		!c->ios[1] ? "READ" : !c->ios[0] ? "WRITE"
						 : "MIXED");
	if (c->depth_why && c->asked_load != c->load)
		fprintf(f, "ran (%s): note: the options asked for %u outstanding I/Os; fio held %u (%s)\n",
			tag, c->asked_load, c->load, c->depth_why);
}

/* Each host's own figures at point @pt, after the point's lines. */
static void trace_hosts(FILE *f, const struct or_params *p, const struct pt_point *pt)
{
	size_t k;

	for (k = 0; k < p->run->nhosts; k++) {
		const struct pt_point *hp = host_point(&p->host_pts[k], pt);
		const char *sep = "";

		fprintf(f, "Host %s:", p->run->hosts[k].name);
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

		fprintf(f, "Point %zu (small=%u, large=%u) of %zu\n" /* N: Total Data Points */
			   "Valid small 1 Valid large 1\nValid\n\n",
			i, hdr ? hdr->s : 0, hdr ? hdr->l : 0, p->run->total_points > n ? (size_t)p->run->total_points : n);
		if (i <= nreal) {
			const struct pt_point *r = real[i - 1];
			double w = p->run->write_pct; /* req w%: -write when run.json says it */

			ps_trace(f, pts, r); /* inferred points: the jobs they came from */

			if (r->small.present)
				trace_class(f, p, &r->small, &r->large, "small",
					    !p->write_asked && r->small.req_write >= 0 ? r->small.req_write : w);
			if (r->large.present)
				trace_class(f, p, &r->large, &r->small, "large",
					    !p->write_asked && r->large.req_write >= 0 ? r->large.req_write : w);
			trace_hosts(f, p, r);
			trace_steady(f, r);
			trace_knees(f, p, pts, r);
		}
		fputc('\n', f);
	}
	fputs("\nTEST END\n", f);
	for (i = 0; i < p->run->npaired; i++)
		fprintf(f, "%sPaired: %s\n", i ? "" : "\n", p->run->paired[i].why ? p->run->paired[i].why : "");
	for (i = 0; i < or_nwarnings(p); i++)
		fprintf(f, "%sWarning: %s\n", i ? "" : "\n", or_warning(p, i));
	free(real);
}
