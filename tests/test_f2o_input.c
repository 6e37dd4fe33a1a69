/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: converter/f2o_input.c: a real fio JSON
 * (tests/data/fio-json/08-jsonplus.json) compressed by the gzip, xz and
 * zstd programs reads back byte for byte, whatever the file is named
 * (by content: "plain.json" holding gzip data; two gzip members and two
 * zstd frames concatenated give both halves); a cut or corrupt
 * compressed file is refused naming it and the codec; a FIFO is read as
 * a stream; a device is refused; a folder gives its fio JSON in name
 * order (a compressed one included), names and skips a job file and a
 * sub-folder, and a folder without fio JSON is an error.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cmocka.h>

#include "f2o_input.h"
#include "fr_file.h"
#include "testutil.h"

#define SRC "tests/data/fio-json/08-jsonplus.json"

static char *orig;
static size_t orig_len;

static int setup(void **state)
{
	struct fr_err err = { "" };

	(void)state;
	return fr_read_file(SRC, NULL, 0, 0, &orig, &orig_len, &err);
}

static int teardown(void **state)
{
	(void)state;
	free(orig);
	return 0;
}

/* "@dir/@name" in a static buffer (the next call overwrites it). */
static const char *at(const char *dir, const char *name)
{
	static char p[4096];

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	return p;
}

static bool have(const char *prog)
{
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "command -v %s >/dev/null 2>&1", prog);
	return system(cmd) == 0;
}

/* Run @fmt through sh; assert it succeeded. */
static void sh(const char *fmt, ...)
{
	char cmd[4096];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(cmd, sizeof(cmd), fmt, ap);
	va_end(ap);
	assert_int_equal(system(cmd), 0);
}

static void read_back(const char *path, const char *want, size_t want_len)
{
	struct fr_err err = { "" };
	char *buf;
	size_t len;

	if (fi_read(path, &buf, &len, &err))
		fail_msg("%s", err.msg);
	assert_int_equal(len, want_len);
	assert_memory_equal(buf, want, len);
	assert_int_equal(buf[len], '\0');
	free(buf);
}

static void test_codecs(void **state)
{
	static const char *const progs[] = { "gzip", "xz", "zstd" };
	char *dir = tu_mkdtemp(), *twice = malloc(2 * orig_len);
	struct fr_err err = { "" };
	char *buf;
	size_t k, len;

	(void)state;
	memcpy(twice, orig, orig_len);
	memcpy(twice + orig_len, orig, orig_len);
	for (k = 0; k < 3; k++) {
		if (!have(progs[k])) {
			print_message("no %s: skipped\n", progs[k]);
			continue;
		}
		/* Named plain.json: the content decides. */
		sh("%s -c < %s > %s/plain.json", progs[k], SRC, dir);
		read_back(at(dir, "plain.json"), orig, orig_len);
		sh("cat %s/plain.json %s/plain.json > %s/two", dir, dir, dir);
		if (k != 1) /* xz: one stream of two, as xz itself reads it */
			read_back(at(dir, "two"), twice, 2 * orig_len);
		/* Cut: the last 100 bytes gone. */
		sh("head -c $(( $(wc -c < %s/plain.json) - 100 )) %s/plain.json > %s/cut", dir, dir, dir);
		assert_int_equal(fi_read(at(dir, "cut"), &buf, &len, &err), -EINVAL);
		assert_non_null(strstr(err.msg, "/cut': the "));
		assert_non_null(strstr(err.msg, k == 0 ? "gzip data is" : k == 1 ? "xz data is"
										 : "zstd data is"));
		assert_null(buf);
		/* Corrupt: bytes in the middle overwritten. */
		sh("cp %s/plain.json %s/bad && printf 'XXXXXXXXXXXXXXXX' | dd of=%s/bad bs=1 seek=200 conv=notrunc 2>/dev/null",
		   dir, dir, dir);
		assert_int_equal(fi_read(at(dir, "bad"), &buf, &len, &err), -EINVAL);
		assert_non_null(strstr(err.msg, "/bad': the "));
	}
	free(twice);
	tu_rmtree(dir);
}

static void test_streams(void **state)
{
	char *dir = tu_mkdtemp(), *fifo = tu_path(dir, "fifo");
	struct fr_err err = { "" };
	char *buf;
	size_t len;
	pid_t pid;

	(void)state;
	assert_int_equal(mkfifo(fifo, 0600), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (!pid) {
		FILE *f = fopen(fifo, "w");

		fwrite(orig, 1, orig_len, f);
		fclose(f);
		_exit(0);
	}
	read_back(fifo, orig, orig_len);
	waitpid(pid, NULL, 0);
	assert_int_equal(fi_read("/dev/null", &buf, &len, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "'/dev/null' is a device, not a fio result"));
	assert_int_equal(fi_read(at(dir, "none"), &buf, &len, &err), -ENOENT);
	assert_non_null(strstr(err.msg, "/none'"));
	free(fifo);
	tu_rmtree(dir);
}

struct seen {
	char names[8][64];
	int n;
	char notes[4][256];
	int nnotes;
};

static int take(void *ctx, const char *name, char *buf, size_t len)
{
	struct seen *s = ctx;
	const char *base = strrchr(name, '/');

	assert_true(fi_looks_like_fio(buf, len));
	assert_int_equal(len, orig_len);
	snprintf(s->names[s->n++], 64, "%s", base ? base + 1 : name);
	return 0;
}

static void note(void *ctx, const char *msg)
{
	struct seen *s = ctx;

	snprintf(s->notes[s->nnotes++], 256, "%s", msg);
}

static void test_folder(void **state)
{
	char *dir = tu_mkdtemp(), *args[1] = { dir };
	struct fr_err err = { "" };
	struct seen s = { 0 };

	(void)state;
	sh("cp %s %s/b.json && cp %s %s/a.out && mkdir %s/sub && echo '[job]' > %s/c.fio", SRC, dir,
	   SRC, dir, dir, dir);
	if (have("gzip"))
		sh("gzip -c < %s > %s/d.json.gz", SRC, dir);
	assert_int_equal(fi_each(args, 1, take, note, &s, &err), 0);
	assert_string_equal(s.names[0], "a.out");
	assert_string_equal(s.names[1], "b.json");
	assert_int_equal(s.n, have("gzip") ? 3 : 2);
	assert_int_equal(s.nnotes, 2);
	assert_non_null(strstr(s.notes[0], "/c.fio: not fio JSON"));
	assert_non_null(strstr(s.notes[1], "/sub: a folder (folders are not read recursively)"));
	sh("rm %s/*.json* %s/a.out", dir, dir);
	memset(&s, 0, sizeof(s));
	assert_int_equal(fi_each(args, 1, take, note, &s, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "' holds no fio JSON"));
	tu_rmtree(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_codecs),
		cmocka_unit_test(test_streams),
		cmocka_unit_test(test_folder),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
