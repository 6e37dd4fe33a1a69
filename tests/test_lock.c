/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: the run's lock and folder (driver/lock.c) and a point's
 * result before it counts (driver/pointcheck.c). Each lock_run() is
 * called in a child, as it exits on refusal: a symlink planted as the
 * lock is refused (exit 2) and its target keeps its bytes; a hard link
 * and a file holding more than a PID are refused and left as they are;
 * a held lock is refused; a fresh lock holds the child's PID. The jobs
 * folder: a symlink and a folder others can write are refused, an own
 * folder passes. point_check(): a job with fio's error 5 is not a point
 * (its JSON renamed pNNN.json.failed, the reason given); a clean one is.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fiojson.h"
#include "lock.h"
#include "pointcheck.h"
#include "testutil.h"

static char dir[] = "/tmp/fiorion-lock.XXXXXX";

static char *in_dir(const char *name)
{
	static char p[4][300];
	static int k;

	k = (k + 1) % 4;
	snprintf(p[k], sizeof(p[k]), "%s/%s", dir, name);
	return p[k];
}

static void write_text(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

/* lock_run(dir, "t") in a child: its exit status (0 when it returned). */
static int lock_in_child(void)
{
	pid_t pid;
	int st;

	fflush(NULL);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		if (!getenv("TEST_LOCK_VERBOSE"))
			freopen("/dev/null", "w", stderr);
		lock_run(dir, "t");
		_exit(0);
	}
	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_true(WIFEXITED(st));
	return WEXITSTATUS(st);
}

static void test_planted(void **state)
{
	char *lock = in_dir(".t.lock"), *target = in_dir("target");

	(void)state;
	write_text(target, "precious\n");
	assert_int_equal(symlink(target, lock), 0);
	assert_int_equal(lock_in_child(), 2);
	assert_string_equal(tu_slurp(target), "precious\n");
	unlink(lock);
	assert_int_equal(link(target, lock), 0);
	assert_int_equal(lock_in_child(), 2);
	assert_string_equal(tu_slurp(target), "precious\n");
	unlink(lock);
	write_text(lock, "not a pid\n");
	assert_int_equal(lock_in_child(), 2);
	assert_string_equal(tu_slurp(lock), "not a pid\n");
	unlink(lock);
	unlink(target);
}

static void test_own_and_held(void **state)
{
	char *lock = in_dir(".t.lock");
	int fd;

	(void)state;
	/* Fresh: made, and the child's PID written (any PID: digits and a newline). */
	assert_int_equal(lock_in_child(), 0);
	assert_true(strlen(tu_slurp(lock)) > 1);
	assert_int_equal(strspn(tu_slurp(lock), "0123456789"), strlen(tu_slurp(lock)) - 1);
	/* Reused by the next run. */
	assert_int_equal(lock_in_child(), 0);
	/* Held by this process: refused. */
	fd = open(lock, O_RDWR);
	assert_true(fd >= 0);
	assert_int_equal(flock(fd, LOCK_EX | LOCK_NB), 0);
	assert_int_equal(lock_in_child(), 2);
	close(fd);
	unlink(lock);
}

/* lock_own_folder(@path) in a child: its exit status. */
static int folder_in_child(const char *path)
{
	pid_t pid;
	int st;

	fflush(NULL);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		freopen("/dev/null", "w", stderr);
		lock_own_folder(path);
		_exit(0);
	}
	assert_int_equal(waitpid(pid, &st, 0), pid);
	return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

static void test_own_folder(void **state)
{
	char *own = in_dir("own_jobs"), *link_ = in_dir("link_jobs"), *open_ = in_dir("open_jobs");

	(void)state;
	assert_int_equal(mkdir(own, 0755), 0);
	assert_int_equal(folder_in_child(own), 0);
	assert_int_equal(symlink(own, link_), 0);
	assert_int_equal(folder_in_child(link_), 2);
	assert_int_equal(mkdir(open_, 0755), 0);
	assert_int_equal(chmod(open_, 0777), 0);
	assert_int_equal(folder_in_child(open_), 2);
	/* Not there yet: it is made next. */
	assert_int_equal(folder_in_child(in_dir("new_jobs")), 0);
	unlink(link_);
	rmdir(own);
	rmdir(open_);
}

static const char *doc =
	"{\"fio version\": \"fio-3.36\", \"jobs\": [{\"jobname\": \"p001-s1-l0-small\", "
	"\"groupid\": 0, \"error\": %d, \"job options\": {\"rw\": \"randread\"}, "
	"\"job_runtime\": 52, \"read\": {\"io_bytes\": 12967936, \"total_ios\": 1583, "
	"\"runtime\": 52, \"iops\": 30442}, \"write\": {\"io_bytes\": 0, \"total_ios\": 0, "
	"\"runtime\": 0, \"iops\": 0}}]}\n";

static void test_pointcheck(void **state)
{
	char *json = in_dir("p001.json"), *failed = in_dir("p001.json.failed"), text[1024];
	struct fj_set set = { 0 };
	char *why = NULL;

	(void)state;
	snprintf(text, sizeof(text), doc, 0);
	write_text(json, text);
	/* The one read of the point: its jobs are the caller's. */
	assert_int_equal(point_check(json, NULL, &set, &why), 0);
	assert_null(why);
	assert_int_equal(set.njobs, 1);
	fj_set_release(&set);
	snprintf(text, sizeof(text), doc, 5);
	write_text(json, text);
	assert_int_equal(point_check(json, NULL, &set, &why), -1);
	assert_int_equal(set.njobs, 0);
	assert_non_null(why);
	assert_non_null(strstr(why, "job 'p001-s1-l0-small' failed in fio (error 5: input/output error) after 1583 I/Os in 52 ms"));
	assert_non_null(strstr(why, "p001.json.failed"));
	assert_int_equal(access(json, F_OK), -1);
	assert_int_equal(access(failed, F_OK), 0);
	free(why);
	unlink(failed);
}

static int setup(void **state)
{
	(void)state;
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	return rmdir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_planted),
		cmocka_unit_test(test_own_and_held),
		cmocka_unit_test(test_own_folder),
		cmocka_unit_test(test_pointcheck),
	};

	return cmocka_run_group_tests_name("lock", tests, setup, teardown);
}
