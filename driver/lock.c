/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * lock.c -- the run's lock file (lock.h).
 */
#include "lock.h"
#include "lockfile.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "fr_err.h"

/* A lock file's contents: nothing, or a PID and a newline. */
static bool pid_text(const char *s, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!(s[i] >= '0' && s[i] <= '9') && !(s[i] == '\n' && i == n - 1))
			return false;
	return true;
}

/*
 * An existing lock file is ours to reuse only when it looks like what
 * lock_run() leaves behind. Returns NULL, or why not.
 */
static const char *not_ours(int fd, const struct stat *st)
{
	char buf[32];
	ssize_t n;

	if (!S_ISREG(st->st_mode))
		return "it is not a regular file";
	if (st->st_uid != geteuid())
		return "it belongs to another user";
	if (st->st_nlink != 1)
		return "it has more than one name (a hard link)";
	if (st->st_size > 24)
		return "it holds more than a PID";
	n = pread(fd, buf, sizeof(buf), 0);
	if (n < 0 || !pid_text(buf, (size_t)n))
		return "it holds more than a PID";
	return NULL;
}

void lock_run(const char *outdir, const char *testname)
{
	char path[PATH_MAX], pid[32], eb[128];
	bool created = true;
	const char *why;
	struct stat st;
	ssize_t n;
	int fd;

	if (snprintf(path, sizeof(path), "%s/.%s.lock", outdir, testname) >= (int)sizeof(path))
		die_usage("-outdir '%s': the path is too long", outdir);

	/* O_NOFOLLOW: a symlink planted under the lock's name is never followed. */
	fd = open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0644);
	if (fd < 0 && errno == EEXIST) {
		created = false;
		/* Not even opened when it is not a file (a device, a FIFO). */
		if (!lstat(path, &st) && !S_ISREG(st.st_mode))
			die_usage("the lock file '%s' is not a regular file (%s); it is left as it is: remove it, or give another -testname or -outdir",
				  path, S_ISLNK(st.st_mode) ? "a symbolic link" : S_ISDIR(st.st_mode) ? "a folder"
												      : "a special file");
		fd = open(path, O_RDWR | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
	}
	if (fd < 0) {
		if (errno == ELOOP || errno == ENXIO || errno == EISDIR)
			die_usage("the lock file '%s' is not a regular file (%s); it is left as it is: remove it, or give another -testname or -outdir",
				  path, errno == ELOOP ? "a symbolic link" : errno == EISDIR ? "a folder"
											     : "a special file");
		/* A folder the user cannot write is a bad -outdir; a full disk is the system's. */
		if (errno == EACCES || errno == EPERM || errno == EROFS)
			die_usage("cannot create the lock file '%s': %s; give an -outdir you can write",
				  path, fr_strerror(-errno, eb, sizeof(eb)));
		die_run("cannot create the lock file '%s': %s", path, fr_strerror(-errno, eb, sizeof(eb)));
	}
	if (fstat(fd, &st) < 0)
		die_run("cannot create the lock file '%s': %s", path, fr_strerror(-errno, eb, sizeof(eb)));
	why = created ? NULL : not_ours(fd, &st);
	if (why)
		die_usage("the lock file '%s' is not one fiorion left: %s; it is left as it is: remove it, or give another -testname or -outdir",
			  path, why);
	if (flock(fd, LOCK_EX | LOCK_NB) < 0) {
		if (errno != EWOULDBLOCK)
			die_run("cannot lock '%s': %s", path, fr_strerror(-errno, eb, sizeof(eb)));
		n = pread(fd, pid, sizeof(pid) - 1, 0);
		pid[n > 0 ? n : 0] = '\0';
		pid[strcspn(pid, "\n")] = '\0';
		die_usage("another fiorion run (PID %s) is writing '%s' in %s; wait for it, or give another -testname or -outdir",
			  pid[0] && pid_text(pid, strlen(pid)) ? pid : "?", testname, outdir);
	}
	/* Ours now (created, or checked above): the PID replaces an earlier one. */
	n = snprintf(pid, sizeof(pid), "%ld\n", (long)getpid());
	if (ftruncate(fd, 0) < 0 || pwrite(fd, pid, (size_t)n, 0) != n)
		die_run("cannot write the lock file '%s': %s", path, fr_strerror(-errno, eb, sizeof(eb)));
	lock_held(xasprintf("%s", path), fd); /* removed as the run ends (lockfile.c) */
					      /* fd stays open: the lock is the run's until it exits. */
}

void lock_own_folder(const char *path)
{
	struct stat st;

	if (lstat(path, &st) < 0)
		return; /* made next, or named by the write that fails */
	if (S_ISLNK(st.st_mode))
		die_usage("'%s' is a symbolic link, not the run's folder; it is left as it is: remove it, or give another -testname or -outdir",
			  path);
	if (!S_ISDIR(st.st_mode))
		die_usage("'%s' is not a folder; it is left as it is: remove it, or give another -testname or -outdir",
			  path);
	if (st.st_uid != geteuid() || (st.st_mode & S_IWOTH))
		die_usage("'%s' is not this user's own folder (%s); the run's files are not written there: give another -testname or -outdir",
			  path, st.st_uid != geteuid() ? "another user's" : "others can write it");
}
