/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * hosts.h -- the hosts of a multi-host run (-clients): who they are, the
 * LUNs each one loads, and what a probe of each found there (its fio, the
 * engine, each LUN's size) before the first point runs.
 */
#ifndef FIORION_HOSTS_H
#define FIORION_HOSTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fr_err.h"
#include "jobfile.h"
#include "runinfo.h"

#define HOST_DEFAULT_PORT 8765

/*
 * One host. What the run records of it is its @ri (the run's struct
 * ri_host, run.json's "hosts" entry, one owner): ri->name "addr:port" as
 * fio's JSON names the host; ri->nluns, the LUNs its .lun file lists;
 * and what the probe found there: ri->fio_version, ri->vlun_size, each
 * LUN's path and size (ri->luns, NULL until the probe described them),
 * the engine's version, its backend and the host's kernel (these two
 * NULL from an engine older than its line saying them).
 */
struct host {
	struct ri_host *ri; /* &hostset.ri[i] */
	char *addr;	    /* as given, without brackets or port */
	unsigned int port;
	bool ip6;      /* given as [addr]: fio's ip6: prefix */
	char *tag;     /* for file names: the name with ':' as '_' */
	char *lunfile; /* the .lun file (here) that lists its LUNs */
	char *luns;    /* the luns= value: its paths joined by ':' */
	/* What else the probe found on the host. */
	char *server_name; /* its fio server's own name ("<name> ..." lines) */
	unsigned int align;
	char **unbacked; /* why a LUN would be read from nowhere, or NULL */
};

/* The hosts; ri is the run's array of them (struct ri_run's hosts, nhosts = n). */
struct hostset {
	struct host *h;
	struct ri_host *ri;
	size_t n;
};

/*
 * -clients LIST (HOST[:PORT] joined by ',') or @FILE (one a line, '#'
 * starts a comment). IPv6 addresses in brackets: [fe80::1]:8765.
 */
int hosts_parse(struct hostset *hs, const char *arg, struct fr_err *err);

/*
 * Each host's LUNs: <testname>.lun.<addr>:<port> or <testname>.lun.<addr>
 * when one exists, else <testname>.lun (@testname as given, with its
 * folder). The paths are the host's; they are not opened here.
 */
int hosts_load_luns(struct hostset *hs, const char *testname, struct fr_err *err);

/* What the probe job runs: the options the points run with. */
struct probe_conf {
	const char *fio;	  /* the fio program (the client) */
	const char *engine;	  /* the engine's path on the hosts */
	const struct ri_run *run; /* raid0, stripe_kb; size_small (the I/O); write_pct > 0: open the LUNs for writing */
	enum bk_backend backend;
	bool allow_signatures;
	unsigned int timeout_s; /* a host that has not answered by then is given up */
};

/*
 * Probe every host at once: a one-I/O job through the engine (describe=1)
 * on its LUNs. Fills each host's fio version, volume and LUN sizes. A
 * host that cannot be reached, lacks the engine or a LUN, or refuses a
 * LUN is one line of @msgs each (malloc()ed, "\n"-separated); returns 0,
 * -EINVAL (bad hosts) or -FR_ESAFETY (a LUN refused for writing).
 */
int hosts_probe(struct hostset *hs, const struct probe_conf *pc, char **msgs);

/*
 * Two hosts that are one server: names that resolve to a common address
 * with the same port (localhost and 127.0.0.1, a DNS alias). That server
 * would run each point twice at once and be counted twice. -EINVAL with
 * both names and the address in @err; 0 when all differ (a name that does
 * not resolve is left to the probe, which names it). A server listening
 * on every address and reached through two of them is not seen here.
 */
int hosts_distinct(const struct hostset *hs, struct fr_err *err);

/* "ip:addr,port" (or ip6:) for fio's --client=. malloc()ed. */
char *host_fio_arg(const struct host *h);

void hosts_release(struct hostset *hs);

#endif
