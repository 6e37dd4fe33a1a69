/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * fr_opt.c -- the walk over a program's option table: getopt's table,
 * the defaults, each kind's value, -help's lines.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "fr_cli.h"
#include "fr_opt.h"
#include "fr_size.h"

/* getopt's val for entry i: above every character getopt returns itself ('?', ':'). */
#define FR_OPT_VAL 256

static void *at(void *o, size_t field)
{
	return (char *)o + field - 1;
}

long fr_opt_num(const char *name, const char *v, long min, long max)
{
	char *end;
	long n;

	errno = 0;
	n = strtol(v, &end, 10);
	if (end == v || *end || errno)
		die_usage("-%s '%s': expected a whole number from %ld to %ld", name, v, min, max);
	if (n < min || n > max)
		die_usage("-%s %ld: must be from %ld to %ld", name, n, min, max);
	return n;
}

int fr_opt_pick(const struct fr_opt *d, const char *v)
{
	char list[512] = "";
	size_t len = 0;
	int i, n;

	for (n = 0; d->values[n]; n++)
		if (d->flags & FR_OPTF_NOCASE ? !strcasecmp(v, d->values[n]) : !strcmp(v, d->values[n]))
			return n;
	for (i = 0; i < n && len < sizeof(list); i++)
		len += (size_t)snprintf(list + len, sizeof(list) - len, "%s%s", d->values[i],
					i + 2 < n ? ", " : i + 1 < n ? " or "
								     : "");
	die_usage("-%s '%s': must be %s", d->name, v, list);
}

/* "1 byte", "64 KiB", "1 TiB", "1000 bytes": a range's end as -help would say it. */
static void size_text(uint64_t n, char *buf, size_t len)
{
	static const char *const units[] = { "TiB", "GiB", "MiB", "KiB" };
	int i;

	for (i = 0; i < 4 && n; i++) {
		uint64_t u = 1ULL << (10 * (4 - i));

		if (n % u == 0) {
			snprintf(buf, len, "%" PRIu64 " %s", n / u, units[i]);
			return;
		}
	}
	snprintf(buf, len, "%" PRIu64 " byte%s", n, n == 1 ? "" : "s");
}

static uint64_t size_value(const struct fr_opt *d, const char *v)
{
	char lo[32], hi[32];
	uint64_t n;

	if (fr_parse_size(v, &n))
		die_usage("-%s '%s': expected a size such as 64k or 131072", d->name, v);
	if (n < (uint64_t)d->min || n > (uint64_t)d->max) {
		size_text((uint64_t)d->min, lo, sizeof(lo));
		size_text((uint64_t)d->max, hi, sizeof(hi));
		die_usage("-%s '%s': must be between %s and %s", d->name, v, lo, hi);
	}
	return n;
}

/* @v into @d's field as its kind reads it; given or not is the caller's. */
static void store(const struct fr_opt *d, void *o, const char *v)
{
	switch (d->kind) {
	case FR_OPT_TEXT:
		return;
	case FR_OPT_FLAG:
		*(bool *)at(o, d->field) = true;
		break;
	case FR_OPT_STRING:
		if ((d->flags & FR_OPTF_NONEMPTY) && !*v)
			die_usage("-%s: must not be empty", d->name);
		*(const char **)at(o, d->field) = v;
		break;
	case FR_OPT_LONG:
		*(long *)at(o, d->field) = fr_opt_num(d->name, v, d->min, d->max);
		break;
	case FR_OPT_UINT:
		*(unsigned int *)at(o, d->field) = (unsigned int)fr_opt_num(d->name, v, d->min, d->max);
		break;
	case FR_OPT_U64:
		*(uint64_t *)at(o, d->field) = (uint64_t)fr_opt_num(d->name, v, d->min, d->max);
		break;
	case FR_OPT_DOUBLE:
		*(double *)at(o, d->field) = (double)fr_opt_num(d->name, v, d->min, d->max);
		break;
	case FR_OPT_SIZE:
		*(uint64_t *)at(o, d->field) = size_value(d, v);
		break;
	case FR_OPT_ENUM:
		*(int *)at(o, d->field) = (int)d->min + fr_opt_pick(d, v);
		break;
	case FR_OPT_ENUM_BOOL:
		*(bool *)at(o, d->field) = fr_opt_pick(d, v) == 1;
		break;
	case FR_OPT_CALL:
		d->set(o, d, v);
		break;
	}
}

void fr_opt_take(const struct fr_opt *d, void *o, const char *v)
{
	if (d->kind == FR_OPT_TEXT)
		return;
	store(d, o, v);
	if (d->given)
		*(bool *)at(o, d->given) = true;
}

void fr_opt_defaults(const struct fr_opt *tab, size_t n, void *o)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (tab[i].def && !(tab[i].flags & FR_OPTF_DEF_NOTE))
			store(&tab[i], o, tab[i].def);
}

int fr_opt_walk(const struct fr_opt *tab, size_t n, void *o, int argc, char **argv)
{
	struct option lo[FR_OPT_MAX + 1];
	size_t i, k = 0;
	int c;

	for (i = 0; i < n; i++) {
		if (tab[i].kind == FR_OPT_TEXT)
			continue;
		if (k == FR_OPT_MAX)
			die_run("option table: more than %d options", FR_OPT_MAX);
		lo[k++] = (struct option){ tab[i].name, tab[i].arg ? required_argument : no_argument,
					   NULL, FR_OPT_VAL + (int)i };
	}
	lo[k] = (struct option){ NULL, 0, NULL, 0 };
	opterr = 0;
	while ((c = getopt_long_only(argc, argv, "", lo, NULL)) != -1) {
		if (c < FR_OPT_VAL)
			return '?';
		fr_opt_take(&tab[c - FR_OPT_VAL], o, tab[c - FR_OPT_VAL].arg ? optarg : NULL);
	}
	return 0;
}

/* The text's lines from @p, each after the first indented to @col; the last one open. */
static void help_lines(FILE *f, const char *p, int col)
{
	const char *nl;

	for (;; p = nl + 1) {
		nl = strchrnul(p, '\n');
		fprintf(f, "%.*s", (int)(nl - p), p);
		if (!*nl || !nl[1])
			return;
		fprintf(f, "\n%*s", col, "");
	}
}

/* The length of @s's last line (@s without a final newline). */
static int last_line(const char *s)
{
	const char *nl = strrchr(s, '\n');

	return (int)strlen(nl ? nl + 1 : s);
}

void fr_opt_help(FILE *f, const struct fr_opt *tab, size_t n, int col)
{
	size_t i;

	for (i = 0; i < n; i++) {
		const struct fr_opt *d = &tab[i];
		int len, pad;

		if (d->kind == FR_OPT_TEXT) {
			fputs(d->help, f);
			continue;
		}
		len = fprintf(f, "  -%s%s%s", d->name, d->arg ? " " : "", d->arg ? d->arg : "");
		pad = len + 2 > col ? 2 : col - len;
		fprintf(f, "%*s", pad, "");
		help_lines(f, d->help, col);
		if (d->def) {
			/* Its first line follows the text's last when it fits. */
			int head = (strchr(d->help, '\n') ? col : len + pad) + last_line(d->help);
			int first = (int)strcspn(d->def, "\n") + (int)strlen(" (default: )");

			if (head + first > FR_OPT_HELP_WIDTH)
				fprintf(f, "\n%*s(default: ", col, "");
			else
				fputs(" (default: ", f);
			help_lines(f, d->def, col);
			fputc(')', f);
		}
		fputc('\n', f);
	}
}
