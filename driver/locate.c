/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * locate.c -- what the points run on: the engine file fio loads (the
 * -engine given, next to this program in a build, the install folder
 * beside it, or the one compiled in), the version such a file carries,
 * and the backend the kernel accepts (io_uring, else libaio, else psync).
 */
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "locate.h"
#include "version.h"
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
enum bk_backend pick_backend(struct ri_run *ri)
{
	static const enum bk_backend order[] = { BK_IO_URING, BK_LIBAIO, BK_PSYNC };
	char eb[128], note[512] = "";
	size_t i, n = 0;

	for (i = 0; i < 3; i++) {
		int ret = vio_probe(bk_name(order[i]));

		if (!ret)
			break;
		fr_strerror(ret, eb, sizeof(eb));
		if (i < 2)
			fr_note("the kernel refused %s (%s); trying %s", bk_name(order[i]), eb,
				bk_name(order[i + 1]));
		/* run.json says why as the screen did: each refusal, in order. */
		if (n < sizeof(note))
			n += (size_t)snprintf(note + n, sizeof(note) - n, "%sthe kernel refused %s (%s)",
					      n ? "; " : "", bk_name(order[i]), eb);
	}
	if (!i)
		return BK_DEFAULT;
	ri->backend_asked = xasprintf("%s", bk_name(order[0]));
	ri->backend_note = xasprintf("%s", note);
	return i < 3 ? order[i] : BK_PSYNC;
}

void engine_file_version(const char *path, char *buf, size_t len)
{
	const size_t plen = strlen(FIORION_ENGINE_IDENT);
	const char *at = NULL, *end;
	struct stat st;
	void *map = MAP_FAILED;
	size_t n = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	buf[0] = '\0';
	if (fd >= 0 && !fstat(fd, &st) && S_ISREG(st.st_mode) && st.st_size > 0)
		map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
	if (fd >= 0)
		close(fd);
	if (map == MAP_FAILED)
		return;
	end = (const char *)map + st.st_size;
	at = memmem(map, (size_t)st.st_size, FIORION_ENGINE_IDENT, plen);
	/* The version: printable characters up to the mark's string's end. */
	for (at = at ? at + plen : end; at + n < end && n + 1 < len && at[n] > ' ' && at[n] < 127; n++)
		buf[n] = at[n];
	buf[at + n < end && !at[n] ? n : 0] = '\0';
	munmap(map, (size_t)st.st_size);
}
