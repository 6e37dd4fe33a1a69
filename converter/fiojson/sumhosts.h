/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * sumhosts.h -- -sum: each input file is one host's fio run.
 *
 * Files that ran at the same time, one per host (each host's own fio
 * writing its own JSON), are the same run as fio's --client JSON of
 * those hosts: one mapping serves both (points.h: loads per host, totals
 * summed from each host's entries, NAME.hosts.csv each host's). A local
 * fio JSON does not name its host, so each file's jobs are given the
 * file's name as their host: its base name without ".json" (and a
 * compression suffix), or the name as given when two base names clash.
 * Jobs that already name a host (a --client JSON among the files) keep
 * theirs. A fiorion run's per-point files (jobs named pNNN-...) are left
 * as they are: their names place every job, and run.json names the
 * hosts.
 */
#ifndef FIORION_SUMHOSTS_H
#define FIORION_SUMHOSTS_H

#include "fiojson.h"
#include "fr_err.h"

/* Name each file's jobs' host after the file. 0, or -ENOMEM with @err. */
int sh_files_as_hosts(struct fj_set *set, struct fr_err *err);

/* The host label of input @name into @buf (base name, suffixes dropped). */
void sh_label(char *buf, size_t len, const char *name);

/*
 * Order @jobs (indexes into @in's jobs, one group's) host by host: the
 * hosts in the order they first appear in @in, each host's jobs in their
 * order. fio's --client JSON may interleave the hosts' entries as they
 * arrived; the hosts' own files list them host by host: ordered so, the
 * two forms combine the same figures in the same order (the trace's
 * slots, sums of floating-point figures). 0 or -ENOMEM.
 */
int sh_order_by_host(const struct fj_set *in, size_t *jobs, size_t n);

#endif
