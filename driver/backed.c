// SPDX-License-Identifier: GPL-2.0-only
/*
 * backed.c -- every LUN is read from its device: -prefill, and the
 * refusal of a sparse or preallocated file LUN (see backed.h).
 */
#include "backed.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "lunsafe.h"

static void prefill_progress(const char *path, unsigned long long done,
			     unsigned long long total)
{
	if (fr_quiet())
		return;
	fprintf(stderr, "%sfiorion: -prefill '%s': %llu of %llu MiB%s", isatty(2) ? "\r\033[K" : "",
		path, done >> 20, total >> 20, isatty(2) && done < total ? "" : "\n");
}

/*
 * Every LUN must be read from its device: a sparse or preallocated file
 * returns zeros from the page cache without touching it. -prefill writes
 * over each file LUN first (a device only with -force_write, and never
 * a mounted or held one); else such a LUN is refused, or, when every
 * point only writes (which allocates), named in a warning.
 */
void backed_luns(const struct vvol *vv, const struct opts *o)
{
	struct fr_err err = { "" };
	unsigned int i;

	for (i = 0; i < vv->nluns; i++) {
		const struct vvol_lun *l = &vv->luns[i];
		char what[256];
		int n;

		if (o->prefill && (!l->is_bdev || o->force_write)) {
			if (lun_check_writable(l->path, o->force_write, &err))
				die_safety("%s", err.msg);
			if (lun_prefill(l->path, prefill_progress, &err))
				die_run("%s", err.msg);
		}
		/* backend=null reads nothing: a sparse file is a model device's volume. */
		if (o->backend == BK_NULL)
			continue;
		n = lun_unbacked(l->path, what, sizeof(what));
		if (n < 0)
			die_run("LUN '%s': cannot map its extents: %s", l->path, strerror(-n));
		if (!n)
			continue;
		if (o->ri.write_pct == 100)
			fprintf(stderr, "fiorion: warning: LUN '%s' is %s; the write points allocate it as they go, and their numbers include that\n",
				l->path, what);
		else
			die_usage("LUN '%s' is %s: reads of it never reach the device, so the numbers would be the page cache's. Fill it first: -prefill (writes incompressible data over each file LUN), or dd if=/dev/urandom of='%s' bs=1M count=%llu conv=notrunc",
				  l->path, what, l->path, (unsigned long long)((l->size + (1u << 20) - 1) >> 20));
	}
}
