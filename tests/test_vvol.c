/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: the virtual volume -- .lun parsing, every bad-LUN error,
 * volume sizes and the offset mapping of both layouts (table-driven),
 * including unequal LUNs, boundary crossings, the last byte and
 * out-of-range requests.
 */
#include "testutil.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>
#include <sys/wait.h>

#include "vvol.h"

#define K 1024ULL
#define M (1024ULL * 1024)

struct fixture {
	char *dir;
	char *a, *b, *c; /* 3 MiB, 2 MiB + 512 KiB, 4 MiB */
};

static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof(*fx));

	fx->dir = tu_mkdtemp();
	fx->a = tu_file(fx->dir, "a", 3 * M, -1);
	fx->b = tu_file(fx->dir, "b", 2 * M + 512 * K, -1);
	fx->c = tu_file(fx->dir, "c", 4 * M, -1);
	*state = fx;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;

	free(fx->a);
	free(fx->b);
	free(fx->c);
	tu_rmtree(fx->dir);
	free(fx);
	return 0;
}

static struct vvol *load_ok(const char *lunfile, const char *luns,
			    const char *sim, uint64_t stripe)
{
	struct vvol_conf conf = { lunfile, luns, sim, stripe };
	struct fr_err err = { "" };
	struct vvol *vv = NULL;
	int ret = vvol_load(&vv, &conf, &err);

	if (ret)
		fail_msg("vvol_load: %d: %s", ret, err.msg);
	return vv;
}

static void test_vvol_lunfile_tolerant(void **state)
{
	struct fixture *fx = *state;
	char *lf = tu_text(fx->dir, "t.lun", "\n  %s  \r\n\n%s\t\r\n%s\n\n",
			   fx->a, fx->b, fx->c);
	struct vvol *vv = load_ok(lf, NULL, NULL, 0);

	assert_int_equal(vv->nluns, 3);
	assert_string_equal(vv->luns[0].path, fx->a);
	assert_string_equal(vv->luns[1].path, fx->b);
	assert_string_equal(vv->luns[2].path, fx->c);
	assert_int_equal(vv->luns[0].line, 2);
	assert_int_equal(vv->luns[2].line, 5);
	assert_int_equal(vv->layout, VVOL_CONCAT);
	assert_int_equal(vv->size, 3 * M + 2 * M + 512 * K + 4 * M);
	vvol_free(vv);
	free(lf);
}

static void test_vvol_sizes(void **state)
{
	struct fixture *fx = *state;
	char luns[4096];
	struct vvol *vv;

	snprintf(luns, sizeof(luns), "%s:%s:%s", fx->a, fx->b, fx->c);
	vv = load_ok(NULL, luns, "raid0", 1 * M);
	/* Smallest LUN 2.5 MiB -> 2 whole stripes each. */
	assert_int_equal(vv->size, 3 * 2 * M);
	vvol_free(vv);
	vv = load_ok(NULL, luns, "RAID0", 512 * K);
	assert_int_equal(vv->size, 3 * (2 * M + 512 * K));
	vvol_free(vv);
	vv = load_ok(NULL, luns, "concat", 0);
	assert_int_equal(vv->size, 9 * M + 512 * K);
	assert_int_equal(vv->luns[1].start, 3 * M);
	assert_int_equal(vv->luns[2].start, 5 * M + 512 * K);
	vvol_free(vv);
}

struct map_case {
	uint64_t off, len;
	int ret;
	unsigned int lun;
	uint64_t loff, elen;
};

static void run_map_cases(struct vvol *vv, const struct map_case *t, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		struct vvol_extent e = { 99, 99, 99 };
		int ret = vvol_map(vv, t[i].off, t[i].len, &e);

		if (ret != t[i].ret)
			fail_msg("case %zu: off %llu len %llu: ret %d, want %d",
				 i, (unsigned long long)t[i].off,
				 (unsigned long long)t[i].len, ret, t[i].ret);
		if (ret)
			continue;
		if (e.lun != t[i].lun || e.off != t[i].loff ||
		    e.len != t[i].elen)
			fail_msg("case %zu: off %llu len %llu: got lun %u off %llu len %llu, want lun %u off %llu len %llu",
				 i, (unsigned long long)t[i].off,
				 (unsigned long long)t[i].len, e.lun,
				 (unsigned long long)e.off,
				 (unsigned long long)e.len, t[i].lun,
				 (unsigned long long)t[i].loff,
				 (unsigned long long)t[i].elen);
	}
}

static void test_vvol_map_raid0(void **state)
{
	struct fixture *fx = *state;
	char luns[4096];
	struct vvol *vv;
	/* 3 LUNs, 1 MiB stripes, 2 stripes per LUN, volume 6 MiB. */
	static const struct map_case t[] = {
		{ 0, 8 * K, 0, 0, 0, 8 * K },
		{ 1 * M - 8 * K, 8 * K, 0, 0, 1 * M - 8 * K, 8 * K },
		/* crossing stripe 0 -> 1: first part stops at the stripe */
		{ 1 * M - 4 * K, 8 * K, 0, 0, 1 * M - 4 * K, 4 * K },
		{ 1 * M, 8 * K, 0, 1, 0, 8 * K },
		{ 2 * M + 4 * K, 4 * K, 0, 2, 4 * K, 4 * K },
		/* stripe 3 wraps to LUN 0, second stripe row */
		{ 3 * M, 1 * M, 0, 0, 1 * M, 1 * M },
		{ 4 * M + 512, 1 * M, 0, 1, 1 * M + 512, 1 * M - 512 },
		/* the last byte region of the volume */
		{ 6 * M - 512, 512, 0, 2, 2 * M - 512, 512 },
		{ 6 * M - 512, 1024, -ERANGE, 0, 0, 0 },
		{ 6 * M, 512, -ERANGE, 0, 0, 0 },
		{ 0, 0, -ERANGE, 0, 0, 0 },
		{ UINT64_MAX - 100, 512, -ERANGE, 0, 0, 0 },
	};

	snprintf(luns, sizeof(luns), "%s:%s:%s", fx->a, fx->b, fx->c);
	vv = load_ok(NULL, luns, "raid0", 1 * M);
	run_map_cases(vv, t, sizeof(t) / sizeof(t[0]));
	vvol_free(vv);
}

static void test_vvol_map_concat(void **state)
{
	struct fixture *fx = *state;
	char luns[4096];
	struct vvol *vv;
	/* a: [0, 3M), b: [3M, 5.5M), c: [5.5M, 9.5M) */
	static const struct map_case t[] = {
		{ 0, 8 * K, 0, 0, 0, 8 * K },
		{ 3 * M - 4 * K, 8 * K, 0, 0, 3 * M - 4 * K, 4 * K },
		{ 3 * M, 8 * K, 0, 1, 0, 8 * K },
		{ 5 * M + 512 * K - 512, 4 * K, 0, 1, 2 * M + 512 * K - 512, 512 },
		{ 5 * M + 512 * K, 4 * M, 0, 2, 0, 4 * M },
		{ 9 * M + 512 * K - 512, 512, 0, 2, 4 * M - 512, 512 },
		{ 9 * M + 512 * K - 512, 513, -ERANGE, 0, 0, 0 },
		{ 9 * M + 512 * K, 1, -ERANGE, 0, 0, 0 },
		/* a request over all three LUNs starts on the first */
		{ 1 * M, 8 * M, 0, 0, 1 * M, 2 * M },
	};

	snprintf(luns, sizeof(luns), "%s:%s:%s", fx->a, fx->b, fx->c);
	vv = load_ok(NULL, luns, "concat", 0);
	run_map_cases(vv, t, sizeof(t) / sizeof(t[0]));
	vvol_free(vv);
}

/* Splitting a request by looping vvol_map() covers it exactly once. */
static void test_vvol_split_covers(void **state)
{
	struct fixture *fx = *state;
	static const char *const sims[] = { "raid0", "concat" };
	static const uint64_t stripes[] = { 4 * K, 64 * K, 1 * M };
	char luns[4096];
	size_t s, k;

	snprintf(luns, sizeof(luns), "%s:%s:%s", fx->a, fx->b, fx->c);
	for (s = 0; s < 2; s++) {
		for (k = 0; k < 3; k++) {
			struct vvol *vv = load_ok(NULL, luns, sims[s], stripes[k]);
			uint64_t off;

			for (off = 0; off < vv->size; off += 3 * 4096 + 512) {
				uint64_t len = 300 * K, left, o = off;

				if (len > vv->size - off)
					len = vv->size - off;
				left = len;
				while (left) {
					struct vvol_extent e;

					assert_int_equal(vvol_map(vv, o, left, &e), 0);
					assert_true(e.len > 0 && e.len <= left);
					assert_true(e.off + e.len <= vv->luns[e.lun].usable);
					if (vv->layout == VVOL_RAID0)
						assert_true(e.off / vv->stripe ==
							    (e.off + e.len - 1) / vv->stripe);
					o += e.len;
					left -= e.len;
				}
			}
			vvol_free(vv);
		}
	}
}

struct bad_case {
	const char *what;
	const char *lun_text; /* %1$s = dir; NULL: special */
	const char *sim;
	uint64_t stripe;
	const char *expect[3]; /* substrings of the message */
};

static void test_vvol_bad_luns(void **state)
{
	struct fixture *fx = *state;
	char *zero = tu_file(fx->dir, "zero", 0, -1);
	char *small = tu_file(fx->dir, "small", 64 * K, -1);
	char *sub = tu_path(fx->dir, "subdir");
	char *link = tu_path(fx->dir, "alink");
	char *fifo = tu_path(fx->dir, "fifo");
	static const struct bad_case t[] = {
		{ "missing", "%1$s/a\n%1$s/nope\n", NULL, 0, { ":2:", "nope", "no such file" } },
		{ "directory", "%1$s/subdir\n", NULL, 0, { ":1:", "subdir", "is a directory" } },
		{ "zero size", "%1$s/a\n\n%1$s/zero\n", NULL, 0, { ":3:", "zero", "zero size" } },
		{ "smaller than a stripe", "%1$s/a\n%1$s/small\n", "raid0", 1 * M, { ":2:", "small", "smaller than one stripe" } },
		{ "listed twice", "%1$s/a\n%1$s/b\n%1$s/a\n", NULL, 0, { ":3:", "listed twice", "line 1" } },
		{ "twice via symlink", "%1$s/a\n%1$s/alink\n", NULL, 0, { ":2:", "alink", "listed twice" } },
		{ "not a file", "%1$s/fifo\n", NULL, 0, { ":1:", "fifo", "not a regular file or block device" } },
		{ "empty list", "\n  \r\n", NULL, 0, { "lists no LUNs", "", "" } },
		{ "bad layout", "%1$s/a\n", "raid5", 0, { "simulate=raid5", "concat or raid0", "" } },
		{ "unaligned stripe", "%1$s/a\n", "raid0", 1000, { "stripe of 1000 bytes", "multiple", "" } },
	};
	size_t i, j;

	assert_int_equal(mkdir(sub, 0755), 0);
	assert_int_equal(symlink(fx->a, link), 0);
	assert_int_equal(mkfifo(fifo, 0644), 0);
	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		char *lf = tu_text(fx->dir, "bad.lun", t[i].lun_text, fx->dir);
		struct vvol_conf conf = { lf, NULL, t[i].sim, t[i].stripe };
		struct fr_err err = { "" };
		struct vvol *vv = NULL;
		int ret = vvol_load(&vv, &conf, &err);

		if (ret >= 0)
			fail_msg("%s: loaded, expected an error", t[i].what);
		assert_null(vv);
		for (j = 0; j < 3; j++)
			if (!strstr(err.msg, t[i].expect[j]))
				fail_msg("%s: message '%s' lacks '%s'",
					 t[i].what, err.msg, t[i].expect[j]);
		free(lf);
	}
	free(zero);
	free(small);
	free(sub);
	free(link);
	free(fifo);
}

static void test_vvol_bad_lunfile(void **state)
{
	struct fixture *fx = *state;
	char *missing = tu_path(fx->dir, "none.lun");
	struct vvol_conf conf = { missing, NULL, NULL, 0 };
	struct fr_err err = { "" };
	struct vvol *vv;

	assert_int_equal(vvol_load(&vv, &conf, &err), -ENOENT);
	assert_non_null(strstr(err.msg, "none.lun"));
	conf.lunfile = fx->dir;
	assert_int_equal(vvol_load(&vv, &conf, &err), -EISDIR);
	assert_non_null(strstr(err.msg, "is a directory"));
	conf.lunfile = NULL;
	assert_true(vvol_load(&vv, &conf, &err) < 0);
	assert_non_null(strstr(err.msg, "lunfile="));
	conf.lunfile = missing;
	conf.luns = fx->a;
	assert_true(vvol_load(&vv, &conf, &err) < 0);
	assert_non_null(strstr(err.msg, "not both"));
	free(missing);
}

/* fio's files (filename=), one LUN each, taken whole; and never with luns=. */
static void test_vvol_files(void **state)
{
	struct fixture *fx = *state;
	const char *files[] = { fx->a, fx->c, fx->a };
	struct vvol_conf conf = { .simulate = "raid0", .files = files, .nfiles = 2 };
	struct fr_err err = { "" };
	struct vvol *vv;

	assert_int_equal(vvol_load(&vv, &conf, &err), 0);
	assert_int_equal(vv->nluns, 2);
	assert_string_equal(vv->source, "filename=");
	assert_string_equal(vv->luns[1].path, fx->c);
	assert_int_equal(vv->size, 2 * 3 * M);
	vvol_free(vv);
	conf.nfiles = 3;
	assert_int_equal(vvol_load(&vv, &conf, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "filename= entry 3: LUN"));
	assert_non_null(strstr(err.msg, "is listed twice"));
	conf.nfiles = 2;
	conf.luns = fx->b;
	assert_int_equal(vvol_load(&vv, &conf, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "filename= and luns= both name the LUNs"));
}

/* An unreadable LUN; root reads everything, so drop to nobody first. */
static void test_vvol_unreadable(void **state)
{
	struct fixture *fx = *state;
	char *secret = tu_file(fx->dir, "secret", 1 * M, -1);
	char *lf = tu_text(fx->dir, "u.lun", "%s\n", secret);
	int fds[2], st;
	char msg[1024] = "";
	pid_t pid;
	ssize_t n;

	assert_int_equal(chmod(secret, 0), 0);
	assert_int_equal(chmod(fx->dir, 0755), 0);
	assert_int_equal(chmod(lf, 0644), 0);
	assert_int_equal(pipe(fds), 0);
	pid = fork();
	assert_true(pid >= 0);
	if (pid == 0) {
		struct vvol_conf conf = { lf, NULL, NULL, 0 };
		struct fr_err err = { "" };
		struct vvol *vv;
		int ret;

		if (geteuid() == 0 && (setgid(65534) || setuid(65534)))
			_exit(3);
		ret = vvol_load(&vv, &conf, &err);
		if (write(fds[1], err.msg, strlen(err.msg)) < 0)
			_exit(4);
		_exit(ret == -EACCES ? 0 : 1);
	}
	close(fds[1]);
	n = read(fds[0], msg, sizeof(msg) - 1);
	close(fds[0]);
	waitpid(pid, &st, 0);
	if (WIFEXITED(st) && WEXITSTATUS(st) == 3)
		skip(); /* cannot drop privileges here */
	assert_true(n > 0);
	assert_true(WIFEXITED(st) && WEXITSTATUS(st) == 0);
	assert_non_null(strstr(msg, "unreadable"));
	assert_non_null(strstr(msg, "secret"));
	assert_non_null(strstr(msg, ":1:"));
	free(secret);
	free(lf);
}

/*
 * vvol_splits(): a direct I/O that is more bytes than one bio takes, or
 * more pages than its segments, may be split (the loop device: 1280 KiB,
 * 128 segments: 512 KiB aligned fits, 516 KiB or 512 KiB off a page
 * boundary does not); a LUN whose limits sysfs did not give never is.
 */
static void test_vvol_splits(void **state)
{
	struct vvol_lun l = { .bio_bytes = 1280 * 1024, .bio_pages = 128, .page = 4096 };
	const char *page = (const char *)(uintptr_t)(1u << 20);

	(void)state;
	assert_false(vvol_splits(&l, page, 0, 512 * 1024));
	assert_true(vvol_splits(&l, page, 0, 516 * 1024));
	assert_true(vvol_splits(&l, page + 512, 0, 512 * 1024));
	assert_true(vvol_splits(&l, page, 0, 1024 * 1024));
	assert_false(vvol_splits(&l, page, 0, 8192));
	/* 64 KiB pages: 1 MiB is 16 of them. */
	l.page = 65536;
	assert_false(vvol_splits(&l, page, 0, 1024 * 1024));
	l.page = 4096;
	l.bio_pages = 0;
	assert_false(vvol_splits(&l, page, 0, 1024 * 1024));
	assert_true(vvol_splits(&l, page, 0, 2048 * 1024));
	/* A 128 KiB chunk (NVMe's NOIOB, a zoned disk): 8 KiB across it splits; a partition's start counts. */
	l.bio_chunk = 128 * 1024;
	assert_false(vvol_splits(&l, page, 120 * 1024, 8192));
	assert_true(vvol_splits(&l, page, 124 * 1024, 8192));
	l.bio_base = 4096;
	assert_true(vvol_splits(&l, page, 120 * 1024, 8192));
	l.bio_chunk = 0;
	l.bio_bytes = 0;
	assert_false(vvol_splits(&l, page, 0, 64u << 20));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_vvol_lunfile_tolerant, setup, teardown),
		cmocka_unit_test_setup_teardown(test_vvol_sizes, setup, teardown),
		cmocka_unit_test_setup_teardown(test_vvol_map_raid0, setup, teardown),
		cmocka_unit_test_setup_teardown(test_vvol_map_concat, setup, teardown),
		cmocka_unit_test_setup_teardown(test_vvol_split_covers, setup, teardown),
		cmocka_unit_test_setup_teardown(test_vvol_bad_luns, setup, teardown),
		cmocka_unit_test_setup_teardown(test_vvol_bad_lunfile, setup, teardown),
		cmocka_unit_test_setup_teardown(test_vvol_files, setup, teardown),
		cmocka_unit_test_setup_teardown(test_vvol_unreadable, setup, teardown),
		cmocka_unit_test(test_vvol_splits)
	};

	return cmocka_run_group_tests_name("vvol", tests, NULL, NULL);
}
