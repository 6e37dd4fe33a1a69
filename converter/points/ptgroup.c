/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ptgroup.c -- fio jobs in groups, one per point (ptgroup.h).
 */
#include "ptgroup.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "jobcheck.h"
#include "jobname.h"
#include "ptmap.h"

static int grp_add(struct grp *g, size_t j)
{
	if (g->njobs == g->cap) {
		size_t ncap = g->cap ? g->cap * 2 : 8;
		size_t *n = realloc(g->jobs, ncap * sizeof(*n));

		if (!n)
			return -ENOMEM;
		g->jobs = n;
		g->cap = ncap;
	}
	g->jobs[g->njobs++] = j;
	return 0;
}

bool ptg_of_host(const struct fj_job *j, const struct pt_opts *o)
{
	return !o->host || (j->host && !strcmp(j->host, o->host));
}

int ptg_group(struct pt_set *out, const struct fj_set *in, const struct pt_opts *o,
	      bool exact, struct grp **gp, size_t *ngp, struct fr_err *err)
{
	struct grp *g = *gp;
	size_t ng = *ngp, capg = ng, i, k;
	struct pm_map by_key = { 0 }; /* (file, group id) -> group */
	int ret = 0;

	for (i = 0; i < in->njobs; i++) {
		const struct fj_job *j = &in->jobs[i];
		struct jn_name jn = { .pass = 1 };
		unsigned int num, s, l, file, pass;
		struct fr_err jerr = { "" };
		int gid;
		bool named;

		if (!ptg_of_host(j, o))
			continue;
		named = jn_parse(j->name, &jn);
		num = jn.num;
		s = jn.s;
		l = jn.l;
		pass = jn.pass;

		/* A job that failed, or was cut short, measured nothing: not a data point. */
		if (jc_job_measured(j, named, &jerr)) {
			if (o->skip_failed) {
				out->nfailed++;
				continue;
			}
			ret = fr_errf(err, -EINVAL,
				      "%.700s; look at fio's messages before its JSON, or give -skip_failed to leave it out",
				      jerr.msg);
			goto done;
		}

		if (exact && !named) {
			ret = fr_errf(err, -EINVAL,
				      "job '%s' is not named like fiorion's jobs (pNNN-sS-lL-small|large|warm) while others are; convert such results separately",
				      j->name);
			goto done;
		}
		if (exact) {
			file = pass - 1; /* each pass of a point its own group */
			gid = (int)num;
		} else {
			/* -sum: the files ran at once, like a client/server run's hosts. */
			file = j->host || o->sum ? ~0u : j->file;
			gid = j->groupid;
		}
		k = pm_get(&by_key, (uint64_t)file << 32 | (uint32_t)gid, ng);
		if (k == ng) {
			if (ng == capg) {
				size_t ncap = capg ? capg * 2 : 32;
				struct grp *n = realloc(g, ncap * sizeof(*n));

				if (!n) {
					ret = fr_errf(err, -ENOMEM, "out of memory");
					goto done;
				}
				g = n;
				capg = ncap;
			}
			memset(&g[ng], 0, sizeof(g[ng]));
			g[ng].key_file = file;
			g[ng].key_gid = gid;
			g[ng].number = num;
			g[ng].s = s;
			g[ng].l = l;
			g[ng].part = jn.part;
			g[ng].ref = jn.ref;
			g[ng].first = i;
			if (pm_put(&by_key, (uint64_t)file << 32 | (uint32_t)gid, ng++)) {
				ret = fr_errf(err, -ENOMEM, "out of memory");
				goto done;
			}
		} else if (exact && (g[k].s != s || g[k].l != l)) {
			ret = fr_errf(err, -EINVAL,
				      "job '%s' says point %u is (small=%u, large=%u), another job of it says (%u, %u)",
				      j->name, num, s, l, g[k].s, g[k].l);
			goto done;
		}
		ret = grp_add(&g[k], i);
		if (ret) {
			fr_errf(err, ret, "out of memory");
			goto done;
		}
	}
	/* Run order: point number (exact) or first appearance. */
	for (i = 1; i < ng; i++)
		for (k = i; k > 0 && (exact ? g[k - 1].number > g[k].number : g[k - 1].first > g[k].first); k--) {
			struct grp t = g[k];

			g[k] = g[k - 1];
			g[k - 1] = t;
		}
done:
	pm_free(&by_key);
	*gp = g;
	*ngp = ng;
	return ret;
}
