/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: the devices on a LUN by identity (plugin/mountcheck.c):
 * a plain file nobody attached has none; a character device and a
 * folder have none; a block device that does not exist cannot be
 * opened (an error, not a node left behind in /dev or /tmp); holding
 * nothing names nothing, naming the holds (mc_export) then sets
 * FIORION_HELD to this process alone and releasing unsets it. Loop devices, mounts and namespaces are e2e_hostile.sh's (they
 * need root and a kernel that allows them).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "mountcheck.h"

/* How many private nodes a probe left in @dir. */
static int leftovers(const char *dir)
{
	struct dirent *e;
	DIR *d = opendir(dir);
	int n = 0;

	while (d && (e = readdir(d)))
		n += !strncmp(e->d_name, ".fiorion-node.", 14);
	if (d)
		closedir(d);
	return n;
}

static void test_devices(void **state)
{
	char path[] = "/tmp/fiorion-mc.XXXXXX";
	struct mc_devs *d = calloc(1, sizeof(*d));
	struct stat st;
	int fd = mkstemp(path);

	(void)state;
	assert_non_null(d);
	assert_true(fd >= 0);
	assert_int_equal(fstat(fd, &st), 0);
	mc_devices(&st, d);
	assert_int_equal(d->n, 0);
	close(fd);
	unlink(path);
	assert_int_equal(stat("/dev/null", &st), 0);
	mc_devices(&st, d);
	assert_int_equal(d->n, 0);
	assert_int_equal(stat("/tmp", &st), 0);
	mc_devices(&st, d);
	assert_int_equal(d->n, 0);
	free(d);
}

static void test_open_missing(void **state)
{
	int before = leftovers("/dev") + leftovers("/run") + leftovers("/tmp"), fd;

	(void)state;
	/* Block major 259, minor 1048575: no such device anywhere. */
	fd = mc_open_dev(makedev(259, 1048575), "fiorion-none", O_RDONLY | O_NONBLOCK);
	assert_true(fd < 0);
	assert_int_equal(leftovers("/dev") + leftovers("/run") + leftovers("/tmp"), before);
	assert_false(mc_claimed(makedev(259, 1048575), "fiorion-none"));
}

static void test_hold_nothing(void **state)
{
	struct mc_devs *d = calloc(1, sizeof(*d));
	const char *name = NULL;
	char want[32];

	(void)state;
	assert_non_null(d);
	unsetenv("FIORION_HELD");
	assert_int_equal(mc_hold(d, &name), 0);
	/* Holding names nothing by itself: stock fio's jobs are its forks. */
	assert_null(getenv("FIORION_HELD"));
	mc_export();
	snprintf(want, sizeof(want), "%ld", (long)getpid());
	assert_non_null(getenv("FIORION_HELD"));
	assert_string_equal(getenv("FIORION_HELD"), want);
	mc_release();
	assert_null(getenv("FIORION_HELD"));
	free(d);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_devices),
		cmocka_unit_test(test_open_missing),
		cmocka_unit_test(test_hold_nothing),
	};

	return cmocka_run_group_tests_name("mountcheck", tests, NULL, NULL);
}
