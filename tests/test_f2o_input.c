/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: converter/fio2orion/f2o_input.c: a real fio JSON
 * (tests/data/fio-json/08-jsonplus.json) compressed by the gzip, xz and
 * zstd programs reads back byte for byte, whatever the file is named
 * (by content: "plain.json" holding gzip data; two gzip members and two
 * zstd frames concatenated give both halves); a cut or corrupt
 * compressed file is refused naming it and the codec; a FIFO is read as
 * a stream; a device is refused; a folder gives its fio JSON in name
 * order (a compressed one included), names and skips a job file and a
 * sub-folder, and a folder without fio JSON is an error. Compressed data
 * from a slow FIFO are decoded as they come; a JSON value past the limit
 * (fjstream.h's FJS_MAX_VALUE) is refused by fi_read().
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
#include "fjstream.h"
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

/*
 * Compressed data from a FIFO whose writer is slow to start and writes
 * in pieces: decoded as it comes, 64 KiB of input at a time (3 MB of
 * text that does not compress away, so the decoders' input is refilled
 * and their output grown many times), the magic found across short
 * reads, and a zstd frame's end known only once the writer closes.
 */
static void test_fifo_codecs(void **state)
{
	static const char *const progs[] = { "gzip", "xz", "zstd" };
	char *dir = tu_mkdtemp(), *fifo = tu_path(dir, "fifo"), *want;
	size_t k, len;

	(void)state;
	assert_int_equal(mkfifo(fifo, 0600), 0);
	sh("head -c 2300000 /dev/urandom | base64 > %s/text", dir);
	assert_int_equal(fr_read_file(at(dir, "text"), NULL, 0, 0, &want, &len, NULL), 0);
	for (k = 0; k < 3; k++) {
		if (!have(progs[k]))
			continue;
		sh("%s -c < %s/text > %s/text.c", progs[k], dir, dir);
		sh("{ head -c 3 %s/text.c; sleep 0.2; tail -c +4 %s/text.c | dd bs=1000 2>/dev/null; } > %s &",
		   dir, dir, fifo);
		read_back(fifo, want, len);
	}
	free(want);
	free(fifo);
	tu_rmtree(dir);
}

/* A JSON value past FJS_MAX_VALUE in decompressed data: refused by fi_read(), naming the file. */
static void test_long_value(void **state)
{
	char *dir = tu_mkdtemp();
	struct fr_err err = { "" };
	char *buf;
	size_t len, i;
	FILE *f;

	(void)state;
	if (!have("gzip")) {
		tu_rmtree(dir);
		skip();
	}
	f = fopen(at(dir, "v"), "w");
	assert_non_null(f);
	fputs("{\n\"a\" : \"", f);
	for (i = 0; i <= FJS_MAX_VALUE; i++)
		putc('x', f);
	fputs("\"}\n", f);
	fclose(f);
	sh("gzip -c < %s/v > %s/v.gz", dir, dir);
	assert_int_equal(fi_read(at(dir, "v.gz"), &buf, &len, &err), -EFBIG);
	assert_non_null(strstr(err.msg, "/v.gz': a JSON string of more than 16 MiB (16777216 bytes) at byte 9: the limit of one value"));
	assert_null(buf);
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
		cmocka_unit_test(test_fifo_codecs),
		cmocka_unit_test(test_long_value),
		cmocka_unit_test(test_folder),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
