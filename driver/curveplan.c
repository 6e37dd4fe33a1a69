// SPDX-License-Identifier: GPL-2.0-only
/*
 * curveplan.c -- -run curve's options and its points' job sections (see
 * curveplan.h).
 */
#include "curveplan.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "curve.h"

/*
 * Digits with at most one '.': the only percentages taken, as -max_latency's
 * numbers (strtod() would take 0x10 as 16, 1e1 as 10, a leading newline).
 */
static bool plain_pct(const char *s, size_t n)
{
	size_t i, digits = 0, dots = 0;

	for (i = 0; i < n; i++) {
		if (s[i] >= '0' && s[i] <= '9')
			digits++;
		else if (s[i] == '.')
			dots++;
		else
			return false;
	}
	return digits && dots <= 1;
}

/* Why item @p (@len bytes) of -curve @s is not a percentage. */
static int not_pct(const char *s, const char *p, size_t len, struct fr_err *err)
{
	if (!len)
		return fr_errf(err, -EINVAL, "-curve '%s': an empty item: '' is not a number (give percentages like %s)",
			       s, CP_DEFAULT_LIST);
	if (p[len - 1] == '%' && plain_pct(p, len - 1))
		return fr_errf(err, -EINVAL, "-curve '%s': write %.*s, not %.*s (the values are percentages of the maximum)",
			       s, (int)len - 1, p, (int)len, p);
	if (*p == '-' && plain_pct(p + 1, len - 1))
		return fr_errf(err, -EINVAL, "-curve '%s': %.*s %% is out of range (over 0, at most %d; over 100 is an overload)",
			       s, (int)len, p, CP_MAX_PCT);
	return fr_errf(err, -EINVAL, "-curve '%s': '%.*s' is not a number (-curve takes plain percentages: digits and at most one '.', no sign, space, hex or exponent; like %s)",
		       s, (int)len, p, CP_DEFAULT_LIST);
}

int cp_parse_list(const char *s, double *pct, size_t *n, size_t cap, struct fr_err *err)
{
	const char *p = s;
	size_t i;

	*n = 0;
	if (!*s)
		return fr_errf(err, -EINVAL, "-curve: give percentages of the maximum, e.g. %s",
			       CP_DEFAULT_LIST);
	for (;;) {
		size_t len = strcspn(p, ",");
		double v;

		if (!plain_pct(p, len))
			return not_pct(s, p, len, err);
		v = strtod(p, NULL);
		if (v <= 0 || v > CP_MAX_PCT)
			return fr_errf(err, -EINVAL, "-curve '%s': %.*s %% is out of range (over 0, at most %d; over 100 is an overload)",
				       s, (int)len, p, CP_MAX_PCT);
		if (*n == cap)
			return fr_errf(err, -EINVAL, "-curve '%s': more than %zu points", s, cap);
		for (i = 0; i < *n; i++)
			if (pct[i] == v)
				return fr_errf(err, -EINVAL, "-curve '%s': %g %% twice: give each point once",
					       s, v);
		if (*n && v < pct[*n - 1])
			return fr_errf(err, -EINVAL, "-curve '%s': %.*s %% after %g %%: the percentages must rise (the curve stops at the first point that does not hold its rate)",
				       s, (int)len, p, pct[*n - 1]);
		pct[(*n)++] = v;
		p += len;
		if (!*p)
			return 0;
		p++;
	}
}

unsigned long cp_target(double max_iops, double pct)
{
	double t = floor(max_iops * pct / 100 + 0.5);

	return t < 1 ? 1 : (unsigned long)t;
}

void cp_rates(unsigned long target, unsigned int write_pct, unsigned long rate[2])
{
	rate[0] = rate[1] = 0;
	if (write_pct == 0) {
		rate[0] = target;
	} else if (write_pct >= 100) {
		rate[1] = target;
	} else {
		rate[1] = (target * write_pct + 50) / 100;
		if (!rate[1])
			rate[1] = 1;
		rate[0] = target > rate[1] ? target - rate[1] : 1;
	}
}

unsigned long cp_share(unsigned long target, unsigned int host, unsigned int nhosts)
{
	unsigned long s;

	if (nhosts < 2)
		return target;
	s = target / nhosts + (host < target % nhosts);
	return s ? s : 1;
}

void cp_section(FILE *f, const struct cp_point *p)
{
	unsigned long rate[2];
	char name[64];

	cv_name_format(name, sizeof(name), p->num, p->pct, p->max_iops);
	cp_rates(cp_share(cp_target(p->max_iops, p->pct), p->host, p->nhosts), p->write_pct, rate);
	fprintf(f, "\n[%s]\n", name);
	if (p->write_pct == 0)
		fprintf(f, "rw=randread\n");
	else if (p->write_pct >= 100)
		fprintf(f, "rw=randwrite\n");
	else
		fprintf(f, "rw=randrw\nrwmixwrite=%u\n", p->write_pct);
	fprintf(f, "bs=%uk\niodepth=%u\nnumjobs=1\n", p->size_kb, p->depth_cap);
	/* fio's rate_iops is per clone and, with two values, per direction. */
	if (p->write_pct == 0 || p->write_pct >= 100)
		fprintf(f, "rate_iops=%lu\n", rate[0] + rate[1]);
	else
		fprintf(f, "rate_iops=%lu,%lu\n", rate[0], rate[1]);
	fprintf(f, "rate_process=%s\n", p->uniform ? "linear" : "poisson");
}

/* An option -run curve does not take, named. */
static void refuse(bool given, const char *what)
{
	if (given)
		die_usage("-run curve: not with %s", what);
}

void cp_check_opts(struct opts *o)
{
	struct ri_curve *c = &o->ri.curve;
	struct fr_err err = { "" };
	bool curve = o->have_run && o->run == MX_CURVE;

	if (!curve) {
		if (o->curve_given || o->arrival_given || c->max_iops || c->depth_cap)
			die_usage("-%s: only with -run curve",
				  o->curve_given ? "curve" : o->arrival_given ? "arrival"
					  : c->max_iops			      ? "max_iops"
									      : "depth_cap");
		return;
	}
	refuse(o->have_matrix, "-matrix (it runs the oltp ladder, then the curve)");
	refuse(o->resume, "-resume (a curve's points depend on the maximum found)");
	refuse(o->ri.repeat > 1, "-repeat");
	refuse(o->jobs_only, "-jobs_only (the points' rates follow the maximum the ladder finds)");
	refuse(o->ri.duration_auto > 0, "-duration auto (an open-loop point runs for its duration)");
	/* -arrival, -max_iops and -depth_cap are in @c already (cliopts.c). */
	if (cp_parse_list(o->curve_list, c->pct, &c->npct, RI_CURVE_MAX, &err))
		die_usage("%s", err.msg);
	o->run = MX_OLTP; /* the maximum: ORION's oltp ladder */
}
