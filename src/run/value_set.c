/* value_set.c -- sets of values for --rigorous (issue 26 item 4): "MID+-RAD" and
 * "[LO, HI]" for a parameter or an initial state component, read into their parts
 * (nhref_set_parse, run_internal.h) and enclosed in a ball (nhref_set_arb, nhref_arb.h). */
#include <arb.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nhref_arb.h"
#include "nhref_io.h"
#include "run/run_internal.h"
#include "strutil.h"

/* a malloc'ed copy of the LEN bytes at S without the blanks around them */
static char *trimmed(const char *s, size_t len)
{
    while (len > 0 && (*s == ' ' || *s == '\t')) {
        s++;
        len--;
    }
    while (len > 0 && (s[len - 1] == ' ' || s[len - 1] == '\t'))
        len--;
    return strndup(s, len);
}

int nhref_set_parse(const char *s, int *kind, char **a, char **b, char *why, size_t len)
{
    const char *p = s, *comma, *close;
    *kind = NHREF_SET_POINT;
    *a = *b = NULL;
    if (s == NULL)
        return NHREF_OK;
    while (*p == ' ' || *p == '\t')
        p++;
    if (*p != '[') {
        const char *pm = strstr(s, "+-");
        if (pm == NULL)
            return NHREF_OK;
        *kind = NHREF_SET_MIDRAD;
        *a = trimmed(s, (size_t)(pm - s));
        *b = trimmed(pm + 2, strlen(pm + 2));
    } else {
        *kind = NHREF_SET_INTERVAL;
        comma = strchr(p + 1, ',');
        close = strchr(p + 1, ']');
        if (comma == NULL || (close != NULL && close < comma)) {
            snprintf(why, len, "no ',' after the '[' at column %zu", (size_t)(p - s) + 1);
            return NHREF_EPARSE;
        }
        if (strchr(comma + 1, ',') != NULL) {
            snprintf(why, len, "a second ',' at column %zu",
                     (size_t)(strchr(comma + 1, ',') - s) + 1);
            return NHREF_EPARSE;
        }
        if (close == NULL) {
            snprintf(why, len, "no closing ']' after column %zu", strlen(s));
            return NHREF_EPARSE;
        }
        for (const char *q = close + 1; *q != '\0'; q++)
            if (*q != ' ' && *q != '\t') {
                snprintf(why, len, "text after the ']' at column %zu", (size_t)(q - s) + 1);
                return NHREF_EPARSE;
            }
        *a = trimmed(p + 1, (size_t)(comma - p - 1));
        *b = trimmed(comma + 1, (size_t)(close - comma - 1));
    }
    if (*a == NULL || *b == NULL) {
        free(*a);
        free(*b);
        *a = *b = NULL;
        snprintf(why, len, "out of memory");
        return NHREF_ENOMEM;
    }
    return NHREF_OK;
}

int nhref_set_arb(arb_ptr x, const char *s, long prec)
{
    char *a, *b, why[160];
    int kind, status = nhref_set_parse(s, &kind, &a, &b, why, sizeof why);
    arb_t lo, hi;
    arf_t l, u;

    if (status != NHREF_OK)
        return status;
    if (kind == NHREF_SET_POINT)
        return nhref_value_arb(x, s, prec);
    arb_init(lo);
    arb_init(hi);
    arf_init(l);
    arf_init(u);
    if ((status = nhref_value_arb(lo, a, prec)) == NHREF_OK &&
        (status = nhref_value_arb(hi, b, prec)) == NHREF_OK) {
        if (kind == NHREF_SET_MIDRAD) { /* the ball around MID widened by (a bound of) RAD */
            if (arb_is_negative(hi))
                status = NHREF_EDOMAIN;
            arb_set(x, lo);
            arb_add_error(x, hi);
        } else { /* [LO, HI]: from below LO's ball to above HI's, rounded outward */
            arb_get_lbound_arf(l, lo, prec);
            arb_get_ubound_arf(u, hi, prec);
            if (arf_cmp(l, u) > 0)
                status = NHREF_EDOMAIN; /* LO > HI */
            else
                arb_set_interval_arf(x, l, u, prec);
        }
    }
    arb_clear(lo);
    arb_clear(hi);
    arf_clear(l);
    arf_clear(u);
    free(a);
    free(b);
    return status;
}
