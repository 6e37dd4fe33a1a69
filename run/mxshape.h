/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * mxshape.h -- the shapes of ORION's matrix (-matrix, run.json's
 * "matrix"): one enum and one list of their words, with nothing below
 * it, so that the run model (runinfo.h) holds a run's shape as a value
 * and the driver plans by the same one (driver/matrix.h).
 */
#ifndef FIORION_MXSHAPE_H
#define FIORION_MXSHAPE_H

enum mx_matrix {
	MX_UNKNOWN = 0, /* a run that did not record it (run.json without "matrix") */
	MX_BASIC,	/* row 0 + column 0 */
	MX_DETAILED,	/* every combination */
	MX_POINT,	/* one point */
	MX_COL,		/* one column: the small load fixed */
	MX_ROW,		/* one row: the large load fixed */
	MX_MAX,		/* every load up to num_small x num_large */
};

/* The words, "basic" .. "max", NULL-terminated: mx_matrix_words[i] is MX_BASIC + i. */
extern const char *const mx_matrix_words[];

/* @m's word; NULL for MX_UNKNOWN (or a value out of range). */
const char *mx_matrix_name(enum mx_matrix m);

/* @s ("basic" .. "max", as written) -> @m; -EINVAL otherwise. */
int mx_matrix_parse(const char *s, enum mx_matrix *m);

#endif
