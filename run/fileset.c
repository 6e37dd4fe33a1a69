// SPDX-License-Identifier: GPL-2.0-only
/*
 * fileset.c -- a result set's members and the layout's name rule (format
 * and parse), and the removal of a member a new write does not produce.
 */
#include "fileset.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* The one table of a set's members: their names after the prefix. */
static const char *const suffix[FS_NMEMBERS] = {
	[FS_SUMMARY] = "summary.txt",
	[FS_IOPS] = "iops.csv",
	[FS_MBPS] = "mbps.csv",
	[FS_LAT] = "lat.csv",
	[FS_TRACE] = "trace.txt",
	[FS_TRADEOFF] = "tradeoff.csv",
	[FS_HIST] = "hist.txt",
	[FS_HOSTS] = "hosts.csv",
	[FS_REPORT] = "report.html",
	[FS_POINTS] = "points.csv",
	[FS_CURVE] = "curve.csv",
	[FS_STATUS] = "status.json",
};

/* The stamp's shape: 8 digits, '_', 4 digits. */
#define FS_STAMP_LEN 13

const char *fs_suffix(enum fs_member m)
{
	return (unsigned int)m < FS_NMEMBERS ? suffix[m] : "";
}

void fs_stamp(char *buf, size_t len, time_t t)
{
	struct tm tm;

	localtime_r(&t, &tm);
	strftime(buf, len, "%Y%m%d_%H%M", &tm);
}

bool fs_own(enum fs_member m)
{
	return m >= FS_HOSTS && m < FS_NMEMBERS;
}

void fs_file(char *buf, size_t len, const char *name, bool dated, time_t t, enum fs_member m)
{
	const char *sep = fs_own(m) ? "." : "_";
	char stamp[32] = "";

	if (dated)
		fs_stamp(stamp, sizeof(stamp), t);
	snprintf(buf, len, "%s%s%s%s%s", name, sep, stamp, dated ? sep : "", fs_suffix(m));
}

void fs_member_name(char *buf, size_t len, const char *testname, bool dated, time_t t,
		    enum fs_member m)
{
	const char *base = strrchr(testname, '/');

	fs_file(buf, len, base ? base + 1 : testname, dated, t, m);
}

/*
 * The member named exactly @s after separator @sep, or FS_NMEMBERS;
 * *@legacy: one of fiorion's own under '_', as fiorion named them before
 * ORION's namespace was kept (fileset.h).
 */
static enum fs_member member_of(const char *s, char sep, bool *legacy)
{
	int m;

	for (m = 0; m < FS_NMEMBERS; m++)
		if (!strcmp(s, suffix[m]) &&
		    (sep == (fs_own((enum fs_member)m) ? '.' : '_') || fs_own((enum fs_member)m))) {
			*legacy = sep != (fs_own((enum fs_member)m) ? '.' : '_');
			return (enum fs_member)m;
		}
	return FS_NMEMBERS;
}

static bool is_stamp(const char *s)
{
	int i;

	for (i = 0; i < FS_STAMP_LEN; i++)
		if (i == 8 ? s[i] != '_' : (s[i] < '0' || s[i] > '9'))
			return false;
	return true;
}

bool fs_parse(const char *ent, const char *name, struct fs_name *out)
{
	size_t n = strlen(name);
	const char *rest = ent + n + 1;
	char sep;

	memset(out, 0, sizeof(*out));
	if (strncmp(ent, name, n))
		return false;
	sep = ent[n];
	if (sep != '_' && sep != '.')
		return false;
	out->member = member_of(rest, sep, &out->legacy);
	if (out->member != FS_NMEMBERS)
		return true;
	if (strlen(rest) <= FS_STAMP_LEN || !is_stamp(rest) || rest[FS_STAMP_LEN] != sep)
		return false;
	out->member = member_of(rest + FS_STAMP_LEN + 1, sep, &out->legacy);
	if (out->member == FS_NMEMBERS)
		return false;
	out->dated = true;
	memcpy(out->stamp, rest, FS_STAMP_LEN);
	out->stamp[FS_STAMP_LEN] = '\0';
	return true;
}

/* ".<host>_<port>.fio": a multi-host run's whole matrix for one host. */
static bool host_matrix(const char *m)
{
	size_t n = strlen(m), k;

	if (n < 8 || m[0] != '.' || strcmp(m + n - 4, ".fio"))
		return false;
	for (k = n - 5; k > 1 && m[k] >= '0' && m[k] <= '9'; k--)
		;
	return k < n - 5 && m[k] == '_';
}

bool fs_run_member(const char *ent, const char *name)
{
	size_t n = strlen(name);

	if (strncmp(ent, name, n))
		return false;
	return !strcmp(ent + n, "_jobs") || !strcmp(ent + n, ".fio") || host_matrix(ent + n);
}

bool fs_remove_stale(const char *path, char *removed, size_t len)
{
	size_t n = strlen(removed);

	if (unlink(path) < 0)
		return false;
	snprintf(removed + n, len - n, "%s%s", n ? ", " : "", path);
	return true;
}
