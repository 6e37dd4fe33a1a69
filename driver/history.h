/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * history.h -- an earlier run's files moved aside before a new run.
 */
#ifndef FIORION_HISTORY_H
#define FIORION_HISTORY_H

#include <time.h>

#include "orion_report.h"

/*
 * Before a run of @name in layout @c starting at @start writes into
 * @dir: the entries it would write over (its <name>_jobs/, <name>.fio
 * and ORION's files under its own names) are moved together into
 * <dir>/<name>_history/<YYYYMMDD_HHMMSS>/ (the earlier run's start), and
 * the move is said on stderr. Another stamp's dated files stay. Nothing
 * is deleted; exits EXIT_SAFETY when they cannot be moved.
 */
void move_aside(const char *dir, const char *name, enum or_compat c, time_t start);

#endif
