/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * jobfile.c -- write the fio sections of ORION points.
 *
 * Only options the built-in runner understands are written here; the
 * same text is what stock fio runs (-runner fio) and what the user reads
 * in <testname>_jobs/.
 */
#include "jobfile.h"

#include <stdlib.h>
#include <string.h>

#include <inttypes.h>

#include "jobname.h"
#include "version.h"

#define WARM_SECONDS 120 /* ORION: "fill up cache for 2 minutes" */

bool jf_has_warm(const struct jf_conf *c, const struct mx_point *p)
{
	/* Once a point: its later parts (-parts) follow it warm. */
	return c->run->seq && p->l && c->run->cache_size != 0 && !p->part;
}

const char *const bk_words[] = { "io_uring", "libaio", "psync", "null", NULL };

const char *bk_name(enum bk_backend b)
{
	return b > BK_DEFAULT && b <= BK_NULL ? bk_words[b - BK_IO_URING] : NULL;
}

void jf_engine_opts(FILE *f, const struct jf_engine *e)
{
	fprintf(f, "ioengine=external:%s\n"
		   "%s=%s\n"
		   "simulate=%s\n",
		e->engine, e->luns ? "luns" : "lunfile", e->luns ? e->luns : e->lunfile,
		e->raid0 ? "raid0" : "concat");
	if (e->raid0)
		fprintf(f, "stripe=%uk\n", e->stripe_kb);
	if (e->backend != BK_DEFAULT)
		fprintf(f, "backend=%s\n", bk_name(e->backend));
	if (e->allow_signatures)
		fputs("allow_signatures=1\n", f);
	fputs("direct=1\n", f);
}

void jf_global(FILE *f, const struct jf_conf *c, const char *comment)
{
	fprintf(f, "%s", comment);
	fputs("[global]\n", f);
	if (c->run_id)
		fprintf(f, "description=fiorion run %s\n", c->run_id);
	jf_engine_opts(f, &(const struct jf_engine){
				  .engine = c->engine,
				  .lunfile = c->lunfile,
				  .luns = c->luns,
				  .raid0 = c->run->raid0,
				  .stripe_kb = (unsigned int)c->run->stripe_kb,
				  .backend = c->backend,
				  .allow_signatures = c->allow_signatures,
			  });
	fprintf(f, "time_based=1\n"
		   "runtime=%s\n"
		   "norandommap=1\n"
		   "randrepeat=0\n"
		   /* lat_ns bins too: ORION's latency is lat; its histogram must be lat's */
		   "lat_percentiles=1\n",
		c->duration);
	if (c->user)
		fo_write(f, c->user, c->log_dir);
}

/* rw= for random I/O with the -write mix. */
static void random_rw(FILE *f, unsigned int w)
{
	if (w == 0)
		fputs("rw=randread\n", f);
	else if (w == 100)
		fputs("rw=randwrite\n", f);
	else
		fprintf(f, "rw=randrw\nrwmixwrite=%u\n", w);
}

/* The user's -fio_opt or -include sets one of fio's log options. */
static bool user_logs(const struct fio_opts *u)
{
	size_t i, n;

	for (i = 0; u && i < u->n; i++) {
		const char *k = u->it[i].key;

		n = strlen(k);
		if ((!strncmp(k, "write_", 6) && n > 4 && !strcmp(k + n - 4, "_log")) ||
		    !strncmp(k, "log_", 4) || !strcmp(k, "per_job_logs"))
			return true;
	}
	return false;
}

/*
 * A job's section, named as run/jobname.h says (-repeat's -rK
 * included); a measured one with its IOPS and bandwidth logs (jf_conf.log_dir).
 */
static void section(FILE *f, const struct jf_conf *c, unsigned int num, const struct mx_point *p,
		    enum jn_kind kind, bool *stonewall)
{
	const struct jn_name n = { .num = num, .s = p->s, .l = p->l, .kind = (char)kind, .pass = p->pass, .part = p->part, .ref = p->ref };
	char name[JN_NAME_MAX];

	jn_format(name, sizeof(name), &n);
	fprintf(f, "\n[%s]\n", name);
	if (*stonewall)
		fputs("stonewall=1\n", f);
	*stonewall = false;
	if (kind != JN_WARM && c->log_dir && !user_logs(c->user))
		fprintf(f, "write_iops_log=%s/%s%s%s\nwrite_bw_log=%s/%s%s%s\nlog_avg_msec=%u\n",
			c->log_dir, name, c->log_tag ? "." : "", c->log_tag ? c->log_tag : "",
			c->log_dir, name, c->log_tag ? "." : "", c->log_tag ? c->log_tag : "",
			jf_log_msec(c->run));
}

unsigned int jf_log_msec(const struct ri_run *r)
{
	/* -duration auto runs 7 s at least (steady(): 2 s ramp, a 5 s window) */
	uint64_t part = r->duration / (uint64_t)(r->parts > 1 ? r->parts : 1);

	/* -parts N: a part runs duration / N */
	return !r->duration_auto && part < 2 ? JF_LOG_MSEC_SHORT : JF_LOG_MSEC;
}

/*
 * -duration auto: a measured job ends when fio's steady state holds
 * (IOPS slope under 2 % over a 5 s window, after 2 s), at most runtime=
 * MAX. exitall=1 (fio's default exit_what=group) ends the point's other
 * jobs with the first: the mix of small and large load holds to the end.
 * Warm-up groups never carry it (they warm for their own time).
 */
static void steady(FILE *f, const struct jf_conf *c)
{
	if (c->run->duration_auto)
		fputs("steadystate=iops_slope:2%\n"
		      "steadystate_duration=5s\n"
		      "steadystate_ramp_time=2s\n"
		      "exitall=1\n",
		      f);
}

/*
 * A random load of @n outstanding I/Os: one job at iodepth=n, or, on the
 * synchronous psync backend, which holds one I/O per thread whatever
 * iodepth says (fio caps it at 1), n clones of iodepth=1. numjobs is
 * always written: readers of fio's JSON (fio-plot) take the load from
 * the echoed iodepth and numjobs of every job.
 */
static void load(FILE *f, const struct jf_conf *c, unsigned int n)
{
	if (c->backend == BK_PSYNC && n > 1)
		fprintf(f, "iodepth=1\nnumjobs=%u\n", n);
	else
		fprintf(f, "iodepth=%u\nnumjobs=1\n", n);
}

void jf_point(FILE *f, const struct jf_conf *c, unsigned int num,
	      const struct mx_point *p, bool first_group)
{
	const struct ri_run *r = c->run;
	unsigned int write_pct = (unsigned int)r->write_pct;
	bool sw = !first_group;

	if (jf_has_warm(c, p)) {
		section(f, c, num, p, JN_WARM, &sw);
		/* Junk reads before reads, junk writes before writes. */
		fprintf(f, "rw=%s\nbs=%" PRIu64 "k\niodepth=%" PRIu64 "\nnumjobs=1\n",
			write_pct ? "randwrite" : "randread", r->size_large,
			p->l * r->num_streamio);
		if (r->cache_size > 0)
			fprintf(f, "time_based=0\nruntime=0\nio_size=%" PRId64 "m\n",
				r->cache_size);
		else
			fprintf(f, "runtime=%u\n", WARM_SECONDS);
		sw = true;
	}
	if (p->s) {
		section(f, c, num, p, JN_SMALL, &sw);
		random_rw(f, write_pct);
		fprintf(f, "bs=%" PRIu64 "k\n", r->size_small);
		load(f, c, p->s);
		steady(f, c);
	}
	if (!p->l)
		return;
	if (!r->seq) {
		section(f, c, num, p, JN_LARGE, &sw);
		random_rw(f, write_pct);
		fprintf(f, "bs=%" PRIu64 "k\n", r->size_large);
		load(f, c, p->l);
		steady(f, c);
		return;
	} else {
		uint64_t bs = r->size_large * 1024;
		unsigned int writers = jf_write_streams(p->l, write_pct);
		unsigned int readers = p->l - writers;
		char slice[32], woff[32];

		/*
		 * Each stream: its own slice of the volume, read (or written)
		 * in order, wrapping at its end. Percentages keep the files
		 * independent of the volume's size (fio aligns them to bs);
		 * past 100 streams a slice is under 1%, so bytes then.
		 */
		if (p->l <= 100) {
			snprintf(slice, sizeof(slice), "%u%%", 100 / p->l);
			snprintf(woff, sizeof(woff), "%u%%", readers * (100 / p->l));
		} else {
			uint64_t b = c->vol_size / p->l / bs * bs;

			if (!b)
				b = bs;
			snprintf(slice, sizeof(slice), "%" PRIu64, b);
			snprintf(woff, sizeof(woff), "%" PRIu64, readers * b);
		}
		if (readers) {
			section(f, c, num, p, JN_LARGE, &sw);
			fprintf(f, "rw=read\nbs=%" PRIu64 "k\niodepth=%" PRIu64 "\nnumjobs=%u\n"
				   "size=%s\noffset_increment=%s\n",
				r->size_large, r->num_streamio, readers, slice, slice);
			steady(f, c);
		}
		if (writers) {
			section(f, c, num, p, JN_LARGE, &sw);
			fprintf(f, "rw=write\nbs=%" PRIu64 "k\niodepth=%" PRIu64 "\nnumjobs=%u\n",
				r->size_large, r->num_streamio, writers);
			if (readers)
				fprintf(f, "offset=%s\n", woff);
			fprintf(f, "size=%s\noffset_increment=%s\n", slice, slice);
			steady(f, c);
		}
	}
}

unsigned int jf_write_streams(unsigned int streams, unsigned int write_pct)
{
	return (streams * write_pct + 50) / 100;
}

char *jf_entry_text(const struct jf_conf *c, const char *testname, const struct mx_plan *plan,
		    const struct mx_point *p, const char *host)
{
	char pass[64] = "", *text = NULL;
	size_t len = 0;
	FILE *f;

	/* The points that run, counted as pNNN (docs/driver.md: one numbering rule). */
	if (plan->passes > 1)
		snprintf(pass, sizeof(pass), "; pass %u of %u", p->pass, plan->passes);
	else if (p->ref)
		snprintf(pass, sizeof(pass), "; re-measured as the run's reference (%u)", p->pass);
	else if (p->part && p->pass > plan->parts)
		snprintf(pass, sizeof(pass), "; re-measured in a pair for its ladder's knee (%u)", p->pass);
	else if (plan->parts > 1)
		snprintf(pass, sizeof(pass), "; part %u of %u", p->pass, plan->parts);
	f = open_memstream(&text, &len);
	if (!f)
		return NULL;
	fprintf(f, "# fiorion %s: '%s' point %u of %zu: small=%u large=%u%s%s%s\n", FIORION_VERSION,
		testname, p->num, plan->per_pass, p->s, p->l, pass, host ? "; host " : "",
		host ? host : "");
	jf_global(f, c, "");
	jf_point(f, c, p->num, p, true);
	if (fclose(f)) {
		free(text);
		return NULL;
	}
	return text;
}
