/* decimal.c -- user and model values enter as decimal strings, parsed by MPFR
 * at the destination's precision, never through double; and the small string and
 * MPFR-vector helpers the library shares (internal.h). */
#include "internal.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "nhref_status.h"

int nhref_decimal_set(mpfr_ptr x, const char *s)
{
    mpfr_t v;
    char *end;
    int ok;

    if (s == NULL || *s == '\0' || isspace((unsigned char)*s))
        return NHREF_EPARSE;
    mpfr_init2(v, mpfr_get_prec(x));
    mpfr_strtofr(v, s, &end, 10, MPFR_RNDN);
    ok = end != s && *end == '\0' && mpfr_number_p(v);
    if (ok)
        mpfr_set(x, v, MPFR_RNDN);
    mpfr_clear(v);
    return ok ? NHREF_OK : NHREF_EPARSE;
}

char *nhref_trim(char *s)
{
    char *e;
    while (isspace((unsigned char)*s))
        s++;
    e = s + strlen(s);
    while (e > s && isspace((unsigned char)e[-1]))
        *--e = '\0';
    return s;
}

__mpfr_struct *nhref_vec_new(size_t n, mpfr_prec_t prec)
{
    __mpfr_struct *v = malloc((n ? n : 1) * sizeof *v);
    if (v != NULL)
        for (size_t i = 0; i < n; i++) {
            mpfr_init2(v + i, prec);
            mpfr_set_zero(v + i, 1);
        }
    return v;
}

void nhref_vec_free(__mpfr_struct *v, size_t n)
{
    if (v == NULL)
        return;
    for (size_t i = 0; i < n; i++)
        mpfr_clear(v + i);
    free(v);
}

char *nhref_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = malloc(n);
    if (p != NULL)
        memcpy(p, s, n);
    return p;
}
