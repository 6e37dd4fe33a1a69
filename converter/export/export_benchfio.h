/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * export_benchfio.h -- fio2orion -export benchfio DIR: each ORION point's
 * small and large class as its own fio JSON file, in the folders and
 * names bench-fio (fio-plot's benchmark runner) writes, so fio-plot
 * charts each class over its loads without ever adding one class to
 * the other.
 *
 * bench-fio (bench_fio/benchlib: supporting.generate_output_directory,
 * runfio.run_fio) writes OUTPUT/<target>/<bs>/<mode>-<iodepth>-<numjobs>.json,
 * and for a mixed mode (randrw, rw) OUTPUT/<target>/<mode><rwmixread>/<bs>/...
 * Here <target> is the series a class belongs to: <testname>-small (the
 * small class with no large load), <testname>-small-with-large<L> (under
 * L outstanding large I/Os), and likewise <testname>-large and
 * <testname>-large-with-small<S>. Each file holds the jobs of one class
 * at one point with one rw (sequential points with -write have read and
 * write streams: two files), with the document's "fio version",
 * "timestamp" and "global options", and "fiorion export" naming the
 * point. Warm-up jobs are left out. Only fiorion's named jobs
 * (pNNN-sS-lL-small|large) are exported: results without the names have
 * no class to keep apart.
 */
#ifndef FIORION_EXPORT_BENCHFIO_H
#define FIORION_EXPORT_BENCHFIO_H

#include <stddef.h>

#include "fr_err.h"

/*
 * Export the jobs of @files (@n fio JSON result files, plain, read here)
 * under @dir, the series named after @testname. A file
 * already there is kept when identical and refused otherwise; nothing
 * is written unless every file can be. Returns the number of files
 * written (>= 1), or a negative errno with @err (-EINVAL: an input that
 * cannot be exported, two points on one file, a different file in the
 * way; -EIO: a write failed).
 */
int xb_export(const char *dir, const char *testname, char *const *files,
	      size_t n, struct fr_err *err);

/* One input already read (decompressed): its name for messages, its bytes. */
struct xb_input {
	const char *name;
	const char *buf;
	size_t len;
};

/*
 * xb_export() of @n inputs read by the caller: fio2orion's, whatever
 * they came from ('-', a pipe, compressed data, a run's folder).
 */
int xb_export_inputs(const char *dir, const char *testname, const struct xb_input *in, size_t n,
		     struct fr_err *err);

#endif
