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
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "fiochild.h"
#include "fiojson.h"
#include "fr_file.h"
#include "fr_spawn.h"
#include "fr_time.h"
#include "hosts.h"

volatile sig_atomic_t fiochild_pid;
volatile sig_atomic_t fiochild_stop;

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

/*
 * Start @argv with its standard output in @out and standard error in
 * @err, both created new (never through a name planted there). The stop
 * signals wait until the child is known, so the handler can pass them
 * on; the child gets them, and SIGPIPE, back at fio's defaults. fio does
 * not outlive fiorion (it would go on loading the LUNs).
 */
static pid_t spawn(char *const *argv, const char *out, const char *err, char **why)
{
	const struct fr_spawn sp = {
		.argv = argv, .out = out, .err = err, .pdeath_sig = SIGTERM, .pass_stop = true, .pid = &fiochild_pid, .who = "fiorion"
	};
	pid_t pid = fr_spawn(&sp, NULL);

	if (pid < 0) {
		*why = xasprintf("cannot start fio: %s\n", strerror(-pid));
		return -1;
	}
	return pid;
}

/*
 * Wait for the child; with @limit_s, a child still running then is sent
 * SIGTERM, and SIGKILL 5 s later. One that a SIGKILL does not end within
 * 5 s more (a process waiting in the kernel for a device) is left
 * behind. Returns true when it was given up.
 */
static bool reap(pid_t pid, unsigned int limit_s, int *st)
{
	double deadline = fr_mono_s() + limit_s, termed = 0, stopped = 0, killed = 0;
	bool late = false;

	*st = 0;
	for (;;) {
		struct timespec ts = { 0, 50 * 1000 * 1000 };
		pid_t r = waitpid(pid, st, WNOHANG);
		double now = fr_mono_s();

		if (r == pid || (r < 0 && errno != EINTR))
			break;
		if (limit_s && !late && now > deadline) {
			late = true;
			termed = now;
			kill(pid, SIGTERM);
		}
		/* A stop signal (SIGTERM sent by the handler) or the limit: 5 s, then SIGKILL. */
		if (fiochild_stop && !stopped)
			stopped = now;
		if (!killed && ((termed && now > termed + 5) || (stopped && now > stopped + 5))) {
			kill(pid, SIGKILL);
			killed = now;
		}
		if (killed && late && now > killed + 5)
			break; /* left behind: nothing more can end it */
		nanosleep(&ts, NULL);
	}
	fiochild_pid = 0;
	return late;
}

/*
 * Run stock fio on one job file: stdout = JSON into a staged name,
 * renamed to @json only when fio exited 0 within its time and no stop
 * signal came; stderr kept in @err.
 */
int run_fio(const struct opts *o, const char *job, const char *json,
	    const char *err, const struct fio_limit *lim, char **why)
{
	char *argv[] = { (char *)o->fio, "--output-format=json+", (char *)job, NULL };
	char *staged = xasprintf("%s.part", json);
	bool late;
	pid_t pid;
	int st;

	if (o->verbose)
		printf("  fio command: %s --output-format=json+ %s > %s 2> %s\n",
		       o->fio, job, json, err);
	pid = spawn(argv, staged, err, why);
	if (pid < 0) {
		free(staged);
		return -1;
	}
	late = reap(pid, lim ? lim->secs : 0, &st);
	if (!late && !fiochild_stop && WIFEXITED(st) && WEXITSTATUS(st) == 0) {
		if (rename(staged, json) == 0) {
			free(staged);
			return 0;
		}
		*why = xasprintf("  cannot keep fio's result as '%s': %s\n", json, strerror(errno));
		unlink(staged);
		free(staged);
		return -1;
	}
	/* Cut short, failed or given up: fio's output is not a result. */
	unlink(staged);
	free(staged);
	if (late) {
		*why = xasprintf("  fio gave no result within %u s (the point's %u s and FIORION_STUCK_TIMEOUT=%u s): %s is not completing its I/O (stuck device?); fio was stopped\n",
				 lim->secs, lim->secs - lim->stuck_s, lim->stuck_s, lim->luns);
		return -ETIMEDOUT;
	}
	*why = tail_of(err);
	if (WIFSIGNALED(st)) {
		char *w = xasprintf("%s  (fio killed by signal %d)\n", *why, WTERMSIG(st));

		free(*why);
		*why = w;
	}
	return -1;
}

/* Does @line name @addr as a whole word (not 127.0.0.2 in 127.0.0.21)? */
static bool names(const char *line, const char *addr)
{
	size_t n = strlen(addr);
	const char *at;

	for (at = strstr(line, addr); at; at = strstr(at + 1, addr)) {
		char before = at > line ? at[-1] : ' ', after = at[n];

		if (!strchr("0123456789.:-_abcdefghijklmnopqrstuvwxyz", before) &&
		    !strchr("0123456789.-_abcdefghijklmnopqrstuvwxyz", after ? after : ' '))
			return true;
	}
	return false;
}

/*
 * Lines of @path about host @h, for an error: fio's client messages name
 * its address; the server's own lines come as "<its hostname> ...", used
 * when no other host has that name. Not the JSON's lines.
 */
static void host_lines(FILE *f, const char *path, const struct host *h, bool own_name)
{
	char line[1024], prefix[300];
	FILE *in = fopen(path, "re");
	int n = 0;

	snprintf(prefix, sizeof(prefix), "<%s> ", h->server_name ? h->server_name : "");
	while (in && fgets(line, sizeof(line), in) && n < 6) {
		const char *s = line + strspn(line, " ");

		line[strcspn(line, "\n")] = '\0';
		if (*s == '"' || *s == '{' || *s == '}' || !printable(line))
			continue;
		if (names(line, h->addr) ||
		    (own_name && h->server_name && !strncmp(line, prefix, strlen(prefix)) &&
		     (strstr(line, "fio:") || strstr(line, "fiorion:")))) {
			fprintf(f, "    %s\n", line);
			n++;
		}
	}
	if (in)
		fclose(in);
}

/* Is @h's server name its own among the hosts (so its "<name>" lines are its)? */
static bool own_name(const struct hostset *hs, const struct host *h)
{
	size_t i;

	if (!h->server_name)
		return false;
	for (i = 0; i < hs->n; i++)
		if (&hs->h[i] != h && hs->h[i].server_name &&
		    !strcmp(hs->h[i].server_name, h->server_name))
			return false;
	return true;
}

int run_fio_clients(const struct opts *o, char *const *jobs, const char *json,
		    const char *out, const char *err, unsigned int limit_s, char **why)
{
	const struct hostset *hs = &o->hosts;
	char **argv = calloc(2 * hs->n + 3, sizeof(*argv)), *text = NULL, *doc, *s = NULL;
	struct fr_err ferr = { "" };
	struct fj_set set = { 0 };
	size_t i, k = 0, len = 0, tlen;
	bool late, bad = false;
	FILE *f;
	pid_t pid;
	int st;

	if (!argv)
		die_run("out of memory");
	argv[k++] = (char *)o->fio;
	argv[k++] = "--output-format=json+";
	for (i = 0; i < hs->n; i++) {
		char *a = host_fio_arg(&hs->h[i]);

		argv[k++] = xasprintf("--client=%s", a ? a : "");
		argv[k++] = jobs[i];
		free(a);
	}
	if (o->verbose) {
		printf("  fio command:");
		for (i = 0; i < k; i++)
			printf(" %s", argv[i]);
		printf(" > %s 2> %s\n", out, err);
	}
	pid = spawn(argv, out, err, why);
	for (i = 0; i < hs->n; i++)
		free(argv[2 + 2 * i]);
	free(argv);
	if (pid < 0)
		return -1;
	late = reap(pid, limit_s, &st);
	f = open_memstream(&s, &len);
	if (!f)
		die_run("out of memory");
	if (late)
		fprintf(f, "  fio gave no result within %u s (the point's time and -host_timeout %u s); it was stopped\n",
			limit_s, o->host_timeout);
	/* Each host must be in the result, with no job error: a host's own numbers or none. */
	if (fj_read_file(&set, out, &ferr)) {
		if (!late)
			fprintf(f, "  no result from fio: %s\n", ferr.msg);
		bad = true;
	}
	for (i = 0; i < hs->n; i++) {
		const struct host *h = &hs->h[i];
		bool seen = false, failed = false;

		for (k = 0; k < set.njobs; k++)
			if (set.jobs[k].host && !strcmp(set.jobs[k].host, h->ri->name)) {
				seen = true;
				failed |= set.jobs[k].error != 0;
			}
		if (seen && !failed)
			continue;
		bad = true;
		fprintf(f, "  host %s: %s\n", h->ri->name,
			failed	       ? "a job failed there"
				: late ? "no result from it before fio was stopped"
				       : "no result from it (it died, or dropped the connection)");
		host_lines(f, out, h, own_name(hs, h));
		host_lines(f, err, h, own_name(hs, h));
	}
	fj_set_release(&set);
	if (!bad && !late && WIFEXITED(st) && WEXITSTATUS(st) == 0 &&
	    !fr_read_file(out, "fio's output", 0, 0, &text, &tlen, &ferr)) {
		/* The JSON alone (fio prints the servers' job lines before it). */
		doc = text[0] == '{' ? text : strstr(text, "\n{");
		doc = doc && doc != text ? doc + 1 : doc;
		if (doc && !fr_write_atomic(json, doc, tlen - (size_t)(doc - text), &ferr)) {
			free(text);
			fclose(f);
			free(s);
			return 0;
		}
		fprintf(f, "  %s\n", doc ? ferr.msg : "no JSON in fio's output");
	} else if (!bad && !late) {
		char *t = tail_of(err);

		fprintf(f, "%s  (fio %s %d)\n", t, WIFSIGNALED(st) ? "killed by signal" : "exited with status",
			WIFSIGNALED(st) ? WTERMSIG(st) : WEXITSTATUS(st));
		free(t);
	}
	free(text);
	fclose(f);
	*why = s;
	return -1;
}

/* Every printable line of a short message file, indented (fio's "Bad option <x>" too). */
static char *all_of(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[1024], *out = NULL;
	size_t len = 0;
	FILE *m = open_memstream(&out, &len);

	while (f && m && fgets(line, sizeof(line), f) && len < 4096) {
		line[strcspn(line, "\n")] = '\0';
		if (*line && printable(line))
			fprintf(m, "  %s\n", line);
	}
	if (f)
		fclose(f);
	if (m)
		fclose(m);
	return out ? out : strdup("");
}

int run_fio_parse(const struct opts *o, const char *job, const char *out,
		  const char *err, char **why)
{
	char *argv[] = { (char *)o->fio, "--parse-only", (char *)job, NULL };
	pid_t pid = spawn(argv, out, err, why);
	int st;

	if (pid < 0)
		return -1;
	reap(pid, 0, &st);
	if (WIFEXITED(st) && WEXITSTATUS(st) == 0)
		return 0;
	*why = all_of(err);
	return -1;
}
