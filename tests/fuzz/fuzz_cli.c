/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fuzz_cli.c -- libFuzzer harness: any bytes as fiorion's command line
 * (NUL-separated words) for cli.c's parser and checks. A rejected line
 * ends in die_usage(), which exits; here exit() is made to return to the
 * harness (cli.c, cliopts.c and common/fr_cli.c are compiled with
 * -Dexit=fuzz_exit for this binary: the Makefile's FUZZ_EXIT_SRCS).
 */
#include <setjmp.h>
#include <getopt.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static jmp_buf back;

void fuzz_exit(int status);
void fuzz_exit(int status)
{
	longjmp(back, status + 1);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *copy = malloc(size + 1), *argv[64];
	volatile int argc = 1;
	/* static: what cli_parse() stores before a longjmp() is kept (-clients' hosts). */
	static struct opts o;
	size_t i = 0;

	if (!copy)
		return 0;
	memcpy(copy, data, size);
	copy[size] = '\0';
	argv[0] = "fiorion";
	while (i < size && argc < 63) {
		argv[argc++] = copy + i;
		i += strlen(copy + i) + 1;
	}
	argv[argc] = NULL;
	optind = 0; /* glibc: start getopt over */
	memset(&o, 0, sizeof(o));
	if (!setjmp(back))
		cli_parse(&o, argc, argv);
	hosts_release(&o.hosts);
	ri_release(&o.ri);
	fo_free(&o.fio_opts);
	free(copy);
	return 0;
}
