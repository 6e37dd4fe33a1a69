/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * runset.c -- one run's file set: its identity (run id), its description
 * (run.json) and the warnings about its LUNs (history.c moves an
 * earlier run's set aside).
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <jansson.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "cli.h"
#include "fr_err.h"
#include "locate.h"
#include "orion_report.h"
#include "runinfo.h"
#include "runset.h"
#include "version.h"
#include "writeshare.h"

/* The distinct loads of the plan's points on one axis, ascending: the CSV files' columns and rows. */
static int64_t *plan_levels(const struct mx_plan *plan, bool small, size_t *n)
{
	int64_t *out = calloc(plan->n + 1, sizeof(*out)), x;
	size_t i, k, m;

	if (!out)
		die_run("out of memory");
	for (*n = 0, i = 0; i < plan->n; i++) {
		x = small ? plan->pts[i].s : plan->pts[i].l;
		for (k = 0; k < *n && out[k] < x; k++)
			;
		if (k < *n && out[k] == x)
			continue;
		for (m = (*n)++; m > k; m--)
			out[m] = out[m - 1];
		out[k] = x;
	}
	return out;
}

static int64_t *loads(const unsigned int *v, size_t n)
{
	int64_t *out = calloc(n ? n : 1, sizeof(*out));
	size_t i;

	if (!out)
		die_run("out of memory");
	for (i = 0; i < n; i++)
		out[i] = v[i];
	return out;
}

/*
 * The run as the options, plan and volume make it (@r's pointers owned
 * by it until run_unfill()): run.json's keys but for the part that ran
 * first (command line, start, kernel, warnings, what runs the points:
 * run_json()'s).
 */
static void run_fill(struct ri_run *r, const struct opts *o, const struct vvol *vv,
		     const struct mx_plan *plan)
{
	size_t i;

	/* The options' part of the run is the options' (cli.c parsed it into o->ri). */
	*r = o->ri;
	/*
	 * -max_latency and -stop_at_knee reach run.json with the answers
	 * they give, once the ladders ran (ladder.c): this one is the plan's.
	 */
	r->max_latency = NULL;
	r->stop_at_knee = false;
	r->version = FIORION_VERSION;
	r->matrix = plan->matrix;
	r->total_points = plan->total;
	r->vlun_size = vv->size;
	r->small_cols = loads(plan->small_cols, plan->nsmall_cols);
	r->nsmall_cols = plan->nsmall_cols;
	r->large_cols = loads(plan->large_cols, plan->nlarge_cols);
	r->nlarge_cols = plan->nlarge_cols;
	r->small_levels = plan_levels(plan, true, &r->nsmall_levels);
	r->large_levels = plan_levels(plan, false, &r->nlarge_levels);
	r->luns = calloc(vv->nluns ? vv->nluns : 1, sizeof(*r->luns));
	r->fio_opts = calloc(o->fio_opts.n + 1, sizeof(*r->fio_opts));
	if (!r->luns || !r->fio_opts)
		die_run("out of memory");
	for (i = 0; i < vv->nluns; i++) {
		r->luns[i].name = vv->luns[i].path;
		r->luns[i].size = vv->luns[i].size;
	}
	r->nluns = vv->nluns;
	r->nfio_opts = 0;
	for (i = 0; i < o->fio_opts.n; i++)
		if (!(r->fio_opts[r->nfio_opts++] = fo_string(&o->fio_opts, i)))
			die_run("out of memory");
	r->includes = o->fio_opts.includes;
	r->nincludes = o->fio_opts.ninc;
	/* -clients: each host as its probe found it (hosts.h: the run's records of them). */
	r->hosts = o->hosts.ri;
	r->nhosts = o->hosts.n;
	r->warnings = NULL;
	r->nwarnings = 0;
	/* run_json()'s part (run_prov()), never the options'. */
	r->runner = RI_RUNNER_UNKNOWN;
	r->fio_version = r->engine_version = r->backend = NULL;
	r->backend_asked = r->backend_note = NULL;
}

static void run_unfill(struct ri_run *r)
{
	size_t i;

	free(r->small_cols);
	free(r->large_cols);
	free(r->small_levels);
	free(r->large_levels);
	free(r->luns);
	for (i = 0; i < r->nwarnings; i++)
		free(r->warnings[i]);
	free(r->warnings);
	for (i = 0; i < r->nfio_opts; i++)
		free(r->fio_opts[i]);
	free(r->fio_opts);
	free(r->fio_version);
	free(r->engine_version);
	free(r->backend);
	free(r->backend_asked);
	free(r->backend_note);
}

/* A copy of @s for @r (run_unfill() frees it); NULL for "" or NULL. */
static char *keep(const char *s)
{
	return s && *s ? xasprintf("%s", s) : NULL;
}

/*
 * What runs the points (issue 42): the runner, its fio, the engine, the
 * backend the job files give the engine (the engine's default,
 * io_uring, when they give none: the engine has no fallback of its own;
 * pick_backend() put any fallback of the driver's in @r). -jobs_only
 * runs nothing: its files may be run later by either runner.
 */
static void run_prov(struct ri_run *r, const struct opts *o)
{
	char v[64];

	if (o->jobs_only)
		return;
	r->backend_asked = keep(o->ri.backend_asked);
	r->backend_note = keep(o->ri.backend_note);
	r->runner = o->runner == CLI_FIO ? RI_RUNNER_FIO : RI_RUNNER_BUILTIN;
	r->backend = keep(bk_name(o->backend) ? bk_name(o->backend) : "io_uring");
	if (o->runner == CLI_BUILTIN) {
		/* The built-in runner is the engine's core, linked in. */
		r->engine_version = keep(FIORION_VERSION);
		return;
	}
	fr_fio_version(o->fio, v, sizeof(v));
	r->fio_version = keep(v);
	/* -clients: each host's engine, as its probe described it (hosts). */
	if (!o->clients) {
		char *engine = find_engine(o->engine, false);

		engine_file_version(engine, v, sizeof(v));
		r->engine_version = keep(v);
		free(engine);
	}
}

char *run_json(const struct opts *o, const struct vvol *vv,
	       const struct mx_plan *plan, int argc, char **argv,
	       time_t start, char *run_id, json_t *warnings)
{
	struct ri_run r;
	struct utsname u;
	char kernel[3 * sizeof(u.release) + 3];
	char *s, *ws = ws_warning(plan, (unsigned int)o->ri.write_pct, o->ri.seq);
	size_t i;

	run_fill(&r, o, vv, plan);
	run_prov(&r, o);
	/* Job files with placeholders carry no identity: neither does run.json. */
	r.run_id = o->placeholders ? NULL : run_id;
	r.argv = argv + 1;
	r.argc = argc > 0 ? (size_t)argc - 1 : 0;
	r.start = (int64_t)start;

	/* Said once, now; run.json carries it into the summary and the trace. */
	if (ws) {
		fprintf(stderr, "fiorion: warning: %s\n", ws);
		json_array_append_new(warnings, json_string(ws));
		free(ws);
	}

	/* The kernel the points ran under (this host's; -clients hosts' are their own). */
	if (uname(&u) == 0) {
		snprintf(kernel, sizeof(kernel), "%s %s %s", u.sysname, u.release, u.machine);
		r.kernel = kernel;
	}
	r.warnings = calloc(json_array_size(warnings) + 2, sizeof(*r.warnings));
	if (!r.warnings)
		die_run("out of memory");
	for (i = 0; i < json_array_size(warnings); i++)
		r.warnings[r.nwarnings++] = xasprintf("%s", json_string_value(json_array_get(warnings, i)));
	/* A shortened run says so wherever its numbers are read. */
	if (dropin_duration_note(o))
		r.warnings[r.nwarnings++] = xasprintf("%s", dropin_duration_note(o));
	s = ri_write(&r);
	if (!s)
		die_run("out of memory");
	run_unfill(&r);
	return s;
}

/* A JSON value for a message, cut after 120 characters. */
static void show(json_t *v, char buf[128])
{
	char *s = json_dumps(v, JSON_ENCODE_ANY | JSON_COMPACT);

	if (!s)
		die_run("out of memory");
	snprintf(buf, 128, "%.120s%s", s, strlen(s) > 120 ? "..." : "");
	free(s);
}

int run_json_check(const char *path, const struct opts *o, const struct vvol *vv,
		   const struct mx_plan *plan, struct fr_err *err)
{
	/*
	 * What the points measured: the options, the plan and the volume,
	 * which the job files and luns.id were checked to be. Not the part
	 * that ran first (version, command line, environment: duration_env,
	 * start, kernel, warnings, hosts' fio), nor what the ladders rewrite
	 * at the end (their answers; total_points with them).
	 */
	static const char *const keys[] = {
		"testname", "orion version", "compat", "fio options", "include", "size_small",
		"size_large", "type", "num_streamIO", "simulate", "stripe", "write", "cache_size",
		"duration", "duration_auto", "repeat", "parts", "refs", "matrix", "num_disks", "small_columns",
		"large_columns", "small_levels", "large_levels", "luns", "vlun_size", "curve",
		"total_points"
	};
	bool ladders = o->ri.max_latency || o->ri.stop_at_knee;
	json_t *doc, *wdoc, *want, *found, *need;
	json_error_t je;
	struct ri_run r;
	char a[128] = "", b[128] = "", *text;
	size_t i;
	int ret = 0;

	/* Twice the same key: the converter's reader and this one might take different ones. */
	doc = json_load_file(path, JSON_REJECT_DUPLICATES, &je);
	if (!doc)
		return fr_errf(err, -EINVAL, "%s: damaged (line %d: %s): not the run's description; start a new run",
			       path, je.line, je.text);
	found = json_object_get(doc, "fiorion");
	if (!json_is_object(found)) {
		json_decref(doc);
		return fr_errf(err, -EINVAL, "%s: no \"fiorion\" object: not the run's description; start a new run",
			       path);
	}
	run_fill(&r, o, vv, plan);
	text = ri_write(&r);
	run_unfill(&r);
	wdoc = text ? json_loads(text, 0, NULL) : NULL;
	want = json_object_get(wdoc, "fiorion");
	if (!want)
		die_run("out of memory");
	for (i = 0; !ret && i < sizeof(keys) / sizeof(keys[0]); i++) {
		json_t *v = json_object_get(found, keys[i]);

		need = json_object_get(want, keys[i]);
		if ((ladders && !strcmp(keys[i], "total_points")) || json_equal(v, need) ||
		    (!v && !need))
			continue;
		if (v)
			show(v, a);
		if (need)
			show(need, b);
		ret = fr_errf(err, -EINVAL, "%s: \"%s\" %s%s, the options and job files %s%s: not this run's description; put the run's own back, or start a new run",
			      path, keys[i], v ? "says " : "is missing", a, need ? "say " : "have no such setting", b);
	}
	free(text);
	json_decref(wdoc);
	json_decref(doc);
	return ret;
}

/* "a file on tmpfs" or "a file on ramfs" when @path lives in memory, else NULL. */
static const char *memory_fs(const char *path)
{
	struct statfs sf;

	if (statfs(path, &sf) < 0)
		return NULL;
	if ((unsigned long)sf.f_type == 0x01021994UL) /* TMPFS_MAGIC */
		return "a file on tmpfs";
	if ((unsigned long)sf.f_type == 0x858458f6UL) /* RAMFS_MAGIC */
		return "a file on ramfs";
	return NULL;
}

/*
 * A LUN in memory gives memory's numbers (seeds 000/002: ORION's classic
 * pitfall): a file on tmpfs or ramfs, a zram or ram (brd) block device, a
 * loop device backed by a file in memory. Appends one sentence per such
 * LUN to @w (a JSON array), for the start-up line and the summary.
 */
void memory_luns(const struct vvol *vv, json_t *w)
{
	unsigned int i;

	for (i = 0; i < vv->nluns; i++) {
		const char *path = vv->luns[i].path, *what = NULL;
		char sys[128], link[PATH_MAX], backing[PATH_MAX] = "";
		struct stat st;
		ssize_t n;

		if (stat(path, &st) < 0)
			continue;
		if (S_ISREG(st.st_mode)) {
			what = memory_fs(path);
		} else if (S_ISBLK(st.st_mode)) {
			const char *dev;

			snprintf(sys, sizeof(sys), "/sys/dev/block/%u:%u", major(st.st_rdev),
				 minor(st.st_rdev));
			n = readlink(sys, link, sizeof(link) - 1);
			if (n <= 0)
				continue;
			link[n] = '\0';
			dev = strrchr(link, '/') ? strrchr(link, '/') + 1 : link;
			if (!strncmp(dev, "zram", 4))
				what = "a zram device (compressed RAM)";
			else if (!strncmp(dev, "ram", 3))
				what = "a RAM disk (brd)";
			else if (!strncmp(dev, "loop", 4)) {
				FILE *f;
				char *bf = xasprintf("/sys/block/%s/loop/backing_file", dev);

				f = fopen(bf, "re");
				free(bf);
				if (f) {
					if (fgets(backing, sizeof(backing), f))
						backing[strcspn(backing, "\n")] = '\0';
					fclose(f);
				}
				if (backing[0] && memory_fs(backing))
					what = "a loop device over a file in memory";
			}
		}
		if (what) {
			char *s = xasprintf("LUN '%s' is %s: O_DIRECT there is a memory copy, so these are the memory's numbers, not a storage device's",
					    path, what);

			json_array_append_new(w, json_string(s));
			free(s);
		}
	}
}

void small_volume(uint64_t size, long long cache_size, json_t *w)
{
	char *s;

	if (cache_size >= 0 || !size || size >= (uint64_t)RS_CACHE_LIKELY_MIB << 20)
		return;
	s = xasprintf("the volume (%.1f MiB) is smaller than the cache a disk drive or an array is likely to carry (%d MiB or more) and -cache_size was not given: these may be the cache's numbers, not the storage's (seed 002's pitfall); give a volume larger than the cache, or -cache_size 0 when there is none to mind (fio2orion -compare of this run and one on a larger volume names cache hits)",
		      (double)size / 1048576.0, RS_CACHE_LIKELY_MIB);
	json_array_append_new(w, json_string(s));
	free(s);
}

/*
 * The run's identity: 16 hex digits from the kernel's random source. It
 * goes into run.json and, as description=fiorion run ID, into every job
 * file's [global], which fio echoes in its JSON: the converter refuses
 * inputs from two runs.
 */
void make_run_id(char id[17])
{
	unsigned char r[8];
	unsigned int i;
	int fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC);

	if (fd < 0 || read(fd, r, sizeof(r)) != (ssize_t)sizeof(r)) {
		uint64_t x = (uint64_t)time(NULL) * 6364136223846793005ULL ^ (uint64_t)getpid();

		memcpy(r, &x, sizeof(r));
	}
	if (fd >= 0)
		close(fd);
	for (i = 0; i < sizeof(r); i++)
		snprintf(id + 2 * i, 3, "%02x", r[i]);
}
