/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * conv_fixture.h -- what the converter's unit tests share: a fio JSON
 * document made of job objects (and a run.json "fiorion" object), read
 * with fiojson.h and turned into points with points.h, failing the test
 * with the converter's own message when either refuses it. Include after
 * cmocka.h.
 */
#ifndef FIORION_TESTS_CONV_FIXTURE_H
#define FIORION_TESTS_CONV_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fiojson.h"
#include "points.h"

/*
 * A fio JSON document, malloc()ed: the "fiorion" object @run (its text
 * with braces, or NULL for none), then @n entries @items (each freed)
 * in the array @key: "jobs", or "client_stats" for client/server results.
 */
static inline char *cf_doc(const char *key, char **items, int n, const char *run)
{
	size_t len = 64 + strlen(key) + (run ? strlen(run) : 0);
	char *doc;
	int i;

	for (i = 0; i < n; i++)
		len += strlen(items[i]) + 2;
	doc = calloc(1, len);
	if (!doc)
		abort();
	strcpy(doc, "{");
	if (run) {
		strcat(doc, "\"fiorion\": ");
		strcat(doc, run);
		strcat(doc, ", ");
	}
	strcat(doc, "\"");
	strcat(doc, key);
	strcat(doc, "\": [");
	for (i = 0; i < n; i++) {
		strcat(doc, items[i]);
		if (i + 1 < n)
			strcat(doc, ",");
		free(items[i]);
	}
	strcat(doc, "]}");
	return doc;
}

/* Read @doc (freed) into @set, as the file @name. */
static inline void cf_read(struct fj_set *set, const char *name, char *doc)
{
	struct fr_err err = { "" };

	memset(set, 0, sizeof(*set));
	if (fj_read_buffer(set, name, doc, strlen(doc), &err))
		fail_msg("%s", err.msg);
	free(doc);
}

/* The points of @set with pt_opts_init()'s defaults, then @merge and @host. */
static inline void cf_points(struct pt_set *pts, const struct fj_set *set,
			     enum pt_merge merge, const char *host)
{
	struct fr_err err = { "" };
	struct pt_opts po;

	pt_opts_init(&po);
	po.merge = merge;
	po.host = host;
	if (pt_build(pts, set, &po, &err))
		fail_msg("%s", err.msg);
}

/* @n jobs (freed) and run.json's object @run (or NULL) into @set and @pts. */
static inline void cf_build(struct fj_set *set, struct pt_set *pts, char **jobs, int n,
			    const char *run, enum pt_merge merge)
{
	cf_read(set, "t.json", cf_doc("jobs", jobs, n, run));
	cf_points(pts, set, merge, NULL);
}

/*
 * A job object, malloc()ed, for the time-series tests (test_tslog,
 * test_html_series): job @name (a point's job name) on @host (NULL for
 * none), iodepth 4, bs 8k, @rw, @more job options (NULL, or e.g.
 * "\"log_avg_msec\": \"500\", "), 1000 reads of 8 KiB in 3 s, no writes.
 */
static inline char *cf_ts_job_opts(const char *name, const char *host, const char *rw,
				   const char *more)
{
	char *s;

	if (asprintf(&s,
		     "{\"jobname\": \"%s\", \"groupid\": 0, \"error\": 0,%s%s%s "
		     "\"job options\": {%s\"iodepth\": \"4\", \"bs\": \"8k\", \"rw\": \"%s\"}, "
		     "\"read\": {\"io_bytes\": 8192000, \"runtime\": 3000, \"total_ios\": 1000, \"iops\": 0, "
		     "\"lat_ns\": {\"min\": 1, \"max\": 9, \"mean\": 5, \"stddev\": 0, \"N\": 1000}}, "
		     "\"write\": {\"io_bytes\": 0, \"runtime\": 0, \"total_ios\": 0, \"iops\": 0}}",
		     name, host ? " \"hostname\": \"" : "", host ? host : "", host ? "\"," : "",
		     more ? more : "", rw) < 0)
		abort();
	return s;
}

/* cf_ts_job_opts() without more options. */
static inline char *cf_ts_job(const char *name, const char *host, const char *rw)
{
	return cf_ts_job_opts(name, host, rw, NULL);
}

#endif
