/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fiochild.h -- running stock fio on one job file.
 */
#ifndef FIORION_FIOCHILD_H
#define FIORION_FIOCHILD_H

#include "cli.h"

#include <signal.h>

/* The running fio child's PID, 0 when none (for a signal handler to stop it). */
extern volatile sig_atomic_t fiochild_pid;
/* Set by a stop signal's handler: a fio that has not ended 5 s later is killed. */
extern volatile sig_atomic_t fiochild_stop;

/* The time a fio run is given: the point's own and the stuck margin. */
struct fio_limit {
	unsigned int secs;    /* in all; 0: no limit */
	unsigned int stuck_s; /* of which FIORION_STUCK_TIMEOUT */
	const char *luns;     /* "LUN '/a'", for the message */
};

/*
 * Run @o->fio --output-format=json+ @job, its JSON into a staged name
 * renamed to @json only when fio exits 0 within @lim and no stop signal
 * came (a cut point is never kept as measured); its standard error into
 * @err. Returns 0, -ETIMEDOUT when fio was given up (named in *@why), or
 * -1 with *@why (malloc()ed) holding fio's last messages.
 */
int run_fio(const struct opts *o, const char *job, const char *json,
	    const char *err, const struct fio_limit *lim, char **why);

/*
 * fio --parse-only @job: whether fio takes the job file (its options,
 * the engine's among them) without doing any I/O; output into @out and
 * @err. Returns 0, or -1 with *@why holding fio's last messages.
 */
int run_fio_parse(const struct opts *o, const char *job, const char *out,
		  const char *err, char **why);

/*
 * A multi-host point (-clients): fio --client=HOST @jobs[i] for every
 * host at once, fio's output in @out, the JSON alone into @json when
 * every host gave its result without a job error. A run past @limit_s
 * (0: none) is stopped. Returns 0, or -1 with *@why naming each host that
 * failed or gave nothing.
 */
int run_fio_clients(const struct opts *o, char *const *jobs, const char *json,
		    const char *out, const char *err, unsigned int limit_s, char **why);

#endif
