/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * ptsrc.c -- each point's jobs, named in -format json, points.csv and
 * the trace (ptsrc.h).
 */
#include "ptsrc.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int ps_collect(struct pt_point *p, const size_t *jobs, size_t n, const char *kinds)
{
	size_t k;

	p->srcs = calloc(n + 1, sizeof(*p->srcs));
	if (!p->srcs)
		return -ENOMEM;
	p->nsrcs = 0;
	for (k = 0; k < n; k++)
		if (kinds[k])
			p->srcs[p->nsrcs++] = jobs[k];
	return 0;
}

int ps_join(struct pt_point *dst, const struct pt_point *src)
{
	size_t k, m, *n = realloc(dst->srcs, (dst->nsrcs + src->nsrcs + 1) * sizeof(*n));

	if (!n)
		return -ENOMEM;
	dst->srcs = n;
	for (k = 0; k < src->nsrcs; k++) {
		for (m = 0; m < dst->nsrcs && dst->srcs[m] != src->srcs[k]; m++)
			;
		if (m == dst->nsrcs)
			dst->srcs[dst->nsrcs++] = src->srcs[k];
	}
	return 0;
}

static const char *file_of(const struct fj_set *in, const struct fj_job *j)
{
	return j->file < in->nfiles ? in->file_names[j->file] : "";
}

/* The job's block size as its options say it, else its average block in bytes. */
static void bs_text(char *buf, size_t len, const struct fj_job *j)
{
	uint64_t ios = j->dir[0].ios + j->dir[1].ios;

	if (j->bssplit)
		snprintf(buf, len, "bssplit=%s", j->bssplit);
	else if (j->bsrange)
		snprintf(buf, len, "bsrange=%s", j->bsrange);
	else if (j->bs_text)
		snprintf(buf, len, "%s", j->bs_text);
	else
		snprintf(buf, len, "%llu",
			 (unsigned long long)(ios ? (j->dir[0].bytes + j->dir[1].bytes) / ios : j->bs));
}

static json_t *str_or_null(const char *s)
{
	return s ? json_string(s) : json_null();
}

json_t *ps_json(const struct pt_set *pts, const struct pt_point *p)
{
	json_t *a = json_array();
	size_t k;

	for (k = 0; pts->in && k < p->nsrcs; k++) {
		const struct fj_job *j = &pts->in->jobs[p->srcs[k]];
		json_t *o = json_object();
		char bs[160];

		bs_text(bs, sizeof(bs), j);
		json_object_set_new(o, "file", json_string(file_of(pts->in, j)));
		json_object_set_new(o, "host", str_or_null(j->host));
		json_object_set_new(o, "group", json_integer(j->groupid));
		json_object_set_new(o, "job", json_string(j->name));
		json_object_set_new(o, "rw", str_or_null(j->rw));
		json_object_set_new(o, "bs", json_string(bs));
		json_object_set_new(o, "iodepth", json_integer((json_int_t)j->iodepth));
		json_object_set_new(o, "numjobs", json_integer((json_int_t)j->numjobs));
		json_object_set_new(o, "ioengine", str_or_null(j->ioengine));
		json_array_append_new(a, o);
	}
	return a;
}

const char ps_csv_header[] = "files,hosts,groups,jobs,rw,bs,iodepth,numjobs,ioengine";

/* What one column shows of job @j, into @buf. */
static void field(char *buf, size_t len, const struct pt_set *pts, const struct fj_job *j, int col)
{
	switch (col) {
	case 0:
		snprintf(buf, len, "%s", file_of(pts->in, j));
		break;
	case 1:
		snprintf(buf, len, "%s", j->host ? j->host : "");
		break;
	case 2:
		snprintf(buf, len, "%d", j->groupid);
		break;
	case 3:
		snprintf(buf, len, "%s", j->name);
		break;
	case 4:
		snprintf(buf, len, "%s", j->rw ? j->rw : "");
		break;
	case 5:
		bs_text(buf, len, j);
		break;
	case 6:
		snprintf(buf, len, "%llu", (unsigned long long)j->iodepth);
		break;
	case 7:
		snprintf(buf, len, "%llu", (unsigned long long)j->numjobs);
		break;
	default:
		snprintf(buf, len, "%s", j->ioengine ? j->ioengine : "");
	}
}

/*
 * One cell: the column's value for each job, in job order, ';'-joined
 * (the k-th value of every column is the k-th job's), quoted as CSV wants.
 */
static void cell(FILE *f, const struct pt_set *pts, const struct pt_point *p, int col)
{
	size_t k;

	fputs(",\"", f);
	for (k = 0; pts->in && k < p->nsrcs; k++) {
		char v[512];
		const char *c;

		field(v, sizeof(v), pts, &pts->in->jobs[p->srcs[k]], col);
		if (k)
			fputc(';', f);
		for (c = v; *c; c++) {
			if (*c == '"')
				fputc('"', f);
			fputc(*c, f);
		}
	}
	fputc('"', f);
}

void ps_csv(FILE *f, const struct pt_set *pts, const struct pt_point *p)
{
	int col;

	for (col = 0; col < 9; col++)
		cell(f, pts, p, col);
}

void ps_trace(FILE *f, const struct pt_set *pts, const struct pt_point *p)
{
	size_t k;

	if (pts->exact || !pts->in || !p->nsrcs)
		return;
	fputs("Jobs:", f);
	for (k = 0; k < p->nsrcs; k++) {
		const struct fj_job *j = &pts->in->jobs[p->srcs[k]];

		fprintf(f, "%s %s (%s%s%s, group %d)", k ? "," : "", j->name, file_of(pts->in, j),
			j->host ? ", host " : "", j->host ? j->host : "", j->groupid);
	}
	fputc('\n', f);
}
