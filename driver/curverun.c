// SPDX-License-Identifier: GPL-2.0-only
/*
 * curverun.c -- fiorion -run curve's points, run and judged one by one (see
 * curve.h).
 */
#include "curverun.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "curveplan.h"
#include "fiojson.h"
#include "fr_file.h"
#include "jobparse.h"
#include "knee.h"
#include "layout.h"
#include "live.h"
#include "lunid.h"
#include "pointloop.h"
#include "points.h"
#include "runner.h"
#include "version.h"
#include "curve.h"

void curve_no_ladder(struct mx_plan *plan)
{
	plan->n = plan->per_pass = 0;
	plan->total = 1;
	plan->nsmall_cols = plan->nlarge_cols = 0;
}

/* The most small IOPS of the ladder's points and the load that gave it. */
static int ladder_max(const struct mx_plan *plan, const char *jobs_dir, size_t done, double *max,
		      unsigned int *load, struct fr_err *err)
{
	struct fj_set set = { 0 };
	struct pt_set pts = { 0 };
	struct pt_opts po;
	size_t i;
	int ret = 0;

	*max = 0;
	*load = 0;
	for (i = 0; !ret && i < done; i++) {
		char *json = point_file(jobs_dir, &plan->pts[i], "json");

		if (!access(json, F_OK)) /* else skipped past its knee */
			ret = fj_read_file(&set, json, err);
		free(json);
	}
	pt_opts_init(&po);
	if (!ret && set.njobs)
		ret = pt_build(&pts, &set, &po, err);
	for (i = 0; !ret && i < pts.n; i++)
		if (pts.pts[i].small.present && floor(pts.pts[i].small.iops) > *max) {
			*max = floor(pts.pts[i].small.iops);
			*load = pts.pts[i].s;
		}
	pt_set_release(&pts);
	fj_set_release(&set);
	return ret;
}

/*
 * Point @num's job file text at @max IOPS with @cap outstanding; with
 * -clients host @h's (its LUNs, its share of the rate, @cap its own).
 */
static char *point_text(const struct opts *o, const struct jf_conf *jc, unsigned int num,
			double max, unsigned int cap, size_t h)
{
	const struct ri_curve *c = &o->ri.curve;
	const struct host *ho = o->clients ? &o->hosts.h[h] : NULL;
	struct cp_point cp = {
		.num = num, .pct = c->pct[num - 1], .max_iops = max, .size_kb = (unsigned int)o->ri.size_small, .write_pct = (unsigned int)o->ri.write_pct, .depth_cap = cap, .uniform = c->arrival == RI_UNIFORM, .host = (unsigned int)h, .nhosts = ho ? (unsigned int)o->hosts.n : 0
	};
	struct jf_conf hc = *jc;
	char *text = NULL, *cmt, share[160] = "";
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	if (!f)
		die_run("out of memory");
	if (ho) {
		hc.luns = ho->luns;
		hc.vol_size = ho->ri->vlun_size;
		snprintf(share, sizeof(share), "# host %s: %lu IOPS of them (each of the %zu hosts its share)\n",
			 ho->ri->name, cp_share(cp_target(max, cp.pct), cp.host, cp.nhosts), o->hosts.n);
	}
	cmt = xasprintf("# fiorion %s: '%s' curve point %u of %zu: %g %% of %.0f IOPS = %lu IOPS,\n"
			"%s# %s arrivals, at most %u I/Os outstanding (open loop: fio's rate_iops)\n",
			FIORION_VERSION, o->ri.testname, num, c->npct, cp.pct, max,
			cp_target(max, cp.pct), share, ri_arrival_name(c->arrival), cap);
	jf_global(f, &hc, cmt);
	cp_section(f, &cp);
	fclose(f);
	free(cmt);
	return text;
}

void curve_precheck(const struct opts *o, const struct jf_conf *jc)
{
	struct fr_err err = { "" };
	struct jp_file jf;
	char *text;
	int ret;

	if (!o->ri.curve.npct)
		return;
	if (jc->backend == BK_PSYNC)
		die_usage("-run curve: the psync backend holds one I/O per clone, so arrivals cannot overlap; use -backend io_uring or libaio");
	if (o->runner == CLI_FIO)
		return; /* fio judges its own options; the engine's are the ladder's */
	text = point_text(o, jc, 1, o->ri.curve.max_iops ? (double)o->ri.curve.max_iops : 1000, 4, 0);
	ret = jp_parse_buffer(&jf, "curve/p001.fio", text, &err);
	if (!ret) {
		ret = rn_check(&jf, &err);
		jp_release(&jf);
	}
	free(text);
	if (ret)
		die_usage("-run curve: the built-in runner cannot run a curve point: %s", err.msg);
}

/* Every point's job file, and the volume's identity, in @dir. */
static void write_points(const struct opts *o, const struct jf_conf *jc, const char *dir,
			 double max, unsigned int cap, const struct vvol *vv)
{
	struct fr_err err = { "" };
	size_t i, nh = o->clients ? o->hosts.n : 1;

	if (mkdir(dir, 0755) < 0 && errno != EEXIST)
		die_run("cannot create '%s': %s", dir, strerror(errno));
	for (i = 0; i < o->ri.curve.npct * nh; i++) {
		const struct mx_point pt = { .s = cap, .num = (unsigned int)(i / nh) + 1, .pass = 1 };
		char *text = point_text(o, jc, pt.num, max, cap, i % nh);
		char *path = job_path(dir, o, &pt, i % nh);

		if (fr_write_atomic(path, text, strlen(text), &err))
			die_run("%s", err.msg);
		free(text);
		free(path);
	}
	/* -clients: each host's probe looked at its LUNs. */
	if (!o->clients && lunid_write(dir, vv, jc->lunfile, &err))
		die_run("%s", err.msg);
}

/* One line per point measured, on stderr with the progress. */
static void say_point(const struct cv_point *p, size_t n)
{
	if (fr_quiet())
		return;
	fprintf(stderr, "fiorion: curve point %u of %zu: %g %% of max = %.0f IOPS asked, %.0f achieved (%s)",
		p->num, n, p->pct, p->target, p->achieved, p->held ? "held" : "NOT held");
	if (p->rsp.present)
		fprintf(stderr, "; response mean %.3f ms", p->rsp.mean / 1e6);
	if (p->svc.present)
		fprintf(stderr, "; service mean %.3f ms", p->svc.mean / 1e6);
	if (p->slot_waits > 0)
		fprintf(stderr, "; %lld I/Os waited for a slot (depth cap %u reached)",
			(long long)p->slot_waits, p->depth_cap);
	fputc('\n', stderr);
}

/* The curve's points in @dir, run until one ends it; their count run. */
static int run_curve(const struct opts *o, const struct jf_conf *jc, const char *dir, double max,
		     unsigned int cap, const struct kn_bound *b, struct cv_curve *cv)
{
	struct mx_plan cp = { .matrix = MX_ROW, .passes = 1 };
	size_t i, n = o->ri.curve.npct;
	unsigned long target[RI_CURVE_MAX];
	int status = EXIT_OK;

	cp.pts = calloc(n, sizeof(*cp.pts));
	cp.titles = calloc(n, sizeof(*cp.titles));
	if (!cp.pts || !cp.titles)
		die_run("out of memory");
	for (i = 0; i < n; i++) {
		cp.pts[i] = (struct mx_point){ .s = cap, .num = (unsigned int)i + 1, .pass = 1 };
		target[i] = cp_target(max, o->ri.curve.pct[i]);
		/* The progress lines name the curve's point, not a matrix's load. */
		cp.titles[i] = xasprintf("curve point %zu of %zu (%g %% of max: %lu IOPS)", i + 1, n,
					 o->ri.curve.pct[i], target[i]);
	}
	/* The curve's points are a plan of their own: status.json counts them after the matrix's. */
	live_curve(n, o->ri.curve.pct, target, n ? point_secs(o, jc, &cp.pts[0]) : 0);
	for (i = 0; i < n && status == EXIT_OK; i++) {
		struct mx_plan view = cp;
		struct fr_err err = { "" };
		struct cv_point pt;
		size_t done = i;
		char *json, *text = NULL;
		size_t len;

		view.n = view.per_pass = view.total = i + 1;
		status = run_points(o, jc, &view, dir, (long)n * o->ri.duration, NULL, NULL, &done);
		if (status != EXIT_OK || pl_stop_signal())
			break;
		json = xasprintf("%s/p%03zu.json", dir, i + 1);
		if (fr_read_file(json, "curve point", 0, FR_READ_TEXT, &text, &len, &err) ||
		    cv_point_read(&pt, json, text, len, b, &err) || cv_add(cv, &pt)) {
			fprintf(stderr, "fiorion: curve point %zu: %s\n", i + 1, err.msg);
			status = EXIT_RUN;
		} else {
			say_point(&pt, n);
			live_curve_point(&pt);
			if (cv->stop[0]) {
				fprintf(stderr, "fiorion: %s\n", cv->stop);
				i++;
				break;
			}
		}
		free(text);
		free(json);
	}
	for (i = 0; i < n; i++)
		free(cp.titles[i]);
	free(cp.titles);
	free(cp.pts);
	return status;
}

int curve_run(const struct opts *o, const struct jf_conf *jc, const struct mx_plan *plan,
	      const char *jobs_dir, size_t done, const struct vvol *vv)
{
	struct cv_curve cv = { .planned = o->ri.curve.npct };
	struct fr_err err = { "" };
	struct kn_bound b = { .set = false };
	unsigned int load = 0, cap;
	const struct ri_curve *c = &o->ri.curve;
	double max = (double)c->max_iops;
	char *dir = xasprintf("%s/curve", jobs_dir);
	int status, sig;

	if (o->ri.max_latency && kn_parse(&b, o->ri.max_latency, &err))
		die_usage("-max_latency: %s", err.msg);
	cv.bound = b;
	if (!c->max_iops && ladder_max(plan, jobs_dir, done, &max, &load, &err)) {
		fprintf(stderr, "fiorion: -run curve: the ladder's results: %s\n", err.msg);
		free(dir);
		return EXIT_RUN;
	}
	if (max < 1) {
		fprintf(stderr, "fiorion: -run curve: the ladder measured no small IOPS; no curve\n");
		free(dir);
		return EXIT_RUN;
	}
	cap = c->depth_cap ? (unsigned int)c->depth_cap
			   : 4 * (load ? load : 20 * (unsigned int)o->ri.num_disks);
	if (!fr_quiet())
		fprintf(stderr, "fiorion: -run curve: max %.0f IOPS (%s); %zu open-loop points, %s arrivals, at most %u I/Os outstanding (%s)\n",
			max, c->max_iops ? "-max_iops" : "the oltp ladder", c->npct,
			ri_arrival_name(c->arrival), cap, c->depth_cap ? "-depth_cap" : "4 x the maximum's load");
	if (load && !fr_quiet())
		fprintf(stderr, "fiorion: -run curve: the maximum was reached at small=%u\n", load);
	write_points(o, jc, dir, max, cap, vv);
	status = run_curve(o, jc, dir, max, cap, &b, &cv);
	sig = pl_stop_signal();
	/* The curve's lines, then (a curve alone) where its files are. */
	if (cv.n)
		cv_summary(stdout, &cv, or_layout(o->ri.compat)->usecs);
	if (cv.n && report(o, plan, jobs_dir, done, PL_QUIET, NULL))
		status = EXIT_RUN;
	cv_release(&cv);
	free(dir);
	return sig ? 128 + sig : status;
}
