/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fr_spawn.c -- a child process with its output in files (fr_spawn.h).
 */
#include "fr_spawn.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

#include "fr_file.h"

/* The child's part: no return. */
static void child(const struct fr_spawn *s, const sigset_t *old, pid_t parent)
{
	int o, e;

	if (s->pass_stop) {
		signal(SIGINT, SIG_DFL);
		signal(SIGTERM, SIG_DFL);
		signal(SIGHUP, SIG_DFL);
		signal(SIGPIPE, SIG_DFL);
		sigprocmask(SIG_SETMASK, old, NULL);
	}
	if (s->pdeath_sig) {
		prctl(PR_SET_PDEATHSIG, s->pdeath_sig);
		/* The parent died between fork() and prctl(): nobody sends it now. */
		if (getppid() != parent)
			raise(s->pdeath_sig);
	}
	o = fr_create_new(s->out);
	e = fr_create_new(s->err);
	if (o < 0 || e < 0 || dup2(o, 1) < 0 || dup2(e, 2) < 0)
		_exit(126);
	execvp(s->argv[0], s->argv);
	fprintf(stderr, "%s: cannot run '%s': %s\n", s->who, s->argv[0], strerror(errno));
	_exit(127);
}

pid_t fr_spawn(const struct fr_spawn *s, struct fr_err *err)
{
	sigset_t block, old;
	pid_t parent = getpid(), pid;
	int e;

	fflush(NULL);
	sigemptyset(&old);
	if (s->pass_stop) {
		sigemptyset(&block);
		sigaddset(&block, SIGINT);
		sigaddset(&block, SIGTERM);
		sigaddset(&block, SIGHUP);
		sigprocmask(SIG_BLOCK, &block, &old);
	}
	pid = fork();
	if (pid == 0)
		child(s, &old, parent);
	e = errno;
	if (pid > 0 && s->pid)
		*s->pid = pid;
	if (s->pass_stop)
		sigprocmask(SIG_SETMASK, &old, NULL);
	if (pid > 0)
		return pid;
	fr_errf(err, -e, "cannot start '%s': %s", s->argv[0], strerror(e));
	errno = e;
	return -e;
}
