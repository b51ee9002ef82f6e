/* compare.c -- digits of agreement, the one measure behind certification and
 * `nhref verify` (see nhref_oracle.h). */
#include <math.h>

#include <mpfr.h>

#include "nhref_oracle.h"

double nhref_oracle_agree_digits(mpfr_srcptr a, mpfr_srcptr b, mpfr_srcptr s)
{
    mpfr_prec_t p = mpfr_get_prec(a) > mpfr_get_prec(b) ? mpfr_get_prec(a) : mpfr_get_prec(b);
    mpfr_t d, m;
    double r;

    if (mpfr_nan_p(a) || mpfr_nan_p(b))
        return mpfr_nan_p(a) && mpfr_nan_p(b) ? NHREF_ORACLE_DIGITS_EXACT : -INFINITY;
    if (mpfr_equal_p(a, b))
        return NHREF_ORACLE_DIGITS_EXACT;
    mpfr_inits2(p + 64, d, m, (mpfr_ptr)0);
    mpfr_sub(d, a, b, MPFR_RNDN);
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
    mpfr_clears(d, m, (mpfr_ptr)0);
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
    double d = nhref_oracle_agree_digits(a, b, s);
    if (mpfr_nan_p(a) != mpfr_nan_p(b)) {
        c->nan_rows++;
    } else {
        c->rows++;
        if (!mpfr_nan_p(a)) {
            mpfr_t e;
            double v;
            mpfr_init2(e, (mpfr_get_prec(a) > mpfr_get_prec(b) ? mpfr_get_prec(a)
                                                              : mpfr_get_prec(b)) + 64);
            mpfr_sub(e, a, b, MPFR_RNDN);
            v = fabs(mpfr_get_d(e, MPFR_RNDN));
            mpfr_clear(e);
            if (v > c->max_abs)
                c->max_abs = v;
        }
    }
    if (d < c->digits) {
        c->digits = d;
        c->worst_row = row;
    }
}
