/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fioopt.h -- fio options the user adds to every point: -fio_opt
 * KEY[=VALUE] (repeatable) and -include FILE (a file of option lines as
 * fio's "include" reads one: no sections, '#'/';' comments, nested
 * include lines). They go into every point's [global], after fiorion's
 * own options, inlined with a comment naming where they came from, so
 * the job files in <testname>_jobs/ are what ran, whichever runner.
 *
 * Options fiorion sets for ORION's meaning (the engine's, bs, rw,
 * iodepth, numjobs, runtime, direct, the point's region and group, the
 * file list) are refused with the reason, and so are, for either runner,
 * those that act outside the run (exec_prerun, mem=mmap:FILE,
 * write_iolog, unlink, a log PREFIX that is a path, ...: one table in
 * fioopt.c) and a value with a control character; with the built-in
 * runner so is any option it does not honour, naming it and -runner fio.
 */
#ifndef FIORION_FIOOPT_H
#define FIORION_FIOOPT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "fr_err.h"

struct fo_item {
	char *key;
	char *val;	   /* NULL: given bare (fio: a flag) */
	char *from;	   /* "-fio_opt", or the include file's path */
	unsigned int line; /* in @from; 0 for -fio_opt */
};

struct fio_opts {
	struct fo_item *it;
	size_t n;
	char **includes; /* every -include FILE, as given */
	size_t ninc;
};

/* -fio_opt @arg: KEY or KEY=VALUE. Returns 0 or -EINVAL with @err. */
int fo_add(struct fio_opts *fo, const char *arg, struct fr_err *err);

/*
 * -include @path: its option lines, as fio reads an included file
 * (relative nested includes from the including file's folder when not
 * found as given). Returns 0 or a negative errno with @err naming the
 * file and the line.
 */
int fo_include(struct fio_opts *fo, const char *path, struct fr_err *err);

/*
 * Whether the points may run with these options: @builtin, the built-in
 * runner must honour every key (else the error names it and -runner
 * fio). Without @builtin the keys the runner does not know are left to
 * fio: the driver's own check of the job files passes over them.
 */
int fo_check(const struct fio_opts *fo, bool builtin, struct fr_err *err);

/*
 * The model device's options among them (service_us, servers,
 * service_steps, service_dist, service_seed, virtual_time): their values as the engine reads them,
 * only with -backend null (@backend), and virtual_time only with the
 * built-in runner (@builtin). 0, or -EINVAL with @err naming the option.
 */
int fo_check_model(const struct fio_opts *fo, const char *backend, bool builtin,
		   struct fr_err *err);

/*
 * The options' lines for a [global] section (nothing when there are
 * none); a log option's plain PREFIX as @log_dir/PREFIX (the points'
 * <testname>_jobs/; NULL: as given, for -placeholders' files).
 */
void fo_write(FILE *f, const struct fio_opts *fo, const char *log_dir);

/* "KEY=VALUE" (or "KEY") of item @i, for run.json; the caller frees it. */
char *fo_string(const struct fio_opts *fo, size_t i);

void fo_free(struct fio_opts *fo);

#endif
