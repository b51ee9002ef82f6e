/* compare.c -- digits of agreement, the one measure behind certification and
 * `nhref verify` (see nhref_oracle.h). */
#include <math.h>

#include <mpfr.h>

#include "nhref_oracle.h"

/* digits from D = a - b (at P + 64 bits; D is overwritten), B and S */
static double digits_of(mpfr_ptr d, mpfr_srcptr b, mpfr_srcptr s, mpfr_prec_t p)
{
    mpfr_t m;
    double r;
    mpfr_init2(m, p + 64);
    mpfr_abs(d, d, MPFR_RNDN);
    mpfr_abs(m, b, MPFR_RNDN);
    if (mpfr_less_p(m, s))
        mpfr_set(m, s, MPFR_RNDN);
    mpfr_div(d, d, m, MPFR_RNDN);
    if (mpfr_inf_p(d)) {
        r = -INFINITY;
    } else {
        long e;
        double f = mpfr_get_d_2exp(&e, d, MPFR_RNDN); /* exponent-safe log10 */
        r = -(log10(f) + (double)e * 0.30102999566398119521);
    }
    mpfr_clear(m);
    return r;
}

static mpfr_prec_t max_prec(mpfr_srcptr a, mpfr_srcptr b)
{
    return mpfr_get_prec(a) > mpfr_get_prec(b) ? mpfr_get_prec(a) : mpfr_get_prec(b);
}

double nhref_oracle_agree_digits(mpfr_srcptr a, mpfr_srcptr b, mpfr_srcptr s)
{
    mpfr_prec_t p = max_prec(a, b);
    mpfr_t d;
    double r;

    if (mpfr_nan_p(a) || mpfr_nan_p(b))
        return mpfr_nan_p(a) && mpfr_nan_p(b) ? NHREF_ORACLE_DIGITS_EXACT : -INFINITY;
    if (mpfr_equal_p(a, b))
        return NHREF_ORACLE_DIGITS_EXACT;
    mpfr_init2(d, p + 64);
    mpfr_sub(d, a, b, MPFR_RNDN);
    r = digits_of(d, b, s, p);
    mpfr_clear(d);
    return r;
}

void nhref_oracle_column_init(nhref_oracle_column_t *c)
{
    c->digits = NHREF_ORACLE_DIGITS_EXACT;
    c->max_abs = 0;
    c->worst_row = 0;
    c->rows = 0;
    c->nan_rows = 0;
}

void nhref_oracle_column_add(nhref_oracle_column_t *c, size_t row, mpfr_srcptr a, mpfr_srcptr b,
                             mpfr_srcptr s)
{
    double d;
    if (mpfr_nan_p(a) || mpfr_nan_p(b)) {
        d = mpfr_nan_p(a) && mpfr_nan_p(b) ? NHREF_ORACLE_DIGITS_EXACT : -INFINITY;
        if (mpfr_nan_p(a) != mpfr_nan_p(b))
            c->nan_rows++;
        else
            c->rows++;
    } else {
        /* a - b once, for the largest error and the digits (as nhref_oracle_agree_digits) */
        mpfr_prec_t p = max_prec(a, b);
        mpfr_t e;
        double v;
        c->rows++;
        mpfr_init2(e, p + 64);
        mpfr_sub(e, a, b, MPFR_RNDN);
        v = fabs(mpfr_get_d(e, MPFR_RNDN));
        if (v > c->max_abs)
            c->max_abs = v;
        d = mpfr_equal_p(a, b) ? NHREF_ORACLE_DIGITS_EXACT : digits_of(e, b, s, p);
        mpfr_clear(e);
    }
    if (d < c->digits) {
        c->digits = d;
        c->worst_row = row;
    }
}
