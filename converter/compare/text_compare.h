/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * text_compare.h -- the comparison of 2 to 8 result sets as a plain text
 * table (fio2orion -compare without -html, on standard output): for each
 * run after the first, one row per cell and class (small IOPS, large
 * MBPS, small latency: the page's, html_report.h's hr_compare()) with
 * both runs' figures and intervals, the ratio and its interval, and the
 * mark; then each class's counts and geometric mean; then the rule. The
 * marks are cmpmark.h's (cm_walk()), the page's own.
 */
#ifndef FIORION_TEXT_COMPARE_H
#define FIORION_TEXT_COMPARE_H

#include <stddef.h>
#include <stdio.h>

#include "fr_err.h"
#include "compare.h"
#include "html_report.h"

/*
 * The runs @r[0..n) (2 <= @n <= HR_MAX_RUNS; @r[0] the reference, A) as
 * text into @f; @src[k] names where run k was read from (NULL: @src not
 * given). Returns 0, -EINVAL (with @err) for a wrong @n, or -EIO when
 * @f could not be written.
 */
int tc_compare(FILE *f, const struct hr_run *r, size_t n, const char *const *src,
	       struct fr_err *err);

#endif
