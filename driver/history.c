/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * history.c -- an earlier run's file set under the same name, moved
 * aside before a new run writes anything: nothing is deleted.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "cli.h"
#include "fiojson.h"
#include "history.h"

/* ORION's files for @name, and fiorion's own, that a new run replaces. */
static const char *const set_members[] = {
	"_jobs", ".fio", "_summary.txt", "_iops.csv", "_mbps.csv", "_lat.csv",
	"_trace.txt", "_tradeoff.csv", "_hist.txt", "_hosts.csv", "_report.html",
};

/* ".<host>_<port>.fio": a multi-host run's whole matrix for one host. */
static bool host_matrix(const char *m)
{
	size_t n = m ? strlen(m) : 0, k;

	if (n < 8 || m[0] != '.' || strcmp(m + n - 4, ".fio"))
		return false;
	for (k = n - 5; k > 1 && m[k] >= '0' && m[k] <= '9'; k--)
		;
	return k < n - 5 && m[k] == '_';
}


/*
 * A run starts from a clean set: an earlier run's files under the same
 * name (its <name>_jobs/ folder with the per-point JSON, the whole-matrix
 * file and ORION's files) are moved together into
 * <dir>/<name>_run_<when it started>/, and the move is said. Nothing is
 * deleted. Exits 3 (a refusal to overwrite results) when they cannot be
 * moved.
 */
/* "<name>_YYYYMMDD_HHMM_<member>" (11.1+ names): its member, else NULL. */
static const char *dated_member(const char *ent, const char *name)
{
	size_t n = strlen(name), k;
	const char *p = ent + n;

	if (strncmp(ent, name, n) || p[0] != '_')
		return NULL;
	for (k = 1; k <= 13; k++)
		if (k == 9 ? p[k] != '_' : !(p[k] >= '0' && p[k] <= '9'))
			return NULL;
	return p + 14;	/* "_summary.txt", ... */
}


static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}


/* The entries of @dir that belong to @name's file set, or NULL. */
static char **set_files(const char *dir, const char *name, size_t *n)
{
	char **v = NULL;
	struct dirent *e;
	DIR *dp = opendir(dir);

	*n = 0;
	while (dp && (e = readdir(dp))) {
		const char *m = !strncmp(e->d_name, name, strlen(name)) ? e->d_name + strlen(name) : NULL;
		const char *dm = dated_member(e->d_name, name);
		size_t k;
		bool in = false;

		for (k = 0; k < sizeof(set_members) / sizeof(set_members[0]); k++)
			if ((m && !strcmp(m, set_members[k])) || (dm && !strcmp(dm, set_members[k])))
				in = true;
		if (!in && !host_matrix(m))
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
 * A run starts from a clean set: an earlier run's files under the same
 * name (its <name>_jobs/ folder with the per-point JSON, the whole-matrix
 * file and ORION's files, plain or dated as 11.1+ name them) are moved
 * together into <dir>/<name>_run_<when it started>/, and the move is
 * said. Nothing is deleted. Exits 3 (a refusal to overwrite results)
 * when they cannot be moved.
 */
void move_aside(const char *dir, const char *name)
{
	char *aside = NULL, *rj, when[32], moved[1024] = "", **files;
	struct fj_set set = { 0 };
	struct fr_err err = { "" };
	struct stat st;
	size_t k, n;
	time_t t = 0;
	struct tm tm;
	int suffix;

	files = set_files(dir, name, &n);
	if (!n)
		return;
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
	strftime(when, sizeof(when), "%Y%m%d_%H%M%S", &tm);
	for (suffix = 1; suffix < 1000; suffix++) {
		free(aside);
		aside = suffix == 1 ? xasprintf("%s/%s_run_%s", dir, name, when)
				    : xasprintf("%s/%s_run_%s.%d", dir, name, when, suffix);
		if (mkdir(aside, 0777) == 0)
			break;
		if (errno != EEXIST || suffix == 999) {
			fprintf(stderr, "fiorion: an earlier run's files named '%s' are in %s; cannot make %s to move them aside (%s); refusing to overwrite them\n",
				name, dir, aside, strerror(errno));
			exit(EXIT_SAFETY);
		}
	}
	for (k = 0; k < n; k++) {
		char *path = xasprintf("%s/%s", dir, files[k]);
		char *to = xasprintf("%s/%s", aside, files[k]);
		size_t m = strlen(moved);

		if (rename(path, to) < 0) {
			fprintf(stderr, "fiorion: cannot move the earlier run's '%s' to %s/ (%s); refusing to overwrite it\n",
				path, aside, strerror(errno));
			exit(EXIT_SAFETY);
		}
		snprintf(moved + m, sizeof(moved) - m, "%s%s", m ? ", " : "", files[k]);
		free(path);
		free(to);
		free(files[k]);
	}
	free(files);
	fprintf(stderr, "fiorion: an earlier run's files (%s) moved to %s/\n", moved, aside);
	free(aside);
}

