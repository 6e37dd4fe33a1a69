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
#include <errno.h>
#include <inttypes.h>
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

/* fio's time: bare numbers are seconds. */
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

/* Apply one option to @j; unknown options and bad values are errors. */
static int apply(struct jp_job *j, const struct jp_kv *kv, const char *name,
		 bool *stonewall, struct fr_err *err)
{
	const char *k = kv->key, *v = kv->val;
	int bad = 0;

#define NEED_VALUE() do { if (!v) return fr_errf(err, -EINVAL, "%s:%u: option '%s' needs a value", name, kv->line, k); } while (0)
	if (!strcmp(k, "ioengine")) {
		NEED_VALUE();
		free(j->ioengine);
		free(j->engine_so);
		j->ioengine = strdup(v);
		j->engine_so = NULL;
		if (!strncmp(v, "external:", 9))
			j->engine_so = strdup(v + 9);
		else if (strcmp(v, "io_uring") && strcmp(v, "libaio") && strcmp(v, "psync"))
			return fr_errf(err, -EINVAL,
				       "%s:%u: ioengine=%s: the built-in runner runs external:<fiorion-engine.so>, io_uring, libaio or psync",
				       name, kv->line, v);
	} else if (!strcmp(k, "lunfile")) {
		NEED_VALUE();
		free(j->lunfile);
		j->lunfile = strdup(v);
	} else if (!strcmp(k, "luns")) {
		NEED_VALUE();
		free(j->luns);
		j->luns = strdup(v);
	} else if (!strcmp(k, "simulate")) {
		NEED_VALUE();
		free(j->simulate);
		j->simulate = strdup(v);
	} else if (!strcmp(k, "backend")) {
		NEED_VALUE();
		free(j->backend);
		j->backend = strdup(v);
	} else if (!strcmp(k, "filename")) {
		NEED_VALUE();
		free(j->filename);
		j->filename = strdup(v);
	} else if (!strcmp(k, "stripe")) {
		bad = fr_parse_size(v, &j->stripe);
	} else if (!strcmp(k, "rw") || !strcmp(k, "readwrite")) {
		size_t i;

		NEED_VALUE();
		for (i = 0; i < sizeof(rw_names) / sizeof(rw_names[0]); i++)
			if (!strcmp(v, rw_names[i]))
				break;
		if (i == sizeof(rw_names) / sizeof(rw_names[0]))
			return fr_errf(err, -EINVAL,
				       "%s:%u: rw=%s: the built-in runner does read, write, randread, randwrite, rw and randrw",
				       name, kv->line, v);
		j->rw = (enum jp_rw)i;
	} else if (!strcmp(k, "rwmixwrite")) {
		bad = parse_uint(v, 0, 100, &j->rwmixwrite);
	} else if (!strcmp(k, "rwmixread")) {
		unsigned int r;

		bad = parse_uint(v, 0, 100, &r);
		if (!bad)
			j->rwmixwrite = 100 - r;
	} else if (!strcmp(k, "bs") || !strcmp(k, "blocksize")) {
		bad = fr_parse_size(v, &j->bs) || !j->bs;
	} else if (!strcmp(k, "iodepth")) {
		bad = parse_uint(v, 1, 65536, &j->iodepth);
	} else if (!strcmp(k, "numjobs")) {
		/* fio's limit too (REAL_MAX_JOBS); each clone is one thread. */
		if (parse_uint(v, 1, JP_MAX_CLONES, &j->numjobs))
			return fr_errf(err, -EINVAL,
				       "%s:%u: numjobs=%s: give 1 to %u (the built-in runner runs each clone as a thread, at most %u at once, as fio)",
				       name, kv->line, v, JP_MAX_CLONES, JP_MAX_CLONES);
	} else if (!strcmp(k, "direct")) {
		bad = parse_bool(v, &j->direct);
	} else if (!strcmp(k, "time_based")) {
		bad = parse_bool(v, &j->time_based);
	} else if (!strcmp(k, "randrepeat")) {
		bad = parse_bool(v, &j->randrepeat);
	} else if (!strcmp(k, "norandommap")) {
		bad = parse_bool(v, &j->norandommap);
	} else if (!strcmp(k, "runtime") || !strcmp(k, "timeout")) {
		bad = parse_time_us(v, &j->runtime_us);
	} else if (!strcmp(k, "size")) {
		bad = parse_size(v, &j->size);
	} else if (!strcmp(k, "io_size") || !strcmp(k, "io_limit")) {
		bad = parse_size(v, &j->io_size) || j->io_size.pct;
	} else if (!strcmp(k, "offset")) {
		bad = parse_size(v, &j->offset);
	} else if (!strcmp(k, "offset_increment")) {
		bad = parse_size(v, &j->offset_increment);
	} else if (!strcmp(k, "stonewall") || !strcmp(k, "wait_for_previous")) {
		bool b;

		bad = parse_bool(v, &b);
		if (!bad && b)
			*stonewall = true;
	} else if (!strcmp(k, "verify")) {
		NEED_VALUE();
		if (!strcmp(v, "pattern"))
			j->verify_pattern = true;
		else if (strcmp(v, "0") && strcmp(v, "null"))
			return fr_errf(err, -EINVAL,
				       "%s:%u: verify=%s: the built-in runner verifies only verify=pattern",
				       name, kv->line, v);
	} else if (!strcmp(k, "verify_pattern")) {
		char *end;
		unsigned long long p;

		NEED_VALUE();
		p = strtoull(v, &end, 0);
		if (*end || p > UINT32_MAX || strncasecmp(v, "0x", 2))
			return fr_errf(err, -EINVAL,
				       "%s:%u: verify_pattern=%s: give a hex number of up to 4 bytes, e.g. 0xdeadbeef",
				       name, kv->line, v);
		j->pattern = (uint32_t)p;
		j->pattern_len = (unsigned int)((strlen(v) - 2 + 1) / 2);
		if (j->pattern_len > 4)
			j->pattern_len = 4;
	} else if (!strcmp(k, "do_verify")) {
		bad = parse_bool(v, &j->do_verify);
	} else if (!strcmp(k, "description")) {
		/* fio's free text: echoed in the JSON ("desc"), nothing else. */
		NEED_VALUE();
		free(j->description);
		j->description = strdup(v);
	} else if (!strcmp(k, "bwavgtime")) {
		bad = parse_uint(v, 1, INT32_MAX, &j->bw_avg_ms);
	} else if (!strcmp(k, "iopsavgtime")) {
		bad = parse_uint(v, 1, INT32_MAX, &j->iops_avg_ms);
	} else if (!strcmp(k, "disk_util")) {
		bad = parse_bool(v, &j->disk_util);
	} else if (!strcmp(k, "name")) {
		/* fio's name= renames the job. */
		NEED_VALUE();
		free(j->name);
		j->name = strdup(v);
	} else {
		return fr_errf(err, -EINVAL,
			       "%s:%u: option '%s' is not supported by fiorion's built-in runner (use -runner fio for it)",
			       name, kv->line, k);
	}
	if (bad)
		return fr_errf(err, -EINVAL, "%s:%u: %s=%s: not a valid value",
			       name, kv->line, k, v ? v : "");
	return 0;
#undef NEED_VALUE
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
			sec = realloc(sec, (nsec + 1) * sizeof(*sec));
			if (!sec) {
				ret = -ENOMEM;
				goto out;
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
					ret = kv_push(&f->global, &f->nglobal, key, exp, ln);
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
			    (ret = kv_push(&j->own, &j->nown, sec[i].kv[k].key,
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
	int ret = fr_read_file(path, "job file", 0, FR_READ_TEXT, &text, &len, err);

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
