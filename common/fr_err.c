/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fr_err.c -- filling struct fr_err.
 */
#include "fr_err.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

int fr_errf(struct fr_err *err, int ret, const char *fmt, ...)
{
	va_list ap;

	if (!err)
		return ret;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
	va_end(ap);
	return ret;
}

int fr_errf_errno(struct fr_err *err, const char *fmt, ...)
{
	int e = errno ? errno : EIO;
	char eb[128];
	size_t n;
	va_list ap;

	if (!err)
		return -e;
	va_start(ap, fmt);
	vsnprintf(err->msg, sizeof(err->msg), fmt, ap);
	va_end(ap);
	n = strlen(err->msg);
	snprintf(err->msg + n, sizeof(err->msg) - n, ": %s", fr_strerror(-e, eb, sizeof(eb)));
	return -e;
}

const char *fr_strerror(int ret, char *buf, unsigned long len)
{
	const char *s = (ret < 0 ? -ret : ret) == FR_ESAFETY ? "refused to protect data on a LUN"
							     : strerror(ret < 0 ? -ret : ret);

	snprintf(buf, len, "%s", s);
	/* git style: messages are lower-case ("no such file or directory"). */
	if (len && isupper((unsigned char)buf[0]) &&
	    !(buf[1] && isupper((unsigned char)buf[1])))
		buf[0] = (char)tolower((unsigned char)buf[0]);
	return buf;
}
