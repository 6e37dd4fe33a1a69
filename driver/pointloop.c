/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pointloop.c -- running the points: each point's job file by the
 * built-in runner or by fio, the progress line with its ETA, -verbose
 * tracing, and ORION's files from the points done.
 */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fiochild.h"
#include "fiojson.h"
#include "fr_file.h"
#include "fr_lunlist.h"
#include "jobfile.h"
#include "jobparse.h"
#include "ladder.h"
#include "pairs.h"
#include "live.h"
#include "lunid.h"
#include "pointcheck.h"
#include "pointhold.h"
#include "pointlogs.h"
#include "pointloop.h"
#include "results.h"
#include "runner.h"

static void fmt_hms(char *buf, size_t len, long secs)
{
	snprintf(buf, len, "%ld:%02ld:%02ld", secs / 3600, secs / 60 % 60, secs % 60);
}

char *point_file(const char *jobs_dir, const struct mx_point *p, const char *ext)
{
	if (p->pass > 1)
		return xasprintf("%s/p%03u.r%u.%s", jobs_dir, p->num, p->pass, ext);
	return xasprintf("%s/p%03u.%s", jobs_dir, p->num, ext);
}

char *job_path(const char *jobs_dir, const struct opts *o, const struct mx_point *p, size_t h)
{
	char *ext, *path;

	if (!o->clients)
		return point_file(jobs_dir, p, "fio");
	ext = xasprintf("%s.fio", o->hosts.h[h].tag);
	path = point_file(jobs_dir, p, ext);
	free(ext);
	return path;
}

/*
 * A multi-host point: every host's job file through one fio client, so
 * the hosts start together and the point ends when the last host has
 * reported. Given up @o->host_timeout s past the point's own time.
 */
static int run_clients(const struct opts *o, const struct jf_conf *jc, const struct mx_point *p,
		       const char *jobs_dir, size_t i, const char *json, const char *errf,
		       char **why)
{
	char **jobs = calloc(o->hosts.n, sizeof(*jobs));
	char *out = point_file(jobs_dir, p, "out");
	size_t h;
	int ret;

	(void)i;
	if (!jobs)
		die_run("out of memory");
	for (h = 0; h < o->hosts.n; h++)
		jobs[h] = job_path(jobs_dir, o, p, h);
	/*
	 * A warm-up bounded by size (-cache_size N) has no time to bound the
	 * point by: fio's own check of silent servers (a few missed 5 s ETA
	 * replies) is then the only limit.
	 */
	ret = run_fio_clients(o, jobs, json, out, errf,
			      jf_has_warm(jc, p) && o->ri.cache_size > 0
				      ? 0
				      : (unsigned int)point_secs(o, jc, p) + o->host_timeout,
			      why);
	for (h = 0; h < o->hosts.n; h++)
		free(jobs[h]);
	free(jobs);
	free(out);
	return ret;
}

/* A measurement's length, ns: the point's -duration, or its part's (-parts). */
static uint64_t part_ns(const struct opts *o)
{
	return o->ri.duration * 1000000000ull / (uint64_t)(o->ri.parts > 1 ? o->ri.parts : 1);
}

/* Seconds a point takes: its duration plus its warm-up (when bounded by time). */
long point_secs(const struct opts *o, const struct jf_conf *jc,
		const struct mx_point *p)
{
	/* -parts N: a part runs duration / N (rounded up to whole seconds here). */
	long n = o->ri.parts > 1 ? (long)o->ri.parts : 1;
	long s = ((long)o->ri.duration + n - 1) / n;

	if (jf_has_warm(jc, p) && o->ri.cache_size < 0)
		s += 120;
	return s;
}

/*
 * ", pass K of N" for the progress lines of -repeat, ", part K of N" for
 * -parts, ", reference" for the first point re-measured, else "".
 */
static const char *pass_of(const struct mx_plan *plan, const struct mx_point *p, char *buf,
			   size_t len)
{
	buf[0] = '\0';
	if (plan->passes > 1)
		snprintf(buf, len, ", pass %u of %u", p->pass, plan->passes);
	else if (p->part && p->pass > plan->parts)
		snprintf(buf, len, ", re-measured in a pair");
	else if (plan->parts > 1)
		snprintf(buf, len, ", part %u of %u", p->pass, plan->parts);
	else if (p->ref)
		snprintf(buf, len, ", reference re-measured");
	return buf;
}

/*
 * Point @i's name in a progress line: the plan's title for it, else
 * "point I of N (small=S, large=L)", with @pass its -repeat pass.
 */
static const char *title(const struct mx_plan *plan, size_t i, bool pass, char *buf, size_t len)
{
	const struct mx_point *p = &plan->pts[i];
	char pb[32];

	if (plan->titles)
		return plan->titles[i];
	/* Counted as the plan's points: a point's parts, re-measures and pairs name it again. */
	snprintf(buf, len, "point %u of %zu (small=%u, large=%u%s)", p->num, plan->per_pass, p->s, p->l,
		 pass || p->pass > 1 ? pass_of(plan, p, pb, sizeof(pb)) : "");
	return buf;
}

/*
 * -verbose (ORION: "prints tracing information to standard output"):
 * the point's job file and the sections that run, as written.
 */
static void verbose_point(const struct mx_plan *plan, size_t i, const char *job, const char *runner)
{
	char line[1024], tb[96];
	bool jobs = false;
	FILE *f = fopen(job, "re");

	printf("fiorion: %s: %s, run by %s\n", title(plan, i, false, tb, sizeof(tb)), job, runner);
	while (f && fgets(line, sizeof(line), f)) {
		if (line[0] == '[' && strncmp(line, "[global]", 8))
			jobs = true;
		if (jobs && line[0] != '#' && line[0] != '\n')
			printf("  %s", line);
	}
	if (f)
		fclose(f);
	fflush(stdout);
}

/* Run one job file with the built-in runner; its JSON goes to @json. */
static int run_builtin(const char *job, const char *json, const struct rn_opts *ro, char **why)
{
	struct fr_err err = { "" };
	struct jp_file jf;
	char *buf = NULL;
	size_t len = 0;
	FILE *f;
	int ret;

	ret = jp_parse_file(&jf, job, &err);
	if (ret) {
		*why = xasprintf("  %s\n", err.msg);
		return -1;
	}
	f = open_memstream(&buf, &len);
	ret = rn_run(&jf, ro, f, NULL, &err);
	fclose(f);
	/* A stuck clone's thread is left behind and may still read the job. */
	if (ret != -ETIMEDOUT)
		jp_release(&jf);
	/* A point a signal cut short is not kept: no JSON to count as measured. */
	if (!ret && !(ro->stop && *ro->stop))
		ret = fr_write_atomic(json, buf, len, &err);
	free(buf);
	if (ret) {
		*why = xasprintf("  %s\n", err.msg);
		return ret;
	}
	return 0;
}

/* What one point measured, for the progress line. */
static void point_result(const struct rs_figs *f, char *buf, size_t len)
{
	buf[0] = '\0';
	if (!f->ok)
		return;
	if (f->small && f->large)
		snprintf(buf, len, "%lld IOPS, %.2f ms, %.2f MBPS", (long long)f->iops, f->lat_ns / 1e6,
			 f->mbps);
	else if (f->small)
		snprintf(buf, len, "%lld IOPS, %.2f ms", (long long)f->iops, f->lat_ns / 1e6);
	else if (f->large)
		snprintf(buf, len, "%.2f MBPS", f->mbps);
}

/*
 * Read run.json and every point's JSON, write ORION's files: the run's
 * end, what fio2orion would make of the files the run leaves.
 */
int report(const struct opts *o, const struct mx_plan *plan, const char *jobs_dir, size_t done,
	   unsigned int flags, const char *partial)
{
	struct fj_set set = { 0 };
	struct fr_err err = { "" };
	char *path;
	size_t i;
	int ret;

	/* The run's own write of the set comes after the live one, never beside it. */
	if (!(flags & PL_LIVE))
		live_settle();
	path = xasprintf("%s/run.json", jobs_dir);
	ret = fj_read_file(&set, path, &err);
	free(path);
	for (i = 0; !ret && i < done; i++) {
		path = point_file(jobs_dir, &plan->pts[i], "skip");
		if (access(path, F_OK)) {
			/* Not a point a stopped ladder skipped (-stop_at_knee). */
			free(path);
			path = point_file(jobs_dir, &plan->pts[i], "json");
			ret = fj_read_file(&set, path, &err);
		}
		free(path);
	}
	if (ret)
		fprintf(stderr, "fiorion: %sORION's files: %s\n", flags & PL_LIVE ? "warning: live " : "",
			err.msg);
	else
		ret = rs_write(o, &set, jobs_dir, flags, partial);
	fj_set_release(&set);
	return ret;
}

/* "LUN '/a'" or "a LUN of '/a', '/b'", from the run's .lun file, for a message. */
static int add_name(void *arg, const char *name, size_t len, unsigned int line)
{
	FILE *f = arg;

	(void)line;
	fprintf(f, "%s'%.*s'", ftell(f) > 0 ? ", " : "", (int)len, name);
	return 0;
}

static char *lun_names(const struct jf_conf *jc)
{
	struct fr_err err = { "" };
	char *text = NULL, *list = NULL, *out;
	size_t len = 0, tl;
	FILE *f;

	if (!jc->lunfile || fr_read_file(jc->lunfile, NULL, 1 << 20, 0, &text, &tl, &err))
		return xasprintf("a LUN");
	f = open_memstream(&list, &len);
	if (!f)
		die_run("out of memory");
	fr_lunlist_each(text, '\n', add_name, f);
	fclose(f);
	out = xasprintf("%s %s", strchr(list, ',') ? "a LUN of" : "LUN", list);
	free(list);
	free(text);
	return out;
}

/*
 * SIGINT/SIGTERM/SIGHUP: the running point stops (the built-in clones stop
 * issuing I/O; a fio child is sent SIGTERM), the points already done are
 * kept, and main() writes ORION's files for them.
 */
static volatile int stop_signal;

static void on_signal(int sig)
{
	pid_t child = (pid_t)fiochild_pid;
	int e = errno;

	stop_signal = sig;
	fiochild_stop = 1; /* reap(): SIGKILL if fio has not ended 5 s later */
	if (child > 0)
		kill(child, SIGTERM);
	errno = e;
}

int pl_stop_signal(void)
{
	return stop_signal;
}

/*
 * Why the run stopped at a point, on one line: the cause stderr gave,
 * for the summary, the trace and status.json, which are what an
 * unattended run hands on (stderr is often gone by then).
 */
static char failure[1024];

/* @what ("point 2 of 7 (...) failed"), then @why's lines joined by "; ". */
static void set_failure(const char *what, const char *why)
{
	size_t n = (size_t)snprintf(failure, sizeof(failure), "%s: ", what);
	bool sep = false;

	if (n >= sizeof(failure))
		n = sizeof(failure) - 1;

	for (; why && *why && n + 1 < sizeof(failure); why++) {
		if (*why == '\n' || *why == '\r') {
			sep = true;
			continue;
		}
		if ((*why == ' ' || *why == '\t') && (sep || failure[n - 1] == ' '))
			continue;
		if (sep && n + 3 < sizeof(failure) && failure[n - 2] != ':') {
			failure[n++] = ';';
			failure[n++] = ' ';
		}
		sep = false;
		failure[n++] = (unsigned char)*why < ' ' ? ' ' : *why;
	}
	/* Cut short: not inside a UTF-8 character (status.json's string must be valid). */
	if (why && *why && n + 1 >= sizeof(failure)) {
		while (n && ((unsigned char)failure[n - 1] & 0xc0) == 0x80)
			n--;
		if (n && ((unsigned char)failure[n - 1] & 0xc0) == 0xc0)
			n--;
	}
	while (n && (failure[n - 1] == ' ' || failure[n - 1] == ';'))
		n--;
	failure[n] = '\0';
}

const char *pl_failure(void)
{
	return failure[0] ? failure : NULL;
}

/*
 * -runner fio with the user's own options (-fio_opt, -include): fio
 * judges them (--parse-only) on the first point to run, before any I/O;
 * one it refuses is a bad option (exit status 2), in fio's words.
 */
static void fio_takes_options(const struct opts *o, const char *jobs_dir, const struct mx_point *p)
{
	char *job = job_path(jobs_dir, o, p, 0), *why = NULL;
	char *out = xasprintf("%s/parse.out", jobs_dir), *err = xasprintf("%s/parse.err", jobs_dir);
	int ret = run_fio_parse(o, job, out, err, &why);

	unlink(out);
	unlink(err);
	if (why && *why)
		why[strlen(why) - 1] = '\0'; /* the message ends its own line */
	if (ret)
		die_usage("-fio_opt, -include: %s refuses %s, checked before any I/O (fio --parse-only):\n%s",
			  o->fio, job, why ? why : "");
	free(job);
	free(out);
	free(err);
}

/*
 * Before the points run: staged results of a fiorion killed mid-point
 * removed, the user's fio options judged (-runner fio), and under
 * -resume the points before @done (measured or skipped already) told to
 * the ladders. Returns the seconds those points took in the plan.
 */
static long resume(const struct opts *o, const struct jf_conf *jc, const struct mx_plan *plan,
		   const char *jobs_dir, struct ladders *ld, struct rs_run *rs, size_t done)
{
	struct fr_err err = { "" };
	long secs = 0;
	size_t i;
	int ret;

	/* Nothing planted under the points' log names, before any I/O (pointlogs.h). */
	ret = point_logs_ready(jobs_dir, plan, done, plan->n, &err);
	if (ret)
		(ret == -FR_ESAFETY ? die_safety : die_run)("%s", err.msg);
	/* A fio that a dead fiorion's signal cut short left only a staged file. */
	for (i = 0; i < plan->n; i++) {
		char *part = point_file(jobs_dir, &plan->pts[i], "json.part");

		unlink(part);
		free(part);
	}
	if (o->runner == CLI_FIO && !o->clients && o->fio_opts.n && done < plan->n)
		fio_takes_options(o, jobs_dir, &plan->pts[done]);
	/* -resume: the points before @done are measured (or skipped) already. */
	for (i = 0; i < done; i++) {
		char *skip = point_file(jobs_dir, &plan->pts[i], "skip"), why[600];

		secs += point_secs(o, jc, &plan->pts[i]);
		/* As report() tells them: a skipped point has its marker. */
		if (access(skip, F_OK)) {
			char *json = point_file(jobs_dir, &plan->pts[i], "json");

			if (rs)
				rs_read(rs, i, json);
			ld_measured(ld, i, rs ? rs_set(rs) : NULL, NULL);
			free(json);
		} else {
			ld_skip(ld, i, why, sizeof(why));
		}
		free(skip);
	}
	return secs;
}

/* A point -stop_at_knee leaves out: its marker and its line. */
static void mark_skipped(const struct mx_plan *plan, size_t i, const char *jobs_dir,
			 const char *res, bool tty)
{
	const struct mx_point *p = &plan->pts[i];
	char *skip = point_file(jobs_dir, p, "skip");
	struct fr_err err = { "" };
	char *line = xasprintf("%s\n", res), tb[96];

	/* A marker, so -resume and the report know the point was not run. */
	if (fr_write_atomic(skip, line, strlen(line), &err))
		die_run("%s", err.msg);
	if (!fr_quiet())
		fprintf(stderr, "%sfiorion: %s not run: %s\n", tty ? "\r\033[K" : "",
			title(plan, i, false, tb, sizeof(tb)), res);
	free(skip);
	free(line);
}

/*
 * Point @p (the @i-th) measured by the runner the options name: 0, or
 * non-zero with *@why set (-1: a signal came first, nothing run).
 */
static int measure(const struct opts *o, const struct jf_conf *jc, const struct mx_point *p,
		   size_t i, const char *jobs_dir, const char *job, const char *json,
		   const char *errf, const struct rn_opts *ro, const char *luns, char **why)
{
	struct fio_limit lim = { 0, ro->stuck_s, luns };

	if (stop_signal)
		return -1;
	if (o->clients)
		return run_clients(o, jc, p, jobs_dir, i, json, errf, why);
	if (o->runner == CLI_BUILTIN)
		return run_builtin(job, json, ro, why);
	if (ro->stuck_s)
		lim.secs = (unsigned int)point_secs(o, jc, p) + ro->stuck_s;
	return run_fio(o, job, json, errf, &lim, why);
}

/*
 * Before point @i of @n: the volume measured is the volume described
 * (stop when a LUN changed), and a loop device attached over a LUN since
 * the last point is held too. 0, or the exit status, said.
 */
static int point_ready(const char *jobs_dir, const struct mx_plan *plan, size_t i, bool clients,
		       bool tty)
{
	struct fr_err err = { "" };
	int ret = clients ? 0 : lunid_check(jobs_dir, &err);
	char tb[96];

	if (!ret && !clients)
		ret = ph_renew(&err);
	/* Again just before the point: a link planted since the start. */
	if (!ret)
		ret = point_logs_ready(jobs_dir, plan, i, i + 1, &err);
	if (!ret)
		return 0;
	fprintf(stderr, "%sfiorion: %s not run: %s\n", tty ? "\r\033[K" : "",
		title(plan, i, false, tb, sizeof(tb)), err.msg);
	set_failure(title(plan, i, false, tb, sizeof(tb)), err.msg);
	return ret == -FR_ESAFETY ? EXIT_SAFETY : EXIT_RUN;
}

/*
 * Point @i measured, its JSON read once into @one (point_check()): its
 * figures for the progress line (@res) and the live record, @one into
 * the run's set @rs (or released: a stage that keeps none), the ladders
 * built from that set.
 */
static void point_measured(const struct opts *o, size_t i, struct fj_set *one, struct ladders *ld,
			   struct rs_run *rs, size_t done, long secs, char *res, size_t len)
{
	struct rs_figs fig;

	rs_figures(one, &fig);
	if (rs)
		rs_add(rs, i, one);
	fj_set_release(one);
	if (ld_measured(ld, i, rs ? rs_set(rs) : NULL, &fig))
		fprintf(stderr, "fiorion: warning: point %zu: its JSON cannot be read back for -stop_at_knee\n",
			i + 1);
	point_result(&fig, res, len);
	if (o->verbose) {
		printf("  result: %s\n", res);
		fflush(stdout);
	}
	live_point_done(i, &fig, done, secs);
}

/*
 * -stop_at_knee's pair (ladder.h LD_PAIR): @ins run before point @i, as
 * parts of their points past the plan's: their job files written, the
 * plan grown, pairs.log told (so -resume plans them again). Returns the
 * seconds they add.
 */
static long insert_pair(const struct opts *o, const struct jf_conf *jc, struct mx_plan *plan,
			const char *jobs_dir, size_t i, const struct mx_point ins[2])
{
	struct fr_err err = { "" };
	size_t k;

	for (k = 0; k < 2; k++) {
		char *text = jf_entry_text(jc, o->ri.testname, plan, &ins[k], NULL);
		char *path = job_path(jobs_dir, o, &ins[k], 0);

		if (!text || fr_write_atomic(path, text, strlen(text), &err))
			die_run("%s", text ? err.msg : "out of memory");
		free(text);
		free(path);
	}
	if (mx_insert(plan, i, ins, 2))
		die_run("out of memory");
	pr_note_insert(jobs_dir, i, ins, 2);
	return point_secs(o, jc, &ins[0]) + point_secs(o, jc, &ins[1]);
}

/*
 * Before point *@i runs, its ladders judged (ladder.h): true when it runs
 * now; false when it is skipped (marked, counted done) or a pair goes
 * before it (inserted at *@i, which steps back one so the loop runs the
 * pair's first next, then comes back to it).
 */
static bool judged(const struct opts *o, const struct jf_conf *jc, struct mx_plan *plan,
		   const char *jobs_dir, struct ladders *ld, size_t *i, long *left, size_t *done,
		   bool tty)
{
	struct mx_point ins[2];
	char res[600];
	long secs;

	switch (ld_next(ld, *i, res, sizeof(res), ins)) {
	case LD_PAIR:
		*left += insert_pair(o, jc, plan, jobs_dir, *i, ins);
		--*i;
		return false;
	case LD_SKIP:
		secs = point_secs(o, jc, &plan->pts[*i]);
		mark_skipped(plan, *i, jobs_dir, res, tty);
		*left -= secs;
		live_point_done(*i, NULL, ++*done, secs);
		return false;
	default:
		return true;
	}
}

int run_points(const struct opts *o, const struct jf_conf *jc, struct mx_plan *plan,
	       const char *jobs_dir, long total_secs, struct ladders *ld, struct rs_run *rs,
	       size_t *done)
{
	const char *runner = o->runner == CLI_FIO ? "fio" : "the built-in runner";
	struct sigaction sa;
	bool tty = isatty(2);
	long left = total_secs;
	struct rn_opts ro;
	char *luns;
	size_t i;
	int ret = EXIT_OK;

	cli_runner_opts(&ro);
	ro.stop = &stop_signal;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	luns = lun_names(jc);
	left -= resume(o, jc, plan, jobs_dir, ld, rs, *done);
	/* virtual_time: each point's clock starts where the run's last one ended (runner.h vt_at). */
	ro.vt_at = *done * part_ns(o);
	live_start(o, plan, jobs_dir, *done, left, rs);
	for (i = *done; i < plan->n; i++) {
		const struct mx_point *p;
		char *job, *json, *errf;
		char *why = NULL, res[600], eta[32], tb[96];
		struct fj_set one = { 0 };
		int failed, lret;

		if (!stop_signal && !judged(o, jc, plan, jobs_dir, ld, &i, &left, done, tty))
			continue;
		p = &plan->pts[i];
		job = job_path(jobs_dir, o, p, 0);
		json = point_file(jobs_dir, p, "json");
		errf = point_file(jobs_dir, p, "err");
		fmt_hms(eta, sizeof(eta), live_eta(left));
		lret = stop_signal ? 0 : point_ready(jobs_dir, plan, i, o->clients, tty);
		if (lret) {
			free(job);
			free(json);
			free(errf);
			ret = lret;
			break;
		}
		if (o->verbose)
			verbose_point(plan, i, job, runner);
		if (tty && !fr_quiet())
			fprintf(stderr, "\r\033[Kfiorion: %s running, ETA %s", title(plan, i, true, tb, sizeof(tb)),
				eta);
		live_point(i, point_secs(o, jc, p));
		failed = measure(o, jc, p, i, jobs_dir, job, json, errf, &ro, luns, &why);
		if (!failed && !stop_signal)
			failed = point_check(json, o->clients ? NULL : jobs_dir, &one, &why);
		else if (failed && !o->clients)
			point_lun_note(jobs_dir, &why);
		if (!stop_signal && !o->clients)
			failed = ph_after(json, failed, &why);
		if (stop_signal || failed)
			fj_set_release(&one);
		if (stop_signal) {
			/* The point was cut short: it is not a data point, nor kept as one. */
			unlink(json);
			if (tty)
				fputc('\n', stderr);
			fprintf(stderr, "fiorion: %s: point %u of %zu stopped; %s cover the %zu points done\n",
				strsignal(stop_signal), p->num, plan->per_pass,
				*done ? "ORION's files" : "no ORION files:",
				mx_points_in(plan, *done) - ld_nskipped_points(ld));
			free(why);
			free(job);
			free(json);
			free(errf);
			free(luns);
			return EXIT_RUN;
		}
		if (failed) {
			if (tty)
				fputc('\n', stderr);
			fprintf(stderr, "fiorion: %s failed; %s said:\n%s",
				title(plan, i, false, tb, sizeof(tb)), runner, why);
			set_failure(title(plan, i, false, tb, sizeof(tb)), why);
			if (o->clients) {
				/* The job files are one per host; fio's own account is in .out. */
				free(job);
				job = point_file(jobs_dir, p, "out");
			}
			fprintf(stderr, "fiorion: %s %s; %s%zu points done\n",
				o->clients ? "fio's output" : "job file", job,
				*done ? "ORION's files cover the " : "no ORION files written: ", *done);
		} else {
			++*done;
			ro.vt_at += part_ns(o);
			left -= point_secs(o, jc, p);
			point_measured(o, i, &one, ld, rs, *done, point_secs(o, jc, p), res, sizeof(res));
			fmt_hms(eta, sizeof(eta), live_eta(left));
			if (!fr_quiet())
				fprintf(stderr, "%sfiorion: %s: %s; ETA %s%s", tty ? "\r\033[K" : "",
					title(plan, i, true, tb, sizeof(tb)), res, eta,
					tty && i + 1 < plan->n ? "" : "\n");
		}
		free(why);
		free(job);
		free(json);
		free(errf);
		if (failed) {
			ret = failed == -FR_ESAFETY ? EXIT_SAFETY : EXIT_RUN;
			break;
		}
	}
	free(luns);
	return ret;
}
