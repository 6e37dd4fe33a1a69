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

bool fr_sysblock_queue(dev_t dev, const char *attr, unsigned long long *val)
{
	static const char *const where[] = { "queue", "../queue" };
	char p[128];
	unsigned int i;
	FILE *f;
	int n;

	if (!major(dev))
		return false;
	for (i = 0; i < 2; i++) {
		snprintf(p, sizeof(p), "/sys/dev/block/%u:%u/%s/%s", major(dev), minor(dev),
			 where[i], attr);
		f = fopen(p, "re");
		if (!f)
			continue;
		n = fscanf(f, "%llu", val);
		fclose(f);
		return n == 1;
	}
	return false;
}
