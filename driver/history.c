/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * history.c -- a new run never writes over an earlier one's files, and
 * never moves what it would not write over. What a run writes under
 * @name: <name>_jobs/ and <name>.fio (every layout), and ORION's files,
 * <name>_summary.txt ... in the 10.2 layout, <name>_<YYYYMMDD>_<HHMM>_...
 * in the dated ones (11.1+). An earlier run's entries with those very
 * names go together into <name>_history/<its start>/; its dated files
 * under another stamp stay where they are, beside the new run's, as
 * ORION leaves them (a script runs col, then row, then mv orion_*.csv).
 * Nothing is deleted: docs/dropin.md, "Reruns", says how to prune the history.
 */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "fileset.h"
#include "fiojson.h"
#include "history.h"
#include "orion_report.h"

/*
 * Whether entry @ent is one the new run writes: a member of its own set
 * (fileset.h) in its layout at its start (@stamp, "" in the 10.2
 * layout), or what every run of @name writes.
 */
static bool clashes(const char *ent, const char *name, const char *stamp)
{
	struct fs_name fn;

	if (fs_run_member(ent, name))
		return true;
	return fs_parse(ent, name, &fn) && fn.dated == (stamp[0] != '\0') &&
		!strcmp(fn.stamp, stamp);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The entries of @dir that the new run would write over, sorted, or NULL. */
static char **set_files(const char *dir, const char *name, const char *stamp, size_t *n)
{
	char **v = NULL;
	struct dirent *e;
	DIR *dp = opendir(dir);

	*n = 0;
	while (dp && (e = readdir(dp))) {
		if (!clashes(e->d_name, name, stamp))
			continue;
		v = realloc(v, (*n + 1) * sizeof(*v));
		if (!v)
			die_usage("out of memory");
		v[(*n)++] = xasprintf("%s", e->d_name);
	}
	if (dp)
		closedir(dp);
	if (*n)
		qsort(v, *n, sizeof(*v), cmp_str);
	return v;
}

/*
 * When the earlier run started: its run.json's start, else the oldest of
 * its files' modification times; "YYYYMMDD_HHMMSS".
 */
static void earlier_stamp(const char *dir, const char *name, char **files, size_t n,
			  char *when, size_t len)
{
	struct fj_set set = { 0 };
	struct fr_err err = { "" };
	struct stat st;
	time_t t = 0;
	struct tm tm;
	char *rj;
	size_t k;

	for (k = 0; k < n; k++) {
		char *path = xasprintf("%s/%s", dir, files[k]);

		if (lstat(path, &st) == 0 && (!t || st.st_mtime < t))
			t = st.st_mtime;
		free(path);
	}
	rj = xasprintf("%s/%s_jobs/run.json", dir, name);
	if (fj_read_file(&set, rj, &err) == 0 && set.run.start > 0)
		t = (time_t)set.run.start;
	fj_set_release(&set);
	free(rj);
	localtime_r(&t, &tm);
	strftime(when, len, "%Y%m%d_%H%M%S", &tm);
}

/* Make <dir>/<name>_history/<when>[.N]/ (a new folder); exits 3 when it cannot. */
static char *history_folder(const char *dir, const char *name, const char *when)
{
	char *hist = xasprintf("%s/%s_history", dir, name), *aside = NULL;
	struct stat st = { 0 };
	int suffix;

	if (mkdir(hist, 0777) < 0 && errno != EEXIST)
		die_safety("an earlier run's files named '%s' are in %s; cannot make the folder %s to move them into (%s); refusing to overwrite them",
			   name, dir, hist, strerror(errno));
	/* Never through a planted symlink, nor into a folder another user controls. */
	if (lstat(hist, &st) < 0 || !S_ISDIR(st.st_mode) || st.st_uid != geteuid() ||
	    (st.st_mode & S_IWOTH))
		die_safety("an earlier run's files named '%s' are in %s; cannot move them into %s: it is %s (left as it is: remove it, or give another -testname or -outdir); refusing to overwrite them",
			   name, dir, hist,
			   S_ISLNK(st.st_mode)		    ? "a symbolic link"
				   : !S_ISDIR(st.st_mode)   ? "not a folder"
				   : st.st_uid != geteuid() ? "another user's folder"
							    : "a folder others can write");
	for (suffix = 1; suffix < 1000; suffix++) {
		free(aside);
		aside = suffix == 1 ? xasprintf("%s/%s", hist, when)
				    : xasprintf("%s/%s.%d", hist, when, suffix);
		if (mkdir(aside, 0777) == 0)
			break;
		if (errno != EEXIST || suffix == 999)
			die_safety("an earlier run's files named '%s' are in %s; cannot make %s to move them aside (%s); refusing to overwrite them",
				   name, dir, aside, strerror(errno));
	}
	free(hist);
	return aside;
}

void move_aside(const char *dir, const char *name, enum or_compat c, time_t start)
{
	char *aside, stamp[32] = "", when[32], moved[1024] = "", **files;
	size_t k, n;

	/* The new run's own set: what it writes in its layout, at its start. */
	if (or_layout(c)->dated)
		fs_stamp(stamp, sizeof(stamp), start);
	files = set_files(dir, name, stamp, &n);
	if (!n)
		return;
	earlier_stamp(dir, name, files, n, when, sizeof(when));
	aside = history_folder(dir, name, when);
	for (k = 0; k < n; k++) {
		char *path = xasprintf("%s/%s", dir, files[k]);
		char *to = xasprintf("%s/%s", aside, files[k]);
		size_t m = strlen(moved);

		if (rename(path, to) < 0)
			die_safety("cannot move the earlier run's '%s' to %s/ (%s); refusing to overwrite it",
				   path, aside, strerror(errno));
		snprintf(moved + m, sizeof(moved) - m, "%s%s", m ? ", " : "", files[k]);
		free(path);
		free(to);
		free(files[k]);
	}
	free(files);
	if (!fr_quiet())
		fprintf(stderr, "fiorion: an earlier run's files (%s) moved to %s/\n", moved, aside);
	free(aside);
}
