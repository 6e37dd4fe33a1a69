// SPDX-License-Identifier: GPL-2.0-only
/*
 * curve_html.c -- the HTML report's open-loop curve (curve.h): response
 * and service latency against the achieved IOPS of each point that held
 * its rate, the closed-loop ladder's small points drawn beside them, and
 * a table of every point.
 */
#include "curve_html.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "html_priv.h"
#include "svg.h"

/* Where the figures of the held points go (NaN: unknown, left out). */
struct cols {
	double x[CV_MAX_POINTS], rsp[CV_MAX_POINTS], rsp99[CV_MAX_POINTS];
	double svc[CV_MAX_POINTS], svc99[CV_MAX_POINTS];
	double lx[CV_MAX_POINTS], ly[CV_MAX_POINTS];
};

/* ns per latency unit of the report: 1e6 (ms) or 1e3 (us, the 11.2+ layouts). */
static double unit_ns = 1e6;

static double ms(bool present, double ns)
{
	return present && ns >= 0 ? ns / unit_ns : NAN;
}

/* The closed loop: the ladder's points with small I/O alone (large load 0). */
static size_t ladder(const struct pt_set *pts, double *x, double *y)
{
	size_t i, n = 0;

	for (i = 0; pts && i < pts->n && n < CV_MAX_POINTS; i++) {
		const struct pt_point *p = &pts->pts[i];

		if (p->l || !p->small.present)
			continue;
		x[n] = p->small.iops;
		y[n++] = p->small.lat[PT_ALL].mean / unit_ns;
	}
	return n;
}

static void table(FILE *f, const struct cv_curve *c)
{
	const char *u = unit_ns == 1e3 ? "\u00b5s" : "ms";
	size_t i;

	fprintf(f, "<table>\n<tr><th>target %%</th><th>target IOPS</th><th>achieved IOPS</th><th>held</th>"
		   "<th>response mean %s</th><th>response p99 %s</th><th>service mean %s</th>"
		   "<th>service p99 %s</th><th>mean outstanding</th></tr>\n",
		u, u, u, u);
	for (i = 0; i < c->n; i++) {
		const struct cv_point *p = &c->pts[i];
		double v[4] = { ms(p->rsp.present, p->rsp.mean), ms(p->rsp.present, p->rsp.p99),
				ms(p->svc.present, p->svc.mean), ms(p->svc.present, p->svc.p99) };
		int k;

		fprintf(f, "<tr><td>%g</td><td>%.0f</td><td>%.0f</td><td>%s</td>", p->pct, p->target,
			p->achieved, p->held ? "yes" : "no");
		for (k = 0; k < 4; k++)
			if (isfinite(v[k]))
				fprintf(f, "<td>%.3f</td>", v[k]);
			else
				fputs("<td></td>", f);
		if (p->outstanding >= 0)
			fprintf(f, "<td>%.2f</td></tr>\n", p->outstanding);
		else
			fputs("<td></td></tr>\n", f);
	}
	fputs("</table>\n", f);
}

int cv_html(FILE *f, const struct cv_curve *c, const struct pt_set *pts, bool usecs)
{
	struct cols *k = calloc(1, sizeof(*k));
	struct svg_series s[5];
	size_t i, n = 0, ns = 0, nl;
	char cap[640];
	struct svg_chart ch = { .id = "curve", .title = "Open-loop curve: latency vs achieved IOPS", .x = hr_ax_iops, .y = hr_ax_slat };

	if (!k)
		return -ENOMEM;
	unit_ns = usecs ? 1e3 : 1e6;
	if (usecs)
		ch.y.unit = "\u00b5s";
	for (i = 0; i < c->n; i++) {
		const struct cv_point *p = &c->pts[i];

		if (!p->held)
			continue; /* not an answer: in the table only */
		k->x[n] = p->achieved;
		k->rsp[n] = ms(p->rsp.present, p->rsp.mean);
		k->rsp99[n] = ms(p->rsp.present, p->rsp.p99);
		k->svc[n] = ms(p->svc.present, p->svc.mean);
		k->svc99[n++] = ms(p->svc.present, p->svc.p99);
	}
	if (c->response) {
		s[ns++] = (struct svg_series){ .name = "response mean (open loop)", .x = k->x, .y = k->rsp, .n = n };
		s[ns++] = (struct svg_series){ .name = "response p99 (open loop)", .x = k->x, .y = k->rsp99, .n = n };
	}
	s[ns++] = (struct svg_series){ .name = "service mean (open loop)", .x = k->x, .y = k->svc, .n = n };
	s[ns++] = (struct svg_series){ .name = "service p99 (open loop)", .x = k->x, .y = k->svc99, .n = n };
	nl = ladder(pts, k->lx, k->ly);
	if (nl)
		s[ns++] = (struct svg_series){ .name = "closed-loop ladder (mean)", .x = k->lx, .y = k->ly, .n = nl };
	ch.series = s;
	ch.nseries = ns;
	fputs("<h2>Open-loop curve</h2>\n", f);
	snprintf(cap, sizeof(cap), "%s%s",
		 c->response ? "Each point that held its rate: latency against the IOPS it achieved at a fixed arrival rate. Response time runs from each I/O's scheduled arrival to its completion (waits for a slot and late submissions count); service time from its submission, as fio measures it."
			     : "Each point that held its rate: service latency (from submission, as fio measures it) against the IOPS it achieved at a fixed arrival rate. Stock fio gives service time only: no response time from the scheduled arrival.",
		 nl ? " The closed-loop ladder (fixed outstanding I/Os, mean latency) is drawn beside it."
		    : " No closed-loop ladder ran (-max_iops).");
	hr_figure(f, &ch, cap);
	table(f, c);
	if (c->stop[0]) {
		fputs("<p class=\"note\">", f);
		svg_escape(f, c->stop);
		fputs(".</p>\n", f);
	}
	free(k);
	unit_ns = 1e6;
	return 0;
}
