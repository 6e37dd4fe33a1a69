/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: the LUNs' identity (driver/lunid.c): luns.id written for
 * two file LUNs reads back as unchanged; a LUN cut from 64 KiB to 4 KiB
 * is named with both sizes; one replaced by another file of the same
 * size is "another file now" with both inodes; one removed is "gone";
 * a run without luns.id (an earlier fiorion's) has nothing to check.
 */
#include "testutil.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fr_err.h"
#include "lunid.h"
#include "vvol.h"

static char dir[] = "/tmp/fiorion-lunid.XXXXXX";
static char a[200], b[200];

static int setup(void **state)
{
	struct vvol_lun *l = calloc(2, sizeof(*l));
	struct vvol *vv = calloc(1, sizeof(*vv));

	if (!mkdtemp(dir) || !l || !vv)
		return -1;
	snprintf(a, sizeof(a), "%s/a", dir);
	snprintf(b, sizeof(b), "%s/b", dir);
	l[0].path = a;
	l[1].path = b;
	vv->luns = l;
	vv->nluns = 2;
	*state = vv;
	return 0;
}

static int teardown(void **state)
{
	struct vvol *vv = *state;
	char p[600];

	unlink(a);
	unlink(b);
	snprintf(p, sizeof(p), "%s/luns.id", dir);
	unlink(p);
	rmdir(dir);
	free(vv->luns);
	free(vv);
	return 0;
}

static void test_lunid(void **state)
{
	struct vvol *vv = *state;
	struct fr_err err = { "" };
	char p[600];

	/* No luns.id: nothing to check. */
	assert_int_equal(lunid_check(dir, &err), 0);
	tu_zeros(a, 65536);
	tu_zeros(b, 65536);
	assert_int_equal(lunid_write(dir, vv, &err), 0);
	assert_int_equal(lunid_check(dir, &err), 0);
	/* Cut. */
	assert_int_equal(truncate(b, 4096), 0);
	assert_int_equal(lunid_check(dir, &err), -ESTALE);
	snprintf(p, sizeof(p), "LUN '%s' changed size: 4096 bytes now, 65536 when the run began", b);
	assert_string_equal(err.msg, p);
	assert_int_equal(truncate(b, 65536), 0);
	assert_int_equal(lunid_check(dir, &err), 0);
	/* Replaced by another file of the same size (a new inode). */
	snprintf(p, sizeof(p), "%s/a.new", dir);
	tu_zeros(p, 65536);
	assert_int_equal(rename(p, a), 0);
	assert_int_equal(lunid_check(dir, &err), -ESTALE);
	snprintf(p, sizeof(p), "LUN '%s' is another file now (device ", a);
	assert_memory_equal(err.msg, p, strlen(p));
	assert_non_null(strstr(err.msg, "; the run began on "));
	/* Gone. */
	assert_int_equal(lunid_write(dir, vv, &err), 0);
	unlink(b);
	assert_int_equal(lunid_check(dir, &err), -ESTALE);
	snprintf(p, sizeof(p), "LUN '%s' is gone since the run began: no such file or directory", b);
	assert_string_equal(err.msg, p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_lunid, setup, teardown)
	};

	return cmocka_run_group_tests_name("lunid", tests, NULL, NULL);
}
