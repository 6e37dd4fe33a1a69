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

#include "jobname.h"

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
	struct jn_name jn;
	unsigned int f, g;
	size_t i;

	/* A fiorion run's per-point files: its names place every job (hosts as run.json says). */
	for (i = 0; i < set->njobs; i++)
		if (jn_parse(set->jobs[i].name, &jn))
			return 0;

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

/* The rank of job @j's host: where its host first appears among @in's jobs. */
static size_t host_rank(const struct fj_set *in, size_t j)
{
	const char *h = in->jobs[j].host;
	size_t k;

	if (!h)
		return 0;
	for (k = 0; k < j; k++)
		if (in->jobs[k].host && !strcmp(in->jobs[k].host, h))
			return k;
	return j;
}

int sh_order_by_host(const struct fj_set *in, size_t *jobs, size_t n)
{
	size_t *rank = calloc(n + 1, sizeof(*rank)), i, k;

	if (!rank)
		return -ENOMEM;
	for (i = 0; i < n; i++)
		rank[i] = host_rank(in, jobs[i]);
	/* Insertion sort: stable, and a group holds few jobs. */
	for (i = 1; i < n; i++)
		for (k = i; k > 0 && rank[k - 1] > rank[k]; k--) {
			size_t t = rank[k];

			rank[k] = rank[k - 1];
			rank[k - 1] = t;
			t = jobs[k];
			jobs[k] = jobs[k - 1];
			jobs[k - 1] = t;
		}
	free(rank);
	return 0;
}
