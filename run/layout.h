/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * layout.h -- ORION's releases and the files each writes (-compat, and
 * run.json's "compat"): the one table of them, with nothing below it, so
 * that the run model (runinfo.h) holds a run's layout as a value.
 */
#ifndef FIORION_LAYOUT_H
#define FIORION_LAYOUT_H

#include <stdbool.h>
#include <stddef.h>

/*
 * ORION's releases write different files (orion.md 2.6, 3.1-3.4); each
 * -compat names one, and struct or_layout says what it changes.
 */
enum or_compat {
	OR_COMPAT_UNKNOWN = 0, /* a run that did not record it (run.json without "compat"); or_layout() gives 10.2's */
	OR_COMPAT_102,	       /* 10.2: plain names, ms, _tradeoff.csv */
	OR_COMPAT_19C,	       /* 12.2 and 19c */
	OR_COMPAT_111,	       /* 11.1: dated names, still ms */
	OR_COMPAT_112,	       /* 11.2: "Calibration ...", usecs, two decimals */
	OR_COMPAT_121,	       /* 12.1: + integer latency lines, _hist.txt */
	OR_COMPAT_122,	       /* 12.2: as 19c */
};

struct or_layout {
	const char *name; /* as -compat spells it */
	bool dated;	  /* names <T>_<YYYYMMDD>_<HHMM>_... (11.1+) */
	bool usecs;	  /* latency in us (11.2+), else ms */
	int lat_decimals; /* 2, or 3 (12.2+) */
	int lat_lines;	  /* Small Read/Write Latency lines: 0 none,
				 * 1 whole us (12.1), 3 three decimals (12.2+) */
	bool hist;	  /* _hist.txt and the summary histogram (12.1+) */
	bool tradeoff;	  /* _tradeoff.csv (10.2 only) */
	bool calibration; /* "Calibration will take ..." (11.2+) */
	/*
	 * The screen (orion.md 3.3): 12.2 lists the LUNs on stdout in its one
	 * sample run with -num_disks, not in its three without; 19c never
	 * (nor does it print 12.2's files-found line) but says "Setting
	 * ftype=0" before the run, and its result block on stdout ends with
	 * the histogram, which no 12.2 screen shows.
	 */
	bool luns_stdout; /* Name:/Size:, "N files found." after -num_disks (12.2) */
	bool ftype_line;  /* "Setting ftype=0" after the banner (19c) */
	bool screen_hist; /* the histogram in the screen's result block (19c) */
};

const struct or_layout *or_layout(enum or_compat c);

/* As -compat spells @c ("10.2" .. "19c"); NULL for OR_COMPAT_UNKNOWN. */
const char *or_compat_name(enum or_compat c);

/*
 * A release -> @c: a layout's name ("10.2" .. "19c") or the release as
 * DBAs and ORION's banner write it: "11.2.0.4", "12.1.0.2", "19", "19.3",
 * "10.2.0.1.0", "10g", "18c" (12.2's layout, as 18c is 12.2.0.2).
 * -EAGAIN for a name of two releases ("11g", "12c"), -EINVAL otherwise;
 * or_compat_take() says which in one line.
 */
int or_compat_parse(const char *s, enum or_compat *c);

/*
 * @v (as or_compat_parse() reads it) into *@c, or exit 2 with one line:
 * @name and @v ("-compat '11g'", "FIORION_COMPAT='11g'"), why it was
 * refused ("11g is 11.1 or 11.2 ..."), then @note.
 */
void or_compat_take(const char *name, const char *v, const char *note, enum or_compat *c);

/* For messages: "10.2, 11.1, 11.2, 12.1, 12.2 or 19c". */
#define OR_COMPAT_NAMES "10.2, 11.1, 11.2, 12.1, 12.2 or 19c"

#endif
