/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * screen.c -- ORION's screen before the points run. Scripts and people
 * read it: the banner's lines are each release's own (the seeds, the
 * 11.2, 12.2 and 19c samples of orion.md), and a drop-in's error comes
 * after the banner as ORION's do. fiorion by its own name keeps its
 * errors plain (one line on stderr, nothing on stdout): its users read
 * the message, not a screen a script compares.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "fileset.h"
#include "screen.h"
#include "version.h"
#include "vvol.h"

static struct {
	bool head;     /* the banner's head is on stdout */
	char *prefix;  /* the dated layouts' prefix line, once known */
	bool prefixed; /* ... and printed */
} scr;

/* The banner's head, what of it is not on stdout yet. */
static void head(void)
{
	if (!scr.head)
		printf("ORION: ORacle IO Numbers -- Version fiorion-%s\n", FIORION_VERSION);
	scr.head = true;
	if (scr.prefix && !scr.prefixed)
		printf("%s\n", scr.prefix);
	scr.prefixed = scr.prefix != NULL;
	/* Before the error on stderr, on a terminal showing both. */
	fflush(stdout);
}

void screen_init(bool dropin)
{
	fr_cli_before_die(dropin ? head : NULL);
}

void screen_named(const char *testname, enum or_compat c, time_t start)
{
	const char *base = strrchr(testname, '/');
	char stamp[32];

	if (!or_layout(c)->dated)
		return;
	/* As the banner names it: -testname's folder is -outdir's part. */
	base = base ? base + 1 : testname;
	fs_stamp(stamp, sizeof(stamp), start);
	free(scr.prefix);
	scr.prefix = xasprintf("%s_%s", base, stamp);
}

/*
 * Total Data Points + 1 minutes at ORION's default 60 s (every real
 * sample), i.e. points x duration / 60 + 1. fiorion's own estimate, from
 * what each point really runs (warm-up included), is the ETA on the
 * progress lines.
 */
void screen_banner(const struct opts *o, const struct mx_plan *plan, const struct vvol *vv,
		   bool num_disks_given)
{
	const struct or_layout *lay = or_layout(o->ri.compat);
	long minutes = (long)plan->total * (long)o->ri.duration * (long)plan->passes / 60 + 1;
	unsigned int i;

	head();
	if (lay->calibration)
		printf("Calibration will take approximately %ld minutes.\n"
		       "Using a large value for -cache_size may take longer.\n",
		       minutes);
	else
		printf("Test will take approximately %ld minutes\n"
		       "Larger caches may take longer\n",
		       minutes);
	if (lay->luns_stdout && num_disks_given) {
		for (i = 0; i < vv->nluns; i++)
			printf("Name: %s Size: %" PRIu64 "\n", vv->luns[i].path, vv->luns[i].size);
		printf("%u files found.\n", vv->nluns);
	}
	/*
	 * Every release's screen has a blank line here (seed 002 before its
	 * errors, 11.2's, 19c's; 12.2's text glues the lines around it).
	 */
	putchar('\n');
	/*
	 * What 19c sets is not known (orion.md 8, question 6); the line is
	 * its screen's, printed for the eyes and scripts that compare one.
	 */
	if (lay->ftype_line)
		puts("Setting ftype=0");
	fflush(stdout);
}
