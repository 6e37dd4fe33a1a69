// SPDX-License-Identifier: GPL-2.0-only
/*
 * curve_out.c -- an open-loop curve's files (see curve.h): the rows of
 * <testname>.curve.csv, the summary's lines and -format json's object.
 */
#include "curve.h"

#include <limits.h>
#include <math.h>
#include <string.h>

#include "fileset.h"

const char cv_csv_header[] =
	"target_pct,target_iops,achieved_iops,held,response_mean_ms,response_p50_ms,"
	"response_p99_ms,response_p999_ms,service_mean_ms,service_p99_ms,outstanding_mean,"
	"depth_cap,slot_waits,arrival,note";

#define NO_RESPONSE "no response time: stock fio measures service time only"

/* ",%.4f" of @ns in ms, or "," when unknown. */
static void cell_ms(FILE *f, double ns)
{
	if (isfinite(ns) && ns >= 0)
		fprintf(f, ",%.4f", ns / 1e6);
	else
		fputc(',', f);
}

void cv_csv(FILE *f, const struct cv_curve *c)
{
	size_t i;

	fprintf(f, "%s\n", cv_csv_header);
	for (i = 0; i < c->n; i++) {
		const struct cv_point *p = &c->pts[i];
		const struct cv_lat *r = &p->rsp;

		fprintf(f, "%g,%.0f,%.1f,%s", p->pct, p->target, p->achieved,
			p->held ? "yes" : "no");
		cell_ms(f, r->present ? r->mean : -1);
		cell_ms(f, r->present ? r->p50 : -1);
		cell_ms(f, r->present ? r->p99 : -1);
		cell_ms(f, r->present ? r->p999 : -1);
		cell_ms(f, p->svc.present ? p->svc.mean : -1);
		cell_ms(f, p->svc.present ? p->svc.p99 : -1);
		if (p->outstanding >= 0)
			fprintf(f, ",%.2f", p->outstanding);
		else
			fputc(',', f);
		fprintf(f, ",%u,", p->depth_cap);
		if (p->slot_waits >= 0)
			fprintf(f, "%lld", (long long)p->slot_waits);
		fprintf(f, ",%s,%s%s%s\n", p->arrival, r->present ? "" : NO_RESPONSE,
			!p->held && !r->present ? "; " : "", p->held ? "" : "rate not held");
	}
}

/* "WHAT 0.41 ms", or "WHAT 410.00 usecs" where ORION's layout gives usecs (11.2 on). */
static void lat(FILE *f, const char *what, double ns, bool usecs)
{
	fprintf(f, "%s %.2f %s", what, usecs ? ns / 1e3 : ns / 1e6, usecs ? "usecs" : "ms");
}

/* ", p99 1.90 ms" when known. */
static void p99(FILE *f, double ns, bool usecs)
{
	if (ns >= 0)
		lat(f, ", p99", ns, usecs);
}

/*
 * The cap on outstanding I/Os reached: I/Os waited for a slot (the
 * runner's count), or, where nobody counted (stock fio), the mean
 * outstanding by Little's law within 10 % of the cap.
 */
static void cap_line(FILE *f, const struct cv_point *p)
{
	if (p->slot_waits > 0)
		fprintf(f, "Depth cap %u reached at %g %% of max: %lld I/Os waited for a free slot\n",
			p->depth_cap, p->pct, (long long)p->slot_waits);
	else if (p->slot_waits < 0 && p->depth_cap && p->outstanding >= 0.9 * p->depth_cap)
		fprintf(f, "Depth cap %u (nearly) reached at %g %% of max: %.1f I/Os outstanding on average\n",
			p->depth_cap, p->pct, p->outstanding);
}

void cv_summary(FILE *f, const struct cv_curve *c, bool usecs)
{
	size_t i, held = 0;

	if (!c->n)
		return;
	for (i = 0; i < c->n; i++)
		held += c->pts[i].held;
	fprintf(f, "Open-loop curve (-run curve): %s arrivals, %zu point%s measured, %zu held its rate; max %.0f IOPS\n",
		c->pts[0].arrival, c->n, c->n == 1 ? "" : "s", held, c->pts[0].max_iops);
	for (i = 0; i < c->n; i++) {
		const struct cv_point *p = &c->pts[i];

		if (!p->held) {
			fprintf(f, "Not held at %g %% of max (%.0f IOPS): %.0f IOPS achieved; not an answer\n",
				p->pct, p->target, p->achieved);
			continue;
		}
		fprintf(f, "Latency at %g %% of max (%.0f IOPS): ", p->pct, p->target);
		if (p->rsp.present) {
			lat(f, "response mean", p->rsp.mean, usecs);
			p99(f, p->rsp.p99, usecs);
			lat(f, "; service mean", p->svc.mean, usecs);
		} else {
			lat(f, "response not measured; service mean", p->svc.mean, usecs);
			p99(f, p->svc.p99, usecs);
		}
		fprintf(f, "%s\n", p->over ? " (over -max_latency)" : "");
	}
	for (i = 0; i < c->n; i++)
		cap_line(f, &c->pts[i]);
	if (c->stop[0])
		fprintf(f, "%s\n", c->stop);
	if (!c->response)
		fputs("Response time not measured: stock fio gives service time only (from each I/O's submission); the built-in runner adds response time from each I/O's scheduled arrival\n",
		      f);
}

bool cv_alone(const struct cv_curve *c, size_t npoints)
{
	return c && c->n && !npoints;
}

void cv_alone_note(char *buf, size_t len, const char *outdir, const char *testname, bool dated,
		   time_t t, bool report)
{
	char dir[PATH_MAX] = "", cv[PATH_MAX + 256], html[PATH_MAX + 256];
	size_t n = 0;

	/* Named as or_write_all() writes them: an absolute testname is the whole path. */
	if (testname[0] != '/')
		n = (size_t)snprintf(dir, sizeof(dir), "%s/", outdir && *outdir ? outdir : ".");
	if (n >= sizeof(dir))
		n = sizeof(dir) - 1;
	snprintf(cv, sizeof(cv), "%s", dir);
	snprintf(html, sizeof(html), "%s", dir);
	fs_file(cv + n, sizeof(cv) - n, testname, dated, t, FS_CURVE);
	fs_file(html + n, sizeof(html) - n, testname, dated, t, FS_REPORT);
	snprintf(buf, len, "ORION's files not written: the run measured no matrix point, only an open-loop curve (ORION's files hold a matrix's closed-loop points); the curve's results: %s%s%s",
		 cv, report ? ", with the report " : "", report ? html : "");
}

static json_t *ms_or_null(double ns)
{
	return isfinite(ns) && ns >= 0 ? json_real(ns / 1e6) : json_null();
}

static json_t *lat_json(const struct cv_lat *l)
{
	if (!l->present)
		return json_null();
	return json_pack("{s:o,s:o,s:o,s:o,s:I}", "mean_ms", ms_or_null(l->mean), "p50_ms",
			 ms_or_null(l->p50), "p99_ms", ms_or_null(l->p99), "p99.9_ms",
			 ms_or_null(l->p999), "ios", (json_int_t)l->n);
}

json_t *cv_json(const struct cv_curve *c)
{
	json_t *o = json_object(), *a = json_array();
	size_t i;

	for (i = 0; i < c->n; i++) {
		const struct cv_point *p = &c->pts[i];

		json_array_append_new(
			a, json_pack("{s:f,s:f,s:f,s:b,s:b,s:o,s:o,s:o,s:i,s:o,s:s}", "target_pct", p->pct, "target_iops", p->target, "achieved_iops", p->achieved, "held", p->held, "over_bound", p->over, "response", lat_json(&p->rsp), "service", lat_json(&p->svc), "outstanding_mean", p->outstanding >= 0 ? json_real(p->outstanding) : json_null(), "depth_cap", (int)p->depth_cap, "slot_waits", p->slot_waits >= 0 ? json_integer(p->slot_waits) : json_null(), "arrival", p->arrival));
	}
	json_object_set_new(o, "max_iops", json_real(c->n ? c->pts[0].max_iops : 0));
	json_object_set_new(o, "response_measured", json_boolean(c->response));
	json_object_set_new(o, "points", a);
	json_object_set_new(o, "stopped", c->stop[0] ? json_string(c->stop) : json_null());
	return o;
}
