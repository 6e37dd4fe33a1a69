/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * locate.c -- what the points run on: the engine file fio loads (the
 * -engine given, next to this program in a build, the install folder
 * beside it, or the one compiled in) and the backend the kernel accepts
 * (io_uring, else libaio, else psync).
 */
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "locate.h"
#include "vio.h"

#ifndef ENGINE_INSTALL_DIR
#define ENGINE_INSTALL_DIR "/usr/local/lib/fio"
#endif

char *absolute(const char *p)
{
	char *r = realpath(p, NULL);

	return r ? r : strdup(p);
}

/*
 * The engine: -engine; next to this program (a build: fiorion-engine.so);
 * where make install puts it relative to this program, so a DESTDIR or
 * moved tree works (<bindir>/../lib/fio/fio-fiorion.so); the libdir
 * compiled in. @installed: only where an install puts it (the path on
 * other hosts, -clients), never this build's.
 */
char *find_engine(const char *given, bool installed)
{
	char self[PATH_MAX], *dir, *cand;
	ssize_t n;

	if (given)
		return absolute(given);
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (n > 0) {
		self[n] = '\0';
		dir = strrchr(self, '/');
		if (dir) {
			*dir = '\0';
			cand = xasprintf("%s/fiorion-engine.so", self);
			if (!installed && !access(cand, R_OK))
				return cand;
			free(cand);
			cand = xasprintf("%s/../lib/fio/" ENGINE_FILE, self);
			if (!access(cand, R_OK)) {
				char *r = absolute(cand);

				free(cand);
				return r;
			}
			free(cand);
		}
	}
	return strdup(ENGINE_INSTALL_DIR "/" ENGINE_FILE);
}

/*
 * The default backend is io_uring; when the kernel refuses it (disabled
 * by sysctl, seccomp, an old kernel), fall back to libaio, then psync,
 * with a note, rather than fail every point.
 */
enum bk_backend pick_backend(void)
{
	static const enum bk_backend order[] = { BK_IO_URING, BK_LIBAIO, BK_PSYNC };
	char eb[128];
	size_t i;

	for (i = 0; i < 3; i++) {
		int ret = vio_probe(bk_name(order[i]));

		if (!ret)
			return i ? order[i] : BK_DEFAULT;
		if (i < 2)
			fprintf(stderr, "fiorion: note: the kernel refused %s (%s); trying %s\n",
				bk_name(order[i]), fr_strerror(ret, eb, sizeof(eb)), bk_name(order[i + 1]));
	}
	return BK_PSYNC;
}
