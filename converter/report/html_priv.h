/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * html_priv.h -- what the report (html_report.c) and the comparison
 * (html_compare.c) share: a point's values as the charts plot them, the
 * lines of a chart built from a set's ladders, the page around the
 * charts and the run's descriptions and table (html_run.c). Private to
 * the three; the charts' parts are html_chart.c's.
 */
#ifndef FIORION_HTML_PRIV_H
#define FIORION_HTML_PRIV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "knee.h"
#include "orion_report.h"
#include "svg.h"

/*
 * ns per latency unit of the report being written (html_chart.c): ms
 * (1e6), or us (1e3) while hr_report() writes a layout in us (11.2+:
 * 12.x, 19c). The comparison keeps ms.
 */
extern double hr_lat_ns;

/* What a line of a chart plots, of one class of a point. */
enum hr_val { V_LOAD,
	      V_IOPS,
	      V_MBPS,
	      V_LAT,
	      V_P50,
	      V_P99,
	      V_P999,
	      V_PCT }; /* the percentile struct hr_lines.pct (hr_add_ladders() only) */

/* @pt's small or large class. */
const struct pt_class *hr_cls(const struct pt_point *pt, bool small);

/* @v of @pt's small or large class: NAN when unknown (latency in ms). */
double hr_value(const struct pt_point *pt, bool small, enum hr_val v);

/*
 * The @pct-th percentile of latency (100: the maximum) of @pt's class in
 * the report's unit, as the knee rule reads it (kn_lat_ms()); NAN when
 * the input has none.
 */
double hr_pct_value(const struct pt_point *pt, bool small, double pct);

/* A latency bound's parts: its mean's ms, its percentile and that one's ms (0: none). */
struct hr_bound {
	double mean_ms, pct, pct_ms;
};

/* @b's parts, whichever order -max_latency gave them in ("2,p99:5", "p99:5,2"). */
struct hr_bound hr_bound_parts(const struct kn_bound *b);

/*
 * The bound's dashed lines on the latency chart @c: its mean's when
 * @mean, its percentile's when @pct, each where @b has one ("bound 2 ms
 * (mean)", "bound 5 ms (p99)"; @lab keeps the words).
 */
void hr_bound_lines(struct svg_chart *c, const struct kn_bound *b, bool mean, bool pct,
		    char lab[2][64]);

/*
 * The 95 % interval of @v (V_IOPS, V_MBPS or V_LAT, in ms) of @pt's
 * class in *@lo..*@hi; false when it has none (no samples, a rated job's
 * latency within the point, an unbounded side).
 */
bool hr_interval(const struct pt_point *pt, bool small, enum hr_val v, double *lo, double *hi);

/* An interval's kind as .points.csv names it: within, passes, none. */
const char *hr_iv_name(enum iv_kind k);

/* Some point of @pts has the small (or large) class. */
bool hr_has_class(const struct pt_set *pts, bool small);

/* The lines of a chart, each one series; their storage. */
struct hr_lines {
	struct svg_series *s;
	char **names;
	double **bufs;
	const char ***notes; /* each line's err_note */
	size_t n, cap;
	bool oom;
	double pct; /* V_PCT's percentile */
};

void hr_lines_release(struct hr_lines *L);

/*
 * One line per ladder of @pts: rows (@small: small loads at each large
 * load) or columns (large loads at each small load), plotting @yv
 * against @xv; names "@prefix Large=L" (or the prefix alone when there is
 * one ladder, or "@one" without a prefix). @band adds p50..p99; IOPS,
 * MBPS and latency lines carry their 95 % intervals (error bars). @run:
 * 0, or a comparison's later run k (struct svg_series.run: its dash
 * style; its k-th ladder takes the first run's colour). L->oom is set
 * when memory ran out.
 */
void hr_add_ladders(struct hr_lines *L, const struct pt_set *pts, bool small,
		    enum hr_val xv, enum hr_val yv, bool band, const char *prefix,
		    const char *one, unsigned int run);

/* The page: <head> with the inline CSS and @title, and its closing note. */
void hr_page_head(FILE *f, const char *title);
/* The same, and with @live a reload every 5 s (a run still going, fileset.h FS_STATUS). */
void hr_page_head_live(FILE *f, const char *title, bool live);
void hr_page_tail(FILE *f);

/* The chart @c in a <figure>, with @caption (or none when NULL). */
void hr_figure(FILE *f, const struct svg_chart *c, const char *caption);

/*
 * html_drift.c: the run's drift (pts->drift, issue 43) as a chart, each
 * round's factor against the seconds of measuring before it, a line at
 * 1.0, the change in its title ("Drift over the run: -19.8 %, from parts
 * 1..4 of 5 points"); nothing when the set has no drift. A step in the
 * rate (@st, limit.h; NULL: none) is a diamond where it began. 0 or
 * -ENOMEM.
 */
struct lm_step;
int hr_drift_chart(FILE *f, const struct pt_set *pts, const struct lm_step *st);

/* The axes of the charts. */
extern const struct svg_axis hr_ax_sload, hr_ax_lload, hr_ax_iops, hr_ax_mbps,
	hr_ax_slat, hr_ax_llat;

/* The run's runner, backend (fallback said), command line and start, in words. */
const char *hr_runner_text(const struct or_params *p);
/* @none: the words when the inputs name no backend. */
void hr_backend_text(char *buf, size_t len, const struct or_params *p, const char *none);
void hr_cmdline(char *buf, size_t len, const struct or_params *p);
void hr_when_text(char *buf, size_t len, int64_t t);

/* html_run.c: the run's table, and ORION's summary in a <pre>. 0 or -ENOMEM. */
int hr_run_table(FILE *f, const struct or_params *p, const struct pt_set *pts,
		 enum or_compat c);
int hr_summary_pre(FILE *f, const struct or_params *p, const struct pt_set *pts,
		   enum or_compat c);

#endif
