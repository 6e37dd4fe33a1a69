/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fileset.h -- a result set's members and the layout's name rule: the
 * one table of the files a set has, how their names are made (format)
 * and read back (parse), and the removal of a member a new write of the
 * set does not produce. setwrite.h writes a set from it; the driver's
 * history.c moves an earlier run's set aside with it.
 *
 * A set named T (the testname) has ORION's members under ORION's prefix,
 * and fiorion's own members (fs_own()) under a name no ORION glob
 * (T_*) matches, so that a script's `mv T_*.csv` or a collector keyed on
 * T_* meets only ORION's files:
 *
 *   ORION's (summary, iops, ...)   fiorion's own (report, points, ...)
 *   T_<member>                     T.<member>                  10.2 layout
 *   T_<YYYYMMDD>_<HHMM>_<member>   T.<YYYYMMDD>_<HHMM>.<member> dated (11.1+)
 *
 * the stamp being the run's start in local time. Every run of T,
 * whatever its layout, also writes T_jobs/, T.fio and, for several
 * hosts, T.<host>_<port>.fio (fs_run_member()).
 */
#ifndef FIORION_FILESET_H
#define FIORION_FILESET_H

#include <stdbool.h>
#include <stddef.h>
#include <time.h>

/* The members of a result set, in the order a set is written. */
enum fs_member {
	FS_SUMMARY,
	FS_IOPS,
	FS_MBPS,
	FS_LAT,
	FS_TRACE,
	FS_TRADEOFF, /* 10.2 only, with a mixed point */
	FS_HIST,     /* 12.1+ with latency bins */
	FS_HOSTS,    /* several hosts */
	FS_REPORT,   /* the HTML report */
	FS_POINTS,   /* the tidy per-point file */
	FS_CURVE,    /* -run curve's open-loop points (curve.h) */
	/*
	 * The driver's live record (driver/live.h): rewritten every second
	 * while the run goes, kept after it with its end (done, failed,
	 * interrupted). or_write_all() neither writes nor removes it.
	 */
	FS_STATUS,
	FS_NMEMBERS
};

/* A member's name after the set's prefix: "summary.txt", "iops.csv", ... */
const char *fs_suffix(enum fs_member m);

/* Whether @m is fiorion's own, not ORION's: named T.<member>, not T_<member>. */
bool fs_own(enum fs_member m);

/* The dated layouts' stamp for start @t: "YYYYMMDD_HHMM" (local time). */
void fs_stamp(char *buf, size_t len, time_t t);

/*
 * Member @m's file name in a set named @name (a path prefix kept as it
 * is): "<name>_<stamp>_iops.csv", "<name>.<stamp>.report.html", ...
 */
void fs_file(char *buf, size_t len, const char *name, bool dated, time_t t, enum fs_member m);

/*
 * Member @m's file name as the summary gives it (beside the summary):
 * fs_file() of @testname's last component.
 */
void fs_member_name(char *buf, size_t len, const char *testname, bool dated, time_t t,
		    enum fs_member m);

/* A file name read back (fs_parse()). */
struct fs_name {
	enum fs_member member;
	bool dated;
	char stamp[14]; /* "YYYYMMDD_HHMM" when dated, else "" */
	/*
	 * One of fiorion's own members under an ORION name ("T_points.csv"),
	 * as fiorion named them before: read, so that a new run moves an
	 * earlier one's aside with the rest (history.h), never written.
	 */
	bool legacy;
};

/*
 * Whether @ent (a folder entry) is a member of a set named @name, in
 * either layout; *@out says which member, and the stamp. A name that
 * fits both (a testname that itself ends in a stamp) reads as the 10.2
 * layout's when its rest is a member, else as the dated one's. An
 * ORION member is read only under '_'; fiorion's own under '.', or under
 * '_' as @out->legacy.
 */
bool fs_parse(const char *ent, const char *name, struct fs_name *out);

/*
 * Whether @ent is what every run of @name writes, whatever its layout:
 * "<name>_jobs", "<name>.fio", "<name>.<host>_<port>.fio".
 */
bool fs_run_member(const char *ent, const char *name);

/*
 * Remove @path, a member of an earlier result set that this write does
 * not produce (it would describe another set). True when it was there
 * and is gone, and then @path is appended to @removed (", "-joined,
 * @len bytes).
 */
bool fs_remove_stale(const char *path, char *removed, size_t len);

#endif
