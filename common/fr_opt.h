/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fr_opt.h -- a program's options as one table: each option's name,
 * kind, range or values, field, -help text and default. From it come
 * getopt_long_only()'s table, the defaults stored before the walk, the
 * parsing of each value (a bad one is one message naming the option and
 * exit status 2, die_usage()) and the options' lines of -help. Checks
 * across options stay with the program, after the walk.
 */
#ifndef FIORION_FR_OPT_H
#define FIORION_FR_OPT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

enum fr_opt_kind {
	FR_OPT_TEXT,	  /* no option: help is printed as it is (a section's title) */
	FR_OPT_FLAG,	  /* no value: the bool field is set */
	FR_OPT_STRING,	  /* const char * field: the value */
	FR_OPT_LONG,	  /* long field: a whole number from min to max */
	FR_OPT_UINT,	  /* unsigned int field: likewise */
	FR_OPT_U64,	  /* uint64_t field: likewise (min >= 0) */
	FR_OPT_DOUBLE,	  /* double field: likewise, a whole number (a record that keeps it as a double) */
	FR_OPT_SIZE,	  /* uint64_t field: fio's size syntax (64k), bytes from min to max */
	FR_OPT_ENUM,	  /* int-sized enum field: min + the value's place in values */
	FR_OPT_ENUM_BOOL, /* bool field: whether the value is values[1] */
	FR_OPT_CALL,	  /* set() takes the value (none when arg is NULL) */
};

/* FR_OPT_ENUM*: the values match whatever their case (ORION's options). */
#define FR_OPTF_NOCASE 1u
/* FR_OPT_STRING: an empty value is refused ("-NAME: must not be empty"). */
#define FR_OPTF_NONEMPTY 2u
/*
 * .def says what happens when the option is not given, in words ("the
 * number of LUNs"), not a value of it: -help prints it, nothing stores
 * it (the field's "not given" is the program's own, before the walk).
 */
#define FR_OPTF_DEF_NOTE 4u

/* A field of the options struct, for .field and .given: 0 is none. */
#define FR_FIELD(type, member) (offsetof(type, member) + 1)

struct fr_opt {
	const char *name; /* without the dash: "num_disks" */
	enum fr_opt_kind kind;
	const char *arg;					     /* -help's name of the value ("KB", "rand|seq"); NULL: takes none */
	long min, max;						     /* LONG .. DOUBLE, SIZE: the range; ENUM: min is the first value's */
	const char *const *values;				     /* ENUM*: the values, NULL-terminated */
	size_t field;						     /* FR_FIELD() of what the option sets (CALL: for set()) */
	size_t given;						     /* FR_FIELD() of a bool set when the option is given, or 0 */
	unsigned int flags;					     /* FR_OPTF_* */
	void (*set)(void *o, const struct fr_opt *d, const char *v); /* CALL */
	const char *help;					     /* -help's text, lines split by \n */
	const char *def;					     /* the default as the option would be given, or FR_OPTF_DEF_NOTE's words; NULL: none */
};

/* The most options (not TEXT lines) a table may hold. */
#define FR_OPT_MAX 64

/*
 * Walk @argv with getopt_long_only() (single or double dash, unique
 * prefixes) over @tab's options, storing each into @o as its entry says,
 * in the command line's order. Returns 0 when the options end (optind:
 * the first operand), or '?' at an unknown option or one missing its
 * value (getopt's optopt, optind as it left them): the caller says
 * which. A bad value exits through die_usage().
 */
int fr_opt_walk(const struct fr_opt *tab, size_t n, void *o, int argc, char **argv);

/* Store @v (NULL for an option without a value) as @d says, into @o. */
void fr_opt_take(const struct fr_opt *d, void *o, const char *v);

/*
 * Store each option's default (.def, unless FR_OPTF_DEF_NOTE) into @o
 * as its value would be, without marking it given: the one place a
 * default is stated is the table, which -help prints.
 */
void fr_opt_defaults(const struct fr_opt *tab, size_t n, void *o);

/* @v's place in @d->values, or die_usage("-NAME 'V': must be A, B or C"). */
int fr_opt_pick(const struct fr_opt *d, const char *v);

/*
 * A whole number from @min to @max for option -@name, or die_usage()
 * ("-NAME 'V': expected a whole number from MIN to MAX", "-NAME N: must
 * be from MIN to MAX").
 */
long fr_opt_num(const char *name, const char *v, long min, long max);

/*
 * The options' lines of -help: "  -NAME ARG" then the text from column
 * @col (at least two blanks after the name), its further lines indented
 * to @col, then "(default: DEF)" after its last line when that stays
 * within FR_OPT_HELP_WIDTH columns, else on a line of its own; a TEXT
 * entry as it is.
 */
#define FR_OPT_HELP_WIDTH 79
void fr_opt_help(FILE *f, const struct fr_opt *tab, size_t n, int col);

#endif
