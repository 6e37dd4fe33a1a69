/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: driver/hosts.c, the hosts of a multi-host run (-clients).
 * (test_hosts.c tests the converter's totals over hosts.)
 *
 * The list: HOST[:PORT] joined by ',' or one a line in @FILE ('#'
 * comments, blank lines), IPv6 in brackets; each host's label, file tag
 * and fio --client= argument; every malformed entry refused with where it
 * is and why. Each host's LUNs: <t>.lun.<addr>:<port>, then
 * <t>.lun.<addr>, then <t>.lun; paths from '/', no ':' in them. Two
 * names of one server (localhost and 127.0.0.1) refused. The probe, with
 * a stand-in for fio (a script answering as fio's client would for each
 * host): a host whose engine describes its LUN, backend and kernel is
 * filled in, one that
 * cannot be reached, one whose engine refuses a LUN for writing (EBUSY:
 * a safety refusal) and one that never answers are each one line naming
 * the host and the cure.
 */
#include "testutil.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "fr_err.h"
#include "hosts.h"

/* Parse @arg, which must be refused with exactly @want. */
static void refused(const char *arg, const char *want)
{
	struct hostset hs;
	struct fr_err err = { "" };

	assert_int_equal(hosts_parse(&hs, arg, &err), -EINVAL);
	assert_string_equal(err.msg, want);
	hosts_release(&hs);
}

static void test_parse_list(void **state)
{
	static const struct {
		const char *addr, *label, *tag, *fio;
		unsigned int port;
		bool ip6;
	} want[] = {
		{ "h1", "h1:8765", "h1_8765", "ip:h1,8765", 8765, false },
		{ "10.0.0.2", "10.0.0.2:9000", "10.0.0.2_9000", "ip:10.0.0.2,9000", 9000, false },
		{ "::1", "::1:8766", "__1_8766", "ip6:::1,8766", 8766, true },
		{ "fe80::1%eth0", "fe80::1%eth0:8765", "fe80__1_eth0_8765", "ip6:fe80::1%eth0,8765",
		  8765, true },
	};
	struct hostset hs;
	struct fr_err err = { "" };
	size_t i;

	(void)state;
	if (hosts_parse(&hs, "h1, 10.0.0.2:9000,[::1]:8766,[fe80::1%eth0]", &err))
		fail_msg("%s", err.msg);
	assert_int_equal(hs.n, 4);
	for (i = 0; i < 4; i++) {
		char *arg = host_fio_arg(&hs.h[i]);

		assert_string_equal(hs.h[i].addr, want[i].addr);
		/* The host's record is the run's (struct ri_host), in the set's array. */
		assert_ptr_equal(hs.h[i].ri, &hs.ri[i]);
		assert_string_equal(hs.h[i].ri->name, want[i].label);
		assert_string_equal(hs.h[i].tag, want[i].tag);
		assert_int_equal(hs.h[i].port, want[i].port);
		assert_int_equal(hs.h[i].ip6, want[i].ip6);
		assert_string_equal(arg, want[i].fio);
		free(arg);
	}
	hosts_release(&hs);
	assert_int_equal(hs.n, 0);

	refused("a:b:c", "-clients host 1: 'a:b:c': write an IPv6 address in brackets, [a:b:c]:PORT");
	refused("h1,h2:0", "-clients host 2: 'h2': the port '0' is not 1 to 65535");
	refused("h1:65536", "-clients host 1: 'h1': the port '65536' is not 1 to 65535");
	refused("h1:+80", "-clients host 1: 'h1': the port '+80' is not 1 to 65535");
	refused(":80", "-clients host 1: a host has no name");
	refused("h/1", "-clients host 1: host 'h/1': '/' is not part of a host name or address");
	refused("h1,h1:8765", "-clients host 2: host h1:8765 is listed twice");
	refused("[::1", "-clients host 1: '[::1': no ']' after the IPv6 address");
	refused("[::1]8", "-clients host 1: '::1]8': give [ADDRESS]:PORT");
	refused(" , ", "-clients ' , ': no host in it");
}

static void test_parse_file(void **state)
{
	char *dir = tu_mkdtemp(), *good, *bad, *arg;
	struct hostset hs;
	struct fr_err err = { "" };

	(void)state;
	good = tu_text(dir, "hosts", "# the lab\nh1\n\n  h2:9000   # the fast one\n[::1]\n");
	assert_true(asprintf(&arg, "@%s", good) > 0);
	if (hosts_parse(&hs, arg, &err))
		fail_msg("%s", err.msg);
	assert_int_equal(hs.n, 3);
	assert_string_equal(hs.h[0].ri->name, "h1:8765");
	assert_string_equal(hs.h[1].ri->name, "h2:9000");
	assert_string_equal(hs.h[2].ri->name, "::1:8765");
	hosts_release(&hs);
	free(arg);

	/* Errors name the file and line. */
	bad = tu_text(dir, "bad", "h1\n# comment\nh2:x\n");
	assert_true(asprintf(&arg, "@%s", bad) > 0);
	assert_int_equal(hosts_parse(&hs, arg, &err), -EINVAL);
	{
		char want[4200];

		snprintf(want, sizeof(want), "%s:3: 'h2': the port 'x' is not 1 to 65535", bad);
		assert_string_equal(err.msg, want);
	}
	hosts_release(&hs);
	free(arg);
	free(good);
	free(bad);
	tu_rmtree(dir);
}

/* The LUN file each host takes, and what it lists. */
static void test_load_luns(void **state)
{
	char *dir = tu_mkdtemp(), *t, *f[4], want[4200];
	struct hostset hs;
	struct fr_err err = { "" };

	(void)state;
	t = tu_path(dir, "run");
	f[0] = tu_text(dir, "run.lun", "/dev/sdb\n/dev/sdc\n");
	f[1] = tu_text(dir, "run.lun.h1", "/dev/nvme0n1\n");
	f[2] = tu_text(dir, "run.lun.h1:9000", "/dev/vdb\n");
	f[3] = NULL;
	assert_int_equal(hosts_parse(&hs, "h1:9000,h1,h2", &err), 0);
	if (hosts_load_luns(&hs, t, &err))
		fail_msg("%s", err.msg);
	/* h1:9000: its own file by label; h1 (:8765): by address; h2: the run's. */
	assert_string_equal(hs.h[0].lunfile, f[2]);
	assert_string_equal(hs.h[0].luns, "/dev/vdb");
	assert_int_equal(hs.h[0].ri->nluns, 1);
	assert_string_equal(hs.h[1].lunfile, f[1]);
	assert_string_equal(hs.h[1].luns, "/dev/nvme0n1");
	assert_string_equal(hs.h[2].lunfile, f[0]);
	assert_string_equal(hs.h[2].luns, "/dev/sdb:/dev/sdc");
	assert_int_equal(hs.h[2].ri->nluns, 2);
	hosts_release(&hs);

	/* A path the host cannot be given: relative, or with a ':'. */
	free(tu_text(dir, "run.lun", "/dev/sdb\nsdc\n"));
	assert_int_equal(hosts_parse(&hs, "h2", &err), 0);
	assert_int_equal(hosts_load_luns(&hs, t, &err), -EINVAL);
	snprintf(want, sizeof(want),
		 "%s:2: LUN 'sdc': give the path on host h2:8765 from '/' (the hosts do not share this folder)",
		 f[0]);
	assert_string_equal(err.msg, want);
	hosts_release(&hs);
	free(tu_text(dir, "run.lun", "/a:b\n"));
	assert_int_equal(hosts_parse(&hs, "h2", &err), 0);
	assert_int_equal(hosts_load_luns(&hs, t, &err), -EINVAL);
	snprintf(want, sizeof(want),
		 "%s:1: LUN '/a:b' has a ':' in its path, which fio's option lists cannot carry to host h2:8765",
		 f[0]);
	assert_string_equal(err.msg, want);
	hosts_release(&hs);
	free(tu_text(dir, "run.lun", "\n\n"));
	assert_int_equal(hosts_parse(&hs, "h2", &err), 0);
	assert_int_equal(hosts_load_luns(&hs, t, &err), -EINVAL);
	snprintf(want, sizeof(want), "%s: lists no LUN (for host h2:8765)", f[0]);
	assert_string_equal(err.msg, want);
	hosts_release(&hs);

	/* None of the three. */
	unlink(f[0]);
	assert_int_equal(hosts_parse(&hs, "h2", &err), 0);
	assert_int_equal(hosts_load_luns(&hs, t, &err), -ENOENT);
	snprintf(want, sizeof(want),
		 "host h2:8765: neither %s.lun.h2:8765, %s.lun.h2 nor %s exists: list the host's LUNs in one of them",
		 t, t, f[0]);
	assert_string_equal(err.msg, want);
	hosts_release(&hs);

	free(f[0]);
	free(f[1]);
	free(f[2]);
	free(t);
	tu_rmtree(dir);
}

static void test_distinct(void **state)
{
	struct hostset hs;
	struct fr_err err = { "" };

	(void)state;
	assert_int_equal(hosts_parse(&hs, "127.0.0.1,127.0.0.2,127.0.0.1:9000", &err), 0);
	assert_int_equal(hosts_distinct(&hs, &err), 0);
	hosts_release(&hs);
	/* A name that does not resolve is left to the probe. */
	assert_int_equal(hosts_parse(&hs, "127.0.0.1,no-such-host.invalid", &err), 0);
	assert_int_equal(hosts_distinct(&hs, &err), 0);
	hosts_release(&hs);
	assert_int_equal(hosts_parse(&hs, "localhost:8800,127.0.0.1:8800", &err), 0);
	assert_int_equal(hosts_distinct(&hs, &err), -EINVAL);
	assert_string_equal(err.msg,
			    "-clients: hosts localhost:8800 and 127.0.0.1:8800 are one fio server (both reach 127.0.0.1 port 8800): it would run every point twice at once; list it once");
	hosts_release(&hs);
}

/*
 * A stand-in for fio's client: it answers by the host in --client=, as
 * fio does with the server's lines prefixed "<name> ": "good" describes
 * its one LUN, "down" cannot connect, "busy" has its LUN refused for
 * writing (the job's error EBUSY), "mute" never answers.
 */
static const char fake_fio[] =
	"#!/bin/sh\n"
	"case \"$2\" in\n"
	"*good*) echo '<srv-good> fiorion: describe: fio fio-3.33 engine 9.9 volume 1048576 align 512 luns 1'\n"
	"        echo '<srv-good> fiorion: describe: lun 1 size 1048576 path /dev/vdb'\n"
	"        echo '<srv-good> fiorion: describe: backend libaio kernel Linux 6.1.0-13-amd64 x86_64'\n"
	"        echo '{\"fio version\": \"fio-3.33\", \"client_stats\": [{\"jobname\": \"fiorion-probe\", \"groupid\": 0, \"error\": 0, \"hostname\": \"good\", \"port\": 8765}]}' ;;\n"
	"*down*) echo 'fio: client: failed to connect to down:8765' >&2 ;;\n"
	"*busy*) echo '<srv-busy> fiorion: LUN /dev/vdb is mounted on /mnt: refusing to write it'\n"
	"        echo '{\"fio version\": \"fio-3.33\", \"client_stats\": [{\"jobname\": \"fiorion-probe\", \"groupid\": 0, \"error\": 16, \"hostname\": \"busy\", \"port\": 8765}]}' ;;\n"
	"*mute*) exec sleep 60 ;;\n"
	"esac\n";

static void probe(const char *hosts, const char *fio, unsigned int timeout_s, int want_ret,
		  struct hostset *hs, char **msgs)
{
	char *dir = tu_mkdtemp(), *t = tu_path(dir, "run"), *lun;
	static const struct ri_run run = { .size_small = 8, .write_pct = 100 };
	struct probe_conf pc = { .fio = fio, .engine = "/usr/lib/fio/fio-fiorion.so", .run = &run, .timeout_s = timeout_s };
	struct fr_err err = { "" };

	lun = tu_text(dir, "run.lun", "/dev/vdb\n");
	assert_int_equal(hosts_parse(hs, hosts, &err), 0);
	assert_int_equal(hosts_load_luns(hs, t, &err), 0);
	assert_int_equal(hosts_probe(hs, &pc, msgs), want_ret);
	free(lun);
	free(t);
	tu_rmtree(dir);
}

static void test_probe(void **state)
{
	char *dir = tu_mkdtemp(), *fio = tu_text(dir, "fio", "%s", fake_fio), *msgs = NULL;
	struct hostset hs;
	char want[1024];

	(void)state;
	assert_int_equal(chmod(fio, 0755), 0);

	probe("good", fio, 30, 0, &hs, &msgs);
	assert_string_equal(msgs ? msgs : "", "");
	assert_string_equal(hs.h[0].server_name, "srv-good");
	assert_string_equal(hs.h[0].ri->fio_version, "fio-3.33");
	assert_string_equal(hs.h[0].ri->engine_version, "9.9");
	assert_string_equal(hs.h[0].ri->backend, "libaio");
	assert_string_equal(hs.h[0].ri->kernel, "Linux 6.1.0-13-amd64 x86_64");
	assert_int_equal(hs.h[0].ri->vlun_size, 1048576);
	assert_int_equal(hs.h[0].align, 512);
	assert_string_equal(hs.h[0].ri->luns[0].name, "/dev/vdb");
	assert_int_equal(hs.h[0].ri->luns[0].size, 1048576);
	assert_null(hs.h[0].unbacked[0]);
	hosts_release(&hs);
	free(msgs);

	probe("good,down", fio, 30, -EINVAL, &hs, &msgs);
	assert_string_equal(msgs,
			    "host down:8765: cannot reach fio's server (fio: client: failed to connect to down:8765); start it there: fio --server=ip:down,8765 (and open TCP port 8765)\n");
	hosts_release(&hs);
	free(msgs);

	/* A safety refusal outranks the other failures. */
	probe("down,busy", fio, 30, -FR_ESAFETY, &hs, &msgs);
	assert_non_null(strstr(msgs, "host down:8765: cannot reach fio's server"));
	assert_non_null(strstr(msgs, "host busy:8765: the probe of its LUNs (from "));
	assert_non_null(strstr(msgs, ") failed: fiorion: LUN /dev/vdb is mounted on /mnt: refusing to write it\n"));
	hosts_release(&hs);
	free(msgs);

	probe("mute", fio, 1, -EINVAL, &hs, &msgs);
	snprintf(want, sizeof(want),
		 "host mute:8765: no answer within 1 s (-host_timeout); is fio --server running there and the port open?\n");
	assert_string_equal(msgs, want);
	hosts_release(&hs);
	free(msgs);

	free(fio);
	tu_rmtree(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_list),
		cmocka_unit_test(test_parse_file),
		cmocka_unit_test(test_load_luns),
		cmocka_unit_test(test_distinct),
		cmocka_unit_test(test_probe),
	};

	return cmocka_run_group_tests_name("driver/hosts.c", tests, NULL, NULL);
}
