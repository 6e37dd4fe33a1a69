/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * runset.c -- one run's file set: its identity (run id), its description
 * (run.json), the warnings about its LUNs, and an earlier run's set of
 * the same name moved aside before a new run writes anything.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <jansson.h>
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
#include "orion_report.h"
#include "runinfo.h"
#include "runset.h"
#include "version.h"

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

char *run_json(const struct opts *o, const struct vvol *vv,
	       const struct mx_plan *plan, int argc, char **argv,
	       time_t start, const char *run_id, json_t *warnings)
{
	struct ri_run r = {
		.version = FIORION_VERSION,
		/* Job files with placeholders carry no identity: neither does run.json. */
		.run_id = o->placeholders ? NULL : (char *)run_id,
		.orion_version = (char *)o->orion_version,
		.testname = (char *)o->testname,
		.compat = (char *)or_layout(o->compat)->name,
		.argv = argv + 1, .argc = argc > 0 ? (size_t)argc - 1 : 0,
		.size_small = (uint64_t)o->size_small, .size_large = (uint64_t)o->size_large,
		.type = o->seq ? "seq" : "rand",
		.num_streamio = (uint64_t)o->num_streamio,
		.simulate = o->raid0 ? "raid0" : "concat",
		.stripe_kb = (uint64_t)o->stripe_kb,
		.write_pct = (double)o->write_pct,
		.cache_size = o->cache_size, .duration = (uint64_t)o->duration,
		.duration_auto = o->duration_auto ? (uint64_t)o->duration : 0,
		.duration_env = (uint64_t)o->duration_env,
		.matrix = (char *)mx_matrix_name(plan->matrix),
		.num_disks = o->num_disks,
		.total_points = plan->total,
		.vlun_size = vv->size,
		.start = (int64_t)start,
	};
	struct utsname u;
	char kernel[3 * sizeof(u.release) + 3];
	char *s;
	size_t i;

	/* The kernel the points ran under (this host's; -clients hosts' are their own). */
	if (uname(&u) == 0) {
		snprintf(kernel, sizeof(kernel), "%s %s %s", u.sysname, u.release, u.machine);
		r.kernel = kernel;
	}
	r.small_cols = loads(plan->small_cols, plan->nsmall_cols);
	r.nsmall_cols = plan->nsmall_cols;
	r.large_cols = loads(plan->large_cols, plan->nlarge_cols);
	r.nlarge_cols = plan->nlarge_cols;
	r.luns = calloc(vv->nluns ? vv->nluns : 1, sizeof(*r.luns));
	r.warnings = calloc(json_array_size(warnings) + 2, sizeof(*r.warnings));
	if (!r.luns || !r.warnings)
		die_run("out of memory");
	for (i = 0; i < vv->nluns; i++) {
		r.luns[i].name = vv->luns[i].path;
		r.luns[i].size = vv->luns[i].size;
	}
	r.nluns = vv->nluns;
	for (i = 0; i < json_array_size(warnings); i++)
		r.warnings[r.nwarnings++] = (char *)json_string_value(json_array_get(warnings, i));
	/* A shortened run says so wherever its numbers are read. */
	if (dropin_duration_note(o))
		r.warnings[r.nwarnings++] = (char *)dropin_duration_note(o);
	/* -clients: each host as its probe found it. */
	if (o->clients) {
		r.hosts = calloc(o->hosts.n, sizeof(*r.hosts));
		if (!r.hosts)
			die_run("out of memory");
		for (i = 0; i < o->hosts.n; i++) {
			const struct host *h = &o->hosts.h[i];
			struct ri_host *rh = &r.hosts[i];
			unsigned int k;

			rh->name = h->label;
			rh->fio_version = h->fio_version;
			rh->vlun_size = h->vol_size;
			rh->luns = calloc(h->nluns, sizeof(*rh->luns));
			if (!rh->luns)
				die_run("out of memory");
			for (k = 0; k < h->nluns; k++) {
				rh->luns[k].name = h->paths[k];
				rh->luns[k].size = h->sizes[k];
			}
			rh->nluns = h->nluns;
		}
		r.nhosts = o->hosts.n;
	}
	s = ri_write(&r);
	if (!s)
		die_run("out of memory");
	for (i = 0; i < r.nhosts; i++)
		free(r.hosts[i].luns);
	free(r.hosts);
	free(r.small_cols);
	free(r.large_cols);
	free(r.luns);
	free(r.warnings);
	return s;
}


/* "a file on tmpfs" or "a file on ramfs" when @path lives in memory, else NULL. */
static const char *memory_fs(const char *path)
{
	struct statfs sf;

	if (statfs(path, &sf) < 0)
		return NULL;
	if ((unsigned long)sf.f_type == 0x01021994UL)	/* TMPFS_MAGIC */
		return "a file on tmpfs";
	if ((unsigned long)sf.f_type == 0x858458f6UL)	/* RAMFS_MAGIC */
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


/* ORION's files for @name, and fiorion's own, that a new run replaces. */
static const char *const set_members[] = {
	"_jobs", ".fio", "_summary.txt", "_iops.csv", "_mbps.csv", "_lat.csv",
	"_trace.txt", "_tradeoff.csv", "_hist.txt", "_hosts.csv", "_report.html",
};

/* ".<host>_<port>.fio": a multi-host run's whole matrix for one host. */
static bool host_matrix(const char *m)
{
	size_t n = m ? strlen(m) : 0, k;

	if (n < 8 || m[0] != '.' || strcmp(m + n - 4, ".fio"))
		return false;
	for (k = n - 5; k > 1 && m[k] >= '0' && m[k] <= '9'; k--)
		;
	return k < n - 5 && m[k] == '_';
}


/*
 * A run starts from a clean set: an earlier run's files under the same
 * name (its <name>_jobs/ folder with the per-point JSON, the whole-matrix
 * file and ORION's files) are moved together into
 * <dir>/<name>_run_<when it started>/, and the move is said. Nothing is
 * deleted. Exits 3 (a refusal to overwrite results) when they cannot be
 * moved.
 */
/* "<name>_YYYYMMDD_HHMM_<member>" (11.1+ names): its member, else NULL. */
static const char *dated_member(const char *ent, const char *name)
{
	size_t n = strlen(name), k;
	const char *p = ent + n;

	if (strncmp(ent, name, n) || p[0] != '_')
		return NULL;
	for (k = 1; k <= 13; k++)
		if (k == 9 ? p[k] != '_' : !(p[k] >= '0' && p[k] <= '9'))
			return NULL;
	return p + 14;	/* "_summary.txt", ... */
}


static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}


/* The entries of @dir that belong to @name's file set, or NULL. */
static char **set_files(const char *dir, const char *name, size_t *n)
{
	char **v = NULL;
	struct dirent *e;
	DIR *dp = opendir(dir);

	*n = 0;
	while (dp && (e = readdir(dp))) {
		const char *m = !strncmp(e->d_name, name, strlen(name)) ? e->d_name + strlen(name) : NULL;
		const char *dm = dated_member(e->d_name, name);
		size_t k;
		bool in = false;

		for (k = 0; k < sizeof(set_members) / sizeof(set_members[0]); k++)
			if ((m && !strcmp(m, set_members[k])) || (dm && !strcmp(dm, set_members[k])))
				in = true;
		if (!in && !host_matrix(m))
			continue;
		v = realloc(v, (*n + 1) * sizeof(*v));
		if (!v)
			die_usage("out of memory");
		v[(*n)++] = xasprintf("%s", e->d_name);
	}
	if (dp)
		closedir(dp);
	if (*n)
		qsort(v, *n, sizeof(*v), cmp_str);
	return v;
}


/*
 * A run starts from a clean set: an earlier run's files under the same
 * name (its <name>_jobs/ folder with the per-point JSON, the whole-matrix
 * file and ORION's files, plain or dated as 11.1+ name them) are moved
 * together into <dir>/<name>_run_<when it started>/, and the move is
 * said. Nothing is deleted. Exits 3 (a refusal to overwrite results)
 * when they cannot be moved.
 */
void move_aside(const char *dir, const char *name)
{
	char *aside = NULL, *rj, when[32], moved[1024] = "", **files;
	struct fj_set set = { 0 };
	struct fr_err err = { "" };
	struct stat st;
	size_t k, n;
	time_t t = 0;
	struct tm tm;
	int suffix;

	files = set_files(dir, name, &n);
	if (!n)
		return;
	for (k = 0; k < n; k++) {
		char *path = xasprintf("%s/%s", dir, files[k]);

		if (lstat(path, &st) == 0 && (!t || st.st_mtime < t))
			t = st.st_mtime;
		free(path);
	}
	rj = xasprintf("%s/%s_jobs/run.json", dir, name);
	if (fj_read_file(&set, rj, &err) == 0 && set.run.start > 0)
		t = (time_t)set.run.start;
	fj_set_release(&set);
	free(rj);
	localtime_r(&t, &tm);
	strftime(when, sizeof(when), "%Y%m%d_%H%M%S", &tm);
	for (suffix = 1; suffix < 1000; suffix++) {
		free(aside);
		aside = suffix == 1 ? xasprintf("%s/%s_run_%s", dir, name, when)
				    : xasprintf("%s/%s_run_%s.%d", dir, name, when, suffix);
		if (mkdir(aside, 0777) == 0)
			break;
		if (errno != EEXIST || suffix == 999) {
			fprintf(stderr, "fiorion: an earlier run's files named '%s' are in %s; cannot make %s to move them aside (%s); refusing to overwrite them\n",
				name, dir, aside, strerror(errno));
			exit(EXIT_SAFETY);
		}
	}
	for (k = 0; k < n; k++) {
		char *path = xasprintf("%s/%s", dir, files[k]);
		char *to = xasprintf("%s/%s", aside, files[k]);
		size_t m = strlen(moved);

		if (rename(path, to) < 0) {
			fprintf(stderr, "fiorion: cannot move the earlier run's '%s' to %s/ (%s); refusing to overwrite it\n",
				path, aside, strerror(errno));
			exit(EXIT_SAFETY);
		}
		snprintf(moved + m, sizeof(moved) - m, "%s%s", m ? ", " : "", files[k]);
		free(path);
		free(to);
		free(files[k]);
	}
	free(files);
	fprintf(stderr, "fiorion: an earlier run's files (%s) moved to %s/\n", moved, aside);
	free(aside);
}

