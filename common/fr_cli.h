/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fr_cli.h -- what both programs (fiorion, fio2orion) share at their
 * edge: the exit statuses, the one-line fatal messages ("PROG: message")
 * and -version's lines.
 */
#ifndef FIORION_FR_CLI_H
#define FIORION_FR_CLI_H

#include <stdbool.h>
#include <stddef.h>

/* 0 done, 1 a point or an output failed, 2 bad options or input, 3 a safety refusal. */
enum { EXIT_OK = 0,
       EXIT_RUN = 1,
       EXIT_USAGE = 2,
       EXIT_SAFETY = 3 };

/*
 * The program the messages name (default "fiorion") and whether a
 * message's control characters are printed as \xNN (default true: what
 * a message quotes, a binary .lun line, is never echoed raw).
 */
void fr_cli_init(const char *prog, bool escape);
const char *fr_cli_prog(void);

/*
 * @fn is called once before the first fatal message, before anything is
 * written to stderr (the drop-in's banner: driver/screen.h); NULL for none.
 */
void fr_cli_before_die(void (*fn)(void));

/*
 * -q: what a program says to keep its user informed -- notes (fr_note())
 * and progress lines (printed when !fr_quiet()) -- is left out; warnings,
 * errors and a program's results (ORION's screen lines on stdout) never
 * are. A note said while the command line is read waits for its end (a
 * -q may come after it, fiorion -storax oss -q): from fr_notes_hold()
 * until fr_cli_set_quiet(), which then prints the held notes, or drops
 * them under -q. A fatal message prints them first.
 */
void fr_notes_hold(void);
void fr_cli_set_quiet(bool quiet);
bool fr_quiet(void);
/* "PROG: note: <message>" on stderr, unless -q. */
void fr_note(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* "PROG: <message>" and exit EXIT_USAGE (bad options or input). */
void die_usage(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
/* "PROG: <message>" and exit EXIT_RUN (the system failed: a write, a full disk). */
void die_run(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));
/* "PROG: <message>" and exit EXIT_SAFETY (a LUN holds what the user did not name). */
void die_safety(const char *fmt, ...) __attribute__((format(printf, 1, 2), noreturn));

/* asprintf() that says "PROG: out of memory" and exits EXIT_RUN when memory runs out. */
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* "fio-3.33" from `'@fio' --version`, or "" when it cannot be run. */
void fr_fio_version(const char *fio, char *buf, size_t len);

/* What -version prints, in this order. */
struct fr_version {
	const char *title;	   /* the first line: "fiorion 0.1" */
	const char *layout;	   /* "layout: ..." line, or NULL for none */
	const char *built_against; /* the fio release the engine was built against */
	const char *engine;	   /* "engine: PATH" line ("(not found)" added), or NULL */
	const char *fio;	   /* the fio program asked */
	bool fio_named;		   /* the warning names @fio (fiorion's -fio) */
};

/*
 * Print @v's lines on stdout and, when the installed fio is not the
 * release the engine was built against, a warning on stderr. EXIT_OK, or
 * EXIT_RUN when stdout could not be written.
 */
int fr_print_version(const struct fr_version *v);

#endif
