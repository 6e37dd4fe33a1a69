/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fuzz_fiojson.c -- libFuzzer harness: any bytes as a fio JSON result,
 * read (fiojson.c, jscan.c, runinfo.c), turned into points (points.c),
 * run parameters inferred (infer.c) and every ORION file formatted
 * (orion_report.c) into memory. Nothing may crash, leak or overflow.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fiojson.h"
#include "orion_report.h"
#include "points.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
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
	if (!fj_read_buffer(&set, "fuzz.json", buf, size, &err) &&
	    !pt_build(&pts, &set, &po, &err) &&
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
