/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: the fio JSON reader on every real fio output in
 * tests/data/fio-json (fio 2.1.4 .. 3.33; json, json+, client/server,
 * status-interval, text before the JSON, duplicate keys), units
 * normalised to bytes and ns, and the errors for input that is not JSON,
 * truncated, or has no jobs (file, line and column). Expected values were
 * read from the files independently of this code.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include <jansson.h>

#include <errno.h>

#include "fiojson.h"
#include "fj_dump.h"
#include "fjbins.h"
#include "fr_file.h"
#include "lathist.h"
#include "points.h"

#define DATA "tests/data/fio-json/"

struct file_case {
	const char *file;
	size_t njobs;	   /* without "All clients" */
	const char *first; /* first job's name */
	int dir;	   /* direction checked */
	uint64_t ios;
	uint64_t bytes;
	double lat_mean_ns;
	const char *host;  /* first job's host:port, or NULL */
	unsigned int s, l; /* first point's loads */
};

static const struct file_case files[] = {
	{ "01-single-job.json", 1, "single", 0, 86655, 709877760ULL, 91113.066, NULL, 4, 0 },
	{ "02-two-jobs-one-group.json", 2, "small-8k-randread", 0, 11885, 97361920ULL, 672178.063, NULL, 4, 2 },
	{ "03-stonewall-groups.json", 3, "g0-small-randread", 0, 91588, 750288896ULL, 87079.915, NULL, 4, 0 },
	{ "04-numjobs2.json", 2, "nj", 0, 56410, 462110720ULL, 141560.254, NULL, 8, 0 },
	{ "05-numjobs2-group-reporting.json", 1, "nj", 0, 111477, 913219584ULL, 143263.762, NULL, 8, 0 },
	{ "06-client-server-one-client.json", 2, "small-8k-randread", 0, 5387, 44130304ULL, 1485577.666, "127.0.0.1:8765", 4, 2 },
	{ "06b-client-server-json-as-remote-arg.json", 2, "nj", 0, 53831, 440983552ULL, 148333.480, "127.0.0.1:8767", 8, 0 },
	/* Two hosts each holding 2 x iodepth 4: the load is per host, 8 (was the sum, 16). */
	{ "07-client-server-two-clients.json", 4, "nj", 0, 27369, 224206848ULL, 291750.809, "127.0.0.1:8766", 8, 0 },
	{ "08-jsonplus.json", 1, "jsonplus", 0, 82538, 676151296ULL, 96655.032, NULL, 4, 0 },
	{ "09-steadystate-attained.json", 1, "ss", 0, 214879, 1760288768ULL, 90814.003, NULL, 4, 0 },
	{ "10-steadystate-not-attained.json", 1, "ss_slope", 0, 176203, 1443454976ULL, 90516.645, NULL, 4, 0 },
	{ "11-status-interval-multi-doc.json", 1, "si", 0, 135223, 1107746816ULL, 88467.385, NULL, 4, 0 },
	/* latency_target settled at latency_depth 6: the load fio held, not iodepth=32. */
	{ "12-latency-target.json", 1, "lt", 0, 28021, 229507072ULL, 106810.054, NULL, 6, 0 },
	{ "13-rate-iops-and-flow.json", 3, "capped-2000iops", 0, 4000, 32768000ULL, 115553.289, NULL, 12, 0 },
	{ "14-offset-increment-seq-streams.json", 1, "seqstream", 0, 2927, 3069181952ULL, 2733407.914, NULL, 0, 4 },
	{ "15-multi-file-service-type.json", 1, "twofiles", 0, 93380, 764968960ULL, 84581.141, NULL, 4, 0 },
	{ "16-randrw-unified-both-lat-percentiles.json", 1, "mixed", 0, 54916, 449871872ULL, 97664.985, NULL, 4, 0 },
	{ "17-external-engine-vdisk.json", 1, "ext", 0, 3650043, 29901152256ULL, 2064.614, NULL, 8, 0 },
	/* 2.1.4: io_bytes KiB, us latencies, no total_ios (iops x runtime). */
	{ "public/fio-2.1.4_PerfKitBenchmarker_fio-parser-sample-result.json", 5, "sequential_write", 1, 707, 370671616ULL, 478737470.0, NULL, 0, 0 },
	{ "public/fio-2.17_PerfKitBenchmarker_pkb-7fb0c9d8-0_fio.json", 2, "rand_16k_read_100%-io-depth-1-num-jobs-2", 0, 80891, 1325318144ULL, 245531.122, NULL, 0, 0 },
	{ "public/fio-3.1_fio-plot_HPDL380G8-MX200_randread-1-1.json", 1, "random-read", 0, 396851, 1625501696ULL, 147792.396, NULL, 1, 0 },
	{ "public/fio-3.33_bensonjohnson-FIO-tests_fio.json", 1, "sequential_read", 0, 369080, 1511751680ULL, 7891233.794, NULL, 16, 0 },
	{ "public/fio-3.6-31-g4386_fio-plot_test-data73gb10raptor_randread-1-1.json", 1, "random-io", 0, 7442, 30482432ULL, 8058804.897, NULL, 1, 0 },
};

static void test_fiojson_every_file(void **state)
{
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		const struct file_case *c = &files[i];
		struct fj_set set = { 0 };
		struct pt_set pts = { 0 };
		struct pt_opts po;
		struct fr_err err = { "" };
		char path[512];
		const struct fj_job *j;

		snprintf(path, sizeof(path), DATA "%s", c->file);
		if (fj_read_file(&set, path, &err))
			fail_msg("%s: %s", c->file, err.msg);
		if (set.njobs != c->njobs)
			fail_msg("%s: %zu jobs, want %zu", c->file, set.njobs, c->njobs);
		j = &set.jobs[0];
		if (strcmp(j->name, c->first))
			fail_msg("%s: first job '%s'", c->file, j->name);
		if (j->dir[c->dir].ios != c->ios || j->dir[c->dir].bytes != c->bytes)
			fail_msg("%s: ios %llu bytes %llu", c->file,
				 (unsigned long long)j->dir[c->dir].ios,
				 (unsigned long long)j->dir[c->dir].bytes);
		if (fabs(j->dir[c->dir].lat.mean - c->lat_mean_ns) > 0.01)
			fail_msg("%s: lat mean %f ns, want %f", c->file,
				 j->dir[c->dir].lat.mean, c->lat_mean_ns);
		if ((c->host == NULL) != (j->host == NULL) ||
		    (c->host && strcmp(c->host, j->host)))
			fail_msg("%s: host '%s'", c->file, j->host ? j->host : "(none)");
		pt_opts_init(&po);
		po.merge = PT_MERGE_LAST;
		if (c->s || c->l) {
			if (pt_build(&pts, &set, &po, &err))
				fail_msg("%s: %s", c->file, err.msg);
			if (pts.pts[0].s != c->s || pts.pts[0].l != c->l)
				fail_msg("%s: first point (%u, %u), want (%u, %u)",
					 c->file, pts.pts[0].s, pts.pts[0].l,
					 c->s, c->l);
			pt_set_release(&pts);
		}
		fj_set_release(&set);
	}
}

/* json+ bins: counts add up to N, keys in ns, sorted. */
static void test_fiojson_bins(void **state)
{
	struct fj_set set = { 0 };
	struct fr_err err = { "" };
	const struct fj_lat *l;
	struct fj_bin *b;
	uint64_t sum = 0;
	size_t i;

	(void)state;
	assert_int_equal(fj_read_file(&set, DATA "08-jsonplus.json", &err), 0);
	l = &set.jobs[0].dir[0].lat;
	assert_true(l->nbins > 10);
	assert_true(l->bins_from_clat);
	b = fjh_bins(l);
	assert_non_null(b);
	for (i = 0; i < l->nbins; i++) {
		sum += b[i].count;
		if (i)
			assert_true(b[i].ns > b[i - 1].ns);
	}
	assert_int_equal(sum, 82538);
	assert_true(b[0].ns == 24192);
	/* held compact: about 3 bytes a bin, not 16 */
	assert_true(fjh_size(l->hist) < l->nbins * 4 + 64);
	free(b);
	fj_set_release(&set);
}

/* Percentiles: fio <= 3.3's "0.00" fillers dropped, us scaled to ns. */
/*
 * The one percentile rule (common/lathist.h) against fio's own output:
 * every percentile fio 3.33 printed in a json+ file, recomputed from the
 * same file's bins, is the value fio printed.
 */
static void test_percentile_rule_vs_fio(void **state)
{
	json_error_t je;
	json_t *doc = json_load_file(DATA "08-jsonplus.json", 0, &je), *jobs, *job;
	size_t i, checked = 0;

	(void)state;
	assert_non_null(doc);
	jobs = json_object_get(doc, "jobs");
	json_array_foreach(jobs, i, job) {
		static const char *const dirs[] = { "read", "write" };
		unsigned int d;

		for (d = 0; d < 2; d++) {
			json_t *c = json_object_get(json_object_get(job, dirs[d]), "clat_ns");
			json_t *bins = json_object_get(c, "bins"), *pct = json_object_get(c, "percentile"), *v;
			uint64_t total = 0, *val, *cnt;
			const char *key;
			size_t n = 0, k;

			if (!json_is_object(bins) || !json_is_object(pct))
				continue;
			val = calloc(json_object_size(bins), sizeof(*val));
			cnt = calloc(json_object_size(bins), sizeof(*cnt));
			assert_non_null(val);
			assert_non_null(cnt);
			json_object_foreach(bins, key, v) {
				/* insertion sort by value: fio writes them in order anyway */
				uint64_t x = strtoull(key, NULL, 10), c2 = (uint64_t)json_integer_value(v);

				for (k = n; k > 0 && val[k - 1] > x; k--) {
					val[k] = val[k - 1];
					cnt[k] = cnt[k - 1];
				}
				val[k] = x;
				cnt[k] = c2;
				n++;
				total += c2;
			}
			json_object_foreach(pct, key, v) {
				double p = strtod(key, NULL);
				uint64_t cum = 0, got = 0;

				for (k = 0; k < n; k++) {
					cum += cnt[k];
					if (lh_pct_reached(cum, total, p)) {
						got = val[k];
						break;
					}
				}
				if (got != (uint64_t)json_integer_value(v))
					fail_msg("%s p%s: fio printed %lld, the rule gives %llu", dirs[d], key,
						 (long long)json_integer_value(v), (unsigned long long)got);
				checked++;
			}
			free(val);
			free(cnt);
		}
	}
	json_decref(doc);
	assert_true(checked >= 17);
}

static void test_fiojson_percentiles(void **state)
{
	struct fj_set set = { 0 };
	struct fr_err err = { "" };
	const struct fj_lat *l;
	unsigned int k;

	(void)state;
	assert_int_equal(fj_read_file(&set, DATA "public/fio-2.17_PerfKitBenchmarker_pkb-7fb0c9d8-0_fio.json", &err), 0);
	l = &set.jobs[0].dir[0].lat;
	assert_true(l->pct_from_clat);
	for (k = 0; k < l->npct; k++)
		assert_true(l->pct[k] > 0);
	for (k = 1; k < l->npct; k++)
		assert_true(l->pct[k] > l->pct[k - 1]);
	fj_set_release(&set);
	assert_int_equal(fj_read_file(&set, DATA "16-randrw-unified-both-lat-percentiles.json", &err), 0);
	l = &set.jobs[0].dir[0].lat;
	assert_false(l->pct_from_clat); /* lat_percentiles=1: lat_ns has them */
	assert_int_equal(l->npct, 4);
	assert_true(l->pct[0] == 50.0 && l->pct[3] == 99.9);
	fj_set_release(&set);
}

/* --status-interval: the last of four documents is the result. */
static void test_fiojson_last_document(void **state)
{
	struct fj_set set = { 0 };
	struct fr_err err = { "" };

	(void)state;
	assert_int_equal(fj_read_file(&set, DATA "11-status-interval-multi-doc.json", &err), 0);
	assert_int_equal(set.jobs[0].dir[0].runtime_ms, 3001);
	assert_int_equal(set.last_interim, 3);
	assert_false(set.last_cut);
	fj_set_release(&set);
}

/*
 * The same file cut inside its final report (byte 22000 of 26160; the
 * fourth report starts at 19619): refused, naming the three whole ones;
 * with partial_ok the third report (runtime 2894 ms), two skipped. Cut
 * inside its only report: refused whatever partial_ok says.
 */
static void test_fiojson_cut_report(void **state)
{
	struct fj_set set = { 0 };
	struct fr_err err = { "" };
	char *buf;
	size_t len;

	(void)state;
	assert_int_equal(fr_read_file(DATA "11-status-interval-multi-doc.json", NULL, 0,
				      FR_READ_REGULAR, &buf, &len, &err),
			 0);
	assert_int_equal(len, 26160);
	assert_int_equal(fj_read_buffer(&set, "cut.json", buf, 22000, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "cut.json:907:13: truncated JSON"));
	assert_non_null(strstr(err.msg, "after 3 whole --status-interval report(s)"));
	assert_non_null(strstr(err.msg, "-partial"));
	assert_int_equal(set.njobs, 0);
	set.partial_ok = true;
	assert_int_equal(fj_read_buffer(&set, "cut.json", buf, 22000, &err), 0);
	assert_true(set.last_cut);
	assert_int_equal(set.last_interim, 2);
	assert_int_equal(set.njobs, 1);
	assert_int_equal(set.jobs[0].dir[0].runtime_ms, 2894);
	fj_set_release(&set);
	set.partial_ok = true;
	assert_int_equal(fj_read_buffer(&set, "cut1.json", buf, 6000, &err), -EINVAL);
	assert_non_null(strstr(err.msg, "truncated JSON"));
	assert_null(strstr(err.msg, "-partial"));
	fj_set_release(&set);
	free(buf);
}

/* Several files form one set; the run description is picked up. */
static void test_fiojson_several_files(void **state)
{
	struct fj_set set = { 0 };
	struct fr_err err = { "" };

	(void)state;
	assert_int_equal(fj_read_file(&set, DATA "01-single-job.json", &err), 0);
	assert_int_equal(fj_read_file(&set, DATA "08-jsonplus.json", &err), 0);
	assert_int_equal(set.njobs, 2);
	assert_int_equal(set.jobs[1].file, 1);
	assert_string_equal(set.fio_version, "fio-3.33");
	{
		static const char run[] = "{\"fiorion\": {\"testname\": \"t\", \"luns\": [{\"name\": \"/a\", \"size\": 5}]}}";

		assert_int_equal(fj_read_buffer(&set, "run", run, strlen(run), &err), 0);
	}
	assert_true(set.run.present);
	assert_string_equal(set.run.testname, "t");
	assert_int_equal(set.run.nluns, 1);
	assert_int_equal(set.run.luns[0].size, 5);
	fj_set_release(&set);
}

struct bad_case {
	const char *what, *text;
	const char *expect;
};

static void test_fiojson_errors(void **state)
{
	static const struct bad_case t[] = {
		{ "not JSON", "hello\nworld\n", "in.json:1:1: no JSON document" },
		{ "truncated", "{\n  \"jobs\" : [\n    { \"jobname\" : \"a\",", "in.json:3:" },
		{ "malformed", "{\n  \"jobs\" : [ 1,, 2 ]\n}\n", "in.json:2:" },
		{ "no jobs", "text first\n{ \"fio version\" : \"fio-3.33\" }\n", "in.json:2:1: no jobs" },
		{ "empty jobs", "{ \"jobs\" : [] }", "no jobs" },
		{ "just a brace", "{\n", "in.json:2:1: truncated JSON" },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		struct fj_set set = { 0 };
		struct fr_err err = { "" };
		int ret = fj_read_buffer(&set, "in.json", t[i].text,
					 strlen(t[i].text), &err);

		if (ret >= 0)
			fail_msg("%s: accepted", t[i].what);
		if (!strstr(err.msg, t[i].expect))
			fail_msg("%s: '%s' lacks '%s'", t[i].what, err.msg, t[i].expect);
		fj_set_release(&set);
	}
	{
		struct fj_set set = { 0 };
		struct fr_err err = { "" };

		assert_true(fj_read_buffer(&set, "in.json", "{\n\"jobs\": [\n{\"a\":", 17, &err) < 0);
		assert_non_null(strstr(err.msg, "truncated JSON"));
		assert_true(fj_read_file(&set, "tests/data/nonexistent.json", &err) < 0);
		assert_non_null(strstr(err.msg, "cannot open 'tests/data/nonexistent.json'"));
		assert_true(fj_read_file(&set, "tests/data", &err) < 0);
		assert_non_null(strstr(err.msg, "is a directory"));
		fj_set_release(&set);
	}
}

/*
 * Impossible figures are one error naming the file, the job's line and
 * column, the key and the value: never a cell of nonsense (a negative
 * io_bytes gave "Maximum Large MBPS=8791697173621.19") or a float cast
 * past an integer's range. An iodepth_level key without a number is read
 * safely.
 */
static void test_fiojson_impossible(void **state)
{
	static const struct {
		const char *doc, *want;
	} t[] = {
		{ "{\n\"jobs\": [\n{\"jobname\": \"a\", \"read\": {\"io_bytes\": -5, \"total_ios\": 1, \"runtime\": 1000}}]}",
		  "in.json:3:1: job 'a': read.io_bytes = -5: not a figure fio writes (0 .. 2^63)" },
		{ "{\"jobs\": [{\"jobname\": \"b\", \"write\": {\"io_bytes\": 1, \"total_ios\": 1e300, \"runtime\": 1}}]}",
		  "job 'b': write.total_ios" },
		{ "{\"jobs\": [{\"jobname\": \"c\", \"read\": {\"io_bytes\": 8192, \"total_ios\": 1, \"runtime\": 1, \"lat_ns\": {\"mean\": -1}}}]}",
		  "job 'c': read.lat_ns.mean" },
	};
	size_t i;

	(void)state;
	for (i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		struct fj_set set = { 0 };
		struct fr_err err = { "" };

		if (fj_read_buffer(&set, "in.json", t[i].doc, strlen(t[i].doc), &err) >= 0)
			fail_msg("case %zu accepted", i);
		if (!strstr(err.msg, t[i].want))
			fail_msg("case %zu: '%s' lacks '%s'", i, err.msg, t[i].want);
		fj_set_release(&set);
	}
	{
		const char *doc = "{\"jobs\": [{\"jobname\": \"d\", \"iodepth_level\": {\">\": 100}, "
				  "\"read\": {\"io_bytes\": 8192, \"total_ios\": 1, \"runtime\": 1}}]}";
		struct fj_set set = { 0 };
		struct fr_err err = { "" };

		assert_int_equal(fj_read_buffer(&set, "in.json", doc, strlen(doc), &err), 0);
		assert_int_equal(set.jobs[0].iodepth, 1);
		fj_set_release(&set);
	}
}

/*
 * Inputs @bufs (@names) read one after the other into one set, and each
 * read alone then added by fj_set_take(): the same set, field for field,
 * or the same refusal in the same words at the same input.
 */
static void same_as_read(const char *const *names, const char *const *bufs, size_t n)
{
	struct fj_set a = { 0 }, b = { 0 };
	struct fr_err ea = { "" }, eb = { "" };
	int ra = 0, rb = 0;
	char *ta, *tb;
	size_t i;

	for (i = 0; i < n && !ra; i++) {
		struct fj_set one = { 0 };
		struct fr_err e1 = { "" };
		int r1;

		if (bufs)
			ra = fj_read_buffer(&a, names[i], bufs[i], strlen(bufs[i]), &ea);
		else
			ra = fj_read_file(&a, names[i], &ea);
		r1 = bufs ? fj_read_buffer(&one, names[i], bufs[i], strlen(bufs[i]), &e1)
			  : fj_read_file(&one, names[i], &e1);
		rb = r1 ? r1 : fj_set_take(&b, &one, &eb);
		if (r1)
			strcpy(eb.msg, e1.msg);
		fj_set_release(&one);
		assert_int_equal(ra, rb);
		assert_string_equal(ea.msg, eb.msg);
	}
	ta = fjd_text(&a, true);
	tb = fjd_text(&b, true);
	assert_string_equal(ta, tb);
	free(ta);
	free(tb);
	fj_set_release(&a);
	fj_set_release(&b);
}

#define RUN_JSON(id) "{\"fiorion\": {\"run_id\": \"" id "\", \"testname\": \"t\", \"duration\": 5}}"
#define POINT(id, ts) \
	"{\"fio version\": \"fio-3.33\", \"timestamp\": " ts ", \"global options\": " \
	"{\"description\": \"fiorion run " id "\"}, \"jobs\": [{\"jobname\": \"p001-s1-l0-small\", " \
	"\"job options\": {\"bs\": \"8k\", \"rw\": \"randread\"}, \"read\": {\"io_bytes\": 8192, " \
	"\"total_ios\": 1, \"runtime\": 1000, \"lat_ns\": {\"min\": 1, \"max\": 9, \"mean\": 5, " \
	"\"N\": 1}}}]}"
#define ANON "{\"jobs\": [{\"jobname\": \"x\", \"read\": {\"io_bytes\": 4096, \"total_ios\": 1, \"runtime\": 1}}]}"

/*
 * fj_set_take(): a file parsed once joins a set as reading it into the
 * set would have -- every real fio output in tests/data one after the
 * other; a fiorion run's run.json and points (the run's identity, the
 * first version and timestamp, the jobs' file indexes); a point that
 * carries a run description; and each refusal of mixed runs.
 */
static void test_fiojson_take(void **state)
{
	const char *run[] = { "run.json", "p001.json", "p002.json", "p003.json" };
	const char *good[] = { RUN_JSON("aa"), POINT("aa", "0"), POINT("aa", "17"), POINT("aa", "18") };
	const char *other[] = { RUN_JSON("aa"), POINT("aa", "5"), POINT("bb", "6") };
	const char *anon[] = { RUN_JSON("aa"), POINT("aa", "5"), ANON };
	const char *first_anon[] = { ANON, POINT("aa", "5") };
	const char *desc[] = { RUN_JSON("aa"), POINT("aa", "5"), RUN_JSON("aa") };
	char *paths[sizeof(files) / sizeof(files[0])];
	size_t n = sizeof(files) / sizeof(files[0]), i;

	(void)state;
	for (i = 0; i < n; i++)
		assert_true(asprintf(&paths[i], DATA "%s", files[i].file) > 0);
	same_as_read((const char *const *)paths, NULL, n);
	for (i = 0; i < n; i++)
		free(paths[i]);
	same_as_read(run, good, 4);
	same_as_read(run, other, 3);
	same_as_read(run, anon, 3);
	same_as_read(run, first_anon, 2);
	same_as_read(run, desc, 3);
	{
		/* The run's own: run.json first, each point's jobs naming their file. */
		struct fj_set b = { 0 }, one = { 0 };
		struct fr_err err = { "" };

		for (i = 0; i < 4; i++) {
			assert_int_equal(fj_read_buffer(&one, run[i], good[i], strlen(good[i]), &err), 0);
			assert_int_equal(fj_set_take(&b, &one, &err), 0);
			assert_int_equal(one.njobs, 0);
			assert_int_equal(one.nfiles, 0);
		}
		assert_int_equal(b.nfiles, 4);
		assert_int_equal(b.njobs, 3);
		assert_int_equal(b.jobs[2].file, 3);
		assert_string_equal(b.file_names[b.jobs[0].file], "p001.json");
		assert_int_equal(b.timestamp, 17);
		assert_string_equal(b.run_id, "aa");
		assert_string_equal(b.run.testname, "t");
		/* More than one input is no input read alone. */
		assert_int_equal(fj_set_take(&one, &b, &err), -EINVAL);
		fj_set_release(&b);
	}
}

/* Every option off unless set: pt_opts_init() on a struct full of garbage. */
static void test_pt_opts_defaults(void **state)
{
	struct pt_opts po;

	(void)state;
	memset(&po, 0xa5, sizeof(po));
	pt_opts_init(&po);
	assert_false(po.sum);
	assert_false(po.skip_failed);
	assert_int_equal(po.merge, PT_MERGE_NONE);
	assert_int_equal(po.small_max, 64 * 1024);
	assert_int_equal(po.large_min, 128 * 1024);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fiojson_every_file),
		cmocka_unit_test(test_fiojson_bins),
		cmocka_unit_test(test_fiojson_percentiles),
		cmocka_unit_test(test_percentile_rule_vs_fio),
		cmocka_unit_test(test_fiojson_impossible),
		cmocka_unit_test(test_fiojson_last_document),
		cmocka_unit_test(test_fiojson_cut_report),
		cmocka_unit_test(test_fiojson_several_files),
		cmocka_unit_test(test_fiojson_errors),
		cmocka_unit_test(test_fiojson_take),
		cmocka_unit_test(test_pt_opts_defaults),
	};

	return cmocka_run_group_tests_name("fiojson", tests, NULL, NULL);
}
