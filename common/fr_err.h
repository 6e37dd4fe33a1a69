/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fr_err.h -- the error context every fiorion library call fills.
 *
 * Library code never prints. A call that fails returns a negative errno
 * and, when the caller passed a context, writes one human sentence into
 * it naming the object (file, line, option) and the reason. The edge
 * (a main() or a fio hook) prints it once, with its own prefix.
 */
#ifndef FIORION_FR_ERR_H
#define FIORION_FR_ERR_H

#include <stdarg.h>

/*
 * A safety refusal (exit status 3: a LUN holds something the user did not
 * name). An error code outside errno's range, returned negated like one.
 */
#define FR_ESAFETY 4096

struct fr_err {
	char msg[1024]; /* NUL-terminated; empty when nothing failed */
};

/*
 * Format a message into @err (which may be NULL) and return @ret, so a
 * failing path can read: return fr_errf(err, -ENOENT, "'%s': ...", p);
 */
int fr_errf(struct fr_err *err, int ret, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/*
 * As fr_errf(), for a failed system call: appends ": <strerror(errno)>"
 * and returns -errno (git's error_errno()). errno is read first.
 */
int fr_errf_errno(struct fr_err *err, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* Lower-case strerror(-ret), as error messages print it. */
const char *fr_strerror(int ret, char *buf, unsigned long len);

#endif
