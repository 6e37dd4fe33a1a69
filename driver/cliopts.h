/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * cliopts.h -- fiorion's option table (driver/cliopts.c) and what is
 * made from it.
 */
#ifndef FIORION_CLIOPTS_H
#define FIORION_CLIOPTS_H

#include <stdio.h>

#include "cli.h"
#include "fr_opt.h"
#include "matrix.h"

struct opts;

/* Every option of fiorion, in -help's order (its section titles as FR_OPT_TEXT), with its default. */
extern const struct fr_opt cli_opts[];
extern const size_t cli_nopts;

/* -help: the text before the options, their lines, the environment, the exit statuses. */
void cli_usage(FILE *f, const struct opts *o) __attribute__((noreturn));

/* "simple", "oltp": -run's value as the table spells it. */
const char *cli_run_name(enum mx_run run);
/* "builtin", "fio": -runner's value as the table spells it. */
const char *cli_runner_name(enum cli_runner runner);

#endif
