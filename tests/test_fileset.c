/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: a result set's names (run/fileset.c): every member
 * formatted in both layouts and parsed back to the same member and stamp
 * (TZ=UTC, start 2026-12-01 18:45:59 -> "20261201_1845"); names that are
 * not members (another testname, a stamp with a letter, a member cut
 * short, the prefix alone); a testname that itself ends in a stamp; what
 * every run writes (_jobs, .fio, .<host>_<port>.fio); the summary's name
 * of a member takes the testname's last component; a stale member
 * removed from a temporary folder and named, a missing one not.
 */
#include <fnmatch.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <cmocka.h>

#include "fileset.h"

#define START ((time_t)1796150759) /* 2026-12-01 18:45:59 UTC */

static int utc(void **state)
{
	(void)state;
	setenv("TZ", "UTC", 1);
	tzset();
	return 0;
}

static void test_format(void **state)
{
	char buf[256];

	(void)state;
	fs_stamp(buf, sizeof(buf), START);
	assert_string_equal(buf, "20261201_1845");
	fs_file(buf, sizeof(buf), "db", false, START, FS_IOPS);
	assert_string_equal(buf, "db_iops.csv");
	fs_file(buf, sizeof(buf), "out/db", true, START, FS_SUMMARY);
	assert_string_equal(buf, "out/db_20261201_1845_summary.txt");
	fs_file(buf, sizeof(buf), "out/db", true, START, FS_REPORT);
	assert_string_equal(buf, "out/db.20261201_1845.report.html");
	fs_file(buf, sizeof(buf), "db", false, START, FS_STATUS);
	assert_string_equal(buf, "db.status.json");
	fs_member_name(buf, sizeof(buf), "/tmp/x/db", true, START, FS_HOSTS);
	assert_string_equal(buf, "db.20261201_1845.hosts.csv");
	fs_member_name(buf, sizeof(buf), "db", false, START, FS_POINTS);
	assert_string_equal(buf, "db.points.csv");
	assert_string_equal(fs_suffix(FS_SUMMARY), "summary.txt");
	assert_string_equal(fs_suffix(FS_NMEMBERS), "");
}

/* Every member, both layouts: parse(format(m)) == m. */
static void test_round_trip(void **state)
{
	char name[256];
	struct fs_name fn;
	int m, dated;

	(void)state;
	for (dated = 0; dated < 2; dated++)
		for (m = 0; m < FS_NMEMBERS; m++) {
			fs_member_name(name, sizeof(name), "run_1", dated, START, (enum fs_member)m);
			assert_true(fs_parse(name, "run_1", &fn));
			assert_int_equal(fn.member, m);
			assert_int_equal(fn.dated, dated);
			assert_string_equal(fn.stamp, dated ? "20261201_1845" : "");
			/* Another set's name does not take it. */
			assert_false(fs_parse(name, "run", &fn));
			assert_false(fs_parse(name, "run_12", &fn));
		}
}

/*
 * ORION owns <T>_*: what a script globs (T_*, T_*.csv, T_<stamp>_*) meets
 * ORION's members only, and fiorion's own never.
 */
static void test_orion_namespace(void **state)
{
	char name[256];
	int m, dated;

	(void)state;
	for (dated = 0; dated < 2; dated++)
		for (m = 0; m < FS_NMEMBERS; m++) {
			bool own = fs_own((enum fs_member)m);

			fs_member_name(name, sizeof(name), "orion", dated, START,
				       (enum fs_member)m);
			assert_int_equal(fnmatch("orion_*", name, 0) == 0, !own);
			assert_int_equal(fnmatch("orion_20261201_1845_*", name, 0) == 0,
					 dated && !own);
		}
	assert_false(fs_own(FS_SUMMARY) || fs_own(FS_HIST) || fs_own(FS_TRADEOFF));
	assert_true(fs_own(FS_REPORT) && fs_own(FS_POINTS) && fs_own(FS_STATUS) &&
		    fs_own(FS_HOSTS) && fs_own(FS_CURVE));
}

static void test_not_members(void **state)
{
	struct fs_name fn;

	(void)state;
	assert_false(fs_parse("db", "db", &fn));
	assert_false(fs_parse("db_", "db", &fn));
	assert_false(fs_parse("db_summary.tx", "db", &fn));
	assert_false(fs_parse("db_summary.txt~", "db", &fn));
	assert_false(fs_parse("db.summary.txt", "db", &fn));
	assert_false(fs_parse("db_2026120x_1845_summary.txt", "db", &fn));
	assert_false(fs_parse("db_20261201-1845_summary.txt", "db", &fn));
	assert_false(fs_parse("db_20261201_1845_", "db", &fn));
	assert_false(fs_parse("db_20261201_1845", "db", &fn));
	assert_false(fs_parse("db_20261201_184_summary.txt", "db", &fn));
	assert_false(fs_parse("db_jobs", "db", &fn));
	/* ORION's members under '_' only; a stamp's separators match the name's. */
	assert_false(fs_parse("db.iops.csv", "db", &fn));
	assert_false(fs_parse("db.20261201_1845_report.html", "db", &fn));
	assert_false(fs_parse("db.20261201_1845.iops.csv", "db", &fn));
	assert_false(fs_parse("d", "db", &fn)); /* shorter than the name */
}

/* fiorion's own files under the ORION names an earlier fiorion gave them. */
static void test_legacy(void **state)
{
	struct fs_name fn;

	(void)state;
	assert_true(fs_parse("db_points.csv", "db", &fn));
	assert_true(fn.legacy && !fn.dated && fn.member == FS_POINTS);
	assert_true(fs_parse("db_20261201_1845_report.html", "db", &fn));
	assert_true(fn.legacy && fn.dated && fn.member == FS_REPORT);
	assert_true(fs_parse("db.points.csv", "db", &fn));
	assert_false(fn.legacy);
	assert_true(fs_parse("db_iops.csv", "db", &fn));
	assert_false(fn.legacy);
}

/* "db_20261201_1845" as a 10.2 testname and "db" dated name the same file. */
static void test_stamp_in_name(void **state)
{
	struct fs_name fn;

	(void)state;
	assert_true(fs_parse("db_20261201_1845_iops.csv", "db_20261201_1845", &fn));
	assert_false(fn.dated);
	assert_int_equal(fn.member, FS_IOPS);
	assert_true(fs_parse("db_20261201_1845_iops.csv", "db", &fn));
	assert_true(fn.dated);
	assert_string_equal(fn.stamp, "20261201_1845");
}

static void test_run_members(void **state)
{
	(void)state;
	assert_true(fs_run_member("db_jobs", "db"));
	assert_true(fs_run_member("db.fio", "db"));
	assert_true(fs_run_member("db.10.0.0.1_8765.fio", "db"));
	assert_true(fs_run_member("db.node_1.fio", "db"));
	assert_false(fs_run_member("db.node_.fio", "db"));
	assert_false(fs_run_member("db.node1.fio", "db"));
	assert_false(fs_run_member("db._1.fio", "db"));
	assert_false(fs_run_member("db_jobs2", "db"));
	assert_false(fs_run_member("dbx.fio", "db"));
	assert_false(fs_run_member("d.fio", "db"));
	assert_false(fs_run_member("db_summary.txt", "db"));
}

static void test_remove_stale(void **state)
{
	char dir[] = "/tmp/test_fileset.XXXXXX", path[256], removed[1024] = "";
	FILE *f;

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/db.report.html", dir);
	f = fopen(path, "w");
	assert_non_null(f);
	fputs("old", f);
	fclose(f);
	assert_true(fs_remove_stale(path, removed, sizeof(removed)));
	assert_string_equal(removed, path);
	assert_int_not_equal(access(path, F_OK), 0);
	/* Not there: nothing removed, nothing named. */
	assert_false(fs_remove_stale(path, removed, sizeof(removed)));
	assert_string_equal(removed, path);
	assert_int_equal(rmdir(dir), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_format),
		cmocka_unit_test(test_round_trip),
		cmocka_unit_test(test_orion_namespace),
		cmocka_unit_test(test_not_members),
		cmocka_unit_test(test_legacy),
		cmocka_unit_test(test_stamp_in_name),
		cmocka_unit_test(test_run_members),
		cmocka_unit_test(test_remove_stale),
	};

	return cmocka_run_group_tests(tests, utc, NULL);
}
