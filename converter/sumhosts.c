/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * sumhosts.c -- -sum: each input file is one host's fio run
 * (sumhosts.h).
 */
#include "sumhosts.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Drop @suffix from the end of @s when it is there. */
static void drop(char *s, const char *suffix)
{
	size_t n = strlen(s), k = strlen(suffix);

	if (n > k && !strcmp(s + n - k, suffix))
		s[n - k] = '\0';
}

void sh_label(char *buf, size_t len, const char *name)
{
	static const char *const suffixes[] = { ".gz", ".xz", ".zst", ".json" };
	const char *base = strrchr(name, '/');
	size_t k;

	snprintf(buf, len, "%s", base && base[1] ? base + 1 : name);
	for (k = 0; k < sizeof(suffixes) / sizeof(suffixes[0]); k++)
		drop(buf, suffixes[k]);
}

int sh_files_as_hosts(struct fj_set *set, struct fr_err *err)
{
	bool clash = false;
	unsigned int f, g;
	size_t i;

	for (f = 0; f < set->nfiles && !clash; f++)
		for (g = f + 1; g < set->nfiles && !clash; g++) {
			char a[256], b[256];

			sh_label(a, sizeof(a), set->file_names[f]);
			sh_label(b, sizeof(b), set->file_names[g]);
			clash = !strcmp(a, b);
		}
	for (i = 0; i < set->njobs; i++) {
		struct fj_job *j = &set->jobs[i];
		char label[256];

		if (j->host || j->file >= set->nfiles)
			continue;
		if (clash)
			snprintf(label, sizeof(label), "%s", set->file_names[j->file]);
		else
			sh_label(label, sizeof(label), set->file_names[j->file]);
		j->host = strdup(label);
		if (!j->host)
			return fr_errf(err, -ENOMEM, "out of memory");
	}
	set->hosts_from_files = true;
	return 0;
}
