// SPDX-License-Identifier: GPL-2.0-only
/*
 * live.c -- the live record of a run: status.json from a thread every
 * second, the set rewritten after every point, the ETA with the overhead
 * per point measured so far.
 */
#include "live.h"

#include <jansson.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "curve.h"
#include "fiojson.h"
#include "fileset.h"
#include "fr_file.h"
#include "layout.h"
#include "results.h"

double live_overhead_of(const struct live_eta_in *in)
{
	double o;

	if (!in->ndone)
		return 0;
	/* The wall time of the points measured: the loop's less the running point's. */
	o = (in->loop_elapsed - in->cur_elapsed - (double)in->done_secs) / (double)in->ndone;
	return o > 0 ? o : 0;
}

double live_eta_of(const struct live_eta_in *in)
{
	double o = live_overhead_of(in), cur = 0;

	if (in->cur_secs) {
		cur = (double)in->cur_secs + o - in->cur_elapsed;
		cur = cur > 0 ? cur : 0;
	}
	return cur + (double)in->left_secs + o * (double)in->nleft;
}

/* The run's live state; one run per process. */
static struct {
	bool on;
	bool paused; /* live_pause(): a stage of its own (the curve) runs now */
	/* live_curve(): the curve's points, counted after the matrix's. */
	bool curve;
	size_t cv_n, cv_done;
	double cv_pct[RI_CURVE_MAX];
	unsigned long cv_target[RI_CURVE_MAX];
	const struct opts *o;
	const struct mx_plan *plan;
	struct rs_run *rs; /* the run's set, for the rewrite */
	char *jobs_dir, *path, run_id[17];
	double t_loop, t_cur;  /* monotonic: the loop's start, the point's (0: none) */
	double t_stage;	       /* monotonic: the ETA's stage's start (the loop's, the curve's) */
	size_t cur, ndone_all; /* the point running (0-based); points done (+ skipped) */
	size_t nskipped;       /* points -stop_at_knee left out (their parts each) */
	size_t nskipped_pts;   /* of them, the points (pass 1) */
	struct live_eta_in in;
	json_t *last;	  /* the last measured cell's figures */
	double rewrite_s; /* the last rewrite of the set took */
	double rw_next;	  /* monotonic: no rewrite before (live_rewrite_next()) */
	pthread_t th, rw;
	pthread_mutex_t mu;
	pthread_cond_t cv, rw_cv;
	bool stop, rw_on, rw_stop;
	size_t rw_want, rw_have; /* the points the set should have, and has */
} L = { .mu = PTHREAD_MUTEX_INITIALIZER,
	.cv = PTHREAD_COND_INITIALIZER,
	.rw_cv = PTHREAD_COND_INITIALIZER };

static double now_mono(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The ETA's inputs now (L.mu held). */
static void eta_now(struct live_eta_in *in)
{
	double t = now_mono();

	*in = L.in;
	in->loop_elapsed = t - L.t_stage;
	in->cur_elapsed = L.t_cur ? t - L.t_cur : 0;
}

/* status.json's "current": the point running (L.mu held; @in its ETA's inputs). */
static json_t *current(const struct live_eta_in *in)
{
	const struct mx_point *p;

	if (L.curve)
		return json_pack("{s:I,s:I,s:f,s:I,s:f,s:I}", "point",
				 (json_int_t)(L.plan->n + L.cur + 1), "curve_point", (json_int_t)L.cur + 1,
				 "percent", L.cv_pct[L.cur], "target_iops", (json_int_t)L.cv_target[L.cur],
				 "elapsed_s", in->cur_elapsed, "planned_s", (json_int_t)in->cur_secs);
	p = &L.plan->pts[L.cur];
	return json_pack("{s:I,s:I,s:I,s:I,s:f,s:I}", "point", (json_int_t)L.cur + 1, "small",
			 (json_int_t)p->s, "large", (json_int_t)p->l, "pass", (json_int_t)p->pass,
			 "elapsed_s", in->cur_elapsed, "planned_s", (json_int_t)in->cur_secs);
}

/* status.json's text (L.mu held); @error: why a failed run stopped, else NULL. */
static char *status_text(const char *state, const char *error)
{
	struct live_eta_in in;
	json_t *j = json_object(), *cur = json_null(), *err;
	double eta;
	char *s;

	eta_now(&in);
	eta = strcmp(state, "running") ? 0 : live_eta_of(&in);
	json_object_set_new(j, "run_id", json_string(L.run_id));
	json_object_set_new(j, "testname", json_string(L.o->ri.testname));
	json_object_set_new(j, "state", json_string(state));
	/* A path that is not UTF-8 cannot be a JSON string: the summary has it. */
	err = error ? json_string(error) : json_null();
	json_object_set_new(j, "error", err ? err : json_string("(not UTF-8: see the summary)"));
	/* -run curve: its points after the matrix's (live_curve()). */
	/* A point with a measurement has its cell (as the summary counts them); its others are counted apart. */
	json_object_set_new(j, "points", json_integer((json_int_t)(L.plan->per_pass + L.cv_n)));
	json_object_set_new(j, "points_done",
			    json_integer((json_int_t)(mx_points_in(L.plan, L.ndone_all) - L.nskipped_pts + L.cv_done)));
	json_object_set_new(j, "measurements", json_integer((json_int_t)(L.plan->n + L.cv_n)));
	json_object_set_new(j, "measurements_done", json_integer((json_int_t)(L.ndone_all + L.cv_done)));
	if (L.t_cur && !strcmp(state, "running"))
		cur = current(&in);
	json_object_set_new(j, "current", cur);
	json_object_set_new(j, "eta_s", json_real(eta));
	json_object_set_new(j, "overhead_per_point_s", json_real(live_overhead_of(&in)));
	json_object_set_new(j, "elapsed_s", json_real(now_mono() - L.t_loop));
	json_object_set_new(j, "last", L.last ? json_incref(L.last) : json_null());
	json_object_set_new(j, "rewrite_s", json_real(L.rewrite_s));
	json_object_set_new(j, "updated", json_integer((json_int_t)time(NULL)));
	s = json_dumps(j, JSON_INDENT(2) | JSON_PRESERVE_ORDER | JSON_REAL_PRECISION(6));
	json_decref(j);
	return s;
}

static void write_status(const char *state, const char *error)
{
	struct fr_err err = { "" };
	char *j = status_text(state, error), *s;

	if (!j)
		return;
	s = xasprintf("%s\n", j);
	/* Staged and renamed: a reader never sees half of it. */
	if (fr_write_atomic(L.path, s, strlen(s), &err))
		fprintf(stderr, "fiorion: warning: %s\n", err.msg);
	free(s);
	free(j);
}

static void *status_thread(void *arg)
{
	struct timespec ts;

	(void)arg;
	pthread_mutex_lock(&L.mu);
	while (!L.stop) {
		write_status("running", NULL);
		clock_gettime(CLOCK_REALTIME, &ts);
		ts.tv_sec += 1;
		pthread_cond_timedwait(&L.cv, &L.mu, &ts);
	}
	pthread_mutex_unlock(&L.mu);
	return NULL;
}

double live_rewrite_next(double start, double took)
{
	return start + LIVE_REWRITE_SHARE * took;
}

/* The set after the plan's first @n entries, from the run's set in memory (results.h). */
static void rewrite(size_t n, const char *partial)
{
	struct fj_set v;
	struct fr_err err = { "" };

	if (rs_view(L.rs, n, &v, &err))
		fprintf(stderr, "fiorion: warning: live ORION's files: %s\n", err.msg);
	else
		rs_write(L.o, &v, L.jobs_dir, PL_LIVE, partial);
	rs_view_release(&v);
}

/* Wait on the rewrite's condition until the monotonic time @t (L.mu held). */
static void wait_until(double t)
{
	struct timespec ts;
	double d = t - now_mono();
	long ns;

	clock_gettime(CLOCK_REALTIME, &ts);
	ns = ts.tv_nsec + (long)((d - (double)(long)d) * 1e9);
	ts.tv_sec += (time_t)d + ns / 1000000000L;
	ts.tv_nsec = ns % 1000000000L;
	pthread_cond_timedwait(&L.rw_cv, &L.mu, &ts);
}

/*
 * The set's rewrite, off the points' path: the next point starts while
 * the set of the last is written, at nice 10 so the point's own threads
 * come first. A rewrite asked for while one runs is folded into the
 * next, and one asked for sooner than live_rewrite_next() after the
 * last waits for it (folding what comes meanwhile).
 */
static void *rewrite_thread(void *arg)
{
	char partial[160];
	double t0;
	size_t n;

	(void)arg;
	setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), 10);
	pthread_mutex_lock(&L.mu);
	for (;;) {
		while (!L.rw_stop && L.rw_want == L.rw_have)
			pthread_cond_wait(&L.rw_cv, &L.mu);
		if (!L.rw_stop && now_mono() < L.rw_next) {
			wait_until(L.rw_next);
			continue;
		}
		if (L.rw_stop)
			break;
		n = L.rw_want;
		snprintf(partial, sizeof(partial),
			 "Run in progress: %zu of its %zu points measured so far.",
			 mx_points_in(L.plan, n) - L.nskipped_pts, L.plan->per_pass);
		pthread_mutex_unlock(&L.mu);
		t0 = now_mono();
		rewrite(n, partial);
		pthread_mutex_lock(&L.mu);
		L.rw_have = n;
		L.rewrite_s = now_mono() - t0;
		L.rw_next = live_rewrite_next(t0, L.rewrite_s);
	}
	pthread_mutex_unlock(&L.mu);
	return NULL;
}

void live_settle(void)
{
	if (!L.rw_on)
		return;
	pthread_mutex_lock(&L.mu);
	L.rw_stop = true;
	pthread_cond_signal(&L.rw_cv);
	pthread_mutex_unlock(&L.mu);
	pthread_join(L.rw, NULL);
	L.rw_on = false;
}

/* status.json's path: the set's name rule (fileset.h), in -outdir. */
static char *status_path(const struct opts *o, time_t start)
{
	const char *tn = o->ri.testname, *dir = o->outdir && *o->outdir ? o->outdir : ".";
	char name[PATH_MAX];

	fs_file(name, sizeof(name), tn, or_layout(o->ri.compat)->dated, start, FS_STATUS);
	if (tn[0] == '/')
		return xasprintf("%s", name);
	return xasprintf("%s/%s", dir, name);
}

void live_start(const struct opts *o, const struct mx_plan *plan, const char *jobs_dir, size_t done,
		long left_secs, struct rs_run *rs)
{
	const struct ri_run *run = NULL;
	struct fr_err err = { "" };
	sigset_t all, old;

	/* One live run per process: a later stage's loop keeps the first's. */
	if (L.on || L.paused || !rs)
		return;
	/* run.json as the run's set read it, once. */
	if (rs_run(rs, &run, &err) || !run->run_id) {
		fprintf(stderr, "fiorion: warning: no live status: %s\n",
			err.msg[0] ? err.msg : "run.json has no run id");
		return;
	}
	snprintf(L.run_id, sizeof(L.run_id), "%s", run->run_id);
	L.path = status_path(o, run->start ? (time_t)run->start : time(NULL));
	L.o = o;
	L.plan = plan;
	L.rs = rs;
	L.jobs_dir = xasprintf("%s", jobs_dir);
	L.ndone_all = done;
	L.cur = done;
	L.in.left_secs = left_secs;
	L.in.nleft = plan->n - done;
	L.t_loop = L.t_stage = now_mono();
	L.on = true;
	/* The signals stay the main thread's: they stop the point it waits for. */
	sigfillset(&all);
	pthread_sigmask(SIG_BLOCK, &all, &old);
	L.rw_want = L.rw_have = done;
	if (pthread_create(&L.th, NULL, status_thread, NULL)) {
		fprintf(stderr, "fiorion: warning: no live status: cannot start its thread\n");
		L.on = false;
	} else {
		L.rw_on = !pthread_create(&L.rw, NULL, rewrite_thread, NULL);
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
}

void live_point(size_t i, long secs)
{
	if (!L.on || (L.paused && !L.curve))
		return;
	pthread_mutex_lock(&L.mu);
	L.cur = i;
	L.in.cur_secs = secs;
	L.in.left_secs -= L.in.cur_secs;
	L.in.nleft--;
	L.t_cur = now_mono();
	pthread_mutex_unlock(&L.mu);
}

/* The cell's figures for status.json's "last", or NULL. */
static json_t *figures(const struct rs_figs *f, size_t i)
{
	json_t *j;

	if (!f->ok)
		return NULL;
	j = json_pack("{s:I,s:I,s:I}", "point", (json_int_t)i + 1, "small", (json_int_t)f->s, "large",
		      (json_int_t)f->l);
	if (f->small) {
		json_object_set_new(j, "iops", json_integer((json_int_t)f->iops));
		json_object_set_new(j, "lat_ms", json_real(f->lat_ns / 1e6));
	}
	if (f->large)
		json_object_set_new(j, "mbps", json_real(f->mbps));
	return j;
}

/* Curve point @i (planned @secs) measured, @done of the curve's so far (its "last": live_curve_point()). */
static void curve_done(size_t i, size_t done, long secs)
{
	pthread_mutex_lock(&L.mu);
	if (L.t_cur && L.cur == i) {
		L.in.cur_secs = 0;
		L.t_cur = 0;
	}
	L.in.done_secs += secs;
	L.in.ndone++;
	L.cv_done = done;
	pthread_mutex_unlock(&L.mu);
}

void live_point_done(size_t i, const struct rs_figs *fig, size_t done, long secs)
{
	json_t *j;

	if (!L.on || (L.paused && !L.curve))
		return;
	if (L.curve) {
		curve_done(i, done, secs);
		return;
	}
	j = fig ? figures(fig, i) : NULL;
	pthread_mutex_lock(&L.mu);
	if (L.t_cur && L.cur == i) {
		L.in.cur_secs = 0;
		L.t_cur = 0;
	} else {
		/* A point skipped before it started. */
		L.in.left_secs -= secs;
		L.in.nleft--;
	}
	if (fig) {
		L.in.done_secs += secs;
		L.in.ndone++;
	} else {
		L.nskipped++;
		L.nskipped_pts += i < L.plan->n && L.plan->pts[i].pass == 1;
	}
	L.ndone_all = done;
	if (j) {
		json_decref(L.last);
		L.last = j;
	}
	if (fig) {
		L.rw_want = done;
		pthread_cond_signal(&L.rw_cv);
	}
	pthread_mutex_unlock(&L.mu);
}

long live_eta(long fallback)
{
	struct live_eta_in in;

	if (!L.on || L.paused)
		return fallback;
	pthread_mutex_lock(&L.mu);
	eta_now(&in);
	pthread_mutex_unlock(&L.mu);
	return (long)(live_eta_of(&in) + 0.5);
}

void live_pause(void)
{
	live_settle();
	pthread_mutex_lock(&L.mu);
	L.paused = true;
	pthread_mutex_unlock(&L.mu);
}

void live_curve(size_t n, const double *pct, const unsigned long *target, long secs)
{
	size_t i;

	live_pause();
	if (!L.on)
		return;
	pthread_mutex_lock(&L.mu);
	L.curve = true;
	L.cv_n = n < RI_CURVE_MAX ? n : RI_CURVE_MAX;
	L.cv_done = 0;
	for (i = 0; i < L.cv_n; i++) {
		L.cv_pct[i] = pct[i];
		L.cv_target[i] = target[i];
	}
	/* The ETA's overhead per point is the curve's own from here. */
	L.in = (struct live_eta_in){ .left_secs = (long)L.cv_n * secs, .nleft = L.cv_n };
	L.t_stage = now_mono();
	L.t_cur = 0;
	pthread_mutex_unlock(&L.mu);
}

void live_curve_point(const struct cv_point *p)
{
	const struct cv_lat *rsp = p->rsp.present ? &p->rsp : NULL;
	json_t *j;

	if (!L.on || !L.curve)
		return;
	j = json_pack("{s:I,s:I,s:f,s:f,s:f,s:b}", "point", (json_int_t)(L.plan->n + p->num),
		      "curve_point", (json_int_t)p->num, "percent", p->pct, "target_iops", p->target,
		      "iops", p->achieved, "held", p->held);
	if (!j)
		return;
	/* Response time where the runner measured it (the built-in runner), else none. */
	json_object_set_new(j, "response_ms", rsp ? json_real(rsp->mean / 1e6) : json_null());
	json_object_set_new(j, "service_ms", p->svc.present ? json_real(p->svc.mean / 1e6) : json_null());
	pthread_mutex_lock(&L.mu);
	json_decref(L.last);
	L.last = j;
	pthread_mutex_unlock(&L.mu);
}

const char *live_state(int sig, int status)
{
	if (sig)
		return "interrupted";
	return status ? "failed" : "done";
}

void live_end(int sig, int status, const char *error)
{
	live_settle();
	if (!L.on)
		return;
	pthread_mutex_lock(&L.mu);
	L.stop = true;
	pthread_cond_signal(&L.cv);
	pthread_mutex_unlock(&L.mu);
	pthread_join(L.th, NULL);
	L.t_cur = 0;
	write_status(live_state(sig, status), error);
	L.on = false;
	json_decref(L.last);
	L.last = NULL;
	free(L.path);
	free(L.jobs_dir);
}
