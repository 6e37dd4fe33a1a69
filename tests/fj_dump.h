/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fj_dump.h -- every field of a struct fj_set as text (doubles in %a, so
 * exactly), for tests that compare two readers of the same input
 * (test_fjstream.c, fuzz_fiojson.c) or a set built two ways
 * (test_fiojson.c, test_live.c).
 */
#ifndef FIORION_FJ_DUMP_H
#define FIORION_FJ_DUMP_H

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "fiojson.h"
#include "fjbins.h"
#include "runinfo.h"

static inline const char *fjd_s(const char *s)
{
	return s ? s : "(null)";
}

static inline void fjd_lat(FILE *f, const struct fj_lat *l)
{
	unsigned int k;
	size_t i;

	fprintf(f, "  lat %d %a %a %a %a %llu %u %d %zu %d\n", l->present, l->min, l->max, l->mean,
		l->stddev, (unsigned long long)l->n, l->npct, l->pct_from_clat, l->nbins,
		l->bins_from_clat);
	for (k = 0; k < l->npct; k++)
		fprintf(f, "   pct %a %a\n", l->pct[k], l->pct_ns[k]);
	struct fjh_it it;
	struct fj_bin b;

	(void)i;
	for (fjh_begin(&it, l); fjh_next(&it, &b);)
		fprintf(f, "   bin %a %llu\n", b.ns, (unsigned long long)b.count);
}

static inline void fjd_job(FILE *f, const struct fj_job *j)
{
	size_t i;
	int d;

	fprintf(f, "job %s %d %s %u %u %d\n", fjd_s(j->name), j->groupid, fjd_s(j->host), j->file,
		j->doc_order, j->error);
	fprintf(f, " %llu %llu %s %llu %s %a %llu\n", (unsigned long long)j->iodepth,
		(unsigned long long)j->iodepth_asked, fjd_s(j->depth_why),
		(unsigned long long)j->numjobs, fjd_s(j->rw), j->rwmixwrite,
		(unsigned long long)j->bs);
	fprintf(f, " %s %s %s %s %s %s %s %s %s\n", fjd_s(j->filename), fjd_s(j->lunfile),
		fjd_s(j->luns), fjd_s(j->simulate), fjd_s(j->backend), fjd_s(j->bs_text),
		fjd_s(j->bsrange), fjd_s(j->bssplit), fjd_s(j->ioengine));
	for (d = 0; d < 2; d++) {
		const struct fj_dir *x = &j->dir[d];

		fprintf(f, " dir %llu %llu %llu %a %a %a %llu %a %a %llu\n",
			(unsigned long long)x->ios, (unsigned long long)x->bytes,
			(unsigned long long)x->runtime_ms, x->iops_fio, x->iops_mean, x->iops_sd,
			(unsigned long long)x->iops_samples, x->bw_mean, x->bw_sd,
			(unsigned long long)x->bw_samples);
		fjd_lat(f, &x->lat);
	}
	fprintf(f, " cpu %a %a %llu\n", j->usr_cpu, j->sys_cpu,
		(unsigned long long)j->job_runtime_ms);
	fprintf(f, " ss %d %d %s %s %u %a %a %a %a %zu\n", j->ss.present, j->ss.attained,
		fjd_s(j->ss.setting), fjd_s(j->ss.criterion), j->ss.window_s, j->ss.max_deviation,
		j->ss.slope, j->ss.iops_mean, j->ss.bw_mean, j->ss.n);
	for (i = 0; i < j->ss.n; i++)
		fprintf(f, "  s %a %a\n", j->ss.iops[i], j->ss.bw[i]);
	fprintf(f, " flags %d %d %d %llu %u %zu %u\n", j->exitall, j->rated, j->time_based,
		(unsigned long long)j->runtime_planned_ms, j->clones, j->nslots, j->log_avg_ms);
	for (i = 0; i < j->nslots; i++)
		fprintf(f, "  slot %llu %a\n", (unsigned long long)j->slot_ios[i], j->slot_lat_ns[i]);
}

/* @s into @f: its jobs, file names and what it knows of the inputs. */
static inline void fjd_dump(FILE *f, const struct fj_set *s)
{
	size_t i;

	fprintf(f, "set %zu %u %s %lld %d %s %s %s %u %d %d\n", s->njobs, s->nfiles,
		fjd_s(s->fio_version), (long long)s->timestamp, s->client_server, fjd_s(s->run_id),
		fjd_s(s->run_id_file), fjd_s(s->anon_file), s->last_interim, s->last_cut,
		s->run.argc > 0);
	for (i = 0; i < s->nfiles; i++)
		fprintf(f, "file %s\n", s->file_names[i]);
	for (i = 0; i < s->njobs; i++)
		fjd_job(f, &s->jobs[i]);
}

/*
 * @s as text (fjd_dump()), and with @with_run its run description too
 * (ri_write()): a string to free, or NULL when out of memory.
 */
static inline char *fjd_text(const struct fj_set *s, bool with_run)
{
	char *out = NULL, *run = with_run ? ri_write(&s->run) : NULL;
	size_t len = 0;
	FILE *f = open_memstream(&out, &len);

	if (f) {
		fjd_dump(f, s);
		if (with_run)
			fprintf(f, "run %s\n", run ? run : "(none)");
		fclose(f);
	}
	free(run);
	return out;
}

#endif
