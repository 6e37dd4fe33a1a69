/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fuzz_fiojson.c -- libFuzzer harness: any bytes as a fio JSON result,
 * read (fiojson.c, jscan.c, runinfo.c), turned into points (points.c),
 * run parameters inferred (infer.c) and every ORION file formatted
 * (orion_report.c) into memory. Nothing may crash, leak or overflow.
 * The stream reader (fjstream.c) reads the same bytes: where it takes
 * them, the set must be the whole reader's field for field (fj_dump.h),
 * where it refuses, with its words; else it gives them back untouched.
 * Read by two threads wherever a jobs array allows (fjs_priv.h), the
 * stream must answer exactly as it does with one.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../fj_dump.h"
#include "fiojson.h"
#include "fjarena.h"
#include "fjs_priv.h"
#include "fjstream.h"
#include "orion_report.h"
#include "points.h"

/* The stream by two threads against its answer by one (@r, @s, @e): any difference aborts. */
static void same_split(const char *buf, size_t size, int r, const struct fj_set *s,
		       const struct fr_err *e)
{
	struct fjs_at at = { .fd = -1, .mem = buf, .size = (long long)size, .threads = 2, .min_split = 2 };
	struct fj_set t = { 0 };
	struct fr_err te = { "" };
	int rt = fjs_read_at(&t, "fuzz.json", &at, &te);
	char *a = fjd_text(&t, false), *b = fjd_text(s, false);

	if (rt != r || strcmp(te.msg, e->msg) || !a || !b || strcmp(a, b))
		abort();
	free(a);
	free(b);
	fj_set_release(&t);
}

/* The stream reader against the whole one (@ret, @set, @err): any difference aborts. */
static void same_as_stream(const char *buf, size_t size, int ret, const struct fj_set *set,
			   const struct fr_err *err)
{
	struct fj_set s = { 0 };
	struct fr_err e = { "" };
	int r = fjs_read_buffer(&s, "fuzz.json", buf, size, &e);

	same_split(buf, size, r, &s, &e);

	if (r == FJS_UNSURE) {
		if (s.njobs || s.nfiles)
			abort(); /* given back, but touched */
	} else if (r) {
		if (r != ret || strcmp(e.msg, err->msg))
			abort();
	} else {
		char *a = fjd_text(&s, false), *b = fjd_text(set, false);

		if (ret || !a || !b || strcmp(a, b))
			abort();
		free(a);
		free(b);
	}
	fj_set_release(&s);
}

/* As fio2orion: a job's nodes from the reading thread's arena (fjarena.h). */
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	fja_install();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	int ret;
	struct fj_set set = { 0 };
	struct pt_set pts = { 0 };
	struct or_params params;
	struct fr_err err = { "" };
	struct pt_opts po;
	char *buf = malloc(size + 1), *out = NULL;
	size_t len = 0;
	FILE *f;

	if (!buf)
		return 0;
	memcpy(buf, data, size);
	buf[size] = '\0';
	pt_opts_init(&po);
	ret = fj_read_buffer(&set, "fuzz.json", buf, size, &err);
	same_as_stream(buf, size, ret, &set, &err);
	if (!ret && !pt_build(&pts, &set, &po, &err) &&
	    !or_params_init(&params, &set, &pts, NULL, NULL, 0, &err)) {
		f = open_memstream(&out, &len);
		if (f) {
			or_summary(f, &params, &pts, OR_COMPAT_102);
			or_iops_csv(f, &pts);
			or_mbps_csv(f, &pts);
			or_lat_csv(f, &pts, OR_COMPAT_19C);
			or_trace(f, &params, &pts);
			or_tradeoff_csv(f, &pts);
			or_hist(f, &pts);
			fclose(f);
		}
		free(out);
		or_params_release(&params);
	}
	pt_set_release(&pts);
	fj_set_release(&set);
	free(buf);
	return 0;
}
