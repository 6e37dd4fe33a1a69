/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * lock.h -- one run at a time per -outdir/-testname: .<testname>.lock.
 */
#ifndef FIORION_LOCK_H
#define FIORION_LOCK_H

/*
 * Take the run's lock, <outdir>/.<testname>.lock: an flock held until
 * the process ends, with the holder's PID written in it. The file is
 * created new (never through a symlink); one that is already there is
 * only reused when it is a regular file of this user's, with one link,
 * holding nothing but a PID -- anything else (a symlink planted in a
 * shared folder, a hard link, a device, someone else's file) is refused
 * and left as it is. Exits EXIT_USAGE naming the file and the reason, or
 * when another run holds the lock; EXIT_RUN when the folder refuses it.
 */
void lock_run(const char *outdir, const char *testname);

/*
 * The run's <testname>_jobs folder @path, before anything is written in
 * it: a folder of this user's that others cannot write, not a symlink
 * (one planted there would send the points' files elsewhere). Exits
 * EXIT_USAGE naming it.
 */
void lock_own_folder(const char *path);

#endif
