/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: the HTML report (converter/html_report.c) of a synthetic
 * 209-point max matrix (small loads 0..20 x large loads 0..9, with
 * percentiles and a latency bound): under 1 MB, written in under 0.1 s
 * (the report alone, timed), no external reference, NaN/inf never
 * printed, the same bytes twice; and its charts, heat maps, knee marks
 * and markers counted.
 */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>

#include "testutil.h"

#include "html_report.h"
#include "knee.h"

#define NS 21
#define NL 10

/* One fiorion-named job: @ios I/Os of @bs bytes in 1 s at @lat_us mean latency. */
static void job(FILE *f, bool *first, unsigned int n, unsigned int s, unsigned int l,
		bool small, double ios, double lat_us)
{
	unsigned int bs = small ? 8192 : 1048576, depth = small ? s : l;
	uint64_t k = (uint64_t)ios;

	fprintf(f, "%s{\"jobname\": \"p%03u-s%u-l%u-%s\", \"groupid\": 0, \"error\": 0, "
		   "\"job options\": {\"iodepth\": \"%u\", \"bs\": \"%u\"}, "
		   "\"read\": {\"io_bytes\": %llu, \"io_kbytes\": %llu, \"runtime\": 1000, \"total_ios\": %llu, "
		   "\"lat_ns\": {\"min\": 1000, \"max\": %.0f, \"mean\": %.1f, \"stddev\": 10, \"N\": %llu}, "
		   "\"clat_ns\": {\"min\": 1000, \"max\": %.0f, \"mean\": %.1f, \"stddev\": 10, \"N\": %llu, "
		   "\"percentile\": {\"50.000000\": %.0f, \"99.000000\": %.0f}}}, "
		   "\"write\": {\"io_bytes\": 0, \"io_kbytes\": 0, \"runtime\": 0, \"total_ios\": 0}}",
		*first ? "" : ", ", n, s, l, small ? "small" : "large", depth, bs,
		(unsigned long long)(k * bs), (unsigned long long)(k * bs / 1024),
		(unsigned long long)k, lat_us * 3000, lat_us * 1000, (unsigned long long)k,
		lat_us * 3000, lat_us * 1000, (unsigned long long)k, lat_us * 900, lat_us * 2000);
	*first = false;
}

static char *matrix_json(void)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	unsigned int s, l, n = 0;
	bool first = true;

	assert_non_null(f);
	fputs("{\"fio version\": \"fio-3.33\", \"jobs\": [", f);
	for (l = 0; l < NL; l++)
		for (s = 0; s < NS; s++) {
			if (!s && !l)
				continue;
			n++;
			if (s)
				job(f, &first, n, s, l, true, 20000.0 * s / (s + 4.0) / (1 + l),
				    50.0 + 10.0 * s + 100.0 * l);
			if (l)
				job(f, &first, n, s, l, false, 1500.0 * l / (l + 1.0) / (1 + 0.05 * s),
				    500.0 + 80.0 * l + 5.0 * s);
		}
	fputs("]}", f);
	assert_int_equal(fclose(f), 0);
	return buf;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void test_html_max_matrix(void **state)
{
	struct fj_set set = {0};
	struct pt_set pts = {0};
	struct or_params p;
	struct pt_opts po;
	struct fr_err err = {""};
	struct kn_bound b;
	char *json = matrix_json(), *a = NULL, *a2 = NULL;
	size_t len = 0, len2 = 0;
	double t0, secs;
	FILE *f;

	(void)state;
	assert_int_equal(fj_read_buffer(&set, "max.json", json, strlen(json), &err), 0);
	pt_opts_init(&po);
	assert_int_equal(pt_build(&pts, &set, &po, &err), 0);
	assert_int_equal(pts.n, NS * NL - 1);
	assert_int_equal(or_params_init(&p, &set, &pts, "max", NULL, 0, &err), 0);
	/* 0.3 ms: the small rows at Large=1.. cross it, the large columns start over it. */
	assert_int_equal(kn_parse(&b, "0.3", &err), 0);
	assert_int_equal(or_params_set_bound(&p, &pts, &b, &err), 0);

	f = open_memstream(&a, &len);
	assert_non_null(f);
	t0 = now();
	assert_int_equal(hr_report(f, &p, &pts, OR_COMPAT_102, &err), 0);
	assert_int_equal(fclose(f), 0);
	secs = now() - t0;
	print_message("# %zu points: %zu bytes in %.4f s\n", pts.n, len, secs);
	assert_true(len < 1000000);
	assert_true(secs < 0.1);

	/* Deterministic. */
	f = open_memstream(&a2, &len2);
	assert_int_equal(hr_report(f, &p, &pts, OR_COMPAT_102, &err), 0);
	assert_int_equal(fclose(f), 0);
	assert_int_equal(len, len2);
	assert_memory_equal(a, a2, len);

	/* Self-contained, finite. */
	assert_null(strstr(a, "http"));
	assert_null(strstr(a, "src="));
	assert_null(strstr(a, "@import"));
	assert_null(strstr(a, "url("));
	assert_null(strstr(a, "<script"));
	assert_null(strstr(a, "nan"));
	assert_null(strstr(a, "inf\""));
	/* 5 charts + 2 heat maps; every small point on three charts, every large on two */
	assert_int_equal(tu_count(a, "<svg class=\"chart\""), 5);
	assert_int_equal(tu_count(a, "<svg class=\"heatmap\""), 2);
	assert_int_equal(tu_count(a, "<circle class=\"pt\""), 3 * (NS - 1) * NL + 2 * NS * (NL - 1));
	assert_int_equal(tu_count(a, "<rect class=\"cell\""), (NS - 1) * NL + NS * (NL - 1));
	/* a knee mark per ladder that has one (crossed or flattened; an open ladder has none) */
	{
		size_t i, want = 0, open = 0;

		for (i = 0; i < p.nknees; i++) {
			want += p.knees[i].why == KN_LATENCY || p.knees[i].why == KN_FLAT;
			open += p.knees[i].why == KN_OPEN;
		}
		assert_true(want >= 1);
		assert_true(open >= 1);
		assert_int_equal(tu_count(a, "<path class=\"knee\""), want);
	}
	assert_non_null(strstr(a, "<pre class=\"summary\">ORION VERSION"));
	assert_non_null(strstr(a, ">p50..p99</text>"));

	free(a);
	free(a2);
	free(json);
	or_params_release(&p);
	pt_set_release(&pts);
	fj_set_release(&set);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_html_max_matrix),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
