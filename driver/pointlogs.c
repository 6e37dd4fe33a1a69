/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pointlogs.c -- the names of a point's fio logs made free before the
 * point runs (pointlogs.h).
 */
#include "pointlogs.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fr_err.h"
#include "jobname.h"
#include "matrix.h"

/*
 * Whether @entry is the name of a log of point @p's @kind job: the job's
 * name, then fio's "_KIND.N.log" or a tag's ".TAG_..." (jobfile.c), with
 * ".log" in what follows. -rK after a name is another pass's job.
 */
static bool logs_of(const char *entry, const struct mx_point *p, enum jn_kind kind)
{
	const struct jn_name n = { .num = p->num, .s = p->s, .l = p->l, .kind = (char)kind, .pass = p->pass, .part = p->part, .ref = p->ref };
	char name[JN_NAME_MAX];
	size_t len;

	jn_format(name, sizeof(name), &n);
	len = strlen(name);
	return !strncmp(entry, name, len) && (entry[len] == '_' || entry[len] == '.') &&
		strstr(entry + len, ".log");
}

/* The entry @name of @dir (its descriptor @fd) checked, and removed when regular. */
static int free_name(int fd, const char *dir, const char *name, unsigned int num,
		     struct fr_err *err)
{
	struct stat st;
	char to[4096];
	ssize_t n;

	if (fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW))
		return errno == ENOENT ? 0 : fr_errf_errno(err, "'%s/%s'", dir, name);
	if (S_ISREG(st.st_mode)) {
		if (unlinkat(fd, name, 0) && errno != ENOENT)
			return fr_errf_errno(err,
					     "'%s/%s', an earlier fio log of point %u, cannot be removed for the new one",
					     dir, name, num);
		return 0;
	}
	if (S_ISLNK(st.st_mode)) {
		n = readlinkat(fd, name, to, sizeof(to) - 1);
		to[n < 0 ? 0 : n] = '\0';
		return fr_errf(err, -FR_ESAFETY,
			       "'%s/%s' is a symbolic link (to '%s') under the name of a fio log point %u writes; a point's logs are created new, never written through a link: remove the link (not its target) and run again",
			       dir, name, to, num);
	}
	return fr_errf(err, -FR_ESAFETY,
		       "'%s/%s' is under the name of a fio log point %u writes and is not a regular file; remove it and run again",
		       dir, name, num);
}

/*
 * Any other log name in the folder (a -fio_opt write_*_log=PREFIX's:
 * PREFIX_iops.N.log, which fio opens with fopen() at the point's end):
 * not a symbolic link. fiorion makes no link there, so one is planted.
 */
static int no_log_link(int fd, const char *dir, const char *name, struct fr_err *err)
{
	struct stat st;
	char to[4096];
	ssize_t n;

	if (!strstr(name, ".log") || fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) ||
	    !S_ISLNK(st.st_mode))
		return 0;
	n = readlinkat(fd, name, to, sizeof(to) - 1);
	to[n < 0 ? 0 : n] = '\0';
	return fr_errf(err, -FR_ESAFETY,
		       "'%s/%s' is a symbolic link (to '%s') under a log's name in the run's folder; fio would write the log through it: remove the link (not its target) and run again",
		       dir, name, to);
}

int point_logs_ready(const char *jobs_dir, const struct mx_plan *plan, size_t from, size_t to,
		     struct fr_err *err)
{
	DIR *d;
	struct dirent *e;
	size_t i;
	int ret = 0;

	if (from >= to)
		return 0;
	d = opendir(jobs_dir);
	if (!d)
		return fr_errf_errno(err, "cannot read '%s'", jobs_dir);
	while (!ret && (errno = 0, e = readdir(d))) {
		for (i = from; i < to; i++) {
			const struct mx_point *p = &plan->pts[i];

			if (logs_of(e->d_name, p, JN_SMALL) || logs_of(e->d_name, p, JN_LARGE)) {
				ret = free_name(dirfd(d), jobs_dir, e->d_name, p->num, err);
				break;
			}
		}
		if (!ret && i == to)
			ret = no_log_link(dirfd(d), jobs_dir, e->d_name, err);
	}
	if (!ret && errno)
		ret = fr_errf_errno(err, "cannot read '%s'", jobs_dir);
	closedir(d);
	return ret;
}
