/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * test_dropin.c -- fiorion as a drop-in orion: the environment's layout
 * and duration (driver/dropin.c), ORION's sizes as scripts write them,
 * the options the run records parsed straight into the run (o->ri, with
 * ORION's defaults),
 * an earlier run's files moved into <testname>_history/ (driver/
 * history.c) and the lock file removed at exit (driver/lockfile.c).
 * Bad input ends the process (exit 2 or 3): those cases run in a child.
 */
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "cli.h"
#include "dropin.h"
#include "history.h"
#include "lockfile.h"

/*
 * The child ends in exit() (die_usage()): _exit() with its status once
 * the handlers registered after this one (the lock file's) have run, so
 * the sanitizer does not count the parent's memory as the child's leak.
 */
static void child_exit(int status, void *arg)
{
	(void)arg;
	_exit(status);
}

/* Exit status of @fn(@arg) run in a child with stderr into @err (NULL: dropped). */
static int in_child(void (*fn)(void *), void *arg, char *err, size_t len)
{
	int fd[2], status;
	char buf[256];
	size_t got;
	pid_t pid;
	ssize_t n;

	assert_int_equal(pipe(fd), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (!pid) {
		close(fd[0]);
		dup2(fd[1], 2);
		on_exit(child_exit, NULL);
		fn(arg);
		_exit(0);
	}
	close(fd[1]);
	/* All of it, to the end: the child writes a message in pieces. */
	for (got = 0; (n = read(fd[0], buf, sizeof(buf))) > 0; got += (size_t)n)
		if (err && got + 1 < len)
			memcpy(err + got, buf, got + (size_t)n < len ? (size_t)n : len - 1 - got);
	if (err)
		err[got < len ? got : len - 1] = '\0';
	close(fd[0]);
	waitpid(pid, &status, 0);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void env_of(struct opts *o, const char *compat, const char *dur, bool given)
{
	memset(o, 0, sizeof(*o));
	o->ri.compat = OR_COMPAT_102;
	o->ri.duration = 60;
	if (compat)
		setenv("FIORION_COMPAT", compat, 1);
	else
		unsetenv("FIORION_COMPAT");
	if (dur)
		setenv("FIORION_DURATION", dur, 1);
	else
		unsetenv("FIORION_DURATION");
	dropin_env(o, "fiorion", given, true);
}

static void test_env_compat(void **state)
{
	struct opts o;

	(void)state;
	env_of(&o, NULL, NULL, false);
	assert_string_equal(dropin_layout_text(&o), "10.2 (default)");
	env_of(&o, "19c", NULL, false);
	assert_int_equal(o.ri.compat, OR_COMPAT_19C);
	assert_string_equal(dropin_layout_text(&o), "19c (from FIORION_COMPAT)");
	/* -compat given: the command line's layout stays (here 10.2). */
	env_of(&o, "11.1", NULL, true);
	assert_int_equal(o.ri.compat, OR_COMPAT_102);
	assert_string_equal(dropin_layout_text(&o), "10.2 (from -compat)");
	assert_null(dropin_duration_note(&o));
	unsetenv("FIORION_COMPAT");
}

static void test_env_duration(void **state)
{
	struct opts o;

	(void)state;
	env_of(&o, NULL, "2", false);
	assert_int_equal(o.ri.duration, 2);
	assert_int_equal(o.ri.duration_env, 2);
	assert_int_equal(o.duration_asked, 60);
	assert_string_equal(dropin_duration_note(&o),
			    "FIORION_DURATION=2 overrode -duration 60: every point ran 2 s, a shortened (smoke) run, not a calibration");
	/* It overrides auto[:MAX] too: a fixed short point. */
	memset(&o, 0, sizeof(o));
	o.ri.duration = 120;
	o.ri.duration_auto = 120;
	dropin_env(&o, "fiorion", false, true);
	assert_int_equal(o.ri.duration_auto, 0);
	assert_int_equal(o.ri.duration, 2);
	assert_non_null(strstr(dropin_duration_note(&o), "overrode -duration auto:120"));
	unsetenv("FIORION_DURATION");
}

/* The options the run records land in the run (o->ri), as run.json will say them. */
static void test_options_into_run(void **state)
{
	char *argv[] = { "fiorion", "-run", "normal", "-testname", "db", "-size_small", "16",
			 "-size_large", "512", "-num_streamIO", "2", "-stripe", "64", "-write", "30",
			 "-duration", "auto:20", "-orion_version", "11.2.0.4.0", "-compat", "19c",
			 "-type", "seq", "-simulate", "raid0", "-cache_size", "0", "-repeat", "2",
			 NULL };
	char *defaults[] = { "fiorion", "-run", "simple", NULL };
	struct opts o;

	(void)state;
	unsetenv("FIORION_COMPAT");
	unsetenv("FIORION_DURATION");
	optind = 0;
	cli_parse(&o, (int)(sizeof(argv) / sizeof(argv[0])) - 1, argv);
	assert_string_equal(o.ri.testname, "db");
	assert_int_equal(o.ri.size_small, 16);
	assert_int_equal(o.ri.size_large, 512);
	assert_int_equal(o.ri.num_streamio, 2);
	assert_int_equal(o.ri.stripe_kb, 64);
	assert_true(o.ri.write_pct == 30.0);
	assert_int_equal(o.ri.duration, 20);
	assert_int_equal(o.ri.duration_auto, 20);
	assert_string_equal(o.ri.orion_version, "11.2.0.4.0");
	assert_int_equal(o.ri.compat, OR_COMPAT_19C);
	assert_true(o.ri.seq);
	assert_true(o.ri.raid0);
	assert_int_equal(o.ri.cache_size, 0);
	assert_int_equal(o.ri.repeat, 2);
	ri_release(&o.ri);
	/* ORION's defaults, in the run too. */
	optind = 0;
	cli_parse(&o, 3, defaults);
	assert_string_equal(o.ri.testname, "orion");
	assert_null(o.ri.orion_version);
	assert_int_equal(o.ri.size_small, 8);
	assert_int_equal(o.ri.size_large, 1024);
	assert_int_equal(o.ri.num_streamio, 4);
	assert_int_equal(o.ri.stripe_kb, 1024);
	assert_true(o.ri.write_pct == 0.0);
	assert_int_equal(o.ri.duration, 60);
	assert_int_equal(o.ri.duration_auto, 0);
	assert_int_equal(o.ri.compat, OR_COMPAT_102);
	assert_int_equal(o.ri.num_disks, -1);
	assert_int_equal(o.ri.cache_size, -1);
	assert_int_equal(o.ri.repeat, 1);
	ri_release(&o.ri);
}

static const char *bad_value;

static void run_env(void *arg)
{
	struct opts o;

	env_of(&o, arg ? NULL : bad_value, arg ? bad_value : NULL, false);
}

static void test_env_bad(void **state)
{
	static const char *const bad_compat[] = { "12", "19C ", "", "10.2x" };
	static const char *const bad_dur[] = { "0", "-1", "1s", "", "86401", "x" };
	char err[512];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad_compat) / sizeof(bad_compat[0]); i++) {
		bad_value = bad_compat[i];
		assert_int_equal(in_child(run_env, NULL, err, sizeof(err)), EXIT_USAGE);
		assert_non_null(strstr(err, "fiorion: FIORION_COMPAT='"));
		/* "12" names two releases; the others none. */
		assert_non_null(strstr(err, i ? "not an ORION release: give 10.2, 11.1, 11.2, 12.1, 12.2 or 19c" : "'12': 12 is 12.1 or 12.2, whose files differ"));
	}
	for (i = 0; i < sizeof(bad_dur) / sizeof(bad_dur[0]); i++) {
		bad_value = bad_dur[i];
		assert_int_equal(in_child(run_env, (void *)1, err, sizeof(err)), EXIT_USAGE);
		assert_non_null(strstr(err, "fiorion: FIORION_DURATION='"));
	}
}

static const char *size_arg;

static void run_size(void *arg)
{
	(void)arg;
	dropin_size_kb("size_large", size_arg, 1, 1048576);
}

static void test_size_kb(void **state)
{
	static const char *const bad[] = { "2m", "8kb", "8 k", "k", "", "0", "0k", "1048577", "-8" };
	char err[512];
	size_t i;

	(void)state;
	assert_int_equal(dropin_size_kb("size_small", "8", 1, 1048576), 8);
	assert_int_equal(dropin_size_kb("size_small", "8k", 1, 1048576), 8);
	assert_int_equal(dropin_size_kb("size_large", "2048K", 1, 1048576), 2048);
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		size_arg = bad[i];
		assert_int_equal(in_child(run_size, NULL, err, sizeof(err)), EXIT_USAGE);
		assert_non_null(strstr(err, "fiorion: -size_large"));
	}
	size_arg = "2m";
	in_child(run_size, NULL, err, sizeof(err));
	assert_non_null(strstr(err, "give the size in KB as a plain number (ORION reads KB; drop the 'm')"));
}

/* A scratch folder, with @names (files, or folders when they end in '/'). */
static char *scratch(const char *const *names, size_t n)
{
	const char *tmp = getenv("TMPDIR");
	char *tmpl = xasprintf("%s/test_dropin.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	char *d = strdup(mkdtemp(tmpl));
	size_t i;

	free(tmpl);

	for (i = 0; i < n; i++) {
		char *p = xasprintf("%s/%s", d, names[i]);
		size_t l = strlen(p);

		if (p[l - 1] == '/')
			assert_int_equal(mkdir(p, 0755), 0);
		else
			close(open(p, O_CREAT | O_WRONLY, 0644));
		free(p);
	}
	return d;
}

static bool there(const char *d, const char *name)
{
	char *p = xasprintf("%s/%s", d, name);
	bool ok = !access(p, F_OK);

	free(p);
	return ok;
}

/* How many entries <d>/db_history/ holds, and the first's name in @first. */
static int history(const char *d, char *first, size_t len)
{
	char *cmd = xasprintf("ls '%s/db_history' 2>/dev/null", d), line[256];
	FILE *p = popen(cmd, "r");
	int n = 0;

	first[0] = '\0';
	while (p && fgets(line, sizeof(line), p)) {
		if (!n++)
			snprintf(first, len, "%.*s", (int)strcspn(line, "\n"), line);
	}
	if (p)
		pclose(p);
	free(cmd);
	return n;
}

static void rm_rf(char *d)
{
	char *cmd = xasprintf("rm -rf '%s'", d);

	assert_int_equal(system(cmd), 0);
	free(cmd);
	free(d);
}

/* 10.2: the earlier set and its JSON go into one db_history/<stamp>/; other names stay. */
static void test_history_102(void **state)
{
	static const char *const n[] = { "db_jobs/", "db.fio", "db_summary.txt", "db_iops.csv",
					 "db_20240101_1200_summary.txt", "dbx_summary.txt", "db.lun",
					 "db_run_20240101_120000/" };
	char *d = scratch(n, sizeof(n) / sizeof(n[0])), first[64], sub[PATH_MAX];

	(void)state;
	move_aside(d, "db", OR_COMPAT_102, time(NULL));
	assert_int_equal(history(d, first, sizeof(first)), 1);
	assert_int_equal((int)strlen(first), 15); /* YYYYMMDD_HHMMSS */
	snprintf(sub, sizeof(sub), "db_history/%s/db_summary.txt", first);
	assert_true(there(d, sub));
	snprintf(sub, sizeof(sub), "db_history/%s/db_jobs", first);
	assert_true(there(d, sub));
	assert_false(there(d, "db_summary.txt") || there(d, "db_iops.csv") || there(d, "db.fio"));
	/* Not this run's names: another run's dated set, another test, the LUNs. */
	assert_true(there(d, "db_20240101_1200_summary.txt") && there(d, "dbx_summary.txt") &&
		    there(d, "db.lun") && there(d, "db_run_20240101_120000"));
	/* A second rerun: a second folder in the same db_history/. */
	snprintf(sub, sizeof(sub), "%s/db_summary.txt", d);
	close(open(sub, O_CREAT | O_WRONLY, 0644));
	move_aside(d, "db", OR_COMPAT_102, time(NULL));
	assert_int_equal(history(d, first, sizeof(first)), 2);
	rm_rf(d);
}

/* Dated: another stamp's set stays, the same stamp's moves; _jobs/.fio always move. */
static void test_history_dated(void **state)
{
	static const char *const n[] = { "db_jobs/", "db.fio", "db_20240101_1200_summary.txt",
					 "db_20240101_1200_iops.csv", "db_20240101_1201_summary.txt",
					 "db_summary.txt" };
	char *d = scratch(n, sizeof(n) / sizeof(n[0])), first[64], sub[PATH_MAX];
	struct tm tm = { .tm_year = 124, .tm_mon = 0, .tm_mday = 1, .tm_hour = 12, .tm_min = 1, .tm_isdst = -1 };

	(void)state;
	move_aside(d, "db", OR_COMPAT_19C, mktime(&tm));
	assert_int_equal(history(d, first, sizeof(first)), 1);
	snprintf(sub, sizeof(sub), "db_history/%s/db_20240101_1201_summary.txt", first);
	assert_true(there(d, sub));
	assert_true(there(d, "db_20240101_1200_summary.txt") && there(d, "db_20240101_1200_iops.csv"));
	assert_true(there(d, "db_summary.txt")); /* a 10.2 set is not a 19c run's name */
	assert_false(there(d, "db_jobs") || there(d, "db.fio"));
	/* Nothing of it left: nothing moves, no folder is made. */
	rm_rf(d);
	d = scratch(n + 2, 2);
	move_aside(d, "db", OR_COMPAT_19C, mktime(&tm));
	assert_int_equal(history(d, first, sizeof(first)), 0);
	rm_rf(d);
}

/* A file where db_history/ must go: refused, exit 3, nothing moved. */
static char *refuse_dir;

static void run_refuse(void *arg)
{
	(void)arg;
	move_aside(refuse_dir, "db", OR_COMPAT_102, time(NULL));
}

static void test_history_refused(void **state)
{
	static const char *const n[] = { "db_summary.txt", "db_history" };
	char err[512];

	(void)state;
	refuse_dir = scratch(n, 2);
	assert_int_equal(in_child(run_refuse, NULL, err, sizeof(err)), EXIT_SAFETY);
	assert_non_null(strstr(err, "db_history: it is not a folder (left as it is"));
	assert_non_null(strstr(err, "refusing to overwrite them"));
	assert_true(there(refuse_dir, "db_summary.txt"));
	rm_rf(refuse_dir);
}

/* The lock file goes when the process that took it exits. */
static char *lock_path;

static void run_lock(void *arg)
{
	int fd = open(lock_path, O_RDWR | O_CREAT, 0644);

	(void)arg;
	lock_held(strdup(lock_path), fd);
	exit(0);
}

static void run_lock_gone(void *arg)
{
	int fd = open(lock_path, O_RDWR | O_CREAT, 0644);

	(void)arg;
	unlink(lock_path); /* the holder before ended and removed it */
	lock_held(strdup(lock_path), fd);
}

static void test_lock_removed(void **state)
{
	static const char *const none[] = { "x" };
	char *d = scratch(none, 0), err[512];

	(void)state;
	lock_path = xasprintf("%s/.db.lock", d);
	assert_int_equal(in_child(run_lock, NULL, NULL, 0), 0);
	assert_false(there(d, ".db.lock"));
	assert_int_equal(in_child(run_lock_gone, NULL, err, sizeof(err)), EXIT_USAGE);
	assert_non_null(strstr(err, "was removed); run again"));
	free(lock_path);
	rm_rf(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_env_compat),
		cmocka_unit_test(test_env_duration),
		cmocka_unit_test(test_env_bad),
		cmocka_unit_test(test_options_into_run),
		cmocka_unit_test(test_size_kb),
		cmocka_unit_test(test_history_102),
		cmocka_unit_test(test_history_dated),
		cmocka_unit_test(test_history_refused),
		cmocka_unit_test(test_lock_removed),
	};

	return cmocka_run_group_tests_name("dropin", tests, NULL, NULL);
}
