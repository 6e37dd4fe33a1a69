/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * history.h -- an earlier run's files moved aside before a new run.
 */
#ifndef FIORION_HISTORY_H
#define FIORION_HISTORY_H

/* Move an earlier set of @name in @dir into <name>_run_<stamp>/ (exits EXIT_SAFETY if impossible). */
void move_aside(const char *dir, const char *name);

#endif
