/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * jval.c -- a member's value of a jansson object (see jval.h).
 */
#include "jval.h"

#include <stdlib.h>
#include <string.h>

char *jv_strdup(const char *s)
{
	return s ? strdup(s) : NULL;
}

const char *jv_str(json_t *o, const char *key)
{
	json_t *v = o ? json_object_get(o, key) : NULL;

	return json_is_string(v) ? json_string_value(v) : NULL;
}

double jv_num(json_t *o, const char *key, double def)
{
	json_t *v = o ? json_object_get(o, key) : NULL;

	return json_is_number(v) ? json_number_value(v) : def;
}

double jv_num_text(json_t *o, const char *key, double def)
{
	json_t *v = o ? json_object_get(o, key) : NULL;

	if (json_is_number(v))
		return json_number_value(v);
	if (json_is_string(v)) {
		char *end;
		double d = strtod(json_string_value(v), &end);

		if (end != json_string_value(v))
			return d;
	}
	return def;
}
