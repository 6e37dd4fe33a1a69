// SPDX-License-Identifier: GPL-2.0-only
/*
 * cmpcache.c -- a cache named by a comparison (compare.h's
 * hr_cache_line(); the rule is lmcache.h's), for the page and the text.
 */
#include "compare.h"

#include "lmcache.h"

bool hr_cache_line(const struct hr_run *a, const struct hr_run *b, char *buf, size_t len)
{
	struct lm_cache_run r[2];
	const struct hr_run *x[2] = { a, b };
	struct lm_cache c;
	size_t k;

	for (k = 0; k < 2; k++) {
		const struct ri_run *ri = x[k]->p->run;

		r[k] = (struct lm_cache_run){ .label = x[k]->label,
					      .pts = x[k]->pts,
					      .vol = ri && ri->present ? ri->vlun_size : 0,
					      .size_small_kb = ri ? ri->size_small : 0,
					      .write_pct = ri ? ri->write_pct : 0 };
	}
	if (!lm_cache(r, &c))
		return false;
	lm_cache_line(&c, a->label, b->label, buf, len);
	return true;
}
