// SPDX-License-Identifier: GPL-2.0-only
/*
 * setwrite.c -- a result set written whole: each member of fileset.h's
 * table formatted (orion_report.h, html_report.h, points_csv.h), staged,
 * renamed into place together, and an earlier write's members this set
 * has none of removed.
 */
#include "setwrite.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "curve.h"
#include "fileset.h"
#include "fr_file.h"
#include "html_report.h"
#include "par.h"
#include "points_csv.h"

/* Points worth writing the points file on a second thread. */
#define SW_PAR_MIN 256

/*
 * The points file written beside the other members (par.h), straight to its
 * staged file: it reads only the points, as they do, and joins the set
 * in its turn, so the set is the same whatever the timing.
 */
struct bg {
	const struct pt_set *pts;
	char path[PATH_MAX + 32];
	struct fr_stage st;
	struct fr_err err;
	int ret;
	pthread_t th;
	bool on;
};

static void points_csv(FILE *f, const void *pts)
{
	pc_write(f, pts);
}

static void *bg_run(void *arg)
{
	struct bg *b = arg;

	b->ret = fr_stage_stream(&b->st, b->path, points_csv, b->pts, &b->err);
	return NULL;
}

/*
 * @may: not with -html: a report that does not fit is left out and the
 * set kept, a points file that does not fit fails the set; on a disk near
 * full, which of the two hits it first must not depend on timing.
 */
static void bg_start(struct bg *b, const struct pt_set *pts, const char *path, bool may)
{
	memset(b, 0, sizeof(*b));
	b->pts = pts;
	snprintf(b->path, sizeof(b->path), "%s", path);
	b->on = may && pts->n >= SW_PAR_MIN && par_cpus(2) > 1 &&
		!par_thread(&b->th, bg_run, b);
}

/* Its staged file into @st (written now when no thread ran): 0, or an error with @err set. */
static int bg_take(struct bg *b, struct fr_stage *st, struct fr_err *err)
{
	if (b->on)
		pthread_join(b->th, NULL);
	else
		bg_run(b);
	b->on = false;
	if (b->ret) {
		fr_stage_abort(&b->st);
		*err = b->err;
		return b->ret;
	}
	return fr_stage_join(st, &b->st, err);
}

/* Wait for it and drop what it staged (the set stopped before its turn). */
static void bg_drop(struct bg *b)
{
	if (b->on)
		pthread_join(b->th, NULL);
	b->on = false;
	fr_stage_abort(&b->st);
}

/* Member @k's path: the first @n bytes of @dir (the folder and '/'), then its name. */
static void member_path(char *path, size_t len, const char *dir, size_t n, const char *testname,
			bool dated, time_t t, int k)
{
	snprintf(path, len, "%.*s", (int)n, dir);
	fs_file(path + strlen(path), len - strlen(path), testname, dated, t, (enum fs_member)k);
}

int or_write_all(const struct or_params *p, const struct pt_set *pts,
		 const char *outdir, enum or_compat c, unsigned int flags,
		 struct or_written *w, struct fr_err *err)
{
	char dir[PATH_MAX], path[PATH_MAX + 32], hosts_file[PATH_MAX];
	struct fr_stage st = { NULL, NULL, 0 };
	struct fr_err rerr = { "" };
	bool stale[FS_NMEMBERS];
	time_t t = p->run->start ? (time_t)p->run->start : time(NULL);
	bool dated = or_layout(c)->dated;
	struct bg bg;
	size_t n;
	int k, ret = 0;

	memset(w, 0, sizeof(*w));
	memset(stale, 0, sizeof(stale));
	if (!outdir || !*outdir || p->run->testname[0] == '/')
		outdir = ".";
	/* An absolute testname is the whole path; else it goes in @outdir. */
	n = p->run->testname[0] == '/' ? 0 : (size_t)snprintf(dir, sizeof(dir), "%s/", outdir);
	if (n >= sizeof(dir))
		return fr_errf(err, -ENAMETOOLONG, "-outdir '%s': the path is too long", outdir);
	/* The summary names the hosts file as it is written, at the same start. */
	fs_member_name(hosts_file, sizeof(hosts_file), p->run->testname, dated, t, FS_HOSTS);
	member_path(path, sizeof(path), dir, n, p->run->testname, dated, t, FS_POINTS);
	bg_start(&bg, pts, path, !(flags & OR_WRITE_HTML));

	for (k = FS_SUMMARY; k < FS_NMEMBERS && !ret; k++) {
		char *buf = NULL;
		size_t len = 0;
		FILE *f;
		bool keep = true;

		/* The driver's live record is its own (driver/live.h). */
		if (k == FS_STATUS)
			continue;
		member_path(path, sizeof(path), dir, n, p->run->testname, dated, t, k);
		/* 11.1+ sets have no _tradeoff.csv, 12.1+ add _hist.txt (orion.md 3.1). */
		if ((k == FS_TRADEOFF && (!or_has_mixed(pts) || !or_layout(c)->tradeoff)) ||
		    (k == FS_HIST && !or_layout(c)->hist) || (k == FS_HOSTS && !p->run->nhosts) ||
		    (k == FS_REPORT && !(flags & OR_WRITE_HTML)) ||
		    (k == FS_CURVE && (!p->curve || !p->curve->n)) ||
		    /* A curve alone: its file and the report, nothing hollow (curve.h). */
		    (cv_alone(p->curve, pts->n) && k != FS_CURVE && k != FS_REPORT)) {
			stale[k] = true;
			continue;
		}
		if (k == FS_POINTS) {
			ret = bg_take(&bg, &st, err);
			continue;
		}
		f = open_memstream(&buf, &len);
		if (!f) {
			bg_drop(&bg);
			fr_stage_abort(&st);
			return fr_errf(err, -ENOMEM, "out of memory");
		}
		switch (k) {
		case FS_SUMMARY:
			or_summary_named(f, p, pts, c, hosts_file);
			break;
		case FS_IOPS: or_plan_csv(f, p, pts, 'i', c); break;
		case FS_MBPS: or_plan_csv(f, p, pts, 'm', c); break;
		case FS_LAT: or_plan_csv(f, p, pts, 'l', c); break;
		case FS_TRACE: or_trace(f, p, pts); break;
		case FS_TRADEOFF: or_tradeoff_csv(f, pts); break;
		case FS_HIST: keep = or_hist(f, pts); break;
		case FS_HOSTS:
			or_hosts_csv(f, p, pts, c);
			break;
		case FS_REPORT:
			ret = hr_report(f, p, pts, c, err);
			break;
		case FS_CURVE: cv_csv(f, p->curve); break;
		}
		if (fclose(f) != 0 || ret) {
			free(buf);
			bg_drop(&bg);
			fr_stage_abort(&st);
			return ret ? ret : fr_errf(err, -ENOMEM, "out of memory");
		}
		/* Staged: the set is renamed into place whole, or not at all. */
		if (keep && k == FS_REPORT && fr_stage_file(&st, path, buf, len, &rerr))
			stale[k] = true; /* a full disk: ORION's own files land without it */
		else if (keep && k != FS_REPORT)
			ret = fr_stage_file(&st, path, buf, len, err);
		else if (!keep)
			stale[k] = true;
		if (k == FS_HIST)
			w->hist = keep && !ret;
		free(buf);
	}
	bg_drop(&bg); /* not taken when the loop stopped before it */
	if (ret) {
		fr_stage_abort(&st);
		return ret;
	}
	ret = fr_stage_commit(&st, err);
	for (k = FS_SUMMARY; k < FS_NMEMBERS && !ret; k++)
		if (stale[k]) {
			member_path(path, sizeof(path), dir, n, p->run->testname, dated, t, k);
			if (fs_remove_stale(path, w->removed, sizeof(w->removed)) && k == FS_REPORT)
				w->report_removed = true;
		}
	if (!ret && rerr.msg[0])
		ret = fr_errf(err, -EIO, "%.900s; ORION's files are written without it", rerr.msg);
	return ret;
}
