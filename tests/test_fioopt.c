/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: -fio_opt and -include (driver/fioopt.c): KEY=VALUE and
 * bare flags kept in order, the options fiorion owns refused with the
 * reason (aliases too), an included file read by fio's rules, the
 * built-in runner's check naming the option and -runner fio, the lines
 * written into [global], and the -runner fio hand-over to the parser.
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
	fo_write(f, &fo);
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

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fioopt_add),
		cmocka_unit_test(test_fioopt_include),
	};

	return cmocka_run_group_tests_name("fioopt", tests, NULL, NULL);
}
