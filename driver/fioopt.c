/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fioopt.c -- -fio_opt and -include: fio options into every point's
 * [global], checked before anything runs.
 */
#include "fioopt.h"

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "beconf.h"
#include "fr_file.h"
#include "jobopts.h"
#include "jobparse.h"

/* One option's key=value at most (fio's line is 8191 bytes: push()). */
#define FO_LINE_MAX 4096

/* Nested include lines deeper than this are a loop. */
#define MAX_DEPTH 16

/*
 * What fiorion writes itself for ORION's meaning, and why a user's value
 * would break it. fio's aliases are here too, so no spelling gets past.
 */
static const struct {
	const char *key, *why;
} owned[] = {
	{ "ioengine", "every point runs the fiorion engine" },
	{ "lunfile", "the LUNs come from <testname>.lun" },
	{ "luns", "the LUNs come from <testname>.lun" },
	{ "filename", "the LUNs come from <testname>.lun" },
	/* fio's file list: the engine's one volume is the LUNs, whatever names fio holds. */
	{ "directory", "the LUNs come from <testname>.lun" },
	{ "opendir", "the LUNs come from <testname>.lun" },
	{ "filename_format", "the LUNs come from <testname>.lun" },
	{ "nrfiles", "the LUNs come from <testname>.lun" },
	{ "nr_files", "the LUNs come from <testname>.lun" },
	{ "replay_redirect", "the LUNs come from <testname>.lun" },
	{ "read_iolog", "a point's I/O is ORION's load (fio would replay the log's I/O instead, its writes too)" },
	{ "simulate", "use -simulate" },
	{ "stripe", "use -stripe" },
	{ "backend", "use -backend" },
	{ "allow_signatures", "use -force_write" },
	{ "describe", "fiorion's probe of -clients hosts sets it" },
	{ "rw", "ORION's mix of reads and writes: use -write (and -type)" },
	{ "readwrite", "ORION's mix of reads and writes: use -write (and -type)" },
	{ "rwmixread", "ORION's mix of reads and writes: use -write" },
	{ "rwmixwrite", "ORION's mix of reads and writes: use -write" },
	{ "bs", "ORION's I/O sizes: use -size_small and -size_large" },
	{ "blocksize", "ORION's I/O sizes: use -size_small and -size_large" },
	{ "bsrange", "ORION's I/O sizes: use -size_small and -size_large" },
	{ "blocksize_range", "ORION's I/O sizes: use -size_small and -size_large" },
	{ "bssplit", "ORION's I/O sizes: use -size_small and -size_large" },
	{ "iodepth", "ORION's load (outstanding I/Os) is the point's: use -num_disks, -matrix, -num_small, -num_large" },
	{ "numjobs", "ORION's load (outstanding I/Os) is the point's: use -num_disks, -matrix, -num_small, -num_large" },
	{ "runtime", "use -duration" },
	{ "timeout", "use -duration" },
	{ "time_based", "use -duration" },
	{ "steadystate", "use -duration auto" },
	{ "ss", "use -duration auto" },
	{ "steadystate_duration", "use -duration auto" },
	{ "ss_dur", "use -duration auto" },
	{ "steadystate_ramp_time", "use -duration auto" },
	{ "ss_ramp", "use -duration auto" },
	{ "exitall", "use -duration auto" },
	{ "direct", "ORION's I/O is direct (direct=1)" },
	{ "buffered", "ORION's I/O is direct (direct=1)" },
	{ "size", "each point's region of the volume is fiorion's" },
	{ "offset", "each point's region of the volume is fiorion's" },
	{ "fileoffset", "each point's region of the volume is fiorion's" },
	{ "offset_increment", "each point's region of the volume is fiorion's" },
	{ "io_size", "each point's region of the volume is fiorion's" },
	{ "filesize", "each point's region of the volume is fiorion's" },
	{ "fill_device", "each point's region of the volume is fiorion's" },
	{ "fill_fs", "each point's region of the volume is fiorion's" },
	{ "number_ios", "a point lasts -duration (ORION's time-based points)" },
	{ "zonesize", "each point's region of the volume is fiorion's" },
	{ "zonerange", "each point's region of the volume is fiorion's" },
	{ "zoneskip", "each point's region of the volume is fiorion's" },
	{ "zonemode", "each point's region of the volume is fiorion's" },
	{ "io_limit", "each point's region of the volume is fiorion's" },
	{ "stonewall", "a point's jobs run as one group" },
	{ "wait_for_previous", "a point's jobs run as one group" },
	{ "new_group", "a point's jobs run as one group" },
	{ "group_reporting", "the converter reads the small and large jobs of a point apart" },
	{ "name", "the converter recognises a point by its job names" },
	{ "description", "it carries the run's identity (resume, the converter)" },
};

static const char *owned_why(const char *key)
{
	size_t i;

	for (i = 0; i < sizeof(owned) / sizeof(owned[0]); i++)
		if (!strcmp(key, owned[i].key))
			return owned[i].why;
	return NULL;
}

/*
 * fio's log options: a plain PREFIX is written into <testname>_jobs/
 * (fo_write()); any other would leave files outside the run's folders.
 */
static const char *log_outside(const char *v)
{
	if (!v || !*v)
		return "without a PREFIX fio names the files after the job, in the current folder: give a plain name (its files go in <testname>_jobs/)";
	if (strchr(v, '/'))
		return "its PREFIX is a path, outside <testname>_jobs/: give a plain name (its files go in <testname>_jobs/)";
	return NULL;
}

/* mem=, iomem=: mmap:FILE, mmaphuge:FILE, mmapshared:FILE (options.c: str_mem_cb()). */
static const char *mem_outside(const char *v)
{
	if (v && strchr(v, ':'))
		return "fio makes FILE the I/O buffers, truncating it to their size: leave the file out (mem=mmap) or give malloc, shm or shmhuge";
	return NULL;
}

/*
 * fio options that act outside the run (a command, a file written,
 * truncated or deleted, a device-wide switch), refused from -fio_opt and
 * -include whichever runner runs the points: the built-in runner honours
 * the log options with fio's meaning (rnlog.c) and would honour a path
 * as fio. @judge: refused only for the values it names (NULL: any).
 */
static const struct {
	const char *key, *why;
	const char *(*judge)(const char *val);
} outside[] = {
	{ "exec_prerun", "it runs a shell command before each point (as fiorion's user, root for a device): run it yourself, before fiorion", NULL },
	{ "exec_postrun", "it runs a shell command after each point (as fiorion's user, root for a device): run it yourself, after fiorion", NULL },
	{ "mem", NULL, mem_outside },
	{ "iomem", NULL, mem_outside },
	{ "write_iolog", "it writes (appends to) a file of every I/O, outside <testname>_jobs/", NULL },
	{ "merge_blktrace_file", "it writes the merged trace to a file, outside <testname>_jobs/", NULL },
	{ "verify_dump", "on a verify failure it writes the blocks read and expected to files beside the target, outside <testname>_jobs/", NULL },
	{ "unlink", "it deletes the job's files after the point (with the fiorion engine, files named after its volume in the current folder)", NULL },
	{ "unlink_each_loop", "it deletes the job's files after each loop (with the fiorion engine, files named after its volume in the current folder)", NULL },
	{ "ioscheduler", "it switches the device's I/O scheduler, a device-wide setting that outlives the run (through the fiorion engine fio would not even make it): set /sys/block/DEV/queue/scheduler yourself, before fiorion", NULL },
	{ "cgroup_nodelete", "it leaves the job's cgroup behind after the run", NULL },
	{ "write_bw_log", NULL, log_outside },
	{ "write_iops_log", NULL, log_outside },
	{ "write_lat_log", NULL, log_outside },
	{ "write_hist_log", NULL, log_outside },
};

/*
 * Why @key=@val would act outside the run, or NULL. fio expands ${VAR}
 * (and $ncpus...) in a job file's values, so a '$' in one this table
 * judges by its value could be anything.
 */
static const char *outside_why(const char *key, const char *val)
{
	size_t i;

	for (i = 0; i < sizeof(outside) / sizeof(outside[0]); i++) {
		if (strcmp(key, outside[i].key))
			continue;
		if (!outside[i].judge)
			return outside[i].why;
		if (val && strchr(val, '$'))
			return "fio expands a '$' in a value (${VAR}, $ncpus) into what fiorion cannot check: give the value itself";
		return outside[i].judge(val);
	}
	return NULL;
}

/* A log option whose plain PREFIX fo_write() puts in <testname>_jobs/. */
static bool jobs_log(const struct fo_item *it)
{
	size_t i;

	for (i = 0; i < sizeof(outside) / sizeof(outside[0]); i++)
		if (outside[i].judge == log_outside && !strcmp(it->key, outside[i].key))
			return it->val && !log_outside(it->val);
	return false;
}

/* Where an item came from, for messages: "-fio_opt" or "FILE:LINE". */
static void where(const struct fo_item *it, char *buf, size_t len)
{
	if (it->line)
		snprintf(buf, len, "-include %s:%u", it->from, it->line);
	else
		snprintf(buf, len, "-fio_opt %s%s%s", it->key, it->val ? "=" : "",
			 it->val ? it->val : "");
}

/* One option line (already trimmed, not a comment) into @fo. */
static int push(struct fio_opts *fo, char *s, const char *from,
		unsigned int line, struct fr_err *err)
{
	struct fo_item *n, *it;
	char *eq = strchr(s, '='), *key = s, *val = NULL, at[1024];
	const char *why;
	size_t i;

	if (eq) {
		*eq = '\0';
		key = jp_trim(s);
		val = jp_trim(eq + 1);
	}
	if (line)
		snprintf(at, sizeof(at), "-include %s:%u", from, line);
	else
		snprintf(at, sizeof(at), "-fio_opt %s%s%s", key, val ? "=" : "", val ? val : "");
	if (!*key)
		return fr_errf(err, -EINVAL, "%s: no option name (write KEY=VALUE, or KEY for a flag)", at);
	for (i = 0; key[i]; i++)
		if (!isalnum((unsigned char)key[i]) && key[i] != '_')
			return fr_errf(err, -EINVAL,
				       "%s: '%s' is not a fio option name (letters, digits and _; write KEY=VALUE)",
				       at, key);
	/* fio's init.c takes any line that starts with "include" as one, whatever follows. */
	if (!strncmp(key, "include", 7))
		return fr_errf(err, -EINVAL,
			       "%s: fio reads a line that starts with 'include' as an include of another file: give it with -include FILE, where fiorion checks it",
			       at);
	/*
	 * fio reads a job file's lines 8191 bytes at a time (parse.h
	 * OPT_LEN_MAX): the rest of a longer line would be parsed as another
	 * option, unchecked. Half of that leaves room for the folder a log
	 * option's value gets.
	 */
	if (strlen(key) + (val ? strlen(val) + 1 : 0) > FO_LINE_MAX)
		return fr_errf(err, -EINVAL,
			       "%s: the option is over %d bytes: fio reads at most 8191 a line and would take the rest as another option",
			       line ? at : "-fio_opt", FO_LINE_MAX);
	why = owned_why(key);
	if (why)
		return fr_errf(err, -EINVAL, "%s: fiorion sets '%s' itself for ORION's meaning: %s",
			       at, key, why);
	for (i = 0; val && val[i]; i++)
		if ((unsigned char)val[i] < 0x20 || val[i] == 0x7f)
			return fr_errf(err, -EINVAL,
				       "%s: a control character (0x%02x) in the value of '%s': one option, on one line, in printable characters (fio copies the value into its JSON as it is)",
				       at, (unsigned char)val[i], key);
	why = outside_why(key, val);
	if (why)
		return fr_errf(err, -EINVAL, "%s: fiorion refuses fio's option '%s', which acts outside the run: %s",
			       at, key, why);
	n = realloc(fo->it, (fo->n + 1) * sizeof(*n));
	if (!n)
		return fr_errf(err, -ENOMEM, "out of memory");
	fo->it = n;
	it = &n[fo->n];
	it->key = strdup(key);
	it->val = val ? strdup(val) : NULL;
	it->from = strdup(from);
	it->line = line;
	if (!it->key || (val && !it->val) || !it->from) {
		free(it->key);
		free(it->val);
		free(it->from);
		return fr_errf(err, -ENOMEM, "out of memory");
	}
	fo->n++;
	return 0;
}

int fo_add(struct fio_opts *fo, const char *arg, struct fr_err *err)
{
	char *copy, *s;
	int ret;

	if (strchr(arg, '\n'))
		return fr_errf(err, -EINVAL, "-fio_opt: one option, on one line");
	copy = strdup(arg);
	if (!copy)
		return fr_errf(err, -ENOMEM, "out of memory");
	s = jp_trim(copy);
	if (*s == '#' || *s == ';' || *s == '[')
		ret = fr_errf(err, -EINVAL, "-fio_opt '%s': give KEY=VALUE (one fio option)", arg);
	else
		ret = push(fo, s, "-fio_opt", 0, err);
	free(copy);
	return ret;
}

/* fio's init.c: a relative include not found as given is the including file's neighbour. */
static char *resolve(const char *name, const char *including)
{
	const char *slash = strrchr(including, '/');
	char *p;

	if (!access(name, F_OK) || name[0] == '/' || !slash)
		return strdup(name);
	if (asprintf(&p, "%.*s%s", (int)(slash - including + 1), including, name) < 0)
		return NULL;
	return p;
}

static int include(struct fio_opts *fo, const char *path, unsigned int depth,
		   struct fr_err *err)
{
	char *text, *line, *next;
	unsigned int ln = 0;
	size_t len;
	int ret;

	if (depth > MAX_DEPTH)
		return fr_errf(err, -ELOOP, "-include %s: include lines nest deeper than %d (a loop?)",
			       path, MAX_DEPTH);
	/* The name goes into every job file, on a comment line of its own (fo_write()). */
	for (len = 0; path[len]; len++)
		if ((unsigned char)path[len] < 0x20 || path[len] == 0x7f)
			return fr_errf(err, -EINVAL, "-include %s: a control character (0x%02x) in the file's name: give a name in printable characters",
				       path, (unsigned char)path[len]);
	ret = fr_read_file(path, "-include file", 1 << 20, FR_READ_TEXT | FR_READ_REGULAR,
			   &text, &len, err);
	if (ret)
		return ret;
	for (line = text; line && !ret; line = next) {
		char *s;

		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		ln++;
		s = jp_trim(line);
		if (!*s || *s == '#' || *s == ';')
			continue;
		if (*s == '[') {
			ret = fr_errf(err, -EINVAL,
				      "-include %s:%u: a section (%s): an included file holds options only (fio: \"No new sections in included files\")",
				      path, ln, s);
		} else if (!strncmp(s, "include", 7) && isspace((unsigned char)s[7])) {
			char *sub = resolve(jp_trim(s + 8), path);

			ret = sub ? include(fo, sub, depth + 1, err) : fr_errf(err, -ENOMEM, "out of memory");
			free(sub);
		} else {
			ret = push(fo, s, path, ln, err);
		}
	}
	free(text);
	return ret;
}

int fo_include(struct fio_opts *fo, const char *path, struct fr_err *err)
{
	char **n = realloc(fo->includes, (fo->ninc + 1) * sizeof(*n));
	int ret;

	if (!n)
		return fr_errf(err, -ENOMEM, "out of memory");
	fo->includes = n;
	ret = include(fo, path, 0, err);
	if (!ret) {
		n[fo->ninc] = strdup(path);
		if (!n[fo->ninc])
			return fr_errf(err, -ENOMEM, "out of memory");
		fo->ninc++;
	}
	return ret;
}

int fo_check(const struct fio_opts *fo, bool builtin, struct fr_err *err)
{
	static const char **keys;
	char at[1024];
	size_t i;

	for (i = 0; builtin && i < fo->n; i++) {
		if (jp_option_known(fo->it[i].key))
			continue;
		where(&fo->it[i], at, sizeof(at));
		return fr_errf(err, -EINVAL,
			       "%s: fiorion's built-in runner does not honour fio's option '%s'; use -runner fio (stock fio with the fiorion engine) for it",
			       at, fo->it[i].key);
	}
	if (builtin || !fo->n)
		return 0;
	/* -runner fio: the driver's check of each point leaves these to fio. */
	free(keys);
	keys = calloc(fo->n, sizeof(*keys));
	if (!keys)
		return fr_errf(err, -ENOMEM, "out of memory");
	for (i = 0; i < fo->n; i++)
		keys[i] = fo->it[i].key;
	jp_leave_to_fio(keys, fo->n);
	return 0;
}

int fo_check_model(const struct fio_opts *fo, const char *backend, bool builtin,
		   struct fr_err *err)
{
	static const char *const model[] = { "service_us", "servers", "service_steps", "service_steps_from", "service_dist", "service_seed", "virtual_time" };
	struct jp_job j;
	struct fr_err e = { "" };
	char at[1024];
	size_t i, k;
	bool sw = false, any = false;
	int ret = 0;

	jp_job_defaults(&j);
	for (i = 0; i < fo->n && !ret; i++) {
		const struct fo_item *it = &fo->it[i];
		struct jp_kv kv = { it->key, it->val, it->line };

		for (k = 0; k < sizeof(model) / sizeof(model[0]) && strcmp(it->key, model[k]); k++)
			;
		if (k == sizeof(model) / sizeof(model[0]))
			continue;
		any = true;
		where(it, at, sizeof(at));
		/* Its message starts "NAME:LINE: ": the name is @at, the line none. */
		if (jp_apply(&j, &kv, "", &sw, &e))
			ret = fr_errf(err, -EINVAL, "%s: %s", at,
				      strncmp(e.msg, ":0: ", 4) ? e.msg : e.msg + 4);
	}
	if (ret || !any)
		return ret;
	if (beconf_check(&j.uring, backend ? backend : "io_uring", NULL, &e))
		return fr_errf(err, -EINVAL, "-fio_opt %s; for the model device give -backend null", e.msg);
	if (j.uring.virtual_time && !builtin)
		return fr_errf(err, -EINVAL,
			       "-fio_opt virtual_time=1: the built-in runner's simulated clock; stock fio (-runner fio, -clients) keeps its own clock: run the points with the built-in runner (the default, -runner builtin), or leave virtual_time out");
	return 0;
}

void fo_write(FILE *f, const struct fio_opts *fo, const char *log_dir)
{
	const char *from = NULL;
	size_t i;

	for (i = 0; i < fo->n; i++) {
		const struct fo_item *it = &fo->it[i];

		if (!from || strcmp(from, it->from))
			fprintf(f, "# %s%s\n", it->line ? "-include " : "", it->from);
		from = it->from;
		if (log_dir && jobs_log(it))
			fprintf(f, "%s=%s/%s\n", it->key, log_dir, it->val);
		else
			fprintf(f, "%s%s%s\n", it->key, it->val ? "=" : "", it->val ? it->val : "");
	}
}

char *fo_string(const struct fio_opts *fo, size_t i)
{
	const struct fo_item *it = &fo->it[i];
	char *s;

	if (asprintf(&s, "%s%s%s", it->key, it->val ? "=" : "", it->val ? it->val : "") < 0)
		return NULL;
	return s;
}

void fo_free(struct fio_opts *fo)
{
	size_t i;

	for (i = 0; i < fo->n; i++) {
		free(fo->it[i].key);
		free(fo->it[i].val);
		free(fo->it[i].from);
	}
	free(fo->it);
	for (i = 0; i < fo->ninc; i++)
		free(fo->includes[i]);
	free(fo->includes);
	memset(fo, 0, sizeof(*fo));
}
