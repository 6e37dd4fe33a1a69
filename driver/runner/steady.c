/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * steady.c -- fio 3.33's steady-state criterion (steadystate.c), one
 * clone's window at a time.
 *
 * The arithmetic is fio's, types included, so the same samples give the
 * same slope, deviation and verdict: the rolling sums are unsigned
 * 64-bit; the slope is the least-squares one with x = 0 .. dur-1 (fio
 * takes the samples as evenly spaced); its percentage divides by the
 * window's mean in whole units (sum_y / dur, an integer division), the
 * deviation's by the exact mean; a slope is judged by its absolute
 * value, a deviation (never negative) as it is.
 */
#include "steady.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int ss_init(struct rn_ss *ss, unsigned int crit, double limit, uint64_t dur_us,
	    uint64_t ramp_us)
{
	memset(ss, 0, sizeof(*ss));
	if (!dur_us)
		return 0;
	/* fio: o->ss_dur /= 1000000L, whole seconds. */
	ss->dur = dur_us / 1000000;
	ss->limit = limit;
	ss->ramp_time = ramp_us;
	ss->state = crit;
	if (!ss->ramp_time)
		ss->state |= RN_SS_RAMP_OVER;
	ss->sum_x = ss->dur * (ss->dur - 1) / 2;
	ss->sum_x_sq = (ss->dur - 1) * ss->dur * (2 * ss->dur - 1) / 6;
	if (!ss->dur)
		return 0;
	/* steadystate_alloc(): every clone keeps its own (no group_reporting). */
	ss->bw_data = calloc(ss->dur, sizeof(uint64_t));
	ss->iops_data = calloc(ss->dur, sizeof(uint64_t));
	if (!ss->bw_data || !ss->iops_data) {
		ss_free(ss);
		return -ENOMEM;
	}
	ss->state |= RN_SS_DATA;
	return 0;
}

void ss_free(struct rn_ss *ss)
{
	free(ss->iops_data);
	free(ss->bw_data);
	ss->iops_data = NULL;
	ss->bw_data = NULL;
}

/* The measure the criterion is on: IOPS or bandwidth. */
static uint64_t y_at(const struct rn_ss *ss, uint64_t k)
{
	return ss->state & JP_SS_IOPS ? ss->iops_data[k] : ss->bw_data[k];
}

/* The sample is kept: the window moves on (fio's end of both criteria). */
static bool advance(struct rn_ss *ss)
{
	ss->tail = (unsigned int)((ss->tail + 1) % ss->dur);
	if (ss->tail <= ss->head)
		ss->head = (unsigned int)((ss->head + 1) % ss->dur);
	return false;
}

/* steadystate_slope() */
static bool slope(struct rn_ss *ss, uint64_t iops, uint64_t bw)
{
	uint64_t new_val, i;
	double result;

	ss->bw_data[ss->tail] = bw;
	ss->iops_data[ss->tail] = iops;
	new_val = ss->state & JP_SS_IOPS ? iops : bw;
	if (!(ss->state & RN_SS_BUFFER_FULL) && ss->tail - ss->head != ss->dur - 1)
		return advance(ss);
	if (!(ss->state & RN_SS_BUFFER_FULL)) {
		/* first time through */
		for (i = 0, ss->sum_y = 0; i < ss->dur; i++) {
			ss->sum_y += y_at(ss, i);
			ss->sum_xy += i * y_at(ss, (ss->head + i) % ss->dur);
		}
		ss->state |= RN_SS_BUFFER_FULL;
	} else {
		/* the oldest sample leaves, every x drops by one, the new one is x = dur-1 */
		ss->sum_y -= ss->oldest_y;
		ss->sum_y += new_val;
		ss->sum_xy = ss->sum_xy - ss->sum_y + ss->dur * new_val;
	}
	ss->oldest_y = y_at(ss, ss->head);
	/*
	 * (sum_xy - sum_x * sum_y / n) / (sum_(x^2) - (sum_x)^2 / n), as
	 * fio writes it (with dur 1 it is 0/0: never attained).
	 */
	ss->slope = (ss->sum_xy - (double)ss->sum_x * ss->sum_y / ss->dur) /
		(ss->sum_x_sq - (double)ss->sum_x * ss->sum_x / ss->dur);
	if (ss->state & JP_SS_PCT)
		ss->criterion = 100.0 * ss->slope / (ss->sum_y / ss->dur);
	else
		ss->criterion = ss->slope;
	result = ss->criterion * (ss->criterion < 0.0 ? -1.0 : 1.0);
	if (result < ss->limit)
		return true;
	return advance(ss);
}

/* steadystate_deviation() */
static bool deviation(struct rn_ss *ss, uint64_t iops, uint64_t bw)
{
	uint64_t i;
	double diff, mean;

	ss->bw_data[ss->tail] = bw;
	ss->iops_data[ss->tail] = iops;
	if (!(ss->state & RN_SS_BUFFER_FULL) && ss->tail - ss->head != ss->dur - 1)
		return advance(ss);
	if (!(ss->state & RN_SS_BUFFER_FULL)) {
		/* first time through */
		for (i = 0, ss->sum_y = 0; i < ss->dur; i++)
			ss->sum_y += y_at(ss, i);
		ss->state |= RN_SS_BUFFER_FULL;
	} else {
		ss->sum_y -= ss->oldest_y;
		ss->sum_y += y_at(ss, ss->tail);
	}
	ss->oldest_y = y_at(ss, ss->head);
	mean = (double)ss->sum_y / ss->dur;
	ss->deviation = 0.0;
	for (i = 0; i < ss->dur; i++) {
		diff = y_at(ss, i) - mean;
		diff *= diff < 0.0 ? -1.0 : 1.0;
		if (diff > ss->deviation)
			ss->deviation = diff;
	}
	if (ss->state & JP_SS_PCT)
		ss->criterion = 100.0 * ss->deviation / mean;
	else
		ss->criterion = ss->deviation;
	if (ss->criterion < ss->limit)
		return true;
	return advance(ss);
}

bool ss_add(struct rn_ss *ss, uint64_t iops, uint64_t bw)
{
	if (!ss->dur)
		return false;
	if (ss->state & JP_SS_SLOPE)
		return slope(ss, iops, bw);
	return deviation(ss, iops, bw);
}

bool ss_check(struct rn_ss *ss, uint64_t epoch, uint64_t now, uint64_t ios,
	      uint64_t bytes)
{
	uint64_t rate_ms, iops = 0, bw = 0;
	bool over;

	if (!ss->dur || !ss->state || ss->state & RN_SS_ATTAINED)
		return false;
	/* Samples begin one second after the ramp (utime_since(epoch, now)). */
	if (ss->ramp_time && !(ss->state & RN_SS_RAMP_OVER) &&
	    (now > epoch ? (now - epoch) / 1000 : 0) >= ss->ramp_time + 1000000)
		ss->state |= RN_SS_RAMP_OVER;
	/* mtime_since(prev_time, now): whole milliseconds. */
	rate_ms = now > ss->prev_time ? (now - ss->prev_time) / 1000000 : 0;
	ss->prev_time = now;
	over = ss->state & RN_SS_RAMP_OVER;
	if (over) {
		/*
		 * fio divides by 0 (SIGFPE) when a check comes within 1 ms of
		 * the last or of the start; the runner takes 1 ms.
		 */
		if (!rate_ms)
			rate_ms = 1;
		bw = 1000 * (bytes - ss->prev_bytes) / rate_ms;
		iops = 1000 * (ios - ss->prev_iops) / rate_ms;
	}
	ss->prev_iops = ios;
	ss->prev_bytes = bytes;
	if (!over || !ss_add(ss, iops, bw))
		return false;
	ss->state |= RN_SS_ATTAINED;
	return true;
}

uint64_t ss_bw_mean(const struct rn_ss *ss)
{
	uint64_t i, sum = 0;

	if (!ss->dur)
		return 0;
	for (i = 0; i < ss->dur; i++)
		sum += ss->bw_data[i];
	return sum / ss->dur;
}

uint64_t ss_iops_mean(const struct rn_ss *ss)
{
	uint64_t i, sum = 0;

	if (!ss->dur)
		return 0;
	for (i = 0; i < ss->dur; i++)
		sum += ss->iops_data[i];
	return sum / ss->dur;
}

void ss_window(const struct rn_ss *ss, uint64_t *iops, uint64_t *bw)
{
	uint64_t j, l, k;

	if (!ss->dur)
		return;
	/*
	 * stat.c: when attained, or not yet full, head is the oldest sample;
	 * after a full window's miss it is the second oldest.
	 */
	if ((ss->state & RN_SS_ATTAINED) || !(ss->state & RN_SS_BUFFER_FULL))
		j = ss->head;
	else
		j = ss->head == 0 ? ss->dur - 1 : ss->head - 1;
	for (l = 0; l < ss->dur; l++) {
		k = (j + l) % ss->dur;
		iops[l] = ss->iops_data[k];
		bw[l] = ss->bw_data[k];
	}
}

void ss_name(const struct rn_ss *ss, char *buf, size_t len)
{
	snprintf(buf, len, "%s%s:%f%s", ss->state & JP_SS_IOPS ? "iops" : "bw",
		 ss->state & JP_SS_SLOPE ? "_slope" : "", (float)ss->limit,
		 ss->state & JP_SS_PCT ? "%" : "");
}

void ss_criterion_name(const struct rn_ss *ss, char *buf, size_t len)
{
	snprintf(buf, len, "%f%s", (float)ss->criterion, ss->state & JP_SS_PCT ? "%" : "");
}
