/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * writeshare.h -- what -write means for sequential streams, said where
 * it is not what was asked.
 */
#ifndef FIORION_WRITESHARE_H
#define FIORION_WRITESHARE_H

#include <stdbool.h>

#include "matrix.h"

/* How far (percentage points) a point's write share may be from -write unsaid. */
#define WS_TOLERANCE 10

/*
 * A sequential point's large streams each read or write: round(L*W/100)
 * of L write. When that moves some point's write share of its large I/O
 * more than WS_TOLERANCE points away from -write @write_pct, one
 * sentence naming those loads and their shares (malloc'ed); else NULL
 * (random large I/O mixes every I/O: never off).
 */
char *ws_warning(const struct mx_plan *plan, unsigned int write_pct, bool seq);

#endif
