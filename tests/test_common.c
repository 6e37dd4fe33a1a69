/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: the base layer (common/): fr_errf_errno() appends the
 * errno text and returns -errno; fr_read_file() reads small, empty and
 * large files whole and refuses a missing file, a folder, a pipe where a
 * regular file is asked, NUL bytes in text and a file over its limit,
 * each naming the file; fr_write_atomic() replaces a file whole and
 * leaves no temporary behind, also when it fails; a staged set whose
 * third rename fails puts the earlier files back whole; fr_lunlist_each()
 * trims, skips empty entries, numbers lines and stops on request;
 * fr_parse_size() takes fio's suffixes strictly; fio's histogram
 * geometry and percentile rule (lathist.h) at their edges.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "fr_err.h"
#include "fr_file.h"
#include "fr_lunlist.h"
#include "fr_size.h"
#include "fr_sysblock.h"
#include "lathist.h"
#include "testutil.h"

static char *dir; /* tu_mkdtemp() in setup */

static char *path_of(const char *name)
{
	static char p[256];

	snprintf(p, sizeof(p), "%s/%s", dir, name);
	return p;
}

static void put(const char *name, const char *data, size_t len)
{
	FILE *f = fopen(path_of(name), "w");

	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, len, f), len);
	fclose(f);
}

static int setup(void **state)
{
	(void)state;
	dir = tu_mkdtemp();
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	tu_rmtree(dir);
	dir = NULL;
	return 0;
}

static void test_errf_errno(void **state)
{
	struct fr_err err = { "" };

	(void)state;
	errno = ENOENT;
	assert_int_equal(fr_errf_errno(&err, "cannot open '%s'", "x"), -ENOENT);
	assert_string_equal(err.msg, "cannot open 'x': no such file or directory");
	errno = EACCES;
	assert_int_equal(fr_errf_errno(NULL, "ignored"), -EACCES);
}

static void test_read_file(void **state)
{
	struct fr_err err = { "" };
	char *buf, *big;
	size_t len, i;

	(void)state;
	put("a.txt", "one\ntwo\n", 8);
	assert_int_equal(fr_read_file(path_of("a.txt"), "lun file", 0, FR_READ_TEXT, &buf, &len, &err), 0);
	assert_int_equal(len, 8);
	assert_string_equal(buf, "one\ntwo\n");
	free(buf);

	put("empty", "", 0);
	assert_int_equal(fr_read_file(path_of("empty"), NULL, 0, 0, &buf, &len, &err), 0);
	assert_int_equal(len, 0);
	assert_string_equal(buf, "");
	free(buf);

	/* Larger than the first buffer: read whole. */
	big = malloc(300000);
	assert_non_null(big);
	for (i = 0; i < 300000; i++)
		big[i] = (char)('a' + i % 26);
	put("big", big, 300000);
	assert_int_equal(fr_read_file(path_of("big"), NULL, 0, FR_READ_TEXT, &buf, &len, &err), 0);
	assert_int_equal(len, 300000);
	assert_memory_equal(buf, big, 300000);
	free(buf);
	/* ... and refused over a limit. */
	assert_int_equal(fr_read_file(path_of("big"), "lun file", 4096, 0, &buf, &len, &err), -EFBIG);
	assert_non_null(strstr(err.msg, "lun file '"));
	assert_non_null(strstr(err.msg, "larger than 4096 bytes"));
	assert_null(buf);
	free(big);

	assert_int_equal(fr_read_file(path_of("none"), "job file", 0, 0, &buf, &len, &err), -ENOENT);
	assert_non_null(strstr(err.msg, "cannot open job file '"));
	assert_non_null(strstr(err.msg, "no such file or directory"));

	assert_int_equal(fr_read_file(dir, NULL, 0, 0, &buf, &len, &err), -EISDIR);
	assert_non_null(strstr(err.msg, "is a directory"));

	put("nul", "a\0b", 3);
	assert_int_equal(fr_read_file(path_of("nul"), "lun file", 0, FR_READ_TEXT, &buf, &len, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "contains NUL bytes"));
	assert_int_equal(fr_read_file(path_of("nul"), NULL, 0, 0, &buf, &len, &err), 0);
	assert_int_equal(len, 3);
	free(buf);

	assert_int_equal(mkfifo(path_of("fifo"), 0644), 0);
	assert_int_equal(fr_read_file(path_of("fifo"), NULL, 0, FR_READ_REGULAR, &buf, &len, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "not a regular file"));
}

static unsigned int count_entries(const char *d)
{
	DIR *dh = opendir(d);
	struct dirent *e;
	unsigned int n = 0;

	assert_non_null(dh);
	while ((e = readdir(dh)))
		if (e->d_name[0] != '.')
			n++;
	closedir(dh);
	return n;
}

static void test_write_atomic(void **state)
{
	struct fr_err err = { "" };
	char sub[300], *buf;
	struct stat st;
	size_t len;

	(void)state;
	snprintf(sub, sizeof(sub), "%s/w", dir);
	assert_int_equal(mkdir(sub, 0755), 0);
	snprintf(sub, sizeof(sub), "%s/w/out.txt", dir);
	assert_int_equal(fr_write_atomic(sub, "first", 5, &err), 0);
	assert_int_equal(fr_write_atomic(sub, "second!", 7, &err), 0);
	assert_int_equal(fr_read_file(sub, NULL, 0, 0, &buf, &len, &err), 0);
	assert_string_equal(buf, "second!");
	free(buf);
	assert_int_equal(stat(sub, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0644);
	snprintf(sub, sizeof(sub), "%s/w", dir);
	assert_int_equal(count_entries(sub), 1); /* no temporary left */

	/* A folder that does not exist: an error naming the file, nothing written. */
	snprintf(sub, sizeof(sub), "%s/nodir/out.txt", dir);
	assert_true(fr_write_atomic(sub, "x", 1, &err) < 0);
	assert_non_null(strstr(err.msg, "nodir/out.txt"));
	/* Over a folder: refused, the folder kept, no temporary left. */
	snprintf(sub, sizeof(sub), "%s/w/sub", dir);
	assert_int_equal(mkdir(sub, 0755), 0);
	assert_true(fr_write_atomic(sub, "x", 1, &err) < 0);
	assert_int_equal(stat(sub, &st), 0);
	assert_true(S_ISDIR(st.st_mode));
	snprintf(sub, sizeof(sub), "%s/w", dir);
	assert_int_equal(count_entries(sub), 2);
}

/*
 * A character device or FIFO is written through, never replaced by a
 * renamed file (an -output /dev/null run as root once left /dev/null a
 * regular file); a set (staged, renamed whole) refuses one.
 */
static void test_write_special(void **state)
{
	struct fr_stage st = { NULL, NULL, 0 };
	struct fr_err err = { "" };
	char fifo[300], got[16] = "";
	struct stat sb;
	int rd;

	(void)state;
	assert_int_equal(fr_write_atomic("/dev/null", "discarded", 9, &err), 0);
	assert_int_equal(stat("/dev/null", &sb), 0);
	assert_true(S_ISCHR(sb.st_mode));
	snprintf(fifo, sizeof(fifo), "%s/through.fifo", dir);
	assert_int_equal(mkfifo(fifo, 0600), 0);
	rd = open(fifo, O_RDONLY | O_NONBLOCK);
	assert_true(rd >= 0);
	assert_int_equal(fr_write_atomic(fifo, "through", 7, &err), 0);
	assert_int_equal(read(rd, got, sizeof(got) - 1), 7);
	assert_string_equal(got, "through");
	assert_true(fr_stage_file(&st, fifo, "x", 1, &err) < 0);
	assert_non_null(strstr(err.msg, "a FIFO, which a file written whole"));
	fr_stage_abort(&st);
	assert_int_equal(stat(fifo, &sb), 0);
	assert_true(S_ISFIFO(sb.st_mode));
	close(rd);
	unlink(fifo);
}

/* The test folder's STEM_a, STEM_b and STEM_c in @a, @b and @c (300 bytes each). */
static void three_names(const char *stem, char *a, char *b, char *c)
{
	snprintf(a, 300, "%s/%s_a", dir, stem);
	snprintf(b, 300, "%s/%s_b", dir, stem);
	snprintf(c, 300, "%s/%s_c", dir, stem);
}

/* A set is written whole or not at all. */
static void test_stage_set(void **state)
{
	struct fr_stage st = { NULL, NULL, 0 };
	struct fr_err err = { "" };
	char a[300], b[300], c[300], *buf;
	size_t len;

	(void)state;
	three_names("set", a, b, c);
	assert_int_equal(fr_write_atomic(a, "old a", 5, &err), 0);
	assert_int_equal(mkdir(c, 0755), 0);
	/* b staged, then c cannot be: abort leaves a as it was, b absent. */
	assert_int_equal(fr_stage_file(&st, a, "new a", 5, &err), 0);
	assert_int_equal(fr_stage_file(&st, b, "new b", 5, &err), 0);
	assert_int_equal(fr_stage_file(&st, c, "new c", 5, &err), -EISDIR);
	assert_non_null(strstr(err.msg, "a folder has that name"));
	fr_stage_abort(&st);
	assert_int_equal(fr_read_file(a, NULL, 0, 0, &buf, &len, &err), 0);
	assert_string_equal(buf, "old a");
	free(buf);
	assert_int_equal(access(b, F_OK), -1);
	/* Committed: both in place, no temporary left. */
	assert_int_equal(fr_stage_file(&st, a, "new a", 5, &err), 0);
	assert_int_equal(fr_stage_file(&st, b, "new b", 5, &err), 0);
	assert_int_equal(fr_stage_commit(&st, &err), 0);
	assert_int_equal(fr_read_file(b, NULL, 0, 0, &buf, &len, &err), 0);
	assert_string_equal(buf, "new b");
	free(buf);
	assert_int_equal(st.n, 0);
}

static int entries(const char *prefix);

static void write_text(FILE *f, const void *ctx)
{
	int i;

	for (i = 0; i < 1000; i++)
		fprintf(f, "%s %d\n", (const char *)ctx, i);
}

/*
 * A member streamed to its staged file (fr_stage_stream()): joined to a
 * set in order and committed with it; a refused name and a write that
 * fails (a file size limit, EFBIG) reported as fr_stage_file() reports
 * them, the temporary gone.
 */
static void test_stage_stream(void **state)
{
	struct fr_stage st = { NULL, NULL, 0 }, side = { NULL, NULL, 0 };
	struct fr_err err = { "" };
	struct rlimit old, lim;
	char a[300], b[300], c[300], *buf;
	size_t len;

	(void)state;
	three_names("str", a, b, c);
	assert_int_equal(fr_stage_file(&st, a, "new a", 5, &err), 0);
	assert_int_equal(fr_stage_stream(&side, b, write_text, "line", &err), 0);
	assert_int_equal(fr_stage_join(&st, &side, &err), 0);
	assert_int_equal(side.n, 0);
	assert_int_equal(st.n, 2);
	assert_string_equal(st.path[1], b);
	assert_int_equal(fr_stage_commit(&st, &err), 0);
	assert_int_equal(fr_read_file(b, NULL, 0, 0, &buf, &len, &err), 0);
	assert_int_equal(len, 8890); /* "line 0\n" .. "line 999\n" */
	assert_int_equal(strncmp(buf + len - 9, "line 999\n", 9), 0);
	free(buf);
	assert_int_equal(mkdir(c, 0755), 0);
	assert_int_equal(fr_stage_stream(&side, c, write_text, "x", &err), -EISDIR);
	assert_non_null(strstr(err.msg, "a folder has that name"));
	/* Past a file size limit: the write fails with EFBIG (SIGXFSZ ignored). */
	assert_int_equal(getrlimit(RLIMIT_FSIZE, &old), 0);
	lim = old;
	lim.rlim_cur = 4096;
	signal(SIGXFSZ, SIG_IGN);
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &lim), 0);
	assert_int_equal(fr_stage_stream(&side, a, write_text, "line", &err), -EFBIG);
	assert_int_equal(setrlimit(RLIMIT_FSIZE, &old), 0);
	signal(SIGXFSZ, SIG_DFL);
	assert_non_null(strstr(err.msg, "cannot write '"));
	assert_int_equal(side.n, 0);
	fr_stage_abort(&side);
	assert_int_equal(entries("str_a.tmp"), 0);
	assert_int_equal(fr_read_file(a, NULL, 0, 0, &buf, &len, &err), 0);
	assert_string_equal(buf, "new a");
	free(buf);
}

/* How many entries of the test folder start with @prefix. */
static int entries(const char *prefix)
{
	struct dirent *e;
	DIR *d = opendir(dir);
	int n = 0;

	while (d && (e = readdir(d)))
		n += !strncmp(e->d_name, prefix, strlen(prefix));
	if (d)
		closedir(d);
	return n;
}

/*
 * The third of four renames fails (its name became a non-empty folder
 * after staging): the two renamed already are put back, the fourth
 * never replaced; the earlier set reads back whole, nothing left over.
 */
static void test_stage_rollback(void **state)
{
	struct fr_stage st = { NULL, NULL, 0 };
	struct fr_err err = { "" };
	char p[4][300], sub[320], *buf;
	size_t len;
	int i;

	(void)state;
	for (i = 0; i < 4; i++) {
		snprintf(p[i], sizeof(p[i]), "%s/rb_%d", dir, i);
		if (i != 3)
			assert_int_equal(fr_write_atomic(p[i], "old", 3, &err), 0);
	}
	unlink(p[2]);
	for (i = 0; i < 4; i++)
		assert_int_equal(fr_stage_file(&st, p[i], "new", 3, &err), 0);
	assert_int_equal(mkdir(p[2], 0755), 0);
	snprintf(sub, sizeof(sub), "%s/x", p[2]);
	assert_int_equal(fr_write_atomic(sub, "x", 1, &err), 0);
	assert_true(fr_stage_commit(&st, &err) < 0);
	assert_non_null(strstr(err.msg, "rb_2"));
	assert_non_null(strstr(err.msg, "the earlier files are unchanged"));
	for (i = 0; i < 2; i++) {
		assert_int_equal(fr_read_file(p[i], NULL, 0, 0, &buf, &len, &err), 0);
		assert_string_equal(buf, "old");
		free(buf);
	}
	assert_int_equal(access(p[3], F_OK), -1);
	assert_int_equal(entries("rb_"), 3); /* rb_0, rb_1 and the folder */
	unlink(sub);
	rmdir(p[2]);
	unlink(p[0]);
	unlink(p[1]);
	/* A commit that succeeds leaves no second name behind. */
	assert_int_equal(fr_write_atomic(p[0], "old", 3, &err), 0);
	assert_int_equal(fr_write_atomic(p[0], "new", 3, &err), 0);
	assert_int_equal(entries("rb_"), 1);
	unlink(p[0]);
}

/* A device's sysfs folder holds its own number; a folder without one is refused. */
static void test_sysblock(void **state)
{
	struct stat st;
	char sys[4096];
	dev_t dev;

	(void)state;
	assert_false(fr_sysblock_devno(dir, &dev));
	assert_int_equal(stat("/", &st), 0);
	if (!fr_sysblock_dir(st.st_dev, sys, sizeof(sys))) {
		print_message("# / is on no block device here (tmpfs, overlay): skipped\n");
		return;
	}
	assert_true(fr_sysblock_devno(sys, &dev));
	assert_true(dev == st.st_dev);
	assert_false(fr_sysblock_dir(st.st_dev, sys, 4)); /* no room: refused, not cut */
}

struct seen {
	char names[8][64];
	unsigned int lines[8], n, stop_at;
};

static int record(void *arg, const char *name, size_t len, unsigned int line)
{
	struct seen *s = arg;

	snprintf(s->names[s->n], sizeof(s->names[0]), "%.*s", (int)len, name);
	s->lines[s->n++] = line;
	return s->stop_at && s->n == s->stop_at ? 7 : 0;
}

static void test_lunlist(void **state)
{
	struct seen s;

	(void)state;
	memset(&s, 0, sizeof(s));
	assert_int_equal(fr_lunlist_each("  /dev/sdb \r\n\n\t/d/with space.img\t\n/dev/sdc", '\n', record, &s), 0);
	assert_int_equal(s.n, 3);
	assert_string_equal(s.names[0], "/dev/sdb");
	assert_string_equal(s.names[1], "/d/with space.img");
	assert_string_equal(s.names[2], "/dev/sdc");
	assert_int_equal(s.lines[0], 1);
	assert_int_equal(s.lines[1], 3); /* the empty line counts */
	assert_int_equal(s.lines[2], 4);

	memset(&s, 0, sizeof(s));
	assert_int_equal(fr_lunlist_each("/a::/b: /c ", ':', record, &s), 0);
	assert_int_equal(s.n, 3);
	assert_string_equal(s.names[2], "/c");
	assert_int_equal(s.lines[2], 4);

	memset(&s, 0, sizeof(s));
	s.stop_at = 2;
	assert_int_equal(fr_lunlist_each("a\nb\nc\n", '\n', record, &s), 7);
	assert_int_equal(s.n, 2);

	memset(&s, 0, sizeof(s));
	assert_int_equal(fr_lunlist_each("", '\n', record, &s), 0);
	assert_int_equal(fr_lunlist_each(" \n\r\n", '\n', record, &s), 0);
	assert_int_equal(s.n, 0);
}

/* fio's filename= rule, each case as fio 3.33 names its files (fio --debug=file). */
static void test_lunlist_fio(void **state)
{
	static const struct {
		const char *in, *names[3];
	} t[] = {
		{ " /a:/b\\:c: /d ;x", { "/a", "/b:c", " /d" } },
		{ "::a::b:", { "a", "b" } },
		{ "a#b:c", { "a" } },
		{ "a\\b:c\\\\:d", { "a\\b", "c\\:d" } },
		{ "a\\:", { "a:" } },
		{ "", { NULL } },
	};
	struct seen s;
	size_t i, k;

	(void)state;
	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		memset(&s, 0, sizeof(s));
		assert_int_equal(fr_lunlist_fio(t[i].in, record, &s), 0);
		for (k = 0; k < 3 && t[i].names[k]; k++) {
			assert_string_equal(s.names[k], t[i].names[k]);
			assert_int_equal(s.lines[k], k + 1);
		}
		assert_int_equal(s.n, k);
	}
	memset(&s, 0, sizeof(s));
	s.stop_at = 1;
	assert_int_equal(fr_lunlist_fio("a:b", record, &s), 7);
	assert_int_equal(s.n, 1);
}

static void test_sizes(void **state)
{
	uint64_t v;

	(void)state;
	assert_int_equal(fr_parse_size("4096", &v), 0);
	assert_int_equal(v, 4096);
	assert_int_equal(fr_parse_size("8k", &v), 0);
	assert_int_equal(v, 8192);
	assert_int_equal(fr_parse_size("1MiB", &v), 0);
	assert_int_equal(v, 1048576);
	assert_int_equal(fr_parse_size("2G", &v), 0);
	assert_int_equal(v, 2ULL << 30);
	assert_int_equal(fr_parse_size("8k,64k", &v), -EINVAL);
	assert_int_equal(fr_parse_size("1.5g", &v), -EINVAL);
	assert_int_equal(fr_parse_size("", &v), -EINVAL);
	assert_int_equal(fr_parse_size("-1", &v), -EINVAL);
	assert_int_equal(fr_parse_size("99999999999p", &v), -EINVAL); /* overflow */
}

/* fio's histogram geometry (stat.c: plat_idx_to_val, plat_val_to_idx). */
static void test_hist_geometry(void **state)
{
	unsigned int i;

	(void)state;
	/* Below 2 x 64 the index is the value; above, 64 buckets per power of two. */
	assert_int_equal(lh_plat_val(0, 6), 0);
	assert_int_equal(lh_plat_val(127, 6), 127);
	assert_int_equal(lh_plat_val(128, 6), 129); /* 128 + 0.5 x 2 */
	assert_int_equal(lh_plat_val(192, 6), 258); /* 256 + 0.5 x 4 */
	assert_int_equal(lh_plat_val(20, 4), 20);   /* other bits (old json+) */
	assert_int_equal(lh_plat_val(32, 4), 33);
	for (i = 0; i < LH_NR - 1; i++) {
		uint64_t v = lh_bucket_value(i);

		/* each value falls in its own bucket, within 1/64 of it */
		assert_int_equal(lh_bucket_of(v), i);
	}
	assert_int_equal(lh_bucket_of(UINT64_MAX), LH_NR - 1);
}

/* fio's percentile rule (stat.c: calc_clat_percentiles). */
static void test_percentile_rule(void **state)
{
	struct lathist h;
	unsigned int i;

	(void)state;
	assert_false(lh_pct_reached(999, 1000, 99.9));
	assert_true(lh_pct_reached(1000, 1000, 99.9));
	assert_false(lh_pct_reached(1, 3, 50.0)); /* 1.5 needed */
	assert_true(lh_pct_reached(2, 3, 50.0));
	assert_true(lh_pct_reached(0, 10, 0.0));
	/* 1..100 us, one sample each: p50 is the 50th sample's bucket. */
	lh_init(&h);
	for (i = 1; i <= 100; i++)
		lh_add(&h, i * 1000ULL);
	assert_int_equal(lh_percentile(&h, 50.0), lh_bucket_value(lh_bucket_of(50000)));
	assert_int_equal(lh_percentile(&h, 99.0), lh_bucket_value(lh_bucket_of(99000)));
	assert_int_equal(lh_percentile(&h, 100.0), lh_bucket_value(lh_bucket_of(100000)));
	assert_int_equal(h.min, 1000);
	assert_int_equal(h.max, 100000);
	assert_true(h.mean > 50499.99 && h.mean < 50500.01);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_errf_errno),
		cmocka_unit_test(test_read_file),
		cmocka_unit_test(test_write_atomic),
		cmocka_unit_test(test_write_special),
		cmocka_unit_test(test_stage_set),
		cmocka_unit_test(test_stage_stream),
		cmocka_unit_test(test_stage_rollback),
		cmocka_unit_test(test_sysblock),
		cmocka_unit_test(test_lunlist),
		cmocka_unit_test(test_lunlist_fio),
		cmocka_unit_test(test_sizes),
		cmocka_unit_test(test_hist_geometry),
		cmocka_unit_test(test_percentile_rule),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
