/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * testutil.h -- scratch files for the unit tests, and counting a string
 * in text (the report tests count the SVG elements they expect).
 *
 * Description: every test works in its own directory made by mkdtemp()
 * under $TMPDIR (or /tmp) and removes it afterwards; nothing outside it
 * is ever touched.
 */
#ifndef FIORION_TESTUTIL_H
#define FIORION_TESTUTIL_H

#define _XOPEN_SOURCE_EXTENDED 1
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static inline char *tu_mkdtemp(void)
{
	const char *t = getenv("TMPDIR");
	char *p;

	if (!t || !*t)
		t = "/tmp";
	if (asprintf(&p, "%s/fiorion-test.XXXXXX", t) < 0)
		abort();
	if (!mkdtemp(p))
		abort();
	return p;
}

static inline int tu_rm_one(const char *p, const struct stat *st, int type,
			    struct FTW *f)
{
	(void)st;
	(void)type;
	(void)f;
	return remove(p);
}

static inline void tu_rmtree(char *dir)
{
	if (dir)
		nftw(dir, tu_rm_one, 16, FTW_DEPTH | FTW_PHYS);
	free(dir);
}

/* "@dir/@name", malloc'd. */
static inline char *tu_path(const char *dir, const char *name)
{
	char *p;

	if (asprintf(&p, "%s/%s", dir, name) < 0)
		abort();
	return p;
}

/*
 * The first 4095 bytes of @path as a string, in a static buffer (the next
 * call overwrites it); a file that cannot be opened aborts the test.
 */
static inline char *tu_slurp(const char *path)
{
	static char buf[4096];
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f) {
		fprintf(stderr, "tu_slurp: cannot open %s: %s\n", path, strerror(errno));
		abort();
	}
	n = fread(buf, 1, sizeof(buf) - 1, f);
	buf[n] = '\0';
	fclose(f);
	return buf;
}

/* How many times @needle occurs in @hay (overlapping occurrences too). */
static inline size_t tu_count(const char *hay, const char *needle)
{
	size_t n = 0;

	for (hay = strstr(hay, needle); hay; hay = strstr(hay + 1, needle))
		n++;
	return n;
}

/* Create @dir/@name of @size bytes; @fill >= 0 writes that byte, else sparse. */
static inline char *tu_file(const char *dir, const char *name, uint64_t size,
			    int fill)
{
	char *p = tu_path(dir, name);
	int fd = open(p, O_CREAT | O_TRUNC | O_WRONLY, 0644);

	if (fd < 0)
		abort();
	if (fill >= 0) {
		char buf[65536];
		uint64_t done = 0;

		memset(buf, fill, sizeof(buf));
		while (done < size) {
			size_t n = size - done < sizeof(buf) ? size - done : sizeof(buf);

			if (write(fd, buf, n) != (ssize_t)n)
				abort();
			done += n;
		}
	} else if (ftruncate(fd, (off_t)size) < 0) {
		abort();
	}
	close(fd);
	return p;
}

/* Create @path of @len zero bytes (a LUN, a placeholder JSON); aborts on failure. */
static inline void tu_zeros(const char *path, size_t len)
{
	FILE *f = fopen(path, "w");
	char *buf = calloc(1, len ? len : 1);

	if (!f || !buf || fwrite(buf, 1, len, f) != len || fclose(f) != 0)
		abort();
	free(buf);
}

/*
 * A seed for random test data: FIORION_TEST_SEED when set (to repeat a
 * run), else the time. Printed as a TAP comment, with how to repeat it.
 */
static inline unsigned long long tu_seed(const char *what)
{
	const char *e = getenv("FIORION_TEST_SEED");
	unsigned long long seed = e && *e ? strtoull(e, NULL, 0) : (unsigned long long)time(NULL);

	printf("# %s: seed %llu (FIORION_TEST_SEED=%llu repeats it)\n", what, seed, seed);
	fflush(stdout);
	return seed;
}

/* Write @text to @dir/@name; returns the path. */
static inline char *tu_text(const char *dir, const char *name, const char *fmt,
			    ...)
{
	char *p = tu_path(dir, name);
	FILE *f = fopen(p, "w");
	va_list ap;

	if (!f)
		abort();
	va_start(ap, fmt);
	vfprintf(f, fmt, ap);
	va_end(ap);
	fclose(f);
	return p;
}

#endif
