/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: -fio_opt and -include (driver/fioopt.c): KEY=VALUE and
 * bare flags kept in order, the options fiorion owns refused with the
 * reason (aliases too), an included file read by fio's rules, the
 * built-in runner's check naming the option and -runner fio, the lines
 * written into [global], and the -runner fio hand-over to the parser;
 * what acts outside the run refused whichever runner (a command, a file
 * written or deleted, a log PREFIX that is a path), a plain log PREFIX
 * put in the jobs folder, a control character in a value refused.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "fioopt.h"
#include "jobparse.h"

static void test_fioopt_add(void **state)
{
	static const char *const owned[] = {
		"bs=4k", "blocksize=4k", "rw=read", "readwrite=read", "iodepth=2", "numjobs=2",
		"runtime=5", "timeout=5", "direct=0", "lunfile=x", "luns=x", "backend=psync",
		"ioengine=sync", "simulate=raid0", "stonewall", "group_reporting", "name=x"
	};
	struct fio_opts fo = { 0 };
	struct fr_err err = { "" };
	char *s;
	size_t i;

	(void)state;
	assert_int_equal(fo_add(&fo, "randrepeat=0", &err), 0);
	assert_int_equal(fo_add(&fo, " norandommap ", &err), 0);
	assert_int_equal(fo_add(&fo, "cpus_allowed = 0-3", &err), 0);
	assert_int_equal(fo.n, 3);
	assert_null(fo.it[1].val);
	assert_string_equal(fo.it[2].val, "0-3");
	s = fo_string(&fo, 2);
	assert_string_equal(s, "cpus_allowed=0-3");
	free(s);
	for (i = 0; i < sizeof(owned) / sizeof(owned[0]); i++) {
		assert_int_not_equal(fo_add(&fo, owned[i], &err), 0);
		assert_non_null(strstr(err.msg, "itself for ORION's meaning"));
	}
	assert_int_not_equal(fo_add(&fo, "=1", &err), 0);
	assert_int_not_equal(fo_add(&fo, "a-b=1", &err), 0);
	assert_int_not_equal(fo_add(&fo, "[global]", &err), 0);
	assert_int_equal(fo.n, 3);

	/* The built-in runner honours randrepeat and norandommap, not cpus_allowed. */
	assert_int_not_equal(fo_check(&fo, true, &err), 0);
	assert_non_null(strstr(err.msg, "'cpus_allowed'; use -runner fio"));
	assert_int_equal(fo_check(&fo, false, &err), 0);
	{
		/* -runner fio: the parser passes over cpus_allowed. */
		static const char text[] = "[global]\nioengine=external:/e.so\nlunfile=/t.lun\n"
					   "cpus_allowed=0-3\n[j]\nrw=read\n";
		struct jp_file jf;

		assert_int_equal(jp_parse_buffer(&jf, "t.fio", text, &err), 0);
		jp_release(&jf);
		jp_leave_to_fio(NULL, 0);
		assert_int_not_equal(jp_parse_buffer(&jf, "t.fio", text, &err), 0);
		assert_non_null(strstr(err.msg, "t.fio:4: option 'cpus_allowed'"));
	}
	fo_free(&fo);
}

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

static void test_fioopt_include(void **state)
{
	char dir[] = "/tmp/test_fioopt.XXXXXX", path[1024], sub[128], *text = NULL;
	struct fio_opts fo = { 0 };
	struct fr_err err = { "" };
	size_t len = 0;
	FILE *f;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/a.fio", dir);
	snprintf(sub, sizeof(sub), "%s/b.fio", dir);
	write_file(path, "# c\n; c\n\n  randrepeat=0  \ninclude b.fio\nlog_avg_msec=500\n");
	write_file(sub, "norandommap\n");
	assert_int_equal(fo_include(&fo, path, &err), 0);
	assert_int_equal(fo.n, 3);
	assert_string_equal(fo.it[1].key, "norandommap");
	assert_string_equal(fo.it[1].from, sub);
	assert_int_equal(fo.it[2].line, 6);
	f = open_memstream(&text, &len);
	fo_write(f, &fo, NULL);
	fclose(f);
	snprintf(path, sizeof(path), "# -include %s/a.fio\nrandrepeat=0\n# -include %s\nnorandommap\n"
				     "# -include %s/a.fio\nlog_avg_msec=500\n",
		 dir, sub, dir);
	assert_string_equal(text, path);
	free(text);

	write_file(sub, "norandommap\n[job]\n");
	assert_int_not_equal(fo_include(&fo, sub, &err), 0);
	assert_non_null(strstr(err.msg, "b.fio:2: a section"));
	write_file(sub, "bs=4k\n");
	assert_int_not_equal(fo_include(&fo, sub, &err), 0);
	assert_non_null(strstr(err.msg, "b.fio:1: fiorion sets 'bs' itself"));
	snprintf(path, sizeof(path), "%s/a.fio", dir);
	unlink(path);
	unlink(sub);
	rmdir(dir);
	fo_free(&fo);
}

/*
 * What acts outside the run is refused from either runner's options,
 * naming where it came from; a plain log PREFIX goes into the jobs
 * folder; a control character in a value is refused.
 */
static void test_fioopt_outside(void **state)
{
	static const char *const bad[][2] = {
		{ "exec_prerun=touch /x", "'exec_prerun', which acts outside the run: it runs a shell command" },
		{ "exec_postrun=x", "'exec_postrun', which acts outside the run" },
		{ "mem=mmap:/x", "truncating it" },
		{ "iomem=mmapshared:/x", "truncating it" },
		{ "mem=${M}", "expands a '$'" },
		{ "write_iolog=/x", "'write_iolog', which acts outside the run" },
		{ "merge_blktrace_file=x", "merged trace" },
		{ "verify_dump=1", "'verify_dump'" },
		{ "unlink=1", "deletes" },
		{ "unlink_each_loop=0", "deletes" },
		{ "ioscheduler=none", "device-wide" },
		{ "cgroup_nodelete=1", "cgroup behind" },
		{ "write_bw_log=/x", "is a path" },
		{ "write_lat_log=a/b", "is a path" },
		{ "write_iops_log", "without a PREFIX" },
		{ "write_hist_log=", "without a PREFIX" },
		{ "write_iops_log=${HOME}", "expands a '$'" },
		{ "directory=/x", "fiorion sets 'directory' itself" },
		{ "nrfiles=2", "fiorion sets 'nrfiles' itself" },
		{ "read_iolog=x", "replay the log's I/O" },
		{ "fileoffset=4k", "region of the volume" },
		{ "randrepeat=0\rx", "a control character (0x0d) in the value of 'randrepeat'" },
		{ "cpus_allowed=0\t1", "a control character (0x09)" },
		{ "cgroup=a\x7f", "a control character (0x7f)" },
	};
	struct fio_opts fo = { 0 };
	struct fr_err err = { "" };
	char *text = NULL;
	size_t i, len = 0;
	FILE *f;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err.msg[0] = '\0';
		assert_int_equal(fo_add(&fo, bad[i][0], &err), -EINVAL);
		if (!strstr(err.msg, bad[i][1]) || strncmp(err.msg, "-fio_opt ", 9))
			fail_msg("'%s': %s", bad[i][0], err.msg);
	}
	assert_int_equal(fo.n, 0);
	/* Harmless outside: fio's to run (mem without a file), a plain PREFIX. */
	assert_int_equal(fo_add(&fo, "mem=malloc", &err), 0);
	assert_int_equal(fo_add(&fo, "iomem=mmap", &err), 0);
	assert_int_equal(fo_add(&fo, "write_iops_log=db", &err), 0);
	assert_int_equal(fo_add(&fo, "write_lat_log = db.x ", &err), 0);
	assert_int_equal(fo_add(&fo, "randrepeat=0\r", &err), 0); /* trailing white space */
	f = open_memstream(&text, &len);
	fo_write(f, &fo, "out/t_jobs");
	fclose(f);
	assert_string_equal(text, "# -fio_opt\nmem=malloc\niomem=mmap\nwrite_iops_log=out/t_jobs/db\n"
				  "write_lat_log=out/t_jobs/db.x\nrandrepeat=0\n");
	free(text);
	f = open_memstream(&text, &len);
	fo_write(f, &fo, NULL);
	fclose(f);
	assert_non_null(strstr(text, "\nwrite_iops_log=db\n"));
	free(text);
	/* The built-in runner does not honour mem: its own refusal, not a side effect's. */
	assert_int_not_equal(fo_check(&fo, true, &err), 0);
	assert_non_null(strstr(err.msg, "does not honour fio's option 'mem'"));
	fo_free(&fo);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fioopt_add),
		cmocka_unit_test(test_fioopt_include),
		cmocka_unit_test(test_fioopt_outside),
	};

	return cmocka_run_group_tests_name("fioopt", tests, NULL, NULL);
}
