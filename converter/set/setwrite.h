/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * setwrite.h -- a result set written whole (the members of fileset.h's
 * table, formatted by orion_report.h and html_report.h).
 */
#ifndef FIORION_SETWRITE_H
#define FIORION_SETWRITE_H

#include <stdbool.h>

#include "fr_err.h"
#include "orion_report.h"

/* What or_write_all() did besides writing the files it always writes. */
struct or_written {
	bool hist;	     /* _hist.txt was written (19c, with bins) */
	bool report_removed; /* an earlier .report.html was removed (no OR_WRITE_HTML) */
	char removed[1024];  /* set members it removed, ", "-joined */
};

/* or_write_all()'s @flags. */
enum {
	/*
	 * Write <T>.report.html too (html_report.h): the driver always,
	 * fio2orion with -html. Without it the set has no report, and a
	 * report an earlier write left under these names is removed (it
	 * would describe another result set) and named in @w->removed.
	 */
	OR_WRITE_HTML = 1,
};

/*
 * Write every file of layout @c into @outdir (NULL = "."). The set is
 * written whole: a member this result set has none of (_tradeoff.csv
 * without a mixed point, _hist.txt without bins, .hosts.csv without
 * hosts, .report.html without OR_WRITE_HTML in @flags) that an earlier
 * write left under the same names is removed, and named in @w->removed,
 * so no file of another result set stands beside this one's. Returns 0,
 * or a negative errno with @err naming the file.
 */
int or_write_all(const struct or_params *p, const struct pt_set *pts,
		 const char *outdir, enum or_compat c, unsigned int flags,
		 struct or_written *w, struct fr_err *err);

#endif
