/* decimal.c -- user and model values enter as decimal strings, parsed by MPFR
 * at the destination's precision, never through double; and the small string and
 * MPFR-vector helpers the library shares (strutil.h; nhref_io.h). */
#include "nhref_io.h"
#include "strutil.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nhref_status.h"

mpfr_exp_t nhref_decimal_max_exp(mpfr_prec_t prec)
{
    return (mpfr_exp_t)NHREF_DECIMAL_BOUND_FACTOR * (prec > 64 ? prec : 64);
}

/* S reads as a number (optional sign, then a digit or a point), not as "inf" */
static int numeric(const char *s)
{
    if (*s == '+' || *s == '-')
        s++;
    return isdigit((unsigned char)*s) || *s == '.';
}

size_t nhref_plain_number(const char *s)
{
    size_t i = 0, digits = 0, e;
    while (isdigit((unsigned char)s[i]))
        i++, digits++;
    if (s[i] == '.')
        for (i++; isdigit((unsigned char)s[i]); i++)
            digits++;
    if (digits == 0)
        return 0;
    if (s[i] == 'e' || s[i] == 'E') { /* an exponent only with its digits */
        e = i + 1 + (s[i + 1] == '+' || s[i + 1] == '-');
        if (isdigit((unsigned char)s[e])) {
            while (isdigit((unsigned char)s[e]))
                e++;
            i = e;
        }
    }
    return i;
}

int nhref_decimal_set(mpfr_ptr x, const char *s)
{
    mpfr_flags_t saved = mpfr_flags_save();
    mpfr_t v;
    char *end;
    int status;

    if (s == NULL || *s == '\0' || isspace((unsigned char)*s))
        return NHREF_EPARSE;
    mpfr_init2(v, mpfr_get_prec(x));
    mpfr_clear_flags();
    mpfr_strtofr(v, s, &end, 10, MPFR_RNDN);
    if (end == s || *end != '\0' || mpfr_nan_p(v))
        status = NHREF_EPARSE;
    else if (mpfr_inf_p(v) || (mpfr_underflow_p() && numeric(s)))
        /* beyond MPFR's exponent range: a number, not one we can hold */
        status = numeric(s) ? NHREF_ERANGE : NHREF_EPARSE;
    else if (!mpfr_zero_p(v) && mpfr_get_exp(v) > nhref_decimal_max_exp(mpfr_get_prec(x)))
        status = NHREF_ERANGE; /* |v| >= 2^max_exp */
    else
        status = NHREF_OK;
    if (status == NHREF_OK)
        mpfr_set(x, v, MPFR_RNDN);
    mpfr_clear(v);
    mpfr_flags_restore(saved, MPFR_FLAGS_ALL);
    return status;
}

const char *nhref_decimal_why(char *buf, size_t len, const char *s, mpfr_prec_t prec, int status)
{
    size_t n = s != NULL ? strlen(s) : 0;
    int shown = n > 40 ? 32 : (int)n;
    const char *more = n > 40 ? "..." : "";

    if (s == NULL)
        s = "";
    if (status != NHREF_ERANGE) {
        snprintf(buf, len, "'%.*s%s' is not a finite decimal number", shown, s, more);
    } else {
        /* too small if the decimal exponent is negative enough to underflow */
        mpfr_t v;
        char *end;
        int tiny;
        mpfr_exp_t b = nhref_decimal_max_exp(prec);
        double l10 = (double)b * 0.30102999566398119521, e10 = floor(l10);

        mpfr_init2(v, 64);
        mpfr_clear_underflow();
        mpfr_strtofr(v, s, &end, 10, MPFR_RNDN);
        tiny = mpfr_underflow_p() != 0;
        mpfr_clear_underflow();
        mpfr_clear(v);
        if (tiny)
            snprintf(buf, len,
                     "'%.*s%s' is too small in magnitude: not zero, but below 2^%ld, the "
                     "smallest positive number MPFR holds",
                     shown, s, more, (long)mpfr_get_emin() - 1);
        else if (prec >= 64)
            snprintf(buf, len,
                     "'%.*s%s' is too large in magnitude: |x| must be below 2^%ld (about "
                     "%.3ge%.0f), %d times the precision of %ld bits, so that sin and cos "
                     "reduce their argument in bounded time",
                     shown, s, more, (long)b, pow(10, l10 - e10), e10, NHREF_DECIMAL_BOUND_FACTOR,
                     (long)prec);
        else
            snprintf(buf, len,
                     "'%.*s%s' is too large in magnitude: |x| must be below 2^%ld (about "
                     "%.3ge%.0f), %d times 64 bits (the bound at every precision up to 64 "
                     "bits), so that sin and cos reduce their argument in bounded time",
                     shown, s, more, (long)b, pow(10, l10 - e10), e10, NHREF_DECIMAL_BOUND_FACTOR);
    }
    return buf;
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

const char *nhref_shorten(char *buf, size_t len, const char *s)
{
    size_t n = strlen(s);
    snprintf(buf, len, n > 40 ? "%.32s..." : "%s", s);
    return buf;
}

char *nhref_path_beside(const char *file, const char *rel, size_t len)
{
    const char *slash = strrchr(file, '/');
    size_t dir = len > 0 && rel[0] == '/' ? 0 : slash != NULL ? (size_t)(slash - file) + 1 : 0;
    char *p = malloc(dir + len + 1);
    if (p != NULL) {
        memcpy(p, file, dir);
        memcpy(p + dir, rel, len);
        p[dir + len] = '\0';
    }
    return p;
}
