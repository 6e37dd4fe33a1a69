/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * html_run.c -- the report's table of the run (what ran, where, how,
 * its bound and knees) and ORION's summary as the page shows it
 * (html_priv.h).
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "curve.h"
#include "fileset.h"
#include "html_point.h"
#include "html_priv.h"
#include "knee.h"
#include "ptcpu.h"

static void row_start(FILE *f, const char *head)
{
	fputs("<tr><th>", f);
	svg_escape(f, head);
	fputs("</th><td>", f);
}

static void row(FILE *f, const char *head, const char *text)
{
	row_start(f, head);
	svg_escape(f, text);
	fputs("</td></tr>\n", f);
}

static void size_text(char *buf, size_t len, uint64_t bytes)
{
	static const char *const unit[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB" };
	double v = (double)bytes;
	size_t u = 0;

	while (v >= 1024 && u + 1 < sizeof(unit) / sizeof(unit[0])) {
		v /= 1024;
		u++;
	}
	if (u == 0)
		snprintf(buf, len, "%llu B", (unsigned long long)bytes);
	else
		snprintf(buf, len, "%.1f %s (%llu bytes)", v, unit[u], (unsigned long long)bytes);
}

static void luns_cell(FILE *f, const struct fj_lun *luns, size_t n, uint64_t vsize)
{
	char sz[96];
	size_t i;

	for (i = 0; i < n; i++) {
		size_text(sz, sizeof(sz), luns[i].size);
		fputs(i ? "<br/>" : "", f);
		fputs("<code>", f);
		svg_escape(f, luns[i].name);
		fputs("</code> ", f);
		svg_escape(f, luns[i].size ? sz : "(size unknown)");
	}
	if (!n)
		fputs("not recorded", f);
	if (vsize) {
		size_text(sz, sizeof(sz), vsize);
		fprintf(f, "<br/>volume: %s", sz);
	}
}

const char *hr_runner_text(const struct or_params *p)
{
	if (p->runner == RI_RUNNER_BUILTIN)
		return "fiorion's built-in runner (fiorion-engine's core, no fio process)";
	return p->runner == RI_RUNNER_FIO ? "fio" : "not recorded";
}

void hr_backend_text(char *buf, size_t len, const struct or_params *p, const char *none)
{
	const struct ri_run *r = p->run;

	if (!p->backend)
		snprintf(buf, len, "%s", none);
	else if (p->backend_default)
		snprintf(buf, len, "%s (the engine's default: the jobs name none)", p->backend);
	else if (r->backend_asked)
		snprintf(buf, len, "%s (asked %s: %s)", p->backend, r->backend_asked,
			 r->backend_note ? r->backend_note : "refused");
	else
		snprintf(buf, len, "%s", p->backend);
}

/* Each host's own @get (NULL: the host did not say). */
typedef const char *(*host_get)(const struct ri_host *h);

static const char *h_engine(const struct ri_host *h)
{
	return h->engine_version;
}

static const char *h_backend(const struct ri_host *h)
{
	return h->backend;
}

static const char *h_kernel(const struct ri_host *h)
{
	return h->kernel;
}

/* How many hosts gave their @get. */
static size_t hosts_said(const struct ri_run *r, host_get get)
{
	size_t i, n = 0;

	for (i = 0; i < r->nhosts; i++)
		n += get(&r->hosts[i]) != NULL;
	return n;
}

/* The one value every host gave, or NULL when one did not say or two differ. */
static const char *hosts_same(const struct ri_run *r, host_get get)
{
	size_t i;

	for (i = 0; i < r->nhosts; i++)
		if (!get(&r->hosts[i]) || strcmp(get(&r->hosts[i]), get(&r->hosts[0])))
			return NULL;
	return r->nhosts ? get(&r->hosts[0]) : NULL;
}

/*
 * -clients: what each host's engine said of @head (each value in @fmt),
 * where it adds to the run's row (@run, NULL: none): one row "@head on
 * every host" when they all say the same (none when that is @run), else
 * a row per host ("not recorded" where one did not say). None when no
 * host says.
 */
static void host_rows(FILE *f, const struct ri_run *r, const char *head, const char *fmt,
		      host_get get, const char *run)
{
	const char *same = hosts_same(r, get), *v;
	char h[512], buf[512];
	size_t i;

	if (!hosts_said(r, get) || (same && run && !strcmp(same, run)))
		return;
	for (i = 0; i < (same ? 1 : r->nhosts); i++) {
		if (same)
			snprintf(h, sizeof(h), "%s on every host", head);
		else
			snprintf(h, sizeof(h), "%s on %s", head, r->hosts[i].name);
		v = get(&r->hosts[i]);
		snprintf(buf, sizeof(buf), fmt, v ? v : "");
		row(f, h, v ? buf : "not recorded");
	}
}

/* What ran the points (infer.h's provenance): runner, engine, backend, kernel. */
static void prov_rows(FILE *f, const struct or_params *p, const struct pt_set *pts)
{
	const struct ri_run *r = p->run;
	char buf[1024];

	row(f, "Runner", hr_runner_text(p));
	if (p->engine) {
		snprintf(buf, sizeof(buf), "fiorion engine %s", p->engine);
		row(f, "Engine", buf);
	} else if (!hosts_said(r, h_engine) &&
		   (pts->exact || r->present || (p->curve && p->curve->n))) {
		/* Only fiorion's own jobs: a stock fio engine's have no fiorion engine to name. */
		row(f, "Engine", "not recorded");
	}
	host_rows(f, r, "Engine", "fiorion engine %s", h_engine, NULL);
	/* Named pNNN-... without an ioengine= to tell: the driver's jobs, on the engine's default. */
	hr_backend_text(buf, sizeof(buf), p, pts->exact ? "the engine's default" : "not recorded");
	row(f, "Backend", buf);
	host_rows(f, r, "Backend", "%s", h_backend, p->backend);
	/* run.json's: the host that drove the run; never this machine's guess. */
	if (r->kernel && r->nhosts)
		snprintf(buf, sizeof(buf), "%s (the host that drove the run%s)", r->kernel,
			 hosts_said(r, h_kernel) ? "" : "; each host's own is not recorded");
	else
		snprintf(buf, sizeof(buf), "%s", r->kernel ? r->kernel : "not recorded");
	row(f, "Kernel", buf);
	host_rows(f, r, "Kernel", "%s", h_kernel, NULL);
}

void hr_cmdline(char *buf, size_t len, const struct or_params *p)
{
	size_t i, n = 0;

	buf[0] = '\0';
	for (i = 0; i < p->run->argc && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s", i ? " " : "", p->run->argv[i]);
}

void hr_when_text(char *buf, size_t len, int64_t t)
{
	time_t tt = (time_t)t;
	struct tm tm;

	if (!t || !localtime_r(&tt, &tm)) {
		snprintf(buf, len, "not recorded");
		return;
	}
	strftime(buf, len, "%Y-%m-%d %H:%M:%S %z", &tm);
}

/* Which 95 % interval the cells have, and where every point's is. */
static void intervals_text(char *buf, size_t len, const struct or_params *p,
			   const struct pt_set *pts, enum or_compat c)
{
	static const char *const what[] = {
		"without an interval (no interval samples in the input)",
		"within the point (from fio's interval samples)",
		"across passes (-repeat: the median and the passes' spread)",
		"across parts (-parts: the point's parts spread over the run)",
		"from the run's drift (how re-measured loads moved over the run)",
	};
	size_t n[5] = { 0, 0, 0, 0, 0 }, i, k, used = 0;
	char name[1024];

	for (i = 0; i < pts->n; i++) {
		if (pts->pts[i].small.present)
			n[pts->pts[i].small.iv]++;
		if (pts->pts[i].large.present)
			n[pts->pts[i].large.iv]++;
	}
	used = (size_t)snprintf(buf, len, "95 %%:");
	for (k = 5; k-- > 0;)
		if (n[k] && used < len)
			used += (size_t)snprintf(buf + used, len - used, "%s %zu cells %s",
						 used > 5 ? ";" : "", n[k], what[k]);
	fs_member_name(name, sizeof(name), p->run->testname, or_layout(c)->dated,
		       p->run->start ? (time_t)p->run->start : time(NULL), FS_POINTS);
	if (used < len)
		snprintf(buf + used, len - used,
			 ". Error bars on the charts, and in each marker's and heat-map cell's title; every point's figures and intervals are in %s",
			 name);
}

int hr_run_table(FILE *f, const struct or_params *p, const struct pt_set *pts,
		 enum or_compat c)
{
	char buf[4096];
	double measured = 0;
	size_t i;

	fputs("<h2>The run</h2>\n<table class=\"run\">\n", f);
	row(f, "Test name", p->run->testname);
	row_start(f, "Command line");
	fputs("<code class=\"cmd\">", f);
	if (!p->run->argc)
		fputs("not recorded", f);
	/* Each argument unbroken (a browser breaks at hyphens): the line wraps at spaces only. */
	for (i = 0; i < p->run->argc; i++) {
		fputs(i ? " <span>" : "<span>", f);
		svg_escape(f, p->run->argv[i]);
		fputs("</span>", f);
	}
	fputs("</code></td></tr>\n", f);
	row(f, "ORION version line", p->run->orion_version);
	if (p->run->nhosts) {
		for (i = 0; i < p->run->nhosts; i++) {
			snprintf(buf, sizeof(buf), "LUNs of %s", p->run->hosts[i].name);
			row_start(f, buf);
			luns_cell(f, p->run->hosts[i].luns, p->run->hosts[i].nluns, p->run->hosts[i].vlun_size);
			fputs("</td></tr>\n", f);
		}
	} else {
		row_start(f, "LUNs");
		luns_cell(f, p->run->luns, p->run->nluns, p->run->vlun_size);
		fputs("</td></tr>\n", f);
	}
	if (p->run->raid0)
		snprintf(buf, sizeof(buf), "RAID-0, stripe %llu KB", (unsigned long long)p->run->stripe_kb);
	else
		snprintf(buf, sizeof(buf), "concat");
	row(f, "Simulate", buf);
	snprintf(buf, sizeof(buf), "small %llu KB random, large %llu KB %s%s; write %g %%",
		 (unsigned long long)p->run->size_small, (unsigned long long)p->run->size_large,
		 p->run->seq ? "sequential" : "random", p->run->seq ? " streams" : "", p->run->write_pct);
	row(f, "I/O", buf);
	if (p->run->cache_size >= 0) {
		snprintf(buf, sizeof(buf), "%lld MB", (long long)p->run->cache_size);
		row(f, "Cache size", buf);
	}
	snprintf(buf, sizeof(buf), "%s; %zu points measured of %llu", mx_matrix_name(p->run->matrix) ? mx_matrix_name(p->run->matrix) : "not recorded",
		 pts->n, (unsigned long long)p->run->total_points);
	row(f, "Matrix", buf);
	row(f, "fio version", p->fio_version ? p->fio_version : "not recorded");
	for (i = 0; i < p->run->nhosts; i++)
		if (p->run->hosts[i].fio_version) {
			snprintf(buf, sizeof(buf), "fio on %s", p->run->hosts[i].name);
			row(f, buf, p->run->hosts[i].fio_version);
		}
	prov_rows(f, p, pts);
	hr_when_text(buf, sizeof(buf), p->run->start);
	row(f, "Start", buf);
	for (i = 0; i < pts->n; i++) {
		const struct pt_point *pt = &pts->pts[i];

		measured += pt->small.secs > pt->large.secs ? pt->small.secs : pt->large.secs;
	}
	snprintf(buf, sizeof(buf), "%llu s a point; %.0f s measured over %zu points",
		 (unsigned long long)p->run->duration, measured, pts->n);
	row(f, "Duration", buf);
	hp_steady_text(buf, sizeof(buf), pts);
	row(f, "Steady state", buf);
	pc_text(buf, sizeof(buf), pts);
	row(f, "CPU", buf);
	if (p->bound.set) {
		if (p->bound.pct > 0)
			snprintf(buf, sizeof(buf), "%g ms (p%g latency)", p->bound.ms, p->bound.pct);
		else
			snprintf(buf, sizeof(buf), "%g ms (mean latency)", p->bound.ms);
		row(f, "Latency bound", buf);
	}
	for (i = 0; i < p->nknees; i++) {
		kn_describe(&p->knees[i], &p->bound, buf, sizeof(buf));
		row(f, i ? "" : "Knees", buf);
	}
	intervals_text(buf, sizeof(buf), p, pts, c);
	row(f, "Intervals", buf);
	if (p->partial)
		row(f, p->live ? "Run in progress" : "Stopped early", p->partial);
	for (i = 0; i < or_nwarnings(p); i++)
		row(f, i ? "" : "Warnings", or_warning(p, i));
	fputs("</table>\n", f);
	return 0;
}

int hr_summary_pre(FILE *f, const struct or_params *p, const struct pt_set *pts,
		   enum or_compat c)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&buf, &len);

	if (!m)
		return -ENOMEM;
	or_summary(m, p, pts, c);
	if (fclose(m)) {
		free(buf);
		return -ENOMEM;
	}
	fputs("<h2>ORION's summary</h2>\n<pre class=\"summary\">", f);
	svg_escape(f, buf);
	fputs("</pre>\n", f);
	free(buf);
	return 0;
}
