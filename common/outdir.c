/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * outdir.c -- make the -outdir folder and its parents, as mkdir -p
 * would, before anything is written into it (or_write_all() writes into
 * a folder that exists, it makes none). When it cannot, the message
 * names the component in the way, not just the whole path.
 */
#include "outdir.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

int or_make_dir(const char *path, struct fr_err *err)
{
	char buf[PATH_MAX], eb[128];
	struct stat st;
	size_t len = strlen(path), i;

	if (!len)
		return fr_errf(err, -EINVAL, "-outdir '': give a folder");
	if (len >= sizeof(buf))
		return fr_errf(err, -ENAMETOOLONG, "-outdir '%s': the path is too long", path);
	memcpy(buf, path, len + 1);
	/* Each prefix ending before a '/', then the whole path. */
	for (i = 1; i <= len; i++) {
		if (buf[i] != '/' && buf[i] != '\0')
			continue;
		if (buf[i - 1] == '/')
			continue;
		buf[i] = '\0';
		if (mkdir(buf, 0777) < 0 && errno != EEXIST)
			return fr_errf(err, -errno, "-outdir '%s': cannot create '%s': %s", path, buf,
				       fr_strerror(-errno, eb, sizeof(eb)));
		if (stat(buf, &st) < 0)
			return fr_errf(err, -errno, "-outdir '%s': '%s': %s", path, buf,
				       fr_strerror(-errno, eb, sizeof(eb)));
		if (!S_ISDIR(st.st_mode))
			return fr_errf(err, -ENOTDIR, "-outdir '%s': '%s' exists and is not a folder",
				       path, buf);
		if (i < len)
			buf[i] = '/';
	}
	return 0;
}
