/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: the holds around each point (driver/pointhold.c). Before
 * the run's hold nothing is checked: a failed point stays failed with
 * its reason untouched, a passed one passes, its JSON where it was. A
 * LUN file with no loop device over it holds nothing and has nothing
 * unheld: renewing and checking after the point pass, the JSON stays.
 * A loop device attached during a point failing that point needs root
 * and loop devices: e2e_hostile.sh.
 */
#include "testutil.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fr_err.h"
#include "pointhold.h"
#include "vvol.h"

static void test_points(void **state)
{
	char dir[] = "/tmp/fiorion-ph.XXXXXX", lun[200], json[200];
	struct vvol_lun l = { 0 };
	struct vvol vv = { 0 };
	struct fr_err err = { "" };
	char *why = strdup("  fio failed\n");

	(void)state;
	assert_non_null(mkdtemp(dir));
	snprintf(lun, sizeof(lun), "%s/lun", dir);
	snprintf(json, sizeof(json), "%s/p001.json", dir);
	tu_zeros(lun, 65536);
	tu_zeros(json, 16);
	l.path = lun;
	l.fd = -1;
	vv.luns = &l;
	vv.nluns = 1;
	/* Not held yet (a read-only run): nothing to renew or check. */
	assert_int_equal(ph_renew(&err), 0);
	assert_int_equal(ph_after(json, -1, &why), -1);
	assert_string_equal(why, "  fio failed\n");
	free(why);
	why = NULL;
	assert_int_equal(ph_after(json, 0, &why), 0);
	assert_null(why);
	/* A file LUN nobody attached: held (nothing), renewed, nothing unheld. */
	assert_int_equal(ph_hold(&vv, &err), 0);
	assert_int_equal(ph_renew(&err), 0);
	assert_int_equal(ph_after(json, 0, &why), 0);
	assert_null(why);
	assert_int_equal(access(json, F_OK), 0);
	unlink(json);
	unlink(lun);
	rmdir(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_points),
	};

	return cmocka_run_group_tests_name("pointhold", tests, NULL, NULL);
}
