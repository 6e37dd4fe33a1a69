/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: the runner's fio logs (driver/runner/rnlog.h) follow fio
 * 3.33's rules: add_log_sample()'s windows (a latency log's ends on
 * time, an interval log's 1 ms early; the entry at the sample that ends
 * it, its mean rounded or its maximum, bs and offset 0), an entry per
 * sample without log_avg_msec, finalize_logs() for the open window,
 * flush_samples()' lines with and without log_offset, the histogram
 * log's deltas and coarseness, and gen_log_name()'s names.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "jobparse.h"
#include "lathist.h"
#include "rnlog.h"
#include "testutil.h"

static char *dir; /* tu_mkdtemp() in setup */

static char *slurp(const char *path)
{
	static char buf[1 << 16];
	FILE *f = fopen(path, "r");
	size_t n;

	assert_non_null(f);
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

static const char *written(struct rl_log *l, const char *path)
{
	struct fr_err err = { "" };

	assert_int_equal(rl_log_write(l, &err), 0);
	rl_log_free(l);
	return slurp(path);
}

static void path_of(char *p, size_t n, const char *name)
{
	snprintf(p, n, "%s/%s", dir, name);
}

/* A latency log, 100 ms windows: samples every 10 ms from 0 to 250. */
static void test_lat_windows(void **state)
{
	struct rl_params p = { .avg_ms = 100, .inline_ = true };
	struct rl_log *l;
	char path[256];
	uint64_t t;

	(void)state;
	path_of(path, sizeof(path), "lat.log");
	l = rl_log_new(path, &p);
	for (t = 0; t <= 250; t += 10)
		rl_log_add(l, t, 0, t, 4096, 8192);
	rl_log_finish(l, 260);
	/* 0..100: mean 50; 110..200: 155; 210..250: 230 at the end. */
	assert_string_equal(written(l, path), "100, 50, 0, 0, 0\n200, 155, 0, 0, 0\n260, 230, 0, 0, 0\n");
}

/* log_max_value; the mean rounds half up (fio adds 0.50). */
static void test_max_and_round(void **state)
{
	struct rl_params p = { .avg_ms = 10, .inline_ = true };
	struct rl_log *l;
	char path[256];

	(void)state;
	path_of(path, sizeof(path), "round.log");
	l = rl_log_new(path, &p);
	rl_log_add(l, 1, 1, 1, 0, 0);
	rl_log_add(l, 10, 1, 2, 0, 0); /* mean 1.5 -> 2 */
	assert_string_equal(written(l, path), "10, 2, 1, 0, 0\n");
	p.log_max = true;
	l = rl_log_new(path, &p);
	rl_log_add(l, 1, 0, 7, 0, 0);
	rl_log_add(l, 2, 0, 3, 0, 0);
	rl_log_add(l, 12, 0, 5, 0, 0);
	assert_string_equal(written(l, path), "12, 7, 0, 0, 0\n");
}

/* An interval log (bw, iops) ends its window 1 ms early; a latency log does not. */
static void test_slack(void **state)
{
	struct rl_params p = { .avg_ms = 100 };
	struct rl_log *l;
	char path[256];

	(void)state;
	path_of(path, sizeof(path), "bw.log");
	l = rl_log_new(path, &p);
	rl_log_add(l, 98, 0, 10, 4096, 0);
	rl_log_add(l, 99, 0, 20, 4096, 0);
	assert_int_equal(rl_log_entries(l), 1);
	assert_string_equal(written(l, path), "99, 15, 0, 0, 0\n");
	p.inline_ = true;
	l = rl_log_new(path, &p);
	rl_log_add(l, 99, 0, 20, 4096, 0);
	assert_int_equal(rl_log_entries(l), 0);
	rl_log_free(l);
}

/* Without log_avg_msec, an entry per sample, its bs and offset kept. */
static void test_unit_offset(void **state)
{
	struct rl_params p = { .offset = true };
	struct rl_log *l;
	char path[256];

	(void)state;
	path_of(path, sizeof(path), "unit.log");
	l = rl_log_new(path, &p);
	rl_log_add(l, 3, 1, 123456, 8192, 1048576);
	rl_log_add(l, 4, 0, 7, 4096, 0);
	assert_string_equal(written(l, path), "3, 123456, 1, 8192, 1048576, 0\n4, 7, 0, 4096, 0, 0\n");
	p.offset = false;
	l = rl_log_new(path, &p);
	rl_log_add(l, 3, 1, 123456, 8192, 1048576);
	assert_string_equal(written(l, path), "3, 123456, 1, 8192, 0\n");
}

/* The histogram log: the buckets' change since the last entry, every hist_ms. */
static void test_hist(void **state)
{
	struct rl_params p = { .hist_ms = 100, .hist_coarse = 1 };
	static uint64_t bins[LH_NR];
	struct rl_log *l;
	char path[256], *s, *line2;
	unsigned int commas = 0;

	(void)state;
	path_of(path, sizeof(path), "hist.log");
	l = rl_log_new(path, &p);
	bins[0] = 1;
	rl_log_hist(l, 5, 0, 4096, bins); /* the window starts */
	bins[1] = 2;
	rl_log_hist(l, 105, 0, 4096, bins); /* entry: 1 + 2 in the first pair */
	bins[3] = 4;
	rl_log_hist(l, 150, 0, 4096, bins);
	bins[3] = 5;
	rl_log_hist(l, 210, 0, 4096, bins); /* entry: 5 in the second pair */
	s = (char *)written(l, path);
	assert_memory_equal(s, "105, 0, 4096, 3, 0, 0,", 22);
	line2 = strchr(s, '\n') + 1;
	assert_memory_equal(line2, "210, 0, 4096, 0, 5, 0,", 22);
	for (; *s != '\n'; s++)
		commas += *s == ',';
	/* time, ddir, bs and LH_NR / 2 buckets */
	assert_int_equal(commas + 1, 3 + LH_NR / 2);
}

/* gen_log_name(): PREFIX_KIND.N.log, or PREFIX_KIND.log with per_job_logs=0. */
static void test_names(void **state)
{
	struct jp_file f;
	struct fr_err err = { "" };
	struct rl_set s;
	char text[1024], path[256];

	(void)state;
	snprintf(text, sizeof(text),
		 "[j1]\nioengine=psync\nfilename=/dev/null\nwrite_lat_log=%s/p\nwrite_bw_log\n"
		 "write_hist_log=%s/h\nper_job_logs=0\nlog_avg_msec=100\n",
		 dir, dir);
	assert_int_equal(jp_parse_buffer(&f, "t.fio", text, &err), 0);
	/* log_avg_msec sets the bw samples' interval (init.c). */
	assert_int_equal(f.jobs[0].bw_avg_ms, 100);
	assert_int_equal(f.jobs[0].iops_avg_ms, 500);
	assert_int_equal(chdir(dir), 0);
	assert_int_equal(rl_open(&s, &f.jobs[0], 3, &err), 0);
	assert_true(s.any);
	assert_false(s.unit_bw);
	assert_int_equal(rl_write(&s, &err), 0);
	rl_close(&s);
	path_of(path, sizeof(path), "p_lat.log");
	assert_int_equal(access(path, F_OK), 0);
	path_of(path, sizeof(path), "p_clat.log");
	assert_int_equal(access(path, F_OK), 0);
	path_of(path, sizeof(path), "p_slat.log");
	assert_int_equal(access(path, F_OK), 0);
	path_of(path, sizeof(path), "h_clat_hist.log");
	assert_int_equal(access(path, F_OK), 0);
	path_of(path, sizeof(path), "j1_bw.log");
	assert_int_equal(access(path, F_OK), 0);
	jp_release(&f);

	snprintf(text, sizeof(text), "[j2]\nioengine=psync\nfilename=/dev/null\nwrite_iops_log=%s/q\n", dir);
	assert_int_equal(jp_parse_buffer(&f, "t.fio", text, &err), 0);
	assert_int_equal(rl_open(&s, &f.jobs[0], 7, &err), 0);
	assert_true(s.unit_iops);
	assert_int_equal(rl_write(&s, &err), 0);
	rl_close(&s);
	path_of(path, sizeof(path), "q_iops.7.log");
	assert_int_equal(access(path, F_OK), 0);
	jp_release(&f);

	/* A directory that is not there: refused before any I/O, named. */
	snprintf(text, sizeof(text), "[j3]\nioengine=psync\nfilename=/dev/null\nwrite_bw_log=%s/no/x\n", dir);
	assert_int_equal(jp_parse_buffer(&f, "t.fio", text, &err), 0);
	assert_true(rl_open(&s, &f.jobs[0], 1, &err) < 0);
	assert_non_null(strstr(err.msg, "job 'j3': cannot write its bw log"));
	assert_non_null(strstr(err.msg, "/no/x_bw.1.log"));
	jp_release(&f);
}

static int setup(void **state)
{
	(void)state;
	dir = tu_mkdtemp();
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	tu_rmtree(dir);
	dir = NULL;
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_lat_windows),
		cmocka_unit_test(test_max_and_round),
		cmocka_unit_test(test_slack),
		cmocka_unit_test(test_unit_offset),
		cmocka_unit_test(test_hist),
		cmocka_unit_test(test_names),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
