/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fr_describe.c -- the engine's describe=1 lines read (fr_describe.h).
 */
#include "fr_describe.h"

#include <stdio.h>
#include <string.h>

enum fr_desc_kind fr_desc_parse(const char *s, struct fr_desc *d)
{
	int at = 0;

	memset(d, 0, sizeof(*d));
	if (sscanf(s, "fio %63s engine %63s volume %llu align %u luns %u", d->fio, d->engine,
		   &d->size, &d->align, &d->nluns) == 5)
		return d->kind = FR_DESC_VOLUME;
	if (sscanf(s, "lun %u size %llu path %n", &d->lun, &d->size, &at) == 2 && at) {
		d->path = s + at;
		return d->kind = FR_DESC_LUN;
	}
	if (sscanf(s, "lun %u unbacked %255[^\n]", &d->lun, d->unbacked) == 2)
		return d->kind = FR_DESC_UNBACKED;
	/* "kernel" a word of its own: the kernel's text follows a blank. */
	at = 0;
	if (sscanf(s, "backend %31s kernel%n", d->backend, &at) == 1 && at && s[at] == ' ' &&
	    sscanf(s + at, " %255[^\n]", d->kernel) == 1)
		return d->kind = FR_DESC_HOST;
	memset(d, 0, sizeof(*d));
	return FR_DESC_NONE;
}
