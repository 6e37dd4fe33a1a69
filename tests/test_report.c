/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: ORION's writers on points built from fio-format JSON:
 * the 19c latency histogram reproduced byte for byte from a real ORION
 * 19c sample, CSV cells left blank inside a row, the tradeoff file, the
 * 19c result block, the trace of a mixed point, and percentiles
 * recomputed from merged json+ bins. (The seed samples are rebuilt whole
 * by tests/e2e_convert.sh.)
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "fiojson.h"
#include "orion_report.h"
#include "points.h"
#include "conv_fixture.h"

/* One fio 3.x job object; @bins is a json+ bins object body or "". */
static char *job(const char *name, int gid, int depth, int bs, long rios,
		 long wios, long runtime_ms, double lat_ns, const char *bins)
{
	char *s;
	char dir[2][2048];
	long ios[2] = { rios, wios };
	int d;

	for (d = 0; d < 2; d++)
		snprintf(dir[d], sizeof(dir[d]),
			 "{\"io_bytes\": %ld, \"io_kbytes\": %ld, \"runtime\": %ld, \"total_ios\": %ld, "
			 "\"iops\": 0, \"lat_ns\": {\"min\": %f, \"max\": %f, \"mean\": %f, \"stddev\": %f, \"N\": %ld}, "
			 "\"clat_ns\": {\"min\": 1, \"max\": 2, \"mean\": 1, \"stddev\": 0, \"N\": %ld%s%s%s}}",
			 ios[d] * bs, ios[d] * bs / 1024, ios[d] ? runtime_ms : 0, ios[d],
			 lat_ns / 2, lat_ns * 3, lat_ns, lat_ns / 10, ios[d], ios[d],
			 d == 0 && *bins ? ", \"bins\": {" : "", d == 0 ? bins : "",
			 d == 0 && *bins ? "}" : "");
	if (asprintf(&s, "{\"jobname\": \"%s\", \"groupid\": %d, \"job options\": "
			 "{\"iodepth\": \"%d\", \"bs\": \"%d\", \"rw\": \"randrw\"}, "
			 "\"read\": %s, \"write\": %s}",
		     name, gid, depth, bs, dir[0], dir[1]) < 0)
		abort();
	return s;
}

static void build(struct fj_set *set, struct pt_set *pts, char **jobs, int n)
{
	cf_build(set, pts, jobs, n, NULL, PT_MERGE_NONE);
}

static char *render(void (*fn)(FILE *, const struct pt_set *), const struct pt_set *pts)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	fn(f, pts);
	fclose(f);
	return buf;
}

static void hist_fn(FILE *f, const struct pt_set *pts)
{
	or_hist(f, pts);
}

/*
 * Counts from ORION 19c's stdout (orion.md 3.3); the lines must match.
 * The bins are clat's (the job set no lat_percentiles=1): the title says so.
 */
static void test_report_hist_19c_sample(void **state)
{
	static const char want[] =
		"Small Read / Write Latency Histogram @ Small=2 and Large=0 (clat: completion only; the jobs did not set lat_percentiles=1)\n"
		"        Latency:                         # of IOs (read)          # of IOs (write)\n"
		"        0 - 32         us:               0 (  0.00%)              0 (  0.00%)\n"
		"       32 - 64         us:               1 (  0.00%)              0 (  0.00%)\n"
		"       64 - 128        us:         1112243 ( 91.12%)              0 (  0.00%)\n"
		"      128 - 256        us:          102320 ( 99.50%)              0 (  0.00%)\n"
		"      256 - 512        us:            5434 ( 99.95%)              0 (  0.00%)\n"
		"      512 - 1024       us:             405 ( 99.98%)              0 (  0.00%)\n"
		"     1024 - 2048       us:             259 (100.00%)              0 (  0.00%)\n"
		"     2048 - 4096       us:               2 (100.00%)              0 (  0.00%)\n"
		"     4096 - 268435456  us:               0 (100.00%)              0 (  0.00%)\n";
	struct fj_set set;
	struct pt_set pts;
	char *jobs[1], *out;

	(void)state;
	jobs[0] = job("p001-s2-l0-small", 0, 2, 8192, 1220664, 0, 60000, 97677.0,
		      "\"63652\": 1, \"100000\": 1112243, \"200000\": 102320, "
		      "\"300000\": 5434, \"700000\": 405, \"1500000\": 259, "
		      "\"2133198\": 2");
	build(&set, &pts, jobs, 1);
	out = render(hist_fn, &pts);
	assert_string_equal(out, want);
	free(out);
	/* Percentiles come from the bins: p50 is the 64-128 us bucket. */
	assert_true(pt_percentile(&pts.pts[0].small.lat[PT_READ], 50.0) == 100000);
	assert_true(pt_percentile(&pts.pts[0].small.lat[PT_READ], 99.99) == 1500000);
	pt_set_release(&pts);
	fj_set_release(&set);
}

/*
 * lat_percentiles=1: fio keeps lat_ns bins beside clat_ns's; the
 * histogram is lat's (as the latency lines above it), its title plain,
 * and every bucket is the lat bins' sum, not clat's.
 */
static void test_report_hist_lat_bins(void **state)
{
	static const char doc[] =
		"{\"jobs\": [{\"jobname\": \"p001-s2-l0-small\", \"groupid\": 0, "
		"\"job options\": {\"iodepth\": \"2\", \"bs\": \"8192\", \"rw\": \"randread\", \"lat_percentiles\": \"1\"}, "
		"\"read\": {\"io_bytes\": 81920, \"io_kbytes\": 80, \"runtime\": 1000, \"total_ios\": 10, \"iops\": 10, "
		"\"clat_ns\": {\"min\": 10000, \"max\": 50000, \"mean\": 20000, \"stddev\": 1, \"N\": 10, "
		"\"bins\": {\"10000\": 9, \"50000\": 1}}, "
		"\"lat_ns\": {\"min\": 40000, \"max\": 90000, \"mean\": 45000, \"stddev\": 1, \"N\": 10, "
		"\"bins\": {\"40000\": 9, \"90000\": 1}}}, "
		"\"write\": {\"io_bytes\": 0, \"io_kbytes\": 0, \"runtime\": 0, \"total_ios\": 0, \"iops\": 0}}]}";
	static const char want[] =
		"Small Read / Write Latency Histogram @ Small=2 and Large=0\n"
		"        Latency:                         # of IOs (read)          # of IOs (write)\n"
		"        0 - 32         us:               0 (  0.00%)              0 (  0.00%)\n"
		"       32 - 64         us:               9 ( 90.00%)              0 (  0.00%)\n"
		"       64 - 128        us:               1 (100.00%)              0 (  0.00%)\n"
		"      128 - 268435456  us:               0 (100.00%)              0 (  0.00%)\n";
	struct fr_err err = { "" };
	struct fj_set set = { 0 };
	struct pt_set pts;
	struct pt_opts po;
	char *out;

	(void)state;
	if (fj_read_buffer(&set, "t.json", doc, strlen(doc), &err))
		fail_msg("%s", err.msg);
	pt_opts_init(&po);
	if (pt_build(&pts, &set, &po, &err))
		fail_msg("%s", err.msg);
	out = render(hist_fn, &pts);
	assert_string_equal(out, want);
	free(out);
	pt_set_release(&pts);
	fj_set_release(&set);
}

static void iops_fn(FILE *f, const struct pt_set *pts)
{
	or_iops_csv(f, pts);
}

static void mbps_fn(FILE *f, const struct pt_set *pts)
{
	or_mbps_csv(f, pts);
}

static void tradeoff_fn(FILE *f, const struct pt_set *pts)
{
	or_tradeoff_csv(f, pts);
}

static void block_fn(FILE *f, const struct pt_set *pts)
{
	or_result_block(f, pts, OR_COMPAT_19C);
}

/*
 * Points (1,0) (2,0) (2,1) (4,1) (0,1): row 1 has (1,1) untested before
 * (2,1), so that cell stays blank and the next one keeps its column.
 */
static void build_mixed(struct fj_set *set, struct pt_set *pts)
{
	char *jobs[7];

	/* 1000 IOPS at 0.5 ms */
	jobs[0] = job("p001-s1-l0-small", 0, 1, 8192, 60000, 0, 60000, 500e3, "");
	/* 1500.9 IOPS at 1.5 ms, with 25% writes */
	jobs[1] = job("p002-s2-l0-small", 0, 2, 8192, 67540, 22514, 60000, 1.5e6, "");
	/* mixed: 1200 IOPS at 1.8 ms + 100 MiB/s large */
	jobs[2] = job("p003-s2-l1-small", 0, 2, 8192, 72000, 0, 60000, 1.8e6, "");
	jobs[3] = job("p003-s2-l1-large", 0, 1, 1048576, 6000, 0, 60000, 10e6, "");
	/* mixed: 3000 IOPS at 8 ms + 50 MiB/s */
	jobs[4] = job("p004-s4-l1-small", 0, 4, 8192, 180000, 0, 60000, 8e6, "");
	jobs[5] = job("p004-s4-l1-large", 0, 1, 1048576, 3000, 0, 60000, 20e6, "");
	/* large only: 120 MiB/s */
	jobs[6] = job("p005-s0-l1-large", 0, 1, 1048576, 7200, 0, 60000, 8e6, "");
	build(set, pts, jobs, 7);
}

static void test_report_csv_blank_cells(void **state)
{
	struct fj_set set;
	struct pt_set pts;
	char *out;

	(void)state;
	build_mixed(&set, &pts);
	out = render(iops_fn, &pts);
	assert_string_equal(out,
			    "Large/Small,      1,      2,      4\n"
			    "          0,   1000,   1500\n"
			    "          1,       ,   1200,   3000\n");
	free(out);
	out = render(mbps_fn, &pts);
	assert_string_equal(out,
			    "Large/Small,      0,      1,      2,      4\n"
			    "          1, 120.00,       , 100.00,  50.00\n");
	free(out);
	pt_set_release(&pts);
	fj_set_release(&set);
}

static void test_report_tradeoff(void **state)
{
	struct fj_set set;
	struct pt_set pts;
	char *out;

	(void)state;
	build_mixed(&set, &pts);
	assert_true(or_has_mixed(&pts));
	out = render(tradeoff_fn, &pts);
	/*
	 * Mixed points only: (2,1) gives 100 MiB/s with small latency 1.8 ms,
	 * (4,1) 50 MiB/s at 8 ms. The bounds span them: 1 ms (under both: a
	 * bare label) to 10 ms; 5 and 10 ms add no row, (2,1) still giving
	 * the most MBPS. The small-only points (more IOPS, 0 MBPS) are not
	 * tradeoffs.
	 */
	assert_string_equal(out,
			    "Latency(ms),   IOPS,   MBPS,  Small,  Large\n"
			    "          1\n"
			    "          2,   1200, 100.00,      2,      1\n");
	free(out);
	pt_set_release(&pts);
	fj_set_release(&set);
}

/*
 * Fast storage (0.3 ms) to slow (40 ms): a row at each bound of the 1-2-5
 * series where the best point changes, sub-millisecond bounds with their
 * decimals, and at 50 ms the point of equal MBPS with more IOPS.
 */
static void test_report_tradeoff_bounds(void **state)
{
	struct fj_set set;
	struct pt_set pts;
	char *jobs[8], *out;

	(void)state;
	/* 1000 IOPS at 0.3 ms + 50 MiB/s */
	jobs[0] = job("p001-s1-l1-small", 0, 1, 8192, 60000, 0, 60000, 0.3e6, "");
	jobs[1] = job("p001-s1-l1-large", 0, 1, 1048576, 3000, 0, 60000, 20e6, "");
	/* 1200 IOPS at 1.8 ms + 100 MiB/s */
	jobs[2] = job("p002-s2-l1-small", 0, 2, 8192, 72000, 0, 60000, 1.8e6, "");
	jobs[3] = job("p002-s2-l1-large", 0, 1, 1048576, 6000, 0, 60000, 10e6, "");
	/* 2000 IOPS at 8 ms + 150 MiB/s */
	jobs[4] = job("p003-s4-l2-small", 0, 4, 8192, 120000, 0, 60000, 8e6, "");
	jobs[5] = job("p003-s4-l2-large", 0, 2, 1048576, 9000, 0, 60000, 13e6, "");
	/* 2500 IOPS at 40 ms + 150 MiB/s */
	jobs[6] = job("p004-s8-l2-small", 0, 8, 8192, 150000, 0, 60000, 40e6, "");
	jobs[7] = job("p004-s8-l2-large", 0, 2, 1048576, 9000, 0, 60000, 13e6, "");
	build(&set, &pts, jobs, 8);
	out = render(tradeoff_fn, &pts);
	assert_string_equal(out,
			    "Latency(ms),   IOPS,   MBPS,  Small,  Large\n"
			    "        0.2\n"
			    "        0.5,   1000,  50.00,      1,      1\n"
			    "          2,   1200, 100.00,      2,      1\n"
			    "         10,   2000, 150.00,      4,      2\n"
			    "         50,   2500, 150.00,      8,      2\n");
	free(out);
	pt_set_release(&pts);
	fj_set_release(&set);
}

static void test_report_result_block_19c(void **state)
{
	struct fj_set set;
	struct pt_set pts;
	char *out;

	(void)state;
	build_mixed(&set, &pts);
	out = render(block_fn, &pts);
	assert_string_equal(out,
			    "Maximum Large MBPS=120.00 @ Small=0 and Large=1\n"
			    "\n"
			    "Maximum Small IOPS=3000 @ Small=4 and Large=1\n"
			    "Small Read Latency: avg=8000.000 us, min=4000.000 us, max=24000.000 us, std dev=800.000 us @ Small=4 and Large=1\n"
			    "\n"
			    "Minimum Small Latency=500.000 usecs @ Small=1 and Large=0\n"
			    "Small Read Latency: avg=500.000 us, min=250.000 us, max=1500.000 us, std dev=50.000 us @ Small=1 and Large=0\n");
	free(out);
	pt_set_release(&pts);
	fj_set_release(&set);
}

static void test_report_trace_mixed(void **state)
{
	struct ri_run run = { .vlun_size = 4096, .write_pct = 25 };
	struct or_params p = { .run = &run };
	struct fj_set set;
	struct pt_set pts;
	char *buf = NULL;
	size_t len = 0;
	FILE *f;

	(void)state;
	build_mixed(&set, &pts);
	f = open_memstream(&buf, &len);
	or_trace(f, &p, &pts);
	fclose(f);
	/* Point 3 is mixed: both classes, each naming the other's load. */
	assert_non_null(strstr(buf,
			       "Point 4 (small=2, large=1) of 6\nValid small 1 Valid large 1\nValid\n\n"
			       "ran (small): VLun = 0 Size = 4096\n"
			       "ran (small): nio=180000 nior=180000 niow=0 req w%=50 act w%=0\n"
			       "ran (small): my   4 oth   1 iops 3000 size 8 K lat   8.00 ms bw =  23.44 MBps dur  60.00 s READ\n"
			       "ran (large): VLun = 0 Size = 4096\n"
			       "ran (large): Index = 0  Count = 3000  Avg Lat =  20.00\n"
			       "ran (large): nio=3000 nior=3000 niow=0 req w%=50 act w%=0\n"
			       "ran (large): my   1 oth   4 iops  50 size 1024 K lat  20.00 ms bw =  50.00 MBps dur  60.00 s READ\n\n"));
	/* Writes are counted and labelled. */
	assert_non_null(strstr(buf, "ran (small): nio=90054 nior=67540 niow=22514 req w%=50 act w%=25\n"));
	assert_non_null(strstr(buf, "MBps dur  60.00 s MIXED\n"));
	assert_true(strncmp(buf, "TEST START\n\nPoint 1 (small=0, large=0) of 6\n", 42) == 0);
	assert_non_null(strstr(buf, "Point 6 (small=0, large=1) of 6\nValid small 1 Valid large 1\nValid\n\n\n\nTEST END\n"));
	free(buf);
	pt_set_release(&pts);
	fj_set_release(&set);
}

/* Inference: small/large by block size, clash of (S, L), -merge. */
static void test_report_inference(void **state)
{
	struct fj_set set = { 0 };
	struct pt_set pts;
	struct pt_opts po;
	struct fr_err err = { "" };
	char *a = job("a", 0, 8, 8192, 100, 0, 1000, 1e5, "");
	char *b = job("b", 1, 8, 8192, 300, 0, 1000, 1e5, "");
	char *c = job("c", 2, 2, 98304, 10, 0, 1000, 1e5, "");
	char doc[8192];

	(void)state;
	snprintf(doc, sizeof(doc), "{\"jobs\": [%s, %s, %s]}", c, a, b);
	free(a);
	free(b);
	free(c);
	assert_int_equal(fj_read_buffer(&set, "i.json", doc, strlen(doc), &err), 0);
	pt_opts_init(&po);
	assert_true(pt_build(&pts, &set, &po, &err) < 0);
	assert_non_null(strstr(err.msg, "average block size 98304 bytes is between small"));
	po.large_min = 96 * 1024;
	assert_true(pt_build(&pts, &set, &po, &err) < 0);
	assert_non_null(strstr(err.msg, "points 2 and 3 both have small=8 large=0; use -merge"));
	po.merge = PT_MERGE_MEAN;
	assert_int_equal(pt_build(&pts, &set, &po, &err), 0);
	assert_int_equal(pts.n, 2);
	assert_int_equal(pts.pts[0].l, 2);
	assert_true(pts.pts[1].small.iops == 200.0); /* mean of 100 and 300 */
	pt_set_release(&pts);
	po.merge = PT_MERGE_LAST;
	assert_int_equal(pt_build(&pts, &set, &po, &err), 0);
	assert_true(pts.pts[1].small.iops == 300.0);
	pt_set_release(&pts);
	fj_set_release(&set);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_report_hist_19c_sample),
		cmocka_unit_test(test_report_hist_lat_bins),
		cmocka_unit_test(test_report_csv_blank_cells),
		cmocka_unit_test(test_report_tradeoff),
		cmocka_unit_test(test_report_tradeoff_bounds),
		cmocka_unit_test(test_report_result_block_19c),
		cmocka_unit_test(test_report_trace_mixed),
		cmocka_unit_test(test_report_inference),
	};

	return cmocka_run_group_tests_name("report", tests, NULL, NULL);
}
