/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fuzz_jobparse.c -- libFuzzer harness: any bytes as a fio job file for
 * the built-in runner's parser (jobparse.c: sections, [global], ${VAR},
 * sizes, times, the option table). Nothing may crash, leak or overflow.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "jobparse.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fr_err err = { "" };
	struct jp_file f;
	char *text = malloc(size + 1);

	if (!text)
		return 0;
	memcpy(text, data, size);
	text[size] = '\0';
	if (!jp_parse_buffer(&f, "fuzz.fio", text, &err))
		jp_release(&f);
	free(text);
	return 0;
}
