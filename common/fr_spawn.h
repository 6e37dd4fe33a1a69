/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fr_spawn.h -- start a program as a child process: its standard output
 * and error into files created new, its signals set up for the caller's
 * handling, and a signal when its parent ends. The one way fiorion
 * starts fio (driver/fiochild.c: the points; driver/hosts.c: the probe).
 */
#ifndef FIORION_FR_SPAWN_H
#define FIORION_FR_SPAWN_H

#include <signal.h>
#include <stdbool.h>
#include <sys/types.h>

#include "fr_err.h"

struct fr_spawn {
	char *const *argv;     /* argv[0] is looked up in PATH */
	const char *out, *err; /* its stdout and stderr: created new (fr_create_new()) */
	/* Sent to the child when its parent ends (prctl PR_SET_PDEATHSIG, and
	 * at once when the parent ended before the child could ask); 0: none. */
	int pdeath_sig;
	/*
	 * true: SIGINT, SIGTERM and SIGHUP are blocked from before the fork
	 * until *@pid holds the child, so a handler that passes them on
	 * finds it; the child gets them and SIGPIPE back at their defaults.
	 * false: the child keeps what exec keeps (handlers become defaults,
	 * ignored signals stay ignored, SIGPIPE among them).
	 */
	bool pass_stop;
	volatile sig_atomic_t *pid; /* may be NULL */
	/* Its message when argv[0] cannot be run starts "@who: " ("fio", "fiorion"). */
	const char *who;
};

/*
 * Start @s->argv. Everything buffered in stdio is flushed first. The
 * child exits 126 when its output files cannot be created and 127 when
 * argv[0] cannot be run (with "WHO: cannot run 'ARGV0': REASON" in its
 * stderr). Returns the child's pid, or -errno (errno set too) with @err
 * naming the program when the fork failed.
 */
pid_t fr_spawn(const struct fr_spawn *s, struct fr_err *err);

#endif
