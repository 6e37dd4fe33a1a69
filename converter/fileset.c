// SPDX-License-Identifier: GPL-2.0-only
/*
 * fileset.c -- a result set's files: their names in each layout and the
 * writing of the set (staged, renamed into place whole).
 */
#include "fileset.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "fr_file.h"
#include "html_report.h"
#include "orion_report.h"
#include "outdir.h"
#include "points_csv.h"

/*
 * How the files of a result set begin: <@name>_ or, in the dated layouts
 * (11.1+), <@name>_<YYYYMMDD>_<HHMM>_ for the run's start @t.
 */
void fs_prefix(char *buf, size_t len, const char *name,
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

void fs_member_name(char *buf, size_t len, const struct or_params *p, enum or_compat c,
		    time_t t, const char *member)
{
	const char *base = strrchr(p->testname, '/');
	size_t n;

	fs_prefix(buf, len, base ? base + 1 : p->testname, c, t);
	n = strlen(buf);
	snprintf(buf + n, len - n, "%s", member);
}

void fs_hosts_name(char *buf, size_t len, const struct or_params *p,
		       enum or_compat c, time_t t)
{
	fs_member_name(buf, len, p, c, t, "hosts.csv");
}

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
	F_POINTS,
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
	"points.csv",
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
	fs_prefix(prefix + n, sizeof(prefix) - n, p->testname, c, t);
	/* The summary names the hosts file as it is written, at the same start. */
	fs_hosts_name(hosts_file, sizeof(hosts_file), p, c, t);

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
			or_summary_named(f, p, pts, c, hosts_file);
			break;
		case F_IOPS: or_plan_csv(f, p, pts, 'i', c); break;
		case F_MBPS: or_plan_csv(f, p, pts, 'm', c); break;
		case F_LAT: or_plan_csv(f, p, pts, 'l', c); break;
		case F_TRACE: or_trace(f, p, pts); break;
		case F_TRADEOFF: or_tradeoff_csv(f, pts); break;
		case F_HIST: keep = or_hist(f, pts); break;
		case F_HOSTS:
			or_hosts_csv(f, p, pts, c);
			break;
		case F_REPORT:
			ret = hr_report(f, p, pts, c, err);
			break;
		case F_POINTS:
			pc_write(f, pts);
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
