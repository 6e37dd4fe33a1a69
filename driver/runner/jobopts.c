/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * jobopts.c -- the built-in runner's job options: one table, fio's name,
 * alias and meaning for each, and how a value is read. jobparse.c reads
 * the file's lines; this applies them to a job.
 */
#include "jobopts.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "beconf.h"
#include "fr_lunlist.h"
#include "fr_size.h"

static const char *const rw_names[] = {
	[JP_READ] = "read", [JP_WRITE] = "write", [JP_RANDREAD] = "randread", [JP_RANDWRITE] = "randwrite", [JP_RW] = "rw", [JP_RANDRW] = "randrw"
};

const char *jp_rw_name(enum jp_rw rw)
{
	return rw_names[rw];
}

char *jp_trim(char *s)
{
	char *e;

	while (isspace((unsigned char)*s))
		s++;
	e = s + strlen(s);
	while (e > s && isspace((unsigned char)e[-1]))
		e--;
	*e = '\0';
	return s;
}

static int parse_size(const char *v, struct jp_size *s)
{
	size_t l = v ? strlen(v) : 0;

	memset(s, 0, sizeof(*s));
	if (l > 1 && v[l - 1] == '%') {
		char *end;
		unsigned long p = strtoul(v, &end, 10);

		if (end != v + l - 1 || p > 100)
			return -EINVAL;
		s->pct = (unsigned int)p;
		s->set = true;
		return 0;
	}
	if (fr_parse_size(v, &s->bytes))
		return -EINVAL;
	s->set = true;
	return 0;
}

/* fio's time: bare numbers are seconds; in ns it must fit an int64 (292 years). */
static int parse_time_us(const char *v, uint64_t *us)
{
	char *end;
	unsigned long long n;
	uint64_t mult = 1000000;

	if (!v || !isdigit((unsigned char)*v))
		return -EINVAL;
	n = strtoull(v, &end, 10);
	if (!strcmp(end, "us") || !strcmp(end, "usec"))
		mult = 1;
	else if (!strcmp(end, "ms") || !strcmp(end, "msec"))
		mult = 1000;
	else if (!*end || !strcmp(end, "s") || !strcmp(end, "sec"))
		mult = 1000000;
	else if (!strcmp(end, "m") || !strcmp(end, "min"))
		mult = 60000000;
	else if (!strcmp(end, "h"))
		mult = 3600000000ULL;
	else
		return -EINVAL;
	if (n > (uint64_t)INT64_MAX / 1000 / mult)
		return -EINVAL;
	*us = n * mult;
	return 0;
}

static int parse_bool(const char *v, bool *b)
{
	if (!v || !strcmp(v, "1") || !strcasecmp(v, "true") || !strcasecmp(v, "yes")) {
		*b = true;
		return 0;
	}
	if (!strcmp(v, "0") || !strcasecmp(v, "false") || !strcasecmp(v, "no")) {
		*b = false;
		return 0;
	}
	return -EINVAL;
}

static int parse_uint(const char *v, unsigned int min, unsigned int max,
		      unsigned int *out)
{
	char *end;
	unsigned long n;

	if (!v || !isdigit((unsigned char)*v))
		return -EINVAL;
	n = strtoul(v, &end, 10);
	if (*end || n < min || n > max)
		return -EINVAL;
	*out = (unsigned int)n;
	return 0;
}

/* ------------------------------------------------------------ options */

/* How an option's value is read (fio's options.c types, the subset used). */
enum opt_type {
	OT_STR,	   /* a string, kept */
	OT_BOOL,   /* 1/0, true/false, yes/no; bare = true */
	OT_UINT,   /* a whole number in [min, max] */
	OT_SIZE,   /* fio's size syntax, bytes (uint64_t) */
	OT_JPSIZE, /* a size or a percentage of the volume (struct jp_size) */
	OT_TIME,   /* fio's time, microseconds (uint64_t) */
	OT_FN,	   /* its own function */
};

struct jp_option {
	const char *name, *alias;
	enum opt_type type;
	size_t off;	       /* the field of struct jp_job */
	unsigned int min, max; /* OT_UINT */
	bool need_value;
	/* OT_FN: 0, or -EINVAL for a bad value (then @hint, if any, is said). */
	int (*fn)(struct jp_job *j, const char *v, bool *stonewall);
	const char *hint; /* after "FILE:LINE: key=value: "; NULL: "not a valid value" */
};

#define STR_(x) #x
#define STR(x) STR_(x)

static int push_file(void *arg, const char *name, size_t len, unsigned int n)
{
	struct jp_job *j = arg;
	char **files = realloc(j->files, (j->nfiles + 1) * sizeof(*files));

	(void)n;
	if (!files)
		return -ENOMEM;
	j->files = files;
	files[j->nfiles] = strndup(name, len);
	if (!files[j->nfiles])
		return -ENOMEM;
	j->nfiles++;
	return 0;
}

/*
 * filename=: fio's names, split by fio's rule. Each filename= line adds
 * its files to those before it, a [global] one's too, as in fio
 * (str_filename_cb() calls add_file() for each name, onto the job's list).
 */
static int opt_filename(struct jp_job *j, const char *v, bool *sw)
{
	(void)sw;
	return fr_lunlist_fio(v, push_file, j);
}

static int opt_ioengine(struct jp_job *j, const char *v, bool *sw)
{
	(void)sw;
	if (strncmp(v, "external:", 9) && strcmp(v, "io_uring") && strcmp(v, "libaio") &&
	    strcmp(v, "psync"))
		return -EINVAL;
	free(j->ioengine);
	free(j->engine_so);
	j->ioengine = strdup(v);
	j->engine_so = strncmp(v, "external:", 9) ? NULL : strdup(v + 9);
	return j->ioengine && (j->engine_so || strncmp(v, "external:", 9)) ? 0 : -ENOMEM;
}

static int opt_rw(struct jp_job *j, const char *v, bool *sw)
{
	size_t i;

	(void)sw;
	for (i = 0; i < sizeof(rw_names) / sizeof(rw_names[0]); i++)
		if (!strcmp(v, rw_names[i])) {
			j->rw = (enum jp_rw)i;
			return 0;
		}
	return -EINVAL;
}

static int opt_rwmixread(struct jp_job *j, const char *v, bool *sw)
{
	unsigned int r;

	(void)sw;
	if (parse_uint(v, 0, 100, &r))
		return -EINVAL;
	j->rwmixwrite = 100 - r;
	return 0;
}

static int opt_bs(struct jp_job *j, const char *v, bool *sw)
{
	(void)sw;
	return fr_parse_size(v, &j->bs) || !j->bs ? -EINVAL : 0;
}

static int opt_io_size(struct jp_job *j, const char *v, bool *sw)
{
	(void)sw;
	/* A byte count: fio takes no percentage here. */
	return parse_size(v, &j->io_size) || j->io_size.pct ? -EINVAL : 0;
}

static int opt_stonewall(struct jp_job *j, const char *v, bool *sw)
{
	bool b;

	(void)j;
	if (parse_bool(v, &b))
		return -EINVAL;
	if (b)
		*sw = true;
	return 0;
}

static int opt_verify(struct jp_job *j, const char *v, bool *sw)
{
	(void)sw;
	if (!strcmp(v, "pattern"))
		j->verify_pattern = true;
	else if (strcmp(v, "0") && strcmp(v, "null"))
		return -EINVAL;
	return 0;
}

static int opt_verify_pattern(struct jp_job *j, const char *v, bool *sw)
{
	unsigned long long p;
	char *end;

	(void)sw;
	p = strtoull(v, &end, 0);
	if (*end || p > UINT32_MAX || strncasecmp(v, "0x", 2))
		return -EINVAL;
	j->pattern = (uint32_t)p;
	j->pattern_len = (unsigned int)((strlen(v) - 2 + 1) / 2);
	if (j->pattern_len > 4)
		j->pattern_len = 4;
	return 0;
}

/* A limit of steadystate=: a finite number >= 0, nothing after it. */
static int parse_limit(const char *v, double *out)
{
	char *end;
	double d;

	if (!isdigit((unsigned char)*v) && *v != '.')
		return -EINVAL;
	d = strtod(v, &end);
	if (*end || !isfinite(d))
		return -EINVAL;
	*out = d;
	return 0;
}

/*
 * options.c: str_steadystate_cb(). CRITERION:LIMIT, the criterion one of
 * fio's four names exactly; LIMIT with '%' a percentage (any criterion),
 * else IOPS (a number) or bytes/s (fio's size syntax, 1k = 1024).
 */
static int opt_steadystate(struct jp_job *j, const char *v, bool *sw)
{
	static const struct {
		const char *name;
		unsigned int crit;
	} crits[] = {
		{ "iops", JP_SS_IOPS },
		{ "iops_slope", JP_SS_IOPS | JP_SS_SLOPE },
		{ "bw", JP_SS_BW },
		{ "bw_slope", JP_SS_BW | JP_SS_SLOPE },
	};
	const char *colon = strchr(v, ':');
	char lim[64], *l, *pct;
	unsigned int crit = 0;
	size_t i, n;
	double d;

	(void)sw;
	if (!colon)
		return -EINVAL;
	n = (size_t)(colon - v);
	for (i = 0; i < sizeof(crits) / sizeof(crits[0]); i++)
		if (strlen(crits[i].name) == n && !strncmp(v, crits[i].name, n))
			crit = crits[i].crit;
	if (!crit || strlen(colon + 1) >= sizeof(lim))
		return -EINVAL;
	strcpy(lim, colon + 1);
	l = jp_trim(lim);
	pct = strchr(l, '%');
	if (pct) {
		if (pct[1])
			return -EINVAL;
		*pct = '\0';
		l = jp_trim(l);
		crit |= JP_SS_PCT;
	}
	if (pct || crit & JP_SS_IOPS) {
		if (parse_limit(l, &d))
			return -EINVAL;
	} else {
		uint64_t b;

		if (fr_parse_size(l, &b))
			return -EINVAL;
		d = (double)b;
	}
	j->ss_crit = crit;
	j->ss_limit = d;
	return 0;
}

/*
 * exitall is fio's flag of the whole run (str_exitall_cb()), set by any
 * value: fio 3.33 takes exitall=0 as exitall. That is refused here
 * rather than run as the opposite of what it says.
 */
static int opt_exitall(struct jp_job *j, const char *v, bool *sw)
{
	unsigned int n;

	(void)sw;
	if (v && (parse_uint(v, 0, UINT32_MAX, &n) || !n))
		return -EINVAL;
	j->exitall = true;
	return 0;
}

/* fio's randseed: any 64-bit number; the random choices follow from it. */
static int opt_randseed(struct jp_job *j, const char *v, bool *sw)
{
	char *end;

	(void)sw;
	if (!v || !isdigit((unsigned char)*v))
		return -EINVAL;
	errno = 0;
	j->randseed = strtoull(v, &end, 0);
	if (errno || *end)
		return -EINVAL;
	j->randseed_set = true;
	return 0;
}

/* The model device's service_steps (beconf.h). */
static int opt_service_steps(struct jp_job *j, const char *v, bool *sw)
{
	(void)sw;
	return beconf_parse_steps(v, &j->uring) ? -EINVAL : 0;
}

/* The model device's service_dist and service_seed (beconf.h). */
static int opt_service_dist(struct jp_job *j, const char *v, bool *sw)
{
	(void)sw;
	return beconf_parse_dist(v, &j->uring) ? -EINVAL : 0;
}

static int opt_steps_from(struct jp_job *j, const char *v, bool *sw)
{
	(void)sw;
	return beconf_parse_steps_from(v, &j->uring) ? -EINVAL : 0;
}

static int opt_service_seed(struct jp_job *j, const char *v, bool *sw)
{
	(void)sw;
	return beconf_parse_seed(v, &j->uring) ? -EINVAL : 0;
}

/* fio's sqthread_poll_cpu: a CPU number (its callback sets sqpoll_set). */
static int opt_sqpoll_cpu(struct jp_job *j, const char *v, bool *sw)
{
	unsigned int n;

	(void)sw;
	if (parse_uint(v, 0, INT32_MAX, &n))
		return -EINVAL;
	j->uring.sqthread_poll_cpu = (int)n;
	return 0;
}

/* fio's nonvectored: an int, -1 (default) where the kernel has READ/WRITE. */
static int opt_nonvectored(struct jp_job *j, const char *v, bool *sw)
{
	char *end;
	long n;

	(void)sw;
	n = strtol(v, &end, 10);
	if (end == v || *end || n < -1 || n > INT32_MAX)
		return -EINVAL;
	j->uring.nonvectored = (int)n;
	return 0;
}

/*
 * fio's split values (rate=, rate_iops=): READ[,WRITE[,TRIM]]. One value
 * with no comma applies to every direction; with commas each direction
 * takes its own and an empty one stays unset (rate_iops=,500: writes
 * only). Trims are accepted and ignored: the runner issues none.
 */
static int parse_split(const char *v, bool bytes, uint64_t out[2])
{
	uint64_t val[3] = { 0, 0, 0 };
	char buf[256], *p;
	unsigned int n = 0, d;
	const char *c;

	if (strlen(v) >= sizeof(buf))
		return -EINVAL;
	for (c = v; *c; c++)
		n += *c == ',';
	if (n > 2)
		return -EINVAL;
	strcpy(buf, v);
	for (d = 0, p = buf; d <= n; d++) {
		char *comma = strchr(p, ',');
		char *tok;

		if (comma)
			*comma = '\0';
		tok = jp_trim(p);
		if (*tok) {
			unsigned int u;

			if (bytes ? fr_parse_size(tok, &val[d]) : parse_uint(tok, 0, UINT32_MAX, &u))
				return -EINVAL;
			if (!bytes)
				val[d] = u;
		}
		p = comma ? comma + 1 : p + strlen(p);
	}
	if (!n)
		val[1] = val[0];
	out[0] = val[0];
	out[1] = val[1];
	return 0;
}

static int opt_rate(struct jp_job *j, const char *v, bool *sw)
{
	(void)sw;
	return parse_split(v, true, j->rate);
}

static int opt_rate_iops(struct jp_job *j, const char *v, bool *sw)
{
	uint64_t r[2];

	(void)sw;
	if (parse_split(v, false, r))
		return -EINVAL;
	j->rate_iops[0] = (unsigned int)r[0];
	j->rate_iops[1] = (unsigned int)r[1];
	return 0;
}

static int opt_rate_process(struct jp_job *j, const char *v, bool *sw)
{
	(void)sw;
	if (strcmp(v, "linear") && strcmp(v, "poisson"))
		return -EINVAL;
	j->rate_poisson = !strcmp(v, "poisson");
	return 0;
}

/* bwavgtime, iopsavgtime: fio's log setup asks whether they were given. */
static int opt_bwavgtime(struct jp_job *j, const char *v, bool *sw)
{
	(void)sw;
	j->bw_avg_set = true;
	return parse_uint(v, 1, INT32_MAX, &j->bw_avg_ms);
}

static int opt_iopsavgtime(struct jp_job *j, const char *v, bool *sw)
{
	(void)sw;
	j->iops_avg_set = true;
	return parse_uint(v, 1, INT32_MAX, &j->iops_avg_ms);
}

/* write_*_log[=PREFIX] (options.c: str_write_bw_log_cb()): bare, the job's name. */
static int set_log(char **prefix, const char *v)
{
	char *c = strdup(v ? v : "");

	if (!c)
		return -ENOMEM;
	free(*prefix);
	*prefix = c;
	return 0;
}

static int opt_bw_log(struct jp_job *j, const char *v, bool *sw)
{
	(void)sw;
	return set_log(&j->bw_log, v);
}

static int opt_iops_log(struct jp_job *j, const char *v, bool *sw)
{
	(void)sw;
	return set_log(&j->iops_log, v);
}

static int opt_lat_log(struct jp_job *j, const char *v, bool *sw)
{
	(void)sw;
	return set_log(&j->lat_log, v);
}

static int opt_hist_log(struct jp_job *j, const char *v, bool *sw)
{
	(void)sw;
	return set_log(&j->hist_log, v);
}

#define F(field) offsetof(struct jp_job, field)

/* Every option the built-in runner takes, with fio's name and meaning. */
static const struct jp_option options[] = {
	/* Engine and target. */
	{ .name = "ioengine", .type = OT_FN, .fn = opt_ioengine, .need_value = true, .hint = "the built-in runner runs external:<fiorion-engine.so>, io_uring, libaio or psync" },
	{ .name = "lunfile", .type = OT_STR, .off = F(lunfile), .need_value = true },
	{ .name = "luns", .type = OT_STR, .off = F(luns), .need_value = true },
	{ .name = "simulate", .type = OT_STR, .off = F(simulate), .need_value = true },
	{ .name = "backend", .type = OT_STR, .off = F(backend), .need_value = true },
	{ .name = "filename", .type = OT_FN, .fn = opt_filename, .need_value = true },
	{ .name = "stripe", .type = OT_SIZE, .off = F(stripe), .need_value = true },
	{ .name = "allow_signatures", .type = OT_BOOL, .off = F(allow_signatures) },
	/* fio's io_uring options, the engine's with backend=io_uring (beconf.h). */
	{ .name = "hipri", .type = OT_BOOL, .off = F(uring.hipri) },
	{ .name = "fixedbufs", .type = OT_BOOL, .off = F(uring.fixedbufs) },
	{ .name = "registerfiles", .type = OT_BOOL, .off = F(uring.registerfiles) },
	{ .name = "sqthread_poll", .type = OT_BOOL, .off = F(uring.sqthread_poll) },
	{ .name = "sqthread_poll_cpu", .type = OT_FN, .fn = opt_sqpoll_cpu, .need_value = true, .hint = "give a CPU number" },
	{ .name = "nonvectored", .type = OT_FN, .fn = opt_nonvectored, .need_value = true, .hint = "give -1 (READ/WRITE where the kernel has them), 0 (READV/WRITEV) or 1 (READ/WRITE)" },
	/* backend=null's model device (beconf.h). */
	{ .name = "service_us", .type = OT_UINT, .off = F(uring.service_us), .min = 0, .max = INT32_MAX },
	{ .name = "servers", .type = OT_UINT, .off = F(uring.servers), .min = 0, .max = INT32_MAX },
	{ .name = "service_steps_from", .type = OT_FN, .fn = opt_steps_from, .need_value = true, .hint = "give run (the steps count from the fiorion run's start, virtual_time=1) or device (from the device's first I/O, the default)" },
	{ .name = "service_steps", .type = OT_FN, .fn = opt_service_steps, .need_value = true, .hint = "give SECONDS:US[,SECONDS:US...], each a time after the device's first I/O and the service time from then on, in rising order (service_steps=10:200,20:100)" },
	{ .name = "service_dist", .type = OT_FN, .fn = opt_service_dist, .need_value = true, .hint = "give fixed (every service service_us), exp (exponential, mean service_us) or uniform (0 to 2 x service_us)" },
	{ .name = "service_seed", .type = OT_FN, .fn = opt_service_seed, .need_value = true, .hint = "give a whole number (0 to 2^64-1)" },
	{ .name = "virtual_time", .type = OT_BOOL, .off = F(uring.virtual_time) },
	/* Workload. */
	{ .name = "rw", .alias = "readwrite", .type = OT_FN, .fn = opt_rw, .need_value = true, .hint = "the built-in runner does read, write, randread, randwrite, rw and randrw" },
	{ .name = "rwmixwrite", .type = OT_UINT, .off = F(rwmixwrite), .min = 0, .max = 100 },
	{ .name = "rwmixread", .type = OT_FN, .fn = opt_rwmixread, .need_value = true },
	{ .name = "bs", .alias = "blocksize", .type = OT_FN, .fn = opt_bs, .need_value = true },
	{ .name = "iodepth", .type = OT_UINT, .off = F(iodepth), .min = 1, .max = 65536 },
	/* fio's limit too (REAL_MAX_JOBS); each clone is one thread. */
	{ .name = "numjobs", .type = OT_UINT, .off = F(numjobs), .min = 1, .max = JP_MAX_CLONES, .hint = "give 1 to " STR(JP_MAX_CLONES_N) " (the built-in runner runs each clone as a thread, at most " STR(JP_MAX_CLONES_N) " at once, as fio)" },
	{ .name = "direct", .type = OT_BOOL, .off = F(direct) },
	{ .name = "time_based", .type = OT_BOOL, .off = F(time_based) },
	{ .name = "randrepeat", .type = OT_BOOL, .off = F(randrepeat) },
	{ .name = "randseed", .type = OT_FN, .fn = opt_randseed, .need_value = true, .hint = "give a whole number (0 to 2^64-1)" },
	{ .name = "norandommap", .type = OT_BOOL, .off = F(norandommap) },
	{ .name = "runtime", .alias = "timeout", .type = OT_TIME, .off = F(runtime_us), .need_value = true },
	{ .name = "size", .type = OT_JPSIZE, .off = F(size), .need_value = true },
	{ .name = "io_size", .alias = "io_limit", .type = OT_FN, .fn = opt_io_size, .need_value = true },
	{ .name = "offset", .type = OT_JPSIZE, .off = F(offset), .need_value = true },
	{ .name = "offset_increment", .type = OT_JPSIZE, .off = F(offset_increment), .need_value = true },
	{ .name = "stonewall", .alias = "wait_for_previous", .type = OT_FN, .fn = opt_stonewall },
	{ .name = "verify", .type = OT_FN, .fn = opt_verify, .need_value = true, .hint = "the built-in runner verifies only verify=pattern" },
	{ .name = "verify_pattern", .type = OT_FN, .fn = opt_verify_pattern, .need_value = true, .hint = "give a hex number of up to 4 bytes, e.g. 0xdeadbeef" },
	{ .name = "do_verify", .type = OT_BOOL, .off = F(do_verify) },
	/* fio's rate control: an open loop (openloop.h); rate_min, rate_iops_min, rate_cycle are refused as unknown. */
	{ .name = "rate", .type = OT_FN, .fn = opt_rate, .need_value = true, .hint = "give bytes/s per direction, READ[,WRITE], fio's size suffixes (rate=1m,512k; rate=,1m: writes only)" },
	{ .name = "rate_iops", .type = OT_FN, .fn = opt_rate_iops, .need_value = true, .hint = "give I/Os per second per direction, READ[,WRITE] (rate_iops=500; rate_iops=400,100; rate_iops=,100: writes only)" },
	{ .name = "rate_process", .type = OT_FN, .fn = opt_rate_process, .need_value = true, .hint = "give linear (fixed gaps) or poisson (exponential gaps)" },
	{ .name = "rate_ignore_thinktime", .type = OT_BOOL, .off = F(rate_ign_think) },
	/* Steady state (fio 3.33 has no steadystate_check_interval: 1 s). */
	{ .name = "steadystate", .alias = "ss", .type = OT_FN, .fn = opt_steadystate, .need_value = true, .hint = "give CRITERION:LIMIT, the criterion iops, iops_slope, bw or bw_slope, the limit a percentage (iops_slope:2%) or a number (IOPS; bytes/s for bw, with fio's size suffixes: bw:10m)" },
	{ .name = "steadystate_duration", .alias = "ss_dur", .type = OT_TIME, .off = F(ss_dur_us), .need_value = true },
	{ .name = "steadystate_ramp_time", .alias = "ss_ramp", .type = OT_TIME, .off = F(ss_ramp_us), .need_value = true },
	{ .name = "exitall", .type = OT_FN, .fn = opt_exitall, .hint = "fio 3.33 ends the group whatever exitall's value (exitall=0 too); write exitall or exitall=1, or leave it out" },
	/* Reporting. */
	{ .name = "description", .type = OT_STR, .off = F(description), .need_value = true },
	{ .name = "bwavgtime", .type = OT_FN, .fn = opt_bwavgtime, .need_value = true },
	{ .name = "iopsavgtime", .type = OT_FN, .fn = opt_iopsavgtime, .need_value = true },
	{ .name = "disk_util", .type = OT_BOOL, .off = F(disk_util) },
	{ .name = "lat_percentiles", .type = OT_BOOL, .off = F(lat_percentiles) },
	/* fio's logs (rnlog.h); log_compression, log_store_compressed, log_prio are refused as unknown. */
	{ .name = "write_bw_log", .type = OT_FN, .fn = opt_bw_log },
	{ .name = "write_iops_log", .type = OT_FN, .fn = opt_iops_log },
	{ .name = "write_lat_log", .type = OT_FN, .fn = opt_lat_log },
	{ .name = "write_hist_log", .type = OT_FN, .fn = opt_hist_log },
	{ .name = "log_avg_msec", .type = OT_UINT, .off = F(log_avg_ms), .min = 0, .max = INT32_MAX },
	{ .name = "log_hist_msec", .type = OT_UINT, .off = F(log_hist_ms), .min = 0, .max = INT32_MAX },
	{ .name = "log_hist_coarseness", .type = OT_UINT, .off = F(log_hist_coarse), .min = 0, .max = 6 },
	{ .name = "log_max_value", .type = OT_BOOL, .off = F(log_max) },
	{ .name = "log_offset", .type = OT_BOOL, .off = F(log_offset) },
	{ .name = "per_job_logs", .type = OT_BOOL, .off = F(per_job_logs) },
	/* fio's name= renames the job. */
	{ .name = "name", .type = OT_STR, .off = F(name), .need_value = true },
};

#undef F

static const struct jp_option *find_option(const char *key)
{
	size_t i;

	for (i = 0; i < sizeof(options) / sizeof(options[0]); i++)
		if (!strcmp(key, options[i].name) ||
		    (options[i].alias && !strcmp(key, options[i].alias)))
			return &options[i];
	return NULL;
}

static const char *const *fio_keys;
static size_t nfio_keys;

void jp_leave_to_fio(const char *const *keys, size_t n)
{
	fio_keys = keys;
	nfio_keys = n;
}

static bool left_to_fio(const char *key)
{
	size_t i;

	for (i = 0; i < nfio_keys; i++)
		if (!strcmp(key, fio_keys[i]))
			return true;
	return false;
}

bool jp_option_known(const char *key)
{
	return find_option(key) != NULL;
}

/* The name fio echoes in "job options": its own, never an alias (parse.c). */
const char *jp_canonical(const char *key)
{
	const struct jp_option *o = find_option(key);

	return o ? o->name : key;
}

/* Apply one option to @j, as its table entry says. */
int jp_apply(struct jp_job *j, const struct jp_kv *kv, const char *name,
	     bool *stonewall, struct fr_err *err)
{
	const char *k = kv->key, *v = kv->val;
	const struct jp_option *o = find_option(k);
	void *field;
	int bad = 0;

	if (left_to_fio(k))
		return 0;
	if (!o)
		return fr_errf(err, -EINVAL,
			       "%s:%u: option '%s' is not supported by fiorion's built-in runner (use -runner fio for it)",
			       name, kv->line, k);
	if (o->need_value && !v)
		return fr_errf(err, -EINVAL, "%s:%u: option '%s' needs a value", name, kv->line, k);
	field = (char *)j + o->off;
	switch (o->type) {
	case OT_STR: {
		char **f = field, *copy = strdup(v);

		if (!copy)
			return fr_errf(err, -ENOMEM, "%s:%u: out of memory", name, kv->line);
		free(*f);
		*f = copy;
		break;
	}
	case OT_BOOL:
		bad = parse_bool(v, field);
		break;
	case OT_UINT:
		bad = parse_uint(v, o->min, o->max, field);
		break;
	case OT_SIZE:
		bad = fr_parse_size(v, field);
		break;
	case OT_JPSIZE:
		bad = parse_size(v, field);
		break;
	case OT_TIME:
		bad = parse_time_us(v, field);
		break;
	case OT_FN:
		bad = o->fn(j, v, stonewall);
		if (bad == -ENOMEM)
			return fr_errf(err, -ENOMEM, "%s:%u: out of memory", name, kv->line);
		break;
	}
	if (bad && o->hint)
		return fr_errf(err, -EINVAL, "%s:%u: %s=%s: %s", name, kv->line, k, v ? v : "", o->hint);
	if (bad)
		return fr_errf(err, -EINVAL, "%s:%u: %s=%s: not a valid value",
			       name, kv->line, k, v ? v : "");
	return 0;
}

void jp_job_defaults(struct jp_job *j)
{
	j->rw = JP_READ;
	j->rwmixwrite = 50;
	j->bs = 4096;
	j->iodepth = 1;
	j->numjobs = 1;
	j->randrepeat = true;
	j->do_verify = true;
	j->stripe = 1024 * 1024;
	j->uring = BACKEND_CONF_DEFAULT;
	j->bw_avg_ms = 500;
	j->iops_avg_ms = 500;
	j->disk_util = true;
	j->per_job_logs = true;
	/* options.c: steadystate's default, "iops_slope:0.01%". */
	j->ss_crit = JP_SS_IOPS | JP_SS_SLOPE | JP_SS_PCT;
	j->ss_limit = 0.01;
}
