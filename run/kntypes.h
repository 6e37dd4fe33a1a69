/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * kntypes.h -- a ladder's knee as a value (knee.h finds it, runinfo.h
 * keeps a run's in run.json): its own header so that the run model can
 * hold knees without the knee finder's dependencies (points.h), and
 * run.json's words for why a ladder's knee is where it is (kntypes.c).
 */
#ifndef FIORION_KNTYPES_H
#define FIORION_KNTYPES_H

#include <stdbool.h>

enum kn_why {
	KN_OPEN = 0, /* the ladder ended before any knee */
	KN_LATENCY,  /* the next load's latency crossed the bound */
	KN_FLAT,     /* the next load raised IOPS/MBPS by less than 5 % a doubling */
	KN_OVER,     /* even the first load is over the bound: no knee */
};

struct kn_knee {
	/*
	 * A row: small loads at Large=fixed (small IOPS, small latency);
	 * else a column: large loads at Small=fixed (large MBPS, large latency).
	 */
	bool small;
	unsigned int fixed; /* the other load */
	long knee;	    /* index of the knee in the ladder's steps, -1 none */
	unsigned int load;  /* the knee's load (S for rows, L for columns); 0 when none */
	enum kn_why why;
	double value, lat_ms;	/* at the knee */
	unsigned int next_load; /* the step after the knee (0: none) */
	double next_value, next_lat_ms;
	unsigned int nsteps; /* points in the ladder */
	/*
	 * The evidence (seed 004: raise the load until latency *consistently*
	 * exceeds the bound): a crossing or a flat step is a knee only when
	 * the load after it says the same (confirm_load); at the ladder's end
	 * it cannot be, and confirmed stays false. noise_load: the first load
	 * whose figure crossed or flattened but whose interval did not say so,
	 * or that the next load did not confirm: the ladder went on (0: none).
	 */
	bool confirmed;
	unsigned int confirm_load;
	unsigned int noise_load;
	bool noise_interval; /* noise_load's interval said noise (else: not confirmed) */
	double next_lat2_ms; /* the step after the knee, second bound's statistic */
};

/* run.json's word for @w: "open", "latency", "flat" or "over". */
const char *kn_why_name(enum kn_why w);

/* The enum for run.json's word @s (kn_why_name()'s); false when it is none of them. */
bool kn_why_parse(const char *s, enum kn_why *w);

#endif
