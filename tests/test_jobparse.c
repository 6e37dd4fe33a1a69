/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: the built-in runner's job file parser: fio's syntax
 * ([global] applying to later jobs, keys without value, comments,
 * ${VAR}, size/time/percent suffixes, stonewall groups, numjobs), the
 * "job options" echo, and an error naming the option, file and line for
 * every unsupported option or bad value.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "jobfile.h"
#include "jobparse.h"

static void test_jobparse_syntax(void **state)
{
	static const char text[] =
		"; a comment\n"
		"# another\n"
		"[global]\n"
		"ioengine=external:${FR_TEST_ENGINE}\n"
		"lunfile=/t.lun\n"
		"direct=1\n"
		"time_based\n"
		"runtime=2m\n"
		"\n"
		"[p001-s3-l0-small]\n"
		"rw=randrw\n"
		"rwmixwrite=30\n"
		"bs=8k\n"
		"iodepth=3\n"
		"\n"
		"[global]\n"
		"runtime=500ms\n"
		"[p002-s0-l4-large]\n"
		"stonewall=1\n"
		"rw=read\n"
		"bs=1m\n"
		"numjobs=4\n"
		"size=25%\n"
		"offset_increment=25%\n"
		"  [p002-s0-l4-warm]  \n"
		"rw=randwrite\n"
		"io_size=64m\n"
		"time_based=0\n";
	struct fr_err err = { "" };
	struct jp_file f;
	const struct jp_job *a, *b, *c;

	(void)state;
	setenv("FR_TEST_ENGINE", "/x/fiorion-engine.so", 1);
	assert_int_equal(jp_parse_buffer(&f, "t.fio", text, &err), 0);
	assert_int_equal(f.njobs, 3);
	assert_int_equal(f.ngroups, 2);
	a = &f.jobs[0];
	b = &f.jobs[1];
	c = &f.jobs[2];
	assert_string_equal(a->engine_so, "/x/fiorion-engine.so");
	assert_string_equal(a->lunfile, "/t.lun");
	assert_true(a->direct && a->time_based);
	assert_int_equal(a->runtime_us, 120000000);
	assert_int_equal(a->rw, JP_RANDRW);
	/* fio's defaults: 500 ms sampling intervals, disk statistics on. */
	assert_int_equal(a->bw_avg_ms, 500);
	assert_int_equal(a->iops_avg_ms, 500);
	assert_true(a->disk_util);
	assert_null(a->description);
	assert_int_equal(a->rwmixwrite, 30);
	assert_int_equal(a->bs, 8192);
	assert_int_equal(a->iodepth, 3);
	assert_int_equal(a->groupid, 0);
	/* The second [global] applies to the jobs after it only. */
	assert_int_equal(b->runtime_us, 500000);
	assert_int_equal(b->groupid, 1);
	assert_int_equal(b->numjobs, 4);
	assert_int_equal(b->bs, 1048576);
	assert_int_equal(b->size.pct, 25);
	assert_int_equal(b->offset_increment.pct, 25);
	assert_int_equal(c->groupid, 1); /* no stonewall: same group */
	assert_false(c->time_based);
	assert_int_equal(c->io_size.bytes, 64ULL << 20);
	assert_string_equal(c->name, "p002-s0-l4-warm");
	/* "job options" are the job's own lines; "global options" all [global] ones. */
	assert_int_equal(a->nown, 4);
	assert_string_equal(a->own[0].key, "rw");
	assert_int_equal(f.nglobal, 6);
	assert_null(f.global[3].val); /* time_based, without a value */
	jp_release(&f);
}

struct bad_case {
	const char *text, *want;
};

static void test_jobparse_errors(void **state)
{
	static const struct bad_case t[] = {
		{ "[a]\nioengine=psync\nfilename=/f\nverify_async=2\n",
		  "j.fio:4: option 'verify_async' is not supported by fiorion's built-in runner" },
		{ "[a]\nioengine=posixaio\nfilename=/f\n", "j.fio:2: ioengine=posixaio:" },
		{ "[a]\nioengine=psync\nfilename=/f\nbs=8q\n", "j.fio:4: bs=8q: not a valid value" },
		{ "[a]\nioengine=psync\nfilename=/f\niodepth=0\n", "j.fio:4: iodepth=0: not a valid value" },
		{ "[a]\nioengine=psync\nfilename=/f\nruntime=5 days\n", "j.fio:4: runtime=5 days" },
		{ "[a]\nioengine=psync\nfilename=/f\nrw=trim\n", "j.fio:4: rw=trim" },
		{ "[a]\nioengine=psync\nfilename=/f\nsize=101%\n", "j.fio:4: size=101%" },
		{ "[a]\nioengine=psync\nfilename=${FR_TEST_UNSET_VAR}\n", "j.fio:3: ${FR_TEST_UNSET_VAR} is not set" },
		{ "bs=4k\n[a]\n", "j.fio:1: option outside any [section]" },
		{ "[a\nioengine=psync\n", "j.fio:1: a section is written [name]" },
		{ "[global]\nbs=4k\n", "j.fio: no job sections" },
		{ "[a]\nfilename=/f\n", "j.fio:1: job 'a' has no ioengine=" },
		{ "[a]\nioengine=external:/e.so\n", "j.fio:1: job 'a': no LUNs: give filename=A:B" },
		{ "[a]\nioengine=external:/e.so\nfilename=/f\nlunfile=/l\n", "j.fio:1: job 'a': filename= and lunfile= both name the LUNs" },
		{ "[a]\nioengine=io_uring\n", "j.fio:1: job 'a' needs filename=" },
		{ "[a]\nioengine=psync\nfilename=/f\nverify=md5\n", "j.fio:4: verify=md5" },
		{ "[a]\nioengine\nfilename=/f\n", "j.fio:2: option 'ioengine' needs a value" },
		{ "[a]\nioengine=psync\nfilename=/f\nbwavgtime=0\n", "j.fio:4: bwavgtime=0: not a valid value" },
		{ "[a]\nioengine=psync\nfilename=/f\nruntime=9999999999999999h\n", "j.fio:4: runtime=9999999999999999h: not a valid value" },
		{ "[a]\nioengine=psync\nfilename=/f\nnumjobs=4097\n", "j.fio:4: numjobs=4097: give 1 to 4096" },
		{ "[a]\nioengine=psync\nfilename=/f\nrwmixread=101\n", "j.fio:4: rwmixread=101: not a valid value" },
		{ "[a]\nioengine=psync\nfilename=/f\niopsavgtime=1s\n", "j.fio:4: iopsavgtime=1s: not a valid value" },
		{ "[a]\nioengine=psync\nfilename=/f\ndisk_util=maybe\n", "j.fio:4: disk_util=maybe: not a valid value" },
	};
	size_t i;

	(void)state;
	unsetenv("FR_TEST_UNSET_VAR");
	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		struct fr_err err = { "" };
		struct jp_file f;

		if (jp_parse_buffer(&f, "j.fio", t[i].text, &err) >= 0)
			fail_msg("case %zu accepted", i);
		if (!strstr(err.msg, t[i].want))
			fail_msg("case %zu: '%s' lacks '%s'", i, err.msg, t[i].want);
	}
}

/*
 * Every key the job file writer (driver/jobfile.c) writes is an option of
 * the table, and each file it writes parses: for random and sequential
 * points, reads and writes, raid0, psync clones, warm-ups by time and by
 * size, a run identity, 1 and 150 streams.
 */
static void test_jobfile_keys_in_table(void **state)
{
	static const struct mx_point pts[] = { { 3, 0 }, { 0, 4 }, { 2, 2 }, { 0, 150 } };
	unsigned int variant, k, checked = 0;

	(void)state;
	for (variant = 0; variant < 16; variant++) {
		const struct ri_run run = {
			.raid0 = variant & 1, .stripe_kb = 1024, .size_small = 8, .size_large = 1024, .seq = variant & 4, .num_streamio = 4, .write_pct = variant & 8 ? 30 : 0, .cache_size = variant % 3 == 0 ? -1 : (variant % 3 == 1 ? 256 : 0)
		};
		struct jf_conf c = {
			.engine = "/x/fiorion-engine.so", .lunfile = "/t.lun", .duration = "60", .run = &run, .backend = variant & 2 ? BK_PSYNC : BK_DEFAULT, .vol_size = 1ULL << 30, .run_id = "0123456789abcdef"
		};

		for (k = 0; k < sizeof(pts) / sizeof(pts[0]); k++) {
			struct fr_err err = { "" };
			struct jp_file f;
			char *buf = NULL, *line, *save = NULL, *copy;
			size_t len = 0;
			FILE *out = open_memstream(&buf, &len);

			jf_global(out, &c, "# test\n");
			jf_point(out, &c, 1, &pts[k], true);
			fclose(out);
			copy = strdup(buf);
			for (line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
				char key[64];

				if (line[0] == '#' || line[0] == '[')
					continue;
				snprintf(key, sizeof(key), "%.*s", (int)strcspn(line, "="), line);
				if (!jp_option_known(key))
					fail_msg("jobfile.c writes '%s', which the option table lacks", key);
				checked++;
			}
			if (jp_parse_buffer(&f, "w.fio", buf, &err) < 0)
				fail_msg("variant %u point %u: %s", variant, k, err.msg);
			jp_release(&f);
			free(copy);
			free(buf);
		}
	}
	assert_true(checked > 500);
	assert_false(jp_option_known("zonemode"));
	assert_true(jp_option_known("readwrite")); /* aliases too */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_jobparse_syntax),
		cmocka_unit_test(test_jobparse_errors),
		cmocka_unit_test(test_jobfile_keys_in_table),
	};

	return cmocka_run_group_tests_name("jobparse", tests, NULL, NULL);
}
