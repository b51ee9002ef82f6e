/* ck_mpfr.c -- MPFR-aware assertions for the Check suites (see ck_mpfr.h). */
#include "ck_mpfr.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define CK_SEED_DEFAULT 20261121UL

unsigned long ck_seed(void)
{
    const char *s = getenv("NHREF_TEST_SEED");
    return s != NULL && *s != '\0' ? strtoul(s, NULL, 10) : CK_SEED_DEFAULT;
}

double ck_mpfr_agree_digits(mpfr_srcptr got, mpfr_srcptr want, const char *scale)
{
    mpfr_prec_t p = mpfr_get_prec(got) > mpfr_get_prec(want) ? mpfr_get_prec(got)
                                                              : mpfr_get_prec(want);
    mpfr_t d, s;
    double r;

    if (mpfr_nan_p(got) || mpfr_nan_p(want))
        return -INFINITY;
    mpfr_inits2(p + 64, d, s, (mpfr_ptr)0);
    mpfr_sub(d, got, want, MPFR_RNDN);
    mpfr_abs(d, d, MPFR_RNDN);
    mpfr_set_str(s, scale, 10, MPFR_RNDN);
    if (mpfr_cmpabs(want, s) > 0)
        mpfr_abs(s, want, MPFR_RNDN);
    if (mpfr_zero_p(d)) {
        r = 10000.0;
    } else {
        mpfr_div(d, d, s, MPFR_RNDN);
        mpfr_log10(d, d, MPFR_RNDN);
        r = -mpfr_get_d(d, MPFR_RNDN);
    }
    mpfr_clears(d, s, (mpfr_ptr)0);
    return r;
}

void ck_mpfr_eq_at(mpfr_srcptr got, mpfr_srcptr want, const char *what, const char *file,
                   int line)
{
    if (!mpfr_equal_p(got, want)) {
        char buf[256];
        mpfr_snprintf(buf, sizeof buf, "%s: got %.40Rg, want %.40Rg (seed %lu)", what, got,
                      want, ck_seed());
        ck_assert_msg(0, "%s:%d: %s", file, line, buf);
    }
}

void ck_mpfr_digits_at(mpfr_srcptr got, mpfr_srcptr want, double digits, const char *scale,
                       const char *what, const char *file, int line)
{
    double agree = ck_mpfr_agree_digits(got, want, scale);
    if (!(agree >= digits)) {
        char buf[320];
        mpfr_snprintf(buf, sizeof buf,
                      "%s: got %.40Rg, want %.40Rg: %.2f digits < %.2f (scale %s, seed %lu)", what,
                      got, want, agree, digits, scale, ck_seed());
        ck_assert_msg(0, "%s:%d: %s", file, line, buf);
    }
}

void ck_mpfr_str_at(mpfr_srcptr got, const char *want, double digits, const char *scale,
                    const char *what, const char *file, int line)
{
    mpfr_t w;
    mpfr_init2(w, mpfr_get_prec(got) + 64);
    if (mpfr_set_str(w, want, 10, MPFR_RNDN) != 0)
        ck_assert_msg(0, "%s:%d: malformed expected value '%s'", file, line, want);
    ck_mpfr_digits_at(got, w, digits, scale, what, file, line);
    mpfr_clear(w);
}
