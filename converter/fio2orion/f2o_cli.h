/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * f2o_cli.h -- fio2orion's command line: its option table
 * (converter/fio2orion/f2o_cli.c) and the options it fills.
 */
#ifndef FIORION_F2O_CLI_H
#define FIORION_F2O_CLI_H

#include <stdbool.h>
#include <stdio.h>

#include "fr_opt.h"
#include "knee.h"
#include "orion_report.h"
#include "points.h"

struct f2o_opts {
	int argc; /* the command line: -compare and -export take the words after */
	char **argv;
	const char *testname;  /* -testname, or NULL: the run's */
	const char *outdir;    /* -outdir */
	enum or_compat compat; /* -compat */
	bool compat_given;     /* ... given: else the run's layout */
	struct pt_opts po;     /* -small_max, -large_min, -merge, -sum, -skip_failed */
	bool json;	       /* -format json */
	bool partial;	       /* -partial */
	const char *out;       /* -o FILE (-format json), or NULL: standard output */
	bool quiet;	       /* -q: no notes */
	struct kn_bound bound; /* -max_latency (bound.set) */
	bool html;	       /* -html */
	char *const *cmp;      /* -compare A B ...: the run folders in argv, or NULL */
	size_t ncmp;
	const char *xdir; /* -export benchfio DIR, or NULL */
};

/* Every option of fio2orion, in -help's order. */
extern const struct fr_opt f2o_opts[];
extern const size_t f2o_nopts;

/*
 * Walk the command line into @o (-help and -version print and exit, a
 * bad value exits 2). 0, or EXIT_USAGE with the message printed at an
 * unknown option or a missing value; optind: the first input file.
 */
int f2o_parse(struct f2o_opts *o, int argc, char **argv);

/* -help, and exit 0. */
void f2o_usage(FILE *f) __attribute__((noreturn));

#endif
