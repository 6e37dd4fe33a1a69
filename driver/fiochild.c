/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fiochild.c -- stock fio as a child process: one job file, its JSON on
 * fio's standard output into the point's file, its standard error kept,
 * and fio's own messages from it when the point fails.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "fiochild.h"

volatile sig_atomic_t fiochild_pid;

static bool printable(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 && *s != '\t')
			return false;
	return true;
}


/*
 * fio's messages from its stderr, for an error message: the last few
 * "fio..." lines (fio: and fiorion: lines; fio also prints raw buffer
 * bytes around I/O errors, which are dropped).
 */
static char *tail_of(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[1024], keep[6][1024];
	int n = 0, i;
	size_t len = 1;
	char *out;

	if (!f)
		return strdup("");
	while (fgets(line, sizeof(line), f)) {
		line[strcspn(line, "\n")] = '\0';
		if (!*line || !printable(line) || strncmp(line, "fio", 3))
			continue;
		if (n == 6)
			memmove(keep[0], keep[1], sizeof(keep[0]) * 5);
		snprintf(keep[n < 6 ? n : 5], sizeof(keep[0]), "%s", line);
		if (n < 6)
			n++;
	}
	fclose(f);
	for (i = 0; i < n; i++)
		len += strlen(keep[i]) + 3;
	out = calloc(1, len);
	for (i = 0; out && i < n; i++) {
		strcat(out, "  ");
		strcat(out, keep[i]);
		strcat(out, "\n");
	}
	return out ? out : strdup("");
}


/* Run stock fio on one job file: stdout = JSON, stderr kept. */
int run_fio(const struct opts *o, const char *job, const char *json,
		   const char *err, char **why)
{
	sigset_t block, old;
	pid_t pid;
	int st;

	if (o->verbose)
		printf("  fio command: %s --output-format=json+ %s > %s 2> %s\n",
		       o->fio, job, json, err);
	fflush(NULL);
	/*
	 * SIGINT/SIGTERM wait until the child is known, so the handler can
	 * pass them on; the child gets them back at fio's defaults.
	 */
	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	sigprocmask(SIG_BLOCK, &block, &old);
	pid = fork();
	if (pid < 0) {
		sigprocmask(SIG_SETMASK, &old, NULL);
		*why = xasprintf("cannot start fio: %s\n", strerror(errno));
		return -1;
	}
	if (pid == 0) {
		signal(SIGINT, SIG_DFL);
		signal(SIGTERM, SIG_DFL);
		sigprocmask(SIG_SETMASK, &old, NULL);
		/* fio does not outlive fiorion (it would go on loading the LUNs). */
		prctl(PR_SET_PDEATHSIG, SIGTERM);
		int out = open(json, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
		int e = open(err, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

		if (out < 0 || e < 0 || dup2(out, 1) < 0 || dup2(e, 2) < 0)
			_exit(126);
		execlp(o->fio, o->fio, "--output-format=json+", job, (char *)NULL);
		fprintf(stderr, "fiorion: cannot run '%s': %s\n", o->fio, strerror(errno));
		_exit(127);
	}
	fiochild_pid = pid;
	sigprocmask(SIG_SETMASK, &old, NULL);
	while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
		;
	fiochild_pid = 0;
	if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
		return 0;
	*why = tail_of(err);
	if (WIFSIGNALED(st)) {
		char *w = xasprintf("%s  (fio killed by signal %d)\n", *why, WTERMSIG(st));

		free(*why);
		*why = w;
	}
	return -1;
}

