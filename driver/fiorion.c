/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fiorion.c -- ORION's command line on fio: main(). Plan the matrix of
 * data points, check that every point can run on the volume, write one
 * fio job file per point (and one for the whole matrix) with the run's
 * description, run them (pointloop.c), and write ORION's files through
 * the converter.
 *
 * Exit status: 0 done; 1 a point or an output failed (files for the
 * points already done are written); 2 bad options or input; 3 a safety
 * refusal.
 */
#include <errno.h>
#include <signal.h>
#include <inttypes.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "backed.h"
#include "cli.h"
#include "curverun.h"
#include "fileset.h"
#include "fr_file.h"
#include "jobfile.h"
#include "jobparse.h"
#include "ladder.h"
#include "live.h"
#include "lunsafe.h"
#include "locate.h"
#include "lock.h"
#include "lunid.h"
#include "matrix.h"
#include "pairs.h"
#include "resumeplan.h"
#include "orion_report.h"
#include "pointhold.h"
#include "pointloop.h"
#include "runner.h"
#include "runset.h"
#include "screen.h"
#include "version.h"
#include "vvol.h"

/* One ORION run: what main() plans, writes and runs. */
struct run {
	time_t start;
	struct vvol *vv;
	struct mx_plan plan;
	struct jf_conf jc;
	char dur[32], full_dur[32], run_id[17]; /* a part's runtime, a point's */
	size_t ntexts;
	char **texts; /* each point's job file; -clients: [point * hosts + host] */
	size_t nh;    /* job files per point: the hosts, or 1 */
	char *engine; /* the engine's path (on the hosts with -clients) */
	char *jobs_dir, *whole;
	char *log_dir; /* each point's fio logs (jobfile.h), NULL with -placeholders */
	char *lunfile; /* <testname>.lun: the volume's messages name it (vv->source) */
	json_t *warnings;
	long total_secs;
	size_t resumed;	      /* -resume: points measured before */
	struct fj_set *kept;  /* -resume: their JSON as resume_check() read it (rs_new()) */
	bool num_disks_given; /* -num_disks on the command line (12.2's LUN list) */
};

/* fiorion -jobfile FILE [-output F]. */
static int jobfile_main(const struct opts *o)
{
	struct fr_err err = { "" };
	struct jp_file jf;
	FILE *out = stdout;
	char *buf = NULL;
	size_t len = 0;
	bool refused = false;
	struct rn_opts ro;
	int ret;

	if (jp_parse_file(&jf, o->jobfile, &err)) {
		fprintf(stderr, "fiorion: %s\n", err.msg);
		return EXIT_USAGE;
	}
	cli_runner_opts(&ro);
	out = open_memstream(&buf, &len);
	ret = rn_run(&jf, &ro, out, &refused, &err);
	fclose(out);
	/* A stuck clone's thread is left behind and may still read the job. */
	if (ret != -ETIMEDOUT)
		jp_release(&jf);
	if (ret == -ETIMEDOUT) {
		/* No JSON: an earlier -output file is left as it was. */
	} else if (o->output) {
		struct fr_err werr = { "" };
		int w = fr_write_atomic(o->output, buf, len, &werr);

		if (w) {
			fprintf(stderr, "fiorion: %s\n", werr.msg);
			ret = w;
		}
	} else if (fwrite(buf, 1, len, stdout) != len || fflush(stdout)) {
		fputs("fiorion: cannot write the JSON to standard output\n", stderr);
		ret = -EIO;
	}
	free(buf);
	if (ret && err.msg[0])
		fprintf(stderr, "fiorion: %s\n", err.msg);
	/* A plan that could not start (a LUN, a limit) is bad input: 2. */
	if (ret == -FR_ESAFETY)
		return EXIT_SAFETY; /* a LUN holds what the job did not name */
	return ret ? (refused ? EXIT_USAGE : EXIT_RUN) : EXIT_OK;
}

/*
 * A -testname with a folder (ORION: D:\\app1\\oracleio) puts the files in
 * that folder, under the last component: /tmp/x/db writes
 * /tmp/x/db_summary.txt. A relative folder is taken under -outdir.
 */
static void testname_folder(struct opts *o)
{
	char *name = o->ri.testname, *slash = strrchr(name, '/');
	size_t dl;

	if (!slash)
		return;
	dl = (size_t)(slash - name);
	if (!slash[1])
		die_usage("-testname '%s': ends with '/'; give a name after the folder", name);
	if (name[0] == '/')
		o->outdir = dl ? xasprintf("%.*s", (int)dl, name) : "/";
	else
		o->outdir = xasprintf("%s/%.*s", o->outdir, (int)dl, name);
	o->ri.testname = xasprintf("%s", slash + 1);
	free(name);
}

/* -resume: the identity of the run being continued, from its run.json. */
static void resume_id(struct run *r, const struct opts *o)
{
	char *path = xasprintf("%s/%s_jobs/run.json", o->outdir, o->ri.testname);
	struct fj_set set = { 0 };
	struct fr_err err = { "" };
	int ret = fj_read_file(&set, path, &err);

	if (ret && access(path, F_OK))
		die_usage("-resume: no run of '%s' to continue in %s (%s)", o->ri.testname, o->outdir, err.msg);
	if (ret)
		die_usage("-resume: %s: the run's description is unreadable or damaged; start a new run", err.msg);
	if (!set.run.run_id || strlen(set.run.run_id) != 16)
		die_usage("-resume: %s names no run identity to continue", path);
	memcpy(r->run_id, set.run.run_id, 17);
	/* The LUN list first: on other LUNs the plan and its checks would mislead. */
	path[strlen(path) - strlen("/run.json")] = '\0';
	if (!o->clients && lunid_check(path, &err))
		die_usage("-resume: %s: the points measured so far are of another volume; start a new run",
			  err.msg);
	/* A multi-host run continues on the same hosts: totals over others would mix. */
	if (set.run.nhosts || o->clients) {
		size_t i, k;
		bool same = set.run.nhosts == o->hosts.n;

		for (i = 0; same && i < o->hosts.n; i++) {
			for (k = 0; k < set.run.nhosts; k++)
				if (!strcmp(set.run.hosts[k].name, o->hosts.h[i].ri->name))
					break;
			same = k < set.run.nhosts;
		}
		if (!same)
			die_usage("-resume: the run to continue ran on %zu host%s%s; these options name %zu (-clients): its totals would mix two sets of hosts; give the same -clients, or run without -resume",
				  set.run.nhosts, set.run.nhosts == 1 ? "" : "s",
				  set.run.nhosts ? "" : " (this one only)", o->hosts.n);
	}
	r->start = set.run.start ? (time_t)set.run.start : r->start;
	fj_set_release(&set);
	free(path);
}

/*
 * -resume: the run's job files must be the ones these options write
 * (same plan, LUNs, sizes, identity), else the points measured would
 * belong to another run. Returns how many points have complete JSON of
 * this run (they form a prefix: a run stops at its first failure).
 */
static size_t resume_check(struct run *r, const struct opts *o)
{
	struct fr_err err = { "" };
	size_t i, h, done = 0;
	bool prefix = true;

	r->kept = calloc(r->plan.n + 1, sizeof(*r->kept));
	if (!r->kept)
		die_run("out of memory");
	for (i = 0; i < r->plan.n; i++) {
		char *json = point_file(r->jobs_dir, &r->plan.pts[i], "json"), *skip;
		struct fj_set set = { 0 };
		char *text;
		size_t len, k, line = 1;

		for (h = 0; h < r->nh; h++) {
			char *job = job_path(r->jobs_dir, o, &r->plan.pts[i], h);
			const char *want = r->texts[i * r->nh + h];

			if (fr_read_file(job, "job file", 0, FR_READ_TEXT, &text, &len, &err))
				die_usage("-resume: %s; the run to continue has %s", err.msg,
					  i ? "fewer points than these options plan"
					    : "no job files (or other hosts)");
			for (k = 0, line = 1; k < len && text[k] == want[k]; k++)
				line += text[k] == '\n';
			if (k < len || want[k])
				die_usage("-resume: %s differs from what these options write (line %zu): the plan changed; run without -resume for a new run",
					  job, line);
			free(text);
			free(job);
		}
		skip = point_file(r->jobs_dir, &r->plan.pts[i], "skip");
		if (prefix && !access(skip, F_OK)) {
			/* Not run: its ladder had passed its knee (-stop_at_knee). */
			done++;
		} else if (prefix && !fj_read_file(&set, json, &err) && set.njobs && set.run_id &&
			   !strcmp(set.run_id, r->run_id)) {
			bool ok = true;

			for (k = 0; k < set.njobs; k++)
				ok &= !set.jobs[k].error;
			/* A multi-host point is measured when every host is in it. */
			for (h = 0; o->clients && h < r->nh; h++) {
				bool seen = false;

				for (k = 0; k < set.njobs; k++)
					seen |= set.jobs[k].host &&
						!strcmp(set.jobs[k].host, o->hosts.h[h].ri->name);
				ok &= seen;
			}
			if (ok) {
				/* Read once: the run's set takes it (results.h). */
				r->kept[i] = set;
				done++;
				memset(&set, 0, sizeof(set));
			} else {
				prefix = false;
			}
		} else {
			prefix = false;
		}
		fj_set_release(&set);
		free(json);
		free(skip);
	}
	return done;
}

/*
 * -version: fiorion's version, the fio release the engine was built
 * against, the engine this fiorion would load and the installed fio's
 * release; a mismatch is a warning (fio refuses such an engine).
 */
static int print_version(const struct opts *o)
{
	char *engine = find_engine(o->engine, false);
	struct fr_version v = {
		.title = "fiorion " FIORION_VERSION, .layout = dropin_layout_text(o), .built_against = FIORION_FIO_VERSION, .engine = engine, .fio = o->fio, .fio_named = true
	};
	int status = fr_print_version(&v);

	free(engine);
	return status;
}

/* A host's volume as the probe saw it: paths and sizes, nothing open. */
static struct vvol *host_volume(const struct host *h, bool raid0)
{
	struct vvol *vv = calloc(1, sizeof(*vv));
	unsigned int k;

	if (vv)
		vv->luns = calloc(h->ri->nluns, sizeof(*vv->luns));
	if (!vv || !vv->luns)
		die_run("out of memory");
	vv->layout = raid0 ? VVOL_RAID0 : VVOL_CONCAT;
	vv->size = h->ri->vlun_size;
	vv->align = h->align;
	vv->source = "luns=";
	vv->nluns = (unsigned int)h->ri->nluns;
	for (k = 0; k < h->ri->nluns; k++) {
		vv->luns[k].path = strdup(h->ri->luns[k].name);
		vv->luns[k].size = h->ri->luns[k].size;
		vv->luns[k].line = k + 1;
		vv->luns[k].fd = -1;
		if (!vv->luns[k].path)
			die_run("out of memory");
	}
	return vv;
}

/*
 * -clients: each host's LUNs (its own .lun file or the run's), and a
 * probe of every host at once before anything is written: fio's server
 * answers, loads the engine, and the engine opens every LUN as the points
 * will (O_DIRECT; for writing, with its safety checks) and reports its
 * size. Each host that fails is one line; then exit 2 (3 for a refused
 * LUN), nothing run. The first host's volume stands for the run's LUN
 * list (banner, run.json's "luns"); each host's is in run.json's "hosts".
 */
static void plan_hosts(struct run *r, struct opts *o, const char *testname)
{
	struct hostset *hs = &o->hosts;
	struct fr_err err = { "" };
	char *msgs = NULL, *line, *save = NULL, local_fio[64];
	struct probe_conf pc = {
		.fio = o->fio, .engine = r->engine, .run = &o->ri, .backend = o->backend, .allow_signatures = o->force_write, .timeout_s = o->host_timeout
	};
	size_t i;
	unsigned int k;
	int ret;

	if (hosts_load_luns(hs, testname, &err) || hosts_distinct(hs, &err))
		die_usage("%s", err.msg);
	if (!fr_quiet())
		fprintf(stderr, "fiorion: probing %zu host%s (fio --server, engine %s, LUNs)\n", hs->n,
			hs->n > 1 ? "s" : "", r->engine);
	ret = hosts_probe(hs, &pc, &msgs);
	if (ret) {
		for (line = strtok_r(msgs, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
			fprintf(stderr, "fiorion: %s\n", line);
		exit(ret == -FR_ESAFETY ? EXIT_SAFETY : ret == -ENOMEM ? EXIT_RUN
								       : EXIT_USAGE);
	}
	free(msgs);
	fr_fio_version(o->fio, local_fio, sizeof(local_fio));
	for (i = 0; i < hs->n; i++) {
		const struct host *h = &hs->h[i];

		if (local_fio[0] && strcmp(h->ri->fio_version, local_fio))
			fprintf(stderr, "fiorion: warning: host %s runs %s; this host's fio is %s (fio's client/server wants one release everywhere)\n",
				h->ri->name, h->ri->fio_version, local_fio);
		if (strcmp(h->ri->engine_version, FIORION_VERSION))
			fprintf(stderr, "fiorion: warning: host %s runs fiorion %s's engine; this is fiorion %s\n",
				h->ri->name, h->ri->engine_version, FIORION_VERSION);
		if (o->ri.num_disks < 0 && h->ri->nluns != hs->h[0].ri->nluns)
			die_usage("host %s has %zu LUNs (%s), host %s has %zu (%s): give -num_disks for the matrix",
				  hs->h[0].ri->name, hs->h[0].ri->nluns, hs->h[0].lunfile, h->ri->name, h->ri->nluns,
				  h->lunfile);
		for (k = 0; k < h->ri->nluns; k++) {
			if (!h->unbacked[k])
				continue;
			if (o->ri.write_pct == 100)
				fprintf(stderr, "fiorion: warning: host %s: LUN '%s' is %s; the write points allocate it as they go, and their numbers include that\n",
					h->ri->name, h->ri->luns[k].name, h->unbacked[k]);
			else
				die_usage("host %s: LUN '%s' is %s: reads of it never reach the device, so the numbers would be the page cache's. Fill it there first: dd if=/dev/urandom of='%s' bs=1M count=%llu conv=notrunc",
					  h->ri->name, h->ri->luns[k].name, h->unbacked[k], h->ri->luns[k].name,
					  (unsigned long long)((h->ri->luns[k].size + (1u << 20) - 1) >> 20));
		}
	}
	r->vv = host_volume(&hs->h[0], o->ri.raid0);
}

/* MemAvailable of /proc/meminfo, bytes; 0 when unknown. */
static uint64_t mem_available(void)
{
	unsigned long long kb = 0;
	char line[256];
	FILE *f = fopen("/proc/meminfo", "re");

	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "MemAvailable: %llu kB", &kb) == 1)
			break;
	if (f)
		fclose(f);
	return (uint64_t)kb * 1024;
}

/*
 * What a point needs at once, checked before the first point runs: under
 * the built-in runner every clone holds every LUN open (and a ring), and
 * its iodepth x bs of buffers. Too little of either is one error naming
 * the point and the limit, not a failure an hour into the run.
 */
static void point_limits(const struct jp_file *jf, unsigned int nluns, const struct opts *o,
			 size_t i, const struct mx_plan *plan)
{
	const struct mx_point *p = &plan->pts[i];
	uint64_t clones = 0, bytes = 0, fds, avail;
	struct rlimit rl;
	size_t k;

	if (o->runner == CLI_FIO)
		return; /* fio's processes have their own limits */
	for (k = 0; k < jf->njobs; k++) {
		clones += jf->jobs[k].numjobs;
		bytes += (uint64_t)jf->jobs[k].numjobs * jf->jobs[k].iodepth * jf->jobs[k].bs;
	}
	fds = clones * (nluns + 1) + 64;
	if (!getrlimit(RLIMIT_NOFILE, &rl) && rl.rlim_max != RLIM_INFINITY && fds > rl.rlim_max)
		die_usage("point %u of %zu (small=%u, large=%u) holds %llu clones x %u LUNs open at once, about %llu open files; the hard limit (ulimit -Hn) is %llu: raise it, use fewer LUNs, or -runner fio",
			  p->num, plan->per_pass, p->s, p->l, (unsigned long long)clones, nluns,
			  (unsigned long long)fds, (unsigned long long)rl.rlim_max);
	avail = mem_available();
	if (avail && bytes > avail / 2)
		die_usage("point %u of %zu (small=%u, large=%u) needs %llu MiB of I/O buffers (iodepth x bs x clones); only %llu MiB are available",
			  p->num, plan->per_pass, p->s, p->l, (unsigned long long)(bytes >> 20),
			  (unsigned long long)(avail >> 20));
}

/*
 * Each point's job file text (one per host under -clients), checked as the
 * built-in runner will read it: a point that cannot run is EXIT_USAGE now.
 */
static void point_texts(struct run *r, struct opts *o)
{
	struct fr_err err = { "" };
	size_t i;
	int ret;

	r->nh = o->clients ? o->hosts.n : 1;
	r->texts = calloc(r->plan.n ? r->plan.n * r->nh : 1, sizeof(*r->texts));
	if (!r->texts)
		die_run("out of memory");
	r->ntexts = r->plan.n * r->nh; /* the plan grows by -stop_at_knee's pairs later: these stay */
	for (i = 0; i < r->plan.n * r->nh; i++) {
		const struct mx_point *p = &r->plan.pts[i / r->nh];
		const struct host *h = o->clients ? &o->hosts.h[i % r->nh] : NULL;

		if (h) {
			r->jc.luns = h->luns;
			r->jc.vol_size = h->ri->vlun_size;
			r->jc.log_tag = h->tag;
		}
		r->texts[i] = jf_entry_text(&r->jc, o->ri.testname, &r->plan, p, h ? h->ri->name : NULL);
		if (!r->texts[i])
			die_run("out of memory");
		if (!o->placeholders) {
			struct jp_file jf;
			char name[32];

			snprintf(name, sizeof(name), "p%03u.fio", p->num);
			ret = jp_parse_buffer(&jf, name, r->texts[i], &err);
			if (!ret) {
				ret = h ? rn_check_on(&jf, h->ri->vlun_size, h->align, &err) : rn_check(&jf, &err);
				if (!ret)
					point_limits(&jf, r->vv->nluns, o, i / r->nh, &r->plan);
				jp_release(&jf);
			}
			if (ret)
				die_usage("point %u of %zu (small=%u, large=%u) cannot run on %s: %s",
					  p->num, r->plan.per_pass, p->s, p->l,
					  h ? h->ri->name : "this volume", err.msg);
		}
	}
}

/*
 * Everything decided before anything is written: the volume, the plan,
 * every point's job file and the check that each can run on this volume
 * (every clone's range holds a block; bs suits direct=1). A point that
 * cannot run fails now, not after the points before it ran. Bad input
 * exits EXIT_USAGE.
 */
static void plan_run(struct run *r, struct opts *o)
{
	/* ORION: <testname>.lun, as given (a .lun suffix is not stripped). */
	char *lunfile = xasprintf("%s.lun", o->ri.testname);
	struct vvol_conf vc = { 0 };
	struct fr_err err = { "" };
	size_t i;
	int ret;

	char *testname = xasprintf("%s", o->ri.testname);

	testname_folder(o);
	if (o->clients) {
		/* The engine's path on the hosts: -engine, else where an install puts it. */
		r->engine = o->engine ? xasprintf("%s", o->engine) : find_engine(NULL, true);
		plan_hosts(r, o, testname);
	} else {
		vc.lunfile = lunfile;
		vc.simulate = o->ri.raid0 ? "raid0" : "concat";
		vc.stripe = (uint64_t)o->ri.stripe_kb * 1024;
		if (vvol_load(&r->vv, &vc, &err))
			die_usage("%s", err.msg);
		r->engine = o->placeholders ? NULL : find_engine(o->engine, false);
	}
	free(testname);
	/*
	 * Writes destroy what is on the LUNs: refused up front (exit 3) when
	 * one is mounted, held, or carries a signature the user did not
	 * accept with -force_write. The engine checks again at every open
	 * (with -clients, the probe did it on each host).
	 * Warm-up groups write only with -write, so reads never ask.
	 */
	if (o->ri.write_pct > 0 && !o->clients &&
	    vvol_check_writable(r->vv, o->force_write ? VVOL_ALLOW_SIGNATURES : 0, &err))
		die_safety("%s", err.msg);
	r->num_disks_given = o->ri.num_disks >= 0;
	if (o->ri.num_disks < 0)
		o->ri.num_disks = r->vv->nluns;
	ret = mx_plan(&r->plan, o->run, o->ri.matrix, (unsigned int)o->ri.num_disks,
		      (int)o->num_small, (int)o->num_large);
	if (ret == -EINVAL)
		die_usage("this -run/-matrix combination tests no point");
	if (!ret)
		ret = mx_repeat(&r->plan, (unsigned int)o->ri.repeat);
	if (o->resume && !o->parts_given)
		rp_parts(o);
	if (!ret)
		ret = mx_parts(&r->plan, (unsigned int)o->ri.parts, (unsigned int)o->ri.refs);
	if (ret)
		die_run("out of memory");
	if (o->resume) {
		char *dir = xasprintf("%s/%s_jobs", o->outdir, o->ri.testname);

		pr_replay(&r->plan, dir);
		free(dir);
	}
	if (o->ri.curve.npct && o->ri.curve.max_iops)
		curve_no_ladder(&r->plan); /* -run curve -max_iops */
	if (o->backend == BK_DEFAULT && !o->clients)
		o->backend = pick_backend(&o->ri); /* -clients: each host's engine takes the job's */
	/* -parts N: each part runs duration / N (cli.c: at least 1 s). */
	snprintf(r->full_dur, sizeof(r->full_dur), "%" PRIu64, o->ri.duration);
	if (o->ri.parts > 1 && o->ri.duration * 1000 % (uint64_t)o->ri.parts)
		snprintf(r->dur, sizeof(r->dur), "%" PRIu64 "ms",
			 o->ri.duration * 1000 / (uint64_t)o->ri.parts);
	else
		snprintf(r->dur, sizeof(r->dur), "%" PRIu64,
			 o->ri.duration / (uint64_t)(o->ri.parts > 1 ? o->ri.parts : 1));
	r->jc = (struct jf_conf){
		.engine = o->placeholders ? "${FIORION_ENGINE}" : r->engine,
		.lunfile = o->placeholders ? "${LUNFILE}" : absolute(lunfile),
		.duration = o->placeholders ? "${DURATION}" : r->dur,
		.run = &o->ri,
		.backend = o->backend,
		.vol_size = r->vv->size,
		.allow_signatures = o->force_write,
		.user = &o->fio_opts,
	};
	r->log_dir = o->placeholders ? NULL : xasprintf("%s/%s_jobs", o->outdir, o->ri.testname);
	r->jc.log_dir = r->log_dir;
	for (i = 0; i < r->plan.n; i++)
		r->total_secs += point_secs(o, &r->jc, &r->plan.pts[i]);
	if (o->resume)
		resume_id(r, o);
	else
		make_run_id(r->run_id);
	if (!o->placeholders)
		r->jc.run_id = r->run_id;
	point_texts(r, o);
	r->jc.luns = NULL;
	r->jc.log_tag = NULL;
	r->lunfile = lunfile;
}

static void write_or_die(const char *path, const char *text, size_t len)
{
	struct fr_err err = { "" };

	if (fr_write_atomic(path, text, len, &err))
		die_run("%s", err.msg);
}

/*
 * The run's file set: the output folder, an earlier set of the same name
 * moved aside, the warnings, the banner, the job files (one per point
 * and the whole matrix) and run.json. A write that fails exits EXIT_RUN.
 */
static void write_set(struct run *r, const struct opts *o, int argc, char **argv)
{
	char *text = NULL, *rj, *path;
	struct fr_err err = { "" };
	size_t i, h, len = 0, w;
	json_t *s;
	FILE *f;

	if (o->resume) {
		/* The run's files stay: its job files are checked, not rewritten. */
		r->jobs_dir = xasprintf("%s/%s_jobs", o->outdir, o->ri.testname);
		lock_own_folder(r->jobs_dir);
		r->whole = xasprintf("%s/%s.fio", o->outdir, o->ri.testname);
		r->resumed = resume_check(r, o);
		path = xasprintf("%s/run.json", r->jobs_dir);
		if (run_json_check(path, o, r->vv, &r->plan, &err))
			die_usage("-resume: %s", err.msg);
		free(path);
		/* The prefix line names the files as they are: the run's first start. */
		screen_named(o->ri.testname, o->ri.compat, r->start);
		screen_banner(o, &r->plan, r->vv, r->num_disks_given);
		if (!fr_quiet())
			rp_line(&r->plan, r->resumed);
		return;
	}
	move_aside(o->outdir, o->ri.testname, o->ri.compat, r->start);
	r->warnings = json_array();
	/* backend=null reads nothing: its LUNs' medium gives no number. */
	if (!o->clients && o->backend != BK_NULL) {
		memory_luns(r->vv, r->warnings);
		small_volume(r->vv->size, o->ri.cache_size, r->warnings);
	}
	json_array_foreach(r->warnings, w, s)
		fprintf(stderr, "fiorion: warning: %s\n", json_string_value(s));
	screen_banner(o, &r->plan, r->vv, r->num_disks_given);

	r->jobs_dir = xasprintf("%s/%s_jobs", o->outdir, o->ri.testname);
	if (mkdir(r->jobs_dir, 0755) < 0 && errno != EEXIST)
		die_run("cannot create '%s': %s", r->jobs_dir, strerror(errno));
	lock_own_folder(r->jobs_dir);
	/* The whole matrix in one file (one per host with -clients): whole points. */
	if (!o->placeholders)
		r->jc.duration = r->full_dur;
	for (h = 0; h < r->nh; h++) {
		const struct host *ho = o->clients ? &o->hosts.h[h] : NULL;

		f = open_memstream(&text, &len);
		if (!f)
			die_run("out of memory");
		fprintf(f, "# fiorion %s: the whole matrix of '%s'%s%s, %zu points (+ (0,0), which runs nothing);\n"
			   "# each point is one stonewalled group. One file per point: %s_jobs/pNNN%s%s.fio\n",
			FIORION_VERSION, o->ri.testname, ho ? " on host " : "", ho ? ho->ri->name : "",
			r->plan.per_pass, o->ri.testname, ho ? "." : "", ho ? ho->tag : "");
		if (ho) {
			r->jc.luns = ho->luns;
			r->jc.vol_size = ho->ri->vlun_size;
			r->jc.log_tag = ho->tag;
		}
		jf_global(f, &r->jc, "");
		for (i = 0; i < r->plan.per_pass; i++)
			jf_point(f, &r->jc, (unsigned int)i + 1, &r->plan.pts[i], i == 0);
		fclose(f);
		r->jc.luns = NULL;
		r->jc.log_tag = NULL;
		path = ho ? xasprintf("%s/%s.%s.fio", o->outdir, o->ri.testname, ho->tag)
			  : xasprintf("%s/%s.fio", o->outdir, o->ri.testname);
		write_or_die(path, text, len);
		free(text);
		if (!h)
			r->whole = path;
		else
			free(path);
	}
	if (!o->placeholders)
		r->jc.duration = r->dur;
	for (i = 0; i < r->plan.n; i++)
		for (h = 0; h < r->nh; h++) {
			path = job_path(r->jobs_dir, o, &r->plan.pts[i], h);
			write_or_die(path, r->texts[i * r->nh + h], strlen(r->texts[i * r->nh + h]));
			free(path);
		}
	rj = run_json(o, r->vv, &r->plan, argc, argv, r->start, r->run_id, r->warnings);
	path = xasprintf("%s/run.json", r->jobs_dir);
	write_or_die(path, rj, strlen(rj));
	if (!o->clients && lunid_write(r->jobs_dir, r->vv, o->placeholders ? NULL : r->jc.lunfile, &err))
		die_run("%s", err.msg);
	free(path);
	free(rj);
}

static void run_release(struct run *r)
{
	size_t i;

	for (i = 0; r->texts && i < r->ntexts; i++)
		free(r->texts[i]);
	free(r->engine);
	free(r->texts);
	free(r->jobs_dir);
	free(r->log_dir);
	free(r->whole);
	json_decref(r->warnings);
	free(r->kept);
	mx_plan_release(&r->plan);
	vvol_free(r->vv);
	free(r->lunfile);
}

/* The soft limit on open files up to the hard one: clones hold every LUN open. */
static void raise_nofile(void)
{
	struct rlimit rl;

	if (!getrlimit(RLIMIT_NOFILE, &rl) && rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max;
		setrlimit(RLIMIT_NOFILE, &rl);
	}
}

int main(int argc, char **argv)
{
	struct run r = { .start = time(NULL) };
	struct fr_err err = { "" };
	struct stat st;
	struct opts o;
	size_t done;
	int status = EXIT_OK;

	/* A closed stdout is a failed write, said at the end, not a silent death. */
	signal(SIGPIPE, SIG_IGN);
	/* Run as orion: ORION's banner before an error, as ORION prints it. */
	screen_init(dropin_as_orion(argv[0]));
	cli_parse(&o, argc, argv);
	if (o.version)
		return print_version(&o);
	if (o.jobfile)
		screen_init(false); /* its stdout is fio's JSON, not ORION's screen */
	screen_named(o.ri.testname, o.ri.compat, r.start);
	raise_nofile();
	if (o.jobfile)
		return jobfile_main(&o);
	if (stat(o.outdir, &st) == 0 && !S_ISDIR(st.st_mode))
		die_usage("-outdir '%s': exists and is not a folder", o.outdir);
	plan_run(&r, &o);
	/* The run's folder and lock, before anything is written (-prefill too). */
	if (or_make_dir(o.outdir, &err))
		die_usage("%s", err.msg);
	lock_run(o.outdir, o.ri.testname);
	/* Held from here to the end: nothing mounts a LUN while it is written. */
	if (!o.jobs_only && !o.clients && (o.ri.write_pct > 0 || o.prefill) &&
	    (status = ph_hold(r.vv, &err)))
		(status == -FR_ESAFETY ? die_safety : die_run)("%s", err.msg);
	if (!o.jobs_only && !o.clients)
		backed_luns(r.vv, &o); /* -clients: each host's probe looked */
	curve_precheck(&o, &r.jc);
	write_set(&r, &o, argc, argv);
	if (o.jobs_only) {
		if (!o.quiet)
			fprintf(stderr, "fiorion: wrote %s and %zu job files in %s/\n", r.whole,
				r.plan.n, r.jobs_dir);
	} else {
		char partial[1280] = "";
		size_t skipped, skipped_pts;
		int sig;
		struct ladders *ld = ld_new(&o, &r.plan);
		/* The run's results in memory as they come, for the ladders and the live files. */
		struct rs_run *rs = rs_new(r.jobs_dir, r.kept, r.resumed);

		done = r.resumed;
		status = run_points(&o, &r.jc, &r.plan, r.jobs_dir, r.total_secs, ld, rs, &done);
		sig = pl_stop_signal();
		skipped = ld_nskipped(ld);
		skipped_pts = ld_nskipped_points(ld);
		if (ld) {
			/* run.json: the knees, the ladders stopped, the points that ran. */
			char *rj = xasprintf("%s/run.json", r.jobs_dir);

			if (ld_update_run(ld, rj))
				status = EXIT_RUN;
			free(rj);
			ld_free(ld);
		}
		if (sig)
			snprintf(partial, sizeof(partial),
				 "Run interrupted (%s): %zu of its %zu points were measured.",
				 sig == SIGINT ? "SIGINT" : sig == SIGHUP ? "SIGHUP"
									  : "SIGTERM",
				 mx_points_in(&r.plan, done) - skipped_pts, r.plan.per_pass);
		else if (done < r.plan.n)
			snprintf(partial, sizeof(partial),
				 "Run stopped: %s. %zu of its %zu points were measured.",
				 pl_failure() ? pl_failure() : "a point failed",
				 mx_points_in(&r.plan, done) - skipped_pts, r.plan.per_pass);
		if (done > skipped && report(&o, &r.plan, r.jobs_dir, done, 0, partial[0] ? partial : NULL))
			status = EXIT_RUN;
		if (o.ri.curve.npct && !sig && status == EXIT_OK)
			status = curve_run(&o, &r.jc, &r.plan, r.jobs_dir, done, r.vv);
		live_end(sig, status, sig ? NULL : pl_failure());
		rs_free(rs);
		if (sig) {
			printf("fiorion: run interrupted by %s; ORION's files cover the %zu points done\n",
			       sig == SIGINT ? "SIGINT" : sig == SIGHUP ? "SIGHUP"
									: "SIGTERM",
			       done);
			status = 128 + sig;
		}
	}
	run_release(&r);
	hosts_release(&o.hosts);
	ri_release(&o.ri);
	if (fflush(stdout) || ferror(stdout)) {
		fprintf(stderr, "fiorion: cannot write to standard output: %s\n", strerror(errno));
		status = status ? status : EXIT_RUN;
	}
	return status;
}
