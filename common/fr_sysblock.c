/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fr_sysblock.c -- block devices in sysfs (see fr_sysblock.h).
 */
#include "fr_sysblock.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysmacros.h>

bool fr_sysblock_devno(const char *dir, dev_t *dev)
{
	char p[PATH_MAX];
	unsigned int maj, min;
	FILE *f;
	int n;

	if (snprintf(p, sizeof(p), "%s/dev", dir) >= (int)sizeof(p))
		return false;
	f = fopen(p, "re");
	if (!f)
		return false;
	n = fscanf(f, "%u:%u", &maj, &min);
	fclose(f);
	if (n != 2)
		return false;
	*dev = makedev(maj, min);
	return true;
}

bool fr_sysblock_dir(dev_t dev, char *out, size_t len)
{
	char link[64], real[PATH_MAX];

	snprintf(link, sizeof(link), "/sys/dev/block/%u:%u", major(dev), minor(dev));
	if (!realpath(link, real) || strlen(real) >= len)
		return false;
	memcpy(out, real, strlen(real) + 1);
	return true;
}

/* The number in /sys/dev/block/M:m/@rel; false when not there. */
static bool read_num(dev_t dev, const char *rel, unsigned long long *val)
{
	char p[160];
	FILE *f;
	int n;

	if (!major(dev))
		return false;
	snprintf(p, sizeof(p), "/sys/dev/block/%u:%u/%s", major(dev), minor(dev), rel);
	f = fopen(p, "re");
	if (!f)
		return false;
	n = fscanf(f, "%llu", val);
	fclose(f);
	return n == 1;
}

bool fr_sysblock_queue(dev_t dev, const char *attr, unsigned long long *val)
{
	char rel[96];

	snprintf(rel, sizeof(rel), "queue/%s", attr);
	if (read_num(dev, rel, val))
		return true;
	/* A partition has no queue of its own: its disk's. */
	snprintf(rel, sizeof(rel), "../queue/%s", attr);
	return read_num(dev, rel, val);
}

bool fr_sysblock_attr(dev_t dev, const char *attr, unsigned long long *val)
{
	return read_num(dev, attr, val);
}
