/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: run/runinfo.c, the one owner of run.json, through
 * runinfo.h and the JSON itself (not the fields of struct ri_run, so the
 * test holds while the struct changes): a run.json with every key the
 * header lists is read and written back equal, key for key; the golden
 * seeds' "fiorion" objects keep every key and value through a read and a
 * write, and a second read and write changes nothing; keys of the
 * answers are written only when set; malformed entries are dropped as
 * the header says (a LUN without a string name named "", hosts that are
 * not objects with a string name, warnings, stopped sentences and knees
 * that are not what they should be, a compat, matrix or runner that is
 * not one); what ran the points (runner, fio, engine, backend and its
 * fallback, each host's engine, backend and kernel) only when recorded;
 * every layout and matrix shape is read and written as its word;
 * released, the struct is empty.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include <jansson.h>

#include "runinfo.h"

/* Read the "fiorion" object of @text, write it back: the new text's object. */
static json_t *read_write(json_t *in)
{
	struct ri_run r;
	json_t *doc, *out;
	char *text;

	memset(&r, 0, sizeof(r));
	ri_read(&r, in);
	text = ri_write(&r);
	ri_release(&r);
	assert_non_null(text);
	doc = json_loads(text, 0, NULL);
	if (!doc)
		fail_msg("ri_write() wrote no JSON: %s", text);
	free(text);
	out = json_incref(json_object_get(doc, "fiorion"));
	assert_non_null(out);
	json_decref(doc);
	return out;
}

static json_t *parse(const char *text)
{
	json_error_t e;
	json_t *j = json_loads(text, 0, &e);

	if (!j)
		fail_msg("test JSON: %s at %d", e.text, e.position);
	return j;
}

static void assert_json_equal(json_t *got, json_t *want)
{
	if (!json_equal(got, want)) {
		char *g = json_dumps(got, JSON_SORT_KEYS), *w = json_dumps(want, JSON_SORT_KEYS);

		fail_msg("run.json differs:\n got %s\nwant %s", g, w);
	}
}

/* Every key runinfo.h lists, set: read and written back the same. */
static const char every_key[] =
	"{\"version\": \"0.1\", \"run_id\": \"0123456789abcdef\", \"orion version\": \"fiorion-0.1\","
	" \"testname\": \"db\", \"compat\": \"19c\","
	" \"command line\": [\"-run\", \"advanced\", \"-testname\", \"db\"],"
	" \"size_small\": 8, \"size_large\": 1024, \"type\": \"rand\", \"num_streamIO\": 4,"
	" \"simulate\": \"raid0\", \"stripe\": 1024, \"write\": 20, \"cache_size\": -1,"
	" \"duration\": 60, \"matrix\": \"detailed\", \"num_disks\": 2,"
	" \"small_columns\": [1, 2, 4], \"large_columns\": [0, 1],"
	" \"total_points\": 6,"
	" \"luns\": [{\"name\": \"/dev/sdb\", \"size\": 1073741824}, {\"name\": \"/dev/sdc\", \"size\": 1073741824}],"
	" \"vlun_size\": 2147483648, \"warnings\": [\"LUN /dev/sdb is small\"], \"start\": 1700000000,"
	" \"kernel\": \"Linux 6.1.0-13-amd64 x86_64\","
	" \"hosts\": [{\"name\": \"h1:8765\", \"fio\": \"fio-3.33\", \"luns\": [{\"name\": \"/dev/vdb\", \"size\": 4096}], \"vlun_size\": 4096,"
	" \"engine\": \"0.1\", \"backend\": \"libaio\", \"kernel\": \"Linux 6.1.0-13-amd64 x86_64\"}],"
	" \"runner\": \"fio\", \"fio\": \"fio-3.33\", \"engine\": \"0.1\", \"backend\": \"libaio\","
	" \"backend_asked\": \"io_uring\", \"backend_note\": \"the kernel refused io_uring (operation not permitted)\","
	" \"max_latency\": \"p99:5\", \"stop_at_knee\": true, \"stopped\": [\"the small ladder stopped at 4\"],"
	" \"knees\": [{\"ladder\": \"small\", \"fixed\": 0, \"load\": 4, \"why\": \"latency\"}],"
	" \"duration_auto\": 120, \"repeat\": 3,"
	" \"curve\": {\"percent\": [10.0, 50.0, 120.5], \"arrival\": \"uniform\", \"max_iops\": 20000, \"depth_cap\": 56}}";

static void test_every_key(void **state)
{
	json_t *in = parse(every_key), *out;
	const char *key;
	json_t *v;

	(void)state;
	out = read_write(in);
	/* Every key the header lists comes back with its value. */
	json_object_foreach(in, key, v) {
		json_t *o = json_object_get(out, key);

		if (!o || !json_equal(o, v)) {
			char *w = json_dumps(v, JSON_ENCODE_ANY), *g = o ? json_dumps(o, JSON_ENCODE_ANY) : NULL;

			fail_msg("key '%s': wrote %s, read %s", key, g ? g : "nothing", w);
		}
	}
	json_decref(out);
	json_decref(in);
}

/* The golden seeds' run objects: nothing lost, and a fixed point. */
static void test_golden(void **state)
{
	static const char *const seeds[] = { "tests/data/golden/seed000.json",
					     "tests/data/golden/seed001.json" };
	unsigned int i;

	(void)state;
	for (i = 0; i < 2; i++) {
		json_error_t e;
		json_t *doc = json_load_file(seeds[i], 0, &e), *in, *once, *twice, *v;
		const char *key;

		if (!doc)
			fail_msg("%s: %s", seeds[i], e.text);
		in = json_object_get(doc, "fiorion");
		assert_non_null(in);
		once = read_write(in);
		json_object_foreach(in, key, v)
			if (!json_equal(json_object_get(once, key), v))
				fail_msg("%s: key '%s' changed", seeds[i], key);
		twice = read_write(once);
		assert_json_equal(twice, once);
		json_decref(once);
		json_decref(twice);
		json_decref(doc);
	}
}

/* A run without the answers' options, or that ran nothing (-jobs_only), has none of their keys. */
static void test_answers_only_when_set(void **state)
{
	static const char *const answers[] = { "max_latency", "stop_at_knee", "stopped", "knees",
					       "duration_auto", "repeat", "hosts", "curve", "runner",
					       "fio", "engine", "backend", "backend_asked", "backend_note" };
	json_t *in = parse("{\"testname\": \"t\", \"repeat\": 1, \"stop_at_knee\": false}"), *out;
	unsigned int i;

	(void)state;
	out = read_write(in);
	for (i = 0; i < sizeof(answers) / sizeof(answers[0]); i++)
		if (json_object_get(out, answers[i]))
			fail_msg("'%s' written for a run without it", answers[i]);
	json_decref(out);
	json_decref(in);
}

/* Malformed entries: dropped or named "", as runinfo.h says. */
static void test_malformed_entries(void **state)
{
	json_t *in = parse(
		"{\"testname\": \"t\", \"compat\": \"13.0\", \"matrix\": \"square\", \"runner\": \"robot\","
		" \"luns\": [{\"size\": 4096}, {\"name\": 7, \"size\": 8192}],"
		" \"hosts\": [3, {\"fio\": \"fio-3.33\"}, {\"name\": \"h2:8765\", \"luns\": [{\"size\": 512}]}],"
		" \"warnings\": [\"kept\", 5, null],"
		" \"stopped\": [false, \"kept too\"],"
		" \"knees\": [{\"ladder\": \"diagonal\", \"why\": \"flat\"}, {\"ladder\": \"large\", \"fixed\": 2, \"load\": 3},"
		"             {\"ladder\": \"large\", \"fixed\": 2, \"load\": 3, \"why\": \"flat\"}]}");
	json_t *want_luns = parse("[{\"name\": \"\", \"size\": 4096}, {\"name\": \"\", \"size\": 8192}]");
	json_t *want_knees = parse("[{\"ladder\": \"large\", \"fixed\": 2, \"load\": 3, \"why\": \"flat\"}]");
	json_t *out, *hosts;

	(void)state;
	out = read_write(in);
	assert_json_equal(json_object_get(out, "luns"), want_luns);
	hosts = json_object_get(out, "hosts");
	assert_int_equal(json_array_size(hosts), 1);
	assert_string_equal(json_string_value(json_object_get(json_array_get(hosts, 0), "name")), "h2:8765");
	assert_string_equal(json_string_value(json_object_get(
				    json_array_get(json_object_get(json_array_get(hosts, 0), "luns"), 0), "name")),
			    "");
	assert_int_equal(json_array_size(json_object_get(out, "warnings")), 1);
	assert_string_equal(json_string_value(json_array_get(json_object_get(out, "warnings"), 0)), "kept");
	assert_int_equal(json_array_size(json_object_get(out, "stopped")), 1);
	assert_json_equal(json_object_get(out, "knees"), want_knees);
	/* A layout, a shape or a runner that is not one reads as not recorded. */
	assert_null(json_object_get(out, "compat"));
	assert_null(json_object_get(out, "matrix"));
	assert_null(json_object_get(out, "runner"));
	json_decref(want_luns);
	json_decref(want_knees);
	json_decref(out);
	json_decref(in);
}

/* Every layout and every matrix shape: read as its value, written as its word. */
static void test_words(void **state)
{
	static const char *const compat[] = { "10.2", "11.1", "11.2", "12.1", "12.2", "19c" };
	static const char *const matrix[] = { "basic", "detailed", "point", "col", "row", "max" };
	unsigned int i;

	(void)state;
	for (i = 0; i < 6; i++) {
		char text[128];
		json_t *in, *out;

		snprintf(text, sizeof(text), "{\"compat\": \"%s\", \"matrix\": \"%s\"}", compat[i], matrix[i]);
		in = parse(text);
		out = read_write(in);
		assert_json_equal(json_object_get(out, "compat"), json_object_get(in, "compat"));
		assert_json_equal(json_object_get(out, "matrix"), json_object_get(in, "matrix"));
		json_decref(out);
		json_decref(in);
	}
}

/* Released, the struct is empty: a second release does nothing. */
static void test_release(void **state)
{
	json_t *in = parse(every_key);
	struct ri_run r, zero;

	(void)state;
	memset(&r, 0, sizeof(r));
	memset(&zero, 0, sizeof(zero));
	ri_read(&r, in);
	ri_release(&r);
	assert_memory_equal(&r, &zero, sizeof(r));
	ri_release(&r);
	json_decref(in);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_every_key),
		cmocka_unit_test(test_golden),
		cmocka_unit_test(test_answers_only_when_set),
		cmocka_unit_test(test_malformed_entries),
		cmocka_unit_test(test_words),
		cmocka_unit_test(test_release),
	};

	return cmocka_run_group_tests_name("run/runinfo.c", tests, NULL, NULL);
}
