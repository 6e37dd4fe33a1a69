/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * lockfile.c -- one run at a time per -outdir and -testname is an flock
 * on <outdir>/.<testname>.lock (fiorion.c); a run that ended leaves no
 * lock file behind (a script's folder holds ORION's files, not ours).
 * The file is removed while the lock is still held, so a run that opened
 * it in that moment finds the name gone or naming a new file, and says so
 * rather than running beside the next one.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "lockfile.h"

static char *held_path;
static pid_t held_pid;

static void remove_lock(void)
{
	/* Only the process that took it: a forked child ends in _exit(). */
	if (held_path && getpid() == held_pid)
		unlink(held_path);
}

void lock_held(char *path, int fd)
{
	struct stat a, b;

	if (fstat(fd, &a) < 0)
		die_run("cannot stat the lock file '%s': %s", path, strerror(errno));
	if (stat(path, &b) < 0 || a.st_dev != b.st_dev || a.st_ino != b.st_ino)
		die_usage("another fiorion run of this -testname and -outdir ended as this one started (its lock file '%s' was removed); run again",
			  path);
	if (held_path) {
		free(path);
		return;
	}
	held_path = path;
	held_pid = getpid();
	atexit(remove_lock);
}
