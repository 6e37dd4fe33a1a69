/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * svg_priv.h -- what svg.c's line charts and svg_heat.c's heat maps
 * share: an <svg> element's opening and an interval's words in a
 * <title>. Private to the two; svg.c defines them.
 */
#ifndef FIORION_SVG_PRIV_H
#define FIORION_SVG_PRIV_H

#include <stdio.h>

/*
 * An <svg> element's opening: @cls, optional @id, its size @w x @h, font
 * size @font, a <title> and the visible @title at x = @left.
 */
void svg_open_el(FILE *f, const char *cls, const char *id, double w, double h, int font,
		 const char *title, int left);

/* " (95 % interval LO-HI, NOTE)" or " (no interval)" for a <title>. */
void svg_tip_interval(FILE *f, double lo, double hi, const char *note);

#endif
