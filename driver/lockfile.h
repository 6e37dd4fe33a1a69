/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * lockfile.h -- the run's lock file goes when the run ends.
 */
#ifndef FIORION_LOCKFILE_H
#define FIORION_LOCKFILE_H

/*
 * @fd holds the flock on @path (taken by lock_run()). Checks that @path
 * still names the file locked (an earlier run removes its lock file as
 * it ends: a run that opened it just before would hold a lock on a
 * removed file; it is told to run again, exit 2), and removes @path when
 * this process exits, however it ends (a signal the driver handles ends
 * in exit too). Takes @path (allocated).
 */
void lock_held(char *path, int fd);

#endif
