/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Description: the LUNs' identity (driver/lunid.c): luns.id written for
 * two file LUNs reads back as unchanged; a LUN cut from 64 KiB to 4 KiB
 * is named with both sizes; one replaced by another file of the same
 * size is "another file now" with both inodes; one removed is "gone";
 * a run without luns.id (an earlier fiorion's) has nothing to check.
 * With the .lun file recorded, the list itself is checked: the same
 * paths written with blanks and empty lines pass; two swapped, one
 * added, one dropped, or the file gone are each named with the file.
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

	/* A template again for each test: mkdtemp() filled in the last one. */
	memcpy(dir + sizeof(dir) - 7, "XXXXXX", 6);
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

	snprintf(p, sizeof(p), "%s/t.lun", dir);
	unlink(p);
	snprintf(p, sizeof(p), "%s/c", dir);
	unlink(p);

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
	assert_int_equal(lunid_write(dir, vv, NULL, &err), 0);
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
	assert_int_equal(lunid_write(dir, vv, NULL, &err), 0);
	unlink(b);
	assert_int_equal(lunid_check(dir, &err), -ESTALE);
	snprintf(p, sizeof(p), "LUN '%s' is gone since the run began: no such file or directory", b);
	assert_string_equal(err.msg, p);
}

/* @path holds @text. */
static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

static void test_list(void **state)
{
	struct vvol *vv = *state;
	struct fr_err err = { "" };
	char lun[600], c[600], t[2000], want[2000];

	snprintf(lun, sizeof(lun), "%s/t.lun", dir);
	snprintf(c, sizeof(c), "%s/c", dir);
	tu_zeros(a, 65536);
	tu_zeros(b, 65536);
	tu_zeros(c, 65536);
	snprintf(t, sizeof(t), "%s\n%s\n", a, b);
	put(lun, t);
	assert_int_equal(lunid_write(dir, vv, lun, &err), 0);
	assert_int_equal(lunid_check(dir, &err), 0);
	/* The same list written otherwise. */
	snprintf(t, sizeof(t), "\n  %s\t\r\n\n%s", a, b);
	put(lun, t);
	assert_int_equal(lunid_check(dir, &err), 0);
	/* Swapped. */
	snprintf(t, sizeof(t), "%s\n%s\n", b, a);
	put(lun, t);
	assert_int_equal(lunid_check(dir, &err), -ESTALE);
	snprintf(want, sizeof(want), "%s: LUN 1 is now '%s', was '%s' when the run began", lun, b, a);
	assert_string_equal(err.msg, want);
	/* One added. */
	snprintf(t, sizeof(t), "%s\n%s\n%s\n", a, b, c);
	put(lun, t);
	assert_int_equal(lunid_check(dir, &err), -ESTALE);
	snprintf(want, sizeof(want), "%s: names 3 LUNs now, 2 when the run began (LUN 3 '%s' is new)", lun, c);
	assert_string_equal(err.msg, want);
	/* One dropped. */
	snprintf(t, sizeof(t), "%s\n", a);
	put(lun, t);
	assert_int_equal(lunid_check(dir, &err), -ESTALE);
	snprintf(want, sizeof(want), "%s: names 1 LUN now, 2 when the run began (LUN 2 '%s' is gone from it)", lun, b);
	assert_string_equal(err.msg, want);
	/* The file gone. */
	unlink(lun);
	assert_int_equal(lunid_check(dir, &err), -ESTALE);
	assert_non_null(strstr(err.msg, lun));
	assert_non_null(strstr(err.msg, "; the run began with it listing 2 LUNs"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_lunid, setup, teardown),
		cmocka_unit_test_setup_teardown(test_list, setup, teardown),
	};

	return cmocka_run_group_tests_name("lunid", tests, NULL, NULL);
}
