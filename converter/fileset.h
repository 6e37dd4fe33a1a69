/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fileset.h -- the names of a result set's files (or_write_all(), in
 * orion_report.h, writes the set).
 */
#ifndef FIORION_FILESET_H
#define FIORION_FILESET_H

#include <stddef.h>
#include <time.h>

#include "orion_report.h"

/*
 * How the files of a result set begin: <@name>_ or, in the dated layouts
 * (11.1+), <@name>_<YYYYMMDD>_<HHMM>_ for the run's start @t.
 */
void fs_prefix(char *buf, size_t len, const char *name, enum or_compat c, time_t t);

/* A member's name as the summary gives it, beside the summary ("points.csv"). */
void fs_member_name(char *buf, size_t len, const struct or_params *p, enum or_compat c,
		    time_t t, const char *member);

/* The hosts file's name as the summary gives it: beside the summary. */
void fs_hosts_name(char *buf, size_t len, const struct or_params *p, enum or_compat c,
		   time_t t);

#endif
