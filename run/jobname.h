/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * jobname.h -- the name of a job fiorion writes: pNNN-sS-lL-KIND[-rK|-partK|-refK].
 *
 * NNN is the point's number in the run (1-based, at least three digits),
 * S and L its small and large load, KIND "small", "large" or "warm" (the
 * unmeasured cache warm-up before a sequential point), -rK pass K >= 2
 * of -repeat (pass 1 has none), -partK part K >= 2 of a point measured
 * in parts spread over the run (-parts; part 1 has none: a lone part 1
 * is one measurement), -refK the K-th measurement of the run's first
 * point re-measured as its drift's reference (K >= 2; never part of the
 * point's cell). driver/jobfile.c writes it with
 * jn_format(); converter/points/points.c reads a point back from it with
 * jn_parse().
 */
#ifndef FIORION_JOBNAME_H
#define FIORION_JOBNAME_H

#include <stdbool.h>
#include <stddef.h>

/* A job's kind, as its name's KIND says. */
enum jn_kind {
	JN_SMALL = 's',
	JN_LARGE = 'l',
	JN_WARM = 'w'
};

struct jn_name {
	unsigned int num;  /* the point's number, 1-based */
	unsigned int s, l; /* its small and large load */
	char kind;	   /* enum jn_kind */
	unsigned int pass; /* 1, or K of -rK or -partK (K >= 2) */
	bool part;	   /* -partK: a part of one measurement, not a -repeat pass */
	bool ref;	   /* -refK: the drift's reference re-measured */
};

/* Longest name: three 10-digit numbers, "large", a 10-digit pass. */
#define JN_NAME_MAX 64

/*
 * @n's name into @buf (JN_NAME_MAX bytes are enough). Returns what
 * snprintf() returns.
 */
int jn_format(char *buf, size_t len, const struct jn_name *n);

/*
 * Whether @name is such a name, whole; fills @n when it is (@n is left
 * alone when it is not).
 */
bool jn_parse(const char *name, struct jn_name *n);

#endif
