/* registry.c -- the table of schemes generated from schemes.def, and the parsing of
 * a scheme's own options (type independent). */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nhref_scheme.h"
#include "schemes/scheme.h"

#define NHREF_SCHEME(name) extern const nhref_scheme_t nhref_scheme_##name;
#include "schemes/schemes.def"
#undef NHREF_SCHEME

static const nhref_scheme_t *const registry[] = {
#define NHREF_SCHEME(name) &nhref_scheme_##name,
#include "schemes/schemes.def"
#undef NHREF_SCHEME
};

size_t nhref_scheme_count(void)
{
    return sizeof registry / sizeof registry[0];
}

const nhref_scheme_t *nhref_scheme_get(size_t i)
{
    return i < nhref_scheme_count() ? registry[i] : NULL;
}

const nhref_scheme_t *nhref_scheme_find(const char *name)
{
    for (size_t i = 0; i < nhref_scheme_count(); i++)
        if (strcmp(registry[i]->name, name) == 0)
            return registry[i];
    return NULL;
}

/* The next item of the list at *P ("NAME=VALUE", items separated by commas and
 * blanks): NAME and VALUE copied into NAME[NLEN] and VALUE[VLEN].  Returns 1 for an
 * item, 0 at the end, -1 for a malformed item (its text in NAME). */
static int next_item(const char **p, char *name, size_t nlen, char *value, size_t vlen)
{
    const char *s = *p, *eq, *end;
    while (*s == ',' || isspace((unsigned char)*s))
        s++;
    if (*s == '\0')
        return 0;
    end = s;
    while (*end != '\0' && *end != ',' && !isspace((unsigned char)*end))
        end++;
    *p = end;
    eq = memchr(s, '=', (size_t)(end - s));
    if (eq == NULL || eq == s || eq + 1 == end || (size_t)(eq - s) >= nlen ||
        (size_t)(end - eq - 1) >= vlen) {
        snprintf(name, nlen, "%.*s", (int)(end - s), s);
        return -1;
    }
    snprintf(name, nlen, "%.*s", (int)(eq - s), s);
    snprintf(value, vlen, "%.*s", (int)(end - eq - 1), eq + 1);
    return 1;
}

/* V = the whole number S (decimal digits only) */
static int parse_ulong(unsigned long *v, const char *s)
{
    char *end;
    if (!isdigit((unsigned char)*s))
        return -1;
    errno = 0;
    *v = strtoul(s, &end, 10);
    return errno == 0 && *end == '\0' ? 0 : -1;
}

static const nhref_scheme_opt_desc_t *find_opt(const nhref_scheme_t *sch, const char *name)
{
    for (size_t i = 0; i < sch->nopt; i++)
        if (strcmp(sch->opt[i].name, name) == 0)
            return &sch->opt[i];
    return NULL;
}

int nhref_scheme_check_opts(const nhref_scheme_t *sch, const char *opt, char *why, size_t len)
{
    const char *p = opt;
    char name[64], value[64], names[256];
    int r;

    if (opt == NULL)
        return NHREF_OK;
    names[0] = '\0';
    for (size_t i = 0; i < sch->nopt; i++)
        snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", i ? ", " : "",
                 sch->opt[i].name);
    while ((r = next_item(&p, name, sizeof name, value, sizeof value)) != 0) {
        const nhref_scheme_opt_desc_t *d;
        unsigned long v;
        const char *q = p;
        char n2[64], v2[64];
        int r2;
        if (r < 0) {
            if (why != NULL && len > 0)
                snprintf(why, len, "scheme option '%s' is not NAME=VALUE (options of %s: %s)", name,
                         sch->name, sch->nopt ? names : "none");
            return NHREF_EINVAL;
        }
        if ((d = find_opt(sch, name)) == NULL) {
            if (why != NULL && len > 0)
                snprintf(why, len, "scheme %s has no option '%s' (its options: %s)", sch->name,
                         name, sch->nopt ? names : "none");
            return NHREF_EINVAL;
        }
        if (parse_ulong(&v, value) != 0 || v < d->min || v > d->max) {
            if (why != NULL && len > 0)
                snprintf(why, len,
                         "scheme option %s = %s is out of range (admissible: a whole number from "
                         "%lu to %lu)",
                         name, value, d->min, d->max);
            return NHREF_EINVAL;
        }
        while ((r2 = next_item(&q, n2, sizeof n2, v2, sizeof v2)) != 0)
            if (r2 > 0 && strcmp(n2, name) == 0) {
                if (why != NULL && len > 0)
                    snprintf(why, len, "scheme option %s is given twice", name);
                return NHREF_EINVAL;
            }
    }
    return NHREF_OK;
}

int nhref_scheme_opt_ulong(unsigned long *v, const char *opt, const char *name, unsigned long def,
                           unsigned long lo, unsigned long hi)
{
    const char *p = opt;
    char n[64], value[64];
    int r;

    *v = def;
    if (opt == NULL)
        return NHREF_OK;
    while ((r = next_item(&p, n, sizeof n, value, sizeof value)) != 0)
        if (r > 0 && strcmp(n, name) == 0) {
            if (parse_ulong(v, value) != 0 || *v < lo || *v > hi)
                return NHREF_EINVAL;
            return NHREF_OK;
        }
    return NHREF_OK;
}
