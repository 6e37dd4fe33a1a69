/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: the span scanner under the fio JSON reader, on text made
 * to trip a scanner that only counts brackets: escaped quotes and
 * backslashes in strings, brackets and braces in strings, a "jobs" key
 * nested in a job or in another member, a duplicate top-level jobs key,
 * text before the document (fio's banner, a "<host> " prefix, a prompt),
 * several documents in one buffer (and fio's own --status-interval file),
 * and documents that are truncated or malformed, with the line and
 * column jansson gives. Expected spans are written out by hand.
 */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <jansson.h>

#include "fiojson.h"
#include "fr_file.h"
#include "jscan.h"

#define DATA "tests/data/fio-json/"

/* The text of span @s of @buf is exactly @want. */
static void span_is(const char *buf, struct js_span s, const char *want)
{
	size_t n = strlen(want);

	if (s.end - s.start != n || memcmp(buf + s.start, want, n))
		fail_msg("span [%zu, %zu) is '%.*s', want '%s'", s.start, s.end,
			 (int)(s.end - s.start), buf + s.start, want);
}

/* Scan the one document of @buf, which must be whole and end the buffer. */
static json_t *scan_whole(const char *buf, struct js_span **jobs, size_t *njobs)
{
	size_t len = strlen(buf);
	json_t *doc = json_object();

	assert_non_null(doc);
	assert_int_equal(js_scan_doc(buf, len, js_first_doc(buf, len), doc, jobs, njobs),
			 len);
	return doc;
}

/* A quote after a backslash is text; a backslash after a backslash is not. */
static void test_jscan_escaped_quotes(void **state)
{
	static const char buf[] =
		"{\"note\": \"say \\\"}\\\" twice\", \"path\": \"c:\\\\\","
		" \"jobs\": [{\"jobname\": \"a\\\"b\"}, {\"jobname\": \"\\\\\"}]}";
	struct js_span *jobs = NULL;
	size_t njobs;
	json_t *doc;

	(void)state;
	doc = scan_whole(buf, &jobs, &njobs);
	assert_int_equal(njobs, 2);
	span_is(buf, jobs[0], "{\"jobname\": \"a\\\"b\"}");
	span_is(buf, jobs[1], "{\"jobname\": \"\\\\\"}");
	assert_string_equal(json_string_value(json_object_get(doc, "note")), "say \"}\" twice");
	assert_string_equal(json_string_value(json_object_get(doc, "path")), "c:\\");
	assert_true(json_is_true(json_object_get(doc, "jobs")));
	json_decref(doc);
	free(jobs);
}

/* Brackets and braces inside strings open and close nothing. */
static void test_jscan_brackets_in_strings(void **state)
{
	static const char buf[] =
		"{\"desc\": \"x]}{[\",\n"
		" \"jobs\": [ {\"jobname\": \"x]}{[\", \"d\": {\"k\": \"]\"}} ,\n"
		"           {\"jobname\": \"[{\"} ],\n"
		" \"after\": [\"}\", \"]\"]}";
	struct js_span *jobs = NULL;
	size_t njobs;
	json_t *doc, *after;

	(void)state;
	doc = scan_whole(buf, &jobs, &njobs);
	assert_int_equal(njobs, 2);
	span_is(buf, jobs[0], "{\"jobname\": \"x]}{[\", \"d\": {\"k\": \"]\"}}");
	span_is(buf, jobs[1], "{\"jobname\": \"[{\"}");
	assert_string_equal(json_string_value(json_object_get(doc, "desc")), "x]}{[");
	after = json_object_get(doc, "after");
	assert_true(json_is_array(after) && json_array_size(after) == 2);
	assert_string_equal(json_string_value(json_array_get(after, 1)), "]");
	json_decref(doc);
	free(jobs);
}

/*
 * Only the top-level jobs array is split: a "jobs" key inside a job, or
 * inside another member, is part of that value. A later top-level jobs
 * key replaces the earlier one, as in jansson.
 */
static void test_jscan_nested_jobs(void **state)
{
	static const char nested[] =
		"{\"meta\": {\"jobs\": [{\"jobname\": \"not a job\"}]},\n"
		" \"jobs\": [{\"jobname\": \"a\", \"opts\": {\"jobs\": [{\"x\": 1}, {\"y\": 2}]}}],\n"
		" \"tail\": {\"client_stats\": [{}]}}";
	static const char twice[] =
		"{\"jobs\": [{\"jobname\": \"old\"}, {\"jobname\": \"older\"}],"
		" \"client_stats\": [{\"jobname\": \"new\"}]}";
	struct js_span *jobs = NULL;
	size_t njobs;
	json_t *doc, *meta;

	(void)state;
	doc = scan_whole(nested, &jobs, &njobs);
	assert_int_equal(njobs, 1);
	span_is(nested, jobs[0],
		"{\"jobname\": \"a\", \"opts\": {\"jobs\": [{\"x\": 1}, {\"y\": 2}]}}");
	meta = json_object_get(doc, "meta");
	assert_true(json_is_array(json_object_get(meta, "jobs")));
	assert_true(json_is_object(json_object_get(doc, "tail")));
	json_decref(doc);

	/* The same array of spans is handed back in: the scanner replaces it. */
	doc = scan_whole(twice, &jobs, &njobs);
	assert_int_equal(njobs, 1);
	span_is(twice, jobs[0], "{\"jobname\": \"new\"}");
	json_decref(doc);
	free(jobs);
}

/*
 * Text before the document: fio's banner and notes (a '{' in column 1 is
 * the document, one inside a line is not), else the first '{' anywhere.
 */
static void test_jscan_text_before(void **state)
{
	static const char banner[] =
		"fio-3.33\n"
		"note: {g=0} is not JSON\n"
		"Starting 1 process\n"
		"{\n  \"jobs\" : [\n    {\n      \"jobname\" : \"a\"\n    }\n  ]\n}\n";
	static const char host[] = "<127.0.0.1> {\"jobs\": [{\"jobname\": \"a\"}]}\n";
	static const char prompt[] = "$ >{\"jobs\": []}";
	static const char none[] = "fio: no JSON here\n";
	struct js_span *jobs = NULL;
	size_t njobs, len = strlen(banner);
	json_t *doc = json_object();

	(void)state;
	assert_int_equal(js_first_doc(banner, len), strstr(banner, "\n{") - banner + 1);
	assert_int_equal(js_scan_doc(banner, len, js_first_doc(banner, len), doc, &jobs, &njobs),
			 len - 1);
	assert_int_equal(njobs, 1);
	span_is(banner, jobs[0], "{\n      \"jobname\" : \"a\"\n    }");
	json_decref(doc);

	assert_int_equal(js_first_doc(host, strlen(host)), strlen("<127.0.0.1> "));
	doc = json_object();
	assert_int_equal(js_scan_doc(host, strlen(host), strlen("<127.0.0.1> "), doc,
				     &jobs, &njobs),
			 strlen(host) - 1);
	assert_int_equal(njobs, 1);
	span_is(host, jobs[0], "{\"jobname\": \"a\"}");
	json_decref(doc);

	assert_int_equal(js_first_doc(prompt, strlen(prompt)), 3);
	assert_int_equal(js_first_doc(none, strlen(none)), strlen(none));
	assert_int_equal(js_first_doc("", 0), 0);
	free(jobs);
}

/*
 * Several documents (fio --status-interval): each is found in column 1
 * and scanned in turn; a document without jobs reports none, even after
 * one that had some. The reader keeps the last.
 */
static void test_jscan_several_documents(void **state)
{
	static const char buf[] =
		"{\"jobs\": [{\"jobname\": \"one\"}]}\n"
		"{\"jobs\": [{\"jobname\": \"two\"},\n  {\"jobname\": \"three\"}]}\n"
		"between documents\n"
		"{\"fio version\": \"fio-3.33\"}\n"
		"{\"jobs\": [{\"jobname\": \"last\", \"read\": {\"io_bytes\": 1}}]}\n";
	static const char *const want[] = { "one", "two", NULL, "last" };
	struct js_span *jobs = NULL;
	size_t len = strlen(buf), pos, end = 0, njobs;
	struct fj_set set = { 0 };
	struct fr_err err = { "" };
	unsigned int n = 0;

	(void)state;
	for (pos = js_first_doc(buf, len); pos < len; pos = js_next_doc(buf, len, end)) {
		json_t *doc = json_object(), *j;

		assert_true(n < 4);
		end = js_scan_doc(buf, len, pos, doc, &jobs, &njobs);
		assert_int_not_equal(end, 0);
		assert_int_equal(buf[end - 1], '}');
		assert_int_equal(njobs, want[n] ? (n == 1 ? 2 : 1) : 0);
		if (njobs) {
			j = json_loadb(buf + jobs[0].start, jobs[0].end - jobs[0].start, 0, NULL);
			assert_non_null(j);
			assert_string_equal(json_string_value(json_object_get(j, "jobname")), want[n]);
			json_decref(j);
		}
		json_decref(doc);
		n++;
	}
	assert_int_equal(n, 4);
	free(jobs);

	assert_int_equal(fj_read_buffer(&set, "multi", buf, len, &err), 0);
	assert_int_equal(set.njobs, 1);
	assert_string_equal(set.jobs[0].name, "last");
	fj_set_release(&set);
}

/* fio's own --status-interval output: four documents, one job each. */
static void test_jscan_status_interval_file(void **state)
{
	struct js_span *jobs = NULL;
	size_t len, pos, end = 0, njobs;
	unsigned int n = 0;
	char *buf;

	(void)state;
	assert_int_equal(fr_read_file(DATA "11-status-interval-multi-doc.json", NULL, 0,
				      FR_READ_REGULAR, &buf, &len, NULL),
			 0);
	for (pos = js_first_doc(buf, len); pos < len; pos = js_next_doc(buf, len, end)) {
		json_t *doc = json_object();

		end = js_scan_doc(buf, len, pos, doc, &jobs, &njobs);
		assert_int_not_equal(end, 0);
		assert_int_equal(njobs, 1);
		assert_string_equal(json_string_value(json_object_get(doc, "fio version")),
				    "fio-3.33");
		json_decref(doc);
		n++;
	}
	assert_int_equal(n, 4);
	free(jobs);
	free(buf);
}

struct bad_case {
	const char *what, *text;
	const char *expect; /* the start of js_error_at()'s message */
};

/*
 * A document cut short (in a job, in a string, after an escape, between
 * members) or malformed is refused, and jansson says where: at the end
 * of the buffer when it is truncated. Text jansson takes but the scanner
 * does not (a jobs array of numbers) is named as such.
 */
static void test_jscan_truncated(void **state)
{
	static const struct bad_case t[] = {
		{ "in a job", "{\n  \"jobs\" : [\n    { \"jobname\" : \"a\",", "in:3:23: truncated JSON: " },
		{ "in a string", "{\"jobs\": [{\"jobname\": \"x]}", "in:1:27: truncated JSON: " },
		{ "after an escape", "{\"jobs\": [{\"jobname\": \"a\\", "in:1:26: truncated JSON: " },
		{ "after a member", "{\"fio version\": \"fio-3.33\",\n", "in:2:1: truncated JSON: " },
		{ "a brace alone", "{\n", "in:2:1: truncated JSON: " },
		{ "the second document", "{\"jobs\": []}\n{\"jobs\": [{}", "in:2:13: truncated JSON: " },
		{ "malformed", "{\n  \"jobs\" : [ 1,, 2 ]\n}\n", "in:2:" },
		{ "jobs of numbers", "text\n{\"jobs\": [1, 2]}\n", "in:2:1: unexpected JSON layout" },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		const char *b = t[i].text;
		size_t len = strlen(b), pos = js_first_doc(b, len), end;
		struct js_span *jobs = NULL;
		struct fr_err err = { "" };
		size_t njobs;

		for (;;) {
			json_t *doc = json_object();

			end = js_scan_doc(b, len, pos, doc, &jobs, &njobs);
			json_decref(doc);
			if (!end || js_next_doc(b, len, end) == len)
				break;
			pos = js_next_doc(b, len, end);
		}
		free(jobs);
		if (end)
			fail_msg("%s: accepted", t[i].what);
		assert_int_equal(js_error_at("in", b, len, pos, &err), -EINVAL);
		if (strncmp(err.msg, t[i].expect, strlen(t[i].expect)))
			fail_msg("%s: '%s', want '%s...'", t[i].what, err.msg, t[i].expect);
	}
}

/* Lines and columns count from 1; a newline starts the next line. */
static void test_jscan_where(void **state)
{
	static const char buf[] = "ab\ncd\n\nx";
	int line, col;

	(void)state;
	js_where(buf, 0, &line, &col);
	assert_true(line == 1 && col == 1);
	js_where(buf, 2, &line, &col);
	assert_true(line == 1 && col == 3);
	js_where(buf, 4, &line, &col);
	assert_true(line == 2 && col == 2);
	js_where(buf, strlen(buf), &line, &col);
	assert_true(line == 4 && col == 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_jscan_escaped_quotes),
		cmocka_unit_test(test_jscan_brackets_in_strings),
		cmocka_unit_test(test_jscan_nested_jobs),
		cmocka_unit_test(test_jscan_text_before),
		cmocka_unit_test(test_jscan_several_documents),
		cmocka_unit_test(test_jscan_status_interval_file),
		cmocka_unit_test(test_jscan_truncated),
		cmocka_unit_test(test_jscan_where),
	};

	return cmocka_run_group_tests_name("jscan", tests, NULL, NULL);
}
