/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * jobparse.c -- read a fio job file into struct jp_file.
 *
 * Lines are gathered per section first (a [global] section's lines are
 * copied into every job that follows it, as fio does), then each job's
 * list is interpreted once, so a bad option is reported at its own line
 * whichever section it came from.
 */
#include "jobparse.h"

#include <ctype.h>
#include <stddef.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fr_file.h"
#include "fr_size.h"

static const char *const rw_names[] = {
	[JP_READ] = "read", [JP_WRITE] = "write", [JP_RANDREAD] = "randread",
	[JP_RANDWRITE] = "randwrite", [JP_RW] = "rw", [JP_RANDRW] = "randrw",
};

const char *jp_rw_name(enum jp_rw rw)
{
	return rw_names[rw];
}

static int kv_push(struct jp_kv **v, size_t *n, const char *key,
		   const char *val, unsigned int line)
{
	struct jp_kv *nv = realloc(*v, (*n + 1) * sizeof(**v));

	if (!nv)
		return -ENOMEM;
	*v = nv;
	nv[*n].key = strdup(key);
	nv[*n].val = val ? strdup(val) : NULL;
	nv[*n].line = line;
	if (!nv[*n].key || (val && !nv[*n].val))
		return -ENOMEM;
	(*n)++;
	return 0;
}

static void kv_free(struct jp_kv *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		free(v[i].key);
		free(v[i].val);
	}
	free(v);
}

/* ${VAR} from the environment; an unset variable is an error. */
static int expand(const char *in, char **out, const char *name,
		  unsigned int line, struct fr_err *err)
{
	size_t cap = strlen(in) + 1, len = 0;
	char *o = malloc(cap);
	const char *p = in;

	if (!o)
		return -ENOMEM;
	while (*p) {
		if (p[0] == '$' && p[1] == '{') {
			const char *e = strchr(p, '}');
			char var[256];
			const char *v;
			size_t vl;

			if (!e || (size_t)(e - p - 2) >= sizeof(var)) {
				free(o);
				return fr_errf(err, -EINVAL, "%s:%u: unterminated ${ in '%s'",
					       name, line, in);
			}
			memcpy(var, p + 2, (size_t)(e - p - 2));
			var[e - p - 2] = '\0';
			v = getenv(var);
			if (!v) {
				free(o);
				return fr_errf(err, -EINVAL, "%s:%u: ${%s} is not set in the environment",
					       name, line, var);
			}
			vl = strlen(v);
			if (len + vl + 1 > cap) {
				char *n;

				cap = len + vl + strlen(e) + 1;
				n = realloc(o, cap);
				if (!n) {
					free(o);
					return -ENOMEM;
				}
				o = n;
			}
			memcpy(o + len, v, vl);
			len += vl;
			p = e + 1;
			continue;
		}
		if (len + 2 > cap) {
			char *n = realloc(o, cap *= 2);

			if (!n) {
				free(o);
				return -ENOMEM;
			}
			o = n;
		}
		o[len++] = *p++;
	}
	o[len] = '\0';
	*out = o;
	return 0;
}

static char *trim(char *s)
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
	OT_STR,		/* a string, kept */
	OT_BOOL,	/* 1/0, true/false, yes/no; bare = true */
	OT_UINT,	/* a whole number in [min, max] */
	OT_SIZE,	/* fio's size syntax, bytes (uint64_t) */
	OT_JPSIZE,	/* a size or a percentage of the volume (struct jp_size) */
	OT_TIME,	/* fio's time, microseconds (uint64_t) */
	OT_FN,		/* its own function */
};

struct jp_option {
	const char *name, *alias;
	enum opt_type type;
	size_t off;		/* the field of struct jp_job */
	unsigned int min, max;	/* OT_UINT */
	bool need_value;
	/* OT_FN: 0, or -EINVAL for a bad value (then @hint, if any, is said). */
	int (*fn)(struct jp_job *j, const char *v, bool *stonewall);
	const char *hint;	/* after "FILE:LINE: key=value: "; NULL: "not a valid value" */
};

#define STR_(x) #x
#define STR(x) STR_(x)

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
	l = trim(lim);
	pct = strchr(l, '%');
	if (pct) {
		if (pct[1])
			return -EINVAL;
		*pct = '\0';
		l = trim(l);
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

#define F(field) offsetof(struct jp_job, field)

/* Every option the built-in runner takes, with fio's name and meaning. */
static const struct jp_option options[] = {
	/* Engine and target. */
	{ .name = "ioengine", .type = OT_FN, .fn = opt_ioengine, .need_value = true,
	  .hint = "the built-in runner runs external:<fiorion-engine.so>, io_uring, libaio or psync" },
	{ .name = "lunfile", .type = OT_STR, .off = F(lunfile), .need_value = true },
	{ .name = "luns", .type = OT_STR, .off = F(luns), .need_value = true },
	{ .name = "simulate", .type = OT_STR, .off = F(simulate), .need_value = true },
	{ .name = "backend", .type = OT_STR, .off = F(backend), .need_value = true },
	{ .name = "filename", .type = OT_STR, .off = F(filename), .need_value = true },
	{ .name = "stripe", .type = OT_SIZE, .off = F(stripe), .need_value = true },
	{ .name = "allow_signatures", .type = OT_BOOL, .off = F(allow_signatures) },
	/* Workload. */
	{ .name = "rw", .alias = "readwrite", .type = OT_FN, .fn = opt_rw, .need_value = true,
	  .hint = "the built-in runner does read, write, randread, randwrite, rw and randrw" },
	{ .name = "rwmixwrite", .type = OT_UINT, .off = F(rwmixwrite), .min = 0, .max = 100 },
	{ .name = "rwmixread", .type = OT_FN, .fn = opt_rwmixread, .need_value = true },
	{ .name = "bs", .alias = "blocksize", .type = OT_FN, .fn = opt_bs, .need_value = true },
	{ .name = "iodepth", .type = OT_UINT, .off = F(iodepth), .min = 1, .max = 65536 },
	/* fio's limit too (REAL_MAX_JOBS); each clone is one thread. */
	{ .name = "numjobs", .type = OT_UINT, .off = F(numjobs), .min = 1, .max = JP_MAX_CLONES,
	  .hint = "give 1 to " STR(JP_MAX_CLONES_N) " (the built-in runner runs each clone as a thread, at most " STR(JP_MAX_CLONES_N) " at once, as fio)" },
	{ .name = "direct", .type = OT_BOOL, .off = F(direct) },
	{ .name = "time_based", .type = OT_BOOL, .off = F(time_based) },
	{ .name = "randrepeat", .type = OT_BOOL, .off = F(randrepeat) },
	{ .name = "norandommap", .type = OT_BOOL, .off = F(norandommap) },
	{ .name = "runtime", .alias = "timeout", .type = OT_TIME, .off = F(runtime_us), .need_value = true },
	{ .name = "size", .type = OT_JPSIZE, .off = F(size), .need_value = true },
	{ .name = "io_size", .alias = "io_limit", .type = OT_FN, .fn = opt_io_size, .need_value = true },
	{ .name = "offset", .type = OT_JPSIZE, .off = F(offset), .need_value = true },
	{ .name = "offset_increment", .type = OT_JPSIZE, .off = F(offset_increment), .need_value = true },
	{ .name = "stonewall", .alias = "wait_for_previous", .type = OT_FN, .fn = opt_stonewall },
	{ .name = "verify", .type = OT_FN, .fn = opt_verify, .need_value = true,
	  .hint = "the built-in runner verifies only verify=pattern" },
	{ .name = "verify_pattern", .type = OT_FN, .fn = opt_verify_pattern, .need_value = true,
	  .hint = "give a hex number of up to 4 bytes, e.g. 0xdeadbeef" },
	{ .name = "do_verify", .type = OT_BOOL, .off = F(do_verify) },
	/* Steady state (fio 3.33 has no steadystate_check_interval: 1 s). */
	{ .name = "steadystate", .alias = "ss", .type = OT_FN, .fn = opt_steadystate, .need_value = true,
	  .hint = "give CRITERION:LIMIT, the criterion iops, iops_slope, bw or bw_slope, the limit a percentage (iops_slope:2%) or a number (IOPS; bytes/s for bw, with fio's size suffixes: bw:10m)" },
	{ .name = "steadystate_duration", .alias = "ss_dur", .type = OT_TIME, .off = F(ss_dur_us), .need_value = true },
	{ .name = "steadystate_ramp_time", .alias = "ss_ramp", .type = OT_TIME, .off = F(ss_ramp_us), .need_value = true },
	{ .name = "exitall", .type = OT_FN, .fn = opt_exitall,
	  .hint = "fio 3.33 ends the group whatever exitall's value (exitall=0 too); write exitall or exitall=1, or leave it out" },
	/* Reporting. */
	{ .name = "description", .type = OT_STR, .off = F(description), .need_value = true },
	{ .name = "bwavgtime", .type = OT_UINT, .off = F(bw_avg_ms), .min = 1, .max = INT32_MAX },
	{ .name = "iopsavgtime", .type = OT_UINT, .off = F(iops_avg_ms), .min = 1, .max = INT32_MAX },
	{ .name = "disk_util", .type = OT_BOOL, .off = F(disk_util) },
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

bool jp_option_known(const char *key)
{
	return find_option(key) != NULL;
}

/* The name fio echoes in "job options": its own, never an alias (parse.c). */
static const char *canonical(const char *key)
{
	const struct jp_option *o = find_option(key);

	return o ? o->name : key;
}

/* Apply one option to @j, as its table entry says. */
static int apply(struct jp_job *j, const struct jp_kv *kv, const char *name,
		 bool *stonewall, struct fr_err *err)
{
	const char *k = kv->key, *v = kv->val;
	const struct jp_option *o = find_option(k);
	void *field;
	int bad = 0;

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

static void job_defaults(struct jp_job *j)
{
	j->rw = JP_READ;
	j->rwmixwrite = 50;
	j->bs = 4096;
	j->iodepth = 1;
	j->numjobs = 1;
	j->randrepeat = true;
	j->do_verify = true;
	j->stripe = 1024 * 1024;
	j->bw_avg_ms = 500;
	j->iops_avg_ms = 500;
	j->disk_util = true;
	/* options.c: steadystate's default, "iops_slope:0.01%". */
	j->ss_crit = JP_SS_IOPS | JP_SS_SLOPE | JP_SS_PCT;
	j->ss_limit = 0.01;
}

/*
 * steadystate.c: td_steadystate_init() rejects a job whose steady state,
 * as set up, differs from that of another job of its group: whole
 * seconds of duration, limit, ramp, criterion (all zero when off).
 */
static bool ss_same(const struct jp_job *a, const struct jp_job *b)
{
	if (!a->ss_dur_us || !b->ss_dur_us)
		return !a->ss_dur_us && !b->ss_dur_us;
	return a->ss_dur_us / 1000000 == b->ss_dur_us / 1000000 &&
	       a->ss_limit == b->ss_limit && a->ss_ramp_us == b->ss_ramp_us &&
	       a->ss_crit == b->ss_crit;
}

struct section {
	char *name;
	unsigned int line;
	struct jp_kv *kv;
	size_t nkv;
};

static void job_free(struct jp_job *j)
{
	free(j->name);
	kv_free(j->own, j->nown);
	free(j->ioengine);
	free(j->engine_so);
	free(j->lunfile);
	free(j->luns);
	free(j->simulate);
	free(j->backend);
	free(j->filename);
	free(j->description);
}

int jp_parse_buffer(struct jp_file *f, const char *name, const char *text,
		    struct fr_err *err)
{
	struct section *sec = NULL;
	struct jp_kv *glob = NULL;
	size_t nsec = 0, nglob = 0, i, k;
	char *copy = strdup(text), *line;
	unsigned int ln = 0;
	int ret = 0, gid = 0;
	bool in_global = false;
	const char *p;

	memset(f, 0, sizeof(*f));
	if (!copy)
		return fr_errf(err, -ENOMEM, "out of memory");
	/* strtok_r would skip empty lines and lose the numbering. */
	for (p = copy; p; ) {
		char *nl = strchr(p, '\n'), *s, *eq;

		ln++;
		if (nl)
			*nl = '\0';
		line = (char *)p;
		p = nl ? nl + 1 : NULL;
		s = trim(line);
		if (!*s || *s == '#' || *s == ';')
			continue;
		if (*s == '[') {
			char *e = strchr(s, ']');

			if (!e || e[1]) {
				ret = fr_errf(err, -EINVAL, "%s:%u: a section is written [name]", name, ln);
				goto out;
			}
			*e = '\0';
			s = trim(s + 1);
			if (!*s) {
				ret = fr_errf(err, -EINVAL, "%s:%u: empty section name", name, ln);
				goto out;
			}
			in_global = !strcmp(s, "global");
			if (in_global)
				continue;
			{
				struct section *ns = realloc(sec, (nsec + 1) * sizeof(*sec));

				if (!ns) {
					ret = fr_errf(err, -ENOMEM, "%s:%u: out of memory", name, ln);
					goto out;
				}
				sec = ns;
			}
			memset(&sec[nsec], 0, sizeof(*sec));
			sec[nsec].name = strdup(s);
			sec[nsec].line = ln;
			/* fio: a [global] section applies to the jobs after it. */
			for (k = 0; k < nglob; k++)
				if ((ret = kv_push(&sec[nsec].kv, &sec[nsec].nkv, glob[k].key,
						   glob[k].val, glob[k].line)))
					goto out;
			nsec++;
			continue;
		}
		if (!in_global && !nsec) {
			ret = fr_errf(err, -EINVAL, "%s:%u: option outside any [section]", name, ln);
			goto out;
		}
		eq = strchr(s, '=');
		{
			char *key = s, *val = NULL, *exp = NULL;

			if (eq) {
				*eq = '\0';
				key = trim(s);
				val = trim(eq + 1);
				ret = expand(val, &exp, name, ln, err);
				if (ret)
					goto out;
			}
			if (in_global) {
				ret = kv_push(&glob, &nglob, key, exp, ln);
				if (!ret)
					ret = kv_push(&f->global, &f->nglobal, canonical(key), exp, ln);
			} else {
				ret = kv_push(&sec[nsec - 1].kv, &sec[nsec - 1].nkv, key, exp, ln);
			}
			free(exp);
			if (ret)
				goto out;
		}
	}
	if (!nsec) {
		ret = fr_errf(err, -EINVAL, "%s: no job sections", name);
		goto out;
	}
	f->jobs = calloc(nsec, sizeof(*f->jobs));
	if (!f->jobs) {
		ret = -ENOMEM;
		goto out;
	}
	for (i = 0; i < nsec; i++) {
		struct jp_job *j = &f->jobs[i];
		bool sw = false;

		job_defaults(j);
		j->name = strdup(sec[i].name);
		j->line = sec[i].line;
		f->njobs++;
		for (k = 0; k < sec[i].nkv; k++) {
			ret = apply(j, &sec[i].kv[k], name, &sw, err);
			if (ret)
				goto out;
			/* The job's own lines (after the copied globals). */
			if (sec[i].kv[k].line > sec[i].line &&
			    (ret = kv_push(&j->own, &j->nown, canonical(sec[i].kv[k].key),
					   sec[i].kv[k].val, sec[i].kv[k].line)))
				goto out;
		}
		if (sw && i > 0)
			gid++;
		j->groupid = gid;
		if (!j->ioengine) {
			ret = fr_errf(err, -EINVAL,
				      "%s:%u: job '%s' has no ioengine= (the built-in runner does not default to one)",
				      name, j->line, j->name);
			goto out;
		}
		if (j->engine_so ? !j->lunfile == !j->luns : !j->filename) {
			ret = fr_errf(err, -EINVAL,
				      j->engine_so ? "%s:%u: job '%s' needs exactly one of lunfile= and luns="
						   : "%s:%u: job '%s' needs filename=",
				      name, j->line, j->name);
			goto out;
		}
	}
	f->ngroups = gid + 1;
	for (i = 0; i < f->njobs; i++) {
		const struct jp_job *j = &f->jobs[i];

		for (k = 0; k < i; k++) {
			const struct jp_job *o = &f->jobs[k];

			if (o->groupid == j->groupid && !ss_same(o, j)) {
				ret = fr_errf(err, -EINVAL,
					      "%s:%u: job '%s': its steady state (steadystate, steadystate_duration, steadystate_ramp_time) differs from that of job '%s' of the same group; fio 3.33 rejects the job (\"steadystate options must be consistent within reporting groups\"): give the jobs of a group the same, or separate them with stonewall",
					      name, j->line, j->name, o->name);
				goto out;
			}
		}
	}
	for (i = 0; i < f->njobs; i++)
		if (f->jobs[i].exitall)
			for (k = 0; k < f->njobs; k++)
				f->jobs[k].exitall = true;
out:
	for (i = 0; i < nsec; i++) {
		free(sec[i].name);
		kv_free(sec[i].kv, sec[i].nkv);
	}
	free(sec);
	kv_free(glob, nglob);
	free(copy);
	if (ret == -ENOMEM)
		fr_errf(err, ret, "out of memory");
	if (ret)
		jp_release(f);
	return ret;
}

int jp_parse_file(struct jp_file *f, const char *path, struct fr_err *err)
{
	char *text;
	size_t len;
	int ret = fr_read_file(path, "job file", 16u << 20, FR_READ_REGULAR | FR_READ_TEXT, &text, &len, err);

	if (ret)
		return ret;
	if (!len)
		ret = fr_errf(err, -EINVAL, "job file '%s' is empty", path);
	else
		ret = jp_parse_buffer(f, path, text, err);
	free(text);
	return ret;
}

void jp_release(struct jp_file *f)
{
	size_t i;

	for (i = 0; i < f->njobs; i++)
		job_free(&f->jobs[i]);
	free(f->jobs);
	kv_free(f->global, f->nglobal);
	memset(f, 0, sizeof(*f));
}
