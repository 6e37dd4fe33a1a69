/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: fr_spawn() (common/fr_spawn.c): the child's stdout and
 * stderr land in the files named, created new over what was there (a
 * symlink is replaced, not followed); a program that cannot be run exits
 * 127 with "WHO: cannot run" in its stderr, an output that cannot be
 * created 126; *pid is set; with pass_stop a child of a parent ignoring
 * SIGINT gets it back at its default (and dies of it), without it keeps
 * it ignored; the stop signals are unblocked again in the parent; the
 * parent-death signal reaches the child when its parent ends.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "fr_spawn.h"
#include "testutil.h"

static char *dir;

/* Run sh -c @script; its exit status (waitpid's). */
static int run_sh(const char *script, bool pass_stop, const char *out, const char *err,
		  volatile sig_atomic_t *pidp)
{
	char *argv[] = { "sh", "-c", (char *)script, NULL };
	const struct fr_spawn sp = { .argv = argv, .out = out, .err = err, .pass_stop = pass_stop, .pid = pidp, .who = "tester" };
	struct fr_err e = { "" };
	pid_t pid = fr_spawn(&sp, &e);
	int st;

	assert_true(pid > 0);
	if (pidp)
		assert_int_equal(*pidp, pid);
	assert_int_equal(waitpid(pid, &st, 0), pid);
	return st;
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

static void test_outputs(void **state)
{
	char *out = tu_path(dir, "out"), *err = tu_path(dir, "err"), *target = tu_path(dir, "target");
	volatile sig_atomic_t pid = 0;
	FILE *f;
	int st;

	(void)state;
	/* A symlink planted at the output's name is replaced, its target untouched. */
	f = fopen(target, "w");
	assert_non_null(f);
	fputs("keep\n", f);
	fclose(f);
	assert_int_equal(symlink(target, out), 0);
	st = run_sh("echo to-out; echo to-err >&2; exit 3", false, out, err, &pid);
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 3);
	assert_string_equal(tu_slurp(out), "to-out\n");
	assert_string_equal(tu_slurp(err), "to-err\n");
	assert_string_equal(tu_slurp(target), "keep\n");
	free(out);
	free(err);
	free(target);
}

static void test_failures(void **state)
{
	char *out = tu_path(dir, "o2"), *err = tu_path(dir, "e2"), *bad = tu_path(dir, "no/such/dir/out");
	char *argv[] = { "fiorion-no-such-program", "x", NULL };
	struct fr_spawn sp = { .argv = argv, .out = out, .err = err, .who = "tester" };
	pid_t pid;
	int st;

	(void)state;
	pid = fr_spawn(&sp, NULL);
	assert_true(pid > 0);
	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 127);
	assert_non_null(strstr(tu_slurp(err), "tester: cannot run 'fiorion-no-such-program': "));
	sp.out = bad;
	pid = fr_spawn(&sp, NULL);
	assert_true(pid > 0);
	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 126);
	free(out);
	free(err);
	free(bad);
}

static void test_stop_signals(void **state)
{
	char *out = tu_path(dir, "o3"), *err = tu_path(dir, "e3");
	struct sigaction ign = { .sa_handler = SIG_IGN }, old;
	sigset_t now;
	int st;

	(void)state;
	sigaction(SIGINT, &ign, &old);
	/* Without pass_stop the ignored SIGINT stays ignored: the shell lives on. */
	st = run_sh("kill -INT $$; echo alive", false, out, err, NULL);
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 0);
	assert_string_equal(tu_slurp(out), "alive\n");
	/* With it, SIGINT is back at its default: the shell dies of it. */
	st = run_sh("kill -INT $$; echo alive", true, out, err, NULL);
	assert_true(WIFSIGNALED(st));
	assert_int_equal(WTERMSIG(st), SIGINT);
	assert_string_equal(tu_slurp(out), "");
	sigaction(SIGINT, &old, NULL);
	/* The parent's mask is as it was. */
	sigprocmask(SIG_BLOCK, NULL, &now);
	assert_false(sigismember(&now, SIGINT));
	assert_false(sigismember(&now, SIGTERM));
	assert_false(sigismember(&now, SIGHUP));
	free(out);
	free(err);
}

/*
 * A middle process starts sleep with pdeath_sig SIGUSR1 and ends; this
 * process, the sleep's subreaper, sees it die of SIGUSR1.
 */
static void test_parent_death(void **state)
{
	char *out = tu_path(dir, "o4"), *err = tu_path(dir, "e4");
	int fd[2], st;
	pid_t mid, child = 0;
	struct timespec t0, t1;

	(void)state;
	assert_int_equal(prctl(PR_SET_CHILD_SUBREAPER, 1), 0);
	assert_int_equal(pipe(fd), 0);
	mid = fork();
	assert_true(mid >= 0);
	if (mid == 0) {
		char *argv[] = { "sleep", "30", NULL };
		const struct fr_spawn sp = { .argv = argv, .out = out, .err = err, .pdeath_sig = SIGUSR1, .who = "tester" };
		pid_t p = fr_spawn(&sp, NULL);

		if (write(fd[1], &p, sizeof(p)) != sizeof(p))
			_exit(1);
		/* Give the child time to reach prctl() before this parent ends. */
		usleep(300 * 1000);
		_exit(0);
	}
	assert_int_equal(read(fd[0], &child, sizeof(child)), sizeof(child));
	assert_true(child > 0);
	assert_int_equal(waitpid(mid, &st, 0), mid);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	assert_int_equal(waitpid(child, &st, 0), child);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	assert_true(WIFSIGNALED(st));
	assert_int_equal(WTERMSIG(st), SIGUSR1);
	assert_true(t1.tv_sec - t0.tv_sec < 10);
	close(fd[0]);
	close(fd[1]);
	free(out);
	free(err);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_outputs),
		cmocka_unit_test(test_failures),
		cmocka_unit_test(test_stop_signals),
		cmocka_unit_test(test_parent_death),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
