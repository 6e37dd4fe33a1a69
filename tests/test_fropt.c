/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * test_fropt.c -- the option-table walker (common/fr_opt.c): every kind
 * stores its value in its field and marks it given, in the command
 * line's order; the table's defaults are stored as values, unmarked,
 * and a default in words is not; an unknown option or a missing value
 * is handed back; a bad value is one message and exit status 2 (run in
 * a child); -help's lines are laid out at the table's column, each
 * default after its text or under it; and the shared edge
 * (common/fr_cli.c): the program's name in a message, escaped or not.
 */
#include <getopt.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cmocka.h>

#include "fr_cli.h"
#include "fr_opt.h"

enum shape { SH_ROUND = 3,
	     SH_SQUARE,
	     SH_FLAT };
enum trunner { TR_BUILTIN,
	       TR_FIO };

struct topts {
	enum shape shape; /* offset 0: FR_FIELD() must tell it from "none" */
	bool have_shape;
	bool flag;
	const char *name;
	long count;
	unsigned int secs;
	uint64_t block;
	bool seq;
	enum trunner runner;
	const char *called;
	int ncalls;
	uint64_t kb;
	double pct;
};

static const char *const shapes[] = { "round", "square", "flat", NULL };
static const char *const types[] = { "rand", "seq", NULL };
static const char *const runners[] = { "builtin", "fio", NULL };

static void set_call(void *o, const struct fr_opt *d, const char *v)
{
	struct topts *t = o;

	(void)d;
	t->called = v ? v : "(none)";
	t->ncalls++;
}

#define F(m) FR_FIELD(struct topts, m)
/* One option a row, its -help text as it prints. */
/* clang-format off */
static const struct fr_opt tab[] = {
	{ .kind = FR_OPT_TEXT, .help = "section:\n" },
	{ "shape", FR_OPT_ENUM, "SHAPE", SH_ROUND, 0, shapes, F(shape), F(have_shape), FR_OPTF_NOCASE, NULL,
	  "round, square or flat", "square" },
	{ "flag", FR_OPT_FLAG, NULL, 0, 0, NULL, F(flag), 0, 0, NULL, "a flag", NULL },
	{ "name", FR_OPT_STRING, "NAME", 0, 0, NULL, F(name), 0, FR_OPTF_NONEMPTY, NULL,
	  "a name,\nover two lines", "x" },
	{ "count", FR_OPT_LONG, "N", 0, 100, NULL, F(count), 0, 0, NULL, "0 to 100", "5" },
	{ "secs", FR_OPT_UINT, "S", 5, 3600, NULL, F(secs), 0, 0, NULL, "5 to 3600", NULL },
	{ "block", FR_OPT_SIZE, "SIZE", 1, 1L << 40, NULL, F(block), 0, FR_OPTF_DEF_NOTE, NULL, "a size",
	  "the device's\nblock, whatever it is" },
	{ "type", FR_OPT_ENUM_BOOL, "rand|seq", 0, 0, types, F(seq), 0, 0, NULL, "a choice", "seq" },
	{ "runner", FR_OPT_ENUM, "builtin|fio", TR_BUILTIN, 0, runners, F(runner), 0, FR_OPTF_NOCASE, NULL,
	  "21 chars before this", NULL },
	{ "call", FR_OPT_CALL, "V", 0, 0, NULL, 0, 0, 0, set_call, "set() takes it", "c" },
	{ "ping", FR_OPT_CALL, NULL, 0, 0, NULL, 0, 0, 0, set_call, "set() without a value", NULL },
	{ "kb", FR_OPT_U64, "KB", 1, 1L << 40, NULL, F(kb), 0, 0, NULL, "1 to 2^40", "64" },
	{ "pct", FR_OPT_DOUBLE, "PCT", 0, 100, NULL, F(pct), 0, 0, NULL,
	  "0 to 100, the percentage of what is read or written", "50" },
};
/* clang-format on */
#define NTAB (sizeof(tab) / sizeof(tab[0]))

static int walk(struct topts *t, char **argv)
{
	int argc = 0;

	while (argv[argc])
		argc++;
	memset(t, 0, sizeof(*t));
	optind = 0; /* glibc: start getopt over */
	return fr_opt_walk(tab, NTAB, t, argc, argv);
}

static void test_every_kind(void **state)
{
	char *argv[] = { "prog", "-shape", "SQUARE", "-flag", "--name", "x", "-count", "7",
			 "-secs", "3600", "-block", "64k", "-type", "seq", "-runner", "FIO",
			 "-call", "v1", "-kb", "1099511627776", "-pct", "20", "-ping", "op1", "op2", NULL };
	struct topts t;

	(void)state;
	assert_int_equal(walk(&t, argv), 0);
	assert_int_equal(t.shape, SH_SQUARE);
	assert_true(t.have_shape);
	assert_true(t.flag);
	assert_string_equal(t.name, "x");
	assert_int_equal(t.count, 7);
	assert_int_equal(t.secs, 3600);
	assert_int_equal(t.block, 65536);
	assert_int_equal(t.kb, 1099511627776ULL);
	assert_true(t.pct == 20.0);
	assert_true(t.seq);
	/* Its place in the values, whatever the case typed. */
	assert_int_equal(t.runner, TR_FIO);
	/* Both calls, the last one's value (none). */
	assert_int_equal(t.ncalls, 2);
	assert_string_equal(t.called, "(none)");
	assert_int_equal(optind, 23);
	assert_string_equal(argv[optind], "op1");
}

static void test_order_and_defaults(void **state)
{
	char *later[] = { "prog", "-count", "1", "-count", "2", "-type", "rand", NULL };
	char *none[] = { "prog", "op", NULL };
	char *prefix[] = { "prog", "-cou", "3", "-sh", "flat", NULL };
	struct topts t;

	(void)state;
	assert_int_equal(walk(&t, later), 0);
	assert_int_equal(t.count, 2);
	assert_false(t.seq);
	assert_int_equal(walk(&t, none), 0);
	assert_false(t.have_shape);
	assert_int_equal(t.shape, 0);
	assert_int_equal(optind, 1);
	/* getopt_long_only's unique prefixes. */
	assert_int_equal(walk(&t, prefix), 0);
	assert_int_equal(t.count, 3);
	assert_int_equal(t.shape, SH_FLAT);
}

/* The table's defaults: stored as values would be, none marked given; words stored nowhere. */
static void test_table_defaults(void **state)
{
	char *over[] = { "prog", "-count", "7", NULL };
	struct topts t;

	(void)state;
	memset(&t, 0, sizeof(t));
	fr_opt_defaults(tab, NTAB, &t);
	assert_int_equal(t.shape, SH_SQUARE);
	assert_false(t.have_shape);
	assert_string_equal(t.name, "x");
	assert_int_equal(t.count, 5);
	assert_int_equal(t.block, 0);
	assert_true(t.seq);
	assert_string_equal(t.called, "c");
	assert_int_equal(t.ncalls, 1);
	assert_int_equal(t.kb, 64);
	assert_true(t.pct == 50.0);
	/* The command line over them. */
	fr_opt_defaults(tab, NTAB, &t);
	optind = 0;
	assert_int_equal(fr_opt_walk(tab, NTAB, &t, 3, over), 0);
	assert_int_equal(t.count, 7);
	assert_int_equal(t.kb, 64);
}

static void test_unknown_and_missing(void **state)
{
	char *unknown[] = { "prog", "-flag", "-nosuch", NULL };
	char *missing[] = { "prog", "-count", NULL };
	char *ambiguous[] = { "prog", "-c", "1", NULL };
	struct topts t;

	(void)state;
	assert_int_equal(walk(&t, unknown), '?');
	assert_true(t.flag);
	assert_int_equal(optopt, 0);
	assert_string_equal(unknown[optind - 1], "-nosuch");
	assert_int_equal(walk(&t, missing), '?');
	assert_int_not_equal(optopt, 0);
	assert_string_equal(missing[optind - 1], "-count");
	/* -c: count or call. */
	assert_int_equal(walk(&t, ambiguous), '?');
}

/* Run @argv's walk in a child: its exit status, its stderr in @err. */
static int walk_child(char **argv, char *err, size_t len)
{
	int fd[2], status;
	size_t got = 0;
	ssize_t n;
	pid_t pid;

	assert_int_equal(pipe(fd), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (!pid) {
		struct topts t;

		close(fd[0]);
		dup2(fd[1], 2);
		walk(&t, argv);
		_exit(0);
	}
	close(fd[1]);
	while (got + 1 < len && (n = read(fd[0], err + got, len - 1 - got)) > 0)
		got += (size_t)n;
	err[got] = '\0';
	close(fd[0]);
	waitpid(pid, &status, 0);
	return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

static void test_bad_values(void **state)
{
	static const struct {
		const char *opt, *val, *msg;
	} bad[] = {
		{ "-count", "x", "fiorion: -count 'x': expected a whole number from 0 to 100\n" },
		{ "-count", "101", "fiorion: -count 101: must be from 0 to 100\n" },
		{ "-count", "5x", "fiorion: -count '5x': expected a whole number from 0 to 100\n" },
		{ "-count", "99999999999999999999", "fiorion: -count '99999999999999999999': expected a whole number from 0 to 100\n" },
		{ "-secs", "4", "fiorion: -secs 4: must be from 5 to 3600\n" },
		{ "-kb", "0", "fiorion: -kb 0: must be from 1 to 1099511627776\n" },
		{ "-pct", "100.5", "fiorion: -pct '100.5': expected a whole number from 0 to 100\n" },
		{ "-pct", "101", "fiorion: -pct 101: must be from 0 to 100\n" },
		{ "-block", "x", "fiorion: -block 'x': expected a size such as 64k or 131072\n" },
		{ "-block", "0", "fiorion: -block '0': must be between 1 byte and 1 TiB\n" },
		{ "-block", "2t", "fiorion: -block '2t': must be between 1 byte and 1 TiB\n" },
		{ "-shape", "oval", "fiorion: -shape 'oval': must be round, square or flat\n" },
		/* Case matters unless the entry says otherwise. */
		{ "-type", "SEQ", "fiorion: -type 'SEQ': must be rand or seq\n" },
		{ "-name", "", "fiorion: -name: must not be empty\n" },
		/* Escaped: a control character is never echoed raw. */
		{ "-shape", "a\001b", "fiorion: -shape 'a\\x01b': must be round, square or flat\n" },
	};
	char err[512];
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		char *argv[] = { "prog", (char *)bad[i].opt, (char *)bad[i].val, NULL };

		assert_int_equal(walk_child(argv, err, sizeof(err)), EXIT_USAGE);
		assert_string_equal(err, bad[i].msg);
	}
	/* Another program's name, its messages as they are. */
	fr_cli_init("fio2orion", false);
	{
		char *argv[] = { "prog", "-shape", "a\001b", NULL };

		assert_int_equal(walk_child(argv, err, sizeof(err)), EXIT_USAGE);
		assert_string_equal(err, "fio2orion: -shape 'a\001b': must be round, square or flat\n");
	}
	fr_cli_init("fiorion", true);
}

static void test_help(void **state)
{
	static const char want[] =
		"section:\n"
		"  -shape SHAPE        round, square or flat (default: square)\n"
		"  -flag               a flag\n"
		"  -name NAME          a name,\n"
		"                      over two lines (default: x)\n"
		"  -count N            0 to 100 (default: 5)\n"
		"  -secs S             5 to 3600\n"
		"  -block SIZE         a size (default: the device's\n"
		"                      block, whatever it is)\n"
		"  -type rand|seq      a choice (default: seq)\n"
		"  -runner builtin|fio  21 chars before this\n"
		"  -call V             set() takes it (default: c)\n"
		"  -ping               set() without a value\n"
		"  -kb KB              1 to 2^40 (default: 64)\n"
		"  -pct PCT            0 to 100, the percentage of what is read or written\n"
		"                      (default: 50)\n";
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	(void)state;
	assert_non_null(f);
	fr_opt_help(f, tab, NTAB, 22);
	assert_int_equal(fclose(f), 0);
	assert_string_equal(buf, want);
	free(buf);
	/* A head of 16: two blanks at column 18, and still two at 17. */
	f = open_memstream(&buf, &len);
	assert_non_null(f);
	fr_opt_help(f, &tab[7], 1, 18);
	fr_opt_help(f, &tab[7], 1, 17);
	assert_int_equal(fclose(f), 0);
	assert_string_equal(buf, "  -type rand|seq  a choice (default: seq)\n"
				 "  -type rand|seq  a choice (default: seq)\n");
	free(buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_kind),
		cmocka_unit_test(test_order_and_defaults),
		cmocka_unit_test(test_table_defaults),
		cmocka_unit_test(test_unknown_and_missing),
		cmocka_unit_test(test_bad_values),
		cmocka_unit_test(test_help),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
