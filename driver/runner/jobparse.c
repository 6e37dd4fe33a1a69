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
#include "jobopts.h"

#include <ctype.h>
#include <stddef.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "beconf.h"
#include "fr_file.h"
#include "vvol.h"

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
	while (j->nfiles)
		free(j->files[--j->nfiles]);
	free(j->files);
	free(j->description);
	free(j->bw_log);
	free(j->iops_log);
	free(j->lat_log);
	free(j->hist_log);
}

/*
 * A job that reads and writes rated in one direction only: fio issues the
 * other as fast as it can in the rated one's gaps, which is no open loop.
 */
static int check_rate(const struct jp_job *j, const char *name, struct fr_err *err)
{
	if (!jp_does(j, 0) || !jp_does(j, 1) || jp_rated_dir(j, 0) == jp_rated_dir(j, 1))
		return 0;
	return fr_errf(err, -EINVAL,
		       "%s:%u: job '%s' reads and writes but its rate (rate=, rate_iops=) limits only its %s; the built-in runner's open loop rates every direction a job does: give both (rate_iops=R,W), or use -runner fio",
		       name, j->line, j->name, jp_rated_dir(j, 0) ? "reads" : "writes");
}

/*
 * virtual_time=1: one clock for the whole file, so every job has it or
 * none; each on the engine's model device (backend=null service_us=D;
 * beconf.c says why when a job has not).
 */
static int check_virtual(const struct jp_file *f, const char *name, struct fr_err *err)
{
	size_t i;

	for (i = 0; i < f->njobs; i++) {
		const struct jp_job *j = &f->jobs[i];
		struct fr_err e = { "" };

		if (j->uring.virtual_time != f->jobs[0].uring.virtual_time)
			return fr_errf(err, -EINVAL,
				       "%s:%u: job '%s' %s virtual_time=1 and job '%s' %s; a run has one clock: give it to every job or to none",
				       name, j->line, j->name, j->uring.virtual_time ? "has" : "has not",
				       f->jobs[0].name, f->jobs[0].uring.virtual_time ? "has" : "has not");
		if (!j->uring.virtual_time)
			continue;
		if (!j->engine_so)
			return fr_errf(err, -EINVAL,
				       "%s:%u: job '%s': virtual_time=1 is an option of fiorion's engine (ioengine=external:fiorion-engine.so backend=null service_us=D), not of ioengine=%s",
				       name, j->line, j->name, j->ioengine);
		if (beconf_check(&j->uring, j->backend, NULL, &e))
			return fr_errf(err, -EINVAL, "%s:%u: job '%s': %s", name, j->line, j->name, e.msg);
	}
	return 0;
}

/*
 * The job's LUNs named once: fiorion's engine takes fio's filename= or
 * its own luns=/lunfile= (vvol_conf_check()'s words), fio's engines
 * filename=.
 */
static int check_luns(const struct jp_job *j, const char *name, struct fr_err *err)
{
	struct vvol_conf c = { .lunfile = j->lunfile, .luns = j->luns, .nfiles = j->nfiles };
	struct fr_err e = { "" };

	if (!j->engine_so)
		return j->nfiles ? 0 : fr_errf(err, -EINVAL, "%s:%u: job '%s' needs filename=", name, j->line, j->name);
	if (vvol_conf_check(&c, &e))
		return fr_errf(err, -EINVAL, "%s:%u: job '%s': %s", name, j->line, j->name, e.msg);
	return 0;
}

/*
 * @f's jobs from its sections @sec (the [global] lines before each
 * copied in): their options applied, their groups (stonewall), what each
 * needs and what a group must share checked. Returns 0 or a negative
 * errno, with @err set (-ENOMEM: not set).
 */
static int make_jobs(struct jp_file *f, const struct section *sec, size_t nsec,
		     const char *name, struct fr_err *err)
{
	size_t i, k;
	int ret, gid = 0;

	f->jobs = calloc(nsec, sizeof(*f->jobs));
	if (!f->jobs)
		return -ENOMEM;
	for (i = 0; i < nsec; i++) {
		struct jp_job *j = &f->jobs[i];
		bool sw = false;

		jp_job_defaults(j);
		j->name = strdup(sec[i].name);
		j->line = sec[i].line;
		f->njobs++;
		for (k = 0; k < sec[i].nkv; k++) {
			ret = jp_apply(j, &sec[i].kv[k], name, &sw, err);
			if (ret)
				return ret;
			/* The job's own lines (after the copied globals). */
			if (sec[i].kv[k].line > sec[i].line &&
			    (ret = kv_push(&j->own, &j->nown, jp_canonical(sec[i].kv[k].key),
					   sec[i].kv[k].val, sec[i].kv[k].line)))
				return ret;
		}
		if (sw && i > 0)
			gid++;
		j->groupid = gid;
		if (!j->ioengine)
			return fr_errf(err, -EINVAL,
				       "%s:%u: job '%s' has no ioengine= (the built-in runner does not default to one)",
				       name, j->line, j->name);
		ret = check_luns(j, name, err);
		if (ret)
			return ret;
		ret = check_rate(j, name, err);
		if (ret)
			return ret;
		/*
		 * init.c: a bandwidth or IOPS log averaged over log_avg_msec
		 * samples at that interval when bwavgtime (iopsavgtime) is
		 * not given (its JSON bw/iops samples too).
		 */
		if (j->bw_log && j->log_avg_ms && !j->bw_avg_set)
			j->bw_avg_ms = j->log_avg_ms;
		if (j->iops_log && j->log_avg_ms && !j->iops_avg_set)
			j->iops_avg_ms = j->log_avg_ms;
	}
	f->ngroups = gid + 1;
	for (i = 0; i < f->njobs; i++) {
		const struct jp_job *j = &f->jobs[i];

		for (k = 0; k < i; k++) {
			const struct jp_job *o = &f->jobs[k];

			if (o->groupid == j->groupid && !ss_same(o, j))
				return fr_errf(err, -EINVAL,
					       "%s:%u: job '%s': its steady state (steadystate, steadystate_duration, steadystate_ramp_time) differs from that of job '%s' of the same group; fio 3.33 rejects the job (\"steadystate options must be consistent within reporting groups\"): give the jobs of a group the same, or separate them with stonewall",
					       name, j->line, j->name, o->name);
		}
	}
	for (i = 0; i < f->njobs; i++)
		if (f->jobs[i].exitall)
			for (k = 0; k < f->njobs; k++)
				f->jobs[k].exitall = true;
	return check_virtual(f, name, err);
}

int jp_parse_buffer(struct jp_file *f, const char *name, const char *text,
		    struct fr_err *err)
{
	struct section *sec = NULL;
	struct jp_kv *glob = NULL;
	size_t nsec = 0, nglob = 0, i, k;
	char *copy = strdup(text), *line;
	unsigned int ln = 0;
	int ret = 0;
	bool in_global = false;
	const char *p;

	memset(f, 0, sizeof(*f));
	if (!copy)
		return fr_errf(err, -ENOMEM, "out of memory");
	/* strtok_r would skip empty lines and lose the numbering. */
	for (p = copy; p;) {
		char *nl = strchr(p, '\n'), *s, *eq;

		ln++;
		if (nl)
			*nl = '\0';
		line = (char *)p;
		p = nl ? nl + 1 : NULL;
		s = jp_trim(line);
		if (!*s || *s == '#' || *s == ';')
			continue;
		if (*s == '[') {
			char *e = strchr(s, ']');

			if (!e || e[1]) {
				ret = fr_errf(err, -EINVAL, "%s:%u: a section is written [name]", name, ln);
				goto out;
			}
			*e = '\0';
			s = jp_trim(s + 1);
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
				key = jp_trim(s);
				val = jp_trim(eq + 1);
				ret = expand(val, &exp, name, ln, err);
				if (ret)
					goto out;
			}
			if (in_global) {
				ret = kv_push(&glob, &nglob, key, exp, ln);
				if (!ret)
					ret = kv_push(&f->global, &f->nglobal, jp_canonical(key), exp, ln);
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
	ret = make_jobs(f, sec, nsec, name, err);
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
