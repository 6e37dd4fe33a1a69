/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fr_cli.c -- the programs' edge: fatal messages with their exit status,
 * formatting that exits when memory runs out, and -version.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fr_cli.h"
#include "version.h"

static const char *prog = "fiorion";
static bool escape = true;
static void (*before_die)(void);
static bool quiet;
static bool holding;
static char *held; /* the notes held, each line whole, or NULL */
static size_t nheld;

void fr_cli_init(const char *name, bool esc)
{
	prog = name;
	escape = esc;
}

const char *fr_cli_prog(void)
{
	return prog;
}

void fr_cli_before_die(void (*fn)(void))
{
	before_die = fn;
}

void fr_notes_hold(void)
{
	holding = true;
}

/* The notes held, printed (not under -q), then freed. */
static void release_notes(bool print)
{
	if (held && print)
		fwrite(held, 1, nheld, stderr);
	free(held);
	held = NULL;
	nheld = 0;
	holding = false;
}

void fr_cli_set_quiet(bool q)
{
	quiet = q;
	release_notes(!q);
}

bool fr_quiet(void)
{
	return quiet;
}

void fr_note(const char *fmt, ...)
{
	char *msg = NULL, *nh;
	va_list ap;
	int n;

	if (quiet)
		return;
	va_start(ap, fmt);
	n = vasprintf(&msg, fmt, ap);
	va_end(ap);
	if (n < 0)
		return; /* out of memory: a note is not worth dying for */
	if (!holding) {
		fprintf(stderr, "%s: note: %s\n", prog, msg);
	} else if ((nh = realloc(held, nheld + strlen(prog) + (size_t)n + 10))) {
		held = nh;
		nheld += (size_t)sprintf(held + nheld, "%s: note: %s\n", prog, msg);
	}
	free(msg);
}

static void vdie(int status, const char *fmt, va_list ap) __attribute__((noreturn, format(printf, 2, 0)));
static void vdie(int status, const char *fmt, va_list ap)
{
	void (*fn)(void) = before_die;
	char *msg = NULL;
	const char *c;

	/* Once: a message from inside the hook is not preceded by it again. */
	before_die = NULL;
	/* Whether -q was given is not known yet: said, as they came. */
	release_notes(true);
	if (fn)
		fn();
	fprintf(stderr, "%s: ", prog);
	if (!escape) {
		vfprintf(stderr, fmt, ap);
		fputc('\n', stderr);
		exit(status);
	}
	if (vasprintf(&msg, fmt, ap) < 0)
		msg = NULL;
	/* What the message quotes (a binary .lun line, a planted file) is never echoed raw. */
	for (c = msg ? msg : "out of memory"; *c; c++)
		if (((unsigned char)*c < 0x20 && *c != '\t') || *c == 0x7f)
			fprintf(stderr, "\\x%02x", (unsigned char)*c);
		else
			fputc(*c, stderr);
	fputc('\n', stderr);
	free(msg);
	exit(status);
}

void die_usage(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vdie(EXIT_USAGE, fmt, ap);
}

void die_safety(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vdie(EXIT_SAFETY, fmt, ap);
}

void die_run(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vdie(EXIT_RUN, fmt, ap);
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;

	va_start(ap, fmt);
	if (vasprintf(&s, fmt, ap) < 0) {
		fprintf(stderr, "%s: out of memory\n", prog);
		exit(EXIT_RUN);
	}
	va_end(ap);
	return s;
}

void fr_fio_version(const char *fio, char *buf, size_t len)
{
	char *cmd = NULL;
	FILE *p = NULL;

	buf[0] = '\0';
	if (!strchr(fio, '\'') && asprintf(&cmd, "'%s' --version 2>/dev/null", fio) >= 0)
		p = popen(cmd, "r");
	if (p && fgets(buf, (int)len, p))
		buf[strcspn(buf, "\n")] = '\0';
	if (p)
		pclose(p);
	free(cmd);
}

int fr_print_version(const struct fr_version *v)
{
	char have[64];

	fr_fio_version(v->fio, have, sizeof(have));
	printf("%s\n", v->title);
	if (v->layout)
		printf("layout: %s\n", v->layout);
	printf("engine built against: %s\n", v->built_against);
	if (v->engine)
		printf("engine: %s%s\n", v->engine, access(v->engine, R_OK) ? " (not found)" : "");
	printf("installed fio: %s\n", have[0] ? have : "not found");
	if (have[0] && strcmp(have, v->built_against) && v->fio_named)
		fprintf(stderr, "%s: warning: the installed fio ('%s': %s) is not the release the engine was built against (%s): " FIORION_REBUILD_HINT "\n",
			prog, v->fio, have, v->built_against, have);
	else if (have[0] && strcmp(have, v->built_against))
		fprintf(stderr, "%s: warning: the installed fio (%s) is not the release fiorion's engine was built against (%s): " FIORION_REBUILD_HINT "\n",
			prog, have, v->built_against, have);
	return fflush(stdout) || ferror(stdout) ? EXIT_RUN : EXIT_OK;
}
