/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pointcheck.h -- what makes a point's result a data point, checked by
 * fiorion after each point, before it is counted.
 */
#ifndef FIORION_POINTCHECK_H
#define FIORION_POINTCHECK_H

/*
 * The point's JSON @json, just written by either runner, read into @set
 * (empty): the one read of it the driver makes while the run goes on
 * (results.h). Every job measured (jc_job_measured(): no fio error, not
 * cut short), and, with @jobs_dir, every LUN still what luns.id says
 * (lunid_check()). When not, @set is released, the file is renamed
 * pNNN.json.failed -- kept to look at, never counted by -resume, the
 * report or a p*.json glob -- and -1 is returned with *@why (malloc()ed)
 * saying which job and why. 0 otherwise.
 */
struct fj_set;
int point_check(const char *json, const char *jobs_dir, struct fj_set *set, char **why);

/*
 * A point that failed in fio: when one of the run's LUNs changed (lunid.h),
 * say so after fio's own words in *@why (malloc'd, or NULL), so the user
 * reads why the I/O failed, not only that it did.
 */
void point_lun_note(const char *jobs_dir, char **why);

#endif
