/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: multi-host (fio client/server) results in the converter:
 * the totals are the sums of each host's own entries (IOPS, MBPS), the
 * latency combines all the hosts' I/Os by count and its percentiles come
 * from the merged json+ bins, fio's "All clients" entry (here with wrong
 * numbers) is never read; pt_opts.host gives one host's own points;
 * inferred loads are per host (the sum, with a warning, when the hosts
 * differ; -merge mean said); run.json's "hosts" written and read back,
 * malformed entries skipped; .hosts.csv rows equal each host's values,
 * the summary and trace lines, and .hosts.csv removed as stale when a
 * later set has no hosts.
 */
#include <errno.h>
#include <setjmp.h>
#include <time.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include <jansson.h>

#include "fiojson.h"
#include "orion_report.h"
#include "conv_fixture.h"
#include "points.h"
#include "runinfo.h"
#include "setwrite.h"

/*
 * One client/server job entry (fio 3.x), reads only. @bins: the body of
 * a json+ clat_ns bins object, or "".
 */
static char *cjob(const char *name, int gid, const char *host, int port,
		  int depth, int bs, long ios, long runtime_ms, double lat_ns,
		  const char *bins)
{
	char *s;

	if (asprintf(&s, "{\"jobname\": \"%s\", \"groupid\": %d, \"hostname\": \"%s\", \"port\": %d, "
			 "\"error\": 0, \"job options\": {\"iodepth\": \"%d\", \"bs\": \"%d\", \"rw\": \"randread\"}, "
			 "\"read\": {\"io_bytes\": %ld, \"io_kbytes\": %ld, \"runtime\": %ld, \"total_ios\": %ld, \"iops\": 0, "
			 "\"lat_ns\": {\"min\": %f, \"max\": %f, \"mean\": %f, \"stddev\": %f, \"N\": %ld}, "
			 "\"clat_ns\": {\"min\": 1, \"max\": 2, \"mean\": 1, \"stddev\": 0, \"N\": %ld%s%s%s}}, "
			 "\"write\": {\"io_bytes\": 0, \"io_kbytes\": 0, \"runtime\": 0, \"total_ios\": 0, \"iops\": 0}}",
		     name, gid, host, port, depth, bs, ios * bs, ios * bs / 1024, runtime_ms, ios,
		     lat_ns / 2, lat_ns * 3, lat_ns, lat_ns / 10, ios, ios,
		     *bins ? ", \"bins\": {" : "", bins, *bins ? "}" : "") < 0)
		abort();
	return s;
}

/* fio's sum over the clients, here deliberately wrong: x10 I/Os, other latency. */
static char *all_clients(void)
{
	return cjob("All clients", 0, "h1", 8765, 1, 8192, 1500000, 60000, 9e6,
		    "\"5000000\": 1500000");
}

/* A client_stats document of @n entries (freed); run.json's object @fr or NULL. */
static char *doc_of(char **jobs, int n, const char *fr)
{
	return cf_doc("client_stats", jobs, n, fr);
}

static void read_doc(struct fj_set *set, char *doc)
{
	cf_read(set, "cs.json", doc);
}

/*
 * fiorion's names on two hosts: p001 (small 4 on each), p002 (small 2 and
 * large 1 on each). Host h1: 1000 IOPS at 0.5 ms and 100 MiB/s; host h2:
 * 1500 IOPS at 1.0 ms and 50 MiB/s. Bins differ per host.
 */
static void two_hosts(struct fj_set *set, const char *fr)
{
	char *j[7];

	j[0] = cjob("p001-s4-l0-small", 0, "h1", 8765, 4, 8192, 60000, 60000, 0.5e6,
		    "\"100000\": 54000, \"200000\": 6000");
	j[1] = cjob("p001-s4-l0-small", 0, "h2", 8765, 4, 8192, 90000, 60000, 1.0e6,
		    "\"300000\": 27000, \"400000\": 63000");
	j[2] = cjob("p002-s2-l1-small", 0, "h1", 8765, 2, 8192, 30000, 60000, 2e6, "");
	j[3] = cjob("p002-s2-l1-large", 0, "h1", 8765, 1, 1048576, 6000, 60000, 10e6, "");
	j[4] = cjob("p002-s2-l1-small", 0, "h2", 8765, 2, 8192, 45000, 60000, 4e6, "");
	j[5] = cjob("p002-s2-l1-large", 0, "h2", 8765, 1, 1048576, 3000, 60000, 20e6, "");
	j[6] = all_clients();
	read_doc(set, doc_of(j, 7, fr));
}

static void build(struct pt_set *pts, const struct fj_set *set, const char *host)
{
	cf_points(pts, set, PT_MERGE_NONE, host);
}

static char *render(struct or_params *p, struct pt_set *pts, char what, enum or_compat c)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (what == 'h')
		or_hosts_csv(f, p, pts, c);
	else if (what == 's')
		or_summary(f, p, pts, c);
	else
		or_trace(f, p, pts);
	fclose(f);
	return buf;
}

static void test_hosts_totals(void **state)
{
	struct fj_set set;
	struct pt_set pts, h1, h2;
	const struct pt_point *p;
	int k;

	(void)state;
	two_hosts(&set, NULL);
	assert_int_equal(set.njobs, 6); /* "All clients" is not a job */
	build(&pts, &set, NULL);
	build(&h1, &set, "h1:8765");
	build(&h2, &set, "h2:8765");
	assert_int_equal(pts.n, 2);
	p = &pts.pts[0];
	/* Loads are per host. */
	assert_int_equal(p->s, 4);
	assert_int_equal(p->l, 0);
	assert_int_equal(p->nhosts, 2);
	assert_int_equal(pts.pts[1].s, 2);
	assert_int_equal(pts.pts[1].l, 1);
	/* Each host's own entries. */
	assert_true(fabs(h1.pts[0].small.iops - 1000.0) < 1e-9);
	assert_true(fabs(h2.pts[0].small.iops - 1500.0) < 1e-9);
	assert_true(fabs(h1.pts[0].small.lat[PT_ALL].mean - 0.5e6) < 1e-6);
	assert_true(fabs(h2.pts[1].large.mbps - 50.0) < 1e-9);
	assert_int_equal(h1.pts[0].nhosts, 1);
	/* Totals: the sums of the hosts' own, never "All clients". */
	for (k = 0; k < 2; k++) {
		assert_true(fabs(pts.pts[k].small.iops - (h1.pts[k].small.iops + h2.pts[k].small.iops)) < 1e-9);
		assert_int_equal(pts.pts[k].small.ios[0], h1.pts[k].small.ios[0] + h2.pts[k].small.ios[0]);
	}
	assert_true(fabs(pts.pts[1].large.mbps - 150.0) < 1e-9);
	assert_true(fabs(pts.pts[1].large.mbps - (h1.pts[1].large.mbps + h2.pts[1].large.mbps)) < 1e-9);
	/* Latency over all the I/Os: (60000 x 0.5 + 90000 x 1.0) / 150000 ms. */
	assert_true(fabs(p->small.lat[PT_ALL].mean - 0.8e6) < 1e-6);
	assert_int_equal(p->small.lat[PT_ALL].n, 150000);
	assert_true(p->small.lat[PT_ALL].min == 0.25e6);
	assert_true(p->small.lat[PT_ALL].max == 3.0e6);
	/*
	 * Percentiles from the merged bins: 54000, 6000, 27000, 63000 of
	 * 150000 reach 36%, 40%, 58%, 100%; p50 is 300 us although h1's is
	 * 100 us and h2's 400 us (no mean of theirs gives it).
	 */
	assert_true(pt_percentile(&h1.pts[0].small.lat[PT_READ], 50.0) == 100000);
	assert_true(pt_percentile(&h2.pts[0].small.lat[PT_READ], 50.0) == 400000);
	assert_true(pt_percentile(&p->small.lat[PT_READ], 50.0) == 300000);
	assert_true(pt_percentile(&p->small.lat[PT_READ], 38.0) == 200000);
	assert_true(pt_percentile(&p->small.lat[PT_READ], 99.0) == 400000);
	pt_set_release(&h1);
	pt_set_release(&h2);
	pt_set_release(&pts);
	fj_set_release(&set);
}

/* A host the input does not have: no points, an error naming it. */
static void test_hosts_filter_unknown(void **state)
{
	struct fr_err err = { "" };
	struct fj_set set;
	struct pt_set pts;
	struct pt_opts po;

	(void)state;
	two_hosts(&set, NULL);
	pt_opts_init(&po);
	po.host = "h3:8765";
	assert_int_equal(pt_build(&pts, &set, &po, &err), -ENOENT);
	assert_string_equal(err.msg, "no measured jobs of host h3:8765 in the input");
	assert_int_equal(pts.n, 0);
	fj_set_release(&set);
}

static void test_hosts_csv_summary_trace(void **state)
{
	struct fr_err err = { "" };
	struct or_params p;
	struct fj_set set;
	struct pt_set pts;
	char *out;

	(void)state;
	two_hosts(&set, NULL);
	build(&pts, &set, NULL);
	assert_int_equal(or_params_init(&p, &set, &pts, "t", NULL, 0, &err), 0);
	assert_int_equal(p.run->nhosts, 2);
	assert_string_equal(p.run->hosts[0].name, "h1:8765");
	assert_string_equal(p.run->hosts[1].name, "h2:8765");
	assert_int_equal(p.host_pts[1].n, 2);
	assert_null(p.run->hosts[0].fio_version);
	out = render(&p, &pts, 'h', OR_COMPAT_102);
	assert_string_equal(out,
			    "Point,Small,Large,Host,Small IOPS,Small Latency (ms),Large MBPS\n"
			    "1,4,0,h1:8765,1000,0.50,\n"
			    "1,4,0,h2:8765,1500,1.00,\n"
			    "2,2,1,h1:8765,500,2.00,100.00\n"
			    "2,2,1,h2:8765,750,4.00,50.00\n");
	free(out);
	/* Microseconds where the layout gives them, with lat.csv's decimals. */
	out = render(&p, &pts, 'h', OR_COMPAT_19C);
	assert_non_null(strstr(out, "Small Latency (us),Large MBPS\n1,4,0,h1:8765,1000,500.000,\n"));
	free(out);
	out = render(&p, &pts, 'h', OR_COMPAT_112);
	assert_non_null(strstr(out, "Small Latency (us),Large MBPS\n1,4,0,h1:8765,1000,500.00,\n"));
	free(out);
	p.run->start = 1188000000; /* 2007-08-25 00:00 UTC (main() sets TZ) */
	out = render(&p, &pts, 's', OR_COMPAT_19C);
	assert_non_null(strstr(out,
			       "FILEs unknown: fio's client/server JSON does not name the hosts' LUNs (give the run's run.json).\n"
			       "Hosts: 2 (h1:8765, h2:8765). Loads are per host: at each data point every host holds the Small and Large outstanding I/Os given; IOPS and MBPS are totals over the hosts, latency is over all the hosts' I/Os. Each host's values: t.20070825_0000.hosts.csv.\n"
			       "\nMaximum Large MBPS=150.00 @ Small=2 and Large=1\n"));
	free(out);
	out = render(&p, &pts, 't', OR_COMPAT_102);
	assert_non_null(strstr(out,
			       "ran (small): my   4 oth   0 iops 2500 size 8 K lat   0.80 ms bw =  19.53 MBps dur  60.00 s READ\n"
			       "Host h1:8765: Small IOPS=1000, Small Latency=0.50 ms\n"
			       "Host h2:8765: Small IOPS=1500, Small Latency=1.00 ms\n\n"));
	assert_non_null(strstr(out,
			       "MBps dur  60.00 s READ\n"
			       "Host h1:8765: Small IOPS=500, Small Latency=2.00 ms, Large MBPS=100.00\n"
			       "Host h2:8765: Small IOPS=750, Small Latency=4.00 ms, Large MBPS=50.00\n\n"));
	free(out);
	or_params_release(&p);
	pt_set_release(&pts);
	fj_set_release(&set);
}

/*
 * Inferred (not fiorion's names): the hosts of group 0 hold 2 x 4 small
 * each, so the point is Small=8, not 16; in group 1 they differ (4 and
 * 8): the sum, 12, and a warning saying so.
 */
static void test_hosts_inferred_loads(void **state)
{
	struct fr_err err = { "" };
	struct or_params p;
	struct fj_set set;
	struct pt_set pts;
	char *j[7], *out;

	(void)state;
	j[0] = cjob("a", 0, "10.0.0.1", 8765, 4, 8192, 1000, 1000, 1e5, "");
	j[1] = cjob("b", 0, "10.0.0.1", 8765, 4, 8192, 1000, 1000, 1e5, "");
	j[2] = cjob("a", 0, "10.0.0.2", 8765, 4, 8192, 3000, 1000, 1e5, "");
	j[3] = cjob("b", 0, "10.0.0.2", 8765, 4, 8192, 3000, 1000, 1e5, "");
	j[4] = cjob("c", 1, "10.0.0.1", 8765, 4, 8192, 500, 1000, 1e5, "");
	j[5] = cjob("c", 1, "10.0.0.2", 8765, 8, 8192, 700, 1000, 1e5, "");
	j[6] = all_clients();
	read_doc(&set, doc_of(j, 7, NULL));
	build(&pts, &set, NULL);
	assert_false(pts.exact);
	assert_int_equal(pts.n, 2);
	assert_int_equal(pts.pts[0].s, 8);
	assert_false(pts.pts[0].uneven_hosts);
	assert_true(pts.pts[0].small.iops == 8000.0);
	assert_int_equal(pts.pts[1].s, 12);
	assert_true(pts.pts[1].uneven_hosts);
	assert_int_equal(pts.nuneven, 1);
	assert_int_equal(or_params_init(&p, &set, &pts, "t", NULL, 0, &err), 0);
	assert_int_equal(p.run->nhosts, 2);
	assert_int_equal(p.nwarnings, 2);
	/* Without run.json no host's LUNs are known (fio keeps one host's globals). */
	assert_string_equal(p.warnings[0],
			    "the LUNs of each host are not in fio's client/server JSON; give the run's run.json (<testname>_jobs/run.json) for them");
	assert_string_equal(p.warnings[1],
			    "at 1 data point(s) (the first: point 2) the hosts did not all hold the same load, so there Small and Large are the sums over the hosts (Small=12 and Large=0), not per-host loads");
	/* Each host's own loads and figures, under the point of the totals. */
	out = render(&p, &pts, 'h', OR_COMPAT_102);
	assert_string_equal(out,
			    "Point,Small,Large,Host,Small IOPS,Small Latency (ms),Large MBPS\n"
			    "1,8,0,10.0.0.1:8765,2000,0.10,\n"
			    "1,8,0,10.0.0.2:8765,6000,0.10,\n"
			    "2,12,0,10.0.0.1:8765,500,0.10,\n"
			    "2,12,0,10.0.0.2:8765,700,0.10,\n");
	free(out);
	/* Host 2 held 8 in both groups: two points of its own at one load. */
	assert_int_equal(p.host_pts[1].n, 2);
	assert_int_equal(p.host_pts[1].pts[0].s, 8);
	assert_int_equal(p.host_pts[1].pts[1].s, 8);
	or_params_release(&p);
	pt_set_release(&pts);
	fj_set_release(&set);
}

/*
 * -merge mean averages two groups at one load in the totals; a host's own
 * points are never merged, so its rows are the first group's, and a
 * warning says so.
 */
static void test_hosts_merge_mean(void **state)
{
	struct fr_err err = { "" };
	struct or_params p;
	struct pt_opts po;
	struct fj_set set;
	struct pt_set pts;
	char *j[4], *out;

	(void)state;
	j[0] = cjob("a", 0, "h1", 1, 4, 8192, 1000, 1000, 1e5, "");
	j[1] = cjob("a", 0, "h2", 1, 4, 8192, 2000, 1000, 1e5, "");
	j[2] = cjob("b", 1, "h1", 1, 4, 8192, 3000, 1000, 1e5, "");
	j[3] = cjob("b", 1, "h2", 1, 4, 8192, 4000, 1000, 1e5, "");
	read_doc(&set, doc_of(j, 4, NULL));
	pt_opts_init(&po);
	po.merge = PT_MERGE_MEAN;
	assert_int_equal(pt_build(&pts, &set, &po, &err), 0);
	assert_int_equal(pts.n, 1);
	assert_true(pts.pts[0].small.iops == 5000.0); /* (3000 + 7000) / 2 */
	assert_int_equal(or_params_init(&p, &set, &pts, "t", NULL, 0, &err), 0);
	assert_int_equal(p.host_pts[0].n, 2);
	assert_int_equal(p.nwarnings, 2);
	/* Without run.json no host's LUNs are known (fio keeps one host's globals). */
	assert_string_equal(p.warnings[0],
			    "the LUNs of each host are not in fio's client/server JSON; give the run's run.json (<testname>_jobs/run.json) for them");
	assert_string_equal(p.warnings[1],
			    "-merge mean averaged groups at the same load (the first: Small=4 and Large=0); the hosts file and the trace give each host's values of the first of them only");
	out = render(&p, &pts, 'h', OR_COMPAT_102);
	assert_non_null(strstr(out, "\n1,4,0,h1:1,1000,0.10,\n1,4,0,h2:1,2000,0.10,\n"));
	free(out);
	or_params_release(&p);
	pt_set_release(&pts);
	fj_set_release(&set);
}

static void test_hosts_runinfo(void **state)
{
	struct fj_lun luns[2] = { { "/dev/sdb", 1000 }, { "/dev/sdc", 2000 } };
	struct ri_host hosts[2] = {
		{ "h2:8765", "fio-3.33", luns, 2, 3000 },
		{ "h1:8765", NULL, luns + 1, 1, 2000 },
	};
	struct ri_run r = { .testname = "t", .hosts = hosts, .nhosts = 2 }, back = { 0 };
	json_error_t je;
	json_t *doc;
	char *s = ri_write(&r);

	(void)state;
	assert_non_null(s);
	doc = json_loads(s, 0, &je);
	free(s);
	assert_non_null(doc);
	ri_read(&back, json_object_get(doc, "fiorion"));
	json_decref(doc);
	assert_int_equal(back.nhosts, 2);
	assert_string_equal(back.hosts[0].name, "h2:8765");
	assert_string_equal(back.hosts[0].fio_version, "fio-3.33");
	assert_int_equal(back.hosts[0].nluns, 2);
	assert_string_equal(back.hosts[0].luns[1].name, "/dev/sdc");
	assert_int_equal(back.hosts[0].luns[1].size, 2000);
	assert_int_equal(back.hosts[0].vlun_size, 3000);
	assert_null(back.hosts[1].fio_version);
	assert_int_equal(back.hosts[1].nluns, 1);
	ri_release(&back);
	/* Single-host runs: no "hosts" key at all. */
	r.nhosts = 0;
	s = ri_write(&r);
	assert_null(strstr(s, "hosts"));
	free(s);
	/* Malformed entries are skipped; a LUN without a name is "". */
	doc = json_loads("{\"hosts\": [1, {\"fio\": \"x\"}, {\"name\": 5}, "
			 "{\"name\": \"h:1\", \"luns\": [{\"size\": 3}, {\"name\": \"/d\", \"size\": 7}], \"vlun_size\": 10}, "
			 "{\"name\": \"h:2\", \"luns\": 7, \"vlun_size\": -4}]}",
			 0, &je);
	assert_non_null(doc);
	memset(&back, 0, sizeof(back));
	ri_read(&back, doc);
	json_decref(doc);
	assert_int_equal(back.nhosts, 2);
	assert_string_equal(back.hosts[0].name, "h:1");
	assert_int_equal(back.hosts[0].nluns, 2);
	assert_string_equal(back.hosts[0].luns[0].name, "");
	assert_int_equal(back.hosts[0].luns[1].size, 7);
	assert_int_equal(back.hosts[0].vlun_size, 10);
	assert_string_equal(back.hosts[1].name, "h:2");
	assert_int_equal(back.hosts[1].nluns, 0);
	assert_int_equal(back.hosts[1].vlun_size, 0);
	ri_release(&back);
	assert_int_equal(back.nhosts, 0);
}

/*
 * run.json's hosts come first, in its order, with their LUNs in the
 * summary; one it names that has no results and one the results have
 * that it does not name are both said.
 */
static void test_hosts_from_runjson(void **state)
{
	static const char fr[] =
		"{\"testname\": \"t\", \"hosts\": ["
		"{\"name\": \"h2:8765\", \"fio\": \"fio-3.33\", \"luns\": [{\"name\": \"/dev/sdb\", \"size\": 1048576}], \"vlun_size\": 1048576}, "
		"{\"name\": \"h9:8765\", \"luns\": []}]}";
	struct fr_err err = { "" };
	struct or_params p;
	struct fj_set set;
	struct pt_set pts;
	char *out;

	(void)state;
	two_hosts(&set, fr);
	build(&pts, &set, NULL);
	assert_int_equal(or_params_init(&p, &set, &pts, NULL, NULL, 0, &err), 0);
	assert_int_equal(p.run->nhosts, 3);
	assert_string_equal(p.run->hosts[0].name, "h2:8765");
	assert_string_equal(p.run->hosts[0].fio_version, "fio-3.33");
	assert_string_equal(p.run->hosts[1].name, "h9:8765");
	assert_int_equal(p.host_pts[1].n, 0);
	assert_string_equal(p.run->hosts[2].name, "h1:8765");
	assert_int_equal(p.nwarnings, 2);
	assert_string_equal(p.warnings[0],
			    "the results have jobs of host h1:8765, which run.json's hosts do not list; it is counted in the totals and listed after them");
	assert_string_equal(p.warnings[1],
			    "no measured jobs of host h9:8765 in the input: its cells in the hosts file are empty");
	out = render(&p, &pts, 's', OR_COMPAT_102);
	assert_non_null(strstr(out,
			       "Hosts: 3 (h2:8765, h9:8765, h1:8765). Loads are per host: at each data point every host holds the Small and Large outstanding I/Os given; IOPS and MBPS are totals over the hosts, latency is over all the hosts' I/Os. Each host's values: t.hosts.csv.\n"
			       "Host h2:8765: Name: /dev/sdb\tSize: 1048576\n"
			       "1 FILEs found on 3 hosts.\n\n"));
	/* The hosts' LUNs replace the run's list: no line of it is printed twice. */
	assert_null(strstr(out, "\nName: "));
	free(out);
	out = render(&p, &pts, 'h', OR_COMPAT_102);
	assert_non_null(strstr(out, "1,4,0,h2:8765,1500,1.00,\n1,4,0,h9:8765,,,\n1,4,0,h1:8765,1000,0.50,\n"));
	free(out);
	out = render(&p, &pts, 't', OR_COMPAT_102);
	assert_non_null(strstr(out, "Host h9:8765: no results at this point\n"));
	free(out);
	or_params_release(&p);
	pt_set_release(&pts);
	fj_set_release(&set);
}

/* .hosts.csv is a member of the set: written with hosts, removed without. */
static void test_hosts_file_in_set(void **state)
{
	char dir[] = "/tmp/fiorion-hosts.XXXXXX", path[256];
	struct fr_err err = { "" };
	struct or_written w;
	struct or_params p;
	struct fj_set set;
	struct pt_set pts;
	static const char *const names[] = {
		".points.csv",
		"_summary.txt",
		"_iops.csv",
		"_mbps.csv",
		"_lat.csv",
		"_trace.txt",
		"_tradeoff.csv",
	};
	size_t i;

	(void)state;
	assert_non_null(mkdtemp(dir));
	two_hosts(&set, NULL);
	build(&pts, &set, NULL);
	assert_int_equal(or_params_init(&p, &set, &pts, "t", NULL, 0, &err), 0);
	assert_int_equal(or_write_all(&p, &pts, dir, OR_COMPAT_102, 0, &w, &err), 0);
	snprintf(path, sizeof(path), "%s/t.hosts.csv", dir);
	assert_int_equal(access(path, F_OK), 0);
	assert_string_equal(w.removed, "");
	or_params_release(&p);
	pt_set_release(&pts);
	fj_set_release(&set);

	/* The same names from a local run: the leftover goes, and is named. */
	{
		char *j = strdup("{\"jobs\": [{\"jobname\": \"a\", \"groupid\": 0, \"job options\": {\"iodepth\": \"4\", \"bs\": \"8k\"}, "
				 "\"read\": {\"io_bytes\": 8192000, \"io_kbytes\": 8000, \"runtime\": 1000, \"total_ios\": 1000, "
				 "\"lat_ns\": {\"min\": 1, \"max\": 3, \"mean\": 2, \"stddev\": 0, \"N\": 1000}}}]}");

		read_doc(&set, j);
	}
	build(&pts, &set, NULL);
	assert_int_equal(or_params_init(&p, &set, &pts, "t", NULL, 0, &err), 0);
	assert_int_equal(p.run->nhosts, 0);
	assert_int_equal(or_write_all(&p, &pts, dir, OR_COMPAT_102, 0, &w, &err), 0);
	assert_int_equal(access(path, F_OK), -1);
	assert_non_null(strstr(w.removed, "t.hosts.csv"));
	or_params_release(&p);
	pt_set_release(&pts);
	fj_set_release(&set);
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		snprintf(path, sizeof(path), "%s/t%s", dir, names[i]);
		unlink(path);
	}
	assert_int_equal(rmdir(dir), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hosts_totals),
		cmocka_unit_test(test_hosts_filter_unknown),
		cmocka_unit_test(test_hosts_csv_summary_trace),
		cmocka_unit_test(test_hosts_inferred_loads),
		cmocka_unit_test(test_hosts_merge_mean),
		cmocka_unit_test(test_hosts_runinfo),
		cmocka_unit_test(test_hosts_from_runjson),
		cmocka_unit_test(test_hosts_file_in_set),
	};

	setenv("TZ", "UTC", 1);
	tzset();
	return cmocka_run_group_tests_name("hosts", tests, NULL, NULL);
}
