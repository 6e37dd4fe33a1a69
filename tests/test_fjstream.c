/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: the stream reader (fjstream.c) against the whole-buffer
 * reader (fiojson.c), its independent peer: on every fio result in
 * tests/data and on crafted inputs (escapes, UTF-8, numbers at the edges
 * of exactness, keys across the window's refills, duplicate keys,
 * interim --status-interval reports, prefixed output), whatever the
 * stream reads must be read field for field the same (fj_dump.h), and
 * whatever it is not sure of it must give back (FJS_UNSURE) with the
 * set untouched. Files fio writes must take the fast path.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "fiojson.h"
#include "fj_dump.h"
#include "fjarena.h"
#include "fjs_priv.h"
#include "fjstream.h"
#include "fr_file.h"

/*
 * The stream read by two threads wherever a jobs array has 2 bytes left
 * (fjs_priv.h): @ra, @a and @ea as read by one, or fails. The counts of
 * second threads taken and dropped add to @joined and @dropped.
 */
static void split_same(const char *buf, size_t len, int ra, const struct fj_set *a,
		       const struct fr_err *ea, unsigned int *joined, unsigned int *dropped)
{
	struct fjs_at at = { .fd = -1, .mem = buf, .size = (long long)len, .threads = 2, .min_split = 2 };
	struct fj_set s = { 0 };
	struct fr_err es = { "" };
	int rs = fjs_read_at(&s, "in.json", &at, &es);
	char *ds = fjd_text(&s, false), *da = fjd_text(a, false);

	assert_int_equal(rs, ra);
	assert_string_equal(es.msg, ea->msg);
	assert_string_equal(ds, da);
	free(ds);
	free(da);
	fj_set_release(&s);
	*joined += at.joined;
	*dropped += at.dropped;
}

static unsigned int joined, dropped; /* by split_same(), over the whole run */

/* Both readers on @buf: the stream's answer (0, FJS_UNSURE or an error), checked against the other's. */
static int both(const char *buf, size_t len)
{
	struct fj_set a = { 0 }, b = { 0 };
	struct fr_err ea = { "" }, eb = { "" };
	int ra = fjs_read_buffer(&a, "in.json", buf, len, &ea);
	int rb = fj_read_buffer(&b, "in.json", buf, len, &eb);

	split_same(buf, len, ra, &a, &ea, &joined, &dropped);

	if (ra == FJS_UNSURE) {
		char *d = fjd_text(&a, false);

		/* Untouched: the empty set's dump. */
		assert_int_equal(a.njobs, 0);
		assert_int_equal(a.nfiles, 0);
		free(d);
	} else if (ra) {
		assert_int_equal(ra, rb);
		assert_string_equal(ea.msg, eb.msg);
	} else {
		char *da = fjd_text(&a, false), *db = fjd_text(&b, false);

		assert_int_equal(rb, 0);
		assert_string_equal(da, db);
		free(da);
		free(db);
	}
	fj_set_release(&a);
	fj_set_release(&b);
	return ra;
}

static void check_dir(const char *dir, size_t *fast, size_t *n)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	assert_non_null(d);
	while ((e = readdir(d))) {
		char path[1024], *buf;
		size_t len;

		if (!strstr(e->d_name, ".json"))
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		assert_int_equal(fr_read_file(path, NULL, 0, 0, &buf, &len, NULL), 0);
		if (both(buf, len) == 0)
			++*fast;
		else
			print_message("not streamed: %s\n", path);
		++*n;
		free(buf);
	}
	closedir(d);
}

/* Every real fio result: the same set, and the fast path for all but the prefixed ones. */
static void test_fjstream_data(void **state)
{
	size_t fast = 0, n = 0;

	(void)state;
	check_dir("tests/data/fio-json", &fast, &n);
	check_dir("tests/data/fio-json/public", &fast, &n);
	check_dir("tests/data/golden", &fast, &n);
	check_dir("tests/fuzz/corpus/fiojson", &fast, &n);
	assert_true(n >= 30);
	/* Real fio output splits where the guess lands on a job (fjs_priv.h). */
	print_message("second threads: %u taken, %u dropped\n", joined, dropped);
	assert_true(joined >= 5);
	/* 06b (text before a '{' not in column 1) and the regressions are read whole. */
	assert_true(fast + 6 >= n);
}

/* A job with @jextra among its members, @extra inside its read direction and @jopt in its options. */
static char *job_doc(const char *jextra, const char *jopt, const char *extra)
{
	static const char fmt[] =
		"{\n  \"fio version\" : \"fio-3.33\",\n  \"timestamp\" : 17,\n"
		"  \"jobs\" : [\n    {\n      \"jobname\" : \"j\\u00e9\\ud83d\\ude00\",\n"
		"      \"groupid\" : 0, \"error\" : 0,%s \"skipped\" : [1, {\"a\" : null}, true, -0.5e-3],\n"
		"      \"job options\" : { \"rw\" : \"randread\", \"bs\" : \"8k\", \"iodepth\" : \"4\"%s },\n"
		"      \"read\" : { \"io_bytes\" : 8192000, \"io_kbytes\" : 8000, \"total_ios\" : 1000,\n"
		"        \"runtime\" : 1000, \"iops\" : 1000.0%s,\n"
		"        \"clat_ns\" : { \"min\" : 1, \"max\" : 9e3, \"mean\" : 123.456789012345678,\n"
		"          \"stddev\" : 0.1, \"N\" : 1000, \"percentile\" : { \"50.000000\" : 100, \"99.000000\" : 900 },\n"
		"          \"bins\" : { \"100\" : 500, \"200\" : 400, \"900\" : 100 } } },\n"
		"      \"write\" : { \"io_bytes\" : 0, \"io_kbytes\" : 0, \"total_ios\" : 0, \"runtime\" : 0 }\n"
		"    }\n  ]\n}\n";
	size_t len = sizeof(fmt) + strlen(jextra) + strlen(jopt) + strlen(extra);
	char *s = malloc(len);

	assert_non_null(s);
	snprintf(s, len, fmt, jextra, jopt, extra);
	return s;
}

static void expect3(const char *jextra, const char *jopt, const char *extra, int want)
{
	char *s = job_doc(jextra, jopt, extra);
	int got = both(s, strlen(s));

	free(s);
	if ((want == 0) != (got == 0))
		fail_msg("%s / %s / %s: stream answered %d", jextra, jopt, extra, got);
}

static void expect(const char *jopt, const char *extra, int want)
{
	expect3("", jopt, extra, want);
}

/* A number as usr_cpu (kept as it is read): the same double, or refused as jansson refuses it. */
static void num(const char *text, int want)
{
	char j[128];

	snprintf(j, sizeof(j), " \"usr_cpu\" : %s,", text);
	expect3(j, "", "", want);
}

static void test_fjstream_cases(void **state)
{
	(void)state;
	expect("", "", 0);
	expect(", \"\" : \"\"", "", 0); /* empty key and value */
	expect(", \"name\" : \"a\\\"b\\\\c\\/d\\b\\f\\n\\r\\t\"", "", 0);
	expect(", \"x\" : \"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80\"", "", 0);
	expect(", \"x\" : \"\xc3\"", "", FJS_UNSURE);	      /* cut UTF-8 */
	expect(", \"x\" : \"\xed\xa0\x80\"", "", FJS_UNSURE); /* a surrogate in UTF-8 */
	expect(", \"x\" : \"\xc0\xaf\"", "", FJS_UNSURE);     /* overlong */
	expect(", \"x\" : \"\\u0000\"", "", FJS_UNSURE);      /* jansson refuses NUL */
	expect(", \"x\" : \"\\ud800\"", "", FJS_UNSURE);      /* a lone surrogate */
	expect(", \"x\" : \"a\tb\"", "", FJS_UNSURE);	      /* a control character */
	num("1.7976931348623157e308", 0);
	num("1e309", FJS_UNSURE); /* overflow: jansson refuses */
	num("2.2250738585072011e-308", 0);
	num("4.9e-324", 0);
	num("1e-400", 0);	      /* underflow to 0: jansson takes it */
	num("9007199254740993.0", 0); /* above 2^53: strtod's */
	num("0.1", 0);
	num("-0.0", 0);
	num("123.456789012345678901234", 0);
	num("1e22", 0);
	num("1e23", 0);
	num("12345678901234567890e-10", 0);
	num("0.000000000000000000000000001e27", 0);
	num("123456789012345678901234567890", FJS_UNSURE); /* too big an integer */
	num("9223372036854775807", 0);
	num("-9223372036854775808", 0);
	num("9223372036854775808", FJS_UNSURE);
	num("01", FJS_UNSURE);
	num("1.", FJS_UNSURE);
	num(".5", FJS_UNSURE);
	num("1e", FJS_UNSURE);
	num("-", FJS_UNSURE);
	num("tru", FJS_UNSURE);
	num("truex", FJS_UNSURE);
	num("1, \"usr_cpu\" : 2", 0); /* the later wins, as in jansson */
	expect("", ", \"lat_ns\" : { \"mean\" : 5, \"bins\" : { \"7\" : 1, \"3\" : 2, \"0003\" : 1, \"5\" : 1.5 } }", 0);
	expect("", ", \"lat_ns\" : { \"bins\" : { \"FIO_IO_U_PLAT_BITS\" : 6, \"1\" : 2 } }", 0);
	expect("", ", \"lat_ns\" : { \"bins\" : { \"1\" : 1 }, \"bins\" : { \"2\" : 2 } }", FJS_UNSURE);
	expect("", ", \"iops_mean\" : -1", FJS_UNSURE); /* a figure fio never writes: the whole reader words it */
}

/* Interim reports, text around them, a document cut short, no jobs, an empty input. */
static void test_fjstream_documents(void **state)
{
	char *one = job_doc("", "", ""), buf[8192];

	(void)state;
	snprintf(buf, sizeof(buf), "fio: a banner line\n%s%s\ntrailing text\n", one, one);
	assert_int_equal(both(buf, strlen(buf)), 0);
	snprintf(buf, sizeof(buf), "%s%.*s", one, (int)(strlen(one) - 20), one);
	assert_int_equal(both(buf, strlen(buf)), FJS_UNSURE); /* cut: -partial's business */
	snprintf(buf, sizeof(buf), "<host> %s", one);
	assert_int_equal(both(buf, strlen(buf)), FJS_UNSURE); /* no '{' in column 1 */
	snprintf(buf, sizeof(buf), "{ \"fio version\" : \"fio-3.33\" }\n");
	assert_int_equal(both(buf, strlen(buf)), FJS_UNSURE); /* no jobs: the whole reader says where */
	assert_int_equal(both("", 0), FJS_UNSURE);
	snprintf(buf, sizeof(buf), "{ \"jobs\" : [], \"global options\" : { \"rw\" : \"read\" } }\n");
	assert_int_equal(both(buf, strlen(buf)), FJS_UNSURE);
	snprintf(buf, sizeof(buf), "{ \"jobs\" : {} }\n");
	assert_int_equal(both(buf, strlen(buf)), FJS_UNSURE);
	snprintf(buf, sizeof(buf), "{ \"a\\\"b\" : 1, \"jobs\" : [ { \"jobname\" : \"x\" } ] }\n");
	assert_int_equal(both(buf, strlen(buf)), 0);
	snprintf(buf, sizeof(buf), "{ \"jobs\" : [ { \"jobname\" : \"c001-50pct-max1000\" } ] }\n");
	assert_int_equal(both(buf, strlen(buf)), FJS_UNSURE); /* an open-loop curve's */
	free(one);
}

/* Long strings, keys and blank runs across the 1 MiB window's refills, read from a file. */
static void test_fjstream_refills(void **state)
{
	char path[] = "/tmp/fjstream.XXXXXX", *buf;
	size_t len = 0, cap = 6u << 20, i;
	struct fj_set a = { 0 };
	struct fr_err err = { "" };
	int fd = mkstemp(path);

	(void)state;
	assert_true(fd >= 0);
	buf = malloc(cap);
	assert_non_null(buf);
	len += (size_t)sprintf(buf, "{\n\"fio version\" : \"fio-3.33\", \"jobs\" : [\n");
	for (i = 0; i < 3000; i++) {
		/* Blanks of every length, so each byte of a token lands on a window's edge once. */
		len += (size_t)sprintf(buf + len, "%s{ \"jobname\" : \"j%zu\",%*s\"job options\" : { \"description\" : \"%0*d\\\"\\u00e9\" },"
						  " \"read\" : { \"total_ios\" : %zu, \"io_bytes\" : %zu, \"clat_ns\" : { \"mean\" : %zu.25, \"bins\" : { \"1\" : 1, \"%zu\" : 2 } } } }",
				       i ? ",\n" : "", i, (int)(i % 997), "", (int)(i % 1500), 7, i + 1, 4096 * (i + 1), i, i + 2);
	}
	len += (size_t)sprintf(buf + len, "\n]\n}\n");
	assert_int_equal(write(fd, buf, len), (ssize_t)len);
	assert_int_equal(lseek(fd, 0, SEEK_SET), 0);
	assert_int_equal(fjs_read_fd(&a, "big.json", fd, &err), 0);
	assert_int_equal(a.njobs, 3000);
	fj_set_release(&a);
	{
		/* The file by two threads: the guess taken, the same set as from memory (both()). */
		struct fjs_at at = { .fd = fd, .size = (long long)len, .threads = 2, .min_split = 2 };

		assert_int_equal(fjs_read_at(&a, "big.json", &at, &err), 0);
		assert_int_equal(at.joined, 1);
		assert_int_equal(a.njobs, 3000);
		fj_set_release(&a);
	}
	assert_int_equal(both(buf, len), 0);
	close(fd);
	unlink(path);
	free(buf);
}

/*
 * A second thread whose guess is wrong: its first '{' at a line's start
 * with "jobname" first is a member of a job, in an array of look-alike
 * jobs it reads to their bracket. The first thread must drop its work
 * and read everything itself: the same set as one thread's.
 */
static void test_fjstream_split(void **state)
{
	struct fj_set a = { 0 };
	struct fr_err ea = { "" };
	unsigned int j = 0, d = 0, i;
	size_t len = 0;
	char *buf = malloc(1 << 20);

	(void)state;
	assert_non_null(buf);
	len += (size_t)sprintf(buf, "{\n\"fio version\" : \"fio-3.33\",\n\"jobs\" : [\n"
				    "{ \"jobname\" : \"a\", \"read\" : { \"total_ios\" : 5, \"runtime\" : 1000 } },\n"
				    "{ \"jobname\" : \"b\", \"pad\" : \"%0*d\", \"arr\" : [\n",
			       20000, 0);
	for (i = 0; i < 3; i++)
		len += (size_t)sprintf(buf + len, "%s{ \"jobname\" : \"decoy%u\" }", i ? ",\n" : "", i);
	len += (size_t)sprintf(buf + len, "],\n\"read\" : { \"total_ios\" : 7, \"runtime\" : 1000 } },\n"
					  "{ \"jobname\" : \"c\", \"read\" : { \"total_ios\" : 9, \"runtime\" : 1000 } }\n]\n}\n");
	assert_int_equal(fjs_read_buffer(&a, "in.json", buf, len, &ea), 0);
	assert_int_equal(a.njobs, 3);
	split_same(buf, len, 0, &a, &ea, &j, &d);
	assert_int_equal(j, 0);
	assert_int_equal(d, 1);
	fj_set_release(&a);

	/*
	 * --status-interval: 200 documents, the middle of what is left always
	 * in a later one. One guess is dropped, then no thread is started
	 * again (each would be: 7,680 threads for 52 MB before this rule).
	 */
	len = 0;
	for (i = 0; i < 200; i++)
		len += (size_t)sprintf(buf + len, "{\n\"fio version\" : \"fio-3.33\",\n\"jobs\" : [\n"
						  "{ \"jobname\" : \"a\", \"read\" : { \"total_ios\" : %u, \"runtime\" : 1000 } },\n"
						  "{ \"jobname\" : \"b\", \"read\" : { \"total_ios\" : 7, \"runtime\" : 1000 } }\n]\n}\n",
				       i + 1);
	assert_int_equal(fjs_read_buffer(&a, "in.json", buf, len, &ea), 0);
	assert_int_equal(a.njobs, 2);
	j = d = 0;
	split_same(buf, len, 0, &a, &ea, &j, &d);
	assert_int_equal(j, 0);
	assert_int_equal(d, 1);
	fj_set_release(&a);
	free(buf);
}

/*
 * A document with a value of @n bytes as written (@kind 's': a string
 * holding an escaped quote, letters, and an escaped backslash at its end;
 * 'n': a number), @where: 0 a top-level member's, 1 a job's member's, 2
 * a top-level key. Its first byte's offset in *@at.
 */
static size_t long_doc(char *buf, int where, char kind, size_t n, size_t *at)
{
	static const char *const before[] = { "  \"x\" : ", "\"jobs\" : [ { \"jobname\" : \"j\", \"x\" : ", "  " };
	static const char *const after[] = { ",\n\"jobs\" : [ { \"jobname\" : \"j\" } ]\n}\n",
					     ", \"read\" : { \"total_ios\" : 1 } } ]\n}\n",
					     " : 1,\n\"jobs\" : [ { \"jobname\" : \"j\" } ]\n}\n" };
	size_t len = (size_t)sprintf(buf, "{\n\"fio version\" : \"fio-3.33\",\n%s", before[where]);

	*at = len;
	if (kind == 's') {
		len += (size_t)sprintf(buf + len, "\"\\\"");
		memset(buf + len, 'a', n - 4);
		len += n - 4;
		len += (size_t)sprintf(buf + len, "\\\\\"");
	} else {
		memset(buf + len, '7', n);
		len += n;
	}
	return len + (size_t)sprintf(buf + len, "%s", after[where]);
}

/*
 * A string or a number of FJS_MAX_VALUE bytes as written (escapes
 * counted as written, an escaped quote and backslash in it) is taken; one
 * more is refused at its first byte, in the same words by the stream
 * reader (as it reads: a job's member, a top-level member or key) and by
 * fjs_check_values() (on the buffer, before the whole reader), except a
 * job's number, which the stream gives back (its window holds 512 bytes
 * of one) to be refused by the check.
 */
static void test_fjstream_limits(void **state)
{
	static const struct {
		int where;
		char kind;
	} cases[] = { { 0, 's' }, { 0, 'n' }, { 1, 's' }, { 1, 'n' }, { 2, 's' } };
	char *buf = malloc(FJS_MAX_VALUE + 4096);
	size_t i, len, at;

	(void)state;
	assert_non_null(buf);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct fr_err es = { "" }, eb = { "" };
		char kind = cases[i].kind, want[256];
		bool job_number = cases[i].where == 1 && kind == 'n';
		struct fj_set a = { 0 };

		len = long_doc(buf, cases[i].where, kind, FJS_MAX_VALUE, &at);
		assert_int_equal(fjs_check_values("in.json", buf, len, &eb), 0);
		assert_int_not_equal(fjs_read_buffer(&a, "in.json", buf, len, &es), -EFBIG);
		fj_set_release(&a);
		len = long_doc(buf, cases[i].where, kind, FJS_MAX_VALUE + 1, &at);
		snprintf(want, sizeof(want),
			 "'in.json': a JSON %s of more than 16 MiB (16777216 bytes) at byte %zu: the limit of one value",
			 kind == 's' ? "string" : "number", at + 1);
		assert_int_equal(fjs_check_values("in.json", buf, len, &eb), -EFBIG);
		assert_string_equal(eb.msg, want);
		assert_int_equal(fjs_read_buffer(&a, "in.json", buf, len, &es), job_number ? FJS_UNSURE : -EFBIG);
		if (!job_number)
			assert_string_equal(es.msg, want);
		assert_int_equal(a.njobs, 0);
		fj_set_release(&a);
	}
	/* Text before the first document is not JSON: an unmatched quote there changes nothing. */
	len = (size_t)sprintf(buf, "fio: note \"\n{\n\"fio version\" : \"fio-3.33\", \"jobs\" : [] }\n");
	assert_int_equal(fjs_check_values("in.json", buf, len, NULL), 0);
	free(buf);
}

int main(void)
{
	/* As fio2orion: a job's nodes from the reading thread's arena (fjarena.h). */
	fja_install();
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fjstream_data),
		cmocka_unit_test(test_fjstream_cases),
		cmocka_unit_test(test_fjstream_documents),
		cmocka_unit_test(test_fjstream_refills),
		cmocka_unit_test(test_fjstream_split),
		cmocka_unit_test(test_fjstream_limits),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
