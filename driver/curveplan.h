/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * curveplan.h -- -run curve's options and its points' job files (issue
 * 26): the list of percentages, the rates of a point per direction and
 * the plain fio section that runs it open loop (rate_iops= per clone,
 * rate_process=, iodepth= the cap), so stock fio runs it as written.
 */
#ifndef FIORION_CURVEPLAN_H
#define FIORION_CURVEPLAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "fr_err.h"

struct opts;

/* vdbench's curve=(10,50,70,80,90,100): -curve's default. */
#define CP_DEFAULT_LIST "10,50,70,80,90,100"
/* A percentage over this is refused: an overload of 10x says all there is. */
#define CP_MAX_PCT 1000

/*
 * -curve LIST: up to @cap comma-separated percentages of the maximum, each
 * a number over 0 and at most CP_MAX_PCT (over 100: overload), rising.
 * Returns 0, or -EINVAL with @err naming the value and why.
 */
int cp_parse_list(const char *s, double *pct, size_t *n, size_t cap, struct fr_err *err);

/*
 * The target IOPS at @pct % of @max_iops (at least 1), and its share per
 * direction under -write @write_pct: @rate[0] reads, @rate[1] writes, each
 * at least 1 where the direction is done (fio's rate_iops=0 is no limit).
 */
unsigned long cp_target(double max_iops, double pct);
void cp_rates(unsigned long target, unsigned int write_pct, unsigned long rate[2]);

/* What a point's section needs. */
struct cp_point {
	unsigned int num;     /* cNNN, 1.. */
	double pct, max_iops; /* its share of the maximum */
	unsigned int size_kb; /* -size_small */
	unsigned int write_pct;
	unsigned int depth_cap;	   /* iodepth= */
	bool uniform;		   /* rate_process=linear, else poisson */
	unsigned int host, nhosts; /* -clients: this host's share of the rate (0, 0: all) */
};
/*
 * Host @host's share of @target over @nhosts hosts (-clients): an even
 * split, the first target % nhosts hosts one more, each at least 1.
 */
unsigned long cp_share(unsigned long target, unsigned int host, unsigned int nhosts);
/* The point's job section (after jf_global()'s [global]). */
void cp_section(FILE *f, const struct cp_point *p);

/*
 * -run curve and its options, checked across the others before anything
 * runs (cli.c): a bad one is one message and EXIT_USAGE. -run curve runs
 * the oltp ladder (o->run becomes MX_OLTP) unless -max_iops gives the
 * maximum; -curve's percentages go to o->ri.curve (run.json), where the
 * option table put the others, and make it a curve run (npct > 0).
 */
void cp_check_opts(struct opts *o);

#endif
