/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * writeshare.c -- -write W on sequential streams. ORION makes each stream
 * a read stream or a write stream, so a point with L streams writes
 * round(L*W/100) of them (jf_write_streams()): -write 30 writes nothing
 * at Large=1 and half at Large=2. The trace's req w% stays -write, what
 * was asked; where a point's share is more than WS_TOLERANCE points from
 * it, the run says so once (stderr, and through run.json's warnings in
 * the summary and the trace), naming the loads and their shares.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jobfile.h"
#include "writeshare.h"

char *ws_warning(const struct mx_plan *plan, unsigned int write_pct, bool seq)
{
	char *buf = NULL, *out = NULL;
	size_t len = 0, i, k, nshown = 0, noff = 0;
	unsigned int seen[64];
	size_t nseen = 0;
	FILE *f;

	if (!seq || !write_pct || write_pct >= 100)
		return NULL;
	f = open_memstream(&buf, &len);
	if (!f)
		return NULL;
	for (i = 0; i < plan->n; i++) {
		unsigned int l = plan->pts[i].l, w;
		double share, off;

		if (!l)
			continue;
		for (k = 0; k < nseen && seen[k] != l; k++)
			;
		if (k < nseen)
			continue;
		if (nseen < sizeof(seen) / sizeof(seen[0]))
			seen[nseen++] = l;
		w = jf_write_streams(l, write_pct);
		share = 100.0 * w / l;
		off = share - write_pct;
		if (off <= WS_TOLERANCE && off >= -WS_TOLERANCE)
			continue;
		noff++;
		if (nshown++ < 8)
			fprintf(f, "%sLarge=%u writes %u of %u stream%s (%.0f %%)", nshown > 1 ? ", " : "",
				l, w, l, l == 1 ? "" : "s", share);
	}
	if (nshown > 8)
		fprintf(f, " and %zu more", noff - 8);
	if (fclose(f) || !noff) {
		free(buf);
		return NULL;
	}
	if (asprintf(&out, "-write %u with -type seq: each large stream reads or writes, so a point writes round(streams x %u %%) of its streams and its write share is not -write: %s, more than %d points from %u %% (the trace's req w%% is -write)",
		     write_pct, write_pct, buf, WS_TOLERANCE, write_pct) < 0)
		out = NULL;
	free(buf);
	return out;
}
