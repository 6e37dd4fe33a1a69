/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * hosts.c -- the hosts of a multi-host run: the -clients list, each
 * host's LUN list, and the probe that checks every host before the first
 * point (fio's client/server reaches it, fio there loads the engine, the
 * engine opens every LUN as the points will and says what it found).
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <netdb.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "fiojson.h"
#include "fr_describe.h"
#include "fr_file.h"
#include "fr_spawn.h"
#include "fr_time.h"
#include "fr_lunlist.h"
#include "hosts.h"
#include "jobfile.h"
#include "version.h"

static int add_host(struct hostset *hs, const char *s, size_t len, const char *where,
		    struct fr_err *err)
{
	char buf[300], *addr = buf, *colon, *end;
	unsigned long port = HOST_DEFAULT_PORT;
	struct host *h;
	struct ri_host *ri;
	bool ip6 = false;
	size_t i;

	if (len >= sizeof(buf))
		return fr_errf(err, -EINVAL, "%s: host '%.40s...' is too long", where, s);
	memcpy(buf, s, len);
	buf[len] = '\0';
	if (buf[0] == '[') {
		end = strchr(buf, ']');
		if (!end)
			return fr_errf(err, -EINVAL, "%s: '%s': no ']' after the IPv6 address", where, buf);
		*end = '\0';
		addr = buf + 1;
		colon = end[1] == ':' ? end + 1 : NULL;
		if (end[1] && !colon)
			return fr_errf(err, -EINVAL, "%s: '%s]%s': give [ADDRESS]:PORT", where, addr, end + 1);
		ip6 = true;
	} else {
		colon = strchr(buf, ':');
		if (colon && strchr(colon + 1, ':'))
			return fr_errf(err, -EINVAL, "%s: '%s': write an IPv6 address in brackets, [%s]:PORT",
				       where, buf, buf);
	}
	if (colon) {
		*colon = '\0';
		errno = 0;
		port = strtoul(colon + 1, &end, 10);
		if (!isdigit((unsigned char)colon[1]) || *end || errno || port < 1 || port > 65535)
			return fr_errf(err, -EINVAL, "%s: '%s': the port '%s' is not 1 to 65535", where,
				       addr, colon + 1);
	}
	if (!*addr)
		return fr_errf(err, -EINVAL, "%s: a host has no name", where);
	for (i = 0; addr[i]; i++)
		if (!isalnum((unsigned char)addr[i]) && !strchr(ip6 ? ":.%" : ".-_", addr[i]))
			return fr_errf(err, -EINVAL, "%s: host '%s': '%c' is not part of a host name or address",
				       where, addr, addr[i]);
	if (hs->n == RI_MAX_HOSTS)
		return fr_errf(err, -EINVAL, "%s: more than %d hosts", where, RI_MAX_HOSTS);
	for (i = 0; i < hs->n; i++)
		if (!strcmp(hs->h[i].addr, addr) && hs->h[i].port == port)
			return fr_errf(err, -EINVAL, "%s: host %s:%lu is listed twice", where, addr, port);
	h = realloc(hs->h, (hs->n + 1) * sizeof(*h));
	if (h)
		hs->h = h;
	ri = realloc(hs->ri, (hs->n + 1) * sizeof(*ri));
	if (ri)
		hs->ri = ri;
	if (!h || !ri)
		return fr_errf(err, -ENOMEM, "out of memory");
	memset(&hs->h[hs->n], 0, sizeof(*h));
	memset(&hs->ri[hs->n], 0, sizeof(*ri));
	hs->n++;
	for (i = 0; i < hs->n; i++)
		hs->h[i].ri = &hs->ri[i];
	h = &hs->h[hs->n - 1];
	h->addr = strdup(addr);
	h->port = (unsigned int)port;
	h->ip6 = ip6;
	if (h->addr && asprintf(&h->ri->name, "%s:%u", addr, h->port) > 0)
		h->tag = strdup(h->ri->name);
	if (!h->tag)
		return fr_errf(err, -ENOMEM, "out of memory");
	for (end = h->tag; *end; end++)
		if (*end == ':' || *end == '%')
			*end = '_';
	for (i = 0; i + 1 < hs->n; i++)
		if (!strcmp(hs->h[i].tag, h->tag))
			return fr_errf(err, -EINVAL, "%s: hosts %s and %s would share the job file names '*.%s.fio'; name one differently",
				       where, hs->h[i].ri->name, h->ri->name, h->tag);
	return 0;
}

struct list_arg {
	struct hostset *hs;
	const char *where;
	struct fr_err *err;
};

static int list_entry(void *arg, const char *name, size_t len, unsigned int line)
{
	struct list_arg *a = arg;
	char where[300];
	size_t n = strcspn(name, "#");

	if (n < len)
		len = n;
	while (len && isspace((unsigned char)name[len - 1]))
		len--;
	if (!len)
		return 0;
	snprintf(where, sizeof(where), "%s%s%u", a->where, a->where[0] == '-' ? " host " : ":",
		 line);
	return add_host(a->hs, name, len, where, a->err);
}

int hosts_parse(struct hostset *hs, const char *arg, struct fr_err *err)
{
	struct list_arg a = { hs, "-clients", err };
	char *text = NULL;
	size_t len;
	int ret;

	memset(hs, 0, sizeof(*hs));
	if (arg[0] == '@') {
		ret = fr_read_file(arg + 1, "-clients file", 1 << 20, FR_READ_TEXT | FR_READ_REGULAR, &text, &len, err);
		if (ret)
			return ret;
		a.where = arg + 1;
		ret = fr_lunlist_each(text, '\n', list_entry, &a);
		free(text);
	} else {
		ret = fr_lunlist_each(arg, ',', list_entry, &a);
	}
	if (!ret && !hs->n)
		ret = fr_errf(err, -EINVAL, "-clients '%s': no host in it", arg);
	return ret;
}

struct lun_arg {
	struct host *h;
	FILE *f;
	const char *file;
	struct fr_err *err;
};

static int lun_entry(void *arg, const char *name, size_t len, unsigned int line)
{
	struct lun_arg *a = arg;

	if (memchr(name, ':', len))
		return fr_errf(a->err, -EINVAL,
			       "%s:%u: LUN '%.*s' has a ':' in its path, which fio's option lists cannot carry to host %s",
			       a->file, line, (int)len, name, a->h->ri->name);
	if (memchr(name, '\\', len) || (len && name[0] != '/'))
		return fr_errf(a->err, -EINVAL,
			       "%s:%u: LUN '%.*s': give the path on host %s from '/' (the hosts do not share this folder)",
			       a->file, line, (int)len, name, a->h->ri->name);
	fprintf(a->f, "%s%.*s", a->h->ri->nluns ? ":" : "", (int)len, name);
	a->h->ri->nluns++;
	return 0;
}

int hosts_load_luns(struct hostset *hs, const char *testname, struct fr_err *err)
{
	size_t i;
	int ret = 0;

	for (i = 0; i < hs->n && !ret; i++) {
		struct host *h = &hs->h[i];
		char *cand[3];
		struct lun_arg a = { h, NULL, NULL, err };
		char *text = NULL;
		size_t len = 0, k;
		struct stat st;

		if (asprintf(&cand[0], "%s.lun.%s", testname, h->ri->name) < 0 ||
		    asprintf(&cand[1], "%s.lun.%s", testname, h->addr) < 0 ||
		    asprintf(&cand[2], "%s.lun", testname) < 0)
			return fr_errf(err, -ENOMEM, "out of memory");
		for (k = 0; k < 3 && !h->lunfile; k++)
			if (k == 2 || !stat(cand[k], &st))
				h->lunfile = strdup(cand[k]);
		for (k = 0; k < 3; k++)
			free(cand[k]);
		if (!h->lunfile)
			return fr_errf(err, -ENOMEM, "out of memory");
		ret = fr_read_file(h->lunfile, "LUN file", 1 << 20, FR_READ_TEXT, &text, &len, err);
		if (ret == -ENOENT)
			ret = fr_errf(err, ret, "host %s: neither %s.lun.%s, %s.lun.%s nor %s exists: list the host's LUNs in one of them",
				      h->ri->name, testname, h->ri->name, testname, h->addr, h->lunfile);
		if (ret)
			break;
		a.file = h->lunfile;
		a.f = open_memstream(&h->luns, &len);
		if (!a.f) {
			free(text);
			return fr_errf(err, -ENOMEM, "out of memory");
		}
		ret = fr_lunlist_each(text, '\n', lun_entry, &a);
		fclose(a.f);
		free(text);
		if (!ret && !h->ri->nluns)
			ret = fr_errf(err, -EINVAL, "%s: lists no LUN (for host %s)", h->lunfile, h->ri->name);
	}
	return ret;
}

char *host_fio_arg(const struct host *h)
{
	char *s;

	if (asprintf(&s, "%s:%s,%u", h->ip6 ? "ip6" : "ip", h->addr, h->port) < 0)
		return NULL;
	return s;
}

/* The probe's job file: the points' options, one I/O, describe=1. */
static char *probe_job(const struct host *h, const struct probe_conf *pc)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	if (!f)
		return NULL;
	fprintf(f, "# fiorion: probe of host %s\n[global]\n"
		   "description=fiorion probe\n",
		h->ri->name);
	jf_engine_opts(f, &(const struct jf_engine){
				  .engine = pc->engine,
				  .luns = h->luns,
				  .raid0 = pc->run->raid0,
				  .stripe_kb = (unsigned int)pc->run->stripe_kb,
				  .backend = pc->backend,
				  .allow_signatures = pc->allow_signatures,
			  });
	/*
	 * A run that writes opens the LUNs for writing, with the engine's
	 * safety checks; rwmixwrite=0 keeps the probe's one I/O a read.
	 */
	fprintf(f, "describe=1\n\n[fiorion-probe]\n%s"
		   "bs=%" PRIu64 "k\nnumber_ios=1\n",
		pc->run->write_pct > 0 ? "rw=randrw\nrwmixwrite=0\n" : "rw=randread\n", pc->run->size_small);
	fclose(f);
	return text;
}

/* The lines of a probe's output that say something, "<name> " prefix gone. */
static void fio_lines(FILE *out, const char *path)
{
	char line[1024];
	FILE *f = fopen(path, "re");

	while (f && fgets(line, sizeof(line), f)) {
		char *s = line, *e;

		line[strcspn(line, "\n")] = '\0';
		if (s[0] == '<' && (e = strstr(s, "> ")))
			s = e + 2;
		if (strncmp(s, "fio: ", 5) && strncmp(s, "fiorion: ", 9) &&
		    strncmp(s, "Bad option", 10) && strncmp(s, "client", 6))
			continue;
		if (strstr(s, "describe: ") || !strncmp(s, "fio: pid=", 9) ||
		    !strncmp(s, "fio: job global dropped", 23))
			continue;
		fprintf(out, "%s%s", ftell(out) ? "; " : "", s);
	}
	if (f)
		fclose(f);
}

/* @h's fio, engine, volume and LUNs from the engine's describe lines (fr_describe.h). */
static int read_describe(struct host *h, const char *path)
{
	struct ri_host *ri = h->ri;
	char line[4096];
	FILE *f = fopen(path, "re");
	int ret = 0;

	while (f && fgets(line, sizeof(line), f)) {
		char *s = strstr(line, FR_DESC_PREFIX);
		struct fr_desc d;
		unsigned int n, k;

		if (!s)
			continue;
		if (line[0] == '<' && !h->server_name) {
			char *e = strstr(line, "> ");

			if (e && e < s)
				h->server_name = strndup(line + 1, (size_t)(e - line - 1));
		}
		s += strlen(FR_DESC_PREFIX);
		s[strcspn(s, "\n")] = '\0';
		switch (fr_desc_parse(s, &d)) {
		case FR_DESC_VOLUME:
			n = d.nluns;
			h->align = d.align;
			if (n != ri->nluns) {
				ret = -EPROTO;
				break;
			}
			ri->fio_version = strdup(d.fio);
			ri->engine_version = strdup(d.engine);
			ri->vlun_size = d.size;
			ri->luns = calloc(n, sizeof(*ri->luns));
			h->unbacked = calloc(n, sizeof(*h->unbacked));
			if (!ri->luns || !h->unbacked)
				ret = -ENOMEM;
			break;
		case FR_DESC_LUN:
			k = d.lun;
			if (!ri->luns || k < 1 || k > ri->nluns)
				break;
			ri->luns[k - 1].size = d.size;
			free(ri->luns[k - 1].name);
			ri->luns[k - 1].name = strdup(d.path);
			break;
		case FR_DESC_UNBACKED:
			k = d.lun;
			if (!ri->luns || k < 1 || k > ri->nluns)
				break;
			free(h->unbacked[k - 1]);
			h->unbacked[k - 1] = strdup(d.unbacked);
			break;
		case FR_DESC_HOST:
			free(ri->backend);
			free(ri->kernel);
			ri->backend = strdup(d.backend);
			ri->kernel = strdup(d.kernel);
			break;
		case FR_DESC_NONE:
			break;
		}
		if (ret == -EPROTO)
			break;
	}
	if (f)
		fclose(f);
	return ret;
}

/* The probe's result in the JSON: 0, or the job's error (fio's errno). */
static int probe_error(const char *path, bool *found)
{
	struct fj_set set = { 0 };
	struct fr_err err = { "" };
	int e = 0;
	size_t i;

	*found = false;
	if (!fj_read_file(&set, path, &err))
		for (i = 0; i < set.njobs; i++)
			if (!strcmp(set.jobs[i].name, "fiorion-probe")) {
				*found = true;
				e = set.jobs[i].error;
			}
	fj_set_release(&set);
	return e;
}

/*
 * fio --client for @h's probe. The probe's fio inherits the signals'
 * dispositions (hosts_probe() ends it itself on a stop signal) and is
 * killed when fiorion ends.
 */
static pid_t start_probe(const struct host *h, const struct probe_conf *pc, const char *job,
			 const char *out, const char *errf)
{
	char *arg = host_fio_arg(h), *client;
	pid_t pid;

	if (!arg || asprintf(&client, "--client=%s", arg) < 0)
		return -1;
	free(arg);
	{
		char *argv[] = { (char *)pc->fio, "--output-format=json", client, (char *)job, NULL };
		const struct fr_spawn sp = {
			.argv = argv, .out = out, .err = errf, .pdeath_sig = SIGKILL, .pass_stop = false, .who = "fio"
		};

		pid = fr_spawn(&sp, NULL);
	}
	free(client);
	return pid;
}

/* One host's verdict after its probe ended (@status) or was given up (-1). */
static int judge(struct host *h, const struct probe_conf *pc, int status, const char *out,
		 const char *errf, FILE *msg)
{
	char *said = NULL;
	size_t len = 0;
	FILE *s = open_memstream(&said, &len);
	bool found;
	int e, ret = 0;
	unsigned int k;

	if (!s)
		return -ENOMEM;
	fio_lines(s, errf);
	fio_lines(s, out);
	fclose(s);
	e = probe_error(out, &found);
	if (status < 0 && *said) {
		fprintf(msg, "host %s: the probe did not end within %u s (-host_timeout): %s\n", h->ri->name,
			pc->timeout_s, said);
		ret = -EINVAL;
	} else if (status < 0) {
		fprintf(msg, "host %s: no answer within %u s (-host_timeout); is fio --server running there and the port open?\n",
			h->ri->name, pc->timeout_s);
		ret = -EINVAL;
	} else if (strstr(said, "failed to connect") || strstr(said, "connect: ") ||
		   strstr(said, "failed to resolve")) {
		fprintf(msg, "host %s: cannot reach fio's server (%s); start it there: fio --server=ip:%s,%u (and open TCP port %u)\n",
			h->ri->name, said, h->addr, h->port, h->port);
		ret = -EINVAL;
	} else if (strstr(said, "not loadable") || strstr(said, "external ioengine") ||
		   strstr(said, "failed to load engine")) {
		fprintf(msg, "host %s: fio there cannot load the engine '%s' (%s); install fiorion's engine on the host, or give its path there with -engine\n",
			h->ri->name, pc->engine, said);
		ret = -EINVAL;
	} else if (strstr(said, "Bad option <describe")) {
		fprintf(msg, "host %s: the engine '%s' there is older than this fiorion (it has no describe= option); install fiorion %s's engine on the host\n",
			h->ri->name, pc->engine, FIORION_VERSION);
		ret = -EINVAL;
	} else if (!found || e || read_describe(h, out) || !h->ri->luns) {
		/* The engine's own lines say what was wrong with a LUN; else it is fio's. */
		if (strstr(said, "fiorion: "))
			fprintf(msg, "host %s: the probe of its LUNs (from %s) failed: %s\n", h->ri->name,
				h->lunfile, said);
		else
			fprintf(msg, "host %s: fio there could not run the probe job: %s\n", h->ri->name,
				*said ? said : "it gave no result");
		ret = e == EBUSY ? -FR_ESAFETY : -EINVAL;
	}
	for (k = 0; !ret && k < h->ri->nluns; k++)
		if (!h->ri->luns[k].name) {
			fprintf(msg, "host %s: the engine did not describe LUN %u of %s\n", h->ri->name,
				k + 1, h->lunfile);
			ret = -EINVAL;
		}
	free(said);
	return ret;
}

/* SIGINT/SIGTERM during the probe: its children and files go, then the run ends. */
static volatile sig_atomic_t probe_signal;

static void on_probe_signal(int sig)
{
	probe_signal = sig;
}

/* @h's addresses, as text ("127.0.0.1", "::1"), malloc()ed and NULL-terminated; NULL when it does not resolve. */
static char **resolve(const struct host *h)
{
	struct addrinfo hints = { .ai_family = h->ip6 ? AF_INET6 : AF_UNSPEC,
				  .ai_socktype = SOCK_STREAM };
	struct addrinfo *res = NULL, *a;
	char **v = NULL;
	size_t n = 0;

	if (getaddrinfo(h->addr, NULL, &hints, &res))
		return NULL;
	for (a = res; a; a = a->ai_next) {
		char txt[NI_MAXHOST], **nv;

		if (getnameinfo(a->ai_addr, a->ai_addrlen, txt, sizeof(txt), NULL, 0, NI_NUMERICHOST))
			continue;
		nv = realloc(v, (n + 2) * sizeof(*v));
		if (!nv)
			break;
		v = nv;
		v[n] = strdup(txt);
		if (v[n])
			n++;
		v[n] = NULL;
	}
	freeaddrinfo(res);
	return v;
}

static void free_strv(char **v)
{
	size_t i;

	for (i = 0; v && v[i]; i++)
		free(v[i]);
	free(v);
}

int hosts_distinct(const struct hostset *hs, struct fr_err *err)
{
	char ***addrs = calloc(hs->n + 1, sizeof(*addrs));
	size_t i, j, a, b;
	int ret = 0;

	if (!addrs)
		return fr_errf(err, -ENOMEM, "out of memory");
	for (i = 0; i < hs->n; i++)
		addrs[i] = resolve(&hs->h[i]);
	for (i = 0; i < hs->n && !ret; i++)
		for (j = i + 1; j < hs->n && !ret; j++) {
			if (hs->h[i].port != hs->h[j].port || !addrs[i] || !addrs[j])
				continue;
			for (a = 0; addrs[i][a] && !ret; a++)
				for (b = 0; addrs[j][b] && !ret; b++)
					if (!strcmp(addrs[i][a], addrs[j][b]))
						ret = fr_errf(err, -EINVAL,
							      "-clients: hosts %s and %s are one fio server (both reach %s port %u): it would run every point twice at once; list it once",
							      hs->h[i].ri->name, hs->h[j].ri->name, addrs[i][a],
							      hs->h[i].port);
		}
	for (i = 0; i < hs->n; i++)
		free_strv(addrs[i]);
	free(addrs);
	return ret;
}

int hosts_probe(struct hostset *hs, const struct probe_conf *pc, char **msgs)
{
	const char *tmp = getenv("TMPDIR");
	char *dir, **job, **out, **errf;
	struct sigaction sa, old_int, old_term;
	pid_t *pid;
	int *st, worst = 0;
	size_t i, left = 0, len = 0;
	double deadline;
	FILE *msg;

	*msgs = NULL;
	if (asprintf(&dir, "%s/fiorion-probe.XXXXXX", tmp && *tmp ? tmp : "/tmp") < 0)
		return -ENOMEM;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_probe_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
	msg = open_memstream(msgs, &len);
	pid = calloc(hs->n, sizeof(*pid));
	st = calloc(hs->n, sizeof(*st));
	job = calloc(hs->n, sizeof(*job));
	out = calloc(hs->n, sizeof(*out));
	errf = calloc(hs->n, sizeof(*errf));
	if (!msg || !pid || !st || !job || !out || !errf || !mkdtemp(dir)) {
		if (msg)
			fprintf(msg, "cannot set up the probe of the hosts: %s\n", strerror(errno));
		worst = -ENOMEM;
		goto out;
	}
	fflush(NULL);
	for (i = 0; i < hs->n; i++) {
		struct fr_err err = { "" };
		char *text = probe_job(&hs->h[i], pc);

		if (asprintf(&job[i], "%s/%s.fio", dir, hs->h[i].tag) < 0 ||
		    asprintf(&out[i], "%s/%s.out", dir, hs->h[i].tag) < 0 ||
		    asprintf(&errf[i], "%s/%s.err", dir, hs->h[i].tag) < 0 || !text ||
		    fr_write_atomic(job[i], text, strlen(text), &err)) {
			free(text);
			fprintf(msg, "cannot write the probe job: %s\n", err.msg[0] ? err.msg : strerror(ENOMEM));
			worst = -ENOMEM;
			goto out;
		}
		free(text);
		pid[i] = start_probe(&hs->h[i], pc, job[i], out[i], errf[i]);
		if (pid[i] < 0) {
			fprintf(msg, "cannot start fio: %s\n", strerror(errno));
			worst = -ENOMEM;
			goto out;
		}
		left++;
	}
	deadline = fr_mono_s() + pc->timeout_s;
	while (left) {
		struct timespec ts = { 0, 20 * 1000 * 1000 };

		for (i = 0; i < hs->n; i++)
			if (pid[i] > 0 && waitpid(pid[i], &st[i], WNOHANG) == pid[i]) {
				pid[i] = 0;
				left--;
			}
		if (left && (fr_mono_s() > deadline || probe_signal)) {
			for (i = 0; i < hs->n; i++)
				if (pid[i] > 0) {
					kill(pid[i], SIGKILL);
					waitpid(pid[i], NULL, 0);
					st[i] = -1;
					pid[i] = 0;
				}
			break;
		}
		nanosleep(&ts, NULL);
	}
	for (i = 0; i < hs->n; i++) {
		int ret = judge(&hs->h[i], pc, st[i] < 0 ? -1 : 0, out[i], errf[i], msg);

		if (ret == -FR_ESAFETY || (ret && !worst))
			worst = ret;
	}
out:
	for (i = 0; i < hs->n; i++) {
		if (pid && pid[i] > 0) {
			kill(pid[i], SIGKILL);
			waitpid(pid[i], NULL, 0);
		}
		if (job && job[i])
			unlink(job[i]);
		if (out && out[i])
			unlink(out[i]);
		if (errf && errf[i])
			unlink(errf[i]);
		if (job)
			free(job[i]);
		if (out)
			free(out[i]);
		if (errf)
			free(errf[i]);
	}
	rmdir(dir);
	free(dir);
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	if (probe_signal) {
		fprintf(stderr, "fiorion: %s during the probe of the hosts; nothing was run\n",
			strsignal(probe_signal));
		exit(128 + probe_signal);
	}
	free(job);
	free(out);
	free(errf);
	free(pid);
	free(st);
	if (msg)
		fclose(msg);
	return worst;
}

void hosts_release(struct hostset *hs)
{
	size_t i;
	unsigned int k;

	for (i = 0; i < hs->n; i++) {
		struct host *h = &hs->h[i];

		for (k = 0; h->ri->luns && k < h->ri->nluns; k++)
			free(h->ri->luns[k].name);
		for (k = 0; h->unbacked && k < h->ri->nluns; k++)
			free(h->unbacked[k]);
		free(h->ri->luns);
		free(h->unbacked);
		free(h->addr);
		free(h->ri->name);
		free(h->tag);
		free(h->lunfile);
		free(h->luns);
		free(h->ri->fio_version);
		free(h->ri->engine_version);
		free(h->ri->backend);
		free(h->ri->kernel);
		free(h->server_name);
	}
	free(hs->h);
	free(hs->ri);
	memset(hs, 0, sizeof(*hs));
}
